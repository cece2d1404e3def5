/**
 * Issue 4 in the behavioural fake: three clients (a GM and two players; a second GM for
 * hand-overs), declarations over User#query with the key commitment, the roll card, sheet rolls
 * shaped as dnd5e 5.3.3 and pf2e fire them (tests/fixtures/systems), and secrecy.
 */
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { publicLakeOf } from "../../../src/foundry/fishing/projection.ts";
import { checksFlagOf } from "../../../src/foundry/players/desk.ts";
import type { FisherDesk, OwedCheck } from "../../../src/foundry/players/protocol.ts";
import { PLAYER_QUERY } from "../../../src/foundry/players/protocol.ts";
import { KEY_FLAG } from "../../../src/foundry/players/attest.ts";
import type { ActorLike } from "../../../src/foundry/systems/types.ts";
import { dnd5eAna, net2014 } from "../../fixtures/systems/dnd5e.ts";
import { pf2eCharacter } from "../../fixtures/systems/pf2e.ts";
import { withPf2eRolls } from "../../fixtures/systems/system-fakes.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";
import { dnd5eActors, settleClients, standInOn } from "./actors.ts";
import { findLeaks } from "../fake/secrecy.ts";
import { strictLocalize } from "../fake/client.ts";
import type { RollRequest } from "../../../src/rules/index.ts";
import { makeRequest } from "../../../src/rules/index.ts";
import { randomDeclaration, rngFor } from "../fake/world.ts";

function pf2eActors(t: PlayerTable, faces: number[]): void {
  const queue = [...faces];
  const d20 = () => queue.shift() ?? 10;
  for (const c of [t.gm, t.gm2, ...t.players])
    t.actorIds.forEach((id, i) => {
      const actor = withPf2eRolls(
        pf2eCharacter(id, ["Ana", "Bo"][i]!),
        standInOn(c, t.server, d20),
      );
      c.attachActor(id, actor);
    });
}

const desk = (c: PlayerClient) => c.wiring!.player;
const gmDesk = (c: PlayerClient) => c.wiring!.gm;
const pending = (t: PlayerTable, lake: string) => t.server.truth.store.get(lake)!.pending;

