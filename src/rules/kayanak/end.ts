/**
 * J7, J9 The end and the scores. Every end is checked after every step, and the game ends at
 * once, the rest of that turn unplayed (docs/kayanak.md, decisions).
 * - basic (J7): a fisher with 10 fish wins at once, whatever their size (not with "keep
 *   fishing"); when every hole is open, the most fish wins, ties sharing.
 * - weather (J9): ends when a fisher has 15 fish or every floe has an open hole (frozen holes
 *   count, they were hacked open); big fish score 2, small 1, most points wins, ties sharing.
 */
import type { EndReason, KayanakFisher, KayanakState, Score, Variant } from "./types.ts";

/** J7: fish to win the basic game at once. */
export const WIN_FISH = 10;
/** J9: fish that end the weather variant. */
export const WEATHER_END_FISH = 15;

export function scoreOf(f: Pick<KayanakFisher, "big" | "small">, variant: Variant): number {
  return variant === "weather" ? 2 * f.big + f.small : f.big + f.small;
}

export function scores(s: KayanakState): Score[] {
  return s.fishers.map((f) => ({
    fisher: f.id,
    big: f.big,
    small: f.small,
    score: scoreOf(f, s.settings.variant),
  }));
}

/** Why the game is over now, if it is. */
export function endReasonOf(s: KayanakState): EndReason | undefined {
  const fish = (f: KayanakFisher) => f.big + f.small;
  if (s.settings.variant === "weather") {
    if (s.fishers.some((f) => fish(f) >= WEATHER_END_FISH)) return "fifteenFish";
    const { floes, width } = s.board;
    if (floes.every((floe) => floe.some((h) => s.holes[h[0] + width * h[1]]!.open)))
      return "everyFloeOpen";
    return undefined;
  }
  if (!s.settings.keepFishing && s.fishers.some((f) => fish(f) >= WIN_FISH)) return "tenFish";
  if (s.holes.every((h) => h.open)) return "allOpen";
  return undefined;
}

/** The winners for an end: the 10-fish fisher, or everyone with the best score. */
export function winnersOf(s: KayanakState, reason: EndReason): string[] {
  if (reason === "tenFish")
    return s.fishers.filter((f) => f.big + f.small >= WIN_FISH).map((f) => f.id);
  const all = scores(s);
  const best = Math.max(...all.map((x) => x.score));
  return all.filter((x) => x.score === best).map((x) => x.fisher);
}
