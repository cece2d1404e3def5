/**
 * The one seam to the GM store's crypto chunk (gm-crypto.ts, issue 23): it imports the chunk with
 * import() only (its types are erased from the build). A GM client starts loading it at `init`
 * (module.ts); the store and the passphrase copy wait for it before they seal or open anything; a
 * player's client never loads it.
 */
// a type only: erased from the build, so the entry has no static import of the chunk
import type * as Chunk from "./gm-crypto.ts";

export type GmCrypto = typeof Chunk;

let chunk: Promise<GmCrypto> | undefined;

/** The crypto chunk, imported once per page. */
export function loadGmCrypto(): Promise<GmCrypto> {
  chunk ??= import("./gm-crypto.ts");
  return chunk;
}

/** `init` on a GM client: the chunk starts loading (a player's client never asks). */
export function preloadGmCrypto(): void {
  void loadGmCrypto().catch((e: unknown) =>
    console.error("kolikoly-fishing | the GM store's cipher could not be loaded", e),
  );
}

/** UTF-8 text of bytes (the sealed JSON). */
export const bytesToUtf8 = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);
