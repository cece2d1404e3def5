/**
 * The fake's dice (fake/dice.ts) against Foundry v13's: which method a die goes to, the order
 * the dice are drawn in, and the JSON each system's honest roll shapes leave in the message for
 * the faces drawn (the fixtures' corpus, tests/fixtures/systems/corpus.ts, built from the
 * systems' sources).
 */
import { describe, expect, it } from "vitest";
import type { ActorLike, MessageLike, RollLike } from "../../../src/foundry/systems/types.ts";
import type { RollJson } from "../../fixtures/systems/core-roll.ts";
import { SHAPES } from "../../fixtures/systems/corpus.ts";
import { dnd5eAna } from "../../fixtures/systems/dnd5e.ts";
import { assuranceFeat, pf2eCharacter } from "../../fixtures/systems/pf2e.ts";
import type { SystemFakeOptions } from "../../fixtures/systems/system-fakes.ts";
import {
  pf2eRerollFromMessage,
  withDnd5eRolls,
  withPf2eRolls,
} from "../../fixtures/systems/system-fakes.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import type { DiceTerm, FulfillmentHandler } from "./dice.ts";
import { ClientDice, FakeRoll, ROLES, asStored } from "./dice.ts";

/** A client whose seeded random faces are 1, 2, 3, ... (mod the faces): easy to tell apart. */
function client(role: number = ROLES.PLAYER): ClientDice {
  let n = 0;
  return new ClientDice((faces) => (n++ % faces) + 1, role);
}

/** A handler giving the scripted faces of each denomination in turn, logging what it saw. */
function scripted(
  faces: Record<string, number[]>,
  seen: { term: DiceTerm; options?: object }[] = [],
) {
  const queues = Object.fromEntries(Object.entries(faces).map(([k, v]) => [k, [...v]]));
  const handler: FulfillmentHandler = (term, options) => {
    seen.push({ term, options });
    return queues[term.denomination]?.shift();
  };
  return handler;
}

/** Registers `handler` as method "test", the default (as the module's fulfillDice does). */
function withMethod(dice: ClientDice, handler: FulfillmentHandler): ClientDice {
  dice.fulfillment.methods.test = { label: "test", interactive: false, handler };
  dice.fulfillment.defaultMethod = "test";
  return dice;
}

const evaluate = async (formula: string, dice: ClientDice, options = {}) =>
  new FakeRoll(formula, {}, options, { dice, random: dice.random }).evaluate();

