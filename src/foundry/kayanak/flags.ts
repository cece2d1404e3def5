/**
 * A scene's Kayanak boards as its flag holds them (`flags.kolikoly-fishing.boards.<id>`,
 * `flags.kolikoly-fishing.activeBoard`; board.ts says what a public board is). Read by the
 * module's entry (the GM panel, kayanak/load.ts) without the Kayanak chunk (issue 23), so this
 * file imports no Kayanak rules.
 */
import { MODULE_ID } from "../core/constants.ts";
import type { SceneData } from "../core/port.ts";
import type { PublicBoard } from "./board.ts";

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
