/**
 * The GM store (core/store/gm-store.ts) one behaviour at a time, each on a few revisions: the
 * chains it writes, how it finds a lake's newest revision and what that costs in requests, what
 * it refuses (a revision at another's id, a damaged or a key-less chain), the compare-and-set
 * after a deletion, the deletion itself, and the keys the store names. The long seeded runs of
 * the same behaviours are tests/foundry/store-seeded.test.ts.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import type { GmRecord } from "../../src/foundry/fishing/record.ts";
import type { Port, StoreEntry, WriteOp } from "../../src/foundry/core/port.ts";
import { revisionId } from "../../src/foundry/core/record.ts";
import { GmStore } from "../../src/foundry/core/store/gm-store.ts";
import type { KeyStorage } from "../../src/foundry/core/store/keyring.ts";
import type { SealKey, StoreDoc } from "../../src/foundry/core/store/sealed.ts";
import { openDoc } from "../../src/foundry/core/store/sealed.ts";
import { XCHACHA } from "../../src/foundry/core/store/gm-crypto.ts";
import type { Table } from "./fake/world.ts";
import { makeTable } from "./fake/world.ts";
import { first, history, live, pending, round } from "./fake/records.ts";

type Put = Extract<WriteOp, { kind: "store.put" }>;

/** What a GM client asked of the server. */
interface Traffic {
  reads: string[][];
  index: number;
  writes: WriteOp[][];
}

/**
 * A GM client's port to the table's server, its requests counted. `keys`: a browser of its own
 * (else the GM's); `index`: the index it holds (v13 keeps a pack's index on the client);
 * `answer`: what the server answers for a document instead; `refuse`: a write the server refuses.
 */
function client(
  t: Table,
  o: {
    keys?: KeyStorage;
    index?: () => StoreEntry[];
    answer?: (id: string, content: unknown) => unknown;
    refuse?: (ops: readonly WriteOp[]) => boolean;
  } = {},
): { port: Port; seen: Traffic } {
  const seen: Traffic = { reads: [], index: 0, writes: [] };
  const port = new Proxy(t.gm, {
    get(target, p) {
      if (p === "storeRead")
        return async (ids: readonly string[]) => {
          seen.reads.push([...ids]);
          const got = await target.storeRead(ids);
          return o.answer ? ids.map((id, i) => o.answer!(id, got[i])) : got;
        };
      if (p === "storeIndex")
        return async () => {
          seen.index++;
          return o.index ? o.index() : target.storeIndex();
        };
      if (p === "write")
        return async (ops: readonly WriteOp[]) => {
          seen.writes.push([...ops]);
          if (o.refuse?.(ops)) throw new Error("refused by the server");
          return target.write(ops);
        };
      if (p === "keyStorage" && o.keys) return () => o.keys;
      return (target as unknown as Record<PropertyKey, unknown>)[p];
    },
  }) as unknown as Port;
  return { port, seen };
}

/** A browser's storage of its own, empty. */
function browser(): KeyStorage {
  let text: string | null = null;
  return { load: () => text, save: (s) => void (text = s) };
}

/** One revision written as commit.ts writes it, without `stands` and `prune`. */
async function write(port: Port, store: GmStore, r: GmRecord, key?: SealKey): Promise<StoreDoc> {
  await store.ready();
  const op = store.put(r, key) as Put;
  await port.write([op]);
  await store.written(op);
  return op.doc;
}

/** One revision written as commit.ts writes it: created, checked, remembered, pruned. */
async function commit(port: Port, store: GmStore, r: GmRecord, quiet = true): Promise<string[]> {
  await store.ready();
  const op = store.put(r) as Put;
  await port.write([op]);
  expect(await store.stands(op)).toBe(true);
  await store.written(op);
  return store.prune(op, quiet);
}

/** A lake's records 1..n, each a declaration. */
function declarations(lakeId: string, n: number): GmRecord[] {
  const out = [first(lakeId)];
  while (out.length < n)
    out.push({ ...out.at(-1)!, rev: out.length + 1, pending: pending(out.length) });
  return out;
}

