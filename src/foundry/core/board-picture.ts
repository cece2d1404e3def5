/**
 * A board on the canvas as a picture (issue 20 item 2): the table's own drawing of the lake or
 * the ice sheet (src/ui/board-art.ts), rasterized by the browser into a texture and shown as a
 * sprite of the primary group. Each client draws its own from what it was given; nothing is
 * written, so a picture costs no document writes.
 *
 * Where it sorts. The primary group draws its children by elevation, then sort layer, then sort,
 * then zIndex (v13 client/canvas/groups/primary.mjs, PrimaryCanvasGroup._compareObjects). A scene
 * whose map is its background draws that at layer SCENE (0); a scene whose map is a tile draws it
 * at layer TILES (500), and tokens are at TOKENS (700), all at the ground's elevation. So the
 * picture goes at the board's elevation (its level's, on a v14 scene of Levels) on a layer of its
 * own between TILES and DRAWINGS (600): over a map tile, under the GM's drawings (notes on the map
 * stay readable over the board) and under every token. Core names no layer there; the setter takes
 * any number (v13 client/canvas/primary/primary-canvas-object.mjs).
 *
 * Levels. On a v14 scene of Levels each lake level's picture belongs to its Level and is shown
 * only while that Level is viewed (`canvas.level`); core hides only its own placeables per Level,
 * and changing the viewed Level draws the canvas again (canvasTearDown, then canvasReady: API docs
 * v14, CanvasTearDownOptions.nextLevel), so visibility is set at each draw.
 *
 * Memory. Every texture of one game's pictures on this client shares one budget (`ART_BUDGETS`,
 * 16 MiB for both games together), counted as the GPU holds it: 4 bytes a pixel and the mipmap
 * chain, which Foundry's default "mipmap" setting makes for any texture size (v13
 * client/canvas/board.mjs sets PIXI.BaseTexture.defaultOptions.mipmap from it). All the pictures
 * of one show get one resolution: at most `ART_RESOLUTION` texture pixels a scene pixel (crisp at
 * canvas zoom 2), fewer when their scene area would pass the budget, and never a side past
 * `ART_MAX_SIDE`. The textures are freed when the canvas is torn down (`clear`, at canvasTearDown),
 * not held until the next draw. The same pictures at the same place are not drawn twice.
 */
import type { BoardArt } from "../../ui/board-art.ts";

/** Texture pixels per scene pixel, at most. */
export const ART_RESOLUTION = 2;
/** A texture's largest side in pixels (every WebGL device takes 4096). */
export const ART_MAX_SIDE = 4096;

const MIB = 1024 * 1024;
/**
 * The client's budget for the boards' textures, and each game's share of it: a scene may hold a
 * lake and a Kayanak board at once. The lake may need nine pictures, the ice sheet one.
 */
export const ART_BUDGETS = { client: 16 * MIB, lake: 12 * MIB, kayanak: 4 * MIB } as const;

/** The most a texture may cost a pixel: RGBA, and its mipmap chain (under a third more). */
const MOST_BYTES_A_PIXEL = (4 * 4) / 3;

/**
 * The bytes a texture takes on the GPU: 4 a pixel for each level of its mipmap chain, each level
 * half the one before (rounded down, at least 1), down to 1 x 1 (pixi.js 7 TextureSystem,
 * gl.generateMipmap).
 */
export function textureBytes(pixels: { readonly width: number; readonly height: number }): number {
  let { width, height } = pixels;
  let bytes = 4 * width * height;
  while (width > 1 || height > 1) {
    width = Math.max(1, Math.floor(width / 2));
    height = Math.max(1, Math.floor(height / 2));
    bytes += 4 * width * height;
  }
  return bytes;
}

/** A picture pinned to the scene: square (0, 0) of its drawing at scene pixel (x, y). */
export interface PlacedArt {
  readonly art: BoardArt;
  readonly x: number;
  readonly y: number;
  /** The elevation it is drawn at (its level's, on a v14 scene of levels; else 0). */
  readonly elevation: number;
  /** The v14 Level it is drawn on: shown only while that Level is viewed. */
  readonly sceneLevel?: string;
}

