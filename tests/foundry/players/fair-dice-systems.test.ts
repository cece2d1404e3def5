/**
 * Fair dice through the systems' own rolls (the behavioural fake: each client's dice drawn
 * through its CONFIG.Dice.fulfillment in Foundry v13's order, tests/foundry/fake/dice.ts; the
 * system stand-ins roll as dnd5e and pf2e do, tests/fixtures/systems). A player rolls the check
 * from the sheet (or the roll card's button) with the options the system offers; the module's
 * fulfillment method gives that roll, and only that roll, the fair dice; the GM counts it with
 * its proof. Every honest shape of each system version is counted; the console attacks that go
 * through the system's path (the module's handler replaced, manual entry) are refused.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { fixRandomBytes } from "./fixed-random.ts";
import type { FairCheck } from "../../../src/dice/fair.ts";
import { revealOf } from "../../../src/dice/fair.ts";
import { checkFairRoll } from "../../../src/dice/fair-check.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import type { ActorLike, MessageLike } from "../../../src/foundry/systems/types.ts";
import { strictLocalize } from "../fake/client.ts";
import { assuranceFeat, pf2eCharacter } from "../../fixtures/systems/pf2e.ts";
import type { SystemFakeOptions } from "../../fixtures/systems/system-fakes.ts";
import { pf2eRerollFromMessage, withPf2eRolls } from "../../fixtures/systems/pf2e-fakes.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";
import { dnd5eActors, settleClients, standInOn } from "./actors.ts";

let clients: PlayerClient[] = [];
afterEach(() => {
  clients = [];
  vi.restoreAllMocks();
});
beforeEach(() => {
  fixRandomBytes(0x2545f491);
});

const desk = (c: PlayerClient) => c.wiring!.player;
const gmDesk = (c: PlayerClient) => c.wiring!.gm;
const pending = (t: PlayerTable, lake: string) => t.server.truth.store.get(lake)!.pending;
const settle = () => settleClients(clients);

/** The faces the players' dice would show without fair dice (the stand-ins' random source). */
const RANDOM_D20 = 7;

async function table(system: string, generation: 13 | 14, systemVersion: string) {
  const t = await makePlayerTable({ system, generation, systemVersion });
  clients = [t.gm, t.gm2, ...t.players];
  return t;
}

/** Ana declares `action`; the GM locks round 1 of a fair lake. */
async function locked(t: PlayerTable, action: "track" | "catch") {
  const lake = await lakeOn(t, undefined, undefined, true);
  const declaration =
    action === "track" ? { action: "track", target: [1, 1, 0] } : { action: "catch" };
  expect(
    await desk(t.players[0]).declare({ lake, fisher: "f1", round: 1, declaration }),
  ).toMatchObject({ ok: true });
  expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true });
  return lake;
}

/** Ana's actor on a client, its system data and flags her own (the fixtures' are shared). */
function anaOn(t: PlayerTable, c: PlayerClient): Dnd5eActor {
  const actor = c.actor(t.actorIds[0]!) as Dnd5eActor;
  actor.system = structuredClone(actor.system);
  actor.flags = structuredClone(actor.flags ?? {});
  return actor;
}

/** Ana's last roll message on her client (the roll the system posted). */
const lastRoll = (c: PlayerClient): MessageLike =>
  [...c.messageList()].reverse().find((m) => m.rolls?.length)!;

/** The counted roll of Ana's check: fair, every die from its draw, its total the record's. */
function expectCountedFair(t: PlayerTable, lake: string, m: MessageLike, dice: number) {
  const roll = JSON.parse(JSON.stringify(m.rolls![0])) as { total: number };
  const reveal = revealOf(roll, MODULE_ID);
  expect(reveal, "the roll carries its reveal").toBeDefined();
  const check: FairCheck = { lake, round: 1, fisher: "f1", kind: reveal!.kind };
  const d = pending(t, lake).draws!.f1!;
  expect(checkFairRoll(roll, check, d, reveal!.secret)).toEqual({ ok: true, dice });
  expect(d.secret).toBe(reveal!.secret);
  expect(pending(t, lake).totals.f1!.total).toBe(roll.total);
  expect(t.gm.alertLog).toEqual([]);
}

type Handler = (term: { faces: number }, options?: object) => Promise<unknown>;

type Dnd5eActor = Omit<ActorLike, "system"> & {
  flags: { dnd5e?: Record<string, unknown> };
  system: {
    skills: Record<string, { bonuses: { check: string } }>;
    bonuses: Record<string, unknown>;
  };
  rollSkill(c: object, d: object, m: object): Promise<unknown>;
  items: {
    system: { activities: Record<string, { rollAttack(...a: object[]): Promise<unknown> }> };
  }[];
};

const DND5E_VERSIONS = [
  [13, "5.3.3"],
  [14, "5.3.3"],
  [14, "6.0.6"],
] as const;

