/**
 * The GM desk on a client (issue 23): its code (desk.ts, with the roll integrity checks) is a
 * chunk of its own, gm-desk-chunk.ts, and this file is the one seam: it imports the chunk with
 * import() only (its types are erased from the build). A GM client starts loading it at `setup`
 * (hooks/gm-preload.ts, `preloadGmDesk`); a player's client never loads it.
 *
 * `LazyGmDesk` answers as the desk does, the desk built on first use: what the desk does only on
 * the active GM's client (every one of its operations begins by asking) is refused or skipped here
 * the same way before anything is loaded, so a player's client, never the active GM, answers
 * without the chunk; the hooks are registered at once, as the desk's own `listen` would.
 */
import type { AsyncDriver } from "../../rules/index.ts";
import { HOOK } from "../core/constants.ts";
import type { LakeHost } from "../fishing/host.ts";
import type { KayanakHosting } from "../kayanak/requests.ts";
import type { PickedRoll, RollAdapter } from "../systems/types.ts";
import type { KeyRing } from "./attest.ts";
import type { GmDesk } from "./desk.ts";
import type { HiddenMode } from "./hidden-actions.ts";
import type { PlayerPort } from "./port.ts";
import type { Reply } from "./protocol.ts";
import { fail } from "./protocol.ts";
// a type only: erased from the build, so the entry has no static import of the chunk
import type * as Chunk from "./gm-desk-chunk.ts";

export type GmDeskChunk = typeof Chunk;

let chunk: Promise<GmDeskChunk> | undefined;

/** The GM desk's chunk, imported once per page. */
export function loadGmDesk(): Promise<GmDeskChunk> {
  chunk ??= import("./gm-desk-chunk.ts");
  return chunk;
}

/** `setup` on a GM client: the chunk starts loading (a player's client never asks). */
export function preloadGmDesk(): void {
  void loadGmDesk().catch((e: unknown) =>
    console.error("kolikoly-fishing | the GM desk could not be loaded", e),
  );
}

export class LazyGmDesk {
  private desk: Promise<GmDesk> | undefined;

  constructor(
    private readonly port: PlayerPort,
    private readonly host: LakeHost,
    private readonly keys: KeyRing,
    private readonly adapter: () => RollAdapter,
    private readonly hidden: () => HiddenMode | undefined,
    private readonly kayanak?: () => KayanakHosting,
  ) {}

  /** The desk, its chunk loaded and the desk built once. */
  loaded(): Promise<GmDesk> {
    this.desk ??= loadGmDesk().then(
      ({ GmDesk }) =>
        new GmDesk(this.port, this.host, this.keys, this.adapter, this.hidden, this.kayanak),
    );
    return this.desk;
  }

  /** Whether this client is the active GM (false while it is logged out): desk.ts's own test. */
  private authority(): boolean {
    try {
      return this.host.isAuthority();
    } catch {
      return false;
    }
  }

  /**
   * The desk's operation on the active GM's client; elsewhere what the desk answers there. A
   * request (`quiet` false) asks the host as the desk does (a throw is the desk's throw); a hook
   * or a rescan asks as the desk's hooks do (a throw is "not the active GM").
   */
  private async asGm<T>(elsewhere: T, fn: (d: GmDesk) => Promise<T>, quiet = false): Promise<T> {
    const active = quiet ? this.authority() : this.host.isAuthority();
    return active ? fn(await this.loaded()) : elsewhere;
  }

  /** desk.ts `listen`: the hooks registered now, handled by the desk on the active GM's client. */
  listen(): void {
    this.port.on("createChatMessage", (message) => {
      void this.asGm(undefined, (d) => d.created(message), true);
    });
    this.port.on(HOOK.roundResolved, (data) => {
      void this.asGm(undefined, (d) => d.resolved(data), true);
    });
  }

  /** Resolves when every queued pick-up and card update has finished (tests; the panel). */
  async idle(): Promise<void> {
    if (this.desk) await (await this.desk).idle();
  }

  handle(raw: unknown, options: unknown): Promise<Reply<unknown>> {
    return this.asGm(fail("notActiveGm"), (d) => d.handle(raw, options));
  }

  lock(lakeId: string): Promise<Reply<{ messageId: string; round: number }>> {
    return this.asGm(fail("notActiveGm"), (d) => d.lock(lakeId));
  }

  rescan(): Promise<void> {
    return this.asGm(undefined, (d) => d.rescan(), true);
  }

  enterTotal(
    lakeId: string,
    fisher: string,
    total: number,
    natural?: number,
  ): Promise<Reply<true>> {
    return this.asGm(fail("notActiveGm"), (d) => d.enterTotal(lakeId, fisher, total, natural));
  }

  rollFor(lakeId: string, fisher: string): Promise<Reply<PickedRoll>> {
    return this.asGm(fail("notActiveGm"), (d) => d.rollFor(lakeId, fisher));
  }

  resolve(lakeId: string, round: number): Promise<Reply<{ round: number }>> {
    return this.asGm(fail("notActiveGm"), (d) => d.resolve(lakeId, round));
  }

  /** desk.ts `settleResolution`: only a desk that rolled (its `driver`) has rolls to take back. */
  async settleResolution(lakeId: string, committed: boolean): Promise<void> {
    if (this.desk) await (await this.desk).settleResolution(lakeId, committed);
  }

  /** desk.ts `driver`: K7 initiative and the checks through the system, the desk loaded first. */
  driver(base: AsyncDriver, lakeId: string): AsyncDriver {
    return { roll: async (request) => (await this.loaded()).driver(base, lakeId).roll(request) };
  }
}
