/** A scene's grid as both games' boards read it: the cell a pixel lies in, and a cell's corner. */
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
