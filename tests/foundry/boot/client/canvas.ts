/**
 * `canvas` and a minimal `PIXI`. Foundry's canvas (v13 client/canvas/board.mjs, Canvas) is a
 * PIXI application; the fake keeps the API the module touches and paints into a 2D <canvas>
 * so screenshots show the board:
 * - Canvas#draw(scene): `canvasInit`, the scene's groups (the `interface` group is new on every
 *   draw; tearing down a scene destroys the old groups and what was added to them), then
 *   `canvasReady(canvas)`; `ready`, `scene`, `dimensions`, `grid.size`;
 * - `canvas.stage` with `on/off("pointerdown" | "pointerup")` (the event's `button` and `global`)
 *   and `worldTransform.applyInverse` (PIXI);
 * - tokens as placeables on a token layer: a double click opens the actor's sheet
 *   (Token#_onClickLeft2), a right click on an owned token opens the token HUD
 *   (Token#_onClickRight -> canvas.hud.token.bind); hidden tokens are not drawn for players;
 *   bars are drawn from TokenDocument#getBarAttribute by `displayBars` (ALWAYS for everyone,
 *   OWNER for owners);
 * - the primary group (`canvas.primary`), its children drawn under the grid, the interface
 *   group and the tokens' names in the order of PrimaryCanvasGroup._compareObjects (elevation,
 *   sort layer, sort, zIndex), the hidden ones (`visible` false) left out; the scene's tiles in it
 *   at layer TILES with their elevation and sort (Tile#_refreshState), each token's mesh at layer
 *   TOKENS (Token#_refreshState); `foundry.canvas.primary.PrimarySpriteMesh` and
 *   `PIXI.Texture.from` of a canvas element, which refuses a tainted canvas as WebGL's texImage2D
 *   does;
 * - tearing a scene down (Canvas#tearDown): `canvasTearDown` first, then each group destroys its
 *   children, not their textures (CanvasGroupMixin#_tearDown: `destroy({children: true})`);
 * - v14 Levels: the canvas shows one Level of its scene (`canvas.level`); viewing another one
 *   draws the canvas again, the tear-down told the Level to come (API docs v14,
 *   CanvasTearDownOptions.nextLevel).
 */
import type { FakeLevel, FakeScene, FakeTileDocument, FakeTokenDocument } from "./documents.ts";
import { env } from "./env.ts";
import { FakeHooks as Hooks } from "./hooks.ts";
import { TOKEN_DISPLAY_MODES } from "./constants.ts";
import { TokenHUD } from "./ui.ts";

type Cmd =
  | { op: "line"; w: number; c: number; a: number }
  | { op: "fill"; c: number; a: number }
  | { op: "endFill" }
  | { op: "rect"; x: number; y: number; w: number; h: number }
  | { op: "circle"; x: number; y: number; r: number };

/** PIXI.Container: children, addChild/removeChild/removeChildren, destroy({children}). */
export class Container {
  children: Container[] = [];
  parent: Container | null = null;
  name = "";
  x = 0;
  y = 0;
  /** pixi.js 7 DisplayObject#visible: a hidden object is not rendered. */
  visible = true;
  destroyed = false;

  // pixi.js 7 Container, as the v13 canvas interface group holds it (client/canvas/groups/interface.mjs) Container#addChild
  addChild<T extends Container>(c: T): T {
    if (this.destroyed) throw new Error("Cannot add a child to a destroyed PIXI object");
    c.parent?.removeChild(c);
    c.parent = this;
    this.children.push(c);
    env.canvas?.paint();
    return c;
  }
  // pixi.js 7 Container, as the v13 canvas interface group holds it (client/canvas/groups/interface.mjs) Container#removeChild
  removeChild<T extends Container>(c: T): T {
    this.children = this.children.filter((x) => x !== c);
    c.parent = null;
    return c;
  }
  // pixi.js 7 Container, as the v13 canvas interface group holds it (client/canvas/groups/interface.mjs) Container#removeChildren
  removeChildren(): Container[] {
    const out = this.children;
    this.children = [];
    for (const c of out) c.parent = null;
    return out;
  }
  // pixi.js 7 Container, as the v13 canvas interface group holds it (client/canvas/groups/interface.mjs) Container#destroy
  destroy({ children = false }: { children?: boolean } = {}): void {
    this.parent?.removeChild(this);
    if (children) for (const c of [...this.children]) c.destroy({ children: true });
    this.destroyed = true;
    env.canvas?.paint();
  }
}

