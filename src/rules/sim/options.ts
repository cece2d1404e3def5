/** What a simulation plays: the lake, the party, the bots, how many games, from which seed. */
import type { BotKind } from "../bots/bot.ts";
import { isBotKind } from "../bots/bot.ts";
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import { DEFAULT_LAKE } from "../lake/geometry.ts";
import type { GameSetup } from "../kolikoly/state.ts";
import type { Mods, RuleError } from "../kolikoly/types.ts";
import { LAKE_LIMITS } from "../lake/limits.ts";

export interface SimOptions {
  readonly fishers: number;
  readonly lake: LakeSpec;
  readonly games: number;
  readonly seed: number;
  readonly bot: BotKind;
  /** A game still running after this many rounds is stopped and counted as capped. */
  readonly maxRounds: number;
}

export const SIM_DEFAULTS: SimOptions = {
  fishers: 4,
  lake: DEFAULT_LAKE,
  games: 1000,
  seed: 1,
  bot: "greedy",
  maxRounds: 1000,
};

export const SIM_LIMITS = { games: 1_000_000_000, maxRounds: 100_000 } as const;

/** The accepted range of each whole-number option, `[min, max]` (what `checkSimOptions` checks). */
export const SIM_RANGES = {
  fishers: [1, LAKE_LIMITS.fishers],
  width: [1, LAKE_LIMITS.side],
  height: [1, LAKE_LIMITS.side],
  levels: [1, LAKE_LIMITS.levels],
  games: [1, SIM_LIMITS.games],
  seed: [0, Number.MAX_SAFE_INTEGER],
  maxRounds: [1, SIM_LIMITS.maxRounds],
} as const satisfies Record<string, readonly [number, number]>;

/**
 * Every simulated fisher has the modifiers of a typical first-level character who fishes
 * (the example in docs/scenario-format.md): net attack +5, damage +3, Survival +3, Stealth +4,
 * Animal Handling +2, initiative +2; the engine's defaults (10 HP, no armour) otherwise.
 */
export const SIM_MODS: Partial<Mods> = {
  attack: 5,
  damage: 3,
  survival: 3,
  stealth: 4,
  animalHandling: 2,
  initiative: 2,
};

export type SimChecked = { ok: true; value: SimOptions } | { ok: false; error: RuleError };

function bad(field: string, message: string): SimChecked {
  return { ok: false, error: { code: "badOption", field, message } };
}

/** Checks options from untrusted input (CLI flags, the browser's balance panel). */
export function checkSimOptions(o: Partial<SimOptions>): SimChecked {
  const v: SimOptions = { ...SIM_DEFAULTS, ...o };
  const whole = (n: number, [min, max]: readonly [number, number]) =>
    Number.isSafeInteger(n) && n >= min && n <= max;
  const R = SIM_RANGES;
  if (!whole(v.fishers, R.fishers))
    return bad("fishers", `must be a whole number from 1 to ${LAKE_LIMITS.fishers}`);
  const { width, height, levels } = v.lake;
  if (!whole(width, R.width) || !whole(height, R.height))
    return bad("lake", `width and height must be whole numbers from 1 to ${LAKE_LIMITS.side}`);
  if (!whole(levels, R.levels))
    return bad("lake", `levels must be a whole number from 1 to ${LAKE_LIMITS.levels}`);
  if (!whole(v.games, R.games))
    return bad("games", `must be a whole number from 1 to ${SIM_LIMITS.games}`);
  if (!whole(v.seed, R.seed)) return bad("seed", "must be a whole number from 0 to 2^53 - 1");
  if (!isBotKind(v.bot)) return bad("bot", "must be greedy or random");
  if (!whole(v.maxRounds, R.maxRounds))
    return bad("maxRounds", `must be a whole number from 1 to ${SIM_LIMITS.maxRounds}`);
  return { ok: true, value: v };
}

/**
 * `WxHxL` (levels optional, default 3), e.g. `6x6x3`: the shape only; whether each size is in
 * range is `checkSimOptions`'s to say (so `1000x1000x100` is answered with the range).
 */
export function parseLake(text: string): LakeSpec | undefined {
  const m = /^(\d{1,9})x(\d{1,9})(?:x(\d{1,9}))?$/i.exec(text.trim());
  if (!m) return undefined;
  return {
    width: Number(m[1]),
    height: Number(m[2]),
    levels: m[3] === undefined ? DEFAULT_LAKE.levels : Number(m[3]),
    verticalAdjacency: true,
  };
}

export function lakeText(lake: LakeSpec): string {
  return `${lake.width}x${lake.height}x${lake.levels}`;
}

function mix32(a: number, b: number): number {
  let z = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * The seed of game `index` of a run: a function of (seed, index) only, so a run gives the
 * same numbers however its games are shared among workers (CLI threads or a browser worker).
 */
export function gameSeed(seed: number, index: number): number {
  const lo = seed >>> 0;
  const hi = Math.floor(seed / 0x100000000) >>> 0;
  return mix32(mix32(lo, hi), index >>> 0) + (Math.floor(index / 0x100000000) >>> 0) * 0x100000000;
}

/** The seed of fisher `i`'s bot in a game: apart from the game's own dice. */
export function botSeed(game: number, fisherIndex: number): number {
  return mix32(mix32(game >>> 0, 0xb0751ed), fisherIndex);
}

/** Start squares on level 0 (K3), spread out: corners, then edge middles, then the centre, then again. */
export function startSquares(lake: LakeSpec, n: number): Coord[] {
  const w = lake.width - 1;
  const h = lake.height - 1;
  const mw = Math.floor(w / 2);
  const mh = Math.floor(h / 2);
  const spots: Coord[] = [];
  const seen = new Set<string>();
  for (const [x, y] of [
    [0, 0],
    [w, h],
    [w, 0],
    [0, h],
    [mw, 0],
    [mw, h],
    [0, mh],
    [w, mh],
    [mw, mh],
  ] as const) {
    const key = `${x},${y}`;
    if (!seen.has(key)) {
      seen.add(key);
      spots.push([x, y, 0]);
    }
  }
  return Array.from({ length: n }, (_, i) => spots[i % spots.length]!);
}

export function fisherIds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `f${i + 1}`);
}

export function setupFor(o: SimOptions, seed: number): GameSetup {
  const at = startSquares(o.lake, o.fishers);
  return {
    seed,
    lake: o.lake,
    fishers: fisherIds(o.fishers).map((id, i) => ({ id, at: at[i]!, mods: SIM_MODS })),
  };
}
