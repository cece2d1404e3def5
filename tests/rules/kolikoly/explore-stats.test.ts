/**
 * K22 statistics: over many explorations from one fixed seed, the frequencies of each outcome
 * at every level, and of swarm sizes, agree with the rules (chi-square goodness of fit); and
 * K18: fleeing and scattering swarms pick their allowed neighbours uniformly.
 *
 * Significance: each chi-square test is at alpha = 0.001 (critical values below, from the
 * chi-square distribution's upper 0.1% points). The seed is fixed, so the result is
 * deterministic; alpha says how unusual the seeded sample would have to be to fail a correct
 * engine. A wrong table (an off-by-one band, the level not subtracted) moves a probability by
 * 0.1 or more, which at 4000 explorations a level gives a statistic in the hundreds.
 */
import { describe, expect, test } from "vitest";
import { neighbours, resolveSeeded, sameSquare, seedState } from "../../../src/rules/index.ts";
import type { GameEvent, GameState, PrngState } from "../../../src/rules/index.ts";
import { act, buildGame, round } from "../../fixtures/builders.ts";

const PER_LEVEL = 4000;
const LEVELS = 9;
const SEED = 20261129;
/** Upper 0.1% points of the chi-square distribution by degrees of freedom. */
const CHI2_999: Record<number, number> = {
  1: 10.828,
  2: 13.816,
  3: 16.266,
  4: 18.467,
  5: 20.515,
  6: 22.458,
  7: 24.322,
  8: 26.124,
  9: 27.877,
};

type Outcome = "bad" | "empty" | "one" | "two" | "three";
const OUTCOMES: Outcome[] = ["bad", "empty", "one", "two", "three"];

/** K22 read from the rule's text: d10 minus the level; the probability of each outcome at level d. */
function expected(d: number): Record<Outcome, number> {
  const p: Record<Outcome, number> = { bad: 0, empty: 0, one: 0, two: 0, three: 0 };
  for (let face = 1; face <= 10; face++) {
    const r = face - d;
    const o: Outcome =
      r <= 1 ? "bad" : r === 2 ? "empty" : r <= 5 ? "one" : r <= 8 ? "two" : "three";
    p[o] += 0.1;
  }
  return p;
}

function chiSquare(observed: number[], probs: number[], n: number): { stat: number; df: number } {
  let stat = 0;
  let df = -1;
  probs.forEach((p, i) => {
    if (p === 0) {
      expect(observed[i]).toBe(0); // an impossible outcome never happens
      return;
    }
    df++;
    const e = p * n;
    stat += (observed[i]! - e) ** 2 / e;
  });
  return { stat, df };
}

interface Sample {
  counts: Record<Outcome, number>;
  sizes: number[];
  swarms: number[];
  fish: number[];
}

/** Explores PER_LEVEL fresh squares at level d by Track 8+ (nothing attacks), one PRNG stream throughout. */
function explore(d: number, rng: PrngState): { sample: Sample; rng: PrngState } {
  const base: GameState = buildGame({
    lake: { width: 2, height: 1, levels: LEVELS },
    fishers: [{ at: [0, 0, d] }],
  });
  const input = round({ ana: act.track([1, 0, d]) });
  const forced = new Map([["check:ana", [{ total: 10 }]]]);
  const sample: Sample = {
    counts: { bad: 0, empty: 0, one: 0, two: 0, three: 0 },
    sizes: [],
    swarms: [],
    fish: [],
  };
  let state = rng;
  for (let i = 0; i < PER_LEVEL; i++) {
    const r = resolveSeeded({ ...base, rng: state }, input, forced);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state.rng;
    const e = r.events.find(
      (x): x is Extract<GameEvent, { type: "explored" }> => x.type === "explored",
    )!;
    const n = e.swarms.length;
    sample.counts[
      e.outcome === "bad"
        ? "bad"
        : e.outcome === "empty"
          ? "empty"
          : (["one", "two", "three"] as const)[n - 1]!
    ]++;
    sample.swarms.push(n);
    sample.fish.push(e.swarms.reduce((a, s) => a + s.fish, 0));
    sample.sizes.push(...e.swarms.map((s) => s.fish));
  }
  return { sample, rng: state };
}

