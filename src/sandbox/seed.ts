/**
 * The table's seeds: a new-game form's seed field read, and a fresh random seed when it is empty
 * (a player's view never shows the game's seed, so its form has none to offer).
 */

/** A fresh random seed in the forms' range (0 to 2^53 - 1), from the browser's crypto source. */
export function randomSeed(): number {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return (hi! >>> 11) * 2 ** 32 + lo!;
}

/** The seed field's value: its number, or a fresh random seed when it is empty. */
export function seedFromField(value: FormDataEntryValue | null): number {
  const text = typeof value === "string" ? value.trim() : "";
  return text === "" ? randomSeed() : Number(text);
}
