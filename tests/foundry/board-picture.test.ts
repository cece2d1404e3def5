/**
 * A board's picture on the canvas (src/foundry/core/board-picture.ts). Where it goes (one drawing
 * square on one grid square, square (0, 0) on the board's origin), where it sorts in the primary
 * group (over a map tile, under drawings and tokens), on which v14 Level it shows, how many
 * texture pixels it gets within the client's texture budget, and that one game's pictures are
 * replaced, never doubled: a redraw of the same picture draws nothing, an older drawing still
 * rasterizing is dropped, a canvas torn down frees the textures, and a browser that cannot draw
 * the picture leaves no sprite behind. The browser's own rasterizing and the sprite on the fake
 * canvas are the boot test's.
 */
import { describe, expect, test, vi } from "vitest";
import type {
  Mesh,
  PictureHost,
  PlacedArt,
  Primary,
  Texture,
} from "../../src/foundry/core/board-picture.ts";
import {
  ART_BUDGETS,
  ART_MAX_SIDE,
  ART_RESOLUTION,
  BoardPictures,
  artPlacements,
  boardLayer,
  textureBytes,
} from "../../src/foundry/core/board-picture.ts";
import { lakePictures } from "../../src/foundry/fishing/lake-art.ts";
import { DEFAULT_LAKE, LAKE_LIMITS } from "../../src/rules/index.ts";
import type { BoardArt } from "../../src/ui/board-art.ts";
import { lakeOfSize } from "./fixtures/public-lake.ts";

const art = (svg: string, width = 360, height = 384): BoardArt => ({
  svg,
  width,
  height,
  origin: [21, 45],
  cell: 56,
});
const placed = (svg: string, x = 300, y = 400): PlacedArt => ({
  art: art(svg),
  x,
  y,
  elevation: 0,
});
const PLENTY = 1024 * 1024 * 1024;
/** v13 client/canvas/groups/primary.mjs PrimaryCanvasGroup.SORT_LAYERS */
const SORT_LAYERS = { SCENE: 0, TILES: 500, DRAWINGS: 600, TOKENS: 700, WEATHER: 1000 };

const GRID = { gridSize: 100, sceneX: 0, sceneY: 0 };
const bytesOf = (pictures: readonly PlacedArt[], budget: number) =>
  artPlacements(pictures, GRID.gridSize, budget).reduce((n, f) => n + textureBytes(f.pixels), 0);

describe("where a picture goes", () => {
  test("K1: square (0, 0) of the drawing on the board's origin, one drawing square a grid square", () => {
    const [f] = artPlacements([placed("a")], 112, PLENTY);
    // 112 / 56 = 2 scene pixels a unit
    expect(f).toMatchObject({ x: 300 - 42, y: 400 - 90, width: 720, height: 768 });
    expect(f!.pixels).toEqual({ width: 720 * ART_RESOLUTION, height: 768 * ART_RESOLUTION });
  });

  test("a texture's bytes: 4 a pixel on every level of its mipmap chain, down to 1 x 1", () => {
    expect(textureBytes({ width: 1, height: 1 })).toBe(4);
    // 4 x 4, 2 x 2, 1 x 1
    expect(textureBytes({ width: 4, height: 4 })).toBe(4 * (16 + 4 + 1));
    // 5 x 3, 2 x 1, 1 x 1
    expect(textureBytes({ width: 5, height: 3 })).toBe(4 * (15 + 2 + 1));
    // never more than a third over the picture itself
    expect(textureBytes({ width: 1000, height: 700 })).toBeLessThan((4 * 1000 * 700 * 4) / 3);
  });

  test("a board past the largest texture side gets fewer pixels, never a side past it", () => {
    for (const [w, h] of [
      [3000, 300],
      [20000, 100],
    ] as const) {
      const [f] = artPlacements([{ art: art("a", w, h), x: 0, y: 0, elevation: 0 }], 56, PLENTY);
      expect(Math.max(f!.pixels.width, f!.pixels.height)).toBeLessThanOrEqual(ART_MAX_SIDE);
      expect(Math.max(f!.pixels.width, f!.pixels.height)).toBeGreaterThan(ART_MAX_SIDE - 2);
    }
  });
});

