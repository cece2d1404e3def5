/**
 * What the roll checker answers (roll-integrity.ts): a roll verified, with what was read from it,
 * or refused with a reason the GM is told in words. The checks refuse by throwing a `Refusal`
 * deep in a replay; the checker's entry points turn it into a `Verified` value, so nothing outside
 * this folder ever sees the throw.
 */

/** Why a roll was refused (KOLIKOLY.Players.Refusal.<reason> tells the GM). */
export type IntegrityReason =
  | "noRoll"
  | "notEvaluated"
  | "malformed"
  | "dieOutOfRange"
  | "resultCount"
  | "modifierMismatch"
  | "totalMismatch"
  | "noD20"
  | "d20Active"
  | "unverifiable";

export const INTEGRITY_REASONS: readonly IntegrityReason[] = [
  "noRoll",
  "notEvaluated",
  "malformed",
  "dieOutOfRange",
  "resultCount",
  "modifierMismatch",
  "totalMismatch",
  "noD20",
  "d20Active",
  "unverifiable",
];

export type Verified<T> =
  | ({ readonly ok: true } & T)
  | { readonly ok: false; readonly reason: IntegrityReason; readonly detail: string };

/**
 * A verified check: its total, the natural face of its one active d20 (none for a check the
 * system makes without a die), its fixed part (`flat`: the total with every die counted 0), what
 * its other dice added (`bonus`) and those dice, each term with what it rolled (`total`: its
 * active results as `DiceTerm#total` counts them).
 */
export type VerifiedCheck = Verified<{
  readonly total: number;
  readonly natural?: number;
  readonly flat: number;
  readonly bonus: number;
  readonly bonusDice: readonly {
    readonly number: number;
    readonly faces: number;
    readonly total: number;
  }[];
}>;

/** A refusal on its way out of a replay; caught by the checker's entry points only. */
export class Refusal extends Error {
  constructor(
    readonly reason: IntegrityReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export function refuse(reason: IntegrityReason, detail: string): never {
  throw new Refusal(reason, detail);
}
