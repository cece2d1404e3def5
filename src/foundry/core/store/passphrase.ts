/**
 * The passphrase copy of the GM store's keys (issue 20 item 11): the keys a GM client holds
 * (keyring.ts), sealed under a key derived from a passphrase the GM chose, and kept in the GM
 * store itself, so that a GM who opens the world from another browser (another address of the
 * same server, the desktop app, a laptop) unlocks the lakes once with the passphrase instead of
 * carrying a key file.
 *
 * - The derivation is scrypt (RFC 7914, from @noble/hashes, which the module already uses) with
 *   N = 2^17, r = 8, p = 1: 128 MiB of memory and most of a second per guess in a browser, on
 *   purpose. A fresh random 16-byte salt per copy, so one copy's guesses serve no other.
 * - The keys file is sealed with XChaCha20-Poly1305 under the derived key, with every clear
 *   field (format, salt, costs, key ids) bound in as associated data: a wrong passphrase, or a copy changed in any field,
 *   does not open (Poly1305's tag), and nothing is taken.
 * - A copy read from the store is checked before any work: cost parameters outside the bounds
 *   below are refused, so a forged copy cannot make a GM's browser derive for minutes.
 * - What it costs: whoever receives the store's documents can guess passphrases offline, at
 *   the derivation's price per guess. Only a passphrase no one can guess keeps the secrets
 *   (docs/foundry.md, "A passphrase copy").
 * - The sealing and the opening are wrap.ts, in the GM store's crypto chunk (crypto.ts, issue 23)
 *   with the copy itself (key-copy.ts).
 */

/** The store document that holds the copy: one per world, its `_id` fixed (16 characters). */
export const WRAPPED_DOC_ID = "kolikolyKeyCopy0";
export const WRAPPED_DOC_NAME = "keys@passphrase";

/** The shortest passphrase taken (characters, after Unicode NFKC normalisation). */
export const MIN_PASSPHRASE = 12;

/** The cost every new copy is made with (OWASP's scrypt recommendation, 2^17 / 8 / 1). */
export const KDF_PARAMS: KdfParams = { N: 2 ** 17, r: 8, p: 1 };

/** The costs a copy read from the store may ask for; anything else is refused unopened. */
const BOUNDS = { logN: [14, 20], r: [1, 16], p: [1, 4] } as const;

// the copy's shape is the store's data, written once with the port's (documents.ts)
export { WRAPPED_FORMAT } from "../documents.ts";
export type { KdfParams, WrappedKeys } from "../documents.ts";
import { WRAPPED_FORMAT } from "../documents.ts";
import type { KdfParams, WrappedKeys } from "../documents.ts";

const HEX = /^(?:[0-9a-f]{2})+$/;
const KEY_ID = /^[0-9a-f]{16}$/;

function within(v: unknown, [lo, hi]: readonly [number, number]): v is number {
  return Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
}

/** A copy of the right shape with costs inside the bounds, whatever passphrase it needs. */
export function isWrappedKeys(v: unknown): v is WrappedKeys {
  if (typeof v !== "object" || v === null) return false;
  const w = v as Record<string, unknown>;
  const kdf = w.kdf as Record<string, unknown> | null | undefined;
  if (w.format !== WRAPPED_FORMAT || typeof kdf !== "object" || kdf === null) return false;
  const N = kdf.N;
  const logN = Number.isInteger(N) && (N as number) > 0 ? Math.log2(N as number) : NaN;
  return (
    kdf.name === "scrypt" &&
    typeof kdf.salt === "string" &&
    kdf.salt.length === 32 &&
    HEX.test(kdf.salt) &&
    within(logN, BOUNDS.logN) &&
    within(kdf.r, BOUNDS.r) &&
    within(kdf.p, BOUNDS.p) &&
    Array.isArray(w.ids) &&
    w.ids.length > 0 &&
    w.ids.every((id) => typeof id === "string" && KEY_ID.test(id)) &&
    typeof w.sealed === "string" &&
    // nonce (24) + tag (16) + at least a little of a file
    w.sealed.length > 2 * 48 &&
    HEX.test(w.sealed)
  );
}

/** Whether a passphrase is long enough to be offered a copy (the only rule: length). */
export function passphraseProblem(passphrase: unknown): "passphraseShort" | undefined {
  return typeof passphrase === "string" &&
    [...passphrase.normalize("NFKC")].length >= MIN_PASSPHRASE
    ? undefined
    : "passphraseShort";
}