/** dnd5e's honest shapes of a Survival check: the roll's options and how many dice it takes. */
const DND5E_SHAPES: [string, object, (a: Dnd5eActor) => void, number][] = [
  ["plain", {}, () => undefined, 1],
  ["advantage", { advantage: true }, () => undefined, 2],
  ["disadvantage", { disadvantage: true }, () => undefined, 2],
  ["Guidance (the skill's 1d4)", {}, (a) => (a.system.skills.sur!.bonuses.check = "1d4"), 2],
  [
    "Halfling Lucky",
    {},
    (a) => (a.flags = { dnd5e: { ...a.flags.dnd5e, halflingLucky: true } }),
    -1, // one die, or two when the first is a 1 (the reroll is the stream's next die)
  ],
  [
    "advantage with Guidance and Bless",
    { advantage: true },
    (a) => {
      a.system.skills.sur!.bonuses.check = "1d4";
      (a.system.bonuses.abilities as { check: string }).check = "1d4";
    },
    4,
  ],
];

describe.each(DND5E_VERSIONS)("fair dice on dnd5e (v%s, dnd5e %s)", (generation, version) => {
  test.each(DND5E_SHAPES)(
    "a Survival check from the sheet, %s: counted with its proof",
    async (_name, config, prepare, dice) => {
      const t = await table("dnd5e", generation, version);
      dnd5eActors(t, () => RANDOM_D20);
      const lake = await locked(t, "track");
      const a = t.players[0];
      const actor = anaOn(t, a);
      prepare(actor);
      await actor.rollSkill({ skill: "sur", ...config }, {}, { create: true });
      await settle();
      const m = lastRoll(a);
      const used = (
        JSON.parse(JSON.stringify(m.rolls![0])) as { terms: { results?: unknown[] }[] }
      ).terms.reduce((n, x) => n + (x.results?.length ?? 0), 0);
      if (dice > 0) expect(used).toBe(dice);
      expectCountedFair(t, lake, m, used);
    },
  );

  test("a net attack with advantage, Elven Accuracy and Bless: three d20s and a d4, all fair", async () => {
    const t = await table("dnd5e", generation, version);
    dnd5eActors(t, () => RANDOM_D20);
    const lake = await locked(t, "catch");
    const a = t.players[0];
    const actor = anaOn(t, a);
    actor.flags = { dnd5e: { elvenAccuracy: true } };
    actor.system.bonuses.rwak = { attack: "1d4" };
    const attack = Object.values(actor.items[0]!.system.activities)[0]!;
    await attack.rollAttack({ advantage: true }, {}, {});
    await settle();
    expectCountedFair(t, lake, lastRoll(a), 4);
  });

  test("the roll card's button: counted fair; an Athletics roll meanwhile keeps Foundry's own dice", async () => {
    const t = await table("dnd5e", generation, version);
    dnd5eActors(t, () => RANDOM_D20);
    const lake = await locked(t, "track");
    const a = t.players[0];
    // another roll while the card is open: untouched (no draw, the client's own face)
    const actor = a.actor(t.actorIds[0]!) as Dnd5eActor;
    await actor.rollSkill({ skill: "ath" }, {}, { create: true });
    await settle();
    const ath = lastRoll(a);
    expect(revealOf(JSON.parse(JSON.stringify(ath.rolls![0])), MODULE_ID)).toBeUndefined();
    expect(
      (JSON.parse(JSON.stringify(ath.rolls![0])) as { terms: { results: { result: number }[] }[] })
        .terms[0]!.results[0]!.result,
    ).toBe(RANDOM_D20);
    expect(pending(t, lake).draws).toBeUndefined();
    expect(await desk(a).rollFromCard(lake, 1)).toEqual({ ok: true, value: 1 });
    await settle();
    expectCountedFair(t, lake, lastRoll(a), 1);
  });
});

/** pf2e's Ana and Bo on each client, Ana with Assurance in Survival when asked. */
function pf2eActors(t: PlayerTable, o: Partial<SystemFakeOptions> = {}, assurance = false) {
  for (const c of [t.gm, t.gm2, ...t.players])
    t.actorIds.forEach((id, i) => {
      const actor = pf2eCharacter(id, ["Ana", "Bo"][i]!);
      if (assurance && i === 0) actor.items = [assuranceFeat("survival")] as never;
      c.attachActor(
        id,
        withPf2eRolls(actor, { ...standInOn(c, t.server, () => RANDOM_D20), ...o }),
      );
    });
}

type Pf2eActor = ActorLike & { skills: Record<string, { roll(a: object): Promise<unknown> }> };