/** PIXI.Graphics: the drawing calls are recorded and replayed onto the 2D canvas. */
export class Graphics extends Container {
  readonly commands: Cmd[] = [];
  // pixi.js 7 Graphics, drawn on the v13 interface group (client/canvas/groups/interface.mjs) Graphics#clear
  clear(): this {
    this.commands.length = 0;
    return this;
  }
  // pixi.js 7 Graphics, drawn on the v13 interface group (client/canvas/groups/interface.mjs) Graphics#lineStyle
  lineStyle(w: number, c = 0, a = 1): this {
    this.commands.push({ op: "line", w, c, a });
    return this;
  }
  // pixi.js 7 Graphics, drawn on the v13 interface group (client/canvas/groups/interface.mjs) Graphics#beginFill
  beginFill(c = 0, a = 1): this {
    this.commands.push({ op: "fill", c, a });
    return this;
  }
  // pixi.js 7 Graphics, drawn on the v13 interface group (client/canvas/groups/interface.mjs) Graphics#endFill
  endFill(): this {
    this.commands.push({ op: "endFill" });
    return this;
  }
  // pixi.js 7 Graphics, drawn on the v13 interface group (client/canvas/groups/interface.mjs) Graphics#drawRect
  drawRect(x: number, y: number, w: number, h: number): this {
    this.commands.push({ op: "rect", x, y, w, h });
    return this;
  }
  // pixi.js 7 Graphics, drawn on the v13 interface group (client/canvas/groups/interface.mjs) Graphics#drawCircle
  drawCircle(x: number, y: number, r: number): this {
    this.commands.push({ op: "circle", x, y, r });
    return this;
  }
}

/** PIXI.Text: a string and a style. */
export class Text extends Container {
  // pixi.js 7 Text (client/canvas/groups/interface.mjs) Text#constructor
  constructor(
    public text: string,
    public style: Record<string, unknown> = {},
  ) {
    super();
  }
}

/** PIXI.Texture of a canvas element (pixi.js 7 Texture.from, a CanvasResource uploaded by WebGL). */
export class Texture {
  /** test-only: every texture made by `from` on this page (the module's; the fake's own are not). */
  static readonly made: Texture[] = [];
  destroyed = false;
  readonly baseTexture: { resource: { source: HTMLCanvasElement } };
  // pixi.js 7 Texture.from(HTMLCanvasElement) (v13 client/canvas/containers/elements/sprite-mesh.mjs SpriteMesh.from)
  static from(source: HTMLCanvasElement): Texture {
    if (!(source instanceof HTMLCanvasElement)) throw new Error("the fake takes canvas elements");
    // WebGL's texImage2D throws a SecurityError on a tainted canvas; reading a pixel does the same
    source.getContext("2d")!.getImageData(0, 0, 1, 1);
    const t = new Texture(source);
    Texture.made.push(t);
    return t;
  }
  // pixi.js 7 Texture#baseTexture.resource.source (v13 client/canvas/containers/elements/sprite-mesh.mjs SpriteMesh#sourceElement)
  constructor(source: HTMLCanvasElement) {
    this.baseTexture = { resource: { source } };
  }
  // pixi.js 7 Texture#destroy(destroyBase) (v13 client/canvas/containers/elements/sprite-mesh.mjs SpriteMesh#destroy)
  destroy(): void {
    this.destroyed = true;
  }
}

