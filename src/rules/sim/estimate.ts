/**
 * How long a lake lasts for a party, and a lake that lasts about as long as the GM wants
 * (issue 12: a game that fits an evening). The simulator's own games (play.ts), greedy bots,
 * few of them: an estimate a GM reads in about a second, in a Web Worker of the wizard or the
 * table. Pure and seeded: the same question gets the same answer.
 */
import type { LakeSpec } from "../lake/geometry.ts";
import type { SimOptions } from "./options.ts";
import { SIM_DEFAULTS } from "./options.ts";
import { playGame } from "./play.ts";

export interface LengthEstimate {
  readonly lake: LakeSpec;
  readonly fishers: number;
  readonly games: number;
  /** Rounds to the end: the median, and the range holding the middle 90% of games. */
  readonly median: number;
  readonly p5: number;
  readonly p95: number;
  /** Games stopped at the cap (`maxRounds`) instead of ending: their length is at least the cap. */
  readonly capped: number;
}

/** Games an estimate plays unless told otherwise. */
export const ESTIMATE_GAMES = 100;
/** A game still running after this many rounds is stopped (it counts at the cap). */
export const ESTIMATE_CAP = 600;

function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function estimateLength(
  lake: LakeSpec,
  fishers: number,
  games = ESTIMATE_GAMES,
  seed = 1,
): LengthEstimate {
  const o: SimOptions = { ...SIM_DEFAULTS, lake, fishers, games, seed, maxRounds: ESTIMATE_CAP };
  const rounds: number[] = [];
  let capped = 0;
  for (let i = 0; i < games; i++) {
    const g = playGame(o, i);
    rounds.push(g.state.round);
    if (g.end === "maxRounds") capped++;
  }
  rounds.sort((a, b) => a - b);
  return {
    lake,
    fishers,
    games,
    median: quantile(rounds, 0.5),
    p5: quantile(rounds, 0.05),
    p95: quantile(rounds, 0.95),
    capped,
  };
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
      const e = estimateLength(lake, fishers, games, seed);
      if (!best || Math.abs(e.median - targetRounds) < Math.abs(best.median - targetRounds))
        best = e;
      if (e.median > 2 * targetRounds) break;
    }
  return best!;
}
