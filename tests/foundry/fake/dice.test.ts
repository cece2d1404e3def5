/**
 * The fake's dice (fake/dice.ts) against Foundry v13's: which method a die goes to and the order
 * the dice are drawn in, and the players' port over a client's dice.
 */
import { describe, expect, it } from "vitest";
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
    expect(a.diceMethodFor("d20")).toBe("");
    a.fulfillDice("Fair dice", (term) => (term._root?.options?.fair ? 20 : undefined));
    expect(a.diceMethodFor("d20")).toBe("kolikoly-fishing");
    a.clientDice.configuration = { d4: "mersenne" };
    expect(a.diceMethodFor("d4")).toBe("mersenne");
    // another module's default stays
    t.gm.clientDice.fulfillment.defaultMethod = "mersenne";
    t.gm.fulfillDice("Fair dice", () => undefined);
    expect(t.gm.diceMethodFor("d20")).toBe("mersenne");
    // a core roll goes through it too
    const out = await a.coreRoll(
      "1d20 + @x",
      { x: 2 },
      { speaker: {}, flavor: "", flags: {} },
      undefined,
    );
    expect(a.clientDice.draws.at(-1)).toMatchObject({ method: "kolikoly-fishing", via: "random" });
    expect(out.total).toBe(out.natural! + 2);
    // a reload builds CONFIG anew: the module registers again at init; the setting stays
    await a.reload();
    expect(a.diceMethodFor("d20")).toBe("");
    expect(a.diceMethodFor("d4")).toBe("mersenne");
  });
});
