/**
 * The GM store's parts one by one (core/store): the key ring a GM client keeps in its browser,
 * and the revision document's shape check. The whole store (sealing, chains, compare-and-set)
 * is tests/foundry/store.test.ts.
 */
import { describe, expect, test } from "vitest";
import { KEYS_FORMAT, KeyRing, keyIdOf } from "../../src/foundry/core/store/keyring.ts";
import type { KeyStorage } from "../../src/foundry/core/store/keyring.ts";
import { STORE_FORMAT, isStoreDoc } from "../../src/foundry/core/store/sealed.ts";

/** A browser's storage: what it holds now, and every text saved. */
function storage(
  initial: string | null = null,
): KeyStorage & { text: string | null; saves: number } {
  const s = {
    text: initial,
    saves: 0,
    load: () => s.text,
    save: (t: string) => {
      s.text = t;
      s.saves++;
    },
  };
  return s;
}

const HEX_A = "a".repeat(64);
const HEX_B = "0123456789abcdef".repeat(4);
const idOf = (hex: string) => keyIdOf(Uint8Array.from(hex.match(/../g)!, (b) => parseInt(b, 16)));

describe("KeyRing", () => {
  test("a key's id: 16 hex characters, the same for the same key, another for another", () => {
    expect(idOf(HEX_A)).toMatch(/^[0-9a-f]{16}$/);
    expect(idOf(HEX_A)).toBe(idOf(HEX_A));
    expect(idOf(HEX_A)).not.toBe(idOf(HEX_B));
  });

  test("create: a fresh current key, saved; add: a hex key, current only if none is", () => {
    const st = storage();
    const ring = new KeyRing(st);
    expect(ring.size).toBe(0);
    expect(ring.current()).toBeUndefined();
    const k = ring.create();
    expect(k.bytes).toHaveLength(32);
    expect(k.id).toBe(keyIdOf(k.bytes));
    expect(ring.current()).toEqual(k);
    expect(ring.get(k.id)).toEqual(k);
    expect(JSON.parse(st.text!)).toEqual({
      format: KEYS_FORMAT,
      keys: { [k.id]: Buffer.from(k.bytes).toString("hex") },
      current: k.id,
    });
    expect(ring.add(HEX_A)).toBe(idOf(HEX_A));
    expect(ring.current()!.id).toBe(k.id);
    expect(ring.ids()).toEqual([k.id, idOf(HEX_A)]);
    const second = new KeyRing(storage());
    second.add(HEX_A, false);
    expect(second.current()).toBeUndefined();
    second.add(HEX_B);
    expect(second.current()!.id).toBe(idOf(HEX_B));
  });

  test("add refuses what is not 64 lower-case hex characters, whole", () => {
    const st = storage();
    const ring = new KeyRing(st);
    for (const bad of [
      42,
      null,
      "a".repeat(63),
      "a".repeat(65),
      "A".repeat(64),
      ` ${"a".repeat(63)}`,
      `${"a".repeat(64)}\n`,
    ])
      expect(ring.add(bad)).toBeUndefined();
    expect(ring.size).toBe(0);
    expect(st.saves).toBe(0);
    // a key it holds already is not saved again
    ring.add(HEX_A);
    ring.add(HEX_A);
    expect(st.saves).toBe(1);
  });

  test("use: a key it holds becomes current (saved once); another id changes nothing", () => {
    const st = storage();
    const ring = new KeyRing(st);
    ring.add(HEX_A);
    ring.add(HEX_B);
    const saves = st.saves;
    ring.use("nope");
    expect(ring.current()!.id).toBe(idOf(HEX_A));
    ring.use(idOf(HEX_A));
    expect(st.saves).toBe(saves);
    ring.use(idOf(HEX_B));
    expect(ring.current()!.id).toBe(idOf(HEX_B));
    expect(st.saves).toBe(saves + 1);
    expect(JSON.parse(st.text!).current).toBe(idOf(HEX_B));
  });

  test("hexes: every key, or only those asked for", () => {
    const ring = new KeyRing(storage());
    ring.add(HEX_A);
    ring.add(HEX_B);
    expect(ring.hexes()).toEqual({ [idOf(HEX_A)]: HEX_A, [idOf(HEX_B)]: HEX_B });
    expect(ring.hexes([idOf(HEX_B), "other"])).toEqual({ [idOf(HEX_B)]: HEX_B });
    expect(ring.hexes([])).toEqual({});
  });

  test("the storage is read at start: its keys and its current key; a damaged entry holds nothing", () => {
    const file = { format: KEYS_FORMAT, keys: { x: HEX_A, y: HEX_B }, current: idOf(HEX_B) };
    const ring = new KeyRing(storage(JSON.stringify(file)));
    expect(ring.ids().sort()).toEqual([idOf(HEX_A), idOf(HEX_B)].sort());
    expect(ring.current()!.id).toBe(idOf(HEX_B));
    // a current id the file does not hold is not taken
    const odd = new KeyRing(storage(JSON.stringify({ ...file, current: "zz" })));
    expect(odd.current()).toBeUndefined();
    for (const bad of [
      "{",
      JSON.stringify({ ...file, format: "other" }),
      JSON.stringify({ format: KEYS_FORMAT, keys: null }),
      JSON.stringify({ format: KEYS_FORMAT, keys: "k" }),
    ])
      expect(new KeyRing(storage(bad)).size).toBe(0);
    const some = new KeyRing(
      storage(JSON.stringify({ format: KEYS_FORMAT, keys: { a: HEX_A, b: "short", c: 3 } })),
    );
    expect(some.ids()).toEqual([idOf(HEX_A)]);
  });

  test("a save keeps the keys another tab saved meanwhile, and this tab's current key", () => {
    const st = storage();
    const ring = new KeyRing(st);
    ring.add(HEX_A);
    // another tab of this browser wrote its own key and current key since
    st.text = JSON.stringify({ format: KEYS_FORMAT, keys: { o: HEX_B }, current: idOf(HEX_B) });
    const k = ring.create();
    const saved = JSON.parse(st.text);
    expect(Object.keys(saved.keys).sort()).toEqual([idOf(HEX_A), idOf(HEX_B), k.id].sort());
    expect(saved.current).toBe(k.id);
    expect(ring.get(idOf(HEX_B))).toBeDefined();
  });

  test("import: the file's current key when this ring has none, else its first; never replacing one", () => {
    const file = (current?: string) =>
      JSON.stringify({
        format: KEYS_FORMAT,
        keys: { [idOf(HEX_A)]: HEX_A, [idOf(HEX_B)]: HEX_B },
        ...(current ? { current } : {}),
      });
    const a = new KeyRing(storage());
    expect(a.import(file(idOf(HEX_B)))).toEqual({ ok: true, ids: [idOf(HEX_A), idOf(HEX_B)] });
    expect(a.current()!.id).toBe(idOf(HEX_B));
    const b = new KeyRing(storage());
    b.import(file());
    expect(b.current()!.id).toBe(idOf(HEX_A));
    const c = new KeyRing(storage());
    c.import(file("unknown"));
    expect(c.current()!.id).toBe(idOf(HEX_A));
    const d = new KeyRing(storage());
    const own = d.create();
    d.import(file(idOf(HEX_B)));
    expect(d.current()).toEqual(own);
    expect(d.import(JSON.stringify({ format: KEYS_FORMAT, keys: null }))).toEqual({
      ok: false,
      field: "keys",
    });
    expect(d.import("null")).toEqual({ ok: false, field: "format" });
    expect(d.import(JSON.stringify({ format: KEYS_FORMAT, keys: { [idOf(HEX_A)]: 5 } }))).toEqual({
      ok: false,
      field: `keys.${idOf(HEX_A)}`,
    });
  });
});