describe("fake dice: the fulfillment method of a die (v13 dice.mjs #invokeFulfillmentHandler)", () => {
  it("the user's diceConfiguration for the denomination first, then defaultMethod", async () => {
    const dice = withMethod(client(), scripted({ d6: [4] }));
    dice.fulfillment.methods.other = { label: "other", handler: () => 19 };
    dice.configuration = { d20: "other" };
    const r = await evaluate("1d20 + 1d6", dice);
    expect(dice.draws.map((d) => [d.denomination, d.method, d.result])).toEqual([
      ["d20", "other", 19],
      ["d6", "test", 4],
    ]);
    expect(r.total).toBe(23);
    expect(dice.methodFor("d8")).toBe("test");
  });

  it('no method configured (defaultMethod ""): the client\'s random face', async () => {
    const dice = client();
    await evaluate("2d6", dice);
    expect(dice.draws.map((d) => [d.method, d.via, d.result])).toEqual([
      ["", "random", 1],
      ["", "random", 2],
    ]);
  });

  it("a handler returning undefined leaves the die to randomFace", async () => {
    const dice = withMethod(client(), () => undefined);
    const r = await evaluate("1d20", dice);
    expect(r.total).toBe(1);
    expect(dice.draws[0]).toMatchObject({ method: "test", via: "random" });
  });

  it("manual needs MANUAL_ROLLS: a player (by role) rolls digitally, a trusted player types", async () => {
    const player = client(ROLES.PLAYER);
    player.configuration = { d20: "manual" };
    player.typed.push(17);
    expect((await evaluate("1d20", player)).total).toBe(1);
    expect(player.typed).toEqual([17]);
    const trusted = client(ROLES.TRUSTED);
    trusted.configuration = { d20: "manual" };
    trusted.typed.push(17);
    const r = await evaluate("1d20", trusted);
    expect(r.total).toBe(17);
    expect(asStored(r).terms).toMatchObject([{ method: "manual", results: [{ result: 17 }] }]);
    // an explicit permission beats the role
    trusted.manualRolls = false;
    trusted.typed.push(9);
    expect((await evaluate("1d20", trusted)).total).toBe(1);
    expect(client(ROLES.GAMEMASTER).hasManualRolls()).toBe(true);
  });

  it("without allowInteractive there is no RollResolver: a manual die rolls digitally", async () => {
    const dice = client(ROLES.TRUSTED);
    dice.configuration = { d20: "manual" };
    dice.typed.push(15);
    const roll = new FakeRoll("1d20", {}, {}, { dice, random: dice.random });
    await roll.evaluate({ allowInteractive: false });
    expect(dice.typed).toEqual([15]);
    expect(dice.draws).toEqual([
      expect.objectContaining({ method: "manual", via: "random", result: 1 }),
    ]);
    expect((asStored(roll).terms as object[])[0]).not.toHaveProperty("method");
  });

  it("the handler's term has _root, the roll being evaluated, and the evaluation's options", async () => {
    const seen: { term: DiceTerm; options?: object }[] = [];
    const dice = withMethod(client(), scripted({ d20: [1, 8] }, seen));
    const roll = new FakeRoll("1d20r1", {}, { mine: true }, { dice, random: dice.random });
    await roll.evaluate();
    expect(seen.map((s) => s.term._root)).toEqual([roll, roll]);
    expect(seen[0]!.term._root!.options).toEqual({ mine: true });
    expect(seen.map((s) => s.options)).toEqual([
      { allowStrings: false, allowInteractive: true },
      { reroll: true },
    ]);
  });

  it("a handler may be async, and what it writes into the roll's options reaches the JSON", async () => {
    const dice = withMethod(client(), async (term) => {
      await new Promise((r) => setTimeout(r, 1));
      (term._root!.options.fair as number[]).push(term.faces);
      return 5;
    });
    const roll = await evaluate("1d20 + 1d4", dice, { fair: [] });
    expect(asStored(roll)).toMatchObject({ total: 10, options: { fair: [20, 4] } });
  });
});

