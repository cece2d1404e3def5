/**
 * One round, resolved. The order of the steps is written down once, here, as data; each step
 * lives in the file named after its rule.
 */
import type { RollProgram } from "../dice/requests.ts";
import { rollChecks } from "./checks.ts";
import { resolveConflicts } from "./conflicts.ts";
import type { RoundContext } from "./context.ts";
import { declare, validateRoundInput } from "./declare.ts";
import { endOfRound } from "./end.ts";
import { herdersFollow, moveFish } from "./fish-movement.ts";
import { recordHerds } from "./herd.ts";
import { resolveAttacks } from "./catch.ts";
import { resolveEntries } from "./move.ts";
import { updateSeen } from "./seen.ts";
import { cloneState } from "./state.ts";
import { resolveTracks } from "./track.ts";
import type { GameState, RoundResult } from "./types.ts";

export interface RoundStep {
  readonly name: string;
  readonly rules: string;
  readonly run: (ctx: RoundContext) => RollProgram<void> | void;
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

/**
 * Resolves one round: `(state, input) -> new state + events`, asking for every die. Invalid
 * input is refused before any roll, and the caller's state is never changed.
 */
export function* resolveRound(state: GameState, input: unknown): RollProgram<RoundResult> {
  const checked = validateRoundInput(state, input);
  if (!checked.ok) return checked;
  const ctx: RoundContext = {
    g: cloneState(state),
    round: state.round + 1,
    input: checked.value,
    events: [],
    acting: new Map(),
    checks: new Map(),
    conflictOrder: new Map(),
    attacks: [],
    flee: new Map(),
    scatter: new Map(),
    herds: new Map(),
  };
  for (const step of ROUND_STEPS) {
    const program = step.run(ctx);
    if (program) yield* program;
  }
  ctx.g.round = ctx.round;
  return { ok: true, state: ctx.g, events: ctx.events };
}
