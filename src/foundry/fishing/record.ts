/**
 * The fishing game's GM record: everything needed to rebuild the game exactly (setup, every
 * round's input and rolls) plus what is pending in the current round. It lives only in the GM
 * store, sealed (core/store/sealed.ts): nothing in it is readable where a player's client
 * receives it.
 */
import type { GameSetup, GivenTotal, PendingRound, RoundRecord } from "../../rules/index.ts";
import type { StoreRecord } from "../core/record.ts";
import { isStoreRecord } from "../core/record.ts";

/** A total the GM typed (or a player's roll picked up) for a fisher's check, before resolution. */
export type PendingTotal = GivenTotal;

/** The round being declared (the rules' pending round): secret until it is resolved (K5). */
export interface Pending extends PendingRound {
  /**
   * K6: the GM locked the round (declarations closed, checks asked for). The lock lives here, in
   * the record only a GM client writes, never in a chat message's existence.
   */
  readonly locked?: boolean;
}

export const EMPTY_PENDING: Pending = { actions: {}, totals: {}, revive: [] };

/** The fishing game's record: the store's record with its game's set-up, rounds and pending. */
export interface GmRecord extends StoreRecord {
  readonly setup: GameSetup;
  readonly rounds: readonly RoundRecord[];
  readonly pending: Pending;
  /** What was pending before each resolved round, so undo gives back exactly the prior state. */
  readonly pendingBefore: readonly Pending[];
}

/** A fishing record (no `game` tag) of the right shape. */
export function isGmRecord(v: unknown): v is GmRecord {
  if (!isStoreRecord(v) || v.game !== undefined) return false;
  const p = v.pending as Partial<Pending>;
  return typeof p.actions === "object" && p.actions !== null && typeof p.totals === "object";
}
