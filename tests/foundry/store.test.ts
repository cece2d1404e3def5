/**
 * The sealed GM store (issue 10 item 2): each revision holds only what changed, the chain of
 * revisions opens to exactly the record written, and what the store's documents show without
 * the key holds none of the record's secrets.
 */
import { describe, expect, test } from "vitest";
import type { GmRecord, Pending } from "../../src/foundry/record.ts";
import { EMPTY_PENDING } from "../../src/foundry/record.ts";
import type { WriteOp } from "../../src/foundry/port.ts";
import { GmStore } from "../../src/foundry/store/gm-store.ts";
import { KeyRing, keyIdOf } from "../../src/foundry/store/keyring.ts";
import { KEPT_REVISIONS, openDoc } from "../../src/foundry/store/sealed.ts";
import type { RoundRecord } from "../../src/rules/index.ts";
import { makeTable, rngFor } from "./fake/world.ts";

type Put = Extract<WriteOp, { kind: "store.put" }>;

function round(n: number): RoundRecord {
  return {
    input: { actions: { f1: { action: "track", secret: `hidden move ${n}` } } },
    rolls: [{ key: `check:f1:${n}`, total: n + 3 }],
  } as unknown as RoundRecord;
}

function pending(n: number): Pending {
  return {
    actions: { f1: { action: "move", to: [n % 3, 1, 0] } },
    totals: {},
    revive: [],
  } as never;
}

function first(lakeId: string): GmRecord {
  return {
    format: "kolikoly-gm-record/1",
    lakeId,
    sceneId: "scene00000000001",
    rev: 1,
    setup: { seed: 424242, lake: { width: 3, height: 3, levels: 2 } } as never,
    rounds: [],
    endedByGm: false,
    pending: EMPTY_PENDING,
    pendingBefore: [],
    aliasKey: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
  };
}

describe("the sealed GM store (issue 10 item 2)", () => {
  test("500 seeded writes (declare, resolve, undo, end) open to exactly the record written, each revision holding what changed", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    const key = store.ring.create();
    let record = first("lake1");
    const write = async (r: GmRecord, prune = false) => {
      const op = store.put(r, key) as Put;
      await t.gm.write([op]);
      await store.written(op, prune);
      return op.doc;
    };
    await write(record);
    const rng = rngFor(7);
    let sealedRounds = 0;
    for (let i = 0; i < 500; i++) {
      const roll = rng.die(10) - 1;
      let next: GmRecord;
      if (roll < 4) next = { ...record, rev: record.rev + 1, pending: pending(i) };
      else if (roll < 8)
        next = {
          ...record,
          rev: record.rev + 1,
          rounds: [...record.rounds, round(record.rounds.length + 1)],
          pendingBefore: [...record.pendingBefore, record.pending],
          pending: EMPTY_PENDING,
        };
      else if (roll < 9 && record.rounds.length)
        next = {
          ...record,
          rev: record.rev + 1,
          rounds: record.rounds.slice(0, -1),
          pending: record.pendingBefore.at(-1)!,
          pendingBefore: record.pendingBefore.slice(0, -1),
        };
      else next = { ...record, rev: record.rev + 1, endedByGm: !record.endedByGm };
      const doc = await write(next, i % 3 === 0);
      const opened = openDoc(doc, key.bytes);
      // only what changed: the new round at most, never the setup again
      expect(opened.secret.setup).toBeUndefined();
      expect(opened.secret.rounds?.length ?? 0).toBeLessThanOrEqual(1);
      sealedRounds += opened.secret.rounds?.length ?? 0;
      record = next;
      // a fresh store (another GM client holding the key) opens the same record
      const other = new GmStore(t.gm);
      const got = await other.get("lake1");
      expect(got).toEqual({ ok: true, value: record });
    }
    expect(sealedRounds).toBeGreaterThan(100);
    // old revisions went, parts stayed: the store holds far fewer documents than writes
    const docs = t.server.truth.storeDocs.length;
    expect(docs).toBeLessThan(record.rounds.length + KEPT_REVISIONS + 3);
  });

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
    const op = store.put(next) as Put;
    await t.gm.write([op]);
    await store.written(op, true);
    expect(t.server.truth.storeDocs.map((d) => d.name)).toEqual(["lake2@4"]);
    expect(await new GmStore(t.gm).get("lake2")).toEqual({ ok: true, value: next });
  });

  test("without the key: keyMissing, and nothing of the record shows in the documents", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    const key = store.ring.create();
    const r = { ...first("lake3"), pending: pending(2) };
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
    const op = store.put(first("lake4"), key) as Put;
    const sealed = op.doc.sealed;
    const flipped = sealed.slice(0, 40) + (sealed[40] === "A" ? "B" : "A") + sealed.slice(41);
    await t.gm.write([{ kind: "store.put", doc: { ...op.doc, sealed: flipped } }]);
    expect(await store.get("lake4")).toMatchObject({ ok: false, error: { code: "storeDamaged" } });
    await t.gm.write([{ kind: "store.put", doc: { ...op.doc, lakeId: "lake5" } }]);
    expect(await store.get("lake5")).toMatchObject({ ok: false, error: { code: "storeDamaged" } });
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
