/**
 * The passphrase copy and the GM-to-GM key hand-over on a client, before and after their chunk
 * is loaded (chunk.ts): what a player's client is refused is refused here, before anything loads.
 */
import type { Port } from "../port.ts";
import type { Result } from "../result.ts";
import { err } from "../result.ts";
import { loadGmCrypto } from "./chunk.ts";
import type { KeyRing } from "./keyring.ts";
import type { GmStore } from "./gm-store.ts";
import type { CopyState, KeyCopying, KeyHanding } from "./types.ts";

export type { GmCrypto } from "./chunk.ts";
export { loadGmCrypto, preloadGmCrypto } from "./chunk.ts";

/**
 * The passphrase copy (key-copy.ts) on this client, built once its chunk is loaded; a player's
 * client is refused as the copy refuses it, before anything is loaded.
 */
export class LazyKeyCopy implements KeyCopying {
  private copy: Promise<KeyCopying> | undefined;

  constructor(
    private readonly port: Port,
    private readonly ring: () => KeyRing,
  ) {}

  private loaded(): Promise<KeyCopying> {
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
  private handover: Promise<KeyHanding> | undefined;

  constructor(
    private readonly port: Port,
    private readonly store: GmStore,
  ) {
    store.askForKeys = (ids) => this.ask(ids);
  }

  private loaded(): Promise<KeyHanding> {
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

  async onHeld(data: unknown): Promise<{ held: string[] }> {
    return this.gm() ? (await this.loaded()).onHeld(data) : { held: [] };
  }
}
