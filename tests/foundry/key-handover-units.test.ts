/**
 * Key hand-over between GM clients (core/store/handover.ts), against a port and a store built
 * by hand: keys go to another connected GM only, in a query of their own; a client takes only
 * keys a store revision names or the GM an offer names confirms it holds, and no offer, however
 * many, reads the store.
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
  /** The key ids each other GM's client holds, as its `keysHeld` answer says. */
  const holds: Record<string, string[]> = {};
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
      if (name === QUERY.keysHeld) {
        const ids = (data as { ids: string[] }).ids;
        return { held: ids.filter((id) => holds[user]?.includes(id)) };
      }
      answer[user]?.(data);
    },
  };
  const h = new KeyHandover(port as never, store as never);
  return { h, ring, store, queries, reads, answer, holds };
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
      ["gm2", QUERY.keysGiven, { keys: { [id]: hexOf(6) }, from: "gm1" }],
      ["gm3", QUERY.keysGiven, { keys: { [id]: hexOf(6) }, from: "gm1" }],
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
    expect(queries).toEqual([["gm2", QUERY.keysGiven, { keys: { [id]: hexOf(7) }, from: "gm1" }]]);
    const p = fixture({ id: "ana", isGM: false, active: true });
    p.ring.add(hexOf(7));
    expect(await p.h.onWanted({ for: "gm2", ids: [id] })).toEqual({ sent: 0 });
  });

  test("onGiven: a key a revision names is taken with no question and no store read", async () => {
    const { h, ring, store, reads, queries } = fixture();
    const named = idOf(hexOf(8));
    store.named.add(named);
    expect(await h.onGiven({ keys: { x: hexOf(8) } })).toEqual({ taken: 1 });
    expect(ring.get(named)).toBeDefined();
    // held already: nothing to do
    expect(await h.onGiven({ keys: { x: hexOf(8) } })).toEqual({ taken: 0 });
    expect(reads).toEqual([]);
    expect(queries).toEqual([]);
  });

  test("onGiven: a key no revision names is taken only when the GM the offer names says it holds it", async () => {
    const { h, ring, holds, queries, reads } = fixture();
    const [a, b] = [idOf(hexOf(9)), idOf(hexOf(10))];
    holds.gm2 = [a];
    expect(await h.onGiven({ keys: { a: hexOf(9), b: hexOf(10) }, from: "gm2" })).toEqual({
      taken: 1,
    });
    expect(ring.get(a)).toBeDefined();
    expect(ring.get(b)).toBeUndefined();
    expect(queries).toEqual([["gm2", QUERY.keysHeld, { ids: [a, b] }]]);
    // the same key named as coming from a GM who does not hold it: not taken
    expect(await h.onGiven({ keys: { b: hexOf(10) }, from: "gm3" })).toEqual({ taken: 0 });
    expect(ring.get(b)).toBeUndefined();
    expect(reads).toEqual([]);
  });

  test("onGiven: a sender that is no other connected GM per the user list is asked nothing", async () => {
    const { h, ring, holds, queries } = fixture();
    holds.gm2 = [idOf(hexOf(11))];
    holds.gmOff = [idOf(hexOf(11))];
    for (const from of [undefined, 5, "ana", "gmOff", "gm1", "nobody", ["gm2"]])
      expect(await h.onGiven({ keys: { a: hexOf(11) }, from }), String(from)).toEqual({
        taken: 0,
      });
    expect(queries).toEqual([]);
    expect(ring.size).toBe(0);
  });

  test("onGiven: a GM that does not answer, or answers what was not asked, confirms nothing", async () => {
    const silent = fixture();
    silent.holds.gm2 = [idOf(hexOf(12))];
    const port = (silent.h as unknown as { port: { query: unknown } }).port;
    port.query = async () => {
      throw new Error("Query timed out");
    };
    expect(await silent.h.onGiven({ keys: { a: hexOf(12) }, from: "gm2" })).toEqual({ taken: 0 });
    expect(silent.ring.size).toBe(0);
    // an answer naming a key beyond those asked for, or not a list, takes nothing more
    const odd = fixture();
    (odd.h as unknown as { port: { query: unknown } }).port.query = async () => ({
      held: [idOf(hexOf(13)), idOf(hexOf(14))],
    });
    expect(await odd.h.onGiven({ keys: { a: hexOf(13) }, from: "gm2" })).toEqual({ taken: 1 });
    expect(odd.ring.get(idOf(hexOf(14)))).toBeUndefined();
    (odd.h as unknown as { port: { query: unknown } }).port.query = async () => ({ held: "all" });
    expect(await odd.h.onGiven({ keys: { a: hexOf(15) }, from: "gm2" })).toEqual({ taken: 0 });
    expect(odd.ring.size).toBe(1);
  });

  test("onGiven: the same question under way is asked once", async () => {
    const { h, holds, queries } = fixture();
    holds.gm2 = [idOf(hexOf(16))];
    const offers = [0, 1, 2].map(() => h.onGiven({ keys: { a: hexOf(16) }, from: "gm2" }));
    expect((await Promise.all(offers)).map((r) => r.taken)).toEqual([1, 0, 0]);
    expect(queries.filter((q) => q[1] === QUERY.keysHeld)).toHaveLength(1);
  });

  test("onGiven: what is not 64 hex characters, whole, is no key, and breaks nothing", async () => {
    const { h, ring, store } = fixture();
    store.named.add(idOf(hexOf(22)));
    const offers = { a: `zz${hexOf(22)}`, b: `${hexOf(22)}zz`, c: [hexOf(22)], d: `0${hexOf(22)}` };
    expect(await h.onGiven({ keys: offers })).toEqual({ taken: 0 });
    expect(ring.size).toBe(0);
  });

  test("onGiven: bad offers and a player's client take nothing; past the 16th key nothing is read", async () => {
    const { h, reads, queries } = fixture();
    for (const bad of [
      null,
      "k",
      { keys: null },
      { keys: { a: 5, b: "zz", c: hexOf(171).toUpperCase() }, from: "gm2" },
    ])
      expect(await h.onGiven(bad)).toEqual({ taken: 0 });
    expect(reads).toEqual([]);
    expect(queries).toEqual([]);
    const many = Object.fromEntries(
      Array.from({ length: 17 }, (_, i) => [`k${i}`, hexOf(i + 100)]),
    );
    const big = fixture();
    for (let i = 0; i < 17; i++) big.store.named.add(idOf(hexOf(i + 100)));
    expect(await big.h.onGiven({ keys: many })).toEqual({ taken: 16 });
    expect(big.ring.get(idOf(hexOf(116)))).toBeUndefined();
    const p = fixture({ id: "ana", isGM: false, active: true });
    p.store.named.add(idOf(hexOf(8)));
    p.holds.gm2 = [idOf(hexOf(8))];
    expect(await p.h.onGiven({ keys: { x: hexOf(8) }, from: "gm2" })).toEqual({ taken: 0 });
    expect(p.queries).toEqual([]);
  });

  test("onHeld: the ids a GM client holds, at most 16 looked at; a player's client holds none", async () => {
    const { h, ring } = fixture();
    const ids = Array.from({ length: 20 }, (_, i) => ring.add(hexOf(i + 30))!);
    expect(await h.onHeld({ ids: [ids[0], idOf(hexOf(99)), 5, "x"] })).toEqual({ held: [ids[0]] });
    expect((await h.onHeld({ ids })).held).toEqual(ids.slice(0, 16));
    for (const bad of [null, {}, { ids: "x" }]) expect(await h.onHeld(bad)).toEqual({ held: [] });
    const p = fixture({ id: "ana", isGM: false, active: true });
    p.ring.add(hexOf(30));
    expect(await p.h.onHeld({ ids: [ids[0]] })).toEqual({ held: [] });
  });
});
