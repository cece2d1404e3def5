/**
 * K5, K6, H5: the round a table is declaring, before it resolves, turned into what the engine
 * plays: the round input (declarations and revivals) and the forced dice (each check total the
 * GM typed or a player rolled, under the key the round asks it by). The Foundry module's GM
 * record and the standalone table keep a pending round; both resolve it through here.
 */
import type { ForcedTable, ForcedValue } from "../dice/requests.ts";
import { checkKey } from "./checks.ts";
import type { Checked } from "./declare.ts";
import {
  cannotActReason,
  fail,
  parseDeclaration,
  reviveFirst,
  validateRoundInput,
} from "./declare.ts";
import type { Declaration, GameState, RoundInput } from "./types.ts";

/** A check total given before the round resolves: the check's total as the engine counts it. */
export interface GivenTotal {
  readonly total: number;
  /** The d20's face, when known (a roll, not a typed number). */
  readonly natural?: number;
}

export interface PendingRound {
  /** K5: each declaring fisher's declaration. */
  readonly actions: Readonly<Record<string, Declaration>>;
  /** K6: totals given for fishers' checks; one for a fisher who does not declare is ignored. */
  readonly totals: Readonly<Record<string, GivenTotal>>;
  /** H5: fishers the GM revives as the round starts. */
  readonly revive: readonly string[];
}

/**
 * The pending round as round input and forced dice. The input names `revive` only when someone
 * is revived, as the recorded rounds always have; a total becomes the forced answer of that
 * fisher's K6 check (a Catch's is its attack roll).
 */
export function pendingRoundInput(p: PendingRound): { input: RoundInput; forced: ForcedTable } {
  const input: RoundInput = p.revive.length
    ? { actions: p.actions, revive: p.revive }
    : { actions: p.actions };
  const forced = new Map<string, ForcedValue[]>();
  for (const [fisher, t] of Object.entries(p.totals)) {
    const d = Object.hasOwn(p.actions, fisher) ? p.actions[fisher] : undefined;
    if (!d) continue;
    forced.set(checkKey(fisher, d.action), [
      t.natural === undefined ? { total: t.total } : { total: t.total, natural: t.natural },
    ]);
  }
  return { input, forced };
}

/**
 * K5, H5: one fisher's declaration for the pending round, checked as the round will check it:
 * the pending revivals first, so a fisher the GM revives may declare at once. What a table
 * checks before the round resolves (a player's request, the GM's typing) goes through here,
 * never through a copy of the engine's order.
 */
export function checkPendingDeclaration(
  state: GameState,
  p: Pick<PendingRound, "revive">,
  fisher: string,
  raw: unknown,
  field = `actions.${fisher}`,
): Checked<Declaration> {
  if (state.over) return fail("gameOver", "", "the game is over");
  const first = reviveFirst(state, p.revive);
  if (!first.ok) return first;
  return parseDeclaration(state, fisher, raw, field, first.value.fishers);
}

/**
 * Why a fisher cannot declare in the pending round (H4 lost actions, H5 conditions), with the
 * pending revivals applied; undefined when they can. A window offers the actions from here.
 */
export function pendingCannotAct(
  state: GameState,
  p: Pick<PendingRound, "revive">,
  fisher: string,
): string | undefined {
  const first = reviveFirst(state, p.revive);
  const fishers = first.ok ? first.value.fishers : state.fishers;
  const f = fishers.find((x) => x.id === fisher);
  if (!f) return "unknown";
  return cannotActReason(f);
}

/** The whole pending round as the engine will check it when it resolves (validateRoundInput). */
export function checkPendingRound(state: GameState, p: PendingRound): Checked<RoundInput> {
  return validateRoundInput(state, pendingRoundInput(p).input);
}