/** foundry.canvas.primary.PrimarySpriteMesh: a textured quad with the primary group's sort keys. */
export class PrimarySpriteMesh extends Container {
  texture: Texture;
  elevation = 0;
  sortLayer = 0;
  sort = 0;
  zIndex = 0;
  hoverFade = true;
  width = 0;
  height = 0;
  readonly position = { set: (x: number, y: number) => Object.assign(this, { x, y }) };
  // v13 client/canvas/primary/primary-sprite-mesh.mjs PrimarySpriteMesh#constructor({texture, name})
  constructor(o: { texture: Texture; name?: string }) {
    super();
    this.texture = o.texture;
    this.name = o.name ?? "";
  }
  // v13 client/canvas/containers/elements/sprite-mesh.mjs SpriteMesh#destroy({texture, baseTexture})
  override destroy(o: { children?: boolean; texture?: boolean } = {}): void {
    if (o.texture) this.texture.destroy();
    super.destroy(o);
  }
}

/** v13 client/canvas/groups/primary.mjs PrimaryCanvasGroup.SORT_LAYERS. */
export const SORT_LAYERS = Object.freeze({
  SCENE: 0,
  TILES: 500,
  DRAWINGS: 600,
  TOKENS: 700,
  WEATHER: 1000,
});

/** The primary group's order of drawing (v13 client/canvas/groups/primary.mjs PrimaryCanvasGroup._compareObjects). */
function compareObjects(a: Container, b: Container): number {
  const k = (c: Container) => c as Partial<PrimarySpriteMesh>;
  return (
    (k(a).elevation ?? 0) - (k(b).elevation ?? 0) ||
    (k(a).sortLayer ?? 0) - (k(b).sortLayer ?? 0) ||
    (k(a).sort ?? 0) - (k(b).sort ?? 0) ||
    (k(a).zIndex ?? 0) - (k(b).zIndex ?? 0)
  );
}

export const PIXI = { Container, Graphics, Text, Texture };

/** A canvas element of one colour: the fake's stand-in for an image it cannot load. */
// test-only: the fake draws no image files; tiles and tokens get a plain picture
function swatch(w: number, h: number, paint: (ctx: CanvasRenderingContext2D) => void): Texture {
  const el = document.createElement("canvas");
  el.width = w;
  el.height = h;
  paint(el.getContext("2d")!);
  return new Texture(el);
}

/** The mesh core makes for a tile (PrimaryCanvasGroup#addTile), placed as Tile#_refreshState does. */
// v13 client/canvas/placeables/tile.mjs Tile#_refreshState: sort, sortLayer TILES, elevation
function tileMesh(tile: FakeTileDocument): PrimarySpriteMesh {
  const mesh = new PrimarySpriteMesh({
    // a map's stand-in: water and a shore, so that whatever covers it shows in a screenshot
    texture: swatch(200, 100, (ctx) => {
      ctx.fillStyle = "#2f6d8c";
      ctx.fillRect(0, 0, 200, 100);
      ctx.fillStyle = "#6b8f4e";
      ctx.fillRect(0, 80, 200, 20);
    }),
    name: `Tile.${tile.id}`,
  });
  mesh.position.set(tile.x, tile.y);
  mesh.width = tile.width;
  mesh.height = tile.height;
  mesh.elevation = tile.elevation;
  mesh.sort = tile.sort;
  mesh.sortLayer = SORT_LAYERS.TILES;
  // a hidden tile is drawn for a GM only; on v14 a tile shows on its own Levels
  mesh.visible = (!tile.hidden || env.game.user.isGM) && tile.includedInLevel(env.canvas.level);
  return mesh;
}

/** The mesh core makes for a token (PrimaryCanvasGroup#addToken), placed as Token#_refreshState does. */
// v13 client/canvas/placeables/token.mjs Token#_refreshState: sort, sortLayer TOKENS, elevation
function tokenMesh(t: FakeTokenDocument, size: number): PrimarySpriteMesh {
  const mesh = new PrimarySpriteMesh({
    texture: swatch(32, 32, (ctx) => {
      ctx.fillStyle = "#e0c060";
      ctx.beginPath();
      ctx.arc(16, 16, 15, 0, 2 * Math.PI);
      ctx.fill();
    }),
    name: `Token.${t.id}`,
  });
  mesh.position.set(t.x, t.y);
  mesh.width = t.width * size;
  mesh.height = t.height * size;
  mesh.elevation = Number((t as unknown as { elevation?: number }).elevation ?? 0);
  mesh.sort = Number((t as unknown as { sort?: number }).sort ?? 0);
  mesh.sortLayer = SORT_LAYERS.TOKENS;
  return mesh;
}

