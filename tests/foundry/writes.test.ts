/** Issue 3: batched writes, undo, reload mid-round and failures, through the behavioural fake. */
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import { publicLakeOf } from "../../src/foundry/fishing/projection.ts";
import { ATTEMPTS } from "../../src/foundry/core/commit.ts";
import type { Table } from "./fake/world.ts";
import { makeTable } from "./fake/world.ts";
import { declareAll, setUpLake as setUp, writesPerRound } from "./fake/measure.ts";

function visible(t: Table) {
  const truth = t.server.truth;
  const scene = truth.scenes.find((s) => s._id === t.sceneId)!;
  return {
    flags: scene.flags,
    tokens: scene.tokens
      .map(({ _id: _ignored, ...rest }) => rest)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    // a revision's number and the cards of its change (core/commit.ts) are not game state
    store: [...truth.store.values()].map(({ rev: _rev, outbox: _outbox, ...rest }) => rest),
  };
}

describe("document writes (issue 3 item 5)", () => {
  test("v14: two writes per resolved round (one batch, the GM record), for 2 fishers / 3 swarms and for 8 fishers / 30 swarms", async () => {
    const small = await writesPerRound(14, 2, 3);
    const large = await writesPerRound(14, 8, 30);
    expect(new Set(small)).toEqual(new Set([2]));
    expect(new Set(large)).toEqual(new Set([2]));
  });

  test("v13: at most six single writes per round, the same bound for both sizes", async () => {
    const small = await writesPerRound(13, 2, 3);
    const large = await writesPerRound(13, 8, 30);
    expect(Math.max(...small)).toBeLessThanOrEqual(6);
    expect(Math.max(...large)).toBeLessThanOrEqual(6);
    expect(Math.min(...small, ...large)).toBeGreaterThanOrEqual(3); // scene, chat, store at least
  });
});

