/**
 * Floods cost the sender, not the table: Ana's console sends each channel a player can reach far
 * more than a person would, and the test measures what reaches the GM's screen, what the GM's
 * client sends on to other players or asks of the store, and whether Bo's honest request right
 * after is still answered at once (its time is printed; speed targets live in the bench).
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { QUERY } from "../../../src/foundry/core/constants.ts";
import { CHANGES_PER_ROUND } from "../../../src/foundry/players/desk.ts";
import { NEWS_ASKS_PER_ROUND } from "../../../src/foundry/fishing/host.ts";
import { POKE_GAP_MS } from "../../../src/foundry/runtime.ts";
import { d20Roll, dnd5eBo, dnd5eSkillMessage } from "../../fixtures/systems/dnd5e.ts";
import type { MessageLike } from "../../../src/foundry/systems/types.ts";
import type { PlayerClient, PlayerTable } from "../players/fake-players.ts";
import { lakeOn, makePlayerTable } from "../players/fake-players.ts";
import { dnd5eActors, settleClients } from "../players/actors.ts";

let clients: PlayerClient[] = [];
afterEach(() => {
  clients = [];
  vi.restoreAllMocks();
});

const TRACK = { action: "track", target: [1, 1, 0] };
const MOVE = { action: "move", to: [2, 1, 0] };
const MOVE2 = { action: "move", to: [0, 1, 0] };

async function table(): Promise<{ t: PlayerTable; lake: string }> {
  const t = await makePlayerTable({ system: "dnd5e" });
  clients = [t.gm, t.gm2, ...t.players];
  dnd5eActors(t, []);
  const lake = await lakeOn(t);
  return { t, lake };
}

/** How long Bo's declaration takes to be answered, and the answer. */
async function honest(t: PlayerTable, lake: string) {
  const start = performance.now();
  const r = await t.players[1].wiring!.player.declare({
    lake,
    fisher: "f2",
    round: 1,
    declaration: MOVE,
  });
  return { r, ms: performance.now() - start };
}

