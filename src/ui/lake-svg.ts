/**
 * The lake as markup (a string), drawn only from what one viewer may know: a `LakeView` from
 * `viewFor` and that viewer's events from `eventsFor`. Nothing else goes in, so a player's lake
 * cannot hold an unseen swarm or an unexplored square's contents (K20).
 *
 * Each level is its own SVG under an HTML caption, at a fixed zoom: the lake is never shrunk
 * to fit its box (a big lake scrolls inside it, and the levels wrap), so no text on it is ever
 * drawn below `LEGIBLE_PX` CSS pixels (docs/sandbox.md, "Legible at any size"). Squares carry
 * their column and row numbers, 0-based like every coordinate the table prints (`[x,y,level]`).
 * Fog over unexplored squares, swarm tokens with a fish / max bar (K4), fishers as lettered
 * tokens, last round's moves as arrows drawn under the tokens (an arrow never covers initials,
 * counts or a level's title). Colours: the Okabe-Ito colour-blind-safe palette; nothing is told
 * by colour alone.
 */
import type { Coord, GameEvent, LakeSpec, LakeView } from "../rules/index.ts";
import { sameSquare, squareKey } from "../rules/index.ts";
import type { Localize } from "./handlebars-helpers.ts";
import { coordLabel } from "./handlebars-helpers.ts";
import type { BoardArt } from "./board-art.ts";
import { artFrame } from "./board-art.ts";

/** A square's side, in SVG units (CSS px at zoom 1). */
export const CELL = 56;
/** Room for the row numbers left of a level's squares, and the column numbers above them. */
const GUTTER = 18;
const HEAD = 18;
const PAD = 3;

/** The legibility floor: no text of the table is drawn smaller, in CSS px (docs/sandbox.md). */
export const LEGIBLE_PX = 11;
/** The smallest text on the lake (initials, fish counts, square numbers), in SVG units. */
export const LAKE_MIN_FONT = 13;
/** The smallest zoom: the lake's smallest text is then drawn at exactly the floor. */
export const MIN_ZOOM = LEGIBLE_PX / LAKE_MIN_FONT;
export const MAX_ZOOM = 3;
/** "Fit" fills a wide screen up to the largest zoom (issue 22: at 125% a 1920 px screen was mostly empty). */
export const MAX_FIT_ZOOM = MAX_ZOOM;
/** CSS px between two levels' panels (`.kolikoly-lake` gap in styles/sandbox.css). */
export const LEVEL_GAP = 12;

/** Okabe-Ito colours for fishers (orange and vermillion are kept for fish), with a readable text colour. */
export const FISHER_COLOURS: readonly (readonly [fill: string, text: string])[] = [
  ["#0072B2", "#ffffff"],
  ["#CC79A7", "#000000"],
  ["#009E73", "#ffffff"],
  ["#56B4E9", "#000000"],
  ["#F0E442", "#000000"],
  ["#000000", "#ffffff"],
];
export const FISH_COLOUR = "#E69F00";
export const FISH_MOVE_COLOUR = "#D55E00";
const DEPTH_SHADES = ["#DDEFFA", "#C4E2F5", "#AAD3EF", "#90C3E8", "#78B3DF"];

export interface Arrow {
  readonly kind: "fisher" | "fish";
  readonly from: Coord;
  readonly to: Coord;
  /** Fisher id, or swarm id. */
  readonly who: string;
}

export interface LakeDrawOptions {
  readonly localize: Localize;
  /** The square holding the keyboard focus (roving tabindex); defaults to the first fisher's. */
  readonly focus?: Coord;
  /** Squares the active declaration may target (highlighted), and the one chosen. */
  readonly targets?: readonly Coord[];
  readonly chosen?: Coord;
  /** CSS px per SVG unit; never below MIN_ZOOM. Default 1. */
  readonly zoom?: number;
  /** The one level to draw (narrow screens); every level when absent. */
  readonly level?: number;
}

