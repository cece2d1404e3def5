/**
 * How a lake's GM record is kept in the GM store so that a client the store's changes reach by
 * mistake reads nothing from them (issue 10, docs/foundry.md "Where secrets live").
 *
 * - Every write is one new document, a revision, created once and never changed: its id is
 *   fixed by (lake, revision), so two GM clients writing the same revision collide and one is
 *   refused (the compare-and-set, record.ts `revisionId`).
 * - A revision carries only what changed: the pending round always (small), the setup in the
 *   first revision, and the rounds resolved since the revisions it builds on. Its `parts` name
 *   the earlier revisions that hold the setup and the rounds before it, in order.
 * - Everything that is not already public on the scene is sealed: XChaCha20-Poly1305 (from
 *   @noble/ciphers, which runs where the browser's `crypto.subtle` does not: plain http on a LAN
 *   address) under a key that only GM clients hold (keyring.ts), with a fresh random 24-byte
 *   nonce, and every clear field bound in as associated data (a sealed part cannot be moved to
 *   another document, nor a clear field changed), padded to whole kilobytes (its length says
 *   nothing). What stays readable: the lake and scene ids, the revision, the key's id, the round
 *   count and whether the GM ended the game, all of which the scene's public flag shows anyway.
 */
import { utf8ToBytes } from "@noble/hashes/utils.js";
import type { StoreRecord } from "../record.ts";
import { isStoreRecord } from "../record.ts";

// the document's shape is the store's data, written once with the port's (documents.ts)
export { STORE_FORMAT } from "../documents.ts";
export type { StoreDoc } from "../documents.ts";
import { STORE_FORMAT } from "../documents.ts";
import type { StoreDoc } from "../documents.ts";

/** What a revision seals. */
interface Secret {
  readonly pending: object;
  /** In the revision that starts the chain (a new lake, or a record moved from format 1). */
  readonly setup?: unknown;
  readonly aliasKey?: string;
  /** The game the chain holds (Kayanak: "kayanak"), sealed with the setup. */
  readonly game?: "kayanak";
  /** Rounds this revision adds after those of its parts, with what was pending before each. */
  readonly rounds?: readonly unknown[];
  readonly pendingBefore?: readonly unknown[];
  /** The cards of this revision's change (record.ts `outbox`): the head's own, never a part's. */
  readonly outbox?: readonly unknown[];
}

/** A revision opened with its key: the public fields and what was sealed. */
export interface OpenedDoc {
  readonly doc: StoreDoc;
  readonly secret: Secret;
}

export function isStoreDoc(v: unknown): v is StoreDoc {
  if (typeof v !== "object" || v === null) return false;
  const d = v as Record<string, unknown>;
  return (
    d.format === STORE_FORMAT &&
    typeof d.lakeId === "string" &&
    typeof d.sceneId === "string" &&
    Number.isInteger(d.rev) &&
    typeof d.key === "string" &&
    Array.isArray(d.parts) &&
    d.parts.every((p) => Number.isInteger(p)) &&
    Number.isInteger(d.rounds) &&
    typeof d.endedByGm === "boolean" &&
    typeof d.sealed === "string"
  );
}

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/**
 * The associated data: every clear field of the revision (all but the sealed text), so none of
 * them can be changed without the revision failing to open.
 */
function bound(doc: Omit<StoreDoc, "sealed">): Uint8Array {
  const header = [
    doc.format,
    doc.lakeId,
    doc.sceneId,
    doc.rev,
    doc.key,
    doc.parts,
    doc.rounds,
    doc.endedByGm,
  ];
  return utf8ToBytes(`kolikoly-gm-store|${JSON.stringify(header)}`);
}

/**
 * The sealed text is padded to a whole number of PAD_BYTES (JSON ignores trailing spaces), so its
 * length says nothing of what it holds: one declaration's action changes the JSON by a few bytes.
 */
export const PAD_BYTES = 1024;

function padded(json: string): Uint8Array {
  const bytes = utf8ToBytes(json);
  const size = Math.ceil((bytes.length + 1) / PAD_BYTES) * PAD_BYTES;
  const out = new Uint8Array(size).fill(0x20);
  out.set(bytes);
  return out;
}

/**
 * The ciphers a store uses (XChaCha20-Poly1305, gm-crypto.ts `XCHACHA`, loaded on a GM client
 * only); tests swap in a see-through one to prove the leak check can fail.
 */
export interface Cipher {
  seal(key: Uint8Array, aad: Uint8Array, plain: Uint8Array): Uint8Array;
  /** Throws when the key is wrong or the text was changed. */
  open(key: Uint8Array, aad: Uint8Array, sealed: Uint8Array): Uint8Array;
}

