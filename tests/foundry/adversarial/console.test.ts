/**
 * Issue 19: what a player's browser console can do, tried from a player's client of the fakes.
 * Each attack is what the player's client can really send (a chat message as themselves, an
 * update of a token whose actor they own, a query to any user: the fake server allows what
 * Foundry allows, with its source cited there), and each test fails on the module as it was before
 * its fix: the GM record is the only authority, a card counts only when a GM client wrote it, a
 * swarm token is known by what a GM client wrote, and a player's request is rebuilt from the
 * fields a player may send.
 */
import { afterEach, describe, expect, test } from "vitest";
import { MODULE_ID, QUERY } from "../../../src/foundry/core/constants.ts";
import { CHANGES_PER_ROUND, checksFlagOf } from "../../../src/foundry/players/desk.ts";
import { publicLakeOf, swarmTokensOf } from "../../../src/foundry/fishing/projection.ts";
import { d20Roll, dnd5eAna, dnd5eSkillMessage } from "../../fixtures/systems/dnd5e.ts";
import type { MessageLike } from "../../../src/foundry/systems/types.ts";
import type { PlayerClient, PlayerTable } from "../players/fake-players.ts";
import { lakeOn, makePlayerTable } from "../players/fake-players.ts";
import { dnd5eActors, settleClients } from "../players/actors.ts";
import { ask, board } from "../kayanak/fixtures.ts";
import { fisherToken } from "../fake/world.ts";

let clients: PlayerClient[] = [];
afterEach(() => {
  clients = [];
});

async function table(): Promise<PlayerTable> {
  const t = await makePlayerTable({ system: "dnd5e" });
  clients = [t.gm, t.gm2, ...t.players];
  return t;
}

const settle = () => settleClients(clients);
const desk = (c: PlayerClient) => c.wiring!.player;
const gmDesk = (c: PlayerClient) => c.wiring!.gm;
const record = (t: PlayerTable, lake: string) => t.server.truth.store.get(lake)!;
const storeDocs = (t: PlayerTable) => t.server.storeIndex(t.userIds.gm).length;

/** Ana's Survival check as dnd5e 5.3.3 posts it, with a d20 showing `face` (+4). */
function survival(t: PlayerTable, face: number): MessageLike {
  const base = dnd5eSkillMessage(
    "ignored",
    t.userIds.a,
    { ...dnd5eAna, id: t.actorIds[0]! },
    "sur",
    face + 4,
    4,
  );
  return { ...base, rolls: [d20Roll(face, 4)] } as MessageLike;
}

/** Ana tracks and Bo catches in round 1; optionally locked by the GM. */
async function declared(t: PlayerTable, lock: boolean): Promise<string> {
  // the characters first, as a GM does: the lake keeps their modifiers from its set-up
  dnd5eActors(t, []);
  const lake = await lakeOn(t);
  const [a, b] = t.players;
  const track = { action: "track", target: [1, 1, 0] };
  expect(await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: track })).toMatchObject(
    { ok: true },
  );
  await desk(b).declare({ lake, fisher: "f2", round: 1, declaration: { action: "catch" } });
  if (lock) expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true });
  await settle();
  return lake;
}

/** A roll card's flag for round 1 as a player would forge it: every row still waiting. */
function forgedCard(lake: string) {
  return {
    content: "<p>Roll your checks</p>",
    flags: {
      [MODULE_ID]: {
        kind: "checks",
        lake,
        round: 1,
        rows: [
          { fisher: "f1", status: "waiting" },
          { fisher: "f2", status: "waiting" },
        ],
      },
    },
  };
}

/** A hazard question as the active GM asks it (hazard-choice.ts `decide`), of Bo's fisher. */
function question(t: PlayerTable, lake: string, id: string) {
  return {
    type: "ask",
    id,
    scene: t.sceneId,
    lake,
    round: 1,
    fisher: "f2",
    facts: { hazard: "pike", name: "A pike", aim: "throw", damage: 3, hp: 10, at: [2, 1, 0] },
    fallback: "hp",
    seconds: 5,
  };
}