describe("where a picture sorts in the primary group", () => {
  test("over a map tile, under drawings and tokens, at the same elevation", () => {
    const layer = boardLayer(SORT_LAYERS);
    expect(layer).toBeGreaterThan(SORT_LAYERS.TILES);
    expect(layer).toBeLessThan(SORT_LAYERS.DRAWINGS);
    // v13 PrimaryCanvasGroup._compareObjects: elevation, then sort layer, then sort, then zIndex
    const order = [
      { name: "token", elevation: 0, sortLayer: SORT_LAYERS.TOKENS, sort: 0, zIndex: 0 },
      { name: "drawing", elevation: 0, sortLayer: SORT_LAYERS.DRAWINGS, sort: 0, zIndex: 0 },
      { name: "board", elevation: 0, sortLayer: layer, sort: 0, zIndex: 0 },
      { name: "map tile", elevation: 0, sortLayer: SORT_LAYERS.TILES, sort: 0, zIndex: 0 },
      {
        name: "background",
        elevation: 0,
        sortLayer: SORT_LAYERS.SCENE,
        sort: 0,
        zIndex: -Infinity,
      },
    ].sort(
      (a, b) =>
        a.elevation - b.elevation ||
        a.sortLayer - b.sortLayer ||
        a.sort - b.sort ||
        a.zIndex - b.zIndex,
    );
    expect(order.map((o) => o.name)).toEqual([
      "background",
      "map tile",
      "board",
      "drawing",
      "token",
    ]);
  });
});

describe("the client's texture budget", () => {
  test("the games' shares add up to the client's 16 MiB", () => {
    expect(ART_BUDGETS.client).toBe(16 * 1024 * 1024);
    expect(ART_BUDGETS.lake + ART_BUDGETS.kayanak).toBeLessThanOrEqual(ART_BUDGETS.client);
  });

  test("the largest lake the wizard accepts (K1 limits, 100 px grid) stays within the lake's share", () => {
    const size = { width: LAKE_LIMITS.side, height: LAKE_LIMITS.side, levels: LAKE_LIMITS.levels };
    for (const stacked of [false, true]) {
      const pictures = lakePictures(lakeOfSize(size, stacked), GRID, (l) => `Level ${l + 1}`);
      expect(pictures).toHaveLength(LAKE_LIMITS.levels);
      const bytes = bytesOf(pictures, ART_BUDGETS.lake);
      expect(bytes).toBeLessThanOrEqual(ART_BUDGETS.lake);
      // the budget is spent, not wasted: within 2% of it
      expect(bytes).toBeGreaterThan(0.98 * ART_BUDGETS.lake);
      // every level at one resolution
      const r = artPlacements(pictures, GRID.gridSize, ART_BUDGETS.lake).map(
        (f) => f.pixels.width / f.width,
      );
      expect(Math.max(...r) - Math.min(...r)).toBeLessThan(0.001);
    }
  });

  test("the default lake keeps at least one texture pixel a scene pixel: its text reads at zoom 1", () => {
    const pictures = lakePictures(lakeOfSize(DEFAULT_LAKE), GRID, (l) => `Level ${l + 1}`);
    const frames = artPlacements(pictures, GRID.gridSize, ART_BUDGETS.lake);
    for (const f of frames) expect(f.pixels.width / f.width).toBeGreaterThan(1);
    expect(bytesOf(pictures, ART_BUDGETS.lake)).toBeLessThanOrEqual(ART_BUDGETS.lake);
  });

  test("a small board is not blown up past the resolution's cap to fill the budget", () => {
    const [f] = artPlacements([placed("a")], 100, ART_BUDGETS.lake);
    expect(f!.pixels.width / f!.width).toBeCloseTo(ART_RESOLUTION, 2);
  });
});

