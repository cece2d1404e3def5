/**
 * Where a check's bounds can slip (src/foundry/systems/check-bound.ts and the function terms of
 * roll-terms.ts), each case a serialised roll as Foundry v13 stores it (Roll#toJSON, the builders
 * of tests/fixtures/systems/core-roll.ts):
 * - bonus dice: the systems add a check's bonus dice one die a term (dnd5e Guidance and Bless
 *   `1d4`, Bardic Inspiration `1d6` to `1d12`, each its own term in the situational bonus,
 *   actor.mjs `_buildSkillToolConfig`), two with proficiency dice and Expertise (proficiency.mjs
 *   `dice`: `2d4` to `2d12`), so a term of more dice, rolled honestly or not, is not counted
 *   without the GM, while several terms are; and they add no more than they rolled;
 * - function terms: `FunctionTerm` serialises `fn`, `terms`, `rolls` and `result`
 *   (client/dice/terms/function.mjs, SERIALIZE_ATTRIBUTES) and its total is `result`, so a stored
 *   result is recomputed from its rolls and refused above as well as below what they make.
 */
import { describe, expect, it } from "vitest";
import type { KnownCheck } from "../../../src/foundry/systems/check-bound.ts";
import { boundCheck } from "../../../src/foundry/systems/check-bound.ts";
import { verifyCheckRoll } from "../../../src/dice/roll-integrity.ts";
import type { RollJson, TermJson } from "../../fixtures/systems/core-roll.ts";
import { die, dropped, kept, num, op, plus, roll } from "../../fixtures/systems/core-roll.ts";

/** The checker as the GM desk runs it: the replay, then the fisher's set-up. */
function judge(r: RollJson, known: KnownCheck) {
  const v = verifyCheckRoll(r);
  if (!v.ok) return v;
  return { ...boundCheck(v, known), total: v.total, bonus: v.bonus };
}

/** `1d20 + <bonus term> + mod`, the d20 showing `face`. */
const check = (face: number, bonus: TermJson[], mod: number, total?: number): RollJson =>
  roll([die(20, [kept(face)]), ...bonus, ...plus(mod)], total === undefined ? {} : { total });

describe("K6: bonus dice are the ones the systems add", () => {
  it("K6: 1d20 + 1d12 + 2 (Bardic Inspiration) counts with the fisher's +2, the d12 at its maximum", () => {
    expect(judge(check(11, [op("+"), die(12, [kept(12)])], 2), { modifier: 2 })).toEqual({
      ok: true,
      total: 25,
      bonus: 12,
    });
  });

  it("K6: 1d20 + 1d4 + 1d4 + 2 (Bless and Guidance, two terms) counts", () => {
    const two = [op("+"), die(4, [kept(4)]), op("+"), die(4, [kept(3)])];
    expect(judge(check(9, two, 2), { modifier: 2 })).toEqual({ ok: true, total: 18, bonus: 7 });
  });

  it("K6: 1d20 + 3d12 + 2, rolled honestly, is not counted without the GM: no system adds 3d12", () => {
    const r = check(11, [op("+"), die(12, [kept(12), kept(12), kept(12)])], 2);
    // the dice are ones Foundry could have rolled: the replay alone lets them through
    expect(verifyCheckRoll(r)).toMatchObject({ ok: true, total: 49, flat: 2, bonus: 36 });
    expect(judge(r, { modifier: 2 })).toMatchObject({
      ok: false,
      reason: "unknownBonusDie",
      data: { claimed: "3d12", known: "1d4 … 2d12" },
    });
  });

  it("K6: 1d20 + 2d8 + 3 (dnd5e proficiency dice with Expertise) counts, both dice at most", () => {
    const r = check(11, [op("+"), die(8, [kept(8), kept(8)])], 3);
    expect(judge(r, { modifier: 3 })).toEqual({ ok: true, total: 30, bonus: 16 });
  });

  it("K6: three dice in one term are refused even when they sum to less than one die could give", () => {
    // 3d4 showing 1, 1 and 2 adds 4: the term is still not a system's bonus
    const r = check(14, [op("+"), die(4, [kept(1), kept(1), kept(2)])], 2);
    expect(judge(r, { modifier: 2 })).toMatchObject({
      ok: false,
      reason: "unknownBonusDie",
      data: { claimed: "3d4" },
    });
    // kept to one result (3d12kh, Die#keep), the term is still three dice rolled
    const kh = die(12, [kept(12), dropped(3), dropped(5)], { modifiers: ["kh"] });
    expect(judge(check(11, [op("+"), kh], 2), { modifier: 2 })).toMatchObject({
      ok: false,
      reason: "unknownBonusDie",
      data: { claimed: "3d12" },
    });
  });

  it("K6: bonus dice add what they rolled, no more: 1d20 + 1d12 * 5 + 2 is not counted without the GM", () => {
    // real dice, replayed and adding up, one d12 a term: only the product is more than it rolled
    const times5 = check(10, [op("+"), die(12, [kept(12)]), op("*"), num(5)], 2, 72);
    expect(verifyCheckRoll(times5)).toMatchObject({ ok: true, total: 72, flat: 2, bonus: 60 });
    expect(judge(times5, { modifier: 2 })).toMatchObject({
      ok: false,
      reason: "aboveBonusDice",
      data: { claimed: "+60", known: "12" },
    });
    const squared = check(10, [op("+"), die(12, [kept(12)]), op("*"), die(12, [kept(12)])], 2, 156);
    expect(judge(squared, { modifier: 2 })).toMatchObject({
      ok: false,
      reason: "aboveBonusDice",
      data: { claimed: "+144", known: "24" },
    });
    // dnd5e Bane subtracts its d4 (1d20 + 4 - 1d4): less than it rolled, counted
    const bane = check(10, [op("-"), die(4, [kept(3)])], 4);
    expect(judge(bane, { modifier: 4 })).toEqual({ ok: true, total: 11, bonus: -3 });
  });

  it("K6: a bonus term whose total is more than its dice can give is refused", () => {
    // one d12 term claiming three results: the stored dice are more than the term rolls
    const packed = { ...die(12, [kept(12), kept(12), kept(12)]), number: 1 };
    expect(judge(check(11, [op("+"), packed], 2), { modifier: 2 })).toMatchObject({
      ok: false,
      reason: "resultCount",
    });
    // a 1d12 showing 30
    expect(judge(check(11, [op("+"), die(12, [kept(30)])], 2), { modifier: 2 })).toMatchObject({
      ok: false,
      reason: "dieOutOfRange",
    });
    // 3d12 showing 36 whose roll claims 60
    const inflated = check(11, [op("+"), die(12, [kept(12), kept(12), kept(12)])], 2, 60);
    expect(judge(inflated, { modifier: 2 })).toMatchObject({
      ok: false,
      reason: "totalMismatch",
    });
  });
});