/** Last round's moves the viewer may know: fishers' `moved` and swarms' `fishMoved` in their events. */
export function arrowsOf(events: readonly GameEvent[], round: number): Arrow[] {
  const out: Arrow[] = [];
  for (const e of events) {
    if (e.round !== round) continue;
    if (e.type === "moved") out.push({ kind: "fisher", from: e.from, to: e.to, who: e.fisher });
    if (e.type === "fishMoved") out.push({ kind: "fish", from: e.from, to: e.to, who: e.swarm });
  }
  return out;
}

/** One level's drawing, in SVG units. */
export interface LevelLayout {
  readonly width: number;
  readonly height: number;
  /** Top-left corner of square (x, y). */
  origin(x: number, y: number): readonly [x: number, y: number];
  centre(x: number, y: number): readonly [x: number, y: number];
}

export function levelLayout(lake: Pick<LakeSpec, "width" | "height">): LevelLayout {
  const origin = (x: number, y: number): readonly [number, number] => [
    PAD + GUTTER + x * CELL,
    PAD + HEAD + y * CELL,
  ];
  return {
    width: PAD * 2 + GUTTER + lake.width * CELL,
    height: PAD * 2 + HEAD + lake.height * CELL,
    origin,
    centre: (x, y) => {
      const [ox, oy] = origin(x, y);
      return [ox + CELL / 2, oy + CELL / 2];
    },
  };
}

/** Column numbers above the squares and row numbers left of them, 0-based as in `[x,y,level]` (and Kayanak's `[x,y]`). */
export function axisSvg(L: LevelLayout, w: number, h: number, rows = true): string {
  const out = [`<g class="kolikoly-axis" aria-hidden="true">`];
  for (let x = 0; x < w; x++) {
    const [cx] = L.centre(x, 0);
    out.push(
      `<text class="kolikoly-axis__n" x="${cx}" y="${PAD + HEAD - 5}" text-anchor="middle">${x}</text>`,
    );
  }
  for (let y = 0; rows && y < h; y++) {
    const [, cy] = L.centre(0, y);
    out.push(
      `<text class="kolikoly-axis__n" x="${PAD + GUTTER - 4}" y="${cy + 4.5}" text-anchor="end">${y}</text>`,
    );
  }
  out.push(`</g>`);
  return out.join("");
}

export function clampZoom(z: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));
}

/**
 * The zoom that shows as many of `levels` panels side by side in `available` CSS px as can be
 * drawn at MIN_ZOOM or more (the largest such zoom, at most MAX_FIT_ZOOM); MIN_ZOOM when not even
 * one fits (the lake then scrolls sideways). With `availableHeight`, a row of panels is also
 * kept within that height (never below MIN_ZOOM), so a small lake fills a wide screen and a big
 * one is not blown up past the window's height.
 */
export function fitZoom(
  available: number,
  lake: Pick<LakeSpec, "width" | "height">,
  levels: number,
  availableHeight?: number,
): number {
  const { width, height } = levelLayout(lake);
  const tallest =
    availableHeight !== undefined && availableHeight > 0
      ? Math.max(MIN_ZOOM, availableHeight / height)
      : MAX_FIT_ZOOM;
  for (let k = Math.max(1, levels); k >= 1; k--) {
    const z = (available - (k - 1) * LEVEL_GAP) / (k * width);
    if (z >= MIN_ZOOM) return Math.min(MAX_FIT_ZOOM, tallest, Math.floor(z * 1000) / 1000);
  }
  return MIN_ZOOM;
}

export function escapeXml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** Up to two letters for a fisher token: the name's initials, else its first letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const s = words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? "?").slice(0, 2);
  return s.toUpperCase();
}

export function fisherColour(
  view: { readonly fishers: readonly { readonly id: string }[] },
  id: string,
): readonly [string, string] {
  const i = view.fishers.findIndex((f) => f.id === id);
  return FISHER_COLOURS[(i < 0 ? 0 : i) % FISHER_COLOURS.length]!;
}