/** A stand-in of PIXI and the primary group, recording what is drawn and freed. */
function stage() {
  const freed: string[] = [];
  const added: (Mesh & { texture: Texture & { src: string } })[] = [];
  const newPrimary = () => {
    const p: Primary & { children: Mesh[]; destroyed: boolean } = {
      children: [],
      destroyed: false,
      addChild(m) {
        p.children.push(m);
        added.push(m as never);
        return m;
      },
    };
    return p;
  };
  let primary = newPrimary();
  const pending: (() => void)[] = [];
  let fail = false;
  let hold = false;
  const host: PictureHost = {
    rasterize: (a) =>
      new Promise((resolve, reject) => {
        const done = () => (fail ? reject(new Error("no SVG")) : resolve(`raster:${a.svg}`));
        if (hold) pending.push(done);
        else done();
      }),
    PIXI: {
      Texture: {
        from: (source) => {
          const t = { src: String(source), destroy: () => void freed.push(String(source)) };
          return t;
        },
      },
    },
    PrimarySpriteMesh: class {
      destroyed = false;
      name: string | null;
      elevation = -1;
      sortLayer = -1;
      visible = true;
      zIndex = -1;
      hoverFade = true;
      width = 0;
      height = 0;
      x = 0;
      y = 0;
      texture: Texture;
      position = { set: (x: number, y: number) => Object.assign(this, { x, y }) };
      constructor(o: { texture: Texture; name: string }) {
        this.texture = o.texture;
        this.name = o.name;
      }
      destroy(o?: { texture?: boolean }) {
        this.destroyed = true;
        primary.children = primary.children.filter((c) => c !== (this as never));
        if (o?.texture) this.texture.destroy(true);
      }
    },
    boardLayer: 550,
    primary: () => primary,
    viewedLevel: () => viewed,
  };
  let viewed: string | undefined;
  return {
    host,
    /** A v14 Level viewed (undefined: v13, or a canvas without Levels). */
    view(level: string | undefined) {
      viewed = level;
    },
    freed,
    added,
    get primary() {
      return primary;
    },
    /** A scene change: the old group's children destroyed (not their textures), a new group. */
    tearDown() {
      for (const c of primary.children) (c as { destroyed: boolean }).destroyed = true;
      primary = newPrimary();
    },
    hold(on: boolean) {
      hold = on;
    },
    release() {
      for (const f of pending.splice(0)) f();
    },
    fail(on: boolean) {
      fail = on;
    },
  };
}