describe("issue 4: declarations over the query API (K5)", () => {
  test("K5 two players declare at once; everyone sees who declared, never what", async () => {
    const t = track(await makePlayerTable());
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    const [ra, rb] = await Promise.all([
      desk(a).declare({
        lake,
        fisher: "f1",
        round: 1,
        declaration: { action: "track", target: [1, 1, 0] },
      }),
      desk(b).declare({
        lake,
        fisher: "f2",
        round: 1,
        declaration: { action: "herd", toward: [1, 0, 0] },
      }),
    ]);
    expect(ra).toMatchObject({ ok: true });
    expect(rb).toMatchObject({ ok: true });
    expect(pending(t, lake).actions).toEqual({
      f1: { action: "track", target: [1, 1, 0] },
      f2: { action: "herd", toward: [1, 0, 0] },
    });
    // who has declared is public (the scene flag), what is not: no payload Bo's client received holds Ana's target
    expect([...publicLakeOf(b.scene(t.sceneId)!, lake)!.declared].sort()).toEqual(["f1", "f2"]);
    const seenByB = JSON.stringify(b.received);
    expect(seenByB).not.toContain('"target":[1,1,0]');
    expect(JSON.stringify(a.received)).not.toContain('"toward":[1,0,0]');
    // Ana's own client may ask what Ana declared (the reply goes to her alone)
    const v = (await desk(a).view({ lake, fisher: "f1" })) as { ok: true; value: FisherDesk };
    expect(v.value.mine).toEqual({ action: "track", target: [1, 1, 0] });
    expect(v.value.round).toBe(1);
    expect(v.value.locked).toBe(false);
    // the view is viewFor(state, {fisher}): the unexplored lake's swarms are not in it
    expect(v.value.view.swarms).toEqual([]);
  });

  test("a declaration for a fisher the sender does not own is refused, also with a forged user id", async () => {
    const t = track(await makePlayerTable());
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    const r = await desk(b).declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "catch" },
    });
    expect(r).toMatchObject({ ok: false, error: { code: "notOwner" } });
    // Bo claims to be Ana's user, with his own key: the key does not match Ana's commitment
    const bosKey = (await b.wiring!.credential.auth()).key;
    const forged = await b.query(t.userIds.gm, PLAYER_QUERY, {
      type: "declare",
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "catch" },
      auth: { user: t.userIds.a, key: bosKey },
    });
    expect(forged).toMatchObject({ ok: false, error: { code: "unattested" } });
    // ...and a made-up key, or a user id field outside auth, change nothing
    const made = await b.query(t.userIds.gm, PLAYER_QUERY, {
      type: "declare",
      lake,
      fisher: "f1",
      round: 1,
      user: t.userIds.a,
      declaration: { action: "catch" },
      auth: { user: t.userIds.a, key: "0".repeat(64) },
    });
    expect(made).toMatchObject({ ok: false, error: { code: "unattested" } });
    // a player cannot rewrite another user's commitment: the server refuses
    expect(() => t.server.updateUserFlag(t.userIds.b, t.userIds.a, KEY_FLAG, "x")).toThrow(
      /another user/,
    );
    expect(pending(t, lake).actions).toEqual({});
    // the player reads a localized error
    desk(b).report(r);
    expect(b.errors).toEqual(["You do not own that fisher."]);
    // Ana's own declaration goes through
    expect(
      await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } }),
    ).toMatchObject({ ok: true });
  });

  test("v14: the sender is attested by the key commitment as on v13; a forged auth for another user is refused", async () => {
    const t = track(await makePlayerTable({ generation: 14 }));
    const lake = await lakeOn(t);
    const b = t.players[1];
    const forged = await b.query(t.userIds.gm, PLAYER_QUERY, {
      type: "declare",
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "catch" },
      auth: { user: t.userIds.a, key: "0".repeat(64) },
    });
    expect(forged).toMatchObject({ ok: false, error: { code: "unattested" } });
    // the real owner, with her own key, is attested (the server's options.user is not needed)
    expect(
      await desk(t.players[0]).declare({
        lake,
        fisher: "f1",
        round: 1,
        declaration: { action: "catch" },
      }),
    ).toMatchObject({ ok: true });
  });

  test("stale, duplicate, illegal and malformed declarations change nothing; a change before lock replaces", async () => {
    const t = track(await makePlayerTable());
    const lake = await lakeOn(t);
    const a = t.players[0];
    const d = desk(a);
    expect(
      await d.declare({ lake, fisher: "f1", round: 2, declaration: { action: "catch" } }),
    ).toMatchObject({
      ok: false,
      error: { code: "staleRound" },
    });
    expect(
      await d.declare({
        lake,
        fisher: "f1",
        round: 1,
        declaration: { action: "move", to: [2, 2, 0] },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: "notAdjacent" },
    });
    expect(
      await d.declare({ lake, fisher: "f9", round: 1, declaration: { action: "catch" } }),
    ).toMatchObject({
      ok: false,
      error: { code: "unknownFisher" },
    });
    expect(
      await d.send({ type: "declare", lake, fisher: "f1", round: "1" } as never),
    ).toMatchObject({
      ok: false,
      error: { code: "badIntent" },
    });
    expect(pending(t, lake).actions).toEqual({});
    // duplicate: the same declaration twice is one declaration
    for (let i = 0; i < 2; i++)
      expect(
        await d.declare({
          lake,
          fisher: "f1",
          round: 1,
          declaration: { action: "move", to: [1, 0, 0] },
        }),
      ).toMatchObject({ ok: true });
    expect(pending(t, lake).actions).toEqual({ f1: { action: "move", to: [1, 0, 0] } });
    // a change before the lock replaces the old one
    expect(
      await d.declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } }),
    ).toMatchObject({ ok: true });
    expect(pending(t, lake).actions).toEqual({ f1: { action: "catch" } });
    // errors read in the player's language
    for (const code of ["staleRound", "notAdjacent", "badIntent", "locked"])
      expect(d.errorText({ code, field: "", message: code })).not.toMatch(/KOLIKOLY|refused/);
    // after the lock, no change
    expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true, value: { round: 1 } });
    expect(
      await d.declare({
        lake,
        fisher: "f1",
        round: 1,
        declaration: { action: "move", to: [1, 0, 0] },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: "locked" },
    });
    expect(pending(t, lake).actions).toEqual({ f1: { action: "catch" } });
    // after resolution the round is stale
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    expect(
      await d.declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } }),
    ).toMatchObject({
      ok: false,
      error: { code: "staleRound" },
    });
  });
});