describe("floods cost the sender, not the table", () => {
  test("60 forged rolls are one line on the GM's screen, its count rising; Bo is answered at once", async () => {
    const { t, lake } = await table();
    const [a, b] = t.players;
    await a.wiring!.player.declare({ lake, fisher: "f1", round: 1, declaration: TRACK });
    await b.wiring!.player.declare({ lake, fisher: "f2", round: 1, declaration: MOVE });
    expect(await t.gm.wiring!.gm.lock(lake)).toMatchObject({ ok: true });
    const boActor = { ...dnd5eBo, id: t.actorIds[1]! };
    for (let i = 0; i < 60; i++) {
      const m = {
        ...dnd5eSkillMessage("x", t.userIds.a, boActor, "ste", 14, 2),
        rolls: [d20Roll(12, 2)],
      } as MessageLike;
      await a.postRoll(m, "publicroll");
    }
    await settleClients(clients);
    await t.gm.wiring!.gm.idle();
    console.info(`flood: 60 forged rolls -> ${t.gm.alerts.length} line(s) on the GM's screen`);
    expect(t.gm.alerts).toHaveLength(1);
    expect(t.gm.alerts[0]).toMatch(/\b60\b/);
    const start = performance.now();
    const bo = dnd5eSkillMessage("x", t.userIds.b, boActor, "ste", 14, 2);
    const posted = await b.postRoll(
      { ...bo, rolls: [d20Roll(12, 2)] } as MessageLike,
      "publicroll",
    );
    const reply = await b.wiring!.player.send({
      type: "rolled",
      lake,
      round: 1,
      messageId: posted.id!,
    });
    console.info(`flood: Bo's roll answered in ${(performance.now() - start).toFixed(1)} ms`);
    expect(reply).toMatchObject({ ok: true });
  });

  test("50 news asks naming Bo send Bo at most NEWS_ASKS_PER_ROUND private-news queries a round", async () => {
    const { t, lake } = await table();
    const [a, b] = t.players;
    // a played round: Bo tracked, and what he found is his private news
    await a.wiring!.player.declare({ lake, fisher: "f1", round: 1, declaration: MOVE2 });
    await b.wiring!.player.declare({ lake, fisher: "f2", round: 1, declaration: TRACK });
    const gm = t.gm.wiring!.gm;
    expect(await gm.lock(lake)).toMatchObject({ ok: true });
    expect(await gm.enterTotal(lake, "f1", 15)).toMatchObject({ ok: true });
    expect(await gm.enterTotal(lake, "f2", 18)).toMatchObject({ ok: true });
    expect(await gm.resolve(lake, 1)).toMatchObject({ ok: true });
    await settleClients(clients);
    let sent = 0;
    const real = b.runtime!.queries()[QUERY.private]!;
    b.replaceQuery(QUERY.private, async (d, o) => {
      sent++;
      return real(d, o);
    });
    for (let i = 0; i < 50; i++) await a.query(t.userIds.gm, QUERY.news, { user: t.userIds.b });
    await settleClients(clients);
    console.info(`flood: 50 news asks -> ${sent} queries sent on to Bo`);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThanOrEqual(NEWS_ASKS_PER_ROUND);
    // Bo's own ask at his next page load is still answered
    expect(await b.query(t.userIds.gm, QUERY.news, { user: t.userIds.b })).toEqual({ ok: true });
    const start = performance.now();
    const r = await b.wiring!.player.declare({ lake, fisher: "f2", round: 2, declaration: MOVE });
    console.info(
      `flood: Bo's declaration answered in ${(performance.now() - start).toFixed(1)} ms`,
    );
    expect(r).toMatchObject({ ok: true });
  });

  test("K5: the change budget lives in the GM record, so a GM's reload renews none of it", async () => {
    const { t, lake } = await table();
    const [a] = t.players;
    const change = (i: number) =>
      i % 2 === 0
        ? a.wiring!.player.declare({ lake, fisher: "f1", round: 1, declaration: TRACK })
        : a.wiring!.player.withdraw({ lake, fisher: "f1", round: 1 });
    // refused declarations spend nothing
    for (let i = 0; i < 2 * CHANGES_PER_ROUND; i++)
      expect(
        await a.wiring!.player.declare({
          lake,
          fisher: "f1",
          round: 1,
          declaration: { action: "fly" },
        }),
      ).toMatchObject({ ok: false });
    for (let i = 0; i < CHANGES_PER_ROUND; i++) expect(await change(i)).toMatchObject({ ok: true });
    expect(await change(CHANGES_PER_ROUND)).toMatchObject({
      ok: false,
      error: { code: "tooMany" },
    });
    await t.gm.reload();
    await settleClients(clients);
    expect(await change(CHANGES_PER_ROUND)).toMatchObject({
      ok: false,
      error: { code: "tooMany" },
    });
    // the budget is Ana's fisher's, not the table's: Bo declares at once
    const h = await honest(t, lake);
    expect(h.r).toMatchObject({ ok: true });
    // and the GM, who may always change a declaration, undoes nothing by it
    expect(
      await t.gm.runtime!.host.setDeclaration(lake, "f1", { action: "catch" }, 1),
    ).toMatchObject({ ok: true });
  });

  test("50 store pokes cost a GM client one store read a POKE_GAP_MS, the last one read", async () => {
    const { t, lake } = await table();
    const [a] = t.players;
    await t.gm2.connect();
    await settleClients(clients);
    const reads = vi.spyOn(t.server, "storeRead");
    const gm2Reads = () => reads.mock.calls.filter(([u]) => u === t.userIds.gm2).length;
    // what one poke costs: one read of the game (its record and revision documents)
    await a.query(t.userIds.gm2, QUERY.storeWritten, { game: lake });
    await new Promise((r) => setTimeout(r, POKE_GAP_MS + 100));
    const one = gm2Reads();
    expect(one).toBeGreaterThan(0);
    const index = t.server.storeIndexReads;
    const start = Date.now();
    await Promise.all(
      Array.from({ length: 50 }, () => a.query(t.userIds.gm2, QUERY.storeWritten, { game: lake })),
    );
    for (let i = 0; i < 25; i++) await a.query(t.userIds.gm2, QUERY.storeWritten, { game: lake });
    await new Promise((r) => setTimeout(r, POKE_GAP_MS + 100));
    await settleClients(clients);
    const seconds = Math.max(1, (Date.now() - start) / 1000);
    const n = (gm2Reads() - one) / one;
    console.info(
      `flood: 75 store pokes over ${seconds.toFixed(1)} s -> ${n} reads of the game, ${t.server.storeIndexReads - index} index reads`,
    );
    expect(n).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    expect(n).toBeGreaterThanOrEqual(1);
  });
});