export interface SealKey {
  readonly id: string;
  readonly bytes: Uint8Array;
}

/**
 * The revision that writes `next`, given the revision it builds on (`prev`, undefined for a new
 * lake or a record still in format 1): it keeps the longest run of `prev`'s parts whose rounds
 * `next` still has (an undo drops the last), and seals the rest of the rounds in itself.
 */
export function sealRevision(
  next: StoreRecord,
  prev: { readonly doc: StoreDoc; readonly counts: readonly number[] } | undefined,
  key: SealKey,
  cipher: Cipher,
): StoreDoc {
  const parts: number[] = [];
  let held = 0;
  // the chain `prev` stands for: its parts, then itself; the first link holds the setup
  const chain = prev ? [...prev.doc.parts, prev.doc.rev] : [];
  const counts = prev?.counts ?? [];
  if (chain.length && counts[0]! <= next.rounds.length) {
    parts.push(chain[0]!);
    held = counts[0]!;
    for (let i = 1; i < chain.length; i++) {
      if (counts[i] === 0) continue; // a revision that changed only the pending round
      if (held + counts[i]! > next.rounds.length) break; // undone: its rounds are sealed again here
      parts.push(chain[i]!);
      held += counts[i]!;
    }
  }
  const starts = parts.length === 0;
  const secret: Secret = {
    pending: next.pending,
    ...(next.outbox?.length ? { outbox: next.outbox } : {}),
    ...(starts
      ? { setup: next.setup, aliasKey: next.aliasKey, ...(next.game ? { game: next.game } : {}) }
      : {}),
    ...(next.rounds.length > held
      ? {
          rounds: next.rounds.slice(held),
          pendingBefore: next.pendingBefore.slice(held),
        }
      : {}),
  };
  const header: Omit<StoreDoc, "sealed"> = {
    format: STORE_FORMAT,
    lakeId: next.lakeId,
    sceneId: next.sceneId,
    rev: next.rev,
    key: key.id,
    parts,
    rounds: next.rounds.length,
    endedByGm: next.endedByGm,
  };
  const plain = padded(JSON.stringify(secret));
  return { ...header, sealed: toBase64(cipher.seal(key.bytes, bound(header), plain)) };
}

/** Opens one revision; throws when the key does not open it (wrong key, or changed on the way). */
export function openDoc(doc: StoreDoc, key: Uint8Array, cipher: Cipher): OpenedDoc {
  const plain = cipher.open(key, bound(doc), fromBase64(doc.sealed));
  const secret = JSON.parse(new TextDecoder().decode(plain)) as Secret;
  if (typeof secret !== "object" || secret === null || typeof secret.pending !== "object")
    throw new Error("not a sealed revision");
  return { doc, secret };
}

/** How many rounds a revision holds itself (the first of a chain: its setup's, none). */
export function roundsHeld(o: OpenedDoc): number {
  return o.secret.rounds?.length ?? 0;
}

/**
 * The record a head revision stands for, from it and its parts, all opened (in `parts` order).
 * Returns the record and, per link of the chain (parts then the head), the rounds it holds.
 */
export function assemble(
  head: OpenedDoc,
  parts: readonly OpenedDoc[],
): { record: StoreRecord; counts: number[] } {
  const chain = [...parts, head];
  const first = chain[0]!;
  const setup = first.secret.setup;
  if (!setup) throw new Error(`revision ${first.doc.rev} of ${first.doc.lakeId} holds no setup`);
  const rounds: unknown[] = [];
  const pendingBefore: unknown[] = [];
  for (const c of chain) {
    rounds.push(...(c.secret.rounds ?? []));
    pendingBefore.push(...(c.secret.pendingBefore ?? []));
  }
  if (rounds.length !== head.doc.rounds)
    throw new Error(`revision ${head.doc.rev} of ${head.doc.lakeId}: its parts do not add up`);
  const record = {
    format: "kolikoly-gm-record/1",
    lakeId: head.doc.lakeId,
    sceneId: head.doc.sceneId,
    rev: head.doc.rev,
    setup,
    rounds,
    endedByGm: head.doc.endedByGm,
    pending: head.secret.pending,
    pendingBefore,
    ...(head.secret.outbox ? { outbox: head.secret.outbox } : {}),
    ...(first.secret.aliasKey ? { aliasKey: first.secret.aliasKey } : {}),
    ...(first.secret.game ? { game: first.secret.game } : {}),
  } as unknown as StoreRecord;
  return { record, counts: chain.map(roundsHeld) };
}

/** A record written before revisions were sealed (format 1, readable as it is): moved on the next write. */
export function plainRecordOf(flagContent: unknown): StoreRecord | undefined {
  return isStoreRecord(flagContent) ? flagContent : undefined;
}
