/**
 * Engine-only timing: greedy-bot games are played once and each round's input is recorded;
 * then the games are played again from their set-up through `resolveSeeded` alone, each round
 * on the state the previous one returned (as the simulator and the table do), so bot time is
 * not counted. The dice drawn are counted from the requests' formulas, for the RNG-only
 * comparison.
 *
 * Only the inputs are kept between the two, and as copies (JSON), never objects the engine
 * made: keeping thousands of engine-made states alive (the method of issue 2's bench) makes V8
 * allocate everything those allocation sites make in the old generation ("pretenuring"), and
 * the engine then measured about 1.6x slower than in any real game, where a state lives for
 * one round.
 */
import { parseFormula } from "../../src/rules/dice/formula.ts";
import { Xoshiro128 } from "../../src/rules/dice/prng.ts";
import type { RollRequest } from "../../src/rules/dice/requests.ts";
import { rollFormula, runSync } from "../../src/rules/dice/requests.ts";
import { resolveSeeded } from "../../src/rules/kolikoly/session.ts";
import { resolveRound } from "../../src/rules/kolikoly/round.ts";
import type { GameSetup } from "../../src/rules/kolikoly/state.ts";
import type { EventFilter, GameState, RoundInput } from "../../src/rules/kolikoly/types.ts";
import type { SimOptions } from "../../src/rules/sim/options.ts";
import { SIM_DEFAULTS, gameSeed, setupFor } from "../../src/rules/sim/options.ts";
import { newGame } from "../../src/rules/kolikoly/state.ts";
import { STATS_EVENTS, playGame, simulateGames } from "../../src/rules/sim/play.ts";

export interface RecordedGame {
  readonly setup: GameSetup;
  /** Every round's input, as plain JSON copies. */
  readonly inputs: readonly RoundInput[];
  /** The state the game ended in, as JSON (to check that the replay is the same game). */
  readonly end: string;
}

/** Plays games 0..games-1 of a greedy run (4 fishers, 6x6x3 unless told) and records their inputs. */
export function recordGames(games: number, options: Partial<SimOptions> = {}): RecordedGame[] {
  const o: SimOptions = { ...SIM_DEFAULTS, ...options, games };
  const out: RecordedGame[] = [];
  for (let g = 0; g < games; g++) {
    const inputs: RoundInput[] = [];
    const { state } = playGame(o, g, (_after, events) => {
      const actions: Record<string, RoundInput["actions"][string]> = {};
      const revive: string[] = [];
      for (const e of events) {
        if (e.type === "declared") actions[e.fisher] = e.declaration;
        if (e.type === "revived") revive.push(e.fisher);
      }
      const input = revive.length ? { actions, revive } : { actions };
      inputs.push(JSON.parse(JSON.stringify(input)) as RoundInput);
    });
    out.push({
      setup: JSON.parse(JSON.stringify(setupFor(o, gameSeed(o.seed, g)))) as GameSetup,
      inputs,
      end: JSON.stringify(state),
    });
  }
  return out;
}

export function roundCount(games: readonly RecordedGame[]): number {
  let n = 0;
  for (const g of games) n += g.inputs.length;
  return n;
}

/**
 * Plays a recorded game again through `resolveSeeded` alone; returns its last state. With
 * `events`, the rounds make only those events (`STATS_EVENTS`: as the simulator plays them).
 */
export function replayGame(game: RecordedGame, events?: EventFilter): GameState {
  let state = newGame(game.setup);
  for (const input of game.inputs) {
    const r = resolveSeeded(state, input, undefined, undefined, events);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return state;
}

/** Throws unless every recorded game replays to the state it ended in. */
export function checkReplays(games: readonly RecordedGame[]): void {
  for (const g of games)
    if (JSON.stringify(replayGame(g)) !== g.end) throw new Error("a replayed game ended otherwise");
}

/** Dice drawn by the recorded games (each `NdM` term is N draws). */
export function countDraws(games: readonly RecordedGame[]): number {
  let draws = 0;
  for (const g of games) {
    let state = newGame(g.setup);
    for (const input of g.inputs) {
      const prng = new Xoshiro128(state.rng);
      const r = runSync(resolveRound(state, input), {
        roll(request: RollRequest) {
          const f = parseFormula(request.formula);
          if (f.ok) for (const d of f.formula.dice) draws += d.count;
          return rollFormula(prng, request);
        },
      });
      if (!r.ok) throw new Error(r.error.message);
      state = { ...r.state, rng: prng.state() };
    }
  }
  return draws;
}

/** CPU seconds of this process for `f`, best of `repeats`. */
export function cpuBest(repeats: number, f: () => void): number {
  let best = Infinity;
  for (let k = 0; k < repeats; k++) {
    const c0 = process.cpuUsage();
    f();
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1e6);
  }
  return best;
}

/** CPU seconds for replaying every recorded game (making `events`, all unless told), best of `repeats`. */
export function timeEngine(
  games: readonly RecordedGame[],
  repeats: number,
  events?: EventFilter,
): number {
  return cpuBest(repeats, () => {
    for (const g of games) replayGame(g, events);
  });
}

/**
 * CPU seconds for the simulator (bots, views, statistics and the engine, one thread) playing
 * the same games as `recordGames(games)`, best of `repeats`.
 */
export function timeSimulate(games: number, repeats: number): number {
  return cpuBest(repeats, () => simulateGames({ ...SIM_DEFAULTS, games }));
}

export { STATS_EVENTS };

/**
 * Seconds for `draws` calls of Xoshiro128's die() (faces as the engine mostly asks: d20, d10),
 * best of `repeats`. Each timing runs the loop as many times as makes at least a few million
 * draws and divides, so a small `draws` is not lost in the timer's resolution.
 */
export function timeRng(draws: number, repeats: number): { seconds: number; sum: number } {
  let best = Infinity;
  let sum = 0;
  const warm = new Xoshiro128([5, 6, 7, 8]);
  for (let i = 0; i < 1_000_000; i++) sum += warm.die(i & 1 ? 20 : 10);
  const passes = Math.max(1, Math.ceil(4_000_000 / draws));
  for (let k = 0; k < repeats; k++) {
    const prng = new Xoshiro128([1, 2, 3, 4 + k]);
    const c0 = process.cpuUsage();
    for (let p = 0; p < passes; p++)
      for (let i = 0; i < draws; i++) sum += prng.die(i & 1 ? 20 : 10);
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1e6 / passes);
  }
  return { seconds: best, sum };
}
