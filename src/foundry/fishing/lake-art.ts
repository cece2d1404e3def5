/**
 * The fishing lake's pictures for the canvas (layer.ts; issue 20 item 2): the table's drawing of
 * each level shown on the scene (src/ui/lake-svg.ts `lakeLevelArt`), from the public lake flag
 * only. A chunk of its own, loaded with import() when a scene with a lake is first drawn, so the
 * drawing code and the pictures on the canvas are not in what every client loads at start.
 */
import type { PlacedArt } from "../core/board-picture.ts";
import { ART_BUDGETS, BoardPictures } from "../core/board-picture.ts";
import type { SceneData } from "../core/port.ts";
import { lakeLevelArt } from "../../ui/lake-svg.ts";
import type { PublicLake } from "./projection.ts";
import { boardLevels, publicLakeView } from "./projection.ts";

/** Each level drawn on the scene as a picture pinned to its square (0, 0), titled `title(level)`. */
export function lakePictures(
  pub: PublicLake,
  scene: Pick<SceneData, "gridSize" | "sceneX" | "sceneY">,
  title: (level: number) => string,
): PlacedArt[] {
  const view = publicLakeView(pub);
  return boardLevels(pub, scene).map((b) => ({
    art: lakeLevelArt(view, b.level, { title: title(b.level), rows: b.rows }),
    x: b.x,
    y: b.y,
    elevation: b.elevation,
    ...(b.sceneLevel !== undefined ? { sceneLevel: b.sceneLevel } : {}),
  }));
}

const pictures = new BoardPictures("kolikoly-board", ART_BUDGETS.lake);

/** Shows the lake's pictures on the canvas, in place of the earlier ones. */
export function showLake(
  pub: PublicLake,
  scene: Pick<SceneData, "gridSize" | "sceneX" | "sceneY">,
  title: (level: number) => string,
): Promise<void> {
  return pictures.show(lakePictures(pub, scene, title), scene.gridSize);
}

/** Removes the lake's pictures and frees their textures (a scene without a lake, a canvas torn down). */
export function clearLake(): void {
  pictures.clear();
}
