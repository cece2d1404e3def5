/**
 * Issue 10 item 4: the roll checker (src/dice/roll-integrity.ts) against rolls shaped
 * as Foundry v13 serialises them (tests/fixtures/systems/core-roll.ts) and as dnd5e 4.4.4 /
 * 5.3.3 and pf2e make them for a skill check or an attack: every legitimate one verifies, every
 * forged one is refused with its reason. The forged set is counted: the closing note of issue 10
 * quotes "forged rolls refused out of those tried" from here and from the end-to-end test in
 * tests/foundry/players/integrity.test.ts.
 */
import { describe, expect, it } from "vitest";
import type { IntegrityReason } from "../../../src/dice/roll-verdict.ts";
import { INTEGRITY_REASONS } from "../../../src/dice/roll-verdict.ts";
import { verifyCheckRoll, verifyRoll } from "../../../src/dice/roll-integrity.ts";
import type { ResultJson, RollJson, TermJson } from "../../fixtures/systems/core-roll.ts";
import {
  coreRollOf,
  die,
  dropped,
  kept,
  num,
  op,
  plus,
  rerolled,
  roll,
} from "../../fixtures/systems/core-roll.ts";
import { d20Roll } from "../../fixtures/systems/dnd5e.ts";
import { checkRoll } from "../../fixtures/systems/pf2e.ts";

/** dnd5e's D20Roll around a D20Die (d20-roll.mjs #createD20Die; d20-die.mjs). */
function d20(
  results: ResultJson[],
  modifiers: string[],
  rest: TermJson[],
  o: { number?: number; total?: number } = {},
): RollJson {
  return roll(
    [
      die(20, results, {
        cls: "D20Die",
        modifiers,
        ...(o.number !== undefined ? { number: o.number } : {}),
        options: { criticalSuccess: 20, criticalFailure: 1 },
      }),
      ...rest,
    ],
    {
      cls: "D20Roll",
      options: { configured: true },
      ...(o.total !== undefined ? { total: o.total } : {}),
    },
  );
}

/** A d20 face that counts as `count` (dnd5e Reliable Talent: min10). */
const floored = (result: number, count: number): ResultJson => ({
  result,
  active: true,
  rerolled: true,
  count,
});

const ok = (r: RollJson | unknown, total: number, natural: number) =>
  expect(verifyCheckRoll(r)).toMatchObject({ ok: true, total, natural });

