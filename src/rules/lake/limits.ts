/**
 * The sizes a fishing game may have, written once (issue 19). The scenario format's checks, the
 * engine's set-up check (`checkSetup`), the Foundry wizard and `api.createLake`, the table's New
 * game form and URL, the simulator and the CLI's `--lake`/`--fishers`, and the length estimate
 * all read these; docs/scenario-format.md states them as the contract.
 *
 * Every range starts at 1 unless its `Min` says otherwise.
 */
export const LAKE_LIMITS = {
  /** K1: squares a side (width and height). */
  side: 32,
  /** K1: levels of depth. */
  levels: 9,
  /** K3: fishers on one lake. */
  fishers: 12,
  /** Rounds a scenario file may hold. */
  rounds: 10_000,
  /** K4: the fish of a swarm the GM prepares on a square. */
  swarmFish: 1000,
  /** K9: the catch attack's armour class. */
  catchAC: 40,
  /** H1: entries of a hazard table. */
  hazards: 100,
  /** A fisher's hit points, armour (damage taken off each hit) and armour class. */
  hp: 10_000,
  armorMin: 0,
  armor: 20,
  acMin: 0,
  ac: 60,
  /** K6: a fisher's check modifier, either sign. */
  modMin: -20,
  mod: 50,
  /** A fisher's name, in characters. */
  name: 80,
} as const;

/** Whether `n` is a whole number from `min` to `max`. */
export function wholeWithin(n: unknown, min: number, max: number): n is number {
  return Number.isInteger(n) && (n as number) >= min && (n as number) <= max;
}

/** The limits as message data (`{side}`, `{levels}`, `{fishers}`... in a localised error). */
export const LAKE_LIMITS_TEXT = Object.fromEntries(
  Object.entries(LAKE_LIMITS).map(([k, v]) => [k, String(v)]),
) as Readonly<Record<keyof typeof LAKE_LIMITS, string>>;
