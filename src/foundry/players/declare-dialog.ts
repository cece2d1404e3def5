/**
 * The declaration window in Foundry (issue 4, item 1): ApplicationV2 + HandlebarsApplicationMixin,
 * thin: DeclareController (declare-form.ts, tested in a DOM) does the work; this class gives it
 * a window, renders its context with the part template (which includes the shared
 * templates/declare-action.hbs as a partial, loaded in hooks.ts), and offers a click on the
 * canvas to pick the target square (squareAt, projection.ts).
 */
import type { Coord } from "../../rules/index.ts";
import { adjacent } from "../../rules/index.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { PublicLake } from "../fishing/projection.ts";
import { publicLakeOf, squareAt } from "../fishing/projection.ts";
import type { PlayerWiring } from "./wire.ts";
import type { FocusKey } from "./declare-form.ts";
import { DeclareController, declareRefresh, restoreFocus } from "./declare-form.ts";
import { DIALOG_TEMPLATE } from "./declare-templates.ts";
import type { LiveRefresh } from "../core/live-refresh.ts";
import type { SquarePicks } from "./square-pick.ts";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

interface CanvasLike {
  scene?: { id?: string | null } | null;
  stage?: {
    on(ev: string, fn: (e: { global: { x: number; y: number } }) => void): void;
    off(ev: string, fn: (e: { global: { x: number; y: number } }) => void): void;
    worldTransform: { applyInverse(p: { x: number; y: number }): { x: number; y: number } };
  };
}

/**
 * The window for the fishers `fishers` of this user on a lake, its controller loaded (not yet
 * rendered): declare-windows.ts, which keeps one per lake, opens it.
 */
export async function makeDeclareDialog(
  w: PlayerWiring,
  picks: SquarePicks,
  pub: PublicLake,
  sceneId: string,
  fishers: readonly string[],
  closed: () => void,
): Promise<DeclareDialog> {
  const controller = new DeclareController({
    lake: pub.id,
    lakeName: pub.name,
    fishers,
    desk: w.player,
    localize: (k, d) => w.port.localize(k, d),
    declaredNames: () => {
      const now = w.port.scene(sceneId);
      const p = now && publicLakeOf(now, pub.id);
      return (p?.declared ?? []).map((id) => p?.fishers.find((f) => f.id === id)?.name ?? id);
    },
    pickOnCanvas: (fisher) => pickSquare(w, picks, sceneId, pub.id, fisher),
  });
  await controller.load();
  return new DeclareDialog(controller, pub.id, sceneId, w, closed);
}

export class DeclareDialog extends HandlebarsApplicationMixin(ApplicationV2) {
  private focusKey: FocusKey | undefined;

  static override DEFAULT_OPTIONS = {
    classes: ["kolikoly-declare-window"],
    window: { title: "KOLIKOLY.Declare.Action", resizable: true },
    position: { width: 460, height: "auto" as const },
  };

  static override PARTS = { main: { template: DIALOG_TEMPLATE } };

  /** Issue 20 item 3: drawn again when its lake changes on any client, the drafts kept. */
  private readonly live: LiveRefresh;

  constructor(
    readonly controller: DeclareController,
    readonly lakeId: string,
    sceneId: string,
    /** The players' side of this client: its live feed is what the window follows. */
    private readonly wiring: PlayerWiring,
    /** Its opener forgets it when it closes (DeclareWindows, declare-windows.ts). */
    private readonly closed: () => void = () => undefined,
  ) {
    super({
      id: `kolikoly-declare-${lakeId}`,
      window: { title: controller.context().title },
    } as never);
    this.live = declareRefresh(
      controller,
      sceneId,
      async (focus) => {
        if (!this.rendered) return;
        this.focusKey = focus;
        await this.render();
      },
      () => document.activeElement,
    );
  }

  override async _prepareContext(): Promise<object> {
    return this.controller.context();
  }

  override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context as never, options as never);
    this.controller.bind(this.element, async (focus) => {
      this.focusKey = focus;
      await this.render();
    });
    restoreFocus(this.element, this.focusKey);
    this.focusKey = undefined;
    this.live.follow(this.wiring.live);
  }

  override async close(options?: object): Promise<this> {
    this.live.stop();
    this.closed();
    return super.close(options as never);
  }
}

/**
 * One click on the canvas: the square under the pointer (squareAt over the scene's grid), if
 * it is next to the fisher. Escape cancels it through the module's keybinding (square-pick.ts),
 * which keeps Foundry's own Escape from closing the windows. The canvas click is read in world
 * coordinates.
 */
function pickSquare(
  w: PlayerWiring,
  picks: SquarePicks,
  sceneId: string,
  lakeId: string,
  fisher: string,
): Promise<Coord | undefined> {
  const cv = canvas as unknown as CanvasLike | undefined;
  const stage = cv?.stage;
  const scene = w.port.scene(sceneId);
  const pub = scene && publicLakeOf(scene, lakeId);
  if (!stage || !scene || !pub || cv?.scene?.id !== sceneId) return Promise.resolve(undefined);
  ui.notifications?.info(w.port.localize("KOLIKOLY.Players.Dialog.Picking"));
  return new Promise((resolve) => {
    const done = (c: Coord | undefined) => {
      stage.off("pointerdown", onDown);
      ended();
      resolve(c);
    };
    const onDown = (e: { global: { x: number; y: number } }) => {
      const p = stage.worldTransform.applyInverse(e.global);
      const at = squareAt(pub, scene, p.x, p.y);
      const token = scene.tokens.find(
        (t) => t._id === pub.fishers.find((f) => f.id === fisher)?.tokenId,
      );
      const from = token
        ? squareAt(pub, scene, token.x + scene.gridSize / 2, token.y + scene.gridSize / 2)
        : undefined;
      done(at && (!from || adjacent(pub.lake, from, at)) ? at : undefined);
    };
    const ended = picks.begin(() => done(undefined));
    stage.on("pointerdown", onDown);
  });
}

export { MODULE_ID };