describe("fake dice: the order of draws", () => {
  it("terms left to right, each die of a term in turn", async () => {
    const dice = withMethod(client(), () => undefined);
    await evaluate("1d20 + 1d4 - 2d6 + 3", dice);
    expect(dice.draws.map((d) => d.denomination)).toEqual(["d20", "d4", "d6", "d6"]);
  });

  it("rerolls are appended after the term's dice (Die#reroll), not recursive with r", async () => {
    const dice = withMethod(client(), scripted({ d6: [1, 5, 1, 3, 1, 2] }));
    const r = await evaluate("4d6r1", dice);
    expect(asStored(r).terms).toEqual([
      expect.objectContaining({
        number: 4,
        modifiers: ["r1"],
        results: [
          { result: 1, active: false, rerolled: true },
          { result: 5, active: true },
          { result: 1, active: false, rerolled: true },
          { result: 3, active: true },
          { result: 1, active: true },
          { result: 2, active: true },
        ],
      }),
    ]);
    expect(dice.draws.map((d) => d.options)).toEqual([
      ...Array(4).fill({ allowStrings: false, allowInteractive: true }),
      { reroll: true },
      { reroll: true },
    ]);
  });

  it("explosions are appended, each exploded die flagged (Die#explode)", async () => {
    const dice = withMethod(client(), scripted({ d6: [6, 2, 6, 1] }));
    const r = await evaluate("2d6x", dice);
    expect(r.total).toBe(15);
    expect((asStored(r).terms as { results: object[] }[])[0]!.results).toEqual([
      { result: 6, active: true, exploded: true },
      { result: 2, active: true },
      { result: 6, active: true, exploded: true },
      { result: 1, active: true },
    ]);
  });

  it("keep and drop, min and max mark results as Foundry does", async () => {
    const dice = withMethod(client(), scripted({ d20: [9, 9, 4], d6: [2, 6] }));
    const r = await evaluate("3d20kh2 + 2d6min3max5", dice);
    const [d20, , d6] = asStored(r).terms as { results: object[]; modifiers: string[] }[];
    expect(d20!.results).toEqual([
      { result: 9, active: true },
      { result: 9, active: true },
      { result: 4, active: false, discarded: true },
    ]);
    expect(d6!.modifiers).toEqual(["min3", "max5"]);
    expect(d6!.results).toEqual([
      { result: 2, active: true, count: 3, rerolled: true },
      { result: 6, active: true, count: 5, rerolled: true },
    ]);
    expect(r.total).toBe(26);
  });

  it("the manual dice are typed before evaluation, the rest drawn term by term", async () => {
    const dice = withMethod(client(ROLES.TRUSTED), scripted({ d4: [3] }));
    dice.configuration = { d20: "manual" };
    dice.typed.push(1, 12);
    const r = await evaluate("1d20r1 + 1d4", dice);
    // the resolver's form first (the d20); the d20's reroll, typed too (resolveResult), as
    // its term evaluates; then the d4 by its handler
    expect(dice.draws.map((d) => [d.denomination, d.via, d.result])).toEqual([
      ["d20", "typed", 1],
      ["d20", "typed", 12],
      ["d4", "handler", 3],
    ]);
    expect(r.total).toBe(15);
  });
});

describe("fake dice: a client's dice and the players' port (fulfillDice, diceMethodFor)", () => {
  it("the module's method becomes the default; a client's own configuration still wins", async () => {
    const t = await makePlayerTable({ system: "worldbuilding" });
    const [a] = t.players;
    expect(a.clientDice.hasManualRolls()).toBe(false);
    expect(t.gm.clientDice.hasManualRolls()).toBe(true);
    // the module registered its method at init (players/fair-dice.ts), the default for every die
    expect(a.diceMethodFor("d20")).toBe("kolikoly-fishing");
    a.fulfillDice("Fair dice", (term) => (term._root?.options?.fair ? 20 : undefined));
    expect(a.diceMethodFor("d20")).toBe("kolikoly-fishing");
    a.clientDice.configuration = { d4: "mersenne" };
    expect(a.diceMethodFor("d4")).toBe("mersenne");
    // another module's default: the module's method takes its place and hands it the dice it
    // does not supply
    t.gm.clientDice.fulfillment.defaultMethod = "mersenne";
    t.gm.fulfillDice("Fair dice", () => undefined);
    expect(t.gm.diceMethodFor("d20")).toBe("kolikoly-fishing");
    const handed = t.gm.clientDice.draws.length;
    await t.gm.roll("1d20");
    expect(t.gm.clientDice.draws.slice(handed)).toMatchObject([
      { method: "kolikoly-fishing", via: "handler" },
    ]);
    // a core roll goes through it too
    const out = await a.coreRoll(
      "1d20 + @x",
      { x: 2 },
      { speaker: {}, flavor: "", flags: {} },
      undefined,
    );
    expect(a.clientDice.draws.at(-1)).toMatchObject({ method: "kolikoly-fishing", via: "random" });
    expect(out.total).toBe(out.natural! + 2);
    // the core port's own rolls (Port.roll: allowInteractive false) reach the method too
    const seen: string[] = [];
    a.fulfillDice("Fair dice", (term, options) => {
      seen.push(
        `${term.denomination}:${JSON.stringify(term._root?.options)}:${JSON.stringify(options)}`,
      );
      return 4;
    });
    expect((await a.roll("1d20+1dk")).total).toBe(8);
    expect(seen).toEqual([
      'd20:{}:{"allowStrings":false,"allowInteractive":false}',
      'k:{}:{"allowStrings":false,"allowInteractive":false}',
    ]);
    // a reload builds CONFIG anew: the module registers again at init; the setting stays
    await a.reload();
    expect(a.diceMethodFor("d20")).toBe("kolikoly-fishing");
    expect(a.diceMethodFor("d4")).toBe("mersenne");
  });
});

