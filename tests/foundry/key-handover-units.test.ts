/**
 * Key hand-over between GM clients (core/store/handover.ts), against a port and a store built
 * by hand: keys go to another connected GM only, in a query of their own; a client takes only
 * keys a store revision names, and a flood of offers reads the store at most once per 10 s.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { KeyHandover } from "../../src/foundry/core/store/handover.ts";
import { KeyRing, keyIdOf } from "../../src/foundry/core/store/keyring.ts";
import { QUERY } from "../../src/foundry/core/constants.ts";

const hexOf = (n: number) => n.toString(16).padStart(2, "0").repeat(32);
const idOf = (hex: string) => keyIdOf(Uint8Array.from(hex.match(/../g)!, (b) => parseInt(b, 16)));

function fixture(me = { id: "gm1", isGM: true, active: true }) {
  const queries: [string, string, unknown][] = [];
  const ring = new KeyRing({ load: () => null, save: () => undefined });
  const reads: string[] = [];
  const store = {
    ring,
    askForKeys: undefined as unknown,
    named: new Set<string>(),
    inUse: new Set<string>(),
    missing: [] as string[],
    namedAlready(id: string) {
      return this.named.has(id);
    },
    async keyIdsInUse() {
      reads.push("index");
      return this.inUse;
    },
    async missingKeys() {
      return this.missing;
    },
  };
  const answer: Record<string, (data: unknown) => void> = {};
  const port = {
    me: () => me,
    users: () => [
      me,
      { id: "gm2", isGM: true, active: true },
      { id: "gm3", isGM: true, active: true },
      { id: "gmOff", isGM: true, active: false },
      { id: "ana", isGM: false, active: true },
    ],
    query: async (user: string, name: string, data: unknown) => {
      queries.push([user, name, data]);
      answer[user]?.(data);
    },
  };
  const h = new KeyHandover(port as never, store as never);
  return { h, ring, store, queries, reads, answer };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(1_000_000);
});
afterEach(() => vi.useRealTimers());

describe("KeyHandover: asking", () => {
  test("the store asks through it; each other connected GM in turn until the keys are held", async () => {
    const { h, ring, store, queries, answer } = fixture();
    const id = idOf(hexOf(1));
    answer.gm2 = () => ring.add(hexOf(1));
    await (store.askForKeys as (ids: string[]) => Promise<void>)([id]);
    expect(queries).toEqual([["gm2", QUERY.keysWanted, { for: "gm1", ids: [id] }]]);
    // what is not a key id, whole, is not asked for
    await h.ask(["not-an-id", `x${idOf(hexOf(2))}`, `${idOf(hexOf(2))}0`]);
    expect(queries).toHaveLength(1);
  });

  test("a GM that fails is skipped; a key no one had is not asked again for a minute", async () => {
    const { h, queries, answer } = fixture();
    answer.gm2 = () => {
      throw new Error("gone");
    };
    const id = idOf(hexOf(2));
    await h.ask([id]);
    expect(queries.map((q) => q[0])).toEqual(["gm2", "gm3"]);
    await h.ask([id]);
    expect(queries).toHaveLength(2);
    vi.setSystemTime(1_000_000 + 60_000);
    await h.ask([id]);
    expect(queries).toHaveLength(2);
    vi.setSystemTime(1_000_000 + 60_001);
    await h.ask([id]);
    expect(queries).toHaveLength(4);
  });

  test("a player's client asks nothing; at most 16 keys are asked for at once", async () => {
    const p = fixture({ id: "ana", isGM: false, active: true });
    await p.h.ask([idOf(hexOf(3))]);
    expect(p.queries).toEqual([]);
    expect(await p.h.askForMissing()).toEqual([]);
    const { h, queries } = fixture();
    const ids = Array.from({ length: 20 }, (_, i) => idOf(hexOf(i + 10)));
    await h.ask(ids);
    expect((queries[0]![2] as { ids: string[] }).ids).toEqual(ids.slice(0, 16));
  });

  test("askForMissing: the store's missing keys asked for; those still missing returned", async () => {
    const { h, ring, store, answer } = fixture();
    const [a, b] = [idOf(hexOf(4)), idOf(hexOf(5))];
    store.missing = [a, b];
    answer.gm2 = () => ring.add(hexOf(4));
    expect(await h.askForMissing()).toEqual([b]);
    const none = fixture();
    expect(await none.h.askForMissing()).toEqual([]);
    expect(none.queries).toEqual([]);
    // a store that cannot say: nothing asked, nothing reported missing
    const failing = fixture();
    failing.store.missingKeys = async () => {
      throw new Error("index unreadable");
    };
    expect(await failing.h.askForMissing()).toEqual([]);
    expect(failing.queries).toEqual([]);
    // a player's client reports nothing, whatever its store would say
    const p = fixture({ id: "ana", isGM: false, active: true });
    p.store.missing = [a];
    expect(await p.h.askForMissing()).toEqual([]);
  });

  test("offer: a new key to every other connected GM; nothing when there is none", async () => {
    const { h, ring, queries } = fixture();
    await h.offer(["x"]);
    expect(queries).toEqual([]);
    const id = ring.add(hexOf(6))!;
    await h.offer([id]);
    expect(queries).toEqual([
      ["gm2", QUERY.keysGiven, { keys: { [id]: hexOf(6) } }],
      ["gm3", QUERY.keysGiven, { keys: { [id]: hexOf(6) } }],
    ]);
  });
});

describe("KeyHandover: answering", () => {
  test("onWanted: keys sent to another connected GM, never to a player, an absent GM or oneself", async () => {
    const { h, ring, queries } = fixture();
    const id = ring.add(hexOf(7))!;
    for (const to of ["ana", "gmOff", "gm1", "nobody"])
      expect(await h.onWanted({ for: to, ids: [id] })).toEqual({ sent: 0 });
    expect(await h.onWanted({ for: "gm2" })).toEqual({ sent: 0 });
    expect(await h.onWanted(null)).toEqual({ sent: 0 });
    expect(await h.onWanted({ for: "gm2", ids: ["unknown"] })).toEqual({ sent: 0 });
    expect(queries).toEqual([]);
    expect(await h.onWanted({ for: "gm2", ids: [id, 5] })).toEqual({ sent: 1 });
    expect(queries).toEqual([["gm2", QUERY.keysGiven, { keys: { [id]: hexOf(7) } }]]);
    const p = fixture({ id: "ana", isGM: false, active: true });
    p.ring.add(hexOf(7));
    expect(await p.h.onWanted({ for: "gm2", ids: [id] })).toEqual({ sent: 0 });
  });

  test("onGiven: only keys a revision names; a key already named costs no store read", async () => {
    const { h, ring, store, reads } = fixture();
    const named = idOf(hexOf(8));
    store.named.add(named);
    expect(await h.onGiven({ keys: { x: hexOf(8) } })).toEqual({ taken: 1 });
    expect(ring.get(named)).toBeDefined();
    expect(reads).toEqual([]);
    // held already: nothing to do
    expect(await h.onGiven({ keys: { x: hexOf(8) } })).toEqual({ taken: 0 });
    const inUse = idOf(hexOf(9));
    store.inUse.add(inUse);
    expect(await h.onGiven({ keys: { a: hexOf(9), b: hexOf(10) } })).toEqual({ taken: 1 });
    expect(ring.get(inUse)).toBeDefined();
    expect(ring.get(idOf(hexOf(10)))).toBeUndefined();
    expect(reads).toEqual(["index"]);
  });

  test("onGiven: a key the store does not name is not slipped in beside one it names", async () => {
    const { h, ring, store, reads } = fixture();
    // named by a revision this client read, so among the keys in use too (gm-store.ts)
    store.named.add(idOf(hexOf(20)));
    store.inUse.add(idOf(hexOf(20)));
    expect(await h.onGiven({ keys: { a: hexOf(20), b: hexOf(21) } })).toEqual({ taken: 1 });
    expect(ring.get(idOf(hexOf(21)))).toBeUndefined();
    // the store read once for the unnamed key, which it does not name either
    expect(reads).toEqual(["index"]);
  });

  test("onGiven: what is not 64 hex characters, whole, is no key, and breaks nothing", async () => {
    const { h, ring, store } = fixture();
    store.named.add(idOf(hexOf(22)));
    const offers = { a: `zz${hexOf(22)}`, b: `${hexOf(22)}zz`, c: [hexOf(22)], d: `0${hexOf(22)}` };
    expect(await h.onGiven({ keys: offers })).toEqual({ taken: 0 });
    expect(ring.size).toBe(0);
  });

  test("onGiven: a flood reads the store at most once per 10 s; bad offers and players take nothing", async () => {
    const { h, store, reads } = fixture();
    store.inUse.add(idOf(hexOf(11)));
    expect(await h.onGiven({ keys: { a: hexOf(12) } })).toEqual({ taken: 0 });
    expect(await h.onGiven({ keys: { a: hexOf(11) } })).toEqual({ taken: 0 });
    expect(reads).toEqual(["index"]);
    vi.setSystemTime(1_000_000 + 9_999);
    expect(await h.onGiven({ keys: { a: hexOf(11) } })).toEqual({ taken: 0 });
    vi.setSystemTime(1_000_000 + 10_000);
    expect(await h.onGiven({ keys: { a: hexOf(11) } })).toEqual({ taken: 1 });
    expect(reads).toEqual(["index", "index"]);
    for (const bad of [
      null,
      "k",
      { keys: null },
      { keys: { a: 5, b: "zz", c: hexOf(171).toUpperCase() } },
    ])
      expect(await h.onGiven(bad)).toEqual({ taken: 0 });
    // past the 16th key an offer is not read at all, even keys the store names
    const many = Object.fromEntries(
      Array.from({ length: 17 }, (_, i) => [`k${i}`, hexOf(i + 100)]),
    );
    const big = fixture();
    for (let i = 0; i < 17; i++) big.store.named.add(idOf(hexOf(i + 100)));
    expect(await big.h.onGiven({ keys: many })).toEqual({ taken: 16 });
    expect(big.ring.get(idOf(hexOf(116)))).toBeUndefined();
    const p = fixture({ id: "ana", isGM: false, active: true });
    p.store.named.add(idOf(hexOf(8)));
    expect(await p.h.onGiven({ keys: { x: hexOf(8) } })).toEqual({ taken: 0 });
  });
});