describe("issue 4: checks (K6) from the roll card and from sheets", () => {
  test("H4 a thrown fisher's sheet roll counts with the engine's -4, as the formula it would ask", async () => {
    const { t, lake, a } = await anaTracksLocked();
    // Ana was thrown by a hazard (H4): the GM's game holds her -4 on her next check
    const ana = t.gm.runtime!.host.cached(lake)!.state.fishers[0]!;
    (ana as { checkPenalty: number }).checkPenalty = 4;
    // her sheet's Survival roll: 13 on the die, 17 with her own modifier, counted 13
    await sheetSurvival(t, a, { create: true });
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 13, natural: 13 });
  });

  test("K6 dnd5e 5.3.3: the card fills in from a sheet roll (actor.rollSkill) and a card button (net attack)", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [13, 17]);
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    await desk(a).declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "track", target: [1, 1, 0] },
    });
    await desk(b).declare({ lake, fisher: "f2", round: 1, declaration: { action: "catch" } });
    const lock = await gmDesk(t.gm).lock(lake);
    expect(lock).toMatchObject({ ok: true });
    const cardId = (lock as { value: { messageId: string } }).value.messageId;
    // every client sees the card: who rolls, not what
    const card = b.message(cardId)!;
    expect(checksFlagOf(card)!.rows).toEqual([
      { fisher: "f1", status: "waiting" },
      { fisher: "f2", status: "waiting" },
    ]);
    expect(card.content).not.toMatch(/Survival|Net attack|Stealth|Animal/);
    // Ana rolls Survival straight from her sheet, as the dnd5e sheet does (no module flag)
    await sheetSurvival(t, a, { create: true });
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 17, natural: 13 });
    expect(checksFlagOf(b.message(cardId)!)!.rows[0]).toEqual({ fisher: "f1", status: "rolled" });
    // Bo asks what he owes (only his fisher) and rolls it from the card: the net's attack activity
    const owed = (await desk(b).checks({ lake, round: 1 })) as { ok: true; value: OwedCheck[] };
    expect(owed.value).toEqual([
      { fisher: "f2", actorId: t.actorIds[1], kind: "attack", rolled: false },
    ]);
    expect(await desk(b).rollFromCard(lake, 1, "f2")).toEqual({ ok: true, value: 1 });
    await settle();
    // Bo has the 2024 net (no attack activity): a core Roll of 1d20 + proficiency + Dex (+4)
    const bosRoll = t.gm.messageList().find((m) => m.flags?.[MODULE_ID] && m.rolls?.length)!;
    expect(bosRoll.rolls![0]!.formula).toBe("1d20 + 2 + 2");
    const nat = bosRoll.rolls![0]!.terms![0]!.results![0]!.result;
    expect(pending(t, lake).totals.f2).toEqual({ total: nat + 4, natural: nat });
    expect(checksFlagOf(a.message(cardId)!)!.rows.map((r) => r.status)).toEqual([
      "rolled",
      "rolled",
    ]);
    // a second roll does not replace the first
    await sheetSurvival(t, a, {});
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 17, natural: 13 });
    // the GM resolves: the checks are the rolled totals
    const r = await gmDesk(t.gm).resolve(lake, 1);
    expect(r).toMatchObject({ ok: true, value: { round: 1 } });
    const log = t.gm.runtime!.host.cached(lake)!.log;
    expect(
      log.filter((e) => e.type === "check").map((e) => [e.fisher, (e as { total: number }).total]),
    ).toEqual([
      ["f1", 17],
      ["f2", nat + 4],
    ]);
    expect(checksFlagOf(a.message(cardId)!)!.closed).toBe(true);
  });

  test("a roll of the wrong check, or by someone who does not own the fisher, is not counted", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [12, 12, 12]);
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    await desk(a).declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "move", to: [1, 0, 0] },
    });
    await gmDesk(t.gm).lock(lake);
    // Stealth is Move's check; Ana rolls Survival first: not counted
    const roll = (c: PlayerClient, skill: string) =>
      (
        c.actor(t.actorIds[0]!) as unknown as {
          rollSkill: (c: object, d: object, m: object) => Promise<unknown>;
        }
      ).rollSkill({ skill }, {}, {});
    await roll(a, "sur");
    await settle();
    expect(pending(t, lake).totals).toEqual({});
    // Bo rolls Ana's actor's Stealth from his client (a message speaking for Ana, authored by Bo): not counted
    await roll(b, "ste");
    await settle();
    expect(pending(t, lake).totals).toEqual({});
    await roll(a, "ste");
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 17, natural: 12 });
  });

  test("K6 pf2e: the card fills in from Statistic#roll sheet rolls (flags.pf2e.context)", async () => {
    const t = track(await makePlayerTable({ system: "pf2e" }));
    pf2eActors(t, [8, 15]);
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    await desk(a).declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "herd", toward: [1, 0, 0] },
    });
    await desk(b).declare({
      lake,
      fisher: "f2",
      round: 1,
      declaration: { action: "move", to: [1, 1, 0] },
    });
    await gmDesk(t.gm).lock(lake);
    const stat = (c: PlayerClient, id: string, slug: string) =>
      (
        c.actor(id) as unknown as {
          skills: Record<string, { roll: (a?: object) => Promise<unknown> }>;
        }
      ).skills[slug]!.roll();
    await stat(a, t.actorIds[0]!, "nature"); // Herd = Nature in pf2e: 8 + 7
    await stat(b, t.actorIds[1]!, "stealth"); // Move = Stealth: 15 + 10
    await settle();
    expect(pending(t, lake).totals).toEqual({
      f1: { total: 15, natural: 8 },
      f2: { total: 25, natural: 15 },
    });
  });

  test("the GM rolls for an absent player, or types a total", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [20]);
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } });
    await desk(b).declare({
      lake,
      fisher: "f2",
      round: 1,
      declaration: { action: "track", target: [1, 0, 0] },
    });
    expect(await gmDesk(t.gm).enterTotal(lake, "f2", 12)).toMatchObject({
      ok: false,
      error: { code: "notLocked" },
    });
    await gmDesk(t.gm).lock(lake);
    b.disconnect();
    expect(await gmDesk(t.gm).enterTotal(lake, "f2", 12)).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).rollFor(lake, "f1")).toMatchObject({
      ok: true,
      value: { total: 25, natural: 20 },
    });
    await settle();
    expect(pending(t, lake).totals).toEqual({ f1: { total: 25, natural: 20 }, f2: { total: 12 } });
    const card = t.gm.messageList().find((m) => checksFlagOf(m))!;
    expect(checksFlagOf(card)!.rows.map((r) => r.status)).toEqual(["rolled", "entered"]);
  });

  test("a blind roll stays blind: its total is in no payload another player's client receives from the module", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [19]);
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    await desk(a).declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "track", target: [1, 1, 0] },
    });
    await gmDesk(t.gm).lock(lake);
    a.mode = "blindroll";
    const before = b.received.length;
    expect(await desk(a).rollFromCard(lake, 1)).toEqual({ ok: true, value: 1 });
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 23, natural: 19 });
    // the roll message itself is Foundry's: whispered to the GMs and blind (applyRollMode)
    const rollMsg = t.gm.messageList().find((m) => m.rolls?.length && m.flags?.[MODULE_ID])!;
    expect(rollMsg.blind).toBe(true);
    expect(rollMsg.whisper).toEqual([t.userIds.gm, t.userIds.gm2]);
    // everything else Bo's client received since: no total, no natural, no check kind
    const others = b.received
      .slice(before)
      .filter(
        (p) => JSON.stringify(p).indexOf(rollMsg.id) < 0 || !JSON.stringify(p).includes('"rolls"'),
      );
    for (const p of others) {
      const text = JSON.stringify(p);
      expect(text).not.toMatch(/"total"|"natural"|survival/i);
      expect(text.replace(/<[^>]*>/g, " ")).not.toMatch(/\b23\b|\b19\b/);
    }
    // the module's own messages carry no rolls, so Dice So Nice never animates them
    for (const m of t.gm.messageList()) if (checksFlagOf(m)) expect(m.rolls ?? []).toEqual([]);
  });
});