/** The dnd5e shapes the stand-ins roll, with the honest options that make each (corpus ids). */
const DND5E: Record<
  string,
  { faces: Record<string, number[]>; config?: object; flags?: object; system?: object }
> = {
  plain: { faces: { d20: [13] } },
  advantage: { faces: { d20: [7, 15] }, config: { advantage: true } },
  disadvantage: { faces: { d20: [6, 18] }, config: { disadvantage: true } },
  "advantage-tie": { faces: { d20: [12, 12] }, config: { advantage: true } },
  "elven-accuracy": {
    faces: { d20: [3, 19, 11] },
    config: { advantage: true, elvenAccuracy: true },
  },
  "halfling-lucky": { faces: { d20: [1, 14] }, flags: { halflingLucky: true } },
  "halfling-lucky-advantage": {
    faces: { d20: [1, 1, 11] },
    config: { advantage: true },
    flags: { halflingLucky: true },
  },
  "reliable-talent": { faces: { d20: [3] }, flags: { reliableTalent: true } },
  // Guidance as the skill's check bonus; Bless and Bane as the actor's ability check bonus
  "guidance-typed": { faces: { d20: [10], d4: [3] }, system: { sur: "1d4" } },
  "advantage-guidance": {
    faces: { d20: [6, 14], d4: [4] },
    config: { advantage: true },
    system: { sur: "1d4" },
  },
  "bless-effect": { faces: { d20: [9], d4: [2] }, system: { check: "1d4" } },
  "bless-and-guidance": { faces: { d20: [11], d4: [1, 4] }, system: { sur: "1d4", check: "1d4" } },
  "bane-effect": { faces: { d20: [9], d4: [2] }, system: { check: "-1d4" } },
};

/** Ana, her Survival bonus and check bonuses and her flags as the shape needs them. */
function ana(spec: (typeof DND5E)[string]): ActorLike {
  const a = structuredClone({ ...dnd5eAna, getRollData: undefined }) as ActorLike & {
    system: {
      skills: { sur: { bonuses: { check: string } } };
      bonuses: { abilities: { check: string } };
    };
    flags: object;
  };
  const sys = (spec.system ?? {}) as { sur?: string; check?: string };
  if (sys.sur) a.system.skills.sur.bonuses.check = sys.sur;
  if (sys.check) a.system.bonuses.abilities.check = sys.check;
  a.flags = { dnd5e: spec.flags ?? {} };
  return a;
}

/** The stand-in options of a client with `dice`, its posts collected. */
function standIn(dice: ClientDice, posted: MessageLike[], o: Partial<SystemFakeOptions> = {}) {
  return {
    post: async (d: MessageLike) => (posted.push(JSON.parse(JSON.stringify(d))), d),
    d20: () => {
      throw new Error("a scripted die was drawn at random");
    },
    userId: () => "player",
    dice,
    ...o,
  } as SystemFakeOptions;
}

/** The shape's message roll as the stand-in adds to it: dnd5e's rollType (basic-roll.mjs). */
const withRollType = (r: RollJson, rollType: string) => ({
  ...r,
  options: { ...r.options, rollType },
});

