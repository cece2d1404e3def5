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
 *   another document, nor a clear field changed), padded to one length per kind of revision at
 *   a table (`padTarget`: its length says nothing the header and the scene do not). What stays readable: the lake and scene ids, the revision, the key's id, the round
 *   count and whether the GM ended the game, all of which the scene's public flag shows anyway.
 */
import { utf8ToBytes } from "@noble/hashes/utils.js";
import type { StoreRecord } from "../record.ts";
import { isStoreRecord } from "../record.ts";
import { LAKE_LIMITS } from "../../../rules/index.ts";

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
  /** The lake's catch setting (record.ts `catch`), sealed with the setup. */
  readonly catch?: unknown;
  /** The lake rolls with fair dice (record.ts `fairDice`), sealed with the setup. */
  readonly fairDice?: true;
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
 * The sealed text is padded (JSON ignores trailing spaces) to a length that depends only on what
 * the revision's clear header and its scene already show, never on what it holds: its kind
 * (whether it starts a chain, so holds the setup; how many rounds it adds; whether its change
 * posts cards, which then stand in the chat with the revision's number), the number of fishers
 * (tokens on the scene) and the lake's size (the board on the scene). One declaration's action,
 * a secret roll's digits, a fisher's name or a swarm's size change the JSON by a few bytes, and
 * the length by none. Each part of a revision is given room for the most it holds at that table
 * (SLOT, in bytes), rounded up to whole PAD_BYTES.
 */
export const PAD_BYTES = 1024;

/** Room per part of a revision: a fixed share and a share per fisher (or per square of the lake). */
export const SLOT = {
  /** Always: the pending round (declarations, typed or picked-up totals, a round waiting on H4). */
  pending: { base: 1024, perSeat: 384 },
  /**
   * The revision that starts a chain: the setup (fishers, settings, the GM's prepared squares),
   * and the catch setting (core/haul.ts: a table's results, some 150 bytes each), whether the lake
   * has one or not.
   */
  setup: { base: 4096, perSeat: 256, perSquare: 48 },
  /** Each round the revision adds, with what was pending before it (every roll it asked for). */
  round: { base: 512, perSeat: 512 },
  /** The cards of the revision's change (record.ts `outbox`), when it posts any. */
  cards: { base: 2048, perSeat: 1536 },
  /**
   * A lake with fair dice (public: the scene's lake says so): each fisher's draw, in the pending
   * round and in each round it adds (commitment, nonce, shape, secret and the compacted roll: some
   * 1,100 bytes for three d20s and two d4).
   */
  fair: { perSeat: 1536 },
} as const;

/** What the padded length of a revision may depend on: nothing a player's view does not show. */
export interface PadKind {
  readonly starts: boolean;
  /** Rounds the revision seals itself (`rounds` less those of its parts: both in clear headers). */
  readonly rounds: number;
  readonly cards: boolean;
  /** Fishers (Kayanak: the most a lake may hold, LAKE_LIMITS.fishers). */
  readonly seats: number;
  /** Squares of the lake (width x height x levels; Kayanak: its board's). */
  readonly squares: number;
  /** The lake rolls with fair dice (the scene's lake shows it). */
  readonly fair?: boolean;
}

/** The sealed text's length for a kind of revision at a table: a whole number of PAD_BYTES. */
export function padTarget(k: PadKind): number {
  const bytes =
    SLOT.pending.base +
    SLOT.pending.perSeat * k.seats +
    (k.starts
      ? SLOT.setup.base + SLOT.setup.perSeat * k.seats + SLOT.setup.perSquare * k.squares
      : 0) +
    k.rounds * (SLOT.round.base + SLOT.round.perSeat * k.seats) +
    (k.cards ? SLOT.cards.base + SLOT.cards.perSeat * k.seats : 0) +
    (k.fair ? (1 + k.rounds) * SLOT.fair.perSeat * k.seats : 0);
  return Math.ceil(bytes / PAD_BYTES) * PAD_BYTES;
}

/** The fishers and squares a record's table shows (its setup's; Kayanak's board and the most fishers). */
export function tableOf(setup: unknown): { seats: number; squares: number } {
  const s = (setup ?? {}) as {
    fishers?: unknown;
    lake?: { width?: unknown; height?: unknown; levels?: unknown };
    width?: unknown;
    height?: unknown;
  };
  const n = (v: unknown, d: number) =>
    Number.isInteger(v) && (v as number) > 0 ? (v as number) : d;
  const seats = Array.isArray(s.fishers) ? s.fishers.length : LAKE_LIMITS.fishers;
  const squares = s.lake
    ? n(s.lake.width, 1) * n(s.lake.height, 1) * n(s.lake.levels, 1)
    : n(s.width, 8) * n(s.height, 6);
  return { seats, squares };
}

/**
 * The text padded to its kind's length. A text longer than that (a part beyond the room SLOT
 * gives it: never seen in the seeded games at the limits, tests/foundry/sealed-sizes.test.ts)
 * takes whole further lengths of its kind, so even then it says only that it overflowed, and
 * the GM's console says so.
 */
function padded(json: string, target: number): Uint8Array {
  const bytes = utf8ToBytes(json);
  const size = Math.ceil((bytes.length + 1) / target) * target;
  if (size > target)
    console.warn(
      `kolikoly-fishing | a GM record revision outgrew its padding (${bytes.length} > ${target} bytes): its length shows it`,
    );
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
      ? {
          setup: next.setup,
          aliasKey: next.aliasKey,
          ...(next.game ? { game: next.game } : {}),
          ...(next.catch ? { catch: next.catch } : {}),
          ...(next.fairDice ? { fairDice: true as const } : {}),
        }
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
  const target = padTarget({
    starts,
    rounds: secret.rounds?.length ?? 0,
    cards: !!secret.outbox,
    ...tableOf(next.setup),
    fair: next.fairDice === true,
  });
  const plain = padded(JSON.stringify(secret), target);
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
    ...(first.secret.catch ? { catch: first.secret.catch } : {}),
    ...(first.secret.fairDice ? { fairDice: true } : {}),
  } as unknown as StoreRecord;
  return { record, counts: chain.map(roundsHeld) };
}

/** A record written before revisions were sealed (format 1, readable as it is): moved on the next write. */
export function plainRecordOf(flagContent: unknown): StoreRecord | undefined {
  return isStoreRecord(flagContent) ? flagContent : undefined;
}