describe("one game's pictures on the canvas", () => {
  test("at the board's elevation on the boards' layer, at its place and size, shown", async () => {
    const s = stage();
    const p = new BoardPictures("kolikoly-board", PLENTY, () => s.host);
    await p.show([placed("a"), { ...placed("b", 800, 400), elevation: 10 }], 112);
    expect(s.primary.children).toHaveLength(2);
    const [m0, m1] = s.primary.children as unknown as {
      x: number;
      y: number;
      width: number;
      elevation: number;
      sortLayer: number;
      zIndex: number;
      hoverFade: boolean;
      visible: boolean;
      name: string;
      texture: { src: string };
    }[];
    expect(m0).toMatchObject({ x: 258, y: 310, width: 720, elevation: 0, sortLayer: 550 });
    expect(m0!.visible).toBe(true);
    expect(m0!.zIndex).toBeGreaterThan(-Infinity);
    expect(m0!.hoverFade).toBe(false);
    expect(m0!.name).toBe("kolikoly-board-0");
    expect(m0!.texture.src).toBe("raster:a");
    expect(m1).toMatchObject({ x: 758, elevation: 10, name: "kolikoly-board-1" });
  });

  test("v14 Scene Levels: each level's picture shows only while its Level is viewed", async () => {
    const s = stage();
    const p = new BoardPictures("b", PLENTY, () => s.host);
    const pictures = [
      { ...placed("surface"), sceneLevel: "top" },
      { ...placed("deep"), elevation: -10, sceneLevel: "low" },
      placed("everywhere"),
    ];
    const shown = () => s.primary.children.map((m) => m.visible);
    s.view("top");
    await p.show(pictures, 100);
    expect(shown()).toEqual([true, false, true]);
    // another Level viewed: the same pictures drawn again, the other one shown
    s.view("low");
    await p.show(pictures, 100);
    expect(shown()).toEqual([false, true, true]);
    // v13, or a canvas showing no Level: nothing to tell them apart by, none is hidden
    s.view(undefined);
    await p.show([placed("everywhere")], 100);
    expect(shown()).toEqual([true]);
  });

  test("canvasTearDown: clear frees every texture at once; the next canvas draws the pictures anew", async () => {
    const s = stage();
    const p = new BoardPictures("b", PLENTY, () => s.host);
    await p.show([placed("a"), placed("b", 800)], 100);
    p.clear();
    expect(s.freed).toEqual(["raster:a", "raster:b"]);
    expect(s.primary.children).toHaveLength(0);
    s.tearDown();
    await p.show([placed("a"), placed("b", 800)], 100);
    expect(s.primary.children).toHaveLength(2);
    expect(s.added).toHaveLength(4);
  });

  test("the same pictures again draw nothing; a change replaces them and frees the old textures", async () => {
    const s = stage();
    const p = new BoardPictures("b", PLENTY, () => s.host);
    await p.show([placed("a")], 100);
    await p.show([placed("a")], 100);
    expect(s.added).toHaveLength(1);
    await p.show([placed("a2")], 100);
    expect(s.added).toHaveLength(2);
    expect(s.primary.children).toHaveLength(1);
    expect(s.freed).toEqual(["raster:a"]);
    // moved, or on another grid size, is a change too
    await p.show([placed("a2", 0, 0)], 100);
    await p.show([placed("a2", 0, 0)], 50);
    expect(s.added).toHaveLength(4);
    expect(s.primary.children).toHaveLength(1);
    p.clear();
    expect(s.primary.children).toHaveLength(0);
    expect(s.freed).toHaveLength(4);
  });

  test("an older drawing still rasterizing is dropped: only the last one shows", async () => {
    const s = stage();
    const p = new BoardPictures("b", PLENTY, () => s.host);
    s.hold(true);
    const first = p.show([placed("old")], 100);
    const second = p.show([placed("new")], 100);
    s.release();
    await Promise.all([first, second]);
    expect(
      s.primary.children.map((m) => (m as unknown as { texture: { src: string } }).texture.src),
    ).toEqual(["raster:new"]);
    // a board removed while its picture was being drawn: nothing is added afterwards
    const third = p.show([placed("gone")], 100);
    p.clear();
    s.release();
    await third;
    expect(s.primary.children).toHaveLength(0);
  });

  test("a scene torn down destroyed the sprite: its texture is freed and the picture drawn on the new canvas", async () => {
    const s = stage();
    const p = new BoardPictures("b", PLENTY, () => s.host);
    await p.show([placed("a")], 100);
    s.tearDown();
    await p.show([placed("a")], 100);
    expect(s.freed).toEqual(["raster:a"]);
    expect(s.primary.children).toHaveLength(1);
  });

  test("a browser that cannot draw the picture: no sprite, an error in the console, the next change draws", async () => {
    const s = stage();
    const p = new BoardPictures("b", PLENTY, () => s.host);
    await p.show([placed("a")], 100);
    s.fail(true);
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await p.show([placed("b")], 100);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
    expect(s.primary.children).toHaveLength(0);
    s.fail(false);
    await p.show([placed("b")], 100);
    expect(s.primary.children).toHaveLength(1);
  });

  test("a Foundry without the primary group's classes: show neither throws nor leaves a sprite", async () => {
    const s = stage();
    const p = new BoardPictures("b", PLENTY, () => {
      throw new TypeError("foundry.canvas.primary is undefined");
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(p.show([placed("a")], 100)).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
    // a texture refused (a tainted canvas): the sprite made for it is freed, none is shown
    const q = new BoardPictures("b", PLENTY, () => ({
      ...s.host,
      PIXI: {
        Texture: {
          from: () => {
            throw new DOMException("tainted", "SecurityError");
          },
        },
      },
    }));
    vi.spyOn(console, "error").mockImplementation(() => {});
    await q.show([placed("a")], 100);
    vi.restoreAllMocks();
    expect(s.primary.children).toHaveLength(0);
  });
});