describe("issue 4: the active GM hands over mid-round", () => {
  test("no declaration is lost and no round is resolved twice", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [11, 6]);
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    await t.gm2.connect();
    await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } });
    // the first GM leaves: the second becomes the active GM and answers from the same GM store
    t.gm.disconnect();
    await settle();
    expect(t.gm2.activeGmId()).toBe(t.userIds.gm2);
    await desk(b).declare({
      lake,
      fisher: "f2",
      round: 1,
      declaration: { action: "move", to: [2, 1, 0] },
    });
    expect(pending(t, lake).actions).toEqual({
      f1: { action: "catch" },
      f2: { action: "move", to: [2, 1, 0] },
    });
    await gmDesk(t.gm2).lock(lake);
    await desk(a).rollFromCard(lake, 1);
    await desk(b).rollFromCard(lake, 1);
    await settle();
    expect(Object.keys(pending(t, lake).totals).sort()).toEqual(["f1", "f2"]);
    expect(await gmDesk(t.gm2).resolve(lake, 1)).toMatchObject({ ok: true });
    // the first GM comes back and is the active GM again; resolving round 1 again is refused
    await t.gm.connect();
    dnd5eActors(t, []);
    await settle();
    expect(t.gm.activeGmId()).toBe(t.userIds.gm);
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({
      ok: false,
      error: { code: "staleRound" },
    });
    expect(await gmDesk(t.gm2).resolve(lake, 2)).toMatchObject({
      ok: false,
      error: { code: "notActiveGm" },
    });
    expect(t.server.truth.store.get(lake)!.rounds).toHaveLength(1);
  });

  test("a roll made while a GM hands over is read by the new active GM", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [9]);
    const lake = await lakeOn(t);
    const a = t.players[0];
    await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } });
    await gmDesk(t.gm).lock(lake);
    // the second GM's browser holds the store's key (a key file the first GM exported)
    t.gm2.keyStorage().save(t.gm.runtime!.host.store.ring.export());
    t.gm.disconnect();
    // no GM connected: Ana rolls from her sheet (dnd5e's Net attack activity); nobody counts it yet
    const actor = a.actor(t.actorIds[0]!) as unknown as {
      system: { activities?: unknown };
    } & ActorLike;
    const net = [
      ...(actor.items as Iterable<{
        system: {
          activities: Record<
            string,
            { rollAttack?: (c: object, d: object, m: object) => Promise<unknown> }
          >;
        };
      }>),
    ][0]!;
    await Object.values(net.system.activities)[0]!.rollAttack!({}, {}, {});
    await settle();
    expect(pending(t, lake).totals).toEqual({});
    // the second GM connects and reads the open card's messages
    await t.gm2.connect();
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 14, natural: 9 });
  });
});

