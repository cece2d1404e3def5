/**
 * One round, resolved. The order of the steps is written down once, here, as data; each step
 * lives in the file named after its rule.
 *
 * Rule code is synchronous: a step asks for each die with `ask` (context.ts), which asks
 * `ctx.roll(request)`, or, where nothing reads the requests, draws the die from the seeded PRNG
 * at once as the seeded driver would. The seeded driver answers at once (`resolveRoundWith`,
 * the fast path of the CLI, the tests and the simulator). For a driver that answers later (Foundry's dice), `resolveRound` is a program
 * that yields each request and, given its answer, plays the round again from the start with
 * the answers known so far (`asProgram` in dice/requests.ts): the same rule code, asking the
 * driver for each die exactly once, in the same order.
 */
import type { Xoshiro128 } from "../dice/prng.ts";
import type { RollProgram } from "../dice/requests.ts";
import { asProgram } from "../dice/requests.ts";
import { rollChecks } from "./checks.ts";
import { resolveConflicts } from "./conflicts.ts";
import type { Roller, RoundContext } from "./context.ts";
import { newContext } from "./context.ts";
import { declare, validateRoundInput } from "./declare.ts";
import { endOfRound } from "./end.ts";
import { herdersFollow, moveFish } from "./fish-movement.ts";
import { recordHerds } from "./herd.ts";
import { resolveAttacks } from "./catch.ts";
import { resolveEntries } from "./move.ts";
import { updateSeen } from "./seen.ts";
import { resolveTracks } from "./track.ts";
import type { EventFilter, GameState, RoundInput, RoundResult } from "./types.ts";

export interface RoundStep {
  readonly name: string;
  readonly rules: string;
  readonly run: (ctx: RoundContext) => void;
}

export const ROUND_STEPS: readonly RoundStep[] = [
  { name: "declare", rules: "K5", run: declare },
  { name: "checks", rules: "K6", run: rollChecks },
  { name: "conflicts and initiative", rules: "K7", run: resolveConflicts },
  { name: "tracks", rules: "K12, K13", run: resolveTracks },
  { name: "entries", rules: "K14, K15, K12 17+", run: resolveEntries },
  { name: "catch attacks", rules: "K9, K10, K11", run: resolveAttacks },
  { name: "herds", rules: "K16", run: recordHerds },
  { name: "fish movement", rules: "K8, K17, K18, K19", run: moveFish },
  { name: "end-of-round exploration", rules: "K8, K16 11+", run: herdersFollow },
  { name: "seen", rules: "K20", run: updateSeen },
  { name: "end check", rules: "K23", run: endOfRound },
];

/** The steps of a round on input already checked, every die asked of `roll` (or drawn from `prng`, see `ask`). */
function play(
  state: GameState,
  input: RoundInput,
  roll: Roller,
  prng?: Xoshiro128,
  log?: EventFilter,
): RoundResult {
  const ctx = newContext(state, input, roll, prng, log);
  for (const step of ROUND_STEPS) step.run(ctx);
  ctx.g.round = ctx.round;
  return { ok: true, state: ctx.g, events: ctx.events };
}

/**
 * Resolves one round with a driver that answers at once: `(state, input) -> new state +
 * events`. Invalid input is refused before any roll, and the caller's state is never changed.
 * With `prng`, `roll` must be the plain seeded driver over it (`seededDriver`) and nothing may
 * read the requests: dice are then drawn from `prng` without making requests (same draws).
 * With `log`, only the events it names are made (`EventFilter`); the state is the same.
 */
export function resolveRoundWith(
  state: GameState,
  input: unknown,
  roll: Roller,
  prng?: Xoshiro128,
  log?: EventFilter,
): RoundResult {
  const checked = validateRoundInput(state, input);
  return checked.ok ? play(state, checked.value, roll, prng, log) : checked;
}

/**
 * Resolves one round as a program asking for every die (any driver, `runSync` or `runAsync`).
 * Invalid input is refused before any roll, and the caller's state is never changed.
 */
export function* resolveRound(state: GameState, input: unknown): RollProgram<RoundResult> {
  const checked = validateRoundInput(state, input);
  if (!checked.ok) return checked;
  return yield* asProgram((roll) => play(state, checked.value, roll));
}
