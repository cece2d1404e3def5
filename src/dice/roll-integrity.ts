/**
 * Is a roll in a chat message one that Foundry's dice could have made? A pure check of a
 * serialised core `Roll` (`Roll#toJSON`, what `message.rolls[i]` holds as data and what a
 * player's client sends): every dice term's results are replayed through the term's modifiers
 * and must come out exactly as stored (which results are active, discarded, rerolled, exploded,
 * what each counts for: die-replay.ts); the terms, combined with their operators, must add up to
 * the stored total (roll-terms.ts); and a check has exactly one d20 with exactly one active
 * result (here). What the fisher's set-up allows a verified check is check-bound.ts's question.
 *
 * The systems' checks it knows: dnd5e's advantage and disadvantage in all their versions, Halfling
 * Lucky and Reliable Talent (die-replay.ts replays their modifiers), and pf2e's `CheckRoll` of
 * core terms (foundryvtt/pf2e src/module/system/check): `1d20+mod`, fortune `2d20kh+mod`,
 * misfortune `2d20kl+mod`.
 *
 * What cannot be checked is refused as `unverifiable` (the GM types the total if it is right):
 * pool terms (`{...}kh`), string terms, dice of other classes (coins, Fate dice, a system's own
 * die), counting modifiers (cs, cf, even, odd, df, sf, ms), dice whose number or faces are
 * themselves rolls, functions other than plain Math ones. Nothing here can tell dice a client
 * really rolled from dice a determined cheater wrote to agree with each other: that residual risk
 * is in the README's threat model.
 */
import type { Verified, VerifiedCheck } from "./roll-verdict.ts";
import { Refusal, refuse } from "./roll-verdict.ts";
import type { Walk } from "./roll-terms.ts";
import { agree, rollData, verifyRollData } from "./roll-terms.ts";

/** Any roll: its terms add up to its total. */
export function verifyRoll(roll: unknown): Verified<{ readonly total: number }> {
  try {
    if (roll === undefined || roll === null) refuse("noRoll", "no roll");
    const { v } = verifyRollData(rollData(roll), { d20: [], other: [], terms: 0 }, 0);
    return { ok: true, total: v };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.reason, detail: e.detail };
    throw e;
  }
}

export interface CheckOptions {
  /**
   * The system makes this check without a die for this fisher (pf2e Assurance: a fixed 10 plus
   * the proficiency bonus, check.ts `CheckPF2e.roll` substituting the d20): a roll of numbers
   * alone verifies then, with no natural face.
   */
  readonly noDie?: boolean;
}

/**
 * A check (K6, K7): a roll that adds up, with exactly one d20 term keeping one result and counted
 * once in the total (or, where `noDie` allows it, no dice at all).
 */
export function verifyCheckRoll(roll: unknown, opts: CheckOptions = {}): VerifiedCheck {
  try {
    if (roll === undefined || roll === null) refuse("noRoll", "the message holds no roll");
    const walk: Walk = { d20: [], other: [], terms: 0 };
    const value = verifyRollData(rollData(roll), walk, 0);
    if (!Number.isFinite(value.flat) || !Number.isFinite(value.noD20))
      refuse("unverifiable", "the roll's fixed part cannot be told from its dice");
    const shape = { total: value.v, flat: value.flat, bonusDice: walk.other };
    if (walk.d20.length === 0 && walk.other.length === 0 && opts.noDie)
      return { ok: true, ...shape, bonus: 0 };
    if (walk.d20.length !== 1)
      refuse("noD20", `${walk.d20.length} d20 terms where a check has one`);
    const d20 = walk.d20[0]!;
    if (d20.active !== 1 || d20.natural === undefined)
      refuse("d20Active", `the d20 has ${d20.active} active results where a check keeps one`);
    // the d20 adds itself once: not doubled, halved or subtracted by the terms around it
    if (!agree(value.v - value.noD20, d20.total))
      refuse("unverifiable", `the d20 (${d20.total}) adds ${value.v - value.noD20} to the total`);
    return { ok: true, ...shape, natural: d20.natural, bonus: value.noD20 - value.flat };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.reason, detail: e.detail };
    throw e;
  }
}
