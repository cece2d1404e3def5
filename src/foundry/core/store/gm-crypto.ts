/**
 * The GM store's cipher and the passphrase copy (issue 23: every client loads at most 60 KB at
 * start, and only a GM client seals or opens the store): XChaCha20-Poly1305 from @noble/ciphers,
 * the copy with its scrypt derivation (key-copy.ts, wrap.ts) and the GM-to-GM key hand-over
 * (handover.ts), a chunk of their own. Only crypto.ts imports it,
 * with import(), started at `init` on a GM client (module.ts); a test checks the built entry has
 * no static import of it (tests/foundry/build.test.ts).
 */
import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { randomBytes } from "@noble/ciphers/utils.js";
import type { Cipher } from "./sealed.ts";

export { KeyCopy } from "./key-copy.ts";
export { KeyHandover } from "./handover.ts";

/** The cipher the store's revisions are sealed with: a random 24-byte nonce, then the sealed body. */
export const XCHACHA: Cipher = {
  seal(key, aad, plain) {
    const nonce = randomBytes(24);
    const body = xchacha20poly1305(key, nonce, aad).encrypt(plain);
    const out = new Uint8Array(nonce.length + body.length);
    out.set(nonce);
    out.set(body, nonce.length);
    return out;
  },
  open(key, aad, sealed) {
    return xchacha20poly1305(key, sealed.subarray(0, 24), aad).decrypt(sealed.subarray(24));
  },
};
