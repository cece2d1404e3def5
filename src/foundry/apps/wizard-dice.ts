/**
 * The wizard's fair dice box (players/fair-dice.ts): ticked for every new lake, so a GM who
 * leaves it alone gets dice neither the players' browsers nor the GM can choose; unticked, the
 * players' browsers are trusted as they roll (physical dice, totals typed by the GM).
 */

/** The lake option the box gives: a form leaves an unticked box out, so absent is off. */
export function fairDiceField(data: Readonly<Record<string, unknown>>): { fairDice: boolean } {
  const v = data.fairDice;
  return { fairDice: v === true || v === "on" || v === "true" };
}
