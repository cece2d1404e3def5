/**
 * The public Kayanak board (issue 11): what every client may know, as a scene flag
 * (`flags.kolikoly-fishing.boards.<id>`; `flags.kolikoly-fishing.activeBoard`). It is the
 * engine's player view (J10: no covered hole's contents), the fishers with their tokens, the
 * grid square where the board starts and the combat that keeps the turn order. The bears are the
 * fishers' own tokens, moved onto their holes.
 */
import type { Hole, KayanakState, KayanakView, PendingTurn } from "../../rules/kayanak/index.ts";
import { viewFor } from "../../rules/kayanak/index.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { CombatData, SceneData, TokenUpdate, WriteOp } from "../core/port.ts";
import { gridCellAt, gridCellOrigin } from "../core/grid.ts";

// the flag's readers are in flags.ts, which the module's entry reads without the Kayanak chunk
export type { BoardFlags } from "./flags.ts";
export { activeBoardOf, boardFlags, publicBoardOf } from "./flags.ts";

export interface BoardFisher {
  readonly id: string;
  readonly name: string;
  readonly tokenId: string;
  readonly actorId: string | null;
}

export interface PublicBoard {
  readonly id: string;
  readonly name: string;
  readonly sceneId: string;
  readonly origin: { readonly col: number; readonly row: number };
  readonly fishers: readonly BoardFisher[];
  /**
   * The Combat whose tracker shows the turn order (created with the board); null once the GM
   * ended that combat (the board plays on without a tracker: host.ts `commit`).
   */
  readonly combatId?: string | null;
  /** The engine's player view of the state; its turn in play as `inPlay` (null between turns). */
  readonly view: BoardView;
}

/**
 * The player view as the flag holds it: the turn in play (dice, dots used, holes fished, all
 * public) is `inPlay`, not `pending`, the name the GM record keeps for what is secret.
 */
export type BoardView = Omit<KayanakView, "pending" | "next" | "endReason"> & {
  readonly inPlay: PendingTurn | null;
  readonly next: string | null;
  readonly endReason: KayanakView["endReason"] | null;
};

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

/**
 * The tracker's round and turn for a public board: the round from the turns played (J2: the
 * fishers in order, clockwise), the turn the place of the current fisher's combatant (found by
 * its token) in the combat's turn order as the combat has it now (Combat#turns), not the
 * fisher's place on the board: a combatant deleted from the tracker shifts every place after it.
 * Undefined once no one is next, or when that fisher has no combatant any more.
 */
export function trackerOf(
  pub: Pick<PublicBoard, "fishers" | "view">,
  combat: Pick<CombatData, "turns">,
): { round: number; turn: number } | undefined {
  const f = pub.fishers.find((x) => x.id === pub.view.next);
  if (!f || pub.view.over) return undefined;
  const turn = combat.turns.findIndex((c) => c.tokenId === f.tokenId);
  if (turn < 0) return undefined;
  return { round: Math.floor(pub.view.turn / pub.fishers.length) + 1, turn };
}

/** The combat write that puts the tracker on the board's fisher, none when it is there already. */
export function trackerOps(
  pub: Pick<PublicBoard, "fishers" | "view">,
  combat: CombatData,
): WriteOp[] {
  const want = trackerOf(pub, combat);
  if (!want || (want.round === combat.round && want.turn === combat.turn)) return [];
  return [{ kind: "combat.update", updates: [{ _id: combat.id, ...want }] }];
}