/** Lets queued hook handlers (fire-and-forget in Foundry) finish: every client's GM desk queue. */
let clients: PlayerClient[] = [];
/** dnd5e, Ana (die 13, Survival 17) declares a Track and the GM locks round 1. */
async function anaTracksLocked() {
  const t = track(await makePlayerTable({ system: "dnd5e" }));
  dnd5eActors(t, [13, 17]);
  const lake = await lakeOn(t);
  const [a, b] = t.players;
  await desk(a).declare({
    lake,
    fisher: "f1",
    round: 1,
    declaration: { action: "track", target: [1, 1, 0] },
  });
  expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true });
  return { t, lake, a: a!, b: b! };
}

/** Ana's Survival rolled from her dnd5e sheet (actor.rollSkill), as the sheet's button does. */
async function sheetSurvival(t: PlayerTable, a: PlayerTable["players"][number], m: object) {
  await (
    a.actor(t.actorIds[0]!) as unknown as {
      rollSkill: (c: object, d: object, m: object) => Promise<unknown>;
    }
  ).rollSkill({ skill: "sur" }, {}, m);
}

function track(t: PlayerTable): PlayerTable {
  clients = [t.gm, t.gm2, ...t.players];
  return t;
}
async function settle(): Promise<void> {
  await settleClients(clients);
}

describe("issue 4 end to end: three clients, several rounds", () => {
  test("players declare and roll (public, GM and blind rolls), the GM resolves; no secret and no declaration reaches another player", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(
      t,
      Array.from({ length: 40 }, (_, i) => ((i * 7) % 20) + 1),
    );
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    const rng = rngFor(3);
    const modes = ["publicroll", "gmroll", "blindroll"] as const;
    const names = (id: string) => ({ f1: "Ana", f2: "Bo" })[id] ?? id;
    for (let round = 1; round <= 6; round++) {
      const mark = [a.received.length, b.received.length];
      for (const [i, c] of [a, b].entries()) {
        const fisher = `f${i + 1}`;
        const v = (await desk(c).view({ lake, fisher })) as { ok: true; value: FisherDesk };
        expect(v.ok).toBe(true);
        const d = randomDeclaration(v.value.view, fisher, rng) ?? { action: "catch" as const };
        expect(await desk(c).declare({ lake, fisher, round, declaration: d })).toMatchObject({
          ok: true,
        });
      }
      // before resolution no client holds anyone's declaration (only who declared), apart from
      // the answers to its own queries, which Foundry gives the caller alone
      for (const [i, c] of [a, b].entries()) {
        const others = c.received
          .slice(mark[i])
          .filter((p) => !(p.channel === "query" && p.name.endsWith(":reply")));
        const since = JSON.stringify(others);
        expect(since).not.toMatch(/"declaration"|"actions"|"toward"|"target":\[/);
      }
      expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true, value: { round } });
      a.mode = modes[round % 3]!;
      b.mode = modes[(round + 1) % 3]!;
      expect(await desk(a).rollFromCard(lake, round)).toEqual({ ok: true, value: 1 });
      expect(await desk(b).rollFromCard(lake, round)).toEqual({ ok: true, value: 1 });
      await settle();
      expect(Object.keys(pending(t, lake).totals).sort()).toEqual(["f1", "f2"]);
      expect(await gmDesk(t.gm).resolve(lake, round)).toMatchObject({ ok: true, value: { round } });
      // what each player received this round holds no secret of the state after it (secrecy.ts)
      const now = t.gm.runtime!.host.cached(lake)!;
      for (const [i, c] of [a, b].entries()) {
        const leaks = findLeaks(c.received.slice(mark[i]), {
          state: now.state,
          log: now.log,
          owned: [`f${i + 1}`],
          names,
        });
        expect(leaks).toEqual([]);
      }
      if (now.state.over) break;
    }
    expect(t.gm.runtime!.host.cached(lake)!.rounds.length).toBeGreaterThan(0);
  });
});

