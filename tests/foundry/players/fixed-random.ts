/**
 * test-only: the platform's random bytes (`crypto.getRandomValues`: the players' fair secrets,
 * the GM's nonces) from a fixed xorshift sequence, so a test plays the same dice every run. The
 * fair dice construction is the same whatever the bytes; only which dice come out is fixed.
 * Restore with `vi.restoreAllMocks()`.
 */
import { vi } from "vitest";

export function fixRandomBytes(seed: number): { mockRestore(): void } {
  let x = seed | 0 || 1;
  return vi
    .spyOn(globalThis.crypto, "getRandomValues")
    .mockImplementation(<T extends ArrayBufferView | null>(a: T): T => {
      const bytes = new Uint8Array(a!.buffer, a!.byteOffset, a!.byteLength);
      for (let i = 0; i < bytes.length; i++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        bytes[i] = x & 0xff;
      }
      return a;
    });
}
