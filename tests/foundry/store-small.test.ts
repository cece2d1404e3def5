/**
 * Issue 20 item 5, a store that stays small: a lake keeps at most GmStore.MAX_LIVE documents
 * however long its game (checkpoints that seal the whole record, and the revisions before a
 * checkpoint deleted once nothing reads them), while the compare-and-set still refuses a stale
 * writer, the damaged-revision fallback still finds the revision it looks back to, and the
 * record still holds the whole game (export, replay, undo). The 250-round game is
 * tests/foundry/store-seeded.test.ts.
 */
import { describe, expect, test } from "vitest";

import type { GmRecord } from "../../src/foundry/fishing/record.ts";
import { EMPTY_PENDING } from "../../src/foundry/fishing/record.ts";
import type { Port, WriteOp } from "../../src/foundry/core/port.ts";
import { revisionId } from "../../src/foundry/core/record.ts";
import { commitChange } from "../../src/foundry/core/commit.ts";
import { GmStore } from "../../src/foundry/core/store/gm-store.ts";
import type { SealKey } from "../../src/foundry/core/store/sealed.ts";
import type { Table } from "./fake/world.ts";
import { makeTable } from "./fake/world.ts";
import { first, live, pending, round } from "./fake/records.ts";

type Put = Extract<WriteOp, { kind: "store.put" }>;