describe("issue 19: a player's console against the GM's authority", () => {
  test("K6: a roll card a player posts locks nothing: the round stays open to declarations", async () => {
    const t = await table();
    const lake = await declared(t, false);
    const [a, b] = t.players;
    await a.write([{ kind: "chat.create", data: [forgedCard(lake)] }]);
    await settle();
    // Bo changes his mind: the round is open, whatever a player's card says
    const r = await desk(b).declare({
      lake,
      fisher: "f2",
      round: 1,
      declaration: { action: "move", to: [2, 1, 0] },
    });
    expect(r).toMatchObject({ ok: true });
    expect(record(t, lake).pending.locked).toBeUndefined();
  });

  test("K6: the first roll stands: a forged roll card does not let a player roll a counted check again", async () => {
    const t = await table();
    const lake = await declared(t, true);
    const [a] = t.players;
    await a.postRoll(survival(t, 12), "publicroll");
    await settle();
    expect(record(t, lake).pending.totals.f1).toEqual({ total: 16, natural: 12 });
    // a fresh card whose rows all wait, then a better roll
    await a.write([{ kind: "chat.create", data: [forgedCard(lake)] }]);
    await settle();
    const alerts = t.gm.alerts.length;
    await a.postRoll(survival(t, 19), "publicroll");
    await settle();
    expect(record(t, lake).pending.totals.f1).toEqual({ total: 16, natural: 12 });
    // the GM's own card is the only one the module reads; the forged one is not
    const gmCards = t.gm.messageList().filter((m) => checksFlagOf(m));
    expect(gmCards.length).toBe(2);
    expect(t.gm.alerts.length).toBeGreaterThanOrEqual(alerts);
  });

  test("a player's message with round-card flags is drawn as the player wrote it, not as the module's card", async () => {
    const t = await table();
    const lake = await declared(t, false);
    const [a, b] = t.players;
    const events = [{ type: "gameEnd", round: 1, audience: "all", reason: "gm", catches: [] }];
    await a.write([
      {
        kind: "chat.create",
        data: [
          {
            content: "<p>just a message</p>",
            flags: { [MODULE_ID]: { kind: "end", lake, round: 1, events } },
          },
        ],
      },
    ]);
    await settle();
    const m = b.messages().at(-1)!;
    for (const viewer of [t.gm, b]) expect(await viewer.shown(m)).toBe("<p>just a message</p>");
  });

  test("K20: flags a player sets on a token of theirs neither delete it, nor turn it into a swarm, nor stop a round", async () => {
    const t = await table();
    const lake = await declared(t, true);
    const [a] = t.players;
    // a second token of Ana's actor on the lake's scene (her familiar, say): hers, not a fisher's
    const [created] = await t.gm.write([
      {
        kind: "tokens.create",
        sceneId: t.sceneId,
        data: [{ ...fisherToken("Ana's otter", t.actorIds[0]!), x: 300, y: 300 }],
      },
    ]);
    const anaToken = created![0]!;
    await settle();
    const pub = publicLakeOf(t.gm.scene(t.sceneId)!, lake)!;
    for (const update of [
      // malformed data where the module reads coordinates, on the player's own token
      { flags: { [MODULE_ID]: { lake, swarm: "w000000000001", at: "nowhere", stale: true } } },
      // a swarm's flag and the swarm actor: the token's owner may change both (and then owns it
      // no longer, so this is the last thing they can do to it)
      {
        actorId: pub.swarmActorId,
        flags: { [MODULE_ID]: { lake, swarm: "w000000000000", at: [0, 0, 0] } },
      },
    ]) {
      await a.write([
        { kind: "tokens.update", sceneId: t.sceneId, updates: [{ _id: anaToken, ...update }] },
      ]);
      await settle();
      expect(swarmTokensOf(pub, t.gm.scene(t.sceneId)!).map((x) => x._id)).not.toContain(anaToken);
      expect((await t.gm.runtime!.host.reconcile(lake)).ok).toBe(true);
    }
    const r = await gmDesk(t.gm).resolve(lake, 1);
    expect(r).toMatchObject({ ok: true });
    // the token is still there, and the GM's reload goes through every lake
    expect(t.gm.scene(t.sceneId)!.tokens.some((x) => x._id === anaToken)).toBe(true);
    await t.gm.reload();
    expect(t.gm.scene(t.sceneId)!.tokens.some((x) => x._id === anaToken)).toBe(true);
  });

  test("J4-J6: a player's Kayanak step carrying a landing's outcome or a landing check is refused", async () => {
    const t = await table();
    const id = await board(t);
    const [a] = t.players;
    expect(await ask(a, id, "f1", 0, { kind: "roll" })).toMatchObject({ ok: true });
    const before = record(t, id);
    for (const step of [
      { fish: [0, 0], lands: "big" },
      { fish: [0, 0], check: 99 },
      { move: [1, 0], extra: true },
    ]) {
      const r = await ask(a, id, "f1", 0, { kind: "step", step });
      expect(r, JSON.stringify(step)).toMatchObject({
        ok: false,
        error: { code: "badIntent", field: "request" },
      });
    }
    expect(await ask(a, id, "f1", 0, { kind: "roll", lands: "big" })).toMatchObject({
      ok: false,
    });
    expect(record(t, id)).toEqual(before);
  });

  test("a GM client answers no player's table-check query with its store counts", async () => {
    const t = await table();
    const lake = await declared(t, false);
    const [a, b] = t.players;
    const counts = async () =>
      (
        (await a.query(t.userIds.gm, QUERY.check, {})) as {
          traffic: Record<string, number>;
        }
      ).traffic;
    const before = await counts();
    await desk(b).declare({ lake, fisher: "f2", round: 1, declaration: { action: "catch" } });
    await desk(b).declare({
      lake,
      fisher: "f2",
      round: 1,
      declaration: { action: "move", to: [2, 1, 0] },
    });
    expect(await counts()).toEqual(before);
    expect(before).toEqual({ socket: 0, index: 0, cache: 0, sealed: 0, readable: 0 });
  });

  test("H4: a player's hazard question opens no window on a GM's screen", async () => {
    const t = await table();
    const lake = await declared(t, false);
    const [a] = t.players;
    const opened = t.gm.choiceWindows.length;
    const reply = await a.query(t.userIds.gm, QUERY.hazardChoice, question(t, lake, "forged1"));
    expect(reply).toEqual({ choice: null });
    expect(t.gm.choiceWindows.length).toBe(opened);
  });

  test("a flood of forged key hand-overs makes a GM read nothing of the store", async () => {
    const t = await table();
    await lakeOn(t);
    const [a] = t.players;
    const before = t.server.storeIndexReads;
    for (let i = 0; i < 20; i++) {
      const hex = i.toString(16).padStart(64, "a");
      const from = [undefined, t.userIds.gm, a.userId, "nobody"][i % 4];
      expect(await a.query(t.userIds.gm, QUERY.keysGiven, { keys: { k: hex }, from })).toEqual({
        taken: 0,
      });
    }
    // an offer is checked against the GM it names, never against the store
    expect(t.server.storeIndexReads - before).toBe(0);
  });

  test("K5: a request that changes nothing writes nothing, and one fisher's declaration changes at most CHANGES_PER_ROUND times a round", async () => {
    const t = await table();
    const lake = await declared(t, false);
    const [a] = t.players;
    const track = { action: "track", target: [1, 1, 0] };
    const docs = storeDocs(t);
    for (let i = 0; i < 5; i++)
      expect(
        await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: track }),
      ).toMatchObject({ ok: true });
    expect(storeDocs(t)).toBe(docs);
    let refused = 0;
    for (let i = 0; i < 3 * CHANGES_PER_ROUND; i++) {
      const r =
        i % 2 === 0
          ? await desk(a).withdraw({ lake, fisher: "f1", round: 1 })
          : await desk(a).declare({ lake, fisher: "f1", round: 1, declaration: track });
      if (!r.ok) {
        expect(r.error.code).toBe("tooMany");
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(storeDocs(t) - docs).toBeLessThanOrEqual(CHANGES_PER_ROUND);
  });

  test("a player whose client never takes its private news holds up no one: the lake's queue is free at once", async () => {
    const t = await table();
    const lake = await declared(t, false);
    const [a, b] = t.players;
    a.stallQuery(QUERY.private);
    let resolved = false;
    const resolving = t.gm.runtime!.host.resolveRound(lake, 1).then((r) => {
      resolved = true;
      return r;
    });
    // the record holds the round before the news goes out
    while (record(t, lake).rounds.length === 0) await new Promise((r) => setTimeout(r, 5));
    const r = await desk(b).declare({
      lake,
      fisher: "f2",
      round: 2,
      declaration: { action: "catch" },
    });
    expect(r).toMatchObject({ ok: true });
    // Bo was answered while the GM still waited for Ana's client (PRIVATE_TIMEOUT_MS)
    expect(resolved).toBe(false);
    expect(await resolving).toMatchObject({ ok: true });
  });
});

