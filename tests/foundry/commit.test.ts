/**
 * The one commit (core/commit.ts), against a store and a port built by hand: the record is
 * written first and on its own; a refusal or failure there leaves nothing public; the public side
 * then rolls forward from the record, each card once, and orphan cards of revisions the store
 * never reached are removed only after a fresh read of the store.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import type { Change } from "../../src/foundry/core/commit.ts";
import {
  ATTEMPTS,
  commitChange,
  gmCards,
  newDocId,
  rollForward,
} from "../../src/foundry/core/commit.ts";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import type { ModuleCard, Port, SceneData, WriteOp } from "../../src/foundry/core/port.ts";
import type { StoreRecord } from "../../src/foundry/core/record.ts";
import { STALE_RECORD } from "../../src/foundry/core/record.ts";
import type { GmStore } from "../../src/foundry/core/store/gm-store.ts";

const SCENE = {
  _id: "sc",
  name: "S",
  flags: {},
  tokens: [],
  gridSize: 100,
  sceneX: 0,
  sceneY: 0,
  sceneWidth: 4000,
  sceneHeight: 3000,
  gridType: 1, // CONST.GRID_TYPES.SQUARE
};

function record(rev: number, outbox?: StoreRecord["outbox"]): StoreRecord {
  return {
    format: "kolikoly-gm-record/1",
    lakeId: "l1",
    sceneId: "sc",
    rev,
    setup: {},
    rounds: [],
    endedByGm: false,
    pending: {},
    pendingBefore: [],
    ...(outbox ? { outbox } : {}),
  } as StoreRecord;
}

interface Fake {
  port: Port;
  writes: WriteOp[][];
  cards: ModuleCard[];
  /** Makes the n-th write (0-based, counting every call) throw. */
  failing: Set<number>;
  failWith: Error;
  scene: SceneData | undefined;
}

function fakePort(): Fake {
  const f: Fake = {
    writes: [],
    cards: [],
    failing: new Set(),
    failWith: new Error("socket closed"),
    scene: SCENE,
    port: undefined as unknown as Port,
  };
  let n = 0;
  f.port = {
    users: () => [
      { id: "gm", isGM: true },
      { id: "ana", isGM: false },
    ],
    moduleCards: (id: string) => (id === "l1" ? f.cards : []),
    scene: (id: string) => (id === "sc" ? f.scene : undefined),
    write: async (ops: WriteOp[]) => {
      const i = n++;
      f.writes.push(ops);
      if (f.failing.has(i)) throw f.failWith;
    },
  } as unknown as Port;
  return f;
}

function fakeStore(
  current: StoreRecord | undefined,
  opts: { getFails?: boolean; tryPutFails?: boolean; ghost?: boolean } = {},
) {
  const calls: string[] = [];
  const store = {
    get: async () => {
      calls.push("get");
      return opts.getFails
        ? { ok: false, error: { code: "storeDamaged", field: "", message: "" } }
        : { ok: true, value: current };
    },
    put: (r: StoreRecord) => {
      calls.push("put");
      return { kind: "store.put", doc: { rev: r.rev, by: "put" } };
    },
    tryPut: (r: StoreRecord, field: string) => {
      calls.push(`tryPut ${field}`);
      return opts.tryPutFails
        ? { ok: false, error: { code: "keyMissing", field, message: "" } }
        : { ok: true, value: { kind: "store.put", doc: { rev: r.rev, by: "tryPut" } } };
    },
    // store/gm-store.ts `ready`: the cipher's chunk loaded before anything is sealed
    ready: async () => undefined,
    // store/gm-store.ts `stands`: the created revision read back (a write delayed past a deletion)
    stands: async () => {
      calls.push("stands");
      return !opts.ghost;
    },
    written: async () => void calls.push("written"),
    // store/gm-store.ts `prune`: old revisions deleted, on a change that posts no card
    prune: async (_put: unknown, quiet: boolean) => void calls.push(`prune ${quiet}`),
  } as unknown as GmStore;
  return { store, calls };
}

const TOKEN_OP: WriteOp = { kind: "scene.update", sceneId: "sc", update: { a: 1 } };
const card = { content: "round 2", flags: { [MODULE_ID]: { kind: "round", round: 2 } } };

function change(over: Partial<Change<StoreRecord>> = {}): Change<StoreRecord> {
  return {
    from: 1,
    record: record(2),
    chat: [card],
    publish: () => [TOKEN_OP],
    field: "lake",
    key: { id: "k", bytes: new Uint8Array(32) },
    ...over,
  };
}

afterEach(() => vi.restoreAllMocks());

