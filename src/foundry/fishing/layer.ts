/**
 * The board on the canvas (issue 3 item 3): level outlines with labels and unexplored squares
 * marked, drawn by every client from the public lake flag (nothing in it hints at contents);
 * on a GM client, the hidden truth (unseen swarms) on top, from the GM's memory only. Drawn
 * as PIXI graphics on the interface group, so the board costs no document writes.
 */
import { MODULE_ID } from "../core/constants.ts";
import type { Runtime } from "../runtime.ts";
import type { BoardRect } from "./projection.ts";
import { boardShapes, publicLakeOf, squareOrigin } from "./projection.ts";

type Gfx = {
  clear(): Gfx;
  lineStyle(w: number, c: number, a: number): Gfx;
  beginFill(c: number, a: number): Gfx;
  endFill(): Gfx;
  drawRect(x: number, y: number, w: number, h: number): Gfx;
  drawCircle(x: number, y: number, r: number): Gfx;
  addChild(c: unknown): unknown;
  removeChildren(): unknown[];
  destroy(o?: object): void;
  readonly destroyed?: boolean;
  name?: string;
};

let board: Gfx | undefined;

export async function drawBoard(rt: Runtime): Promise<void> {
  const c = canvas as unknown as {
    ready?: boolean;
    scene?: { id: string };
    interface?: { addChild(g: unknown): void };
  };
  // the canvas destroys its groups (and our graphics with them) when it tears down a scene
  if (board && !board.destroyed) board.destroy({ children: true });
  board = undefined;
  if (!c?.ready || !c.scene || !c.interface) return;
  const scene = rt.port.scene(c.scene.id);
  const active = scene && (scene.flags[MODULE_ID] as { active?: string } | undefined)?.active;
  const pub = scene && active ? publicLakeOf(scene, active) : undefined;
  if (!scene || !pub) return;
  const P = (
    globalThis as unknown as {
      PIXI: {
        Graphics: new () => Gfx;
        Text: new (t: string, s: object) => { x: number; y: number };
      };
    }
  ).PIXI;
  const g = new P.Graphics();
  g.name = "kolikoly-board";
  const shapes = boardShapes(pub, scene, (level) =>
    rt.port.localize("KOLIKOLY.Foundry.Board.Level", { level }),
  );
  for (const s of shapes) drawRect(g, s, P);
  if (rt.port.me().isGM) {
    // the hidden truth, from the GM client's memory of the GM store
    const session = rt.host.cached(pub.id);
    for (const w of session?.state.swarms ?? []) {
      if (w.seen) continue;
      const o = squareOrigin(pub, scene, w.at);
      g.lineStyle(2, 0xd04040, 0.9)
        .beginFill(0xd04040, 0.25)
        .drawCircle(o.x + scene.gridSize / 2, o.y + scene.gridSize / 2, scene.gridSize / 4)
        .endFill();
    }
  }
  c.interface.addChild(g);
  board = g;
}

function drawRect(
  g: Gfx,
  s: BoardRect,
  P: { Text: new (t: string, s: object) => { x: number; y: number } },
): void {
  if (s.kind === "level") {
    g.lineStyle(4, 0x2a6f97, 0.9).drawRect(s.x, s.y, s.w, s.h);
    if (s.label) {
      const t = new P.Text(s.label, {
        fontSize: 24,
        fill: 0xffffff,
        stroke: 0x000000,
        strokeThickness: 4,
      });
      t.x = s.x;
      t.y = s.y - 32;
      g.addChild(t);
    }
    return;
  }
  g.lineStyle(1, 0x1b3a4b, 0.6)
    .beginFill(0x1b3a4b, 0.45)
    .drawRect(s.x + 2, s.y + 2, s.w - 4, s.h - 4)
    .endFill();
}
