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
 * - The cipher and scrypt are in the GM store's crypto chunk (crypto.ts, issue 23), loaded before
 *   either runs.
 */
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import type { GmCrypto } from "./crypto.ts";
import { bytesToUtf8, loadGmCrypto } from "./crypto.ts";
import type { Result } from "../result.ts";
import { err } from "../result.ts";

export const WRAPPED_FORMAT = "kolikoly-gm-keys-wrapped/1";

/** The store document that holds the copy: one per world, its `_id` fixed (16 characters). */
export const WRAPPED_DOC_ID = "kolikolyKeyCopy0";
export const WRAPPED_DOC_NAME = "keys@passphrase";

/** The shortest passphrase taken (characters, after Unicode NFKC normalisation). */
export const MIN_PASSPHRASE = 12;

export interface KdfParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** The cost every new copy is made with (OWASP's scrypt recommendation, 2^17 / 8 / 1). */
export const KDF_PARAMS: KdfParams = { N: 2 ** 17, r: 8, p: 1 };

/** The costs a copy read from the store may ask for; anything else is refused unopened. */
const BOUNDS = { logN: [14, 20], r: [1, 16], p: [1, 4] } as const;

export interface WrappedKeys {
  readonly format: typeof WRAPPED_FORMAT;
  readonly kdf: { readonly name: "scrypt"; readonly salt: string } & KdfParams;
  /** The ids of the keys inside (public anyway: every revision names its key's id). */
  readonly ids: readonly string[];
  /** 24-byte nonce, then the sealed keys file, as hex. */
  readonly sealed: string;
}

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

/** The passphrase as bytes: NFKC, so the same phrase typed on another keyboard derives alike. */
function phraseBytes(passphrase: string): Uint8Array {
  return utf8ToBytes(passphrase.normalize("NFKC"));
}

/** Whether a passphrase is long enough to be offered a copy (the only rule: length). */
export function passphraseProblem(passphrase: unknown): "passphraseShort" | undefined {
  return typeof passphrase === "string" &&
    [...passphrase.normalize("NFKC")].length >= MIN_PASSPHRASE
    ? undefined
    : "passphraseShort";
}

/** Every clear field of a copy, bound in: a changed salt, cost or key list does not open. */
function aadOf(kdf: WrappedKeys["kdf"], ids: readonly string[]): Uint8Array {
  return utf8ToBytes(
    [WRAPPED_FORMAT, kdf.name, kdf.salt, kdf.N, kdf.r, kdf.p, ids.join(",")].join("|"),
  );
}

async function derive(
  { scryptAsync }: GmCrypto,
  passphrase: string,
  salt: Uint8Array,
  params: KdfParams,
  onProgress?: (done: number) => void,
): Promise<Uint8Array> {
  return scryptAsync(phraseBytes(passphrase), salt, {
    ...params,
    dkLen: 32,
    // the browser stays responsive: the derivation yields to the event loop every 10 ms
    asyncTick: 10,
    ...(onProgress ? { onProgress } : {}),
  });
}

/**
 * The keys file (keyring.ts `KeyRing#export`) sealed under the passphrase. `params` is for tests,
 * which cannot wait a second per derivation; the module always uses KDF_PARAMS.
 */
export async function wrapKeys(
  keysFile: string,
  ids: readonly string[],
  passphrase: string,
  params: KdfParams = KDF_PARAMS,
  onProgress?: (done: number) => void,
): Promise<Result<WrappedKeys>> {
  const short = passphraseProblem(passphrase);
  if (short) return err(short, "passphrase");
  if (!ids.length) return err("noKeys");
  const crypto = await loadGmCrypto();
  const { randomBytes, xchacha20poly1305 } = crypto;
  const salt = randomBytes(16);
  const saltHex = bytesToHex(salt);
  const key = await derive(crypto, passphrase, salt, params, onProgress);
  const nonce = randomBytes(24);
  const kdf = { name: "scrypt", salt: saltHex, N: params.N, r: params.r, p: params.p } as const;
  const body = xchacha20poly1305(key, nonce, aadOf(kdf, ids)).encrypt(utf8ToBytes(keysFile));
  return {
    ok: true,
    value: {
      format: WRAPPED_FORMAT,
      kdf,
      ids: [...ids],
      sealed: bytesToHex(nonce) + bytesToHex(body),
    },
  };
}

/** The keys file inside a copy; `wrongPassphrase` when the passphrase (or the copy) is not it. */
export async function unwrapKeys(
  wrapped: unknown,
  passphrase: unknown,
  onProgress?: (done: number) => void,
): Promise<Result<string>> {
  if (!isWrappedKeys(wrapped)) return err("badKeyCopy", "copy");
  if (typeof passphrase !== "string" || !passphrase) return err("wrongPassphrase", "passphrase");
  const { kdf } = wrapped;
  const crypto = await loadGmCrypto();
  const key = await derive(crypto, passphrase, hexToBytes(kdf.salt), kdf, onProgress);
  const all = hexToBytes(wrapped.sealed);
  try {
    const plain = crypto
      .xchacha20poly1305(key, all.subarray(0, 24), aadOf(kdf, wrapped.ids))
      .decrypt(all.subarray(24));
    return { ok: true, value: bytesToUtf8(plain) };
  } catch {
    return err("wrongPassphrase", "passphrase");
  }
}