/** The next revision: a declaration (quiet) or, every third, a resolved round. */
function next(r: GmRecord, i: number): GmRecord {
  if (i % 3 !== 2) return { ...r, rev: r.rev + 1, pending: pending(i) };
  return {
    ...r,
    rev: r.rev + 1,
    rounds: [...r.rounds, round(r.rounds.length + 1)],
    pendingBefore: [...r.pendingBefore, r.pending],
    pending: EMPTY_PENDING,
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** One write the way core/commit.ts makes it: created, checked, remembered, pruned. */
async function commit(t: Table, store: GmStore, r: GmRecord, quiet = true, key?: SealKey) {
  await store.ready(); // the cipher's chunk, as commit.ts waits for it
  const op = store.put(r, key) as Put;
  await t.gm.write([op]);
  expect(await store.stands(op)).toBe(true);
  await store.written(op);
  return store.prune(op, quiet);
}

async function game(lakeId: string, writes: number, quiet: (i: number) => boolean = () => true) {
  const t = await makeTable();
  const store = new GmStore(t.gm);
  const key = store.ring.create();
  let r = first(lakeId);
  await commit(t, store, r, true, key);
  for (let i = 0; i < writes - 1; i++) {
    r = next(r, i);
    await commit(t, store, r, quiet(i));
  }
  return { t, store, key, record: r };
}

describe("a store that stays small (issue 20 item 5)", () => {
  test("the constants: a checkpoint every 8 revisions, 8 looked back, at most 24 documents a lake", () => {
    expect(GmStore.CHECKPOINT_EVERY).toBe(8);
    expect(GmStore.DAMAGE_LOOKBACK).toBe(8);
    expect(GmStore.MAX_LIVE).toBe(24);
    expect([1, 8, 15, 16, 17, 23, 24, 39, 40].map(GmStore.floorOf)).toEqual([
      0, 0, 0, 8, 8, 8, 16, 24, 32,
    ]);
  });

  test("after each quiet write, the lake holds exactly the revisions from its checkpoint before (newest - 8) to the newest", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    const key = store.ring.create();
    let r = first("lake1");
    await commit(t, store, r, true, key);
    for (let i = 0; i < 60; i++) {
      r = next(r, i);
      const gone = await commit(t, store, r);
      const floor = Math.max(1, GmStore.floorOf(r.rev));
      expect(live(t, "lake1")).toEqual(range(floor, r.rev));
      // deleted a checkpoint's worth at once, on the write that passes it
      const passes = GmStore.floorOf(r.rev) > GmStore.floorOf(r.rev - 1);
      expect(gone.length).toBe(passes && r.rev > 16 ? 8 : passes ? 7 : 0);
    }
    // the oldest kept is a checkpoint, sealed whole
    const oldest = t.server.truth.storeDocs.find((d) => d.name === "lake1@56")!;
    expect(oldest.flags.revision!.parts).toEqual([]);
    expect(await new GmStore(t.gm).get("lake1")).toMatchObject({ ok: true, value: { rev: 61 } });
  });

  test("changes that all post cards delete once a second checkpoint is passed: never more than MAX_LIVE documents", async () => {
    const { t, record } = await game("lake2", 100, () => false);
    let most = 0;
    // replayed from the start, counting at each write
    const u = await makeTable();
    const store = new GmStore(u.gm);
    const key = store.ring.create();
    let r = first("lake2");
    await commit(u, store, r, false, key);
    for (let i = 0; i < 99; i++) {
      r = next(r, i);
      await commit(u, store, r, false);
      most = Math.max(most, live(u, "lake2").length);
    }
    expect(most).toBe(GmStore.MAX_LIVE);
    expect(live(t, "lake2")).toEqual(range(80, 100));
    expect(await new GmStore(t.gm).get("lake2")).toEqual({ ok: true, value: record });
  });

  test("the record still holds every round and opens exactly, for a client that never read it", async () => {
    const { t, key, record } = await game("lake3", 301);
    expect(record.rounds).toHaveLength(100);
    expect(live(t, "lake3").length).toBeLessThanOrEqual(GmStore.MAX_LIVE);
    // another GM client of the same browser: the key, and no revision read yet
    const fresh = new GmStore(t.gm);
    expect(fresh.ring.get(key.id)).toBeDefined();
    expect(await fresh.get("lake3")).toEqual({ ok: true, value: record });
  });

  test("compare-and-set: a write created again after its revision was deleted does not stand, and is removed", async () => {
    const t = await makeTable();
    const a = new GmStore(t.gm);
    const key = a.ring.create();
    const b = new GmStore(t.gm);
    let r = first("lake4");
    await commit(t, a, r, true, key);
    r = next(r, 0);
    await commit(t, a, r);
    // b goes on for 40 revisions: revision 3 (and 1, 2) are deleted
    expect((await b.get("lake4")).ok).toBe(true);
    let theirs = r;
    for (let i = 1; i <= 40; i++) {
      theirs = next(theirs, i);
      await commit(t, b, theirs);
    }
    expect(live(t, "lake4")[0]).toBe(GmStore.floorOf(42));
    // a's write of revision 3, made from revision 2, arrives only now: the server takes it
    const stale = a.put({ ...r, rev: 3, pending: pending(99) }) as Put;
    await t.gm.write([stale]);
    expect(live(t, "lake4")).toContain(3);
    expect(await a.stands(stale)).toBe(false);
    expect(live(t, "lake4")).not.toContain(3);
    expect(await a.get("lake4")).toEqual({ ok: true, value: theirs });
  });

  test("a write that stands: its predecessor is there, or it is the checkpoint the deletion stopped at", async () => {
    const t = await makeTable();
    const a = new GmStore(t.gm);
    const key = a.ring.create();
    const b = new GmStore(t.gm);
    let r = first("lake5");
    await commit(t, a, r, true, key);
    for (let i = 0; i < 30; i++) await commit(t, a, (r = next(r, i)));
    const at32 = a.put((r = next(r, 30))) as Put;
    await t.gm.write([at32]);
    expect(r.rev).toBe(32);
    // before its answer: b writes 33..40 and deletes everything before 32
    expect((await b.get("lake5")).ok).toBe(true);
    let theirs = r;
    for (let i = 31; i < 39; i++) await commit(t, b, (theirs = next(theirs, i)));
    expect(live(t, "lake5")).toEqual(range(32, 40));
    expect(await a.stands(at32)).toBe(true);
    expect(live(t, "lake5")).toContain(32);
    // one revision earlier, the same wait: revision 31 is deleted with the rest, so it is taken as
    // stale (never a change made twice), and nothing else is removed
    const u = await makeTable();
    const c = new GmStore(u.gm);
    const k2 = c.ring.create();
    const d = new GmStore(u.gm);
    let s = first("lake6");
    await commit(u, c, s, true, k2);
    for (let i = 0; i < 29; i++) await commit(u, c, (s = next(s, i)));
    const at31 = c.put((s = next(s, 29))) as Put;
    await u.gm.write([at31]);
    expect((await d.get("lake6")).ok).toBe(true);
    for (let i = 30; i < 39; i++) await commit(u, d, (s = next(s, i)));
    expect(live(u, "lake6")).toEqual(range(32, 40));
    expect(await c.stands(at31)).toBe(false);
    expect(live(u, "lake6")).toEqual(range(32, 40));
  });

  test("commitChange refuses a change whose write was delayed past the deletion (staleRecord), and nothing public goes out", async () => {
    const t = await makeTable();
    const a = new GmStore(t.gm);
    const key = a.ring.create();
    const b = new GmStore(t.gm);
    let r = first("lake7");
    await commit(t, a, r, true, key);
    await commit(t, a, (r = next(r, 0)));
    let theirs = r;
    let held = true;
    // a's connection stalls after its read: b writes 40 revisions before a's write arrives
    const slow = new Proxy(t.gm, {
      get(target, p) {
        if (p !== "write") return (target as unknown as Record<PropertyKey, unknown>)[p];
        return async (ops: WriteOp[]) => {
          if (held && ops.some((o) => o.kind === "store.put")) {
            held = false;
            expect((await b.get("lake7")).ok).toBe(true);
            for (let i = 1; i <= 40; i++) await commit(t, b, (theirs = next(theirs, i)));
          }
          return target.write(ops);
        };
      },
    }) as unknown as Port;
    const a2 = new GmStore(slow);
    a2.ring.import(a.ring.export());
    let published = 0;
    const res = await commitChange(
      { port: slow, store: a2 },
      {
        from: 2,
        record: { ...r, rev: 3, pending: pending(77) },
        chat: [],
        field: "lake",
        publish: () => {
          published++;
          return [];
        },
      },
      () => {
        throw new Error("a stale write is not remembered");
      },
    );
    expect(res).toMatchObject({ ok: false, error: { code: "staleRecord" } });
    expect(published).toBe(0);
    expect(live(t, "lake7")).toEqual(range(GmStore.floorOf(42), 42));
    expect(await new GmStore(t.gm).get("lake7")).toEqual({ ok: true, value: theirs });
  });

  test("damaged newest revisions: the fallback opens the revision 8 back, whatever the newest's place between checkpoints", async () => {
    for (let n = 33; n <= 48; n++) {
      const { t } = await game(`lake${n}`, n + 8);
      const top = n + 8;
      // the newest 8 revisions damaged in place (a server that overwrites, for this test)
      t.server.duplicateIds = "overwritten";
      for (let rev = n + 1; rev <= top; rev++) {
        const doc = t.server.truth.storeDocs.find((d) => d.name === `lake${n}@${rev}`)!.flags
          .revision!;
        const flipped =
          doc.sealed.slice(0, 40) + (doc.sealed[40] === "A" ? "B" : "A") + doc.sealed.slice(41);
        await t.gm.write([{ kind: "store.put", doc: { ...doc, sealed: flipped } }]);
      }
      const got = await new GmStore(t.gm).get(`lake${n}`);
      // revision n opens, numbered as the damaged newest so that the next write comes after it
      expect(got.ok && got.value?.rev).toBe(top);
      // the same seeded writes stopped at revision n
      const { record: nth } = await game(`lake${n}`, n);
      expect(got).toEqual({ ok: true, value: { ...nth, rev: top } });
    }
  });

  test("a client that read a lake reads no index again; one whose index names only deleted revisions still finds the newest", async () => {
    const { t, store, record } = await game("lake8", 100);
    const before = t.server.storeIndexReads;
    for (let i = 0; i < 5; i++) expect((await store.get("lake8")).ok).toBe(true);
    expect(t.server.storeIndexReads).toBe(before);
    // an index as loaded at revision 2: both named revisions are long deleted
    const old = [1, 2].map((rev) => ({ _id: revisionId("lake8", rev), name: `lake8@${rev}` }));
    const port = new Proxy(t.gm, {
      get: (target, p) =>
        p === "storeIndex"
          ? async () => old
          : (target as unknown as Record<PropertyKey, unknown>)[p],
    }) as unknown as Port;
    const reader = new GmStore(port);
    reader.ring.import(store.ring.export());
    expect(await reader.get("lake8")).toEqual({ ok: true, value: record });
  });
});