/** A revision's stored content with its sealed text changed (damage on the way, or on disk). */
function damaged(content: unknown): unknown {
  const doc = (content as { revision: StoreDoc }).revision;
  const s = doc.sealed;
  return {
    revision: { ...doc, sealed: s.slice(0, 40) + (s[40] === "A" ? "B" : "A") + s.slice(41) },
  };
}

afterEach(() => void vi.restoreAllMocks());

describe("the chains the store writes (issue 10 item 2, issue 20 item 5)", () => {
  test("each revision names the parts it needs, the checkpoint and an undo past it sealed whole; written by one client or read and written by the next, the same; every revision opens to its record", async () => {
    const records = history("lake1");
    const expected = [
      [],
      [1],
      [1],
      [1, 3],
      [1, 3],
      [1, 3],
      [1, 3],
      [],
      [],
      [9],
      [9],
      [9, 11],
      [9, 11],
    ];
    // one client writing on from its own writes
    const t = await makeTable();
    const { port, seen } = client(t);
    const writer = new GmStore(port);
    const key = writer.ring.create();
    const parts: number[][] = [];
    for (const r of records) {
      parts.push([...(await write(port, writer, r, r.rev === 1 ? key : undefined)).parts]);
      expect(await new GmStore(t.gm).get("lake1"), `revision ${r.rev}`).toEqual({
        ok: true,
        value: r,
      });
    }
    expect(parts).toEqual(expected);
    // one request a revision: nothing else to remove for a lake that was never plain
    expect(seen.writes).toHaveLength(records.length);
    // each GM client reading the lake before its write
    const u = await makeTable();
    const again: number[][] = [];
    let key2: SealKey | undefined;
    for (const r of records) {
      const store = new GmStore(u.gm);
      if (r.rev === 1) key2 = store.ring.create();
      else expect(await store.get("lake1")).toEqual({ ok: true, value: records[r.rev - 2] });
      again.push([...(await write(u.gm, store, r)).parts]);
    }
    expect(again).toEqual(expected);
    // a revision that builds on others seals no setup and only its own round
    const doc = u.server.truth.storeDocs.find((d) => d.name === "lake1@7")!.flags.revision!;
    const secret = openDoc(doc, key2!.bytes, XCHACHA).secret;
    expect(secret.setup).toBeUndefined();
    expect(secret.rounds).toEqual([round(22)]);
  });

  test("tryPut without a key: keyMissing on the field asked, with the message's key, and nothing sealed", async () => {
    const t = await makeTable();
    const { port } = client(t, { keys: browser() });
    const store = new GmStore(port);
    await store.ready();
    expect(store.tryPut(first("lake2"), "board")).toEqual({
      ok: false,
      error: { code: "keyMissing", field: "board", message: "KOLIKOLY.Foundry.Error.keyMissing" },
    });
  });
});

