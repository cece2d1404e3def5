/**
 * The board on the canvas (issue 3 item 3, issue 20 item 2): each level shown as the table draws
 * it (lake-art.ts: squares shaded by depth, unexplored ones fogged, numbered, titled), a picture
 * under the tokens drawn by every client from the public lake flag (nothing in it hints at
 * contents; core/board-picture.ts). On a GM client, the hidden truth (unseen swarms) on top, from
 * the GM's memory only, as PIXI graphics on the interface group. Nothing is written.
 */
import { MODULE_ID } from "../core/constants.ts";
import type { Runtime } from "../runtime.ts";
// a type only: erased from the build, so what every client loads at start has no static import of the chunk
import type * as LakeArt from "./lake-art.ts";
import { publicLakeOf, squareOrigin } from "./projection.ts";

type Gfx = {
  lineStyle(w: number, c: number, a: number): Gfx;
  beginFill(c: number, a: number): Gfx;
  endFill(): Gfx;
  drawCircle(x: number, y: number, r: number): Gfx;
  destroy(o?: object): void;
  readonly destroyed?: boolean;
  name?: string;
};

/** The GM's marks of unseen swarms (interface group). */
let marks: Gfx | undefined;
/** The pictures' chunk, once loaded (lake-art.ts: import() only, its types erased). */
let art: typeof LakeArt | undefined;
/** Bumped by every draw: a draw that waited for the chunk gives way to a later one. */
let drawing = 0;

/**
 * canvasTearDown: the lake's pictures go with the canvas, their textures freed now (Foundry
 * destroys the primary group's children after this hook, but not their textures).
 */
export function tearDownBoard(): void {
  art?.clearLake();
}

export async function drawBoard(rt: Runtime): Promise<void> {
  const c = canvas as unknown as {
    ready?: boolean;
    scene?: { id: string };
    interface?: { addChild(g: unknown): void };
  };
  // the canvas destroys its groups (and our graphics with them) when it tears down a scene
  if (marks && !marks.destroyed) marks.destroy({ children: true });
  marks = undefined;
  const scene = c?.ready && c.scene && c.interface ? rt.port.scene(c.scene.id) : undefined;
  const active = scene && (scene.flags[MODULE_ID] as { active?: string } | undefined)?.active;
  const pub = scene && active ? publicLakeOf(scene, active) : undefined;
  const mine = ++drawing;
  if (!scene || !pub) return art?.clearLake();
  if (rt.port.me().isGM) {
    // the hidden truth, from the GM client's memory of the GM store
    const P = (globalThis as unknown as { PIXI: { Graphics: new () => Gfx } }).PIXI;
    const g = new P.Graphics();
    g.name = "kolikoly-board-gm";
    const session = rt.host.cached(pub.id);
    for (const w of session?.state.swarms ?? []) {
      if (w.seen) continue;
      const o = squareOrigin(pub, scene, w.at);
      g.lineStyle(2, 0xd04040, 0.9)
        .beginFill(0xd04040, 0.25)
        .drawCircle(o.x + scene.gridSize / 2, o.y + scene.gridSize / 2, scene.gridSize / 4)
        .endFill();
    }
    c.interface!.addChild(g);
    marks = g;
  }
  art ??= await import("./lake-art.ts");
  if (mine !== drawing) return;
  await art.showLake(pub, scene, (level) =>
    rt.port.localize("KOLIKOLY.Foundry.Board.Level", { level }),
  );
}