/** The accessible name of a square, from the view only. */
export function squareLabel(view: LakeView, at: Coord, localize: Localize): string {
  const explored = view.explored.some((c) => sameSquare(c, at));
  const parts = [localize("KOLIKOLY.Sandbox.Lake.Square", { square: coordLabel(at) })];
  parts.push(
    localize(explored ? "KOLIKOLY.Sandbox.Lake.Explored" : "KOLIKOLY.Sandbox.Lake.Unexplored"),
  );
  for (const s of view.swarms) if (sameSquare(s.at, at)) parts.push(swarmLabel(s, localize));
  const names = view.fishers.filter((f) => sameSquare(f.at, at)).map((f) => f.name);
  if (names.length)
    parts.push(localize("KOLIKOLY.Sandbox.Lake.FishersHere", { names: names.join(", ") }));
  return parts.join("; ");
}

/** A swarm in words: its fish of its start, and whether it is unseen (the GM's view only). */
function swarmLabel(s: LakeView["swarms"][number], localize: Localize): string {
  return localize(
    s.seen ? "KOLIKOLY.Sandbox.Lake.SwarmLabel" : "KOLIKOLY.Sandbox.Lake.UnseenSwarmLabel",
    { fish: s.fish, max: s.max },
  );
}

export function levelTitle(level: number, localize: Localize): string {
  return localize(level === 0 ? "KOLIKOLY.Sandbox.Lake.LevelTop" : "KOLIKOLY.Sandbox.Lake.Level", {
    level,
  });
}

/** The lake: a group of level panels (one SVG each), or the one level asked for. */
export function lakeSvg(view: LakeView, arrows: readonly Arrow[], opts: LakeDrawOptions): string {
  const { localize } = opts;
  const { width: w, height: h, levels } = view.lake;
  const zoom = clampZoom(opts.zoom ?? 1);
  const shown =
    opts.level !== undefined && opts.level >= 0 && opts.level < levels
      ? [opts.level]
      : Array.from({ length: levels }, (_, l) => l);
  const out = [
    `<div class="kolikoly-lake" role="group" aria-roledescription="${escapeXml(localize("KOLIKOLY.Sandbox.Lake.Roledescription"))}" aria-label="${escapeXml(localize("KOLIKOLY.Sandbox.Lake.Label", { width: w, height: h, levels }))}" data-round="${view.round}" data-zoom="${zoom}" data-levels-shown="${shown.join(",")}">`,
  ];
  // Roving focus: one square in the tab order, on a level that is shown.
  const wanted = opts.focus ?? view.fishers[0]?.at ?? ([0, 0, 0] as Coord);
  const focus: Coord = shown.includes(wanted[2]) ? wanted : [wanted[0], wanted[1], shown[0]!];
  for (const l of shown) out.push(levelSvg(view, l, arrows, { ...opts, focus }, zoom));
  out.push(`</div>`);
  return out.join("");
}

function levelSvg(
  view: LakeView,
  l: number,
  arrows: readonly Arrow[],
  opts: LakeDrawOptions,
  zoom: number,
): string {
  const L = levelLayout(view.lake);
  // Rounded up, so the drawn scale is never below the zoom (and the text never below the floor).
  const px = (n: number) => Math.ceil(n * zoom * 100) / 100;
  return [
    `<figure class="kolikoly-level" data-level="${l}">`,
    `<figcaption class="kolikoly-level__label" id="kolikoly-level-${l}">${escapeXml(levelTitle(l, opts.localize))}</figcaption>`,
    `<svg xmlns="http://www.w3.org/2000/svg" class="kolikoly-level__board" viewBox="0 0 ${L.width} ${L.height}" width="${px(L.width)}" height="${px(L.height)}" role="group" aria-labelledby="kolikoly-level-${l}">`,
    levelContent(view, l, arrows, opts, { tokens: true, rows: true, controls: opts.localize }),
    `</svg></figure>`,
  ].join("");
}

/** What a level's drawing holds beside its squares' fills: tokens, row numbers. */
export interface LevelParts {
  /** Fisher and swarm tokens (the Foundry canvas has its own tokens). */
  readonly tokens: boolean;
  /** The row numbers left of the squares. */
  readonly rows: boolean;
  /**
   * The squares as focusable buttons named in this language (the table's keyboard and screen
   * reader); absent, they are only drawn.
   */
  readonly controls?: Localize;
}

