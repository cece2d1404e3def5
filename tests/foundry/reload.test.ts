/**
 * Issue 20 item 4: a reload of the active GM changes nothing a GM did not ask for. The ready
 * reconcile (Runtime#reconcileAll) takes each game on its own: a finished game is left exactly as
 * the GM left it (tokens moved, swarm tokens deleted by hand), a record that does not open is
 * reported and the others go on, and a live game whose scene fell behind its record is repaired.
 */
import { describe, expect, test } from "vitest";
import type { Coord } from "../../src/rules/index.ts";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import { publicLakeOf } from "../../src/foundry/fishing/projection.ts";
import { ATTEMPTS } from "../../src/foundry/core/commit.ts";
import { FakeClient } from "./fake/client.ts";
import { FakeServer } from "./fake/server.ts";
import { fisherToken } from "./fake/world.ts";
import { declareAll } from "./fake/measure.ts";
import { reconcileEach } from "../../src/foundry/core/reconcile.ts";
import type { Result } from "../../src/foundry/core/result.ts";
import { err } from "../../src/foundry/core/result.ts";
import { makePlayerTable } from "./players/fake-players.ts";
import { settleClients } from "./players/actors.ts";
import { board, playToEnd, view } from "./kayanak/fixtures.ts";

async function threeLakes() {
  const server = new FakeServer();
  server.reset();
  const gmId = server.addUser("Gamemaster", true);
  const ana = server.addActor("Ana", "character", []);
  const bo = server.addActor("Bo", "character", []);
  const sceneIds = ["Finished", "Unreadable", "Live"].map((name) =>
    server.addScene(name, [fisherToken("Ana", ana), fisherToken("Bo", bo)]),
  );
  const gm = new FakeClient(server, gmId, 7);
  await gm.connect();
  const host = gm.runtime!.host;
  const lakes: string[] = [];
  for (const sceneId of sceneIds) {
    const tokens = gm.scene(sceneId)!.tokens.map((t) => t._id);
    const r = await host.createLake({
      sceneId,
      name: gm.scene(sceneId)!.name,
      lake: { width: 3, height: 3, levels: 1, verticalAdjacency: true },
      origin: { col: 0, row: 0 },
      fishers: tokens.map((tokenId, i) => ({ tokenId, at: [i * 2, 0, 0] as Coord })),
      // a swarm next to each fisher: seen from round 1 on, so it has a token
      squares: [
        { at: [0, 1, 0], swarms: [6] },
        { at: [2, 1, 0], swarms: [5] },
      ],
      seed: 3,
    });
    if (!r.ok) throw new Error(r.error.code);
    lakes.push(r.value.id);
  }
  return { server, gm, sceneIds, lakes };
}

const tokensOf = (server: FakeServer, sceneId: string) =>
  server.truth.scenes.find((s) => s._id === sceneId)!.tokens;

