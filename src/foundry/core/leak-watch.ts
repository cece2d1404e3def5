/**
 * What of the GM store reached this client (issue 10 item 1). The store is a world compendium
 * that players may not read (docs/foundry.md, "Where secrets live"); whether Foundry's server also
 * keeps its changes from them is not in any source we can read. So every client counts, from
 * `init`, the store traffic it holds:
 * - socket: `modifyDocument` broadcasts whose operation names the store pack. v13
 *   ClientDatabaseBackend#activateSocketListeners registers `socket.on("modifyDocument")`, and the
 *   listener receives the DocumentSocketResponse's data `{type, action, operation: {pack,
 *   parentUuid, ...}, result, userId}` (client/data/client-backend.mjs, #onModifyDocument);
 * - index: entries of the store pack's index on this client (CompendiumCollection#index), which a
 *   broadcast fills as Foundry applies it (CompendiumCollection#set indexes the document:
 *   UNCONFIRMED for v13, whose compendium-collection.mjs we could not read);
 * - cache: store documents held in this client's pack (the CompendiumCollection's own contents).
 * A GM client legitimately holds all three. On a player's client they mean different things
 * (issue 20 item 12), so each document is also sorted by what it holds (`storeContentKind`):
 * - an index entry is a name and an id: the player can count the GM's writes and see when;
 * - a sealed revision adds its clear header (lake, scene, revision, rounds, ended: what the
 *   scene's public flag shows anyway) and ciphertext: declarations, totals, rolls and the hidden
 *   lake stay secret;
 * - readable content (a record written before sealing, or a revision whose sealed bytes are
 *   plain text) is a leak. The client keeps a proof of each (`ContentProof`: the document's id
 *   and a digest of what it received), which the GM checks against its own copy.
 *
 * Foundry buffers every socket event from the connection until `ready` (v13 client/game.mjs:
 * Game.connect `prependAny`, Game#activateSocketListeners replays the buffer with `emitEvent`),
 * so a listener registered at `init` hears an early event twice, the same object both times: the
 * watch counts each response object once.
 */

import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { MODULE_ID } from "./constants.ts";
import { isStoreDoc } from "./store/sealed.ts";

/** The store traffic a client holds. */
export interface StoreTraffic {
  /** Store broadcasts this client's socket received since `init`. */
  readonly socket: number;
  /** Index entries of the store pack on this client. */
  readonly index: number;
  /** Store documents in this client's pack cache. */
  readonly cache: number;
  /** Store documents received (cache or broadcasts) whose content is sealed. */
  readonly sealed: number;
  /** Store documents received whose content is readable. */
  readonly readable: number;
}

/** What a client shows it received of one readable store document: its id, a digest of it. */
export interface ContentProof {
  readonly id: string;
  /** sha256 (hex) of the document's module flags as JSON (`contentDigest`). */
  readonly digest: string;
}

/** At most this many proofs travel in an answer (one is enough to check). */
export const MAX_PROOFS = 8;

/** One store document as a client holds it: its id and its module flags. */
export interface HeldDoc {
  readonly id: string;
  readonly content: unknown;
}

/** The store pack as this client holds it: `game.packs.get(STORE_PACK_ID)`, absent here or not. */
export interface StorePackView {
  sizes(): { readonly index: number; readonly cache: number } | undefined;
  /** The documents this client's pack holds (ids and module flags). */
  docs?(): readonly HeldDoc[];
}

/** Whether `text` from `from` on starts, after any whitespace, with `{` or `[`. */
function opensJson(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "{" || c === "[") return true;
    if (c !== " " && c !== "\n" && c !== "\r" && c !== "\t") return false;
  }
  return false;
}

/**
 * Whether base64 text decodes to readable JSON (a sealed field that seals nothing). Every client
 * looks at every store document it receives, so the first 96 bytes are decoded first: a field
 * whose text opens no JSON object there (at its start, or after a 24-byte nonce) is ciphertext,
 * and a sealed revision of a long game is not decoded whole on every client for every write.
 */
function plainJson(b64: string): boolean {
  let bin: string;
  try {
    const head = atob(b64.slice(0, 128));
    if (!opensJson(head, 0) && !opensJson(head, 24)) return false;
    bin = atob(b64);
  } catch {
    return false;
  }
  const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
  // the whole field, or what follows a 24-byte nonce
  for (const from of [0, 24]) {
    try {
      const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(from));
      const v = JSON.parse(text) as unknown;
      if (typeof v === "object" && v !== null) return true;
    } catch {
      // not text, or not JSON: ciphertext
    }
  }
  return false;
}

/**
 * What one GM store document's module flags hold, as any client can tell without a key: a sealed
 * revision (store/sealed.ts), or readable content (a plain record, or sealed bytes that are
 * plain text). Anything else in the pack is not the module's: undefined.
 */
