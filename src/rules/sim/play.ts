/**
 * Whole games played by bots on the fast synchronous engine path (`resolveSeeded`, no
 * session log), and runs of many games folded into streaming statistics. Pure: the CLI's
 * worker threads and the browser table's Web Worker run this very code.
 */
import { createBot } from "../bots/index.ts";
import { decideFrom } from "../bots/bot.ts";
import { cannotActReason } from "../kolikoly/declare.ts";
import { resolveSeeded } from "../kolikoly/session.ts";
import { newGame } from "../kolikoly/state.ts";
import type { Declaration, EventFilter, GameEvent, GameState } from "../kolikoly/types.ts";
import { ALL_EVENTS, eventFilter } from "../kolikoly/types.ts";
import type { LakeView } from "../kolikoly/view.ts";
import { viewFor } from "../kolikoly/view.ts";
import type { SimOptions } from "./options.ts";
import { botSeed, gameSeed, setupFor } from "./options.ts";
import type { GameEnd, SimStats } from "./stats.ts";
import { newStats } from "./stats.ts";

export interface RoundHook {
  (state: GameState, events: readonly GameEvent[]): void;
}

export interface GameOutcome {
  readonly state: GameState;
  readonly end: GameEnd;
}

/**
 * Plays game `index` of a run to its end. Each round the simulated GM revives every
 * unconscious or dying fisher (H5; they act again from the next round), and every fisher
 * able to act declares what its bot decides from its own view. `onRound` sees each round, with
 * the events `events` names (all of them unless told; none are made for a game no one watches).
 */
export function playGame(
  o: SimOptions,
  index: number,
  onRound?: RoundHook,
  events: EventFilter = onRound ? ALL_EVENTS : NO_EVENTS,
): GameOutcome {
  const seed = gameSeed(o.seed, index);
  let state = newGame(setupFor(o, seed));
  const bots = state.fishers.map((f, i) => createBot(o.bot, f.id, botSeed(seed, i)));
  for (;;) {
    if (state.over) return { state, end: "lakeEmpty" };
    if (state.round >= o.maxRounds) return { state, end: "maxRounds" };
    if (state.fishers.every((f) => f.condition === "dead")) return { state, end: "allDead" };
    const actions: Record<string, Declaration> = {};
    const revive: string[] = [];
    let players: LakeView | undefined; // what every player may see, made once a round
    for (let i = 0; i < bots.length; i++) {
      const f = state.fishers[i]!;
      if (f.condition === "unconscious" || f.condition === "dying") revive.push(f.id);
      if (cannotActReason(f)) continue;
      const d = decideFrom(bots[i]!, (players ??= viewFor(state, "player")));
      if (d) actions[f.id] = d;
    }
    const input = revive.length ? { actions, revive } : { actions };
    const r = resolveSeeded(state, input, undefined, undefined, events);
    if (!r.ok)
      throw new Error(`a bot declared an illegal round: ${r.error.field}: ${r.error.message}`);
    onRound?.(r.state, r.events);
    state = r.state;
  }
}

/** No events: a game played for its end alone (the length estimate). */
export const NO_EVENTS: EventFilter = eventFilter([]);

/** The events the statistics read (`addGame`): no other event is made in a simulated game. */
export const STATS_EVENTS: EventFilter = eventFilter(["explored", "hazard", "tracked"]);

/** Plays game `index` and adds it to `stats`. */
export function addGame(stats: SimStats, index: number): void {
  const t = stats.explorations;
  const { state, end } = playGame(
    stats.options,
    index,
    (_s, events) => {
      for (const e of events) {
        if (e.type === "explored") {
          const lv = t[e.at[2]]!;
          lv.count++;
          if (e.outcome === "bad") lv.bad++;
          lv.swarms += e.swarms.length;
          for (const s of e.swarms) lv.fish += s.fish;
        } else if (e.type === "hazard") stats.hazards++;
        else if (e.type === "tracked" && e.avoidedHazard) stats.avoidedHazards++;
      }
    },
    STATS_EVENTS,
  );
  stats.games++;
  stats.roundsSum += state.round;
  stats.roundsMax = Math.max(stats.roundsMax, state.round);
  stats.roundsHist[state.round]!++;
  for (const f of state.fishers) stats.caught += f.caught;
  stats.ended[end]++;
}

export type Progress = (done: number, total: number) => void;

/** How often (in games) a range reports progress: about 200 reports, each 1 to 1000 games apart. */
export function progressEvery(games: number): number {
  return Math.max(1, Math.min(1000, Math.floor(games / 200)));
}

/** Plays games `from` (inclusive) to `to` (exclusive) of a run into `stats`. */
export function simulateRange(
  stats: SimStats,
  from: number,
  to: number,
  onProgress?: Progress,
): SimStats {
  const every = progressEvery(to - from);
  for (let i = from; i < to; i++) {
    addGame(stats, i);
    if (onProgress && ((i - from + 1) % every === 0 || i + 1 === to))
      onProgress(i - from + 1, to - from);
  }
  return stats;
}

/** A whole run in this thread. */
export function simulateGames(o: SimOptions, onProgress?: Progress): SimStats {
  return simulateRange(newStats(o), 0, o.games, onProgress);
}

/**
 * How a run's games are shared among `workers`: contiguous slices, as even as can be.
 * The figures do not depend on it (game seeds come from the index).
 */
export function slices(games: number, workers: number): { from: number; to: number }[] {
  const k = Math.max(1, Math.min(workers, games));
  const out: { from: number; to: number }[] = [];
  for (let w = 0; w < k; w++)
    out.push({ from: Math.floor((games * w) / k), to: Math.floor((games * (w + 1)) / k) });
  return out;
}