/**
 * A level's squares in the coordinates of `levelLayout`: depth shade or fog, the moves, the
 * squares with their numbers and, when asked, the tokens. Shared by the table's panels and the
 * Foundry canvas's picture of the lake (`lakeLevelArt`).
 */
function levelContent(
  view: LakeView,
  l: number,
  arrows: readonly Arrow[],
  opts: Pick<LakeDrawOptions, "focus" | "targets" | "chosen">,
  parts: LevelParts,
): string {
  const { width: w, height: h } = view.lake;
  const L = levelLayout(view.lake);
  const focus = opts.focus ?? ([0, 0, l] as Coord);
  const explored = new Set(view.explored.map(squareKey));
  const targets = new Set((opts.targets ?? []).map(squareKey));
  const chosen = opts.chosen ? squareKey(opts.chosen) : undefined;
  const shade = DEPTH_SHADES[Math.min(l, DEPTH_SHADES.length - 1)]!;
  const fog = `kolikoly-fog-${l}`;
  const out: string[] = [
    `<defs>`,
    `<pattern id="${fog}" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#cfcfcf"/><rect width="3" height="8" fill="#e4e4e4"/></pattern>`,
    `<marker id="kolikoly-head-fisher-${l}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker>`,
    `<marker id="kolikoly-head-fish-${l}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${FISH_MOVE_COLOUR}"/></marker>`,
    `</defs>`,
    axisSvg(L, w, h, parts.rows),
  ];
  // Layer 1: the squares' fill (depth shade, or fog).
  out.push(`<g class="kolikoly-fills" aria-hidden="true">`);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [sx, sy] = L.origin(x, y);
      const on = explored.has(squareKey([x, y, l]));
      out.push(
        `<rect x="${sx + 1}" y="${sy + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="4" fill="${on ? shade : `url(#${fog})`}"/>`,
      );
    }
  out.push(`</g>`);
  // Layer 2: last round's moves into this level, under every token.
  out.push(`<g class="kolikoly-arrows" aria-hidden="true">`);
  for (const a of arrows) if (a.to[2] === l) out.push(arrowPath(view, L, a, l));
  out.push(`</g>`);
  // Layer 3: the squares themselves (focusable), their outline and tokens.
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const at: Coord = [x, y, l];
      const key = squareKey(at);
      const isExplored = explored.has(key);
      const [sx, sy] = L.origin(x, y);
      const cls = [
        "kolikoly-sq",
        isExplored ? "kolikoly-sq--explored" : "kolikoly-sq--fog",
        targets.has(key) ? "kolikoly-sq--target" : "",
        chosen === key ? "kolikoly-sq--chosen" : "",
      ]
        .filter(Boolean)
        .join(" ");
      const tab = sameSquare(at, focus) ? 0 : -1;
      out.push(
        parts.controls
          ? `<g class="${cls}" data-at="${key}" tabindex="${tab}" role="button" aria-label="${escapeXml(squareLabel(view, at, parts.controls))}"${targets.has(key) ? ` aria-describedby="kolikoly-target-hint"` : ""}>`
          : `<g class="${cls}" data-at="${key}">`,
        `<rect class="kolikoly-sq__bg" x="${sx + 1}" y="${sy + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="4" fill="transparent"/>`,
      );
      if (!isExplored)
        out.push(
          `<text class="kolikoly-sq__fog" x="${sx + CELL / 2}" y="${sy + 22}" text-anchor="middle" aria-hidden="true">?</text>`,
        );
      if (parts.tokens) out.push(squareTokens(view, at, sx, sy, parts.controls));
      out.push(`</g>`);
    }
  return out.join("");
}

/**
 * One level of the lake as a picture for the Foundry canvas (board-art.ts): its squares shaded
 * by depth or fogged, numbered, under `title`; no tokens, no moves, nothing to click. `rows:
 * false` leaves out the row numbers (a level laid right beside another, whose last column they
 * would cover).
 */