type StageListener = (e: { button: number; global: { x: number; y: number } }) => void;

export class FakeCanvas {
  ready = false;
  scene: FakeScene | null = null;
  interface: Container | null = null;
  primary: Container | null = null;
  scale = 0.3;
  offset = { x: 0, y: 0 };
  readonly hud = { token: new TokenHUD() };
  /** test-only: after the last tear-down, how many of the module's textures were still alive. */
  tornDown: { alive: number } | undefined;
  private viewed: FakeLevel | null = null;
  private readonly listeners = new Map<string, StageListener[]>();
  private el: HTMLCanvasElement | null = null;
  private layer: HTMLElement | null = null;

  // v13 client/canvas/board.mjs Canvas#dimensions
  get dimensions(): FakeScene["dimensions"] | null {
    return this.scene?.dimensions ?? null;
  }

  /** Canvas#grid: the scene's square grid (size, and the offset of a pixel). */
  // v13 client/canvas/board.mjs Canvas#grid
  get grid(): {
    size: number;
    getOffset(p: { x: number; y: number }): { i: number; j: number };
    getTopLeftPoint(o: { i: number; j: number }): { x: number; y: number };
  } | null {
    const size = this.scene?.grid.size;
    if (!size) return null;
    return {
      size,
      getOffset: (p) => ({ i: Math.floor(p.y / size), j: Math.floor(p.x / size) }),
      getTopLeftPoint: (o) => ({ x: o.j * size, y: o.i * size }),
    };
  }

  /** The stage: pointer listeners and the world transform of the view. */
  // v13 client/canvas/board.mjs Canvas#stage
  get stage(): {
    on(ev: string, fn: StageListener): void;
    off(ev: string, fn: StageListener): void;
    worldTransform: { applyInverse(p: { x: number; y: number }): { x: number; y: number } };
  } {
    return {
      on: (ev, fn) => this.listeners.set(ev, [...(this.listeners.get(ev) ?? []), fn]),
      off: (ev, fn) =>
        this.listeners.set(
          ev,
          (this.listeners.get(ev) ?? []).filter((f) => f !== fn),
        ),
      worldTransform: {
        applyInverse: (p) => ({
          x: p.x / this.scale + this.offset.x,
          y: p.y / this.scale + this.offset.y,
        }),
      },
    };
  }

  /** test-only: how many listeners the stage has for a pointer event (the boot test reads it). */
  stageListeners(ev: string): number {
    return this.listeners.get(ev)?.length ?? 0;
  }

  /** The token layer's placeables (TokenLayer#placeables / get). */
  // v13 client/canvas/layers/tokens.mjs TokenLayer#placeables
  get tokens(): {
    placeables: FakeTokenDocument[];
    get(id: string): FakeTokenDocument | undefined;
  } {
    const list = this.scene ? [...this.scene.tokens.values()] : [];
    return { placeables: list, get: (id) => list.find((t) => t.id === id) };
  }

  /** Canvas#level: the Level shown, null for a blank canvas; v13 has no Levels. */
  // API docs v14 foundry.canvas.Canvas#level
  get level(): FakeLevel | null | undefined {
    return env.game.release.generation >= 14 ? this.viewed : undefined;
  }

  /**
   * The Level a draw shows: the one asked for, else the one this scene showed, else (UNCONFIRMED:
   * core's choice of a first Level is not in the public sources) its first by `sort`.
   */
  // API docs v14 SceneViewOptions.level, CanvasViewPosition.level (the last-viewed level)
  private levelFor(scene: FakeScene | null, id: string | undefined): FakeLevel | null {
    const levels = scene?.levels;
    if (!levels?.size) return null;
    if (id) return levels.get(id) ?? null;
    if (scene === this.scene && this.viewed) return this.viewed;
    return [...levels.values()].sort((a, b) => a.sort - b.sort)[0] ?? null;
  }

