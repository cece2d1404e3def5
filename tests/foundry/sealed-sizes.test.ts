/**
 * A sealed revision's length says nothing of what it holds (core/store/sealed.ts `padTarget`):
 * every revision the module writes in seeded games, from one fisher to the most (K3: 12), is one
 * length per kind of revision at its table (whether it starts a chain, the rounds it adds,
 * whether it posts cards, the fishers, the lake's squares: what the header and the scene show),
 * and so is each of them sealed again with the longest names, secret rolls typed for every
 * fisher, every declaration changed, or (the lakes roll with fair dice) every fisher's largest
 * fair draw in the pending round and in each round before.
 */
import { describe, expect, test } from "vitest";
import { compactRoll } from "../../src/dice/fair-check.ts";
import type { GmRecord, PendingDraw } from "../../src/foundry/fishing/record.ts";
import type { Cipher, StoreDoc } from "../../src/foundry/core/store/sealed.ts";
import { PAD_BYTES, padTarget, sealRevision } from "../../src/foundry/core/store/sealed.ts";
import { XCHACHA } from "../../src/foundry/core/store/gm-crypto.ts";
import { GmStore } from "../../src/foundry/core/store/gm-store.ts";
import { keyIdOf } from "../../src/foundry/core/store/keyring.ts";
import { LAKE_LIMITS } from "../../src/rules/index.ts";
import { declareAll, setUpLake } from "./fake/measure.ts";
import { makeTable, rngFor } from "./fake/world.ts";

const bytes = Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + 1) % 256);
const KEY = { id: keyIdOf(bytes), bytes };

interface Sealed {
  readonly kind: string;
  readonly length: number;
  readonly record: GmRecord;
  readonly prev: { doc: StoreDoc; counts: number[] } | undefined;
}

/** Every revision a GM client seals in a seeded game, with the record it sealed. */
async function play(fishers: number, seed: number, swarms: number): Promise<Sealed[]> {
  const t = await makeTable({ fishers, seed });
  const store = t.gm.runtime!.host.store;
  const out: Sealed[] = [];
  let record: GmRecord | undefined;
  const recording: Cipher = {
    seal: (k, aad, plain) => {
      const header = JSON.parse(new TextDecoder().decode(aad).replace(/^[^|]*\|/, "")) as [
        string,
        string,
        string,
        number,
        string,
        number[],
        number,
        boolean,
      ];
      const secret = JSON.parse(new TextDecoder().decode(plain)) as {
        setup?: unknown;
        rounds?: unknown[];
        outbox?: unknown[];
      };
      const lake = record!.setup.lake;
      const kind = [
        header[5].length ? "chain" : "start",
        `adds ${secret.rounds?.length ?? 0}`,
        secret.outbox ? "cards" : "no cards",
        `${fishers} fishers`,
        `${lake.width * lake.height * lake.levels} squares`,
      ].join(", ");
      const heads = (
        store as unknown as { heads: Map<string, { doc: StoreDoc; counts: number[] }> }
      ).heads;
      const head = heads.get(record!.lakeId);
      out.push({
        kind,
        length: plain.length,
        record: record!,
        // as GmStore#put builds it: on the revision read last, but never a checkpoint
        prev:
          head && head.doc.rev === record!.rev - 1 && record!.rev % GmStore.CHECKPOINT_EVERY !== 0
            ? structuredClone(head)
            : undefined,
      });
      return XCHACHA.seal(k, aad, plain);
    },
    open: XCHACHA.open,
  };
  store.cipher = recording;
  // the record each seal is given (GmStore#put), kept for sealing it again with other contents
  const put = store.put.bind(store);
  store.put = (r, key) => {
    record = r as GmRecord;
    return put(r, key);
  };
  const { host, id } = await setUpLake(t, swarms, 6);
  for (let r = 0; r < 12 && !host.cached(id)!.state.over; r++) {
    await declareAll(host, id, seed * 100 + r);
    const res = await host.resolveRound(id);
    if (!res.ok) break;
  }
  return out;
}

/** The length `record` seals to on `prev` (a see-through cipher: the padded text itself). */
const CLEAR: Cipher = { seal: (_k, _a, p) => p, open: (_k, _a, s) => s };
const lengthOf = (record: GmRecord, prev: Sealed["prev"]) =>
  atob(sealRevision(record, prev, KEY, CLEAR).sealed).length;

/**
 * The largest fair draw a fisher makes (fishing/record.ts `PendingDraw`): Elven Accuracy with a
 * Halfling reroll and two bonus d4, its roll compacted as the record keeps it.
 */
