/**
 * Streaming statistics over simulated games. The accumulator is plain data (it crosses
 * worker boundaries with postMessage), its size depends on the options only (rounds are
 * counted in a histogram of 0..maxRounds), and two accumulators of one run merge exactly:
 * every figure is an integer sum, so the result does not depend on how games were shared.
 */
import type { BotKind } from "../bots/bot.ts";
import type { LakeSpec } from "../lake/geometry.ts";
import type { SimOptions } from "./options.ts";

export type GameEnd = "lakeEmpty" | "maxRounds" | "allDead";

export interface LevelTally {
  level: number;
  /** Exploration rolls made on this level (K22). */
  count: number;
  /** Of those, "something bad" (a roll of 1 or less). */
  bad: number;
  /** Swarms the rolls created. */
  swarms: number;
  /** Fish in those swarms. */
  fish: number;
}

export interface SimStats {
  readonly options: SimOptions;
  games: number;
  roundsSum: number;
  roundsMax: number;
  /** `roundsHist[r]`: games that lasted r rounds (0..maxRounds). */
  readonly roundsHist: number[];
  caught: number;
  hazards: number;
  avoidedHazards: number;
  readonly ended: Record<GameEnd, number>;
  readonly explorations: LevelTally[];
}

export function newStats(options: SimOptions): SimStats {
  return {
    options,
    games: 0,
    roundsSum: 0,
    roundsMax: 0,
    roundsHist: new Array<number>(options.maxRounds + 1).fill(0),
    caught: 0,
    hazards: 0,
    avoidedHazards: 0,
    ended: { lakeEmpty: 0, maxRounds: 0, allDead: 0 },
    explorations: Array.from({ length: options.lake.levels }, (_, level) => ({
      level,
      count: 0,
      bad: 0,
      swarms: 0,
      fish: 0,
    })),
  };
}

/** Adds `b` into `a` (both from runs with the same options) and returns `a`. */
export function mergeStats(a: SimStats, b: SimStats): SimStats {
  if (
    a.roundsHist.length !== b.roundsHist.length ||
    a.explorations.length !== b.explorations.length
  )
    throw new Error("mergeStats: the two runs have different options");
  a.games += b.games;
  a.roundsSum += b.roundsSum;
  a.roundsMax = Math.max(a.roundsMax, b.roundsMax);
  for (let i = 0; i < a.roundsHist.length; i++) a.roundsHist[i]! += b.roundsHist[i]!;
  a.caught += b.caught;
  a.hazards += b.hazards;
  a.avoidedHazards += b.avoidedHazards;
  for (const k of Object.keys(a.ended) as GameEnd[]) a.ended[k] += b.ended[k];
  a.explorations.forEach((t, i) => {
    const u = b.explorations[i]!;
    t.count += u.count;
    t.bad += u.bad;
    t.swarms += u.swarms;
    t.fish += u.fish;
  });
  return a;
}

/**
 * The value at 1-based rank `rank` of the sorted sample the histogram counts
 * (`hist[v]` = how many times v occurs).
 */
export function histogramRank(hist: readonly number[], rank: number): number {
  let seen = 0;
  for (let v = 0; v < hist.length; v++) {
    seen += hist[v]!;
    if (seen >= rank) return v;
  }
  throw new Error(`histogramRank: rank ${rank} beyond the sample`);
}

/** The median: the middle value, or the mean of the two middle values of an even sample. */
export function histogramMedian(hist: readonly number[], n: number): number {
  if (n === 0) return 0;
  if (n % 2 === 1) return histogramRank(hist, (n + 1) / 2);
  return (histogramRank(hist, n / 2) + histogramRank(hist, n / 2 + 1)) / 2;
}

/** Percentile by nearest rank: the smallest value with at least q of the sample at or below it. */
export function histogramPercentile(hist: readonly number[], n: number, q: number): number {
  if (n === 0) return 0;
  return histogramRank(hist, Math.max(1, Math.ceil(q * n)));
}

/** What `simulate --json` prints (docs/scenario-format.md), and a little more. */
export interface SimSummary {
  games: number;
  fishers: number;
  lake: LakeSpec;
  bot: BotKind;
  seed: number;
  maxRounds: number;
  rounds: { mean: number; median: number; p90: number; max: number };
  caughtPerFisher: { mean: number };
  caughtPerGame: { mean: number };
  hazardsPerGame: { mean: number };
  avoidedHazardsPerGame: { mean: number };
  /** How games ended: the lake fished out (K23), stopped at maxRounds, or every fisher dead. */
  ended: Record<GameEnd, number>;
  /** Games stopped at maxRounds (also in `ended`). */
  capped: number;
  explorations: LevelTally[];
}

export function summarize(s: SimStats): SimSummary {
  const n = s.games;
  const per = (x: number, d: number) => (d === 0 ? 0 : x / d);
  const o = s.options;
  return {
    games: n,
    fishers: o.fishers,
    lake: { ...o.lake },
    bot: o.bot,
    seed: o.seed,
    maxRounds: o.maxRounds,
    rounds: {
      mean: per(s.roundsSum, n),
      median: histogramMedian(s.roundsHist, n),
      p90: histogramPercentile(s.roundsHist, n, 0.9),
      max: s.roundsMax,
    },
    caughtPerFisher: { mean: per(s.caught, n * o.fishers) },
    caughtPerGame: { mean: per(s.caught, n) },
    hazardsPerGame: { mean: per(s.hazards, n) },
    avoidedHazardsPerGame: { mean: per(s.avoidedHazards, n) },
    ended: { ...s.ended },
    capped: s.ended.maxRounds,
    explorations: s.explorations.map((t) => ({ ...t })),
  };
}
