/**
 * The passphrase copy sealed and opened (passphrase.ts says how, and what it costs): scrypt and
 * XChaCha20-Poly1305, in the GM store's crypto chunk (gm-crypto.ts, issue 23) with the rest of
 * the copy (key-copy.ts), which the table core reaches through crypto.ts `LazyKeyCopy`.
 */
import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { randomBytes } from "@noble/ciphers/utils.js";
import { scryptAsync } from "@noble/hashes/scrypt.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Result } from "../result.ts";
import { err } from "../result.ts";
import type { KdfParams, WrappedKeys } from "./passphrase.ts";
import { KDF_PARAMS, WRAPPED_FORMAT, isWrappedKeys, passphraseProblem } from "./passphrase.ts";

/** The passphrase as bytes: NFKC, so the same phrase typed on another keyboard derives alike. */
function phraseBytes(passphrase: string): Uint8Array {
  return utf8ToBytes(passphrase.normalize("NFKC"));
}

/** Every clear field of a copy, bound in: a changed salt, cost or key list does not open. */
function aadOf(kdf: WrappedKeys["kdf"], ids: readonly string[]): Uint8Array {
  return utf8ToBytes(
    [WRAPPED_FORMAT, kdf.name, kdf.salt, kdf.N, kdf.r, kdf.p, ids.join(",")].join("|"),
  );
}

async function derive(
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
  const salt = randomBytes(16);
  const saltHex = bytesToHex(salt);
  const key = await derive(passphrase, salt, params, onProgress);
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
  const key = await derive(passphrase, hexToBytes(kdf.salt), kdf, onProgress);
  const all = hexToBytes(wrapped.sealed);
  try {
    const plain = xchacha20poly1305(key, all.subarray(0, 24), aadOf(kdf, wrapped.ids)).decrypt(
      all.subarray(24),
    );
    return { ok: true, value: new TextDecoder().decode(plain) };
  } catch {
    return err("wrongPassphrase", "passphrase");
  }
}