describe("finding a lake's newest revision", () => {
  test("a lake the store does not hold: no record, no error", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    store.ring.create();
    await write(t.gm, store, first("lake1"));
    expect(await new GmStore(t.gm).get("other")).toEqual({ ok: true, value: undefined });
  });

  test("requests: a client that read the lake asks for no older revision, and finds 8 newer ones in one request; a fresh client reads the index once, however old and in whatever order", async () => {
    const t = await makeTable();
    const writer = new GmStore(t.gm);
    writer.ring.create();
    const records = declarations("lake1", 23);
    for (const r of records.slice(0, 12)) await write(t.gm, writer, r);
    const { port, seen } = client(t);
    const reader = new GmStore(port);
    expect(await reader.get("lake1")).toEqual({ ok: true, value: records[11] });
    for (const r of records.slice(12, 15)) await write(t.gm, writer, r);
    const atFifteen = await t.gm.storeIndex();
    seen.reads = [];
    seen.index = 0;
    expect(await reader.get("lake1")).toEqual({ ok: true, value: records[14] });
    // the revisions from the one read last, then past the newest; its part (8) is known
    const older = revisionId("lake1", 11);
    expect(seen.reads.flat().filter((id) => id === older || id === revisionId("lake1", 8))).toEqual(
      [],
    );
    expect([seen.reads.length, seen.index]).toEqual([2, 0]);
    for (const r of records.slice(15)) await write(t.gm, writer, r);
    seen.reads = [];
    expect(await reader.get("lake1")).toEqual({ ok: true, value: records[22] });
    // 15..23 in one request, 24..31 finding nothing, and the new checkpoint (16) its part
    expect(seen.reads.length).toBe(3);
    // a client that never read the lake, its index as loaded at revision 15 and in no order
    const entries = [...atFifteen.slice(5), ...atFifteen.slice(0, 5).reverse()];
    const fresh = client(t, { index: () => entries });
    const other = new GmStore(fresh.port);
    expect(await other.get("lake1")).toEqual({ ok: true, value: records[22] });
    expect([fresh.seen.index, fresh.seen.reads.length]).toEqual([1, 3]);
  });

  test("an index that names only revisions deleted since: the newest found 37 checkpoints on; none at all, the search gives up after 64 requests", async () => {
    const t = await makeTable();
    const a = new GmStore(t.gm);
    a.ring.create();
    await write(t.gm, a, first("lake1"));
    const stale = await t.gm.storeIndex();
    // another client, which never read the lake, wrote revision 296 whole; revision 1 is gone
    const far = { ...first("lake1"), rev: 296, pending: pending(5) };
    await write(t.gm, new GmStore(t.gm), far);
    await t.gm.write([{ kind: "store.delete", ids: [revisionId("lake1", 1)] }]);
    const { port } = client(t, { index: () => stale });
    expect(await new GmStore(port).get("lake1")).toEqual({ ok: true, value: far });
    // and when nothing of the lake is left
    await t.gm.write([{ kind: "store.delete", ids: [revisionId("lake1", 296)] }]);
    const none = client(t, { index: () => stale });
    expect(await new GmStore(none.port).get("lake1")).toEqual({ ok: true, value: undefined });
    expect(none.seen.reads.length).toBeLessThanOrEqual(66);
  });

  test("a revision overwritten on the server by another GM's: read as the server holds it, not as remembered", async () => {
    const t = await makeTable();
    t.server.duplicateIds = "overwritten";
    const a = new GmStore(t.gm);
    a.ring.create();
    const records = declarations("lake1", 3);
    for (const r of records) await write(t.gm, a, r);
    const reader = new GmStore(t.gm);
    expect(await reader.get("lake1")).toEqual({ ok: true, value: records[2] });
    const theirs = { ...records[2]!, pending: pending(77) };
    await write(t.gm, new GmStore(t.gm), theirs);
    expect(await reader.get("lake1")).toEqual({ ok: true, value: theirs });
  });
});

