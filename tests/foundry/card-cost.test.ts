/**
 * Issue 20 item 6, cheap cards: drawing a module card reads the same of Foundry in a world of one
 * scene and in one of fifty scenes of 100 tokens each. The lakes are indexed by id once (read
 * again only for a scene that changed), and a GM client's cards load the lake's record once per
 * revision, not once a card.
 */
import { describe, expect, test, vi } from "vitest";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import { composeTable } from "../../src/foundry/compose.ts";
import type { Port } from "../../src/foundry/core/port.ts";
import type { FakeClient } from "./fake/client.ts";
import type { MessageDoc } from "./fake/server.ts";
import { cardWorld, declareAll } from "./fake/measure.ts";

const isCard = (m: MessageDoc) => m.flags[MODULE_ID] !== undefined;

/** What drawing each card reads of the port (scenes, the GM store), on a client just logged in. */
async function readsPerCard(client: FakeClient, cached = true) {
  const counts = { scene: 0, storeRead: 0, storeIndex: 0 };
  // the client's port as this runtime alone sees it, counting its reads
  const port = new Proxy(client, {
    get(target, p) {
      const v = (target as unknown as Record<PropertyKey, unknown>)[p];
      if (typeof v !== "function") return v;
      return (...args: unknown[]) => {
        if (p in counts) counts[p as keyof typeof counts]++;
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as unknown as Port;
  // a runtime as at login: no lake indexed, no record loaded
  const rt = composeTable(port).runtime;
  rt.lakes.enabled = cached;
  const ids = () => client.scenes().map((s) => s._id);
  const out: (typeof counts)[] = [];
  const html: string[] = [];
  for (const m of client.messages().filter(isCard)) {
    for (const k of Object.keys(counts)) counts[k as keyof typeof counts] = 0;
    html.push(await rt.messageHtml(m, ids));
    out.push({ ...counts });
  }
  return { reads: out, html };
}

describe("cheap cards (issue 20 item 6)", () => {
  test("a card reads the same in a world of 1 scene and of 50 scenes of 100 tokens, for the GM and a player", async () => {
    const small = await cardWorld(0, 6);
    const big = await cardWorld(49, 6);
    expect(big.gm.scenes()).toHaveLength(50);
    for (const who of ["gm", "player"] as const) {
      const pick = (t: typeof small) => (who === "gm" ? t.gm : t.players[0]);
      const a = await readsPerCard(pick(small));
      const b = await readsPerCard(pick(big));
      expect(a.reads.length).toBeGreaterThanOrEqual(12);
      // the first card builds the index: every scene read once, in the big world 49 more
      expect(b.reads[0]!.scene - a.reads[0]!.scene).toBe(49);
      expect(b.reads.slice(1)).toEqual(a.reads.slice(1));
      // and after it, no card reads a scene but the GM's first card, which loads the record
      // (its scene once), once for all the GM cards
      const later = b.reads.slice(1).reduce((n, r) => n + r.scene, 0);
      expect(later).toBe(who === "gm" ? 1 : 0);
      // the GM store is read for one card only (the GM's first), never on a player's client
      const storeCards = b.reads.filter((r) => r.storeRead + r.storeIndex > 0);
      expect(storeCards).toHaveLength(who === "gm" ? 1 : 0);
      // drawn the same as the path that reads every scene for every card
      expect((await readsPerCard(pick(big), false)).html).toEqual(b.html);
    }
  }, 120_000);

  test("the old path (every scene read for every card) would differ by the world's size: the count can fail", async () => {
    const small = await cardWorld(0, 2);
    const big = await cardWorld(49, 2);
    const a = await readsPerCard(small.players[0], false);
    const b = await readsPerCard(big.players[0], false);
    expect(b.reads.slice(1).map((r) => r.scene - a.reads[b.reads.indexOf(r)]!.scene)).toEqual(
      b.reads.slice(1).map(() => 49),
    );
  }, 60_000);

  test("a scene that changed is read again, alone; a new revision makes the GM's cards load the record again", async () => {
    const t = await cardWorld(49, 2);
    const host = t.gm.runtime!.host;
    const id = [...t.server.truth.store.keys()][0]!;
    const rt = t.gm.runtime!;
    const ids = () => t.gm.scenes().map((s) => s._id);
    const cards = () => t.gm.messages().filter(isCard);
    await rt.messageHtml(cards()[0]!, ids);
    await declareAll(host, id, 77);
    const r = await host.resolveRound(id);
    if (!r.ok) throw new Error(r.error.code);
    const scene = vi.spyOn(t.gm, "scene");
    const load = vi.spyOn(host, "load");
    const round3 = cards().filter((m) => (m.flags[MODULE_ID] as { round?: number }).round === 3);
    expect(round3.length).toBeGreaterThanOrEqual(2);
    const drawn: string[] = [];
    for (const m of round3) drawn.push(await rt.messageHtml(m, ids));
    // the lake's scene changed with the round: read again, it alone; the record: cached already
    // by the redraw the store's change made
    expect(scene.mock.calls.filter(([s]) => s !== t.sceneId)).toEqual([]);
    expect(load.mock.calls.length).toBeLessThanOrEqual(1);
    round3.forEach((m, i) => expect(drawn[i]).toContain(m.content));
    scene.mockRestore();
    load.mockRestore();
  }, 60_000);
});
