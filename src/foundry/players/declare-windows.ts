/**
 * Opens the declaration windows of this client, one per lake (built by the composition root,
 * module.ts, with the players' side it sends through).
 *
 * The window's code (declare-dialog.ts with the form, declare-form.ts, and src/ui/declare-view.ts)
 * is a chunk of its own, kept out of the start bundle: this file is the one seam, it imports the chunk with import()
 * only (its types are erased from the build). A player's client starts loading it when the world
 * is ready, once the browser is idle (`preloadDeclare`, hooks/players.ts), so the window opens at
 * once; a client that owns no fisher on a lake never needs it. Should the chunk not load, the
 * window says so in the user's language and nothing is sent.
 */
import { LazyChunk } from "../core/lazy-chunk.ts";
import type { PublicLake } from "../fishing/projection.ts";
import type { SquarePicks } from "./square-pick.ts";
import type { PlayerWiring } from "./wire.ts";
// a type only: erased from the build, so what every client loads at start has no static import of it
import type * as Chunk from "./declare-dialog.ts";

type DeclareDialog = Chunk.DeclareDialog;

const chunk = new LazyChunk("the declaration window", () => import("./declare-dialog.ts"));

/** After `ready` on a player's client: the window's code starts loading while the browser idles. */
export function preloadDeclare(): void {
  chunk.preload();
}

export class DeclareWindows {
  private readonly open = new Map<string, DeclareDialog>();

  constructor(
    private readonly wiring: () => PlayerWiring | undefined,
    /** This client's square pick, which the Escape keybinding cancels (square-pick.ts). */
    private readonly picks: SquarePicks,
  ) {}

  /** Opens (or brings forward) the window for the fishers this user owns on a lake. */
  async show(pub: PublicLake, sceneId: string): Promise<DeclareDialog | undefined> {
    const w = this.wiring();
    if (!w) return undefined;
    const me = w.port.me().id;
    const fishers = pub.fishers
      .filter((f) => f.actorId && w.port.ownersOf(f.actorId).includes(me))
      .map((f) => f.id);
    if (fishers.length === 0) return undefined;
    const existing = this.open.get(pub.id);
    if (existing) {
      await existing.controller.load();
      await existing.render({ force: true });
      return existing;
    }
    let c: typeof Chunk;
    try {
      c = await chunk.get();
    } catch (e) {
      console.error(`kolikoly-fishing | ${chunk.what} could not be loaded`, e);
      w.port.notifyError(w.port.localize("KOLIKOLY.Foundry.Error.chunkFailed"));
      return undefined;
    }
    const dialog = await c.makeDeclareDialog(w, this.picks, pub, sceneId, fishers, () =>
      this.open.delete(pub.id),
    );
    this.open.set(pub.id, dialog);
    await dialog.render({ force: true });
    return dialog;
  }
}
