/**
 * The fishing game's GM record: everything needed to rebuild the game exactly (setup, every
 * round's input and rolls) plus what is pending in the current round. It lives only in the GM
 * store, sealed (core/store/sealed.ts): nothing in it is readable where a player's client
 * receives it.
 */
import type {
  GameSetup,
  GivenTotal,
  PendingRound,
  RollRecord,
  RoundRecord,
} from "../../rules/index.ts";
import type { FairDraw } from "../../dice/fair-check.ts";
import type { AwaitedChoice } from "./hazard-choice.ts";
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
  /**
   * H4 (issue 20 item 9): the round under way waits for a hazard choice. The lake's queue is
   * free meanwhile; the round goes on from exactly these answers once the choice is made or its
   * deadline passes (resolution.ts), and nothing else changes the lake until then. Kept in the
   * pending round, which the store seals as a whole (store/sealed.ts).
   */
  readonly awaiting?: AwaitedRound;
  /**
   * Declaration changes that players' requests made this round, by fisher: their budget lives in
   * the record, so a GM's reload does not renew it (players/desk.ts CHANGES_PER_ROUND).
   */
  readonly changes?: Readonly<Record<string, number>>;
  /**
   * Fair dice (players/fair-draws.ts): each fisher's draw for the round's check, by fisher. The
   * GM's nonce is written here before any player learns it; the secret and the roll once the
   * player's roll is counted. A draw with no total at resolution was withheld (resolution.ts).
   */
  readonly draws?: Readonly<Record<string, PendingDraw>>;
}

/** What a roll counted with fair dice adds to its draw: the secret it revealed, the roll itself. */
export interface FairProof {
  readonly secret: string;
  /** The chat message that holds the roll (the round card names it, so anyone can check it). */
  readonly message?: string;
  /** The counted roll, compacted (dice/fair-check.ts compactRoll). */
  readonly roll: object;
}

/** A fair draw as the GM record keeps it: what was committed, when, by whom, and what came of it. */
export interface PendingDraw extends FairDraw {
  /** The check drawn for (K6: the declared action's). */
  readonly kind: string;
  /** The user who asked (the fisher's owner). */
  readonly user: string;
  /** When the GM's client drew the nonce (ms since 1970). */
  readonly at: number;
  /** The secret the counted roll revealed, the roll and its chat message (FairProof). */
  readonly secret?: string;
  readonly roll?: object;
  readonly message?: string;
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

/** The round so far: the question it waits for, every answer the engine was given before it. */
export interface AwaitedRound extends AwaitedChoice {
  /** The engine's requests answered so far, in order (dice, typed totals, earlier choices). */
  readonly rolls: readonly RollRecord[];
  /** The public rolls' JSON made so far, for the round card. */
  readonly publicRolls: readonly object[];
}

/** A fishing record (no `game` tag) of the right shape. */
export function isGmRecord(v: unknown): v is GmRecord {
  if (!isStoreRecord(v) || v.game !== undefined) return false;
  const p = v.pending as Partial<Pending>;
  return typeof p.actions === "object" && p.actions !== null && typeof p.totals === "object";
}