/** `fn(a, b)` as Foundry v13 serialises a FunctionTerm: one evaluated roll per argument. */
function fnTerm(fn: string, args: RollJson[], result: number): TermJson {
  return {
    class: "FunctionTerm",
    options: {},
    evaluated: true,
    fn,
    terms: args.map((a) => a.formula),
    rolls: args,
    result,
  };
}

/** `1d20 + fn(1d<faces>, n) + 2`: the d20 showing 10, the inner die `inner`, the function's stored result. */
function withFunction(fn: "max" | "min", faces: number, inner: number, n: number, stored: number) {
  const term = fnTerm(fn, [roll([die(faces, [kept(inner)])]), roll([num(n)])], stored);
  return check(10, [op("+"), term], 2);
}

describe("K6: a function term's result is what its rolls make, neither more nor less", () => {
  it("K6: max(1d4, 2) and min(1d12, 5) as rolled count; max's 2 is a fixed modifier", () => {
    // max(1d4, 2) is at least 2 whatever the die: with the +2 the fixed part is +4
    expect(judge(withFunction("max", 4, 3, 2, 3), { modifier: 4 })).toEqual({
      ok: true,
      total: 15,
      bonus: 1,
    });
    expect(judge(withFunction("max", 4, 3, 2, 3), { modifier: 2 })).toMatchObject({
      ok: false,
      reason: "aboveModifier",
      data: { claimed: "+4", known: "+2" },
    });
    expect(judge(withFunction("min", 12, 9, 5, 5), { modifier: 2 })).toEqual({
      ok: true,
      total: 17,
      bonus: 5,
    });
  });

  it("K6: a function result stored above what its rolls make is refused (max(1d4 = 3, 2) claiming 4)", () => {
    for (const r of [withFunction("max", 4, 3, 2, 4), withFunction("min", 12, 9, 5, 8)])
      expect(verifyCheckRoll(r)).toMatchObject({ ok: false, reason: "totalMismatch" });
  });

  it("K6: a function result stored below what its rolls make is refused (max(1d4 = 3, 2) claiming 2)", () => {
    for (const r of [withFunction("max", 4, 3, 2, 2), withFunction("min", 12, 9, 5, 4)])
      expect(verifyCheckRoll(r)).toMatchObject({ ok: false, reason: "totalMismatch" });
  });
});
