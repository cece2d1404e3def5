/**
 * Issue 22, an estimate that tells the truth, fast: the length estimate's sequential stopping
 * rule (src/rules/sim/stopping.ts) and what it promises. The law it rests on is checked against
 * draws; the interval it makes is checked to hold the full run's figure at least as often as it
 * says; and over many seeds an early answer's median is within its tolerance of the median of
 * the full run (every game asked for played, the same seed).
 */
import { describe, expect, test } from "vitest";
import { Xoshiro128, seedState } from "../../src/rules/dice/prng.ts";
import type { LakeSpec } from "../../src/rules/index.ts";
import { DEFAULT_LAKE } from "../../src/rules/index.ts";
import {
  belowLaw,
  ESTIMATE_CONFIDENCE,
  ESTIMATE_LOOKS,
  estimateLength,
  fullRunRanks,
  nearestRank,
  tolerance,
} from "../../src/rules/sim/index.ts";

/** A square lake, levels deep, with K2's vertical neighbours (the default). */
const lake = (side: number, levels: number): LakeSpec => ({
  ...DEFAULT_LAKE,
  width: side,
  height: side,
  levels,
});

/** `count` uniform numbers in [0, 1) from a seeded generator. */
function draws(rng: Xoshiro128, count: number): number[] {
  return Array.from({ length: count }, () => rng.nextU32() / 0x100000000);
}

describe("the stopping rule's law (stopping.ts)", () => {
  test("P(J = j) sums to 1 and matches draws: j of m later games below the k-th of n", () => {
    const rng = new Xoshiro128(seedState(22));
    for (const [n, m, k] of [
      [10, 50, 1],
      [10, 50, 5],
      [20, 40, 19],
      [15, 5, 8],
    ] as const) {
      const law = belowLaw(n, m, k);
      expect(law.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
      const trials = 4000;
      const seen = new Array<number>(m + 1).fill(0);
      for (let t = 0; t < trials; t++) {
        const now = draws(rng, n).sort((a, b) => a - b);
        const kth = now[k - 1]!;
        seen[draws(rng, m).filter((x) => x < kth).length]!++;
      }
      // the law's mean and the draws' mean agree within a few standard errors
      const mean = law.reduce((s, p, j) => s + p * j, 0);
      const sd = Math.sqrt(law.reduce((s, p, j) => s + p * (j - mean) ** 2, 0));
      const drawn = seen.reduce((s, c, j) => s + c * j, 0) / trials;
      expect(Math.abs(drawn - mean)).toBeLessThan((4 * sd) / Math.sqrt(trials) + 1e-9);
      // and so do the chances of each j (within 0.03)
      for (let j = 0; j <= m; j++) expect(Math.abs(seen[j]! / trials - law[j]!)).toBeLessThan(0.03);
    }
  });

  test("the full run's figure lies in the interval at least 1 - beta of the time (any distribution)", () => {
    const rng = new Xoshiro128(seedState(7));
    const beta = 0.1;
    for (const [n, total, q] of [
      [20, 60, 0.5],
      [30, 60, 0.5],
      [15, 60, 0.5],
      [40, 100, 0.95],
    ] as const) {
      const r = nearestRank(total, q);
      const { a, b } = fullRunRanks(n, total - n, r, beta);
      expect(a).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(n);
      let inside = 0;
      const trials = 3000;
      for (let t = 0; t < trials; t++) {
        // a skewed distribution: the rule assumes none
        const now = draws(rng, n).map((x) => x ** 3);
        const full = [...now, ...draws(rng, total - n).map((x) => x ** 3)].sort((x, y) => x - y);
        now.sort((x, y) => x - y);
        const f = full[r - 1]!;
        if (f >= now[a - 1]! && f <= now[b - 1]!) inside++;
      }
      expect(inside / trials).toBeGreaterThanOrEqual(1 - beta - 0.02);
    }
  });

  test("with no game left to play the interval is the figure itself", () => {
    expect(fullRunRanks(60, 0, 30, 0.01)).toEqual({ a: 30, b: 30 });
  });
});

describe("early answers agree with the full run (issue 22)", () => {
  test(`over 60 seeds an early median is within tolerance of the full run's, at least ${ESTIMATE_CONFIDENCE * 100}% of the time`, () => {
    let early = 0;
    let agree = 0;
    for (const [l, fishers] of [
      [lake(2, 1), 2],
      [lake(4, 2), 2],
      [lake(3, 2), 6],
    ] as const)
      for (let seed = 1; seed <= 20; seed++) {
        // no work budget: the stopping rule alone decides
        const e = estimateLength(l, fishers, 60, seed, { work: Infinity });
        const full = estimateLength(l, fishers, 60, seed, { work: Infinity, early: false });
        expect(full.games).toBe(60);
        if (!e.settled) {
          expect(e).toEqual(full); // not settled: every game was played
          continue;
        }
        early++;
        expect(ESTIMATE_LOOKS as readonly number[]).toContain(e.games);
        // the range and the share are those of the games played: a run asked for that many
        const asked = estimateLength(l, fishers, e.games, seed, { work: Infinity, early: false });
        expect({ ...e, settled: false }).toEqual(asked);
        if (Math.abs(e.median - full.median) <= tolerance(e.median)) agree++;
      }
    // the rule stopped early often enough for this test to mean something
    expect(early).toBeGreaterThanOrEqual(20);
    expect(agree / early).toBeGreaterThanOrEqual(ESTIMATE_CONFIDENCE);
  });

  test("a lake whose games all run past the cap is settled at the first look", () => {
    const e = estimateLength(lake(8, 2), 1, 60, 1, { work: Infinity, cap: 60 });
    expect(e).toMatchObject({ games: ESTIMATE_LOOKS[0], capped: ESTIMATE_LOOKS[0], settled: true });
    expect(e.median).toBe(61);
    const full = estimateLength(lake(8, 2), 1, 60, 1, { work: Infinity, cap: 60, early: false });
    expect(full.median).toBe(61);
  });
});