describe("K22 statistics (fixed seed, chi-square at alpha = 0.001)", () => {
  let rng = seedState(SEED);
  const samples: Sample[] = [];
  for (let d = 0; d < LEVELS; d++) {
    const r = explore(d, rng);
    samples.push(r.sample);
    rng = r.rng;
  }

  test.each(Array.from({ length: LEVELS }, (_, d) => d))(
    "K22 at level %i the outcomes follow d10 minus the level, bad with probability (d+1)/10",
    (d) => {
      const p = expected(d);
      expect(p.bad).toBeCloseTo((d + 1) / 10, 10);
      const s = samples[d]!;
      const { stat, df } = chiSquare(
        OUTCOMES.map((o) => s.counts[o]),
        OUTCOMES.map((o) => p[o]),
        PER_LEVEL,
      );
      expect(stat).toBeLessThan(CHI2_999[df]!);
    },
  );

  test("K4/K22 a new swarm's size is 4..10, each equally likely (mean 7)", () => {
    const sizes = samples.flatMap((s) => s.sizes);
    expect(sizes.length).toBeGreaterThan(5000);
    const observed = [4, 5, 6, 7, 8, 9, 10].map((v) => sizes.filter((x) => x === v).length);
    expect(observed.reduce((a, b) => a + b, 0)).toBe(sizes.length); // nothing outside 4..10
    const { stat, df } = chiSquare(observed, Array(7).fill(1 / 7), sizes.length);
    expect(df).toBe(6);
    expect(stat).toBeLessThan(CHI2_999[6]!);
  });

  test("K22 at level 0 an explored square holds 1.5 swarms and 10.5 fish on average (within 4 standard errors)", () => {
    const s = samples[0]!;
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    // standard deviations from the rules: swarms var 1.05; fish var 1.5 * 4 + 1.05 * 49 = 57.45
    expect(Math.abs(mean(s.swarms) - 1.5)).toBeLessThan(4 * Math.sqrt(1.05 / PER_LEVEL));
    expect(Math.abs(mean(s.fish) - 10.5)).toBeLessThan(4 * Math.sqrt(57.45 / PER_LEVEL));
  });
});

describe("K18 statistics (fixed seed, chi-square at alpha = 0.001)", () => {
  const N = 3000;
  /** Where one swarm goes over N rounds, from one PRNG stream: a missed catch (flee) or a herd of 1-5 (scatter). */
  function destinations(scatterToward?: readonly [number, number, number]) {
    const at = [2, 2, 1] as const;
    const base = buildGame({ fishers: [{ at }], swarms: [{ at, fish: 5 }], explored: "all" });
    const input = round({ ana: scatterToward ? act.herd(scatterToward) : act.catch() });
    const forced = new Map([[scatterToward ? "check:ana" : "attack:ana", [{ total: 1 }]]]);
    const counts = new Map<string, number>();
    let rng = seedState(SEED + 1);
    for (let i = 0; i < N; i++) {
      const r = resolveSeeded({ ...base, rng }, input, forced);
      if (!r.ok) throw new Error(r.error.message);
      rng = r.state.rng;
      const to = r.state.swarms[0]!.at;
      counts.set(to.join(","), (counts.get(to.join(",")) ?? 0) + 1);
    }
    return { counts, all: neighbours(base.lake, at) };
  }

  test("K18 a fleeing swarm goes to each of its square's 10 neighbours (K2, above and below included) equally often", () => {
    const { counts, all } = destinations();
    expect([...counts.keys()].sort()).toEqual(all.map((c) => c.join(",")).sort());
    const { stat, df } = chiSquare(
      all.map((c) => counts.get(c.join(",")) ?? 0),
      all.map(() => 1 / all.length),
      N,
    );
    expect(df).toBe(9);
    expect(stat).toBeLessThan(CHI2_999[9]!);
  });

  test("K16/K18 a scattered swarm goes to each neighbour but H equally often, and never to H", () => {
    const H = [3, 2, 1] as const;
    const { counts, all } = destinations(H);
    const allowed = all.filter((c) => !sameSquare(c, H));
    expect(counts.get(H.join(","))).toBeUndefined();
    const { stat, df } = chiSquare(
      allowed.map((c) => counts.get(c.join(",")) ?? 0),
      allowed.map(() => 1 / allowed.length),
      N,
    );
    expect(df).toBe(8);
    expect(stat).toBeLessThan(CHI2_999[8]!);
  });
});