  /**
   * Canvas#draw (board.mjs): tear the old scene down (`canvasTearDown`, then each group destroys
   * its children but not their textures: CanvasGroupMixin#_tearDown), canvasInit, draw the groups
   * (the tiles and the tokens in the primary group), canvasReady.
   */
  // v13 client/canvas/board.mjs Canvas#draw, Canvas#tearDown
  async draw(scene: FakeScene | null, options: { level?: string } = {}): Promise<this> {
    const nextLevel = this.levelFor(scene, options.level);
    if (this.ready) {
      // v14 tells the listeners what comes next (API docs v14 CanvasTearDownOptions)
      if (env.game.release.generation >= 14)
        Hooks.callAll("canvasTearDown", this, { nextScene: scene, nextLevel });
      else Hooks.callAll("canvasTearDown", this);
    }
    if (this.interface) this.interface.destroy({ children: true });
    if (this.primary) this.primary.destroy({ children: true });
    this.tornDown = { alive: Texture.made.filter((t) => !t.destroyed).length };
    this.ready = false;
    this.scene = scene;
    this.viewed = nextLevel;
    this.interface = null;
    this.primary = null;
    if (!scene) return this;
    Hooks.callAll("canvasInit", this);
    this.interface = new Container();
    this.interface.name = "interface";
    this.primary = new Container();
    this.primary.name = "primary";
    const board = document.getElementById("board")!;
    board.replaceChildren();
    const d = scene.dimensions;
    const w = board.clientWidth || 1000;
    this.offset = { x: d.sceneX - d.size / 2, y: d.sceneY - d.size };
    this.scale = Math.min(w / ((d.sceneWidth as number) + d.size), 0.5);
    this.el = document.createElement("canvas");
    this.el.width = w;
    this.el.height = board.clientHeight || 900;
    // PIXI's FederatedPointerEvent on the stage (v13 client/canvas/board.mjs, the stage's
    // interaction): the button pressed (MouseEvent#button) and the point on the screen
    for (const type of ["pointerdown", "pointerup"] as const)
      this.el.addEventListener(type, (e) => {
        const r = this.el!.getBoundingClientRect();
        for (const fn of this.listeners.get(type) ?? [])
          fn({ button: e.button, global: { x: e.clientX - r.left, y: e.clientY - r.top } });
      });
    this.layer = document.createElement("div");
    this.layer.className = "tokens-layer";
    board.append(this.el, this.layer);
    for (const tile of scene.tiles.values()) this.primary.addChild(tileMesh(tile));
    this.ready = true;
    this.refresh();
    Hooks.callAll("canvasReady", this);
    return this;
  }

  /** Redraws the tokens after a scene or token change (Token#_onUpdate refreshes the placeable). */
  // v13 client/canvas/board.mjs Token#_onCreate/_onUpdate/_onDelete refresh their placeables (client/canvas/placeables/token.mjs)
  refresh(): void {
    if (!this.ready || !this.scene || !this.layer) return;
    this.layer.replaceChildren();
    // each token's mesh drawn again where its document is now
    for (const c of [...(this.primary?.children ?? [])])
      if (c.name.startsWith("Token.")) c.destroy({ children: true });
    const me = env.game.user;
    for (const t of this.scene.tokens.values()) {
      // hidden tokens are drawn for GMs only; on v14 a token is drawn on its own Level only
      if ((t.hidden && !me.isGM) || !t.includedInLevel(this.level)) continue;
      this.primary?.addChild(tokenMesh(t, this.scene.dimensions.size));
      const div = document.createElement("div");
      div.className = "token";
      div.dataset.tokenId = t.id!;
      div.title = t.name;
      const px = (v: number) => `${v * this.scale}px`;
      Object.assign(div.style, {
        left: px(t.x - this.offset.x),
        top: px(t.y - this.offset.y),
        width: px(t.width * this.scene.dimensions.size),
        height: px(t.height * this.scene.dimensions.size),
        opacity: t.hidden ? "0.5" : "1",
      });
      div.textContent = t.name.slice(0, 6);
      const showBar =
        t.displayBars === TOKEN_DISPLAY_MODES.ALWAYS ||
        (t.displayBars === TOKEN_DISPLAY_MODES.OWNER && t.isOwner);
      const bar = showBar ? t.getBarAttribute("bar1") : null;
      if (bar && bar.type === "bar") {
        const b = document.createElement("div");
        b.className = "bar bar1";
        b.dataset.value = String(bar.value);
        b.dataset.max = String(bar.max);
        b.innerHTML = `<span style="width:${Math.round((100 * Number(bar.value)) / Math.max(1, Number(bar.max)))}%"></span>`;
        div.append(b);
      }
      // Token#_onClickLeft2: the actor's sheet
      div.addEventListener("dblclick", () => void t.actor?.sheet?.render(true));
      // Token#_onClickRight: the HUD for a token this user owns
      div.addEventListener("contextmenu", (e) => {
        e.preventDefault();
        if (t.isOwner) void this.hud.token.bind(t);
      });
      this.layer.append(div);
    }
    this.paint();
  }

