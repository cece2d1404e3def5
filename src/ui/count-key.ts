/**
 * A sentence about a count, worded for the count. None of the i18n layers here has plurals
 * (Foundry's `game.i18n.format`, the CLI's `t`, the table's `makeLocalize`: each only fills in
 * `{name}`), and "swarm(s)", "banc(s)", "Schwarm/Schwärme" read badly in every language. So a
 * counted sentence has one string per wording in lang/, and the code picks it here, by the
 * number: nought where it reads apart ("no key", never "0 keys", which French would put in the
 * singular), one, and several. tests/i18n/counts.test.ts keeps bracketed plurals out of lang/.
 */

/** The keys of one counted sentence. */
export interface CountKeys {
  /** For nought, where the sentence can be about nothing ("No round played yet."). */
  readonly none?: string;
  readonly one: string;
  readonly many: string;
}

/** The key for `n`: nought reads as `none` where the sentence has it, else as several. */
export function countKey(keys: CountKeys, n: number): string {
  if (n === 0 && keys.none !== undefined) return keys.none;
  return n === 1 ? keys.one : keys.many;
}

/**
 * The keys of a sentence about swarms and their fish: no swarm, one swarm of a single fish, one
 * swarm, several swarms (which hold at least two fish, so no language needs a fifth wording).
 */
export interface SwarmCountKeys {
  readonly none?: string;
  readonly oneFish: string;
  readonly oneSwarm: string;
  readonly swarms: string;
}

/** The key for `swarms` swarms holding `fish` fish in all. */
export function swarmCountKey(keys: SwarmCountKeys, swarms: number, fish: number): string {
  if (swarms === 0 && keys.none !== undefined) return keys.none;
  if (swarms === 1) return fish === 1 ? keys.oneFish : keys.oneSwarm;
  return keys.swarms;
}

/**
 * K4, K22: the sentence an exploration reads as: its own for a bad or an empty square; for one
 * that holds fish, counted by its swarms and their fish.
 */
export function exploredKey(
  e: {
    readonly outcome: "bad" | "empty" | "fish";
    readonly swarms: readonly { readonly fish: number }[];
  },
  outcome: Readonly<Record<"bad" | "empty", string>>,
  fish: SwarmCountKeys,
): string {
  if (e.outcome !== "fish") return outcome[e.outcome];
  return swarmCountKey(fish, e.swarms.length, swarmsFish(e.swarms));
}

/** The fish of these swarms, all told. */
export function swarmsFish(swarms: readonly { readonly fish: number }[]): number {
  return swarms.reduce((n, s) => n + s.fish, 0);
}
