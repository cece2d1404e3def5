/**
 * A roll that replays can still carry more than the fisher has. The module knows each fisher's
 * modifiers from the lake's set-up; a check whose fixed part is above them, or that adds dice no
 * system adds to a check, is not counted silently: the GM is shown the difference and decides
 * (types the total, or not).
 */
import type { VerifiedCheck } from "../../dice/roll-verdict.ts";

/** Why a verified check is not counted without the GM (KOLIKOLY.Players.Refusal.<reason>). */
export type BoundReason =
  "aboveModifier" | "unknownBonusDie" | "aboveBonusDice" | "aboveFixedCheck";
export const BOUND_REASONS: readonly BoundReason[] = [
  "aboveModifier",
  "unknownBonusDie",
  "aboveBonusDice",
  "aboveFixedCheck",
];

/** What the module knows of a fisher's check before it is rolled. */
export interface KnownCheck {
  /** The check's modifier (K6) in the lake's set-up. */
  readonly modifier: number;
  /** The total of a check the system makes without a die for this fisher (pf2e Assurance). */
  readonly fixed?: number;
}

/**
 * Bonus dice the systems add to a check: dnd5e Guidance, Bless and Bane (`1d4`, typed in the roll
 * dialog's situational bonus or from an effect's `bonuses.abilities.check`, actor.mjs
 * `_buildSkillToolConfig`), Bardic Inspiration (`1d6` to `1d12`, typed), one die a term; and
 * proficiency dice (the dnd5e variant rule: proficiency.mjs `dice`, `${multiplier}d${2 x prof}`),
 * `1d4` to `1d12`, two with Expertise (`2d4` to `2d12`). No system adds more dice in one term.
 */
const BONUS_FACES = new Set([4, 6, 8, 10, 12]);
const MAX_BONUS_DICE_A_TERM = 2;

export type Bounded =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: BoundReason;
      readonly detail: string;
      /** For the GM's message: what the roll claims and what the module knows. */
      readonly data: { readonly claimed: string; readonly known: string };
    };

const signed = (n: number): string => (n < 0 ? `${n}` : `+${n}`);

/** A verified check against what the module knows of the fisher. */
export function boundCheck(v: Extract<VerifiedCheck, { ok: true }>, known: KnownCheck): Bounded {
  if (v.natural === undefined) {
    const fixed = known.fixed;
    return fixed !== undefined && v.total <= fixed
      ? { ok: true }
      : {
          ok: false,
          reason: "aboveFixedCheck",
          detail: `a check without a die of ${v.total}; without one the fisher's check makes ${fixed ?? "nothing"}`,
          data: { claimed: String(v.total), known: fixed === undefined ? "-" : String(fixed) },
        };
  }
  const odd = v.bonusDice.find(
    (d) => d.number > MAX_BONUS_DICE_A_TERM || !BONUS_FACES.has(d.faces),
  );
  if (odd)
    return {
      ok: false,
      reason: "unknownBonusDie",
      detail: `a ${odd.number}d${odd.faces} in the check`,
      data: { claimed: `${odd.number}d${odd.faces}`, known: "1d4 … 2d12" },
    };
  // the systems add each bonus die once (a term of its own, added or subtracted): a term that
  // multiplies one (1d12 * 5) or another die (1d4 * 1d4) makes the bonus more than the dice rolled
  const rolled = v.bonusDice.reduce((sum, d) => sum + d.total, 0);
  if (v.bonus > rolled)
    return {
      ok: false,
      reason: "aboveBonusDice",
      detail: `bonus dice adding ${signed(v.bonus)} where they rolled ${rolled}`,
      data: { claimed: signed(v.bonus), known: String(rolled) },
    };
  if (v.flat > known.modifier)
    return {
      ok: false,
      reason: "aboveModifier",
      detail: `fixed modifiers of ${signed(v.flat)} where the fisher's check has ${signed(known.modifier)}`,
      data: { claimed: signed(v.flat), known: signed(known.modifier) },
    };
  return { ok: true };
}
