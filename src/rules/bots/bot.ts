/**
 * Bots: simulated players for the balance simulator. A bot decides from a `LakeView` made by
 * `viewFor(state, { fisher })`, the same projection a player's client gets, so it can only
 * use what its fisher's player may know (seen swarms, explored squares, where fishers are).
 * Bots are pure and deterministic: each has its own PRNG seeded from the game seed.
 */
import { Xoshiro128, seedState } from "../dice/prng.ts";
import type { Coord } from "../lake/geometry.ts";
import type { Declaration, GameState } from "../kolikoly/types.ts";
import type { LakeView } from "../kolikoly/view.ts";
import { viewFor } from "../kolikoly/view.ts";

export const BOT_KINDS = ["greedy", "random"] as const;
export type BotKind = (typeof BOT_KINDS)[number];

export interface Bot {
  readonly kind: BotKind;
  readonly fisher: string;
  /** The declaration for the coming round, or undefined to take no action. */
  decide(view: LakeView): Declaration | undefined;
}

/** A bot's own random source: a PRNG separate from the game's, so bots never shift the dice. */
export interface BotRandom {
  /** Uniform integer in 0..n-1. */
  pick(n: number): number;
}

export function botRandom(seed: number): BotRandom {
  const prng = new Xoshiro128(seedState(seed));
  return { pick: (n) => prng.die(n) - 1 };
}

export function isBotKind(v: string): v is BotKind {
  return (BOT_KINDS as readonly string[]).includes(v);
}

/** The bot's choice from exactly what its fisher's player may see (K20): `viewFor(state, { fisher })`. */
export function decideFor(bot: Bot, state: GameState): Declaration | undefined {
  return bot.decide(viewFor(state, { fisher: bot.fisher }));
}

/**
 * The same choice from a view of the state made once for all the bots of a round: what one
 * fisher's player may see is what every player may see (`viewFor` filters swarms for the GM
 * only: a seen swarm is seen by all, K20; fishers and explored squares are public), so the
 * players' views differ only in `viewer`. Bots only read their view, so each gets the shared
 * view's lists under its own `viewer` (the simulator: one view a round instead of one a bot).
 */
export function decideFrom(bot: Bot, players: LakeView): Declaration | undefined {
  return bot.decide({ ...players, viewer: { fisher: bot.fisher } });
}

/** Uniformly one element of a non-empty list. */
export function choose<T>(rng: BotRandom, list: readonly T[]): T {
  return list[rng.pick(list.length)]!;
}

export function copyCoord(c: Coord): Coord {
  return [c[0], c[1], c[2]];
}