describe("undo, reload, failure", () => {
  test("undo restores the exact prior state: record, public lake, tokens and pending declarations", async () => {
    for (const generation of [13, 14] as const) {
      const t = await makeTable({ generation, fishers: 2 });
      const { host, id } = await setUp(t, 4, 4);
      for (let r = 0; r < 3; r++) {
        await declareAll(host, id, r);
        expect((await host.resolveRound(id)).ok).toBe(true);
      }
      await declareAll(host, id, 99);
      await host.setTotal(id, "f1", { total: 13 });
      const before = visible(t);
      expect((await host.resolveRound(id)).ok).toBe(true);
      expect(visible(t)).not.toEqual(before);
      expect((await host.undoRound(id)).ok).toBe(true);
      expect(visible(t)).toEqual(before);
      const undoCard = t.players[0].messages().at(-1)!;
      expect((undoCard.flags[MODULE_ID] as { kind: string }).kind).toBe("undo");
    }
  });

  test("a reload mid-round loses nothing: declarations, typed totals, the public lake, private news", async () => {
    const t = await makeTable({ fishers: 2 });
    const { host, id } = await setUp(t, 4, 4);
    await host.setDeclaration(id, "f1", { action: "track", target: [1, 1, 0] });
    await host.setDeclaration(id, "f2", { action: "catch" });
    await host.setTotal(id, "f1", { total: 12 });
    await t.gm.reload();
    for (const p of t.players) await p.reload();
    expect(publicLakeOf(t.players[0].scene(t.sceneId)!, id)!.declared).toEqual(["f1", "f2"]);
    const host2 = t.gm.runtime!.host;
    expect(host2).not.toBe(host);
    const r = await host2.resolveRound(id);
    if (!r.ok) throw new Error(r.error.code);
    const check = r.value.events.find((e) => e.type === "check" && e.fisher === "f1");
    expect(check).toMatchObject({ total: 12, band: "count" });
    expect(r.value.events.filter((e) => e.type === "declared").length).toBe(2);
    // K12: the tracker's private news reaches Ana's player only, and again after her reload
    const whisper = t.players[0]
      .messages()
      .find((m) => (m.flags[MODULE_ID] as { kind?: string }).kind === "private")!;
    expect(await t.players[0].shown(whisper)).toContain("tracks [1,1,0]");
    expect(await t.players[1].shown(whisper)).not.toContain("tracks");
    await t.players[0].reload();
    await new Promise((r) => setTimeout(r, 0));
    expect(await t.players[0].shown(whisper)).toContain("tracks [1,1,0]");
  });

  test("a failure before the record (the dice, the record write) leaves the previous state whole", async () => {
    for (const generation of [13, 14] as const) {
      for (const failure of ["dice", "store.put"] as const) {
        const t = await makeTable({ generation, fishers: 2 });
        const { host, id } = await setUp(t, 4, 4);
        await declareAll(host, id, 1);
        const before = visible(t);
        const messages = t.server.truth.messages.length;
        if (failure === "dice") t.gm.failRoll(2);
        else t.server.failNext(failure);
        const r = await host.resolveRound(id);
        expect(r.ok).toBe(false);
        expect(visible(t)).toEqual(before);
        expect(t.server.truth.messages.length).toBe(messages);
        // and the round resolves once the fault is gone
        expect((await host.resolveRound(id)).ok).toBe(true);
      }
    }
  });

  test("a failure after the record is finished from the record, never taken back: one card per round, even after a reload", async () => {
    for (const generation of [13, 14] as const) {
      for (const times of [1, ATTEMPTS]) {
        const t = await makeTable({ generation, fishers: 2 });
        const { host, id } = await setUp(t, 4, 4);
        await declareAll(host, id, 1);
        t.server.failNext("chat.create", 0, times);
        const r = await host.resolveRound(id);
        // the record holds the round: it stands, whatever the public writes did
        expect(r.ok).toBe(true);
        expect(t.server.truth.store.get(id)!.rounds).toHaveLength(1);
        const cards = () =>
          t.server.truth.messages.filter(
            (m) => (m.flags[MODULE_ID] as { kind?: string } | undefined)?.kind === "round",
          ).length;
        // one failure: a later attempt posts the card; one each attempt: the GM's next ready does
        expect(cards()).toBe(times < ATTEMPTS ? 1 : 0);
        await t.gm.reload();
        expect(cards()).toBe(1);
        expect(publicLakeOf(t.gm.scene(t.sceneId)!, id)!.round).toBe(1);
        // a second reload posts nothing more
        await t.gm.reload();
        expect(cards()).toBe(1);
      }
    }
  });
});

describe("a damaged record (issue 19)", () => {
  test("a damaged newest revision does not end the game: it goes on from the newest one that opens", async () => {
    for (const generation of [13, 14] as const) {
      const t = await makeTable({ generation, fishers: 2 });
      const { host, id } = await setUp(t, 4, 4);
      await declareAll(host, id, 1);
      expect((await host.resolveRound(id)).ok).toBe(true);
      // the next revision written with its sealed text changed (a broken write)
      const l = await host.load(id);
      if (!l.ok) throw new Error(l.error.code);
      const op = host.store.put({ ...l.value.record, rev: l.value.record.rev + 1 });
      if (op.kind !== "store.put") throw new Error("not a store write");
      const sealed = op.doc.sealed;
      const flipped = sealed.slice(0, 40) + (sealed[40] === "A" ? "B" : "A") + sealed.slice(41);
      await t.gm.write([{ kind: "store.put", doc: { ...op.doc, sealed: flipped } }]);
      await t.gm.reload();
      const again = t.gm.runtime!.host;
      const read = await again.load(id);
      expect(read.ok).toBe(true);
      await declareAll(again, id, 2);
      expect((await again.resolveRound(id)).ok).toBe(true);
      expect(t.server.truth.store.get(id)!.rounds).toHaveLength(2);
    }
  });
});