export function lakeLevelArt(
  view: LakeView,
  level: number,
  o: { readonly title: string; readonly rows: boolean },
): BoardArt {
  const content = levelContent(view, level, [], {}, { tokens: false, rows: o.rows });
  return layoutArt(view.lake, o.title, content, o.rows);
}

/**
 * A drawing in `levelLayout`'s coordinates (a lake level, the ice sheet) as a canvas picture
 * under `title` (board-art.ts). Without row numbers the picture starts just left of the squares.
 */
export function layoutArt(
  board: Pick<LakeSpec, "width" | "height">,
  title: string,
  content: string,
  rows = true,
): BoardArt {
  const L = levelLayout(board);
  const [ox, oy] = L.origin(0, 0);
  return artFrame({
    width: L.width,
    height: L.height,
    dx: rows ? 0 : -(ox - PAD),
    title: escapeXml(title),
    content,
    origin: [ox, oy],
    cell: CELL,
  });
}

/**
 * A "+n" for tokens a square has no room for, named (in `localize`'s language) in its title:
 * the swarms' fish counts or the fishers' names it stands for, so no count is hidden.
 */
function moreToken(
  kind: "fishers" | "swarms",
  hidden: readonly string[],
  text: string,
  localize: Localize | undefined,
): string {
  const title = localize
    ? `<title>${escapeXml(localize("KOLIKOLY.Sandbox.Lake.NotDrawn", { list: hidden.join(kind === "swarms" ? "; " : ", ") }))}</title>`
    : "";
  return `<g class="kolikoly-more-${kind}" data-more="${hidden.length}">${text}${title}</g>`;
}

/** Fisher tokens along the top (two, or one and a "+n" token); swarm tokens (two at most) below. */
function squareTokens(
  view: LakeView,
  at: Coord,
  sx: number,
  sy: number,
  localize?: Localize,
): string {
  const out: string[] = [];
  const fishers = view.fishers.filter((f) => sameSquare(f.at, at));
  const shown = fishers.slice(0, fishers.length > 2 ? 1 : 2);
  const cy = sy + 15;
  shown.forEach((f, i) => {
    const [fill, text] = fisherColour(view, f.id);
    const cx = sx + 15 + i * 26;
    out.push(
      `<g class="kolikoly-fisher" data-fisher="${escapeXml(f.id)}"><circle cx="${cx}" cy="${cy}" r="12.5" fill="${fill}" stroke="#ffffff" stroke-width="1.5"/><text x="${cx}" y="${cy + 4.5}" text-anchor="middle" fill="${text}" class="kolikoly-fisher__label">${escapeXml(initials(f.name))}</text><title>${escapeXml(f.name)}</title></g>`,
    );
  });
  if (fishers.length > shown.length)
    out.push(
      moreToken(
        "fishers",
        fishers.slice(shown.length).map((f) => f.name),
        `<circle cx="${sx + 41}" cy="${cy}" r="12.5" fill="#ffffff" stroke="#4d4d4d" stroke-width="1.5"/><text class="kolikoly-more" x="${sx + 41}" y="${cy + 4.5}" text-anchor="middle">+${fishers.length - shown.length}</text>`,
        localize,
      ),
    );
  const swarms = view.swarms.filter((s) => sameSquare(s.at, at));
  const sw = swarms.slice(0, swarms.length > 2 ? 1 : 2);
  sw.forEach((s, i) => {
    const tx = sx + 3 + i * 26;
    const ty = sy + 29;
    const frac = s.max > 0 ? Math.max(0, Math.min(1, s.fish / s.max)) : 0;
    out.push(
      `<g class="kolikoly-swarm${s.seen ? "" : " kolikoly-swarm--unseen"}" data-swarm="${escapeXml(s.id)}">`,
      `<rect x="${tx}" y="${ty}" width="24" height="16" rx="6" fill="${FISH_COLOUR}"${s.seen ? "" : ` fill-opacity="0.45" stroke="#000" stroke-dasharray="2 2"`}/>`,
      `<text x="${tx + 12}" y="${ty + 12.5}" text-anchor="middle" class="kolikoly-swarm__count">${s.fish}</text>`,
      `<rect class="kolikoly-bar__bg" x="${tx}" y="${ty + 18}" width="24" height="5" fill="#4d4d4d"/>`,
      `<rect class="kolikoly-bar__fill" x="${tx}" y="${ty + 18}" width="${(24 * frac).toFixed(1)}" height="5" fill="#009E73"/>`,
      `<title>${s.fish}/${s.max}</title></g>`,
    );
  });
  if (swarms.length > sw.length)
    out.push(
      moreToken(
        "swarms",
        localize ? swarms.slice(sw.length).map((s) => swarmLabel(s, localize)) : [],
        `<text class="kolikoly-more" x="${sx + 41}" y="${sy + 42}" text-anchor="middle">+${swarms.length - sw.length}</text>`,
        localize,
      ),
    );
  return out.join("");
}