describe("issue 4: any other system rolls the GM's formulas", () => {
  test("generic: the card's button rolls 1d20 + @abilities.dex.mod with the actor's roll data; the GM counts it", async () => {
    const t = track(await makePlayerTable({ system: "swade" }));
    const a = t.players[0];
    for (const c of [t.gm, a])
      c.attachActor(t.actorIds[0]!, {
        id: t.actorIds[0]!,
        name: "Ana",
        system: {},
        getRollData: () => ({ abilities: { dex: { mod: 3 } } }),
      });
    const lake = await lakeOn(t);
    expect(a.wiring!.adapter().id).toBe("generic");
    await desk(a).declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "move", to: [1, 0, 0] },
    });
    await gmDesk(t.gm).lock(lake);
    expect(await desk(a).rollFromCard(lake, 1)).toEqual({ ok: true, value: 1 });
    await settle();
    const m = t.gm.messageList().find((x) => x.rolls?.length)!;
    expect(m.rolls![0]!.formula).toBe("1d20 + 3");
    expect(m.flags?.[MODULE_ID]).toEqual({ request: { round: 1, fisher: "f1", kind: "stealth" } });
    const nat = m.rolls![0]!.terms![0]!.results![0]!.result;
    expect(pending(t, lake).totals.f1).toEqual({ total: nat + 3, natural: nat });
    // resolved from the GM panel's path (the host directly): the card closes all the same
    expect(await t.gm.runtime!.host.resolveRound(lake)).toMatchObject({ ok: true });
    await settle();
    const card = a.messageList().find((x) => checksFlagOf(x))!;
    expect(checksFlagOf(card)!.closed).toBe(true);
    expect(card.content).not.toContain(`data-action="kolikoly-roll"`);
  });
});

describe("issue 4: a self roll", () => {
  test("a sheet roll in self mode is not counted, and the player is told why", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [16, 16]);
    const lake = await lakeOn(t);
    const a = t.players[0];
    await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } });
    await gmDesk(t.gm).lock(lake);
    a.mode = "selfroll";
    const actor = a.actor(t.actorIds[0]!) as ActorLike;
    const net = [
      ...(actor.items as Iterable<{
        system: {
          activities: Record<
            string,
            { rollAttack?: (c: object, d: object, m: object) => Promise<unknown> }
          >;
        };
      }>),
    ][0]!;
    await Object.values(net.system.activities)[0]!.rollAttack!({}, {}, {});
    await settle();
    expect(pending(t, lake).totals).toEqual({});
    expect(a.errors).toEqual([strictLocalize("KOLIKOLY.Players.SelfRoll")]);
  });
});

describe("issue 4: K7 initiative through the system", () => {
  test("a fisher's initiative is the system's own roll (dnd5e getInitiativeRoll), roll-offs stay with the core driver", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [14]);
    const lake = await lakeOn(t);
    const asked: string[] = [];
    const base = { roll: async (r: RollRequest) => (asked.push(r.key), { total: 1 }) };
    const driver = gmDesk(t.gm).driver(base, lake);
    const init = makeRequest("initiative", "initiative:f1", "1d20+3", "all", "f1");
    // Ana's prepared initiative total is +3 (attributes.init.total); the d20 shows 14
    expect(await driver.roll(init)).toEqual({ total: 17, natural: 14 });
    const m = t.gm
      .messageList()
      .find(
        (x) =>
          (x.flags as { core?: { initiativeRoll?: boolean } } | undefined)?.core?.initiativeRoll,
      )!;
    expect(m.flags?.[MODULE_ID]).toEqual({
      request: { round: 1, fisher: "f1", kind: "initiative", resolving: true },
    });
    expect(m.whisper).toEqual([]);
    expect(await driver.roll(makeRequest("initiative", "rolloff:f1", "1d20", "all", "f1"))).toEqual(
      { total: 1 },
    );
    expect(await driver.roll(makeRequest("damage", "damage:f1", "1d6+3", "all", "f1"))).toEqual({
      total: 1,
    });
    // no declaration for f1 this round: its check is not the system's to roll
    expect(await driver.roll(makeRequest("check", "check:f1", "1d20+4", "all", "f1"))).toEqual({
      total: 1,
    });
    expect(asked).toEqual(["rolloff:f1", "damage:f1", "check:f1"]);
    // kolikoly.preRoll may veto it, as it may veto any roll (the last expectation of this test)
    t.gm.hooks.on("kolikoly.preRoll", () => false);
    await expect(driver.roll(init)).rejects.toThrow(/vetoed/);
  });
});

