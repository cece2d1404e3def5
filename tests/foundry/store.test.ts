/**
 * The sealed GM store (issue 10 item 2): each revision holds only what changed, the chain of
 * revisions opens to exactly the record written, and what the store's documents show without
 * the key holds none of the record's secrets. The 500 seeded writes are
 * tests/foundry/store-seeded.test.ts.
 */
import { describe, expect, test } from "vitest";
import type { GmRecord } from "../../src/foundry/fishing/record.ts";
import { EMPTY_PENDING } from "../../src/foundry/fishing/record.ts";
import type { WriteOp } from "../../src/foundry/core/port.ts";
import { GmStore } from "../../src/foundry/core/store/gm-store.ts";
import { KeyRing, keyIdOf } from "../../src/foundry/core/store/keyring.ts";
import { PAD_BYTES } from "../../src/foundry/core/store/sealed.ts";
import type { Port } from "../../src/foundry/core/port.ts";

import { makeTable } from "./fake/world.ts";
import { first, pending, round } from "./fake/records.ts";

type Put = Extract<WriteOp, { kind: "store.put" }>;

describe("the sealed GM store (issue 10 item 2)", () => {
  test("a record written before sealing (format 1) is read, then written sealed whole, and its plain documents go", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    store.ring.create();
    const plain: GmRecord = {
      ...first("lake2"),
      rev: 3,
      rounds: [round(1), round(2)],
      pendingBefore: [EMPTY_PENDING, EMPTY_PENDING],
    };
    // as 0.1.0 wrote it: one document, the record in plain
    t.server.putPlainRecordForTests(plain);
    expect(await store.get("lake2")).toEqual({ ok: true, value: plain });
    const next = { ...plain, rev: 4, pending: pending(1) };
    await store.ready();
    const op = store.put(next) as Put;
    await t.gm.write([op]);
    await store.written(op);
    expect(t.server.truth.storeDocs.map((d) => d.name)).toEqual(["lake2@4"]);
    expect(await new GmStore(t.gm).get("lake2")).toEqual({ ok: true, value: next });
  });

  test("without the key: keyMissing, and nothing of the record shows in the documents", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    const key = store.ring.create();
    const r = { ...first("lake3"), pending: pending(2) };
    await store.ready();
    const op = store.put(r, key) as Put;
    await t.gm.write([op]);
    t.gm.newBrowser();
    const elsewhere = new GmStore(t.gm);
    expect(await elsewhere.get("lake3")).toMatchObject({
      ok: false,
      error: { code: "keyMissing" },
    });
    const shown = JSON.stringify(t.server.truth.storeDocs);
    for (const secret of ["424242", "move", "a1b2c3d4", "seed", "pending", "setup"])
      expect(shown).not.toContain(secret);
    expect(op.doc.key).toBe(keyIdOf(key.bytes));
    // an exported key file brings it back
    const file = store.ring.export();
    expect(elsewhere.ring.import(file)).toEqual({ ok: true, ids: [key.id] });
    expect(await elsewhere.get("lake3")).toEqual({ ok: true, value: r });
  });

  test("a changed sealed text or a revision moved to another lake does not open: storeDamaged", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    const key = store.ring.create();
    await store.ready();
    const op = store.put(first("lake4"), key) as Put;
    const sealed = op.doc.sealed;
    const flipped = sealed.slice(0, 40) + (sealed[40] === "A" ? "B" : "A") + sealed.slice(41);
    await t.gm.write([{ kind: "store.put", doc: { ...op.doc, sealed: flipped } }]);
    expect(await store.get("lake4")).toMatchObject({ ok: false, error: { code: "storeDamaged" } });
    await t.gm.write([{ kind: "store.put", doc: { ...op.doc, lakeId: "lake5" } }]);
    expect(await store.get("lake5")).toMatchObject({ ok: false, error: { code: "storeDamaged" } });
  });

  test("a declaration's action does not show in the sealed text's length (padded to whole kilobytes)", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    const key = store.ring.create();
    const lengths = new Set<number>();
    for (const action of [
      { action: "catch" },
      { action: "move", to: [1, 1, 0] },
      { action: "herd", target: [1, 1, 0], toward: [2, 1, 0] },
      { action: "track", target: [2, 2, 1] },
    ]) {
      const r = {
        ...first("lake6"),
        pending: {
          actions: { f1: action, f2: action },
          totals: { f1: { total: 12, natural: 9 } },
          revive: [],
        },
      } as unknown as GmRecord;
      await store.ready();
      const op = store.put(r, key) as Put;
      lengths.add(op.doc.sealed.length);
    }
    expect(lengths.size).toBe(1);
    expect(PAD_BYTES).toBe(1024);
  });

  test("a clear field changed (the GM's end, the parts) makes the revision fail to open", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    const key = store.ring.create();
    await store.ready();
    const op = store.put(first("lake7"), key) as Put;
    await t.gm.write([{ kind: "store.put", doc: { ...op.doc, endedByGm: true } }]);
    expect(await store.get("lake7")).toMatchObject({ ok: false, error: { code: "storeDamaged" } });
  });

  test("compare-and-set: a GM client that read revision 1 cannot write revision 2 after another wrote 12 more", async () => {
    const t = await makeTable();
    const a = new GmStore(t.gm);
    const key = a.ring.create();
    const b = new GmStore(t.gm);
    let r = first("lake8");
    await a.ready();
    const op = a.put(r, key) as Put;
    await t.gm.write([op]);
    await a.written(op);
    expect((await a.get("lake8")).ok).toBe(true);
    expect((await b.get("lake8")).ok).toBe(true);
    for (let i = 0; i < 12; i++) {
      r = { ...r, rev: r.rev + 1, pending: pending(i) };
      const o = b.put(r, key) as Put;
      await t.gm.write([o]);
      await b.written(o);
    }
    const stale = a.put({ ...first("lake8"), rev: 2, pending: pending(99) }, key) as Put;
    await expect(t.gm.write([stale])).rejects.toThrow(/staleRecord/);
    expect(await a.get("lake8")).toEqual({ ok: true, value: r });
  });

  test("a read finds the newest revision even when this client's index is old (v13 keeps a pack's index on the client)", async () => {
    const t = await makeTable();
    const writer = new GmStore(t.gm);
    const key = writer.ring.create();
    let r = first("lake9");
    await writer.ready();
    for (let i = 0; i < 20; i++) {
      const o = writer.put(r, key) as Put;
      await t.gm.write([o]);
      await writer.written(o);
      r = { ...r, rev: r.rev + 1, pending: pending(i) };
    }
    const last = { ...r, rev: r.rev - 1 };
    // an index as loaded before the last 19 writes: only revision 1
    const old = (await t.gm.storeIndex()).filter((e) => e.name === "lake9@1");
    const port = new Proxy(t.gm, {
      get: (target, p) =>
        p === "storeIndex"
          ? async () => old
          : (target as unknown as Record<PropertyKey, unknown>)[p],
    }) as unknown as Port;
    const reader = new GmStore(port);
    reader.ring.import(writer.ring.export());
    const got = await reader.get("lake9");
    expect(got.ok && got.value?.rev).toBe(20);
    expect(got).toEqual({ ok: true, value: { ...last, pending: pending(18) } });
  });

  test("a key file is taken whole or not at all, each key checked against its id", () => {
    const saved: string[] = [];
    const ring = new KeyRing({ load: () => null, save: (x) => void saved.push(x) });
    const other = new KeyRing({ load: () => null, save: () => undefined });
    const k = other.create();
    const good = JSON.parse(other.export()) as { keys: Record<string, string> };
    expect(ring.import("not json")).toEqual({ ok: false, field: "file" });
    expect(ring.import(JSON.stringify({ format: "x", keys: {} }))).toEqual({
      ok: false,
      field: "format",
    });
    const wrongId = { ...good, keys: { ["0".repeat(16)]: good.keys[k.id] } };
    expect(ring.import(JSON.stringify(wrongId))).toEqual({
      ok: false,
      field: `keys.${"0".repeat(16)}`,
    });
    expect(ring.size).toBe(0);
    expect(ring.import(JSON.stringify(good))).toEqual({ ok: true, ids: [k.id] });
    expect(ring.get(k.id)?.bytes).toEqual(k.bytes);
    // kept in the browser's storage, read back by a new ring
    const again = new KeyRing({ load: () => saved.at(-1)!, save: () => undefined });
    expect(again.current()?.id).toBe(k.id);
  });
});