describe("issue 19: a player's console against the other players (H4 windows, private news)", () => {
  test("H4: a hazard question Ana's client sends Bo opens no window on Bo's screen, and Bo's answer never reaches her", async () => {
    const t = await table();
    const lake = await declared(t, false);
    const [a, b] = t.players;
    const opened = b.choiceWindows.length;
    const reply = await a.query(t.userIds.b, QUERY.hazardChoice, question(t, lake, "forged2"));
    expect(reply).toEqual({ choice: null });
    expect(b.choiceWindows.length).toBe(opened);
  });

  test("private news Ana's client sends Bo is not taken: Bo's card shows the active GM's news only, and no GM client takes news at all", async () => {
    const t = await table();
    const lake = await declared(t, false);
    const [a, b] = t.players;
    const news = {
      lake,
      fisher: "f2",
      events: [
        {
          round: 1,
          audience: { fisher: "f2" },
          type: "tracked",
          fisher: "f2",
          target: [1, 1, 0],
          learned: true,
          fish: 9,
          swarms: 3,
        },
      ],
    };
    expect(await a.query(t.userIds.b, QUERY.private, news)).toBe(false);
    expect(b.runtime!.cache.get(lake, 1, "f2")).toBeUndefined();
    // a GM client answers no query meant for players
    expect(await a.query(t.userIds.gm, QUERY.private, { ...news, fisher: "f1" })).toBe(false);
    expect(t.gm.runtime!.cache.get(lake, 1, "f1")).toBeUndefined();
    // the control: the active GM's own news still reaches its fisher's player
    await gmDesk(t.gm).lock(lake);
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    await settle();
    expect(a.runtime!.cache.get(lake, 1, "f1")).toBeDefined();
  });
});
