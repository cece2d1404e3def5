/**
 * The GM record every game keeps in the GM store (the fishing game's: fishing/record.ts;
 * Kayanak's: kayanak/record.ts), and how its revisions are named. Only GM clients write it; it
 * lives only in the GM store, sealed (store/sealed.ts).
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { ChatCreate } from "./documents.ts";
import type { CatchSetting } from "./haul.ts";

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
  /**
   * What a catch grants the fishers' characters (core/haul.ts); absent: nothing, only the count.
   * Sealed with the set-up; its key makes every draw, so any GM client computes the same haul.
   */
  readonly catch?: CatchSetting;
  /**
   * The lake rolls its players' checks with fair dice (public: the scene's lake says so as
   * well); sealed with the set-up, it gives each revision room for the draws (store/sealed.ts).
   */
  readonly fairDice?: boolean;
  /** Absent for the fishing game; "kayanak" for a Kayanak board (issue 11). */
  readonly game?: "kayanak";
  /**
   * The chat cards this revision's change posts, each flagged with this revision
   * (core/commit.ts). The record is written first; the cards roll forward from it, so a write
   * that fails after the record is finished from here (reconcile), never taken back.
   */
  readonly outbox?: readonly ChatCreate[];
}

/** A record of the right shape, whatever game it holds. */
export function isStoreRecord(v: unknown): v is StoreRecord {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Record<string, unknown>;
  return (
    r.format === "kolikoly-gm-record/1" &&
    typeof r.lakeId === "string" &&
    Number.isInteger(r.rev) &&
    Array.isArray(r.rounds) &&
    typeof r.setup === "object" &&
    r.setup !== null &&
    typeof r.pending === "object" &&
    r.pending !== null
  );
}

/** The message a refused compare-and-set write starts with (lake-host.ts reports it as staleRecord). */
export const STALE_RECORD = "staleRecord";

/** The GM store document name of one revision of a lake's record. */
export function revisionName(r: Pick<StoreRecord, "lakeId" | "rev">): string {
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