describe("v14 batches as modifyBatch answers them (issue 9)", () => {
  test("empty operations kept or dropped by the server: every created id lands on its own operation", async () => {
    for (const batchEmpty of ["keep", "drop"] as const) {
      const t = await makeTable({ generation: 14, fishers: 2 });
      t.server.batchEmpty = batchEmpty;
      const { host, id } = await setUp(t, 4, 4);
      for (let round = 0; round < 4; round++) {
        await declareAll(host, id, round + 1);
        const r = await host.resolveRound(id);
        if (!r.ok) throw new Error(r.error.code);
      }
      // the public lake and the cards agree with the record after rounds with and without token changes
      expect(t.server.truth.store.get(id)!.rounds.length).toBe(4);
      const cards = t.server.truth.messages.filter(
        (m) => (m.flags[MODULE_ID] as { kind?: string } | undefined)?.kind === "round",
      );
      expect(cards.map((m) => (m.flags[MODULE_ID] as { round: number }).round)).toEqual([
        1, 2, 3, 4,
      ]);
    }
  });

  test("a refused batch after the record (rejected, resolved [] or half applied): the round stands and its card is posted once", async () => {
    for (const batchFailure of ["reject", "resolveEmpty", "partial"] as const) {
      const t = await makeTable({ generation: 14, fishers: 2 });
      t.server.batchFailure = batchFailure;
      const { host, id } = await setUp(t, 4, 4);
      await declareAll(host, id, 1);
      const rev = t.server.truth.store.get(id)!.rev;
      t.server.failNext("chat.create");
      const r = await host.resolveRound(id);
      expect(r.ok).toBe(true);
      expect(t.server.truth.store.get(id)!.rev).toBe(rev + 1);
      await t.gm.reload();
      const cards = t.server.truth.messages.filter(
        (m) => (m.flags[MODULE_ID] as { kind?: string } | undefined)?.kind === "round",
      );
      expect(cards).toHaveLength(1);
      expect(publicLakeOf(t.gm.scene(t.sceneId)!, id)!.round).toBe(1);
    }
  });
});

describe("two GMs", () => {
  test("the active GM hands over mid-round: nothing is lost and no round is resolved twice", async () => {
    const t = await makeTable({ generation: 13 });
    const gm2Id = t.server.addUser("Second GM", true);
    const { FakeClient } = await import("./fake/client.ts");
    const gm2 = new FakeClient(t.server, gm2Id, 99);
    await gm2.connect();
    const { host, id } = await setUp(t, 4, 4);
    expect(host.isAuthority()).toBe(true);
    expect(gm2.runtime!.host.isAuthority()).toBe(false);
    await host.setDeclaration(id, "f1", { action: "catch" });
    expect(await gm2.runtime!.host.resolveRound(id)).toMatchObject({
      ok: false,
      error: { code: "notActiveGm" },
    });
    t.gm.disconnect(); // the first GM leaves mid-round
    expect(gm2.runtime!.host.isAuthority()).toBe(true);
    const r = await gm2.runtime!.host.resolveRound(id);
    if (!r.ok) throw new Error(r.error.code);
    expect(r.value.events.find((e) => e.type === "declared")).toMatchObject({ fisher: "f1" });
    await t.gm.connect(); // back, and active again (the lowest id): it reads the record afresh
    const again = await t.gm.runtime!.host.resolveRound(id);
    if (!again.ok) throw new Error(again.error.code);
    expect(again.value.round).toBe(2);
    expect(t.server.truth.store.get(id)!.rounds.length).toBe(2);
  });

  test("a record changed by another GM during resolution is not overwritten", async () => {
    const t = await makeTable({ generation: 14 });
    const { host, id } = await setUp(t, 4, 4);
    await host.setDeclaration(id, "f1", { action: "catch" });
    const before = t.server.truth.store.get(id)!;
    let raced = false;
    t.gm.hooks.on("kolikoly.preRoll", () => {
      if (!raced)
        t.server.modify(t.gm.userId, [host.store.put({ ...before, rev: before.rev + 1 })]);
      raced = true;
      return true;
    });
    const messages = t.server.truth.messages.length;
    expect(await host.resolveRound(id)).toMatchObject({
      ok: false,
      error: { code: "staleRecord" },
    });
    expect(t.server.truth.messages.length).toBe(messages);
    expect(t.server.truth.store.get(id)!.rev).toBe(before.rev + 1);
    expect((await host.resolveRound(id)).ok).toBe(true);
  });
});
