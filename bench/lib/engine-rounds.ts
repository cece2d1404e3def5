/**
 * Engine-only timing: rounds of greedy-bot games are recorded first (state before, input),
 * then replayed through `resolveSeeded` alone, so bot time is not counted. The dice drawn are
 * counted from the requests' formulas, for the RNG-only comparison.
 */
import { parseFormula } from "../../src/rules/dice/formula.ts";
import { Xoshiro128 } from "../../src/rules/dice/prng.ts";
import type { RollRequest } from "../../src/rules/dice/requests.ts";
import { rollFormula, runSync } from "../../src/rules/dice/requests.ts";
import { resolveSeeded } from "../../src/rules/kolikoly/session.ts";
import { resolveRound } from "../../src/rules/kolikoly/round.ts";
import type { GameState, RoundInput } from "../../src/rules/kolikoly/types.ts";
import type { SimOptions } from "../../src/rules/sim/options.ts";
import { SIM_DEFAULTS, gameSeed, setupFor } from "../../src/rules/sim/options.ts";
import { newGame } from "../../src/rules/kolikoly/state.ts";
import { playGame } from "../../src/rules/sim/play.ts";

export interface RecordedRound {
  readonly state: GameState;
  readonly input: RoundInput;
}

/** Plays `games` greedy games (4 fishers, 6x6x3 unless told) and keeps every round's state and input. */
export function recordRounds(games: number, options: Partial<SimOptions> = {}): RecordedRound[] {
  const o: SimOptions = { ...SIM_DEFAULTS, ...options, games };
  const out: RecordedRound[] = [];
  for (let g = 0; g < games; g++) {
    let before = newGame(setupFor(o, gameSeed(o.seed, g)));
    playGame(o, g, (after, events) => {
      const actions: Record<string, RoundInput["actions"][string]> = {};
      const revive: string[] = [];
      for (const e of events) {
        if (e.type === "declared") actions[e.fisher] = e.declaration;
        if (e.type === "revived") revive.push(e.fisher);
      }
      out.push({ state: before, input: revive.length ? { actions, revive } : { actions } });
      before = after;
    });
  }
  return out;
}

/** Dice drawn by each recorded round (each `NdM` term is N draws). */
export function countDraws(rounds: readonly RecordedRound[]): number {
  let draws = 0;
  for (const r of rounds) {
    const prng = new Xoshiro128(r.state.rng);
    runSync(resolveRound(r.state, r.input), {
      roll(request: RollRequest) {
        const f = parseFormula(request.formula);
        if (f.ok) for (const d of f.formula.dice) draws += d.count;
        return rollFormula(prng, request);
      },
    });
  }
  return draws;
}

/** Seconds for `resolveSeeded` over every recorded round, best of `repeats`. */
export function timeEngine(rounds: readonly RecordedRound[], repeats: number): number {
  let best = Infinity;
  for (let k = 0; k < repeats; k++) {
    const t0 = performance.now();
    for (const r of rounds) {
      const res = resolveSeeded(r.state, r.input);
      if (!res.ok) throw new Error(res.error.message);
    }
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  return best;
}

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
    const t0 = performance.now();
    for (let p = 0; p < passes; p++)
      for (let i = 0; i < draws; i++) sum += prng.die(i & 1 ? 20 : 10);
    best = Math.min(best, (performance.now() - t0) / 1000 / passes);
  }
  return { seconds: best, sum };
}
