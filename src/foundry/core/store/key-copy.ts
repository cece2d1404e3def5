/**
 * The passphrase copy of the keys in the GM store (passphrase.ts seals it): kept by a GM who
 * chose a passphrase, opened by a GM in any browser with it. GM clients only: the store is a
 * compendium players may not read (the fake server refuses them, as Foundry's does). In the GM
 * store's crypto chunk (gm-crypto.ts, issue 23): the table core holds a `LazyKeyCopy` (crypto.ts).
 */
import type { Port } from "../port.ts";
import type { Result } from "../result.ts";
import { err } from "../result.ts";
import type { KeyRing } from "./keyring.ts";
import type { CopyState, KeyCopying } from "./types.ts";
import type { KdfParams, WrappedKeys } from "./passphrase.ts";
import { KDF_PARAMS, WRAPPED_DOC_ID, isWrappedKeys } from "./passphrase.ts";
import { unwrapKeys, wrapKeys } from "./wrap.ts";

/** What the GM panel says of the copy: whether one exists, and which keys it holds. */
export type { CopyState, KeyCopying } from "./types.ts";

export class KeyCopy implements KeyCopying {
  constructor(
    private readonly port: Port,
    private readonly ring: () => KeyRing,
    /** The derivation's cost; only tests of the copy's format pass a cheaper one. */
    private readonly params: KdfParams = KDF_PARAMS,
  ) {}

  private async read(): Promise<WrappedKeys | "damaged" | undefined> {
    const [flags] = await this.port.storeRead([WRAPPED_DOC_ID]);
    const copy = (flags as { copy?: unknown } | undefined)?.copy;
    if (copy === undefined) return undefined;
    return isWrappedKeys(copy) ? copy : "damaged";
  }

  async state(): Promise<Result<CopyState>> {
    if (!this.port.me().isGM) return err("notGm");
    const c = await this.read();
    const ids = c && c !== "damaged" ? c.ids : [];
    const behind = this.ring()
      .ids()
      .filter((id) => !ids.includes(id)).length;
    return { ok: true, value: { exists: c !== undefined, ids, behind } };
  }

  /**
   * Seals every key this browser holds under the passphrase and keeps it in the store, in place
   * of any earlier copy (whose keys this browser must then hold too: nothing is dropped).
   */
  async keep(
    passphrase: unknown,
    onProgress?: (done: number) => void,
  ): Promise<Result<{ keys: number }>> {
    if (!this.port.me().isGM) return err("notGm");
    if (typeof passphrase !== "string") return err("passphraseShort", "passphrase");
    const ring = this.ring();
    if (!ring.size) return err("noKeys");
    const before = await this.read();
    if (before && before !== "damaged" && before.ids.some((id) => !ring.get(id)))
      return err("copyHoldsMore");
    const w = await wrapKeys(ring.export(), ring.ids(), passphrase, this.params, onProgress);
    if (!w.ok) return w;
    await this.port.write([{ kind: "store.copy", copy: w.value }]);
    return { ok: true, value: { keys: w.value.ids.length } };
  }

  /** Opens the copy with the passphrase and takes its keys (whole or not at all). */
  async unlock(
    passphrase: unknown,
    onProgress?: (done: number) => void,
  ): Promise<Result<{ keys: number }>> {
    if (!this.port.me().isGM) return err("notGm");
    const c = await this.read();
    if (c === undefined) return err("noKeyCopy");
    if (c === "damaged") return err("badKeyCopy", "copy");
    const text = await unwrapKeys(c, passphrase, onProgress);
    if (!text.ok) return text;
    const r = this.ring().import(text.value);
    if (!r.ok) return err("badKeyCopy", r.field);
    return { ok: true, value: { keys: r.ids.length } };
  }
}