/** Where a picture goes on the scene and the size of its texture. */
export interface ArtPlacement {
  /** The picture's top-left corner and size, in scene pixels. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The texture's size, in pixels. */
  readonly pixels: { readonly width: number; readonly height: number };
}

/** The frame of `p` on a grid of `gridSize` pixels: one drawing square on one grid square. */
function artFrame(p: PlacedArt, gridSize: number): Omit<ArtPlacement, "pixels"> {
  const scale = gridSize / p.art.cell;
  return {
    x: p.x - p.art.origin[0] * scale,
    y: p.y - p.art.origin[1] * scale,
    width: p.art.width * scale,
    height: p.art.height * scale,
  };
}

/**
 * The frames of `pictures` on a grid of `gridSize` pixels, their textures at one resolution: the
 * most that keeps their bytes within `budget` (and every side within `ART_MAX_SIDE`), at most
 * `ART_RESOLUTION`.
 */
export function artPlacements(
  pictures: readonly PlacedArt[],
  gridSize: number,
  budget: number,
): ArtPlacement[] {
  const frames = pictures.map((p) => artFrame(p, gridSize));
  const area = frames.reduce((n, f) => n + f.width * f.height, 0);
  const resolution = Math.min(
    ART_RESOLUTION,
    Math.sqrt(budget / MOST_BYTES_A_PIXEL / Math.max(area, 1)),
    ...frames.map((f) => ART_MAX_SIDE / Math.max(f.width, f.height, 1)),
  );
  return frames.map((f) => ({
    ...f,
    pixels: {
      width: Math.max(1, Math.floor(f.width * resolution)),
      height: Math.max(1, Math.floor(f.height * resolution)),
    },
  }));
}

/**
 * The boards' sort layer: halfway between the tiles' and the drawings' (over a map tile, under
 * the GM's drawings and the tokens).
 */
export function boardLayer(layers: { readonly TILES: number; readonly DRAWINGS: number }): number {
  return (layers.TILES + layers.DRAWINGS) / 2;
}

/** What the pictures need of PIXI and of Foundry's canvas (v13: pixi.js 7). */
export interface Texture {
  destroy(baseTexture?: boolean): void;
}
export interface Mesh {
  readonly destroyed: boolean;
  name: string | null;
  elevation: number;
  sortLayer: number;
  zIndex: number;
  hoverFade: boolean;
  visible: boolean;
  width: number;
  height: number;
  position: { set(x: number, y: number): void };
  destroy(o?: { children?: boolean; texture?: boolean; baseTexture?: boolean }): void;
}
export interface Primary {
  readonly destroyed?: boolean;
  addChild(m: Mesh): unknown;
}
export interface PictureHost {
  /** The picture drawn at a texture's size (in a browser: the SVG as an image, on a canvas). */
  readonly rasterize: (art: BoardArt, pixels: ArtPlacement["pixels"]) => Promise<unknown>;
  readonly PIXI: { Texture: { from(source: unknown): Texture } };
  readonly PrimarySpriteMesh: new (o: { texture: Texture; name: string }) => Mesh;
  /** The boards' sort layer: between the tiles' and the drawings' (PrimaryCanvasGroup.SORT_LAYERS). */
  readonly boardLayer: number;
  readonly primary: () => Primary | null | undefined;
  /** The id of the v14 Level the canvas shows (`canvas.level`), if any. */
  readonly viewedLevel: () => string | undefined;
}

function foundryHost(): PictureHost {
  const g = globalThis as unknown as {
    PIXI: PictureHost["PIXI"];
    foundry: {
      canvas: {
        primary: { PrimarySpriteMesh: PictureHost["PrimarySpriteMesh"] };
        groups: { PrimaryCanvasGroup: { SORT_LAYERS: { TILES: number; DRAWINGS: number } } };
      };
    };
    canvas?: { ready?: boolean; primary?: Primary | null; level?: { id?: string } | null };
  };
  const layers = g.foundry.canvas.groups.PrimaryCanvasGroup.SORT_LAYERS;
  return {
    rasterize,
    PIXI: g.PIXI,
    PrimarySpriteMesh: g.foundry.canvas.primary.PrimarySpriteMesh,
    boardLayer: boardLayer(layers),
    primary: () => (g.canvas?.ready ? g.canvas.primary : undefined),
    // v14: the viewed Level (API docs v14, Canvas#level); v13 has none
    viewedLevel: () => g.canvas?.level?.id ?? undefined,
  };
}