  /** The primary group's shown children in the order it draws them (PrimaryCanvasGroup#sortChildren). */
  // v13 client/canvas/groups/primary.mjs PrimaryCanvasGroup._compareObjects
  drawOrder(): Container[] {
    return [...(this.primary?.children ?? [])].filter((c) => c.visible).sort(compareObjects);
  }

  /** Paints the grid and the interface group's graphics. */
  // v13 client/canvas/board.mjs Canvas rendering (the fake paints a 2D stand-in of the grid and the interface group)
  paint(): void {
    const ctx = this.el?.getContext("2d");
    if (!ctx || !this.scene) return;
    const d = this.scene.dimensions;
    const s = this.scale;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#2b3a42";
    ctx.fillRect(0, 0, this.el!.width, this.el!.height);
    ctx.setTransform(s, 0, 0, s, -this.offset.x * s, -this.offset.y * s);
    // the primary group in its order: the tiles, the boards' pictures, the tokens
    for (const c of this.drawOrder())
      if (c instanceof PrimarySpriteMesh && !c.texture.destroyed)
        ctx.drawImage(c.texture.baseTexture.resource.source, c.x, c.y, c.width, c.height);
    ctx.strokeStyle = "#3d5260";
    ctx.lineWidth = 1 / s;
    for (let x = d.sceneX; x <= d.sceneX + (d.sceneWidth as number); x += d.size) {
      ctx.beginPath();
      ctx.moveTo(x, d.sceneY);
      ctx.lineTo(x, d.sceneY + (d.sceneHeight as number));
      ctx.stroke();
    }
    for (let y = d.sceneY; y <= d.sceneY + (d.sceneHeight as number); y += d.size) {
      ctx.beginPath();
      ctx.moveTo(d.sceneX, y);
      ctx.lineTo(d.sceneX + (d.sceneWidth as number), y);
      ctx.stroke();
    }
    const rgba = (c: number, a: number) =>
      `rgba(${(c >> 16) & 255},${(c >> 8) & 255},${c & 255},${a})`;
    const draw = (node: Container) => {
      if (node instanceof Graphics) {
        let fill: string | null = null;
        for (const c of node.commands) {
          if (c.op === "line") {
            ctx.strokeStyle = rgba(c.c, c.a);
            ctx.lineWidth = c.w;
          } else if (c.op === "fill") fill = rgba(c.c, c.a);
          else if (c.op === "endFill") fill = null;
          else {
            ctx.beginPath();
            if (c.op === "rect") ctx.rect(c.x, c.y, c.w, c.h);
            else ctx.arc(c.x, c.y, c.r, 0, 2 * Math.PI);
            if (fill) {
              ctx.fillStyle = fill;
              ctx.fill();
            }
            ctx.stroke();
          }
        }
      }
      if (node instanceof Text) {
        ctx.fillStyle = "#fff";
        ctx.font = `${Number(node.style.fontSize ?? 24)}px sans-serif`;
        ctx.fillText(node.text, node.x, node.y + Number(node.style.fontSize ?? 24));
      }
      for (const c of node.children) draw(c);
    };
    if (this.interface) draw(this.interface);
  }
}