describe("legitimate checks verify", () => {
  it("core Roll (the generic adapter's formulas): 1d20 + 3, 1d20 - 1, 1d20 + 2 + 2", () => {
    ok(coreRollOf("1d20 + 3", [12]), 15, 12);
    ok(coreRollOf("1d20 + -1", [12]), 11, 12);
    ok(coreRollOf("1d20 + 2 + 2", [20]), 24, 20);
  });

  it("dnd5e (all versions): a skill check 1d20 + 4 and a net attack, as the fixtures post them", () => {
    ok(d20Roll(13, 4), 17, 13);
    ok(d20Roll(1, -1), 0, 1);
  });

  it("dnd5e 4.4.4 to 5.2: advantage 2d20kh, disadvantage 2d20kl, Elven Accuracy 3d20kh; ties as _keepOrDrop breaks them", () => {
    ok(d20([dropped(5), kept(17)], ["kh"], plus(4)), 21, 17);
    ok(d20([kept(5), dropped(17)], ["kl"], plus(4)), 9, 5);
    ok(d20([dropped(3), kept(19), dropped(11)], ["kh"], plus(4)), 23, 19);
    // DiceTerm._keepOrDrop discards the earlier of two equal results
    ok(d20([dropped(12), kept(12)], ["kh"], plus(4)), 16, 12);
    ok(d20([dropped(8), kept(8)], ["kl"], plus(4)), 12, 8);
  });

  it("dnd5e 5.3: adv on the core Die a message stores (fromData falls back to Die)", () => {
    ok(roll([die(20, [dropped(7), kept(15)], { modifiers: ["adv"] }), ...plus(4)]), 19, 15);
  });

  it("dnd5e 5.3: adv, dis, adv2 expand the die and keep the first best set (BasicDie#advantage)", () => {
    ok(d20([dropped(7), kept(15)], ["adv"], plus(4)), 19, 15);
    ok(d20([kept(7), dropped(15)], ["dis"], plus(4)), 11, 7);
    ok(d20([dropped(2), dropped(9), kept(18)], ["adv2"], plus(4)), 22, 18);
    // a tie keeps the first set, unlike kh
    ok(d20([kept(12), dropped(12)], ["adv"], plus(4)), 16, 12);
  });

  it("dnd5e guidance and bane: 1d20 + 4 + 1d4, 1d20 + 4 - 1d4 (BasicDie in 5.3, Die in 4.4)", () => {
    ok(d20([kept(10)], [], [...plus(4), op("+"), die(4, [kept(3)], { cls: "BasicDie" })]), 17, 10);
    ok(d20([kept(10)], [], [...plus(4), op("-"), die(4, [kept(3)])]), 11, 10);
    ok(d20([dropped(6), kept(14)], ["kh"], [...plus(4), op("+"), die(4, [kept(4)])]), 22, 14);
  });

  it("dnd5e Halfling Lucky r1=1 rerolls one natural 1, before kh in 4.4 and after adv in 5.3", () => {
    ok(d20([rerolled(1), kept(14)], ["r1=1"], plus(4), { number: 1 }), 18, 14);
    // 4.4.4 order: r1=1 then kh (d20-roll.mjs configureModifiers)
    ok(d20([rerolled(1), dropped(8), kept(15)], ["r1=1", "kh"], plus(4), { number: 2 }), 19, 15);
    // 5.3.3: adv first (BasicDie#_evaluateModifiers), then the kept 1 is rerolled once
    ok(d20([rerolled(1), dropped(1), kept(11)], ["adv", "r1=1"], plus(4), { number: 2 }), 15, 11);
    // r1=1 rerolls at most one die: of two 1s under advantage only the first
    ok(d20([rerolled(1), dropped(1), kept(9)], ["r1=1", "kh"], plus(4), { number: 2 }), 13, 9);
    // and the new die is not rerolled again, even if it is a 1
    ok(d20([rerolled(1), kept(1)], ["r1=1"], plus(4), { number: 1 }), 5, 1);
  });

  it("dnd5e Reliable Talent min10: a 3 counts as 10 and stays the natural face", () => {
    ok(d20([floored(3, 10)], ["min10"], plus(7)), 17, 3);
    ok(d20([kept(15)], ["min10"], plus(7)), 22, 15);
    // Die#minimum floors every result, the discarded ones too
    const low = { ...dropped(2), rerolled: true, count: 10 };
    ok(d20([low, floored(4, 10)], ["kh", "min10"], plus(7)), 17, 4);
  });

  it("pf2e CheckRoll: 1d20+7, fortune 2d20kh+7, misfortune 2d20kl-1 (check.ts)", () => {
    ok(checkRoll(11, 7, "skill-check", null, "u"), 18, 11);
    const fortune = roll([die(20, [dropped(4), kept(16)], { modifiers: ["kh"] }), ...plus(7)], {
      cls: "CheckRoll",
      formula: "2d20kh+7",
    });
    ok(fortune, 23, 16);
    const misfortune = roll([die(20, [kept(4), dropped(16)], { modifiers: ["kl"] }), ...plus(-1)], {
      cls: "CheckRoll",
      formula: "2d20kl-1",
    });
    ok(misfortune, 3, 4);
  });

  it("core terms around the d20: a parenthetical, floor(), * and / before + and -", () => {
    // "- 1d4" led by an operator is wrapped as (1d4 * -1) (parser.mjs _wrapNegativeTerm)
    const inner = roll([die(4, [kept(3)]), op("*"), num(-1)], { total: -3 });
    const paren: TermJson = {
      class: "ParentheticalTerm",
      options: {},
      evaluated: true,
      term: inner.formula,
      roll: inner,
    };
    ok(roll([die(20, [kept(9)]), op("+"), num(5), op("+"), paren], { total: 11 }), 11, 9);
    const half = roll([num(7), op("/"), num(2)], { total: 3.5 });
    const fn: TermJson = {
      class: "FunctionTerm",
      options: {},
      evaluated: true,
      fn: "floor",
      terms: ["7 / 2"],
      rolls: [half],
      result: 3,
    };
    ok(roll([die(20, [kept(9)]), op("+"), fn], { total: 12 }), 12, 9);
    ok(roll([die(20, [kept(9)]), op("+"), num(2), op("*"), num(3)], { total: 15 }), 15, 9);
  });

  it("explosions and recursive rerolls replay too (x, xo, rr) on any die of the roll", () => {
    const x = die(6, [{ result: 6, active: true, exploded: true }, kept(2)], {
      number: 1,
      modifiers: ["x"],
    });
    ok(roll([die(20, [kept(10)]), op("+"), x]), 18, 10);
    const rr = die(6, [rerolled(1), rerolled(1), kept(5)], { number: 1, modifiers: ["rr"] });
    ok(roll([die(20, [kept(10)]), op("+"), rr]), 15, 10);
  });

  it("a live Roll instance is read through its toJSON, as Foundry serialises it", () => {
    const data = d20Roll(13, 4);
    const instance = { toJSON: () => data, total: 17 };
    ok(instance, 17, 13);
  });

  it("verifyRoll checks any roll (no d20 needed)", () => {
    expect(verifyRoll(roll([die(6, [kept(4), kept(2)]), ...plus(3)]))).toEqual({
      ok: true,
      total: 9,
    });
  });
});