/** The picture rasterized at the texture's size (the browser draws the SVG as an image). */
async function rasterize(
  art: BoardArt,
  pixels: ArtPlacement["pixels"],
): Promise<HTMLCanvasElement> {
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(art.svg)}`;
  await img.decode();
  const out = document.createElement("canvas");
  out.width = pixels.width;
  out.height = pixels.height;
  out.getContext("2d")!.drawImage(img, 0, 0, pixels.width, pixels.height);
  return out;
}

/** One game's pictures on the canvas: shown, replaced, removed; never two drawings at once. */
export class BoardPictures {
  #meshes: { mesh: Mesh; texture: Texture }[] = [];
  #primary: Primary | undefined;
  #key = "";
  /** Bumped by every show and clear: an older drawing still rasterizing is then dropped. */
  #turn = 0;

  constructor(
    private readonly name: string,
    /** The bytes this game's textures may take together (its share of `ART_BUDGETS`). */
    private readonly budget: number,
    private readonly host: () => PictureHost = foundryHost,
  ) {}

  /**
   * Shows `pictures` on the current canvas in place of this game's earlier ones. Resolves once
   * they are drawn, or once a later show or clear has taken over.
   */
  async show(pictures: readonly PlacedArt[], gridSize: number): Promise<void> {
    const turn = ++this.#turn;
    try {
      await this.#draw(pictures, gridSize, turn);
    } catch (e) {
      // a browser or a Foundry that cannot draw the picture: the board stays without one, the
      // game goes on
      if (turn === this.#turn) this.#remove();
      console.error(`kolikoly-fishing | the board's picture could not be drawn`, e);
    }
  }

  async #draw(pictures: readonly PlacedArt[], gridSize: number, turn: number): Promise<void> {
    const rt = this.host();
    const primary = rt.primary();
    if (!primary) return this.#remove();
    const level = rt.viewedLevel();
    const key = `${gridSize}|${level}|${pictures.map((p) => `${p.x},${p.y},${p.elevation},${p.sceneLevel}:${p.art.svg}`).join("|")}`;
    const alive = this.#meshes.every((m) => !m.mesh.destroyed);
    if (key === this.#key && primary === this.#primary && alive) return;
    const frames = artPlacements(pictures, gridSize, this.budget);
    const sources = await Promise.all(
      pictures.map((p, i) => rt.rasterize(p.art, frames[i]!.pixels)),
    );
    if (turn !== this.#turn || rt.primary() !== primary || primary.destroyed) return;
    this.#remove();
    pictures.forEach((p, i) => {
      const f = frames[i]!;
      const texture = rt.PIXI.Texture.from(sources[i]!);
      const mesh = new rt.PrimarySpriteMesh({ texture, name: `${this.name}-${i}` });
      // kept before anything can throw, so that a failure frees what was made
      this.#meshes.push({ mesh, texture });
      mesh.position.set(f.x, f.y);
      mesh.width = f.width;
      mesh.height = f.height;
      // over the scene's map (its background, or a tile), under drawings and tokens
      mesh.elevation = p.elevation;
      mesh.sortLayer = rt.boardLayer;
      mesh.zIndex = 0;
      mesh.hoverFade = false;
      // a picture of one Level shows while that Level is viewed
      mesh.visible = p.sceneLevel === undefined || p.sceneLevel === level;
      primary.addChild(mesh);
    });
    this.#primary = primary;
    this.#key = key;
  }

  /**
   * Removes this game's pictures and frees their textures (and drops any drawing still under
   * way): a scene without the board, or the canvas torn down (canvasTearDown, before Foundry
   * destroys the primary group's children, which would leave the textures to us).
   */
  clear(): void {
    this.#turn++;
    this.#remove();
  }

  #remove(): void {
    for (const { mesh, texture } of this.#meshes)
      // a scene torn down destroyed the sprite already; its texture is still ours to free
      if (mesh.destroyed) texture.destroy(true);
      else mesh.destroy({ children: true, texture: true, baseTexture: true });
    this.#meshes = [];
    this.#primary = undefined;
    this.#key = "";
  }
}
