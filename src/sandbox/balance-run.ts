/**
 * One balance run, pure (no Worker API): the simulator core (src/rules/sim) game by game, so
 * the figures are exactly what `kolikoly simulate --json` prints for the same options, plus
 * the per-game data the charts need. Game `i`'s catch is read as the change in the run's
 * `caught` total across `addGame(stats, i)`, so nothing is played twice.
 */
import type { SimOptions, SimSummary } from "../rules/sim/index.ts";
import { addGame, newStats, summarize } from "../rules/sim/index.ts";

export interface BalanceResult {
  readonly summary: SimSummary;
  /** `rounds[r]`: games that ended after r rounds (trimmed after the longest game). */
  readonly rounds: number[];
  /** Each game's catch per fisher (the game's catch / fishers), in game order. */
  readonly catchPerFisher: number[];
}

export function runBalance(
  o: SimOptions,
  onProgress?: (done: number, total: number) => void,
  shouldStop?: () => boolean,
): BalanceResult | undefined {
  const stats = newStats(o);
  const catchPerFisher: number[] = [];
  const step = Math.max(1, Math.floor(o.games / 100));
  for (let i = 0; i < o.games; i++) {
    if (shouldStop?.()) return undefined;
    const before = stats.caught;
    addGame(stats, i);
    catchPerFisher.push((stats.caught - before) / o.fishers);
    if (onProgress && ((i + 1) % step === 0 || i + 1 === o.games)) onProgress(i + 1, o.games);
  }
  return {
    summary: summarize(stats),
    rounds: stats.roundsHist.slice(0, stats.roundsMax + 1),
    catchPerFisher,
  };
}