describe("KeyRing: what a key file or a stored entry may hold", () => {
  test("a key file as this version writes it is read back: its keys and its current key", () => {
    // written by KeyRing#export of this version (format kolikoly-gm-keys/1); not a real world's key
    const text = `{"format":"kolikoly-gm-keys/1","keys":{"${idOf(HEX_B)}":"${HEX_B}"},"current":"${idOf(HEX_B)}"}`;
    expect(new KeyRing(storage()).import(text)).toEqual({ ok: true, ids: [idOf(HEX_B)] });
    expect(new KeyRing(storage(text)).current()?.id).toBe(idOf(HEX_B));
  });

  test("import names what is wrong: not JSON, keys not an object, a key that is not its id's or not text", () => {
    const ring = new KeyRing(storage());
    const file = (keys: unknown) => JSON.stringify({ format: KEYS_FORMAT, keys });
    expect(ring.import("{")).toEqual({ ok: false, field: "file" });
    expect(ring.import(file("k"))).toEqual({ ok: false, field: "keys" });
    expect(ring.import(file(5))).toEqual({ ok: false, field: "keys" });
    // a key under another key's id: the file was changed
    expect(ring.import(file({ [idOf(HEX_A)]: HEX_B }))).toEqual({
      ok: false,
      field: `keys.${idOf(HEX_A)}`,
    });
    // an array holding a key's text is not a key
    expect(ring.import(file({ [idOf(HEX_A)]: [HEX_A] }))).toEqual({
      ok: false,
      field: `keys.${idOf(HEX_A)}`,
    });
    expect(ring.size).toBe(0);
    expect(ring.add([HEX_A])).toBeUndefined();
    expect(ring.size).toBe(0);
  });

  test("a stored entry's bad values are skipped, wherever they stand, and the good keys read", () => {
    const text = JSON.stringify({
      format: KEYS_FORMAT,
      keys: { x: [HEX_B], y: "short", z: 3, a: HEX_A },
      current: idOf(HEX_A),
    });
    const ring = new KeyRing(storage(text));
    expect(ring.ids()).toEqual([idOf(HEX_A)]);
    expect(ring.current()?.id).toBe(idOf(HEX_A));
  });
});

describe("isStoreDoc: a revision document's shape", () => {
  const doc = {
    format: STORE_FORMAT,
    lakeId: "l1",
    sceneId: "s1",
    rev: 3,
    key: "k",
    parts: [1, 2],
    rounds: 2,
    endedByGm: false,
    sealed: "AAAA",
  };
  test("a whole document passes; each field of the wrong type fails it", () => {
    expect(isStoreDoc(doc)).toBe(true);
    expect(isStoreDoc(null)).toBe(false);
    expect(isStoreDoc("doc")).toBe(false);
    const wrong: Record<string, unknown> = {
      format: "kolikoly-gm-store/1",
      lakeId: 1,
      sceneId: null,
      rev: 1.5,
      key: 7,
      parts: "1,2",
      rounds: "2",
      endedByGm: 0,
      sealed: [],
    };
    for (const [k, v] of Object.entries(wrong))
      expect(isStoreDoc({ ...doc, [k]: v }), k).toBe(false);
    expect(isStoreDoc({ ...doc, parts: [1, 2.5] })).toBe(false);
    expect(isStoreDoc({ ...doc, parts: [] })).toBe(true);
  });
});
