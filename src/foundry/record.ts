/**
 * The GM-only record of one lake: everything needed to rebuild the game exactly (setup, every
 * round's input and rolls) plus what is pending in the current round. It lives only in the GM
 * store, sealed (store/sealed.ts): nothing in it is readable where a player's client receives it.
 */
import type { GameSetup, GivenTotal, PendingRound, RoundRecord } from "../rules/index.ts";

/** A total the GM typed (or a player's roll picked up) for a fisher's check, before resolution. */
export type PendingTotal = GivenTotal;

/** The round being declared (the rules' pending round): secret until it is resolved (K5). */
export type Pending = PendingRound;

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

export const EMPTY_PENDING: Pending = { actions: {}, totals: {}, revive: [] };

/**
 * What every record in the GM store shares, whatever game it holds: the store (store/) seals and
 * chains any record of this shape. The fishing game's is `GmRecord`; Kayanak's is
 * `KayanakRecord` (kayanak/record.ts), told apart by `game`.
 */
export interface StoreRecord {
  readonly format: "kolikoly-gm-record/1";
  readonly lakeId: string;
  readonly sceneId: string;
  /** Bumped on every write; a stale writer is refused. */
  readonly rev: number;
  readonly setup: unknown;
  readonly rounds: readonly unknown[];
  readonly endedByGm: boolean;
  readonly pending: object;
  readonly pendingBefore: readonly unknown[];
  /** The key of the lake's public swarm ids (aliases.ts); GM-only like the rest of the record. */
  readonly aliasKey?: string;
  /** Absent for the fishing game; "kayanak" for a Kayanak board (issue 11). */
  readonly game?: "kayanak";
}

/** The fishing game's record: the store's record with its game's set-up, rounds and pending. */
export interface GmRecord extends StoreRecord {
  readonly setup: GameSetup;
  readonly rounds: readonly RoundRecord[];
  readonly pending: Pending;
  /** What was pending before each resolved round, so undo gives back exactly the prior state. */
  readonly pendingBefore: readonly Pending[];
}

export function isGmRecord(v: unknown): v is GmRecord {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    r.format === "kolikoly-gm-record/1" &&
    typeof r.lakeId === "string" &&
    typeof r.rev === "number" &&
    Array.isArray(r.rounds) &&
    typeof r.setup === "object" &&
    typeof r.pending === "object"
  );
}

/** The message a refused compare-and-set write starts with (lake-host.ts reports it as staleRecord). */
export const STALE_RECORD = "staleRecord";

/** The GM store document name of one revision of a lake's record. */
export function revisionName(r: Pick<GmRecord, "lakeId" | "rev">): string {
  return `${r.lakeId}@${r.rev}`;
}

/** The revision a store document name holds for a lake (records before revisions: the bare id). */
export function revisionOf(name: string, lakeId: string): number | undefined {
  if (name === lakeId) return 0;
  if (!name.startsWith(`${lakeId}@`)) return undefined;
  const rev = Number(name.slice(lakeId.length + 1));
  return Number.isInteger(rev) ? rev : undefined;
}

/**
 * The document id of one revision: fixed by (lake, rev), 16 hex characters (a Foundry id is 16
 * letters or digits), so two writers of the same revision name the same document.
 */
export function revisionId(lakeId: string, rev: number): string {
  const name = `${lakeId}@${rev}`;
  let id = ids.get(name);
  if (id === undefined) {
    id = bytesToHex(sha256(utf8ToBytes(`kolikoly-gm-record|${lakeId}|${rev}`))).slice(0, 16);
    if (ids.size > 20_000) ids.clear();
    ids.set(name, id);
  }
  return id;
}

/** Ids already worked out (a lake's reads name every revision it builds on, each time). */
const ids = new Map<string, string>();
