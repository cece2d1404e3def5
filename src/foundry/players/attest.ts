/**
 * Who sent a query, established by Foundry, never by a payload field (issue 4).
 *
 * v13's `CONFIG.queries` handlers are given the query data and `{timeout}` only (fvtt-types
 * 13.345 `User#query`, `CONFIG.Queries`); the v14 API docs' `CONFIG.queries` page shows the same
 * one-argument handlers. So the sender is proven with a commitment:
 *
 * 1. At start-up each player's client draws a random 256-bit key K and writes SHA-256(K) into its
 *    own User document's flags (`flags.kolikoly-fishing.keyHash`). Foundry lets only that user or
 *    a GM update a User document, and the `updateUser` hook tells every client who made the
 *    update (its `userId` argument, attested by the server).
 * 2. Each query to the GM carries `auth: {user, key: K}`. The query goes through the server to
 *    the GM alone (User#query), so no other player ever sees K.
 * 3. The GM accepts the query as coming from `user` only if SHA-256(K) equals the hash in that
 *    user's document and no one but that user or a GM wrote it. A forged `user` fails: the forger
 *    does not know that user's K (only its hash is public).
 *
 * v14 may pass the handler the calling user (`options.user`), but no source we can read shows
 * that the server, and not the caller, sets it: the commitment is required on v14 as on v13.
 */
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { PlayerPort } from "./port.ts";

export const KEY_FLAG = "keyHash";

export interface Auth {
  readonly user: string;
  readonly key: string;
}

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return bytesToHex(new Uint8Array(bytes));
}

/**
 * SHA-256 of a text, as hex. Not the browser's `crypto.subtle`: it exists only in secure
 * contexts (https or localhost), and many tables reach their Foundry server over plain http on a
 * LAN address, where a player could not declare at all. @noble/hashes runs anywhere.
 * (`crypto.getRandomValues`, used for the key itself, is available in every context.)
 */
export async function sha256(text: string): Promise<string> {
  return bytesToHex(nobleSha256(utf8ToBytes(text)));
}

/** Constant-time comparison of two hex strings. */
function same(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

/** The player's side: a key of this session, committed to in the user's own document. */
export class Credential {
  private key: string | undefined;
  private published: Promise<void> | undefined;

  constructor(private readonly port: PlayerPort) {}

  /** Draws a fresh key and writes its hash into this user's flags (once per session). */
  publish(): Promise<void> {
    if (!this.published) {
      const bytes = new Uint8Array(32);
      globalThis.crypto.getRandomValues(bytes);
      const key = hex(bytes);
      this.published = sha256(key).then(async (h) => {
        await this.port.setOwnFlag(KEY_FLAG, h);
        this.key = key;
      });
    }
    return this.published;
  }

  /** The `auth` field of a query (after `publish`). */
  async auth(): Promise<Auth> {
    await this.publish();
    return { user: this.port.me().id, key: this.key! };
  }
}

/** The GM's side: who wrote each user's key hash (from the server-attested `updateUser` hook). */
export class KeyRing {
  private readonly authors = new Map<string, string>();

  constructor(private readonly port: PlayerPort) {
    // updateUser(user, changed, options, userId): userId is the user who made the update.
    port.on("updateUser", (user, changed, _options, userId) => {
      const id = (user as { id?: string } | undefined)?.id;
      const flags = (changed as { flags?: Record<string, Record<string, unknown>> } | undefined)
        ?.flags;
      if (
        typeof id === "string" &&
        typeof userId === "string" &&
        flags?.["kolikoly-fishing"]?.[KEY_FLAG] !== undefined
      )
        this.authors.set(id, userId);
    });
  }

  /**
   * The attested sender of a query, or undefined: `raw.auth`, the commitment proof, on v13 and
   * v14 alike (`options`, what Foundry passed the handler, is not trusted for the sender).
   */
  async sender(raw: unknown, _options: unknown): Promise<string | undefined> {
    const auth = (raw as { auth?: Partial<Auth> } | null)?.auth;
    if (!auth || typeof auth.user !== "string" || typeof auth.key !== "string") return undefined;
    if (!/^[0-9a-f]{64}$/.test(auth.key)) return undefined;
    const user = this.port.users().find((u) => u.id === auth.user);
    if (!user) return undefined;
    const committed = this.port.userFlag(user.id, KEY_FLAG);
    if (typeof committed !== "string") return undefined;
    const author = this.authors.get(user.id);
    if (author !== undefined && author !== user.id) {
      const a = this.port.users().find((u) => u.id === author);
      if (!a?.isGM) return undefined;
    }
    return same(await sha256(auth.key), committed) ? user.id : undefined;
  }
}

/** A payload without its `auth` field (the key never goes further than the handler). */
export function withoutAuth<T extends object>(raw: T): Omit<T, "auth"> {
  const { auth: _auth, ...rest } = raw as T & { auth?: unknown };
  return rest;
}