describe("issue 4: K7 conflicts resolved with the system's initiative", () => {
  test("two swift moves into one square conflict: each initiative is the system's own roll message", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    const lake = await lakeOn(t);
    // d20 faces for the system's initiative rolls: Ana 4 (+3), Bo 15 (+2)
    dnd5eActors(t, [4, 15]);
    const [a, b] = t.players;
    await desk(a).declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "move", to: [1, 0, 0] },
    });
    await desk(b).declare({
      lake,
      fisher: "f2",
      round: 1,
      declaration: { action: "move", to: [1, 0, 0] },
    });
    await gmDesk(t.gm).lock(lake);
    // K14 17+: both move and attack in [1,0,0] -> a conflict group (K7)
    expect(await gmDesk(t.gm).enterTotal(lake, "f1", 18)).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).enterTotal(lake, "f2", 19)).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    const log = t.gm.runtime!.host.cached(lake)!.log;
    const inits = log
      .filter((e) => e.type === "initiative")
      .map((e) => [e.fisher, (e as { total: number }).total]);
    expect(inits).toEqual([
      ["f1", 7],
      ["f2", 17],
    ]);
    expect(log.find((e) => e.type === "conflict")).toMatchObject({
      at: [1, 0, 0],
      order: ["f2", "f1"],
    });
    const initMsgs = a
      .messageList()
      .filter(
        (m) =>
          (m.flags as { core?: { initiativeRoll?: boolean } } | undefined)?.core?.initiativeRoll,
      );
    expect(initMsgs.map((m) => m.speaker?.actor)).toEqual([t.actorIds[0], t.actorIds[1]]);
  });
});

describe("issue 4: a check nobody rolled", () => {
  test("K6 at resolution the GM's client rolls it through the system for the absent player", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [8, 12]); // Bo's Survival, then Ana's net at resolution
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } });
    await desk(b).declare({
      lake,
      fisher: "f2",
      round: 1,
      declaration: { action: "track", target: [1, 0, 0] },
    });
    await gmDesk(t.gm).lock(lake);
    await desk(b).rollFromCard(lake, 1);
    await settle();
    b.disconnect(); // Ana never rolls; Bo has
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    const log = t.gm.runtime!.host.cached(lake)!.log;
    // Ana's catch check: her 2014 Net's attack activity (+5), rolled on the GM's client: 12 + 5
    expect(log.find((e) => e.type === "check" && e.fisher === "f1")).toMatchObject({
      total: 17,
      natural: 12,
    });
    const m = t.gm
      .messageList()
      .find(
        (x) =>
          (x.flags?.dnd5e as { roll?: { type?: string } } | undefined)?.roll?.type === "attack",
      )!;
    expect(m.author).toBe(t.userIds.gm);
    expect(m.flags?.[MODULE_ID]).toEqual({
      request: { round: 1, fisher: "f1", kind: "attack", resolving: true },
    });
    // that roll answered the engine; it is not a pending total of the next round
    await settle();
    expect(pending(t, lake).totals).toEqual({});
  });
});

describe("issue 4: a declaration racing the lock", () => {
  test("K5 it is either on the roll card or refused as locked, never in between", async () => {
    for (const order of ["declare-first", "lock-first"] as const) {
      const t = track(await makePlayerTable());
      const lake = await lakeOn(t);
      const a = t.players[0];
      const declare = () =>
        desk(a).declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } });
      const lock = () => gmDesk(t.gm).lock(lake);
      const [r] =
        order === "declare-first"
          ? await Promise.all([declare(), lock()])
          : (await Promise.all([lock(), declare()])).reverse();
      await settle();
      const card = t.gm.messageList().find((m) => checksFlagOf(m))!;
      const listed = checksFlagOf(card)!.rows.some((row) => row.fisher === "f1");
      const stored = "f1" in pending(t, lake).actions;
      expect(listed).toBe(stored);
      if (!r!.ok) expect(r!.error.code).toBe("locked");
    }
  });
});

describe("issue 4: K9 a net's own damage from the system", () => {
  test("a homebrew dnd5e net with base damage 1d4 sets the fisher's net damage at lake setup", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    const withDamage = {
      ...dnd5eAna,
      id: t.actorIds[0]!,
      items: [
        {
          ...net2014,
          system: { ...net2014.system, damage: { base: { number: 1, denomination: 4 } } },
        },
      ],
    };
    t.gm.attachActor(t.actorIds[0]!, withDamage);
    const adapter = t.gm.wiring!.adapter();
    const r = await t.gm.runtime!.host.createLake({
      sceneId: t.sceneId,
      name: "Mirror lake",
      lake: { width: 3, height: 3, levels: 1, verticalAdjacency: true },
      origin: { col: 1, row: 1 },
      fishers: [
        {
          tokenId: t.tokenIds[0]!,
          at: [0, 0, 0],
          mods: adapter.mods(withDamage),
          netDamage: adapter.netDamage(withDamage),
        },
      ],
      seed: 5,
    });
    expect(r.ok).toBe(true);
    const f = t.gm.runtime!.host.cached((r as { value: { id: string } }).value.id)!.state
      .fishers[0]!;
    expect(f.netDamage).toBe("1d4+@mod");
    expect(f.mods).toMatchObject({ attack: 5, damage: 3, survival: 4 });
  });
});