describe.each([
  [13, "7.12.2"],
  [14, "8.5.1"],
] as const)("fair dice on pf2e (v%s, pf2e %s)", (generation, version) => {
  test.each([
    ["plain", {}, 1],
    ["fortune", { rollTwice: "keep-higher" }, 2],
    ["misfortune", { rollTwice: "keep-lower" }, 2],
  ] as const)(
    "a Survival check from the sheet, %s: counted with its proof",
    async (_n, args, dice) => {
      const t = await table("pf2e", generation, version);
      pf2eActors(t);
      const lake = await locked(t, "track");
      const a = t.players[0];
      await (a.actor(t.actorIds[0]!) as Pf2eActor).skills.survival!.roll({
        skipDialog: true,
        ...args,
      });
      await settle();
      expectCountedFair(t, lake, lastRoll(a), dice);
    },
  );

  test("Assurance: no die to draw, counted at 10 + proficiency", async () => {
    const t = await table("pf2e", generation, version);
    pf2eActors(t, { checkDialog: { substitution: "assurance" } }, true);
    const lake = await locked(t, "track");
    const a = t.players[0];
    await (a.actor(t.actorIds[0]!) as Pf2eActor).skills.survival!.roll({});
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 15 });
    expect(pending(t, lake).draws).toBeUndefined();
    expect(t.gm.alertLog).toEqual([]);
  });

  test("a hero point reroll of the counted check is the GM's call: the first roll stands, the GM is told", async () => {
    const t = await table("pf2e", generation, version);
    pf2eActors(t);
    const lake = await locked(t, "track");
    const a = t.players[0];
    const actor = a.actor(t.actorIds[0]!) as Pf2eActor;
    await actor.skills.survival!.roll({ skipDialog: true });
    await settle();
    const first = pending(t, lake).totals.f1;
    expect(first).toBeDefined();
    await pf2eRerollFromMessage(
      lastRoll(a),
      actor,
      standInOn(a, t.server, () => RANDOM_D20),
      {
        heroPoint: true,
      },
    );
    await settle();
    expect(pending(t, lake).totals.f1).toEqual(first);
    expect(t.gm.alertLog.at(-1)).toContain(strictLocalize("KOLIKOLY.Players.Refusal.rerolled"));
  });
});

describe("fair dice on any other system: the roll card's button", () => {
  test("generic: the GM's formula rolled by the module on the player's client, counted fair", async () => {
    const t = await table("swade", 13, "1.0.0");
    const a = t.players[0];
    for (const c of [t.gm, a])
      c.attachActor(t.actorIds[0]!, {
        id: t.actorIds[0]!,
        name: "Ana",
        system: {},
        getRollData: () => ({ abilities: { dex: { mod: 3 }, wis: { mod: 2 } } }),
      });
    const lake = await locked(t, "track");
    expect(await desk(a).rollFromCard(lake, 1, "f1")).toEqual({ ok: true, value: 1 });
    await settle();
    expectCountedFair(t, lake, lastRoll(a), 1);
  });
});

describe("fair dice: console attacks through the system's own roll", () => {
  test("the module's handler wrapped to show other faces: the dice are not the fair ones", async () => {
    const t = await table("dnd5e", 14, "6.0.6");
    dnd5eActors(t, () => RANDOM_D20);
    const lake = await locked(t, "track");
    const a = t.players[0];
    const methods = a.clientDice.fulfillment.methods as Record<string, { handler?: Handler }>;
    const honest = methods[MODULE_ID]!.handler!;
    // a console: the module's draw goes through, the face shown is another
    methods[MODULE_ID] = {
      ...methods[MODULE_ID],
      handler: async (term, options) => {
        const fair = (await honest(term, options)) as number;
        return (fair % term.faces) + 1;
      },
    };
    const before = structuredClone(pending(t, lake).totals);
    await (a.actor(t.actorIds[0]!) as Dnd5eActor).rollSkill({ skill: "sur" }, {}, { create: true });
    await settle();
    expect(pending(t, lake).totals).toEqual(before);
    expect(t.gm.alertLog.at(-1)).toContain("Ana");
    expect(t.gm.alertLog.at(-1)).toMatch(/is not the fair die/);
  });

  test("manual entry: a typed natural 20 never reaches the module; from the card the player is told first", async () => {
    const t = await table("dnd5e", 13, "5.3.3");
    dnd5eActors(t, () => RANDOM_D20);
    const lake = await locked(t, "track");
    const a = t.players[0];
    a.clientDice.configuration = { d20: "manual" };
    a.clientDice.manualRolls = true;
    a.clientDice.typed.push(20);
    await (a.actor(t.actorIds[0]!) as Dnd5eActor).rollSkill({ skill: "sur" }, {}, { create: true });
    await settle();
    expect(pending(t, lake).totals.f1).toBeUndefined();
    expect(t.gm.alertLog.at(-1)).toContain(strictLocalize("KOLIKOLY.Players.Refusal.fairMissing"));
    const posted = a.messageList().length;
    expect(await desk(a).rollFromCard(lake, 1)).toEqual({ ok: true, value: 0 });
    expect(a.errors.at(-1)).toBe(
      strictLocalize("KOLIKOLY.FairDice.Elsewhere", { method: "manual" }),
    );
    expect(a.messageList().length).toBe(posted);
  });
});
