/**
 * The one seam to the GM store's crypto chunk (gm-crypto.ts, issue 23): it imports the chunk with
 * import() only (its types are erased from the build). A GM client starts loading it at `init`
 * (module.ts); the store and the passphrase copy wait for it before they seal or open anything; a
 * player's client never loads it.
 */
import type { Port } from "../port.ts";
import type { Result } from "../result.ts";
import { err } from "../result.ts";
// a type only: erased from the build, so the entry has no static import of the chunk
import type * as Chunk from "./gm-crypto.ts";
import type { CopyState, KeyCopy, KeyCopying } from "./key-copy.ts";
import type { KeyRing } from "./keyring.ts";
import type { GmStore } from "./gm-store.ts";
import type { KeyHandover, KeyHanding } from "./handover.ts";

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

/**
 * The passphrase copy (key-copy.ts) on this client, built once its chunk is loaded; a player's
 * client is refused as the copy refuses it, before anything is loaded.
 */
export class LazyKeyCopy implements KeyCopying {
  private copy: Promise<KeyCopy> | undefined;

  constructor(
    private readonly port: Port,
    private readonly ring: () => KeyRing,
  ) {}

  private loaded(): Promise<KeyCopy> {
    this.copy ??= loadGmCrypto().then(({ KeyCopy }) => new KeyCopy(this.port, this.ring));
    return this.copy;
  }

  async state(): Promise<Result<CopyState>> {
    if (!this.port.me().isGM) return err("notGm");
    return (await this.loaded()).state();
  }

  async keep(
    passphrase: unknown,
    onProgress?: (done: number) => void,
  ): Promise<Result<{ keys: number }>> {
    if (!this.port.me().isGM) return err("notGm");
    return (await this.loaded()).keep(passphrase, onProgress);
  }

  async unlock(
    passphrase: unknown,
    onProgress?: (done: number) => void,
  ): Promise<Result<{ keys: number }>> {
    if (!this.port.me().isGM) return err("notGm");
    return (await this.loaded()).unlock(passphrase, onProgress);
  }
}

/**
 * The GM-to-GM key hand-over (handover.ts) on this client, built once its chunk is loaded; what
 * it answers a client that is not a GM's is answered here before anything is loaded.
 */
export class LazyKeyHandover implements KeyHanding {
  private handover: Promise<KeyHandover> | undefined;

  constructor(
    private readonly port: Port,
    private readonly store: GmStore,
  ) {
    store.askForKeys = (ids) => this.ask(ids);
  }

  private loaded(): Promise<KeyHandover> {
    this.handover ??= loadGmCrypto().then(({ KeyHandover }) => {
      const h = new KeyHandover(this.port, this.store);
      this.store.askForKeys = (ids) => h.ask(ids);
      return h;
    });
    return this.handover;
  }

  private gm(): boolean {
    return this.port.me().isGM;
  }

  async ask(ids: readonly string[]): Promise<void> {
    if (this.gm()) await (await this.loaded()).ask(ids);
  }

  async askForMissing(): Promise<string[]> {
    return this.gm() ? (await this.loaded()).askForMissing() : [];
  }

  async offer(ids: readonly string[]): Promise<void> {
    await (await this.loaded()).offer(ids);
  }

  async onWanted(data: unknown): Promise<{ sent: number }> {
    return this.gm() ? (await this.loaded()).onWanted(data) : { sent: 0 };
  }

  async onGiven(data: unknown): Promise<{ taken: number }> {
    return this.gm() ? (await this.loaded()).onGiven(data) : { taken: 0 };
  }
}