describe("a reload with three lakes: finished, unreadable, live (issue 20 item 4)", () => {
  test("the finished game stays as the GM left it, the unreadable one is reported, the live one is repaired", async () => {
    const { server, gm, sceneIds, lakes } = await threeLakes();
    const [finished, unreadable, live] = lakes as [string, string, string];
    const host = gm.runtime!.host;
    for (const id of lakes) {
      await declareAll(host, id, 1);
      expect((await host.resolveRound(id)).ok).toBe(true);
    }
    // the finished game: ended by the GM (K23), then its tokens moved and a swarm token deleted
    expect((await host.endGame(finished)).ok).toBe(true);
    const fScene = sceneIds[0]!;
    const pubF = publicLakeOf(gm.scene(fScene)!, finished)!;
    const fisherIds = new Set(pubF.fishers.map((f) => f.tokenId));
    const swarms = tokensOf(server, fScene).filter((t) => !fisherIds.has(t._id));
    expect(swarms.length).toBeGreaterThan(0);
    await gm.write([
      {
        kind: "tokens.update",
        sceneId: fScene,
        updates: [...fisherIds].map((id) => ({ _id: id!, x: 900, y: 900 })),
      },
    ]);
    await gm.write([{ kind: "tokens.delete", sceneId: fScene, ids: [swarms[0]!._id] }]);
    // and the end card deleted from the chat log by hand
    const endCard = server.truth.messages.find(
      (m) =>
        (m.flags[MODULE_ID] as { kind?: string; lake?: string } | undefined)?.kind === "end" &&
        (m.flags[MODULE_ID] as { lake?: string }).lake === finished,
    )!;
    expect(endCard).toBeDefined();
    await gm.write([{ kind: "chat.delete", ids: [endCard._id] }]);
    const finishedScene = JSON.stringify(server.truth.scenes.find((s) => s._id === fScene));
    // the unreadable game: its newest revision sealed with a key no GM browser holds
    const l = await host.load(unreadable);
    if (!l.ok) throw new Error(l.error.code);
    const op = host.store.put({ ...l.value.record, rev: l.value.record.rev + 1 });
    if (op.kind !== "store.put") throw new Error("not a store write");
    await gm.write([{ kind: "store.put", doc: { ...op.doc, key: "0000000000000000" } }]);
    // the live game: its next round's token moves never reached the scene (every attempt failed)
    await declareAll(host, live, 2);
    server.failNext("tokens.update", 0, ATTEMPTS);
    server.failNext("scene.update", 0, ATTEMPTS);
    expect((await host.resolveRound(live)).ok).toBe(true);
    const lScene = sceneIds[2]!;
    expect(publicLakeOf(gm.scene(lScene)!, live)!.round).toBe(1);

    const requests = server.requests.length;
    const errors: unknown[][] = [];
    const warn = console.warn;
    const error = console.error;
    console.warn = (...a: unknown[]) => void errors.push(a);
    console.error = (...a: unknown[]) => void errors.push(a);
    try {
      await gm.reload();
    } finally {
      console.warn = warn;
      console.error = error;
    }
    // the finished game: not one write, its tokens where the GM put them, the deleted swarm gone
    expect(JSON.stringify(server.truth.scenes.find((s) => s._id === fScene))).toBe(finishedScene);
    // the live one's repair is the reload's only write (v13: one request per operation)
    expect(server.requests.slice(requests).map((r) => r.ops)).toEqual([["scene.update"]]);
    expect(server.truth.messages.some((m) => m._id === endCard._id)).toBe(false);
    // the unreadable game is named in what the reload reported
    expect(errors.some((a) => a.some((x) => String(x).includes(unreadable)))).toBe(true);
    // the live game, after the unreadable one in the world's order, is brought in line
    const pubL = publicLakeOf(gm.scene(lScene)!, live)!;
    expect(pubL.round).toBe(2);
    const rec = await gm.runtime!.host.load(live);
    expect(rec.ok && rec.value.record.rounds.length).toBe(2);
    // a second reload writes nothing at all
    const again = server.requests.length;
    await gm.reload();
    expect(server.requests.length).toBe(again);
    expect(publicLakeOf(gm.scene(fScene)!, finished)!.over).toBe(true);
  });
});

describe("reconcileEach (core/reconcile.ts)", () => {
  test("a game that throws or answers an error is named; the games after it still run", async () => {
    const ran: string[] = [];
    const warned: string[] = [];
    const game = (id: string, run: () => Promise<Result<boolean>>) => ({
      id,
      run: async () => {
        ran.push(id);
        return run();
      },
    });
    const failed = await reconcileEach(
      [
        game("a", async () => ({ ok: true, value: true })),
        game("b", async () => {
          throw new Error("socket closed");
        }),
        game("c", async () => err("storeDamaged", "lake")),
        game("d", async () => ({ ok: true, value: false })),
      ],
      (m) => void warned.push(m),
    );
    expect(ran).toEqual(["a", "b", "c", "d"]);
    expect(failed).toEqual([
      { id: "b", reason: "socket closed" },
      { id: "c", reason: "storeDamaged" },
    ]);
    expect(warned).toHaveLength(2);
    expect(warned[1]).toContain("c could not be brought in line");
  });
});

describe("a reload after a finished Kayanak game (issue 20 item 4)", () => {
  test("J7/J9: the board stays as the GM left it: bears moved and the end card deleted by hand are not put back", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    await settleClients([t.gm, ...t.players]);
    await playToEnd(t, id, 5);
    await settleClients([t.gm, ...t.players]);
    expect(view(t.gm, id, t.sceneId).over).toBe(true);
    await t.gm.write([
      {
        kind: "tokens.update",
        sceneId: t.sceneId,
        updates: t.tokenIds.map((tid) => ({ _id: tid, x: 900, y: 900 })),
      },
    ]);
    const end = t.server.truth.messages.find(
      (m) => (m.flags[MODULE_ID] as { card?: string } | undefined)?.card === "end",
    )!;
    await t.gm.write([{ kind: "chat.delete", ids: [end._id] }]);
    const scene = JSON.stringify(t.server.truth.scenes.find((s) => s._id === t.sceneId));
    const requests = t.server.requests.length;
    await t.gm.reload();
    await settleClients([t.gm, ...t.players]);
    expect(JSON.stringify(t.server.truth.scenes.find((s) => s._id === t.sceneId))).toBe(scene);
    expect(t.server.truth.messages.some((m) => m._id === end._id)).toBe(false);
    const written = t.server.requests.slice(requests).flatMap((r) => r.ops);
    expect(written.filter((op) => /^(tokens|scene|chat\.create|combat)/.test(op))).toEqual([]);
  });
});