describe("fake dice: the dnd5e stand-ins leave the corpus's message rolls", () => {
  for (const [v, release] of [
    ["5.3", "5.3.3"],
    ["4.4", "4.4.4"],
  ] as const)
    it.each(Object.entries(DND5E))(`dnd5e ${release} %s`, async (id, spec) => {
      const shape = SHAPES.find((s) => s.id === `dnd5e ${v}/${id}`)!;
      const posted: MessageLike[] = [];
      const dice = withMethod(client(), scripted(spec.faces));
      const actor = withDnd5eRolls(ana(spec), standIn(dice, posted, { dnd5e: release }));
      const rollSkill = (actor as unknown as { rollSkill: (...a: object[]) => Promise<unknown> })
        .rollSkill;
      await rollSkill({ skill: "sur", ...spec.config }, { configure: false }, {});
      expect(posted[0]!.rolls![0]).toEqual(withRollType(shape.views.message, "skill"));
      expect(posted[0]!.rolls![0]!.total).toBe(shape.total);
    });

  it("dnd5e 5.3.3 manual entry with advantage: two typed d20s, the term's method manual", async () => {
    const shape = SHAPES.find((s) => s.id === "dnd5e 5.3/manual")!;
    const posted: MessageLike[] = [];
    const dice = client(ROLES.TRUSTED);
    dice.configuration = { d20: "manual" };
    dice.typed.push(5, 17);
    const actor = withDnd5eRolls(ana({ faces: {} }), standIn(dice, posted));
    const rollSkill = (actor as unknown as { rollSkill: (...a: object[]) => Promise<unknown> })
      .rollSkill;
    await rollSkill({ skill: "sur", advantage: true }, { configure: false }, {});
    expect(posted[0]!.rolls![0]).toEqual(withRollType(shape.views.message, "skill"));
    expect((posted[0] as { flavor?: string }).flavor).toBe("Survival Check (Wisdom) (Advantage)");
  });

  it("initiative with advantage: the live D20Die, the dice as the corpus has them", async () => {
    const shape = SHAPES.find((s) => s.id === "dnd5e 5.3/initiative-advantage")!;
    const posted: MessageLike[] = [];
    const a = ana({ faces: {} }) as ActorLike & { system: { attributes: { init: object } } };
    a.system.attributes.init = { ...a.system.attributes.init, roll: { mode: 1 } };
    const dice = withMethod(client(), scripted({ d20: [4, 16] }));
    const actor = withDnd5eRolls(a, standIn(dice, posted)) as unknown as {
      getInitiativeRoll(): { evaluate(): Promise<unknown>; toMessage(d: object): Promise<unknown> };
    };
    const roll = actor.getInitiativeRoll();
    await roll.evaluate();
    await roll.toMessage({});
    const stored = posted[0]!.rolls![0] as unknown as RollJson;
    const terms = (r: RollJson) => r.terms.map(({ options: _o, ...t }) => t);
    expect(terms(stored)).toEqual(terms(shape.views.message));
    expect(stored).toMatchObject({ class: "D20Roll", total: shape.total, formula: "1d20adv + 3" });
  });

  it("dnd5e.postRollConfiguration sees the unevaluated rolls; their options reach the message", async () => {
    const posted: MessageLike[] = [];
    const calls: string[] = [];
    const dice = withMethod(client(), (term) => {
      const mark = term._root!.options["kolikoly-fishing"] as { fair?: number[] } | undefined;
      if (!mark) return undefined;
      (mark.fair ??= []).push(18);
      return 18;
    });
    const call = (hook: string, ...args: unknown[]) => {
      calls.push(hook);
      if (hook === "dnd5e.postRollConfiguration") {
        const [rolls] = args as [FakeRoll[]];
        expect(rolls[0]!._evaluated).toBe(false);
        expect(rolls[0]!.dice[0]!.number).toBe(1); // adv not yet expanded
        rolls[0]!.options["kolikoly-fishing"] = { request: 1 };
      }
      return true;
    };
    const actor = withDnd5eRolls(ana({ faces: {} }), standIn(dice, posted, { call }));
    const rollSkill = (actor as unknown as { rollSkill: (...a: object[]) => Promise<RollLike[]> })
      .rollSkill;
    const [roll] = await rollSkill({ skill: "sur", advantage: true }, {}, {});
    expect(calls.filter((c) => c.startsWith("dnd5e.post") && c.endsWith("Configuration"))).toEqual([
      "dnd5e.postSkillRollConfiguration",
      "dnd5e.postAbilityCheckRollConfiguration",
      "dnd5e.postD20TestRollConfiguration",
      "dnd5e.postRollConfiguration",
    ]);
    expect(roll!.options).toMatchObject({ "kolikoly-fishing": { request: 1, fair: [18, 18] } });
    expect(posted[0]!.rolls![0]!.options).toMatchObject({
      "kolikoly-fishing": { request: 1, fair: [18, 18] },
    });
  });

  it("a configuration hook answering false stops the roll: no message, null", async () => {
    const posted: MessageLike[] = [];
    const dice = client();
    const call = (hook: string) => hook !== "dnd5e.postRollConfiguration";
    const actor = withDnd5eRolls(ana({ faces: {} }), standIn(dice, posted, { call }));
    const rollSkill = (actor as unknown as { rollSkill: (...a: object[]) => Promise<unknown> })
      .rollSkill;
    expect(await rollSkill({ skill: "sur" }, {}, {})).toBeNull();
    expect(posted).toEqual([]);
    expect(dice.draws).toEqual([]);
  });

  it("an attack: Elven Accuracy with advantage rolls three d20s, Bless a d4 after the modifier", async () => {
    const posted: MessageLike[] = [];
    const a = ana({ faces: {}, flags: { elvenAccuracy: true } }) as ActorLike & {
      system: { bonuses: Record<string, unknown> };
    };
    a.system.bonuses.rwak = { attack: "1d4" };
    const dice = withMethod(client(), scripted({ d20: [5, 17, 2], d4: [3] }));
    const actor = withDnd5eRolls(a, standIn(dice, posted));
    const act = Object.values(
      (actor.items as unknown as { system: { activities: Record<string, object> } }[])[0]!.system
        .activities,
    )[0] as { rollAttack: (...a: object[]) => Promise<unknown> };
    await act.rollAttack({ advantage: true }, {}, {});
    expect(posted[0]!.rolls![0]).toMatchObject({
      formula: "1d20adv2 + 5 + 1d4",
      total: 25,
      options: { rollType: "attack", elvenAccuracy: true, advantageMode: 1 },
      terms: [
        { class: "Die", number: 3, modifiers: ["adv2"] },
        { operator: "+" },
        { number: 5 },
        { operator: "+" },
        { class: "BasicDie", results: [{ result: 3, active: true }] },
      ],
    });
  });
});