describe("issue 9: the round played again after an undo", () => {
  test("K5, K6: after the GM undoes a locked and resolved round, it is declared, locked and rolled afresh", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [15, 15, 15, 15]);
    const lake = await lakeOn(t);
    const d = desk(t.players[0]);
    const declare = () =>
      d.declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } });
    expect(await declare()).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true, value: { round: 1 } });
    expect(await gmDesk(t.gm).enterTotal(lake, "f1", 12)).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    await settle();
    const undone = await t.gm.runtime!.host.undoRound(lake);
    expect(undone).toMatchObject({ ok: true });
    await settle();
    // round 1 again: its old card is closed history, the new round is open to declarations
    expect(await declare()).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true, value: { round: 1 } });
    await settle();
    const open = t.gm
      .messageList()
      .filter((m) => checksFlagOf(m)?.round === 1)
      .map((m) => Boolean(checksFlagOf(m)!.closed));
    expect(open).toEqual([true, false]);
    expect(await gmDesk(t.gm).enterTotal(lake, "f1", 13)).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
  });
});

describe("issue 9: a player's view asked for during a resolution", () => {
  test("K5: the view waits for the record the resolution writes, so the new round opens unlocked", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [12, 12, 12, 12]);
    const lake = await lakeOn(t);
    expect(
      await desk(t.players[0]).declare({
        lake,
        fisher: "f1",
        round: 1,
        declaration: { action: "catch" },
      }),
    ).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).enterTotal(lake, "f1", 12)).toMatchObject({ ok: true });
    // the player's client hears of the new round (the scene flag) while the GM still writes:
    // its window asks for the view in the middle of the resolution
    let asked: Promise<unknown> | undefined;
    t.gm.hooks.on("kolikoly.preResolveRound", () => {
      asked ??= desk(t.players[0]).view({ lake, fisher: "f1" });
      return true;
    });
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    expect(asked).toBeDefined();
    expect(await asked).toMatchObject({ ok: true, value: { round: 2, locked: false } });
  });
});

describe("issue 10 (small leaks): the rolled request", () => {
  test("K6: only a roll's author (or a GM) may name it, and the answer never tells its dice", async () => {
    const { t, lake, a, b } = await anaTracksLocked();
    a.mode = "blindroll";
    await sheetSurvival(t, a, { create: true, rollMode: "blindroll" });
    await settle();
    const roll = t.gm.messageList().find((m) => m.rolls?.length && m.blind)!;
    expect(roll).toBeDefined();
    // Bo names Ana's blind roll: refused, nothing about it told
    const bo = await desk(b).send({ type: "rolled", lake, round: 1, messageId: roll.id });
    expect(bo).toMatchObject({ ok: false, error: { code: "notOwner" } });
    // Ana names her own: counted, and still no number comes back
    const ana = await desk(a).send({ type: "rolled", lake, round: 1, messageId: roll.id });
    expect(ana).toEqual({ ok: true, value: { counted: true } });
    expect(JSON.stringify(ana)).not.toMatch(/total|natural/);
    expect(pending(t, lake).totals.f1).toEqual({ total: 17, natural: 13 });
  });
});

describe("issue 10 (small leaks): a resolution that does not commit", () => {
  test("K6, K7: the checks and initiatives the system rolled for it are taken back from chat", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [11, 12, 13, 14, 15, 16]);
    const lake = await lakeOn(t);
    const [a, b] = t.players;
    await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: { action: "catch" } });
    await desk(b).declare({
      lake,
      fisher: "f2",
      round: 1,
      declaration: { action: "move", to: [1, 0, 0] },
    });
    const before = t.gm.messageList().length;
    // the second system roll of the resolution is vetoed: the first was already posted
    let rolls = 0;
    t.gm.hooks.on("kolikoly.preRoll", () => ++rolls < 2);
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({
      ok: false,
      error: { code: "vetoed" },
    });
    await settle();
    expect(rolls).toBe(2);
    expect(t.gm.messageList().length).toBe(before);
    expect(t.players[0].messageList().length).toBe(before);
    // and the round resolves afterwards, its rolls kept
    t.gm.hooks.reset();
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    await settle();
    expect(
      t.gm.messageList().filter((m) => m.rolls?.length && m.flags?.[MODULE_ID]).length,
    ).toBeGreaterThan(0);
  });
});