describe("what a read refuses", () => {
  test("a revision the server answers at another lake's or another number's id is damaged: the game goes on from the lake's own, never from the other's record", async () => {
    const t = await makeTable();
    const a = new GmStore(t.gm);
    a.ring.create();
    const mine = history("lakeA").slice(0, 7);
    const theirs = history("lakeB")
      .slice(0, 7)
      .map((r) => ({ ...r, rounds: r.rounds.map((_, i) => round(50 + i)) }));
    for (const r of mine) await write(t.gm, a, r);
    for (const r of theirs) await write(t.gm, new GmStore(t.gm), r);
    const read = async (swap: Record<string, string>) => {
      const byId = new Map(Object.entries(swap).map(([k, v]) => [revisionId("lakeA", +k), v]));
      const stored = new Map(t.server.truth.storeDocs.map((d) => [d.name, d.flags]));
      const { port } = client(t, {
        answer: (id, content) => (byId.has(id) ? stored.get(byId.get(id)!) : content),
      });
      return new GmStore(port).get("lakeA");
    };
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // the newest: lake B's revision 7, then lake A's own revision 6, at revision 7's id
    expect(await read({ 7: "lakeB@7" })).toEqual({ ok: true, value: { ...mine[5], rev: 7 } });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/lakeA: revision 7 .* revision 6$/));
    expect(await read({ 7: "lakeA@6" })).toEqual({ ok: true, value: { ...mine[5], rev: 7 } });
    // a part (revision 3, round 1): lake B's revision 3, then lake A's revision 5 (round 2)
    const fromTwo = { ok: true, value: { ...mine[1], rev: 7 } };
    expect(await read({ 3: "lakeB@3" })).toEqual(fromTwo);
    expect(await read({ 3: "lakeA@5" })).toEqual(fromTwo);
    // nothing of the lake's own opens: storeDamaged on the lake
    const damagedLake = {
      ok: false,
      error: { code: "storeDamaged", field: "lake", message: "storeDamaged" },
    };
    const all = Object.fromEntries(mine.map((r) => [r.rev, `lakeB@${r.rev}`]));
    expect(await read(all)).toEqual(damagedLake);
    // all but the newest lake B's: the newest's part check refuses revision 1, and every older
    // one fails as a revision of another lake
    const { 7: _newest, ...older } = all;
    expect(Object.keys(older)).toHaveLength(6);
    expect(await read(older)).toEqual(damagedLake);
  });

  test("more damaged revisions than the read looks back: storeDamaged on the lake, not a game from further back", async () => {
    const t = await makeTable();
    const a = new GmStore(t.gm);
    a.ring.create();
    for (const r of declarations("lake1", 12)) await write(t.gm, a, r);
    const bad = new Set([3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((rev) => revisionId("lake1", rev)));
    const { port } = client(t, { answer: (id, c) => (bad.has(id) ? damaged(c) : c) });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await new GmStore(port).get("lake1")).toEqual({
      ok: false,
      error: { code: "storeDamaged", field: "lake", message: "storeDamaged" },
    });
  });

  test("a lake sealed with a key this client lacks: keyMissing after asking the other GM clients once; a key they hand over opens it; a client holding it asks no one", async () => {
    const t = await makeTable();
    const a = new GmStore(t.gm);
    a.ring.create();
    const records = history("lake1").slice(0, 5);
    for (const r of records) await write(t.gm, a, r);
    const asked: string[][] = [];
    const lacking = new GmStore(client(t, { keys: browser() }).port);
    lacking.askForKeys = async (ids) => void asked.push([...ids]);
    expect(await lacking.get("lake1")).toEqual({
      ok: false,
      error: { code: "keyMissing", field: "lake", message: "keyMissing" },
    });
    expect(asked).toEqual([[a.ring.current()!.id]]);
    const handed = new GmStore(client(t, { keys: browser() }).port);
    handed.askForKeys = async (ids) => {
      for (const hex of Object.values(a.ring.hexes(ids))) handed.ring.add(hex);
    };
    expect(await handed.get("lake1")).toEqual({ ok: true, value: records[4] });
    const holding = new GmStore(t.gm);
    holding.askForKeys = async (ids) => void asked.push([...ids]);
    expect(await holding.get("lake1")).toEqual({ ok: true, value: records[4] });
    expect(asked).toHaveLength(1);
  });

  test("a chain whose parts are sealed with a key this client lacks: keyMissing, not damaged", async () => {
    const t = await makeTable();
    const a = new GmStore(t.gm);
    a.ring.create();
    const records = history("lake1").slice(0, 4);
    for (const r of records.slice(0, 3)) await write(t.gm, a, r);
    // revision 4 builds on 1 and 3 but is sealed with another key
    const other = new GmStore(client(t, { keys: browser() }).port).ring.create();
    expect((await write(t.gm, a, records[3]!, other)).parts).toEqual([1, 3]);
    const keys = browser();
    const b = new GmStore(client(t, { keys }).port);
    b.ring.add(Buffer.from(other.bytes).toString("hex"));
    expect(await b.get("lake1")).toEqual({
      ok: false,
      error: { code: "keyMissing", field: "lake", message: "keyMissing" },
    });
  });
});

