/**
 * How long a lake lasts for a party, and a lake that lasts about as long as the GM wants
 * (issue 12: a game that fits an evening). The simulator's own games (play.ts), greedy bots,
 * few of them, in a Web Worker of the wizard or the table. Issue 22: an answer within 250 ms for
 * every lake the wizard accepts (a work budget counted in rounds, a cap that leaves room for
 * several games, a stopping rule once the answer is clear), and games past the cap reported as
 * "more than" it. Pure and seeded: the same question gets the same answer; no clock.
 */
import type { LakeSpec } from "../lake/geometry.ts";
import type { SimOptions } from "./options.ts";
import { SIM_DEFAULTS } from "./options.ts";
import { playGame } from "./play.ts";
import { fullRunRanks, nearestRank } from "./stopping.ts";

export interface LengthEstimate {
  readonly lake: LakeSpec;
  readonly fishers: number;
  /** Games played: at most the games asked for, fewer once the answer is clear (`settled`). */
  readonly games: number;
  /**
   * Rounds to the end: the median, and the range holding the middle 90% of games (nearest
   * rank). A figure past the cap is `cap + 1`: "more than `cap` rounds".
   */
  readonly median: number;
  readonly p5: number;
  readonly p95: number;
  /** Games stopped at the cap instead of ending: their length is more than `cap`. */
  readonly capped: number;
  /** The round at which a test game still running is stopped. */
  readonly cap: number;
  /**
   * The stopping rule was met (ESTIMATE_LOOKS, stopping.ts): with confidence ESTIMATE_CONFIDENCE
   * the games asked for would have given a median within `tolerance` of this one. False when
   * every game asked for was played, or the work budget ran out first.
   */
  readonly settled: boolean;
}

/** Games an estimate plays unless told otherwise. */
export const ESTIMATE_GAMES = 100;
/** A game still running after this many rounds is stopped (it counts as "more than" the cap). */
export const ESTIMATE_CAP = 600;

/**
 * The work of one round, in units of about 3.7 microseconds of a bundled engine in Node
 * (bench/README.md): the fishers' turns, each dearer on a larger lake (the bots read the whole
 * board, the rounds keep more swarms). Measured on an idle machine over 60 games of 600 rounds
 * or to their end, 1 to 12 fishers on 6x6x3 to 32x32x9 lakes: 2.9 to 4.0 us a unit.
 */
export function roundWork(lake: LakeSpec, fishers: number): number {
  return fishers * (1 + squares(lake) / 2500);
}

/**
 * The work of setting a lake's shape up once (its squares' coordinates and neighbours, cached
 * for every later game of that shape): half a unit a square. Always counted, whether the shape
 * was cached or not, so that the answer does not depend on what was asked before.
 */
export function setupWork(lake: LakeSpec): number {
  return squares(lake) / 2;
}

const squares = (lake: LakeSpec) => lake.width * lake.height * lake.levels;

/**
 * The work an estimate may do: about 120 ms of Node on the machine the bench runs on, plus the
 * lake's set-up, so that the worker answers within 250 ms with room to spare (bench/estimate.ts).
 * Counted in rounds played, never in time, so that the same question gets the same answer on
 * any machine.
 */
export const ESTIMATE_WORK = 32_000;

/**
 * The stopping rule (stopping.ts) looks after these many games, where fewer than the games asked
 * for. At each look the median must be within `tolerance` of the median the full run (every game
 * asked for) would give, with probability at least `1 - (1 - ESTIMATE_CONFIDENCE) / looks`: by
 * the union bound over every look, an early median agrees with the full run's within tolerance
 * with probability at least ESTIMATE_CONFIDENCE, whatever the distribution of lengths. The range
 * (p5 to p95) and the share past the cap are those of the games played, and the text says how
 * many: the tails of a few dozen games cannot be bounded without assuming a distribution.
 */
export const ESTIMATE_LOOKS = [10, 15, 20, 30, 40] as const;
export const ESTIMATE_CONFIDENCE = 0.9;
/**
 * Games the cap leaves room for within the work budget, however long the lake lasts: the first
 * look's, so that a lake whose games all run past the cap can be settled.
 */
export const CAP_GAMES = ESTIMATE_LOOKS[0];

/** How far a settled figure may be from the full run's: 10% of it, and at least 2 rounds. */
export function tolerance(rounds: number): number {
  return Math.max(2, Math.ceil(rounds / 10));
}

/**
 * The cap for a lake and party: ESTIMATE_CAP where `CAP_GAMES` games that long fit the work
 * budget, else the largest round number that does (a multiple of 50, of 10 under 100, at least
 * 10): on the largest lakes with many fishers a game that long is long past any session, and
 * "more than" that says as much.
 */
export function estimateCap(lake: LakeSpec, fishers: number, work = ESTIMATE_WORK): number {
  const fits = (work - setupWork(lake)) / (CAP_GAMES * roundWork(lake, fishers));
  if (fits >= ESTIMATE_CAP) return ESTIMATE_CAP;
  const step = fits >= 100 ? 50 : 10;
  return Math.max(10, Math.floor(fits / step) * step);
}