/** The extent of an arrow's drawing (line and level mark), for tests: it stays inside its squares. */
export interface ArrowBox {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

/**
 * A move on one level is a line between the two squares' centres, stopped short of them; a move
 * between levels is drawn inside the square entered (a short vertical arrow along its right
 * edge under a ▼ or ▲ mark), so it never reaches into the level's title or another panel.
 */
export function arrowGeometry(
  L: LevelLayout,
  a: Arrow,
): { x1: number; y1: number; x2: number; y2: number; mark?: { x: number; y: number } } {
  const [tx, ty] = L.origin(a.to[0], a.to[1]);
  if (a.to[2] !== a.from[2]) {
    const down = a.to[2] > a.from[2];
    const x = tx + CELL - 7 + (a.kind === "fish" ? -6 : 0);
    const top = ty + 22;
    const bottom = ty + CELL - 6;
    return {
      x1: x,
      y1: down ? top : bottom,
      x2: x,
      y2: down ? bottom : top,
      mark: { x, y: ty + 15 },
    };
  }
  const [x1, y1] = L.centre(a.from[0], a.from[1]);
  const [x2, y2] = L.centre(a.to[0], a.to[1]);
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  // Fish arrows are offset to one side, fishers' to the other, so both stay visible.
  const off = a.kind === "fish" ? 7 : -7;
  const nx = (-dy / len) * off;
  const ny = (dx / len) * off;
  const trim = Math.min(14, len / 3);
  return {
    x1: x1 + (dx / len) * trim + nx,
    y1: y1 + (dy / len) * trim + ny,
    x2: x2 - (dx / len) * trim + nx,
    y2: y2 - (dy / len) * trim + ny,
  };
}

function arrowPath(view: LakeView, L: LevelLayout, a: Arrow, level: number): string {
  const g = arrowGeometry(L, a);
  const colour = a.kind === "fisher" ? fisherColour(view, a.who)[0] : FISH_MOVE_COLOUR;
  const down = a.to[2] > a.from[2];
  const mark = g.mark
    ? `<text class="kolikoly-arrow__level" x="${g.mark.x}" y="${g.mark.y}" text-anchor="middle" fill="${colour}">${down ? "▼" : "▲"}</text>`
    : "";
  const xy = `x1="${g.x1.toFixed(1)}" y1="${g.y1.toFixed(1)}" x2="${g.x2.toFixed(1)}" y2="${g.y2.toFixed(1)}"`;
  const line =
    a.kind === "fisher"
      ? `<line class="kolikoly-arrow kolikoly-arrow--fisher" ${xy} stroke="${colour}" stroke-width="3.5" marker-end="url(#kolikoly-head-fisher-${level})"/>`
      : `<line class="kolikoly-arrow kolikoly-arrow--fish" ${xy} stroke="${colour}" stroke-width="2.5" stroke-dasharray="5 3" marker-end="url(#kolikoly-head-fish-${level})"/>`;
  return line + mark;
}
