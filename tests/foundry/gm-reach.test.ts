/**
 * A store write reaches the other GM clients (the GM panel and cards follow it there), whether or
 * not Foundry's server sends a compendium write to them: that is not in any source we can read,
 * so the fake offers both ("filtered": every GM client is sent it; "writer": the writer alone),
 * and the writer tells the other GM users itself (`QUERY.storeWritten`).
 */
import { POKE_GAP_MS } from "../../src/foundry/runtime.ts";
import { describe, expect, test } from "vitest";
import type { LiveChange } from "../../src/foundry/core/live-feed.ts";
import { QUERY } from "../../src/foundry/core/constants.ts";
import { FakeClient } from "./fake/client.ts";
import { makeTable } from "./fake/world.ts";

const settle = () => new Promise((r) => setTimeout(r, 50));

async function twoGms(storeBroadcast: "filtered" | "writer", poke = true) {
  const t = await makeTable({ seed: 11 });
  t.server.storeBroadcast = storeBroadcast;
  const gm2 = new FakeClient(t.server, t.server.addUser("Second GM", 4), 12);
  await gm2.connect();
  if (!poke) gm2.runtime!.core.onStorePoke = undefined;
  const heard: LiveChange[] = [];
  gm2.runtime!.live.subscribe((c) => heard.push(c));
  const host = t.gm.runtime!.host;
  const made = await host.createLake({
    sceneId: t.sceneId,
    name: "Mirror lake",
    lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
    origin: { col: 1, row: 1 },
    fishers: t.tokenIds.map((tokenId, i) => ({ tokenId, at: [i, 0, 0] as const })),
    seed: 3,
  });
  if (!made.ok) throw new Error(made.error.code);
  // the lake's creation is heard (or not) before anything else
  await settle();
  heard.length = 0;
  return { t, gm2, heard, lake: made.value.id };
}

describe("a store write reaches the other GM clients", () => {
  test.each(["filtered", "writer"] as const)(
    "server sends compendium writes %s: the second GM's client reads the new record",
    async (mode) => {
      const { t, gm2, heard, lake } = await twoGms(mode);
      const r = await t.gm.runtime!.host.resolveRound(lake);
      expect(r).toMatchObject({ ok: true });
      // a game is read at most once a POKE_GAP_MS for pokes: the lake's creation was just read
      await new Promise((res) => setTimeout(res, POKE_GAP_MS + 50));
      await settle();
      expect(heard.some((c) => c.kind === "store" && c.game === lake)).toBe(true);
      // what it reads is the record as the store holds it: the round just resolved
      const own = await gm2.runtime!.core.store.get(lake);
      expect(own.ok && own.value?.rounds.length).toBe(1);
    },
  );

  test("without the writer's word, a server that keeps compendium writes to their writer leaves the second GM behind (the control)", async () => {
    const { t, heard, lake } = await twoGms("writer", false);
    await t.gm.runtime!.host.resolveRound(lake);
    await new Promise((res) => setTimeout(res, POKE_GAP_MS + 50));
    await settle();
    expect(heard.filter((c) => c.kind === "store")).toEqual([]);
  });

  test("a player's storeWritten is taken by no player's client, and tells a GM's client nothing but ok", async () => {
    const { t, gm2, lake } = await twoGms("filtered");
    const [a, b] = t.players;
    expect(await a.query(b.userId, QUERY.storeWritten, { game: lake })).toEqual({ ok: false });
    expect(await a.query(gm2.userId, QUERY.storeWritten, { game: lake })).toEqual({ ok: true });
    expect(await a.query(gm2.userId, QUERY.storeWritten, { game: "../x" })).toEqual({ ok: false });
  });
});