export interface EstimateOptions {
  /** Work units (`roundWork` a round) the estimate may spend: ESTIMATE_WORK unless told. */
  readonly work?: number;
  /** The cap: `estimateCap` for the work unless told. */
  readonly cap?: number;
  /** Stop once the answer is clear (default); false plays every game asked for. */
  readonly early?: boolean;
}

const QUANTILES = [0.05, 0.5, 0.95] as const;

/**
 * Whether, with `sorted.length` of `total` games played (lengths sorted, a game past the cap
 * counted as `cap + 1`), the full run's median lies within tolerance of the median now with
 * probability at least `1 - beta` (stopping.ts). A median past the cap is settled only when the
 * full run's is past it too.
 */
export function settledAfter(
  sorted: readonly number[],
  total: number,
  cap: number,
  beta: number,
): boolean {
  const n = sorted.length;
  const now = sorted[nearestRank(n, 0.5) - 1]!;
  const { a, b } = fullRunRanks(n, total - n, nearestRank(total, 0.5), beta);
  if (a < 1 || b > n) return false;
  const tol = now > cap ? 0 : tolerance(now);
  return now - sorted[a - 1]! <= tol && sorted[b - 1]! - now <= tol;
}

/**
 * How long a lake lasts for a party: up to `games` games played by greedy bots, each stopped at
 * the cap, fewer games once the stopping rule is met at one of ESTIMATE_LOOKS, and no game begun
 * that could take the work past its budget (the cap leaves room for CAP_GAMES games). Seeded
 * and pure: the same question gets the same answer.
 */
export function estimateLength(
  lake: LakeSpec,
  fishers: number,
  games = ESTIMATE_GAMES,
  seed = 1,
  opts: EstimateOptions = {},
): LengthEstimate {
  const work = opts.work ?? ESTIMATE_WORK;
  const cap = opts.cap ?? estimateCap(lake, fishers, work);
  const perRound = roundWork(lake, fishers);
  const o: SimOptions = { ...SIM_DEFAULTS, lake, fishers, games, seed, maxRounds: cap };
  // the stopping rule's share of doubt, split over every look it makes
  const looks = ESTIMATE_LOOKS.filter((n) => n < games).length;
  const beta = (1 - ESTIMATE_CONFIDENCE) / Math.max(1, looks);
  const rounds: number[] = [];
  let capped = 0;
  let spent = setupWork(lake);
  let settled = false;
  for (let i = 0; i < games; i++) {
    // a game is begun only if it fits the budget even when it runs to the cap
    if (i > 0 && spent + cap * perRound > work) break;
    const g = playGame(o, i);
    const over = g.end === "maxRounds";
    spent += g.state.round * perRound;
    insertSorted(rounds, over ? cap + 1 : g.state.round);
    if (over) capped++;
    if (
      opts.early !== false &&
      i + 1 < games &&
      (ESTIMATE_LOOKS as readonly number[]).includes(i + 1) &&
      settledAfter(rounds, games, cap, beta)
    ) {
      settled = true;
      break;
    }
  }
  const n = rounds.length;
  const [p5, median, p95] = QUANTILES.map((q) => rounds[nearestRank(n, q) - 1]!) as [
    number,
    number,
    number,
  ];
  return { lake, fishers, games: n, median, p5, p95, capped, cap, settled };
}

function insertSorted(xs: number[], x: number): void {
  let i = xs.length;
  xs.push(x);
  while (i > 0 && xs[i - 1]! > x) {
    xs[i] = xs[i - 1]!;
    i--;
  }
  xs[i] = x;
}

/**
 * The lakes a proposal chooses from: 1 to 3 levels (depth is what the game is about, so deeper
 * lakes are tried first), square-ish, from 2x2 up.
 */
export function candidateLakes(): LakeSpec[] {
  const out: LakeSpec[] = [];
  for (const levels of [3, 2, 1])
    for (let h = 2; h <= 10; h++)
      for (const w of [h, h + 1])
        out.push({ width: w, height: h, levels, verticalAdjacency: true });
  return out;
}

/**
 * A lake whose median length for this party is closest to `targetRounds`. Each level count is
 * walked from the smallest lake up and left once lakes grow past twice the target (length grows
 * with size), so a proposal plays a few thousand short games. Ties go to the deeper lake.
 */
export function proposeLake(
  targetRounds: number,
  fishers: number,
  games = 40,
  seed = 1,
): LengthEstimate {
  let best: LengthEstimate | undefined;
  const byLevels = new Map<number, LakeSpec[]>();
  for (const l of candidateLakes()) byLevels.set(l.levels, [...(byLevels.get(l.levels) ?? []), l]);
  for (const lakes of byLevels.values())
    for (const lake of lakes) {
      const e = estimateLength(lake, fishers, games, seed, { work: Infinity });
      if (!best || Math.abs(e.median - targetRounds) < Math.abs(best.median - targetRounds))
        best = e;
      if (e.median > 2 * targetRounds) break;
    }
  return best!;
}