/** pf2e's stand-in on Cara (Survival +7, trained at level 3). */
function cara(dice: ClientDice, posted: MessageLike[], o: Partial<SystemFakeOptions> = {}) {
  const actor = pf2eCharacter("pf2eCara0000000", "Cara");
  actor.items = [assuranceFeat("survival")] as never;
  const deleted: string[] = [];
  const so = standIn(dice, posted, {
    deleteMessage: async (id) => void deleted.push(id),
    ...o,
  });
  return { actor: withPf2eRolls(actor, so), so, deleted };
}

describe("fake dice: the pf2e stand-ins leave the corpus's message rolls", () => {
  const roll = async (
    id: string,
    faces: number[],
    args: object,
    o: Partial<SystemFakeOptions> = {},
  ) => {
    const posted: MessageLike[] = [];
    const dice = withMethod(client(), scripted({ d20: faces }));
    const { actor } = cara(dice, posted, o);
    await (actor.skills.survival as unknown as { roll(a: object): Promise<unknown> }).roll(args);
    const shape = SHAPES.find((s) => s.id === `pf2e/${id}`)!;
    expect(posted[0]!.rolls![0]).toEqual(shape.views.message);
    expect(posted[0]!.rolls![0]!.total).toBe(shape.total);
    return posted[0]!;
  };

  it("plain", () => roll("plain", [11], { skipDialog: true }));
  it("fortune: rollTwice keep-higher", async () => {
    const m = await roll("fortune", [4, 16], { skipDialog: true, rollTwice: "keep-higher" });
    expect((m.flags!.pf2e as { context: { options: string[] } }).context.options).toContain(
      "fortune",
    );
  });
  it("misfortune: rollTwice keep-lower", () =>
    roll("misfortune", [4, 16], { skipDialog: true, rollTwice: "keep-lower" }));
  it("Assurance ticked in the check dialog: 10 + proficiency, no die", async () => {
    const m = await roll("assurance", [], {}, { checkDialog: { substitution: "assurance" } });
    expect((m.flags!.pf2e as { context: { substitutions: object[] } }).context).toMatchObject({
      substitutions: [{ slug: "assurance", value: 10, selected: true }],
      options: expect.arrayContaining(["substitute:assurance", "fortune"]),
    });
  });

  it("manual entry: the term's method manual", async () => {
    const posted: MessageLike[] = [];
    const dice = client(ROLES.TRUSTED);
    dice.configuration = { d20: "manual" };
    dice.typed.push(12);
    const { actor } = cara(dice, posted);
    await (actor.skills.survival as unknown as { roll(a: object): Promise<unknown> }).roll({
      skipDialog: true,
    });
    expect(posted[0]!.rolls![0]).toEqual(SHAPES.find((s) => s.id === "pf2e/manual")!.views.message);
  });

  it("a blind check is evaluated without the RollResolver: a manual d20 rolls digitally", async () => {
    const posted: MessageLike[] = [];
    const dice = client(ROLES.TRUSTED);
    dice.configuration = { d20: "manual" };
    dice.typed.push(12);
    const { actor } = cara(dice, posted, { d20: () => 6 });
    await (actor.skills.survival as unknown as { roll(a: object): Promise<unknown> }).roll({
      rollMode: "blindroll",
    });
    expect(posted[0]!.rolls![0]).toMatchObject({ total: 13 });
    expect(dice.typed).toEqual([12]);
  });

  it("the handler reads the check's type, domains and isReroll in _root.options", async () => {
    const posted: MessageLike[] = [];
    const seen: object[] = [];
    const dice = withMethod(client(), (term) => {
      const o = term._root!.options;
      seen.push({ type: o.type, isReroll: o.isReroll, survival: (o.domains as string[])[0] });
      return 9;
    });
    const { actor, so, deleted } = cara(dice, posted);
    await (actor.skills.survival as unknown as { roll(a: object): Promise<unknown> }).roll({});
    const rerolled = await pf2eRerollFromMessage(
      { ...posted[0]!, id: "m1", author: { id: "player" } },
      actor,
      so,
      { heroPoint: true },
    );
    expect(seen).toEqual([
      { type: "skill-check", isReroll: false, survival: "survival" },
      { type: "skill-check", isReroll: true, survival: "survival" },
    ]);
    expect(deleted).toEqual(["m1"]);
    expect(rerolled).toBeDefined();
    const shape = SHAPES.find((s) => s.id === "pf2e/hero-point")!;
    expect({ ...posted[1]!.rolls![0], terms: undefined, total: undefined }).toEqual({
      ...shape.views.message,
      terms: undefined,
      total: undefined,
    });
    expect(posted[1]!.flags!.pf2e).toMatchObject({
      context: {
        isReroll: true,
        options: expect.arrayContaining(["check:reroll", "check:hero-point"]),
      },
    });
    // the hero point is spent: none left for another
    const resources = (actor.system as { resources: { heroPoints: { value: number } } }).resources;
    expect(resources.heroPoints.value).toBe(0);
    expect(
      await pf2eRerollFromMessage({ ...posted[1]!, id: "m2" }, actor, so, { heroPoint: true }),
    ).toBeUndefined();
  });
});