/** A die term with its `results` replaced (for forgeries inside a well-formed roll). */
const withResults = (forged: unknown, results: unknown[], extra: TermJson = {}): RollJson => {
  const r = forged as RollJson;
  return {
    ...r,
    terms: [{ ...r.terms[0]!, results, ...extra }, ...r.terms.slice(1)],
  };
};

/** Forged check rolls, each with the reason it must be refused for. */
const FORGED: readonly [string, unknown, IntegrityReason][] = [
  ["no roll at all", undefined, "noRoll"],
  ["no dice: a number posing as a check", roll([num(25)]), "noD20"],
  ["no terms", { ...d20Roll(13, 4), terms: [] }, "malformed"],
  ["dice not summing: a 5 claims 25", { ...d20Roll(5, 4), total: 25 }, "totalMismatch"],
  ["total off by one", { ...d20Roll(13, 4), total: 18 }, "totalMismatch"],
  [
    "the modifier raised after the roll, the total kept",
    { ...d20Roll(13, 4), terms: [d20Roll(13, 4).terms![0], op("+"), num(9)] },
    "totalMismatch",
  ],
  ["a d20 showing 21", withResults(d20Roll(13, 4), [kept(21)]), "dieOutOfRange"],
  ["a d20 showing 0", withResults(d20Roll(13, 4), [kept(0)]), "dieOutOfRange"],
  ["a d20 showing 12.5", withResults(d20Roll(13, 4), [kept(12.5)]), "malformed"],
  [
    "a face as a string",
    withResults(d20Roll(13, 4), [{ result: "13", active: true }]),
    "malformed",
  ],
  ["a total as a string", { ...d20Roll(13, 4), total: "17" }, "malformed"],
  ["a NaN total (null once serialised)", { ...d20Roll(13, 4), total: NaN }, "malformed"],
  [
    "an Infinity modifier",
    roll([die(20, [kept(13)]), op("+"), num(Infinity)], { total: 13 }),
    "malformed",
  ],
  [
    "the number of dice as a string",
    withResults(d20Roll(13, 4), [kept(13)], { number: "1" }),
    "malformed",
  ],
  [
    "one die, two active results",
    withResults(d20Roll(13, 4), [kept(13), kept(4)], { number: 1 }),
    "resultCount",
  ],
  ["two dice, one result", d20([kept(17)], ["kh"], plus(4), { number: 2 }), "resultCount"],
  [
    "a discarded result with no modifier",
    withResults(d20Roll(13, 4), [kept(13), dropped(3)], { number: 1 }),
    "resultCount",
  ],
  [
    "kh with both results active",
    d20([kept(5), kept(17)], ["kh"], plus(4), { total: 21 }),
    "modifierMismatch",
  ],
  ["kh keeping the lower die", d20([kept(5), dropped(17)], ["kh"], plus(4)), "modifierMismatch"],
  [
    "kh tie kept on the wrong die",
    d20([kept(12), dropped(12)], ["kh"], plus(4)),
    "modifierMismatch",
  ],
  ["2d20 and no modifier: two active d20s", d20([kept(5), kept(17)], [], plus(4)), "d20Active"],
  ["adv keeping the worse set", d20([kept(7), dropped(15)], ["adv"], plus(4)), "modifierMismatch"],
  [
    "adv on a core Die keeping the worse set",
    roll([die(20, [kept(7), dropped(15)], { modifiers: ["adv"] }), ...plus(4)]),
    "modifierMismatch",
  ],
  [
    "a d20 counted twice (2 * 1d20 + 4)",
    roll([num(2), op("*"), die(20, [kept(9)]), ...plus(4)], { total: 22 }),
    "unverifiable",
  ],
  [
    "floor() whose rolls were dropped, its result inflated (issue 21)",
    roll(
      [
        die(20, [kept(9)]),
        op("+"),
        {
          class: "FunctionTerm",
          options: {},
          evaluated: true,
          fn: "floor",
          terms: ["7 / 2"],
          rolls: [],
          result: 50,
        },
      ],
      { total: 59 },
    ),
    "malformed",
  ],
  [
    "a reroll of a face that is not a 1",
    d20([rerolled(5), kept(17)], ["r1"], plus(4), { number: 1 }),
    "resultCount",
  ],
  ["a 1 kept under r1", d20([kept(1)], ["r1"], plus(4)), "resultCount"],
  ["min10 with the 3 counted as 3", d20([kept(3)], ["min10"], plus(7)), "modifierMismatch"],
  [
    "a count with no modifier",
    d20([{ result: 3, active: true, count: 20 }], [], plus(4)),
    "modifierMismatch",
  ],
  [
    "an explosion flag on a d20 without x",
    d20([{ result: 20, active: true, exploded: true }], [], plus(4)),
    "modifierMismatch",
  ],
  [
    "a success flag",
    d20([{ result: 20, active: true, success: true } as ResultJson], [], plus(4)),
    "modifierMismatch",
  ],
  ["two d20 terms", roll([die(20, [kept(13)]), op("+"), die(20, [kept(19)]), ...plus(4)]), "noD20"],
  [
    "a term without its class",
    { ...d20Roll(13, 4), terms: [{ number: 1, faces: 20, results: [kept(17)] }] },
    "malformed",
  ],
  [
    "terms that do not alternate",
    { ...d20Roll(13, 4), terms: [d20Roll(13, 4).terms![0], num(4)] },
    "malformed",
  ],
  [
    "an operator Foundry does not have",
    { ...d20Roll(13, 4), terms: [d20Roll(13, 4).terms![0], op("^"), num(4)] },
    "malformed",
  ],
  [
    "a string term",
    roll(
      [
        die(20, [kept(13)]),
        op("+"),
        { class: "StringTerm", options: {}, evaluated: true, term: "x" },
      ],
      { total: 13 },
    ),
    "unverifiable",
  ],
  [
    "a pool {1d20+4, 1d20+4}kh",
    roll(
      [
        {
          class: "PoolTerm",
          options: {},
          evaluated: true,
          terms: ["1d20+4", "1d20+4"],
          modifiers: ["kh"],
          rolls: [],
          results: [{ result: 24, active: true }],
        },
      ],
      { total: 24 },
    ),
    "unverifiable",
  ],
  [
    "a counting modifier cs>10",
    d20([{ result: 13, active: true, success: true, count: 1 } as ResultJson], ["cs>10"], plus(4), {
      total: 5,
    }),
    "unverifiable",
  ],
  [
    "a coin posing as the d20",
    roll([{ ...die(20, [kept(20)]), class: "Coin" }, ...plus(4)]),
    "unverifiable",
  ],
  [
    "a function outside Math",
    roll(
      [
        die(20, [kept(13)]),
        op("+"),
        {
          class: "FunctionTerm",
          options: {},
          evaluated: true,
          fn: "eval",
          terms: ["99"],
          rolls: [],
          result: 99,
        },
      ],
      { total: 112 },
    ),
    "unverifiable",
  ],
  [
    "a parenthetical whose inner roll lies",
    roll(
      [
        die(20, [kept(13)]),
        op("+"),
        {
          class: "ParentheticalTerm",
          options: {},
          evaluated: true,
          term: "1d4",
          roll: roll([die(4, [kept(2)])], { total: 4 }),
        },
      ],
      { total: 17 },
    ),
    "totalMismatch",
  ],
  ["an unevaluated roll", { ...d20Roll(13, 4), evaluated: false }, "notEvaluated"],
  ["a roll that is not an object", "17", "malformed"],
];

