/**
 * The public Kayanak board (issue 11): what every client may know, as a scene flag
 * (`flags.kolikoly-fishing.boards.<id>`; `flags.kolikoly-fishing.activeBoard`). It is the
 * engine's player view (J10: no covered hole's contents), the fishers with their tokens in turn
 * order (J2) and whose turn it is (`view.next`), and the grid square where the board starts. The
 * bears are the fishers' own tokens, moved onto their holes. No core Combat keeps the turn order
 * (host.ts says what the systems would do to the fishers' actors if one did).
 */
import type { Hole, KayanakState } from "../../rules/kayanak/index.ts";
import { viewFor } from "../../rules/kayanak/index.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { SceneData, TokenUpdate, WriteOp } from "../core/port.ts";
import { gridCellAt, gridCellOrigin } from "../core/grid.ts";

// the flag's readers are in flags.ts, which the module's entry reads without the Kayanak chunk
export type { BoardFlags } from "./flags.ts";
export { activeBoardOf, boardFlags, publicBoardOf } from "./flags.ts";

// the board's public shape is in flags.ts, which the module's entry reads without this chunk
export type { BoardFisher, BoardView, PublicBoard } from "./flags.ts";
import type { BoardView, PublicBoard } from "./flags.ts";

/**
 * The board after a change. A scene update merges into the flag (Document#update, mergeObject),
 * so a field that goes away (the turn in play, whose turn it is, the end's reason) is written as
 * null rather than left out, or the old value would stay.
 */
export function publicBoardFor(base: Omit<PublicBoard, "view">, state: KayanakState): PublicBoard {
  const { pending, next, endReason, ...v } = viewFor(state, "player");
  const view: BoardView = {
    ...v,
    inPlay: pending ?? null,
    next: next ?? null,
    endReason: endReason ?? null,
  };
  return { ...base, view };
}

export function sceneBoardOp(scene: Pick<SceneData, "_id">, pub: PublicBoard): WriteOp {
  return {
    kind: "scene.update",
    sceneId: scene._id,
    update: {
      [`flags.${MODULE_ID}.boards.${pub.id}`]: pub,
      [`flags.${MODULE_ID}.activeBoard`]: pub.id,
    },
  };
}

/** Top-left pixel of a hole. */
export function holeOrigin(
  pub: Pick<PublicBoard, "origin">,
  scene: Pick<SceneData, "gridSize" | "sceneX" | "sceneY">,
  at: Hole,
): { x: number; y: number } {
  return gridCellOrigin(scene, pub.origin.col + at[0], pub.origin.row + at[1]);
}

/** The hole under a canvas point, if it is on the board. */
export function holeAt(
  pub: Pick<PublicBoard, "origin" | "view">,
  scene: Pick<SceneData, "gridSize" | "sceneX" | "sceneY">,
  px: number,
  py: number,
): Hole | undefined {
  const cell = gridCellAt(scene, px, py);
  const x = cell.col - pub.origin.col;
  const y = cell.row - pub.origin.row;
  if (x < 0 || y < 0 || x >= pub.view.width || y >= pub.view.height) return undefined;
  return [x, y];
}

/** The bears: each fisher's token on its hole; only tokens not already there are written. */
export function bearOps(pub: PublicBoard, scene: SceneData, state: KayanakState): WriteOp[] {
  const updates: TokenUpdate[] = [];
  for (const f of state.fishers) {
    const bf = pub.fishers.find((x) => x.id === f.id);
    const t = bf && scene.tokens.find((x) => x._id === bf.tokenId);
    if (!t) continue;
    const o = holeOrigin(pub, scene, f.at);
    if (t.x !== o.x || t.y !== o.y) updates.push({ _id: t._id, x: o.x, y: o.y });
  }
  return updates.length ? [{ kind: "tokens.update", sceneId: scene._id, updates }] : [];
}
