/**
 * A scene's grid as both games' boards read it: the cell a pixel lies in, a cell's corner, and
 * whether a board of some squares fits the scene (issue 20 item 8).
 */
import type { SceneData } from "./port.ts";

type GridScene = Pick<SceneData, "gridSize" | "sceneX" | "sceneY">;

/** The scene's grid cell (column and row from the scene's top left) a pixel lies in. */
export function gridCellAt(scene: GridScene, px: number, py: number): { col: number; row: number } {
  return {
    col: Math.floor((px - scene.sceneX) / scene.gridSize),
    row: Math.floor((py - scene.sceneY) / scene.gridSize),
  };
}

/** Top-left pixel of the scene's grid cell `col`, `row` (`gridCellAt`'s inverse). */
export function gridCellOrigin(
  scene: GridScene,
  col: number,
  row: number,
): { x: number; y: number } {
  return { x: scene.sceneX + col * scene.gridSize, y: scene.sceneY + row * scene.gridSize };
}

/** CONST.GRID_TYPES.SQUARE (v13 common/constants.mjs: GRIDLESS 0, SQUARE 1, hexes 2 to 5). */
export const GRID_SQUARE = 1;
const GRID_NAMES: Readonly<Record<number, string>> = {
  0: "gridless",
  2: "hexOddR",
  3: "hexEvenR",
  4: "hexOddQ",
  5: "hexEvenQ",
};

/** The grid kinds' names in the GM's language, each key written out. */
const GRID_KEYS: Readonly<Record<string, string>> = {
  gridless: "KOLIKOLY.Foundry.SceneFit.Grid.gridless",
  hexOddR: "KOLIKOLY.Foundry.SceneFit.Grid.hexOddR",
  hexEvenR: "KOLIKOLY.Foundry.SceneFit.Grid.hexEvenR",
  hexOddQ: "KOLIKOLY.Foundry.SceneFit.Grid.hexOddQ",
  hexEvenQ: "KOLIKOLY.Foundry.SceneFit.Grid.hexEvenQ",
};

/** Why a board does not fit a scene; `columns` and `rows` are the whole squares the scene has. */
export type BoardMisfit =
  | { readonly kind: "notSquare"; readonly grid: string }
  | { readonly kind: "offScene"; readonly columns: number; readonly rows: number }
  | { readonly kind: "tooLarge"; readonly columns: number; readonly rows: number };

/**
 * Whether a board of `width` x `height` squares whose top-left square is `origin` (column and
 * row from the scene's top left, as gridCellAt counts them) lies on the scene, in whole squares:
 * only a square grid draws the boards' squares as the scene's (a hex or gridless scene's tokens
 * would not line up), and every square must be inside the scene's rectangle without its padding
 * (v13 SceneDimensions: sceneWidth x sceneHeight from sceneX, sceneY; a square cut by the edge
 * counts as outside). Both games' set-ups and the wizard ask this one function.
 */
export function boardMisfit(
  scene: Pick<SceneData, "gridType" | "gridSize" | "sceneWidth" | "sceneHeight">,
  origin: { readonly col: number; readonly row: number },
  width: number,
  height: number,
): BoardMisfit | undefined {
  if (scene.gridType !== GRID_SQUARE)
    return { kind: "notSquare", grid: GRID_NAMES[scene.gridType] ?? "gridless" };
  const columns = Math.floor(scene.sceneWidth / scene.gridSize);
  const rows = Math.floor(scene.sceneHeight / scene.gridSize);
  const on = (v: number, n: number) => Number.isInteger(v) && v >= 0 && v < n;
  if (!on(origin.col, columns) || !on(origin.row, rows)) return { kind: "offScene", columns, rows };
  if (origin.col + width > columns || origin.row + height > rows)
    return { kind: "tooLarge", columns, rows };
  return undefined;
}

/** The refusal of a board that does not fit: the error code, the field at fault, its message. */
export function misfitError(
  misfit: BoardMisfit,
  scene: Pick<SceneData, "name">,
  board: {
    readonly origin: { readonly col: number; readonly row: number };
    readonly width: number;
    readonly height: number;
  },
  localize: (key: string, data?: Readonly<Record<string, unknown>>) => string,
): { readonly code: string; readonly field: string; readonly message: string } {
  const data = { scene: scene.name, ...board.origin, width: board.width, height: board.height };
  switch (misfit.kind) {
    case "notSquare":
      return {
        code: "sceneNotSquare",
        field: "sceneId",
        message: localize("KOLIKOLY.Foundry.SceneFit.NotSquare", {
          ...data,
          grid: localize(GRID_KEYS[misfit.grid] ?? GRID_KEYS.gridless!),
        }),
      };
    case "offScene":
      return {
        code: "boardOffScene",
        field: "origin",
        message: localize("KOLIKOLY.Foundry.SceneFit.OffScene", { ...data, ...misfit }),
      };
    case "tooLarge":
      return {
        code: "boardTooLarge",
        field: "width",
        message: localize("KOLIKOLY.Foundry.SceneFit.TooLarge", { ...data, ...misfit }),
      };
  }
}
