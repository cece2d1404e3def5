/**
 * A scene's Kayanak boards as its flag holds them (`flags.kolikoly-fishing.boards.<id>`,
 * `flags.kolikoly-fishing.activeBoard`; board.ts says what a public board is). Read by the
 * module's entry (the GM panel, kayanak/load.ts) without the Kayanak chunk (issue 23), so this
 * file imports no Kayanak rules.
 */
import { MODULE_ID } from "../core/constants.ts";
import type { SceneData } from "../core/port.ts";
// the types file alone: this file is in the module's entry, the Kayanak rules in their chunk
import type { KayanakView, PendingTurn } from "../../rules/kayanak/types.ts";

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
   * A board made by an earlier version of the module names the Combat it then made for its turn order; the board
   * no longer reads or moves it (the GM ends it from the tracker).
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

export interface BoardFlags {
  readonly boards?: Readonly<Record<string, PublicBoard>>;
  readonly activeBoard?: string;
}

export function boardFlags(scene: Pick<SceneData, "flags">): BoardFlags {
  return (scene.flags[MODULE_ID] ?? {}) as BoardFlags;
}

export function publicBoardOf(
  scene: Pick<SceneData, "flags">,
  boardId: string,
): PublicBoard | undefined {
  return boardFlags(scene).boards?.[boardId];
}

/** The scene's active board, if any. */
export function activeBoardOf(scene: Pick<SceneData, "flags">): PublicBoard | undefined {
  const f = boardFlags(scene);
  return f.activeBoard ? f.boards?.[f.activeBoard] : undefined;
}
