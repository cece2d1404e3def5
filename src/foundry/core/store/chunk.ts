/**
 * The one seam to the GM store's crypto chunk (gm-crypto.ts, kept out of the start bundle): imported with import()
 * only, so the entry has no static import of it. A GM client starts loading it at `setup`
 * (hooks/gm-preload.ts); the store and the passphrase copy wait for it before they seal or open anything; a
 * player's client never loads it. The chunk's shape is written here as an interface (not taken
 * from the chunk's own types), so no file's types need the chunk's in a loop.
 */
import type { Port } from "../port.ts";
import type { KeyRing } from "./keyring.ts";
import type { Cipher } from "./sealed.ts";
import type { HandoverStore, KeyCopying, KeyHanding } from "./types.ts";

export interface GmCrypto {
  /** The cipher the store's revisions are sealed with. */
  readonly XCHACHA: Cipher;
  readonly KeyCopy: new (port: Port, ring: () => KeyRing) => KeyCopying;
  readonly KeyHandover: new (port: Port, store: HandoverStore) => KeyHanding;
}

let chunk: Promise<GmCrypto> | undefined;

/** The crypto chunk, imported once per page. */
export function loadGmCrypto(): Promise<GmCrypto> {
  chunk ??= import("./gm-crypto.ts");
  return chunk;
}

/** `setup` on a GM client: the chunk starts loading (a player's client never asks). */
export function preloadGmCrypto(): void {
  void loadGmCrypto().catch((e: unknown) =>
    console.error("kolikoly-fishing | the GM store's cipher could not be loaded", e),
  );
}