describe("forged checks are refused", () => {
  for (const [name, forged, reason] of FORGED)
    it(`${name}: ${reason}`, () => {
      const v = verifyCheckRoll(forged);
      expect(v.ok).toBe(false);
      expect(v.ok ? undefined : v.reason).toBe(reason);
    });

  it("counts: every forged roll tried is refused, each with a reason the GM is told in words", () => {
    const refused = FORGED.filter(([, f]) => !verifyCheckRoll(f).ok).length;
    console.info(`roll integrity: forged rolls refused ${refused} of ${FORGED.length} tried`);
    expect(refused).toBe(FORGED.length);
    expect(new Set(FORGED.map(([, , r]) => r))).toEqual(new Set(INTEGRITY_REASONS));
  });
});

describe("the boot test's stand-in Roll (tests/foundry/boot/client/dice.ts) verifies", () => {
  it("1d20 + 4, 2d20kh + 4, 2d20kl - 1 and 1d20 + 3 + 1d4 over 2,000 seeded rolls each, ties included", async () => {
    const { env } = await import("../../foundry/boot/client/env.ts");
    const { Die, Roll, coreFulfillment, seededUniform } =
      await import("../../foundry/boot/client/dice.ts");
    const uniform = seededUniform(7);
    // CONFIG.Dice.terms: the roll grammar finds `d` there, as the boot page's CONFIG has it; each
    // die asks its fulfillment method (core's, no default: every face from randomUniform) by the
    // user's dice configuration (none) and permissions
    (env as { CONFIG: Record<string, unknown> }).CONFIG = {
      Dice: { randomUniform: uniform, terms: { d: Die }, fulfillment: coreFulfillment() },
    };
    (env as { game: unknown }).game = {
      settings: { get: () => ({}) },
      user: { hasPermission: () => false },
    };
    let ties = 0;
    for (const formula of ["1d20 + 4", "2d20kh + 4", "2d20kl - 1", "1d20 + 3 + 1d4"])
      for (let i = 0; i < 2000; i++) {
        const r = await new Roll(formula).evaluate();
        const json = r.toJSON() as unknown as RollJson;
        const faces = (json.terms[0]!.results as ResultJson[]).map((x) => x.result);
        if (faces.length === 2 && faces[0] === faces[1]) ties++;
        const v = verifyCheckRoll(json);
        expect(v, `${formula} ${JSON.stringify(json.terms)}`).toMatchObject({
          ok: true,
          total: r.total,
        });
      }
    expect(ties).toBeGreaterThan(0);
  });
});