describe("the compare-and-set after a deletion (issue 20 item 5)", () => {
  test("a stale write at a checkpoint whose neighbours were both deleted does not stand, and is removed", async () => {
    const t = await makeTable();
    const b = new GmStore(t.gm);
    b.ring.create();
    const records = declarations("lake1", 40);
    for (const r of records) await commit(t.gm, b, r);
    expect(live(t, "lake1")[0]).toBe(GmStore.floorOf(40));
    const a = new GmStore(t.gm);
    await a.ready();
    const late = a.put({ ...records[15]!, pending: pending(99) }) as Put;
    expect(late.doc.rev).toBe(16);
    await t.gm.write([late]);
    expect(await a.stands(late)).toBe(false);
    expect(live(t, "lake1")).not.toContain(16);
  });

  test("a write that does not stand removes only its own revision, never another GM's at that id", async () => {
    const t = await makeTable();
    t.server.duplicateIds = "overwritten";
    const a = new GmStore(t.gm);
    a.ring.create();
    await a.ready();
    const r = { ...first("lake1"), rev: 10 };
    const mine = a.put(r) as Put;
    // another GM's revision 10 is what the server holds; revision 9 is gone
    await write(t.gm, new GmStore(t.gm), { ...r, pending: pending(3) });
    expect(await a.stands(mine)).toBe(false);
    expect(live(t, "lake1")).toEqual([10]);
  });
});

describe("the deletion of revisions nothing reads (issue 20 item 5)", () => {
  test("one deletion per checkpoint passed, oldest first, and no request at all between; a client finding nothing left to delete sends nothing", async () => {
    const t = await makeTable();
    const { port, seen } = client(t);
    const store = new GmStore(port);
    store.ring.create();
    const records = declarations("lake1", 41);
    for (const r of records.slice(0, 40)) {
      const before = { reads: seen.reads.length, index: seen.index, writes: seen.writes.length };
      await commit(port, store, r);
      // the put, and the stands check's read (none for a lake's first revision)
      const stands = r.rev > 1 ? 1 : 0;
      const asked = [seen.reads.length - before.reads - stands, seen.index - before.index];
      const deletions = seen.writes.slice(before.writes + 1);
      if (r.rev === 1) expect(asked).toEqual([1, 0]);
      else if (GmStore.floorOf(r.rev) === GmStore.floorOf(r.rev - 1)) {
        expect(asked, `revision ${r.rev}`).toEqual([0, 0]);
        expect(deletions).toEqual([]);
      } else {
        const floor = GmStore.floorOf(r.rev);
        const from = floor === 8 ? 1 : floor - 8;
        expect(deletions).toEqual([
          [
            {
              kind: "store.delete",
              ids: Array.from({ length: floor - from }, (_, i) => revisionId("lake1", from + i)),
            },
          ],
        ]);
      }
    }
    const other = client(t);
    const next = new GmStore(other.port);
    expect((await next.get("lake1")).ok).toBe(true);
    expect(await commit(other.port, next, records[40]!)).toEqual([]);
    expect(other.seen.writes.map((w) => w[0]!.kind)).toEqual(["store.put"]);
  });

  test("a deletion the server refuses is done by the next write", async () => {
    const t = await makeTable();
    let refusals = 1;
    const { port } = client(t, {
      refuse: (ops) => ops[0]!.kind === "store.delete" && refusals-- > 0,
    });
    const store = new GmStore(port);
    store.ring.create();
    const records = declarations("lake1", 17);
    for (const r of records.slice(0, 15)) expect(await commit(port, store, r)).toEqual([]);
    expect(await commit(port, store, records[15]!)).toEqual([]);
    expect(live(t, "lake1")).toHaveLength(16);
    expect(await commit(port, store, records[16]!)).toHaveLength(7);
    expect(live(t, "lake1")[0]).toBe(8);
  });

  test("a lake from before checkpoints keeps every revision until it reaches one written whole, and still falls back to them", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    store.ring.create();
    const records = declarations("lake1", 25);
    // the old policy: every revision builds on the first
    store.compact = false;
    for (const r of records.slice(0, 20)) await commit(t.gm, store, r);
    store.compact = true;
    for (const r of records.slice(20)) expect(await commit(t.gm, store, r)).toEqual([]);
    expect(live(t, "lake1")).toHaveLength(25);
    // its two newest damaged, a client reads revision 23, which builds on revision 1
    const bad = new Set([24, 25].map((rev) => revisionId("lake1", rev)));
    const { port } = client(t, { answer: (id, c) => (bad.has(id) ? damaged(c) : c) });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await new GmStore(port).get("lake1")).toEqual({
      ok: true,
      value: { ...records[22], rev: 25 },
    });
  });
});