describe("commitChange: the record is the commit point", () => {
  test("the record alone first, then the public side from it, each card stamped with its revision", async () => {
    const f = fakePort();
    const { store, calls } = fakeStore(record(1));
    const remembered: StoreRecord[] = [];
    const r = await commitChange({ port: f.port, store }, change(), (x) => {
      remembered.push(x);
      expect(f.writes).toHaveLength(1);
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.published).toBe(true);
    const outbox = r.value.record.outbox!;
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!._id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(outbox[0]!.flags).toEqual({ [MODULE_ID]: { kind: "round", round: 2, rev: 2 } });
    expect(outbox[0]!.content).toBe("round 2");
    expect(remembered).toEqual([r.value.record]);
    expect(calls).toEqual(["get", "put", "stands", "written", "prune false"]);
    expect(f.writes).toEqual([
      [{ kind: "store.put", doc: { rev: 2, by: "put" } }],
      [TOKEN_OP, { kind: "chat.create", data: outbox }],
    ]);
  });

  test("a stale reader is refused before anything is written; a failed read is answered as it is", async () => {
    for (const rev of [0, 3, undefined]) {
      const f = fakePort();
      const { store } = fakeStore(rev === undefined ? undefined : record(rev));
      const r = await commitChange({ port: f.port, store }, change(), () => undefined);
      expect(r).toEqual({
        ok: false,
        error: { code: "staleRecord", field: "", message: "staleRecord" },
      });
      expect(f.writes).toEqual([]);
    }
    const f = fakePort();
    const r = await commitChange(
      { port: f.port, store: fakeStore(record(1), { getFails: true }).store },
      change(),
      () => undefined,
    );
    expect(r.ok ? "" : r.error.code).toBe("storeDamaged");
    expect(f.writes).toEqual([]);
  });

  test("a revision created again after the store deleted its id does not stand: refused, nothing public", async () => {
    const f = fakePort();
    const { store, calls } = fakeStore(record(1), { ghost: true });
    const remembered: StoreRecord[] = [];
    const r = await commitChange({ port: f.port, store }, change(), (x) => remembered.push(x));
    expect(r).toEqual({
      ok: false,
      error: { code: "staleRecord", field: "", message: "staleRecord" },
    });
    expect(calls).toEqual(["get", "put", "stands"]);
    // only the record's own put went out; no token, scene or card was written from it
    expect(f.writes).toEqual([[{ kind: "store.put", doc: { rev: 2, by: "put" } }]]);
    expect(remembered).toEqual([]);
  });

  test("a new game reads nothing first and seals with the store's own key (tryPut), naming its field", async () => {
    const f = fakePort();
    const { store, calls } = fakeStore(record(9));
    const { key: _k, ...rest } = change({ from: undefined, record: record(1), chat: [] });
    const r = await commitChange(
      { port: f.port, store },
      { ...rest, field: "board" },
      () => undefined,
    );
    expect(r.ok).toBe(true);
    expect(calls).toEqual(["tryPut board", "stands", "written", "prune true"]);
    expect(f.writes[0]).toEqual([{ kind: "store.put", doc: { rev: 1, by: "tryPut" } }]);
    const g = fakePort();
    const missing = fakeStore(undefined, { tryPutFails: true });
    const r2 = await commitChange(
      { port: g.port, store: missing.store },
      { ...rest, field: "board" },
      () => undefined,
    );
    expect(r2).toEqual({ ok: false, error: { code: "keyMissing", field: "board", message: "" } });
    expect(g.writes).toEqual([]);
  });

  test("a refused or failed record write leaves nothing public and nothing remembered", async () => {
    for (const [error, want] of [
      [
        new Error(`${STALE_RECORD}: revision 2 exists`),
        { code: "staleRecord", field: "", message: "staleRecord" },
      ],
      [new Error("socket closed"), { code: "writeFailed", field: "", message: "socket closed" }],
    ] as const) {
      const f = fakePort();
      f.failing.add(0);
      f.failWith = error;
      const { store, calls } = fakeStore(record(1));
      let remembered = false;
      const r = await commitChange({ port: f.port, store }, change(), () => (remembered = true));
      expect(r).toEqual({ ok: false, error: want });
      expect(remembered).toBe(false);
      expect(f.writes).toHaveLength(1);
      expect(calls).not.toContain("written");
    }
  });

  test("newDocId: 16 characters of a Foundry id, drawn afresh", () => {
    const ids = new Set(Array.from({ length: 50 }, newDocId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});

describe("gmCards: only what a GM client wrote counts", () => {
  test("a card by a player or by no known author is nobody's", () => {
    const f = fakePort();
    f.cards = [
      { id: "c1", author: "gm", flag: {} },
      { id: "c2", author: "ana", flag: {} },
      { id: "c3", author: undefined, flag: {} },
      { id: "c4", author: "stranger", flag: {} },
    ];
    expect(gmCards(f.port, "l1").map((c) => c.id)).toEqual(["c1"]);
    expect(gmCards(f.port, "l2")).toEqual([]);
  });
});

describe("rollForward: the public side brought in line with the record", () => {
  const posted = { _id: "posted0000000001", content: "a", flags: { [MODULE_ID]: { rev: 2 } } };
  const fresh = { _id: "fresh00000000001", content: "b", flags: { [MODULE_ID]: { rev: 2 } } };

  test("only the cards not yet posted by a GM client; nothing to write is no write", async () => {
    const f = fakePort();
    f.cards = [
      { id: posted._id, author: "gm", flag: { rev: 2 } },
      { id: fresh._id, author: "ana", flag: { rev: 2 } },
    ];
    expect(await rollForward(f.port, record(2, [posted, fresh]), () => [])).toBe(true);
    expect(f.writes).toEqual([[{ kind: "chat.create", data: [fresh] }]]);
    const g = fakePort();
    g.cards = [{ id: posted._id, author: "gm", flag: { rev: 2 } }];
    expect(await rollForward(g.port, record(2, [posted]), () => [])).toBe(true);
    expect(await rollForward(g.port, record(2), () => [])).toBe(true);
    expect(g.writes).toEqual([]);
  });

  test("a scene that is gone: nothing written, not published", async () => {
    const f = fakePort();
    f.scene = undefined;
    expect(await rollForward(f.port, record(2, [fresh]), () => [TOKEN_OP])).toBe(false);
    expect(f.writes).toEqual([]);
  });

  test("orphans: GM cards of revisions past the newest stored one go, after a fresh read", async () => {
    const f = fakePort();
    f.cards = [
      { id: "old", author: "gm", flag: { rev: 1 } },
      { id: "next", author: "gm", flag: { rev: 3 } },
      { id: "orphan", author: "gm", flag: { rev: 4 } },
      { id: "norev", author: "gm", flag: {} },
      { id: "forged", author: "ana", flag: { rev: 9 } },
    ];
    const { store } = fakeStore(record(3));
    expect(await rollForward(f.port, record(2), () => [], store)).toBe(true);
    expect(f.writes).toEqual([[{ kind: "chat.delete", ids: ["orphan"] }]]);
    // without the store nothing is taken for an orphan
    const g = fakePort();
    g.cards = f.cards;
    expect(await rollForward(g.port, record(2), () => [])).toBe(true);
    expect(g.writes).toEqual([]);
    // a store that reads nothing: the record's own revision is the newest
    const h = fakePort();
    h.cards = f.cards;
    expect(await rollForward(h.port, record(2), () => [], fakeStore(undefined).store)).toBe(true);
    expect(h.writes).toEqual([[{ kind: "chat.delete", ids: ["next", "orphan"] }]]);
    const k = fakePort();
    k.cards = f.cards;
    const broken = fakeStore(record(9), { getFails: true }).store;
    expect(await rollForward(k.port, record(2), () => [], broken)).toBe(true);
    expect(k.writes).toEqual([[{ kind: "chat.delete", ids: ["next", "orphan"] }]]);
  });

  test("the store is read again only for a card past the record, and a card it holds is kept", async () => {
    const f = fakePort();
    f.cards = [
      { id: "old", author: "gm", flag: { rev: 1 } },
      { id: "own", author: "gm", flag: { rev: 2 } },
    ];
    const quiet = fakeStore(record(2));
    expect(await rollForward(f.port, record(2), () => [], quiet.store)).toBe(true);
    expect(quiet.calls).toEqual([]);
    f.cards = [{ id: "next", author: "gm", flag: { rev: 3 } }];
    const read = fakeStore(record(3));
    expect(await rollForward(f.port, record(2), () => [], read.store)).toBe(true);
    expect(read.calls).toEqual(["get"]);
    expect(f.writes).toEqual([]);
  });

  test("a failed batch is finished op by op, cards first; a write that keeps failing is left to the next reconcile", async () => {
    const f = fakePort();
    f.failing.add(0);
    expect(await rollForward(f.port, record(2, [fresh]), () => [TOKEN_OP])).toBe(true);
    expect(f.writes).toEqual([
      [TOKEN_OP, { kind: "chat.create", data: [fresh] }],
      [{ kind: "chat.create", data: [fresh] }],
      [TOKEN_OP],
    ]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const g = fakePort();
    for (let i = 0; i < 20; i++) if (i !== 1) g.failing.add(i);
    expect(await rollForward(g.port, record(2, [fresh]), () => [TOKEN_OP])).toBe(false);
    // one batch, then ATTEMPTS - 1 rounds of two single writes
    expect(g.writes).toHaveLength(1 + 2 * (ATTEMPTS - 1));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(
      "l1: the scene is behind its record (revision 2)",
    );
  });

  test("one op failing once: the other ops still go, and the next attempt finishes it", async () => {
    const f = fakePort();
    f.failing.add(0);
    f.failing.add(2); // the token op of the second attempt
    expect(
      await rollForward(f.port, record(2), () => [TOKEN_OP, { ...TOKEN_OP, update: { b: 2 } }]),
    ).toBe(true);
    expect(f.writes.slice(1)).toEqual([
      [TOKEN_OP],
      [{ ...TOKEN_OP, update: { b: 2 } }],
      [TOKEN_OP],
      [{ ...TOKEN_OP, update: { b: 2 } }],
    ]);
  });
});