function largestDraw(rng: ReturnType<typeof rngFor>): PendingDraw {
  const die = (faces: number, number: number, modifiers: string[], results: number[]) => ({
    class: "Die",
    options: { flavor: "Survival" },
    evaluated: true,
    number,
    faces,
    modifiers,
    results: results.map((result, i) => ({ result, active: i === results.length - 1 })),
  });
  const plus = { class: "OperatorTerm", options: {}, evaluated: true, operator: "+" };
  const roll = {
    class: "D20Roll",
    options: { advantageMode: 1, elvenAccuracy: true, halflingLucky: true, rollType: "skill" },
    formula: "3d20adv2r1=1 + 15 + 1d4 + 1d4",
    total: 42,
    evaluated: true,
    terms: [
      die(20, 3, ["adv2", "r1=1"], [1, rng.die(20), rng.die(20), rng.die(20)]),
      plus,
      { class: "NumericTerm", options: {}, evaluated: true, number: 15 },
      plus,
      die(4, 1, [], [rng.die(4)]),
      plus,
      die(4, 1, [], [rng.die(4)]),
    ],
  };
  return {
    commit: "a".repeat(64),
    nonce: "b".repeat(32),
    shape: "3d20adv2r1=1,1d4,1d4",
    kind: "animalHandling",
    user: "u".repeat(16),
    at: 9_999_999_999_999,
    secret: "c".repeat(64),
    roll: compactRoll(roll),
    message: "m".repeat(16),
  };
}

/** The same record with other contents of the same kind: long names, secret rolls, other actions. */
function variants(r: GmRecord, seed: number): GmRecord[] {
  const rng = rngFor(seed);
  const long = "Ŵ".repeat(LAKE_LIMITS.name);
  const fishers = r.setup.fishers.map((f) => f.id);
  const totals = Object.fromEntries(
    fishers.map((f) => [f, { total: 99_000 + rng.die(999), natural: rng.die(20) }]),
  );
  const actions = Object.fromEntries(
    fishers.map((f) => [f, { action: "herd", toward: [31, 31, 8] }]),
  );
  // fair dice: every fisher's largest draw, in the pending round and in every round before it
  const draws = Object.fromEntries(fishers.map((f) => [f, largestDraw(rng)]));
  return [
    { ...r, setup: { ...r.setup, fishers: r.setup.fishers.map((f) => ({ ...f, name: long })) } },
    { ...r, pending: { ...r.pending, totals } },
    { ...r, pending: { ...r.pending, actions, totals, revive: fishers } as never },
    ...(r.fairDice
      ? [
          {
            ...r,
            pending: { ...r.pending, actions, totals, draws } as never,
            pendingBefore: r.pendingBefore.map((p) => ({ ...p, actions, totals, draws }) as never),
          },
        ]
      : []),
  ];
}

describe("sealed revisions: one length per kind (store/sealed.ts)", () => {
  test("seeded games from 1 to 12 fishers, and each revision sealed again with long names, secret rolls and other declarations", async () => {
    const lengths = new Map<string, Set<number>>();
    let sealed = 0;
    let resealed = 0;
    let fair = 0;
    for (const fishers of [1, 2, 5, LAKE_LIMITS.fishers])
      for (const seed of [1, 2]) {
        const revisions = await play(fishers, seed, seed * 9);
        for (const [i, s] of revisions.entries()) {
          const set = lengths.get(s.kind) ?? new Set<number>();
          set.add(s.length);
          lengths.set(s.kind, set);
          sealed++;
          if (i % 3 === 0)
            for (const v of variants(s.record, i)) {
              expect(lengthOf(v, s.prev), s.kind).toBe(s.length);
              resealed++;
              if (v.pending.draws) fair++;
            }
        }
      }
    for (const [kind, set] of lengths) expect([...set], kind).toHaveLength(1);
    // the lakes rolled with fair dice (the default), so the largest draws were sealed again too
    expect(fair).toBeGreaterThan(50);
    // the games reached every kind: starts, declarations, rounds with cards, at every table
    const kinds = [...lengths.keys()];
    expect(kinds.some((k) => k.startsWith("start, adds 0"))).toBe(true);
    expect(kinds.some((k) => k.startsWith("chain, adds 0, no cards, 12 fishers"))).toBe(true);
    expect(kinds.some((k) => k.startsWith("chain, adds 1, cards, 12 fishers"))).toBe(true);
    expect(sealed).toBeGreaterThan(200);
    console.log(
      `sealed sizes: ${sealed} revisions of ${lengths.size} kinds, ${resealed} sealed again\n${[
        ...lengths,
      ]
        .map(([k, v]) => `  ${k}: ${[...v].map((n) => n / PAD_BYTES)} KB`)
        .join("\n")}`,
    );
  }, 120_000);

  test("the length is a whole number of kilobytes fixed by the kind alone, and grows with what the scene shows", () => {
    const k = { starts: false, rounds: 0, cards: false, seats: 2, squares: 72 };
    expect(padTarget(k) % PAD_BYTES).toBe(0);
    expect(padTarget({ ...k, seats: 12 })).toBeGreaterThan(padTarget(k));
    expect(padTarget({ ...k, rounds: 1 })).toBeGreaterThan(padTarget(k));
    expect(padTarget({ ...k, cards: true })).toBeGreaterThan(padTarget(k));
    expect(padTarget({ ...k, starts: true })).toBeGreaterThan(padTarget(k));
    // the lake's size counts only where the setup is sealed
    expect(padTarget({ ...k, squares: 2000 })).toBe(padTarget(k));
    expect(padTarget({ ...k, starts: true, squares: 2000 })).toBeGreaterThan(
      padTarget({ ...k, starts: true }),
    );
  });
});