describe("the keys the store names", () => {
  test("keyForNewLake: this client's key; else the one the store's lakes use, handed over; else a new one", async () => {
    const t = await makeTable();
    const asked: string[][] = [];
    const maker = new GmStore(client(t, { keys: browser() }).port);
    maker.askForKeys = async (ids) => void asked.push([...ids]);
    const made = await maker.keyForNewLake();
    expect(made.made).toBe(true);
    expect(maker.ring.current()).toEqual(made.key);
    // nothing in the store: no one asked
    expect(asked).toEqual([]);
    expect(await maker.keyForNewLake()).toEqual({ key: made.key, made: false });
    await write(t.gm, maker, first("lake1"));
    const handed = new GmStore(client(t, { keys: browser() }).port);
    handed.askForKeys = async (ids) => {
      asked.push([...ids]);
      for (const hex of Object.values(maker.ring.hexes(ids))) handed.ring.add(hex, false);
    };
    expect(await handed.keyForNewLake()).toEqual({ key: made.key, made: false });
    expect(handed.ring.current()!.id).toBe(made.key.id);
    expect(asked).toEqual([[made.key.id]]);
    const alone = new GmStore(client(t, { keys: browser() }).port);
    alone.askForKeys = async () => undefined;
    const own = await alone.keyForNewLake();
    expect(own.made).toBe(true);
    expect(own.key.id).not.toBe(made.key.id);
    // a client with no hand-over at all (no other GM to ask): a new key too
    const solo = await new GmStore(client(t, { keys: browser() }).port).keyForNewLake();
    expect(solo.made).toBe(true);
  });

  test("the keys in use are those the lakes' newest revisions name; a plain (format 1) lake names none; names and namedAlready", async () => {
    const t = await makeTable();
    const keyOf = () => new GmStore(client(t, { keys: browser() }).port).ring.create();
    const [k1, k2, k3] = [keyOf(), keyOf(), keyOf()];
    const a = new GmStore(t.gm);
    for (const r of declarations("lakeA", 2)) await write(t.gm, a, r, k1);
    // lake A goes on under another key, sealed whole by a client that never read it
    await write(t.gm, new GmStore(t.gm), { ...declarations("lakeA", 3)[2]! }, k3);
    await write(t.gm, new GmStore(t.gm), first("lakeB"), k2);
    t.server.putPlainRecordForTests({ ...first("lakeC"), rev: 2 });
    const b = new GmStore(client(t, { keys: browser() }).port);
    b.ring.add(Buffer.from(k2.bytes).toString("hex"));
    expect(b.namedAlready(k2.id)).toBe(false);
    expect([...(await b.keyIdsInUse())].sort()).toEqual([k2.id, k3.id].sort());
    expect(await b.missingKeys()).toEqual([k3.id]);
    const c = new GmStore(client(t, { keys: browser() }).port);
    c.ring.add(Buffer.from(k2.bytes).toString("hex"));
    expect((await c.get("lakeB")).ok).toBe(true);
    expect(c.namedAlready(k2.id)).toBe(true);
    const reads = t.server.storeIndexReads;
    expect(await c.names(k2.id)).toBe(true);
    expect(t.server.storeIndexReads).toBe(reads);
    expect(await c.names(k3.id)).toBe(true);
    expect(await c.names(k1.id)).toBe(false);
    expect(await c.names("0".repeat(16))).toBe(false);
  });
});