export function storeContentKind(content: unknown): "sealed" | "readable" | undefined {
  if (typeof content !== "object" || content === null) return undefined;
  const c = content as { revision?: unknown; record?: unknown };
  if (c.record !== undefined) return "readable";
  if (isStoreDoc(c.revision)) return plainJson(c.revision.sealed) ? "readable" : "sealed";
  return undefined;
}

/** The digest a proof carries: sha256 of the content as JSON (the same on every client). */
export function contentDigest(content: unknown): string {
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(content ?? null))));
}

/** The module flags of a document as a socket response or a pack holds it. */
function moduleFlags(doc: unknown): { id?: string; content: unknown } {
  const d = doc as { _id?: unknown; flags?: Record<string, unknown> } | null;
  const flags = d?.flags;
  const content = flags?.[MODULE_ID] ?? flags;
  return { ...(typeof d?._id === "string" ? { id: d._id } : {}), content };
}

/** Whether a client holds anything at all of the store. */
export function holdsStore(t: StoreTraffic): boolean {
  return t.socket > 0 || t.index > 0 || t.cache > 0;
}

/**
 * The compendium a socket response names: v13 `response.operation.pack` (DocumentSocketResponse);
 * also the v11 shape `response.request.operation.pack` / `request.pack`, for safety.
 */
export function packOfResponse(r: unknown): string | undefined {
  if (typeof r !== "object" || r === null) return undefined;
  const o = r as {
    operation?: { pack?: unknown };
    request?: { pack?: unknown; operation?: { pack?: unknown } };
  };
  const pack = o.operation?.pack ?? o.request?.operation?.pack ?? o.request?.pack;
  return typeof pack === "string" ? pack : undefined;
}

export class LeakWatch {
  private readonly seen = new WeakSet<object>();
  private socket = 0;
  /** Documents received by broadcast, by id: what each held. */
  private readonly received = new Map<string, { kind: "sealed" | "readable"; content: unknown }>();
  private told = false;
  /** Called the first time this client holds anything of the store (a player reports it). */
  onTraffic: ((t: StoreTraffic) => void) | undefined;

  /**
   * The function registered with `game.socket.on(...)`: one stable reference, so a live check
   * (tests/quench) can find it among the socket's listeners. A v14 batch broadcast may carry an
   * array of responses; each is looked at.
   */
  readonly listener = (payload: unknown): void => {
    this.receive(payload);
  };

  constructor(
    readonly packId: string,
    private readonly pack: StorePackView,
  ) {}

  /** One received socket payload: true when it named the store (and was not seen before). */
  receive(payload: unknown): boolean {
    let counted = false;
    for (const r of Array.isArray(payload) ? payload : [payload]) {
      if (typeof r !== "object" || r === null || this.seen.has(r)) continue;
      this.seen.add(r);
      if (packOfResponse(r) !== this.packId) continue;
      this.socket++;
      counted = true;
      const result = (r as { result?: unknown }).result;
      for (const doc of Array.isArray(result) ? result : []) {
        const { id, content } = moduleFlags(doc);
        const kind = storeContentKind(content);
        if (id && kind && this.received.size < 10_000) this.received.set(id, { kind, content });
      }
    }
    if (counted) this.notice();
    return counted;
  }

  /** Looks again (a store document hook fired here): tells `onTraffic` the first time there is any. */
  notice(): void {
    const t = this.traffic();
    if (this.told || !holdsStore(t)) return;
    this.told = true;
    this.onTraffic?.(t);
  }

  /** `onTraffic` may be told again (its report did not get through). */
  retell(): void {
    this.told = false;
  }

  /** Every store document this client received, by id (its pack's copy over a broadcast's). */
  private held(): Map<string, { kind: "sealed" | "readable"; content: unknown }> {
    const out = new Map(this.received);
    for (const d of this.pack.docs?.() ?? []) {
      const kind = storeContentKind(d.content);
      if (kind) out.set(d.id, { kind, content: d.content });
    }
    return out;
  }

  traffic(): StoreTraffic {
    const s = this.pack.sizes();
    const held = [...this.held().values()];
    return {
      socket: this.socket,
      index: s?.index ?? 0,
      cache: s?.cache ?? 0,
      sealed: held.filter((h) => h.kind === "sealed").length,
      readable: held.filter((h) => h.kind === "readable").length,
    };
  }

  /** Proofs of the readable documents this client holds (at most MAX_PROOFS). */
  proofs(): ContentProof[] {
    const out: ContentProof[] = [];
    for (const [id, h] of this.held()) {
      if (h.kind !== "readable") continue;
      out.push({ id, digest: contentDigest(h.content) });
      if (out.length >= MAX_PROOFS) break;
    }
    return out;
  }
}
