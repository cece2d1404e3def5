/**
 * The Kayanak ice sheet as markup (a string), drawn only from what one viewer may know: a
 * `KayanakView` from the engine's `viewFor`. Nothing else goes in, so a player's sheet cannot hold
 * what a covered hole holds (J10): for a player the view has no `big`/`small` for covered holes,
 * and this file draws fish only from those fields.
 *
 * As the box shows it: floes of ice with water between them, a hole in each square covered by
 * ice until it is hacked open (then drawn as dark water with cracks around it), the fish seen in
 * an open hole as steel balls (big and small), ice crystals over frozen holes, "No trespassing!"
 * signs on banned floes, and the bears as the fishing table's lettered tokens (a ring marks whose
 * turn it is). The GM also sees the fish under the ice, faded. Same grid, zoom, legibility floor
 * and 0-based column and row numbers as the fishing lake (`lake-svg.ts`).
 */
import type { Hole, HoleView, KayanakView, StepKind } from "../rules/kayanak/index.ts";
import type { Localize } from "./handlebars-helpers.ts";
import {
  CELL,
  MIN_ZOOM,
  axisSvg,
  clampZoom,
  escapeXml,
  fisherColour,
  initials,
  layoutArt,
  levelLayout,
} from "./lake-svg.ts";
import { holeLabel } from "./handlebars-helpers.ts";
import type { BoardArt } from "./board-art.ts";

/** "Fit" draws the one sheet larger than the fishing lake's levels, up to this zoom. */
export const SHEET_MAX_FIT_ZOOM = 1.75;

/** The largest zoom showing the whole sheet's width in `available` CSS px (never below MIN_ZOOM: it scrolls). */
export function sheetFitZoom(available: number, board: { width: number; height: number }): number {
  const z = available / levelLayout(board).width;
  return z < MIN_ZOOM ? MIN_ZOOM : Math.min(SHEET_MAX_FIT_ZOOM, Math.floor(z * 1000) / 1000);
}

/** A hole as every Kayanak label, log line and error writes it (shared with Foundry). */
export { holeLabel };

const key = (h: Hole) => `${h[0]},${h[1]}`;

/** Pale ice tints, one per floe (cycled), so neighbouring floes read apart even without their gap. */
const FLOE_TINTS = ["#f3f9fd", "#e6f2fa", "#eef5f0", "#f6f2fa", "#e9f0f7", "#f7f7ee"];
const WATER = "#1d4f73";
const HOLE_WATER = "#0b2e4a";
/** The hole's radius and centre offset in a square (a bear's token sits on its centre). */
const HOLE_R = 17;
const HOLE_DY = 4;
/** The centre of the hole drawn in the square whose top-left corner is (sx, sy). */
const holeCentre = (sx: number, sy: number): [number, number] => [
  sx + CELL / 2,
  sy + CELL / 2 + HOLE_DY,
];
/** Ball positions inside a hole (relative to its centre): big ones on top, small ones below. */
const BIG_SLOTS: readonly (readonly [number, number])[] = [
  [-8, -6],
  [8, -6],
  [0, -8],
];
const SMALL_SLOTS: readonly (readonly [number, number])[] = [
  [-10, 5],
  [-3.5, 5],
  [3.5, 5],
  [10, 5],
  [-6.5, 11.5],
  [0, 11.5],
  [6.5, 11.5],
];
const BIG_R = 5.5;
const SMALL_R = 3.4;

/** What a click on a highlighted hole does, for its accessible name. */
const LEGAL_KEY: Readonly<Record<StepKind | "place", string>> = {
  place: "KOLIKOLY.Sandbox.Kayanak.Hole.Legal.place",
  move: "KOLIKOLY.Sandbox.Kayanak.Hole.Legal.move",
  hack: "KOLIKOLY.Sandbox.Kayanak.Hole.Legal.hack",
  fish: "KOLIKOLY.Sandbox.Kayanak.Hole.Legal.fish",
  tile: "KOLIKOLY.Sandbox.Kayanak.Hole.Legal.tile",
  crystal: "KOLIKOLY.Sandbox.Kayanak.Hole.Legal.crystal",
};

export interface IceDrawOptions {
  readonly localize: Localize;
  /** The hole holding the keyboard focus (roving tabindex). */
  readonly focus?: Hole;
  /** Holes a click may take a step on now, and the step kind (announced in their names). */
  readonly legal?: readonly Hole[];
  readonly kind?: StepKind | "place";
  /** CSS px per SVG unit (never below the legibility floor's zoom). Default 1. */
  readonly zoom?: number;
}

/**
 * What the sheet's drawing reads of a view: the engine's `KayanakView`, or the Foundry board
 * flag's copy of the player view (whose `next` is null once the game is over).
 */
export type SheetView = Pick<
  KayanakView,
  "turn" | "over" | "width" | "height" | "floes" | "fishers" | "holes" | "tiles"
> & { readonly next?: string | null };

/** The accessible name of a hole, from the view only. */
export function iceHoleLabel(view: SheetView, h: HoleView, localize: Localize): string {
  const parts = [
    localize("KOLIKOLY.Sandbox.Kayanak.Hole.Name", { hole: holeLabel(h.at), floe: h.floe }),
  ];
  if (h.open) {
    parts.push(
      localize(
        h.frozen ? "KOLIKOLY.Sandbox.Kayanak.Hole.Frozen" : "KOLIKOLY.Sandbox.Kayanak.Hole.Open",
      ),
    );
    parts.push(
      (h.big ?? 0) + (h.small ?? 0) === 0
        ? localize("KOLIKOLY.Sandbox.Kayanak.Hole.Empty")
        : localize("KOLIKOLY.Sandbox.Kayanak.Hole.Fish", { big: h.big ?? 0, small: h.small ?? 0 }),
    );
  } else {
    parts.push(localize("KOLIKOLY.Sandbox.Kayanak.Hole.Covered"));
    // Only the GM's view has these for a covered hole (J10).
    if (h.big !== undefined && h.small !== undefined)
      parts.push(
        localize("KOLIKOLY.Sandbox.Kayanak.Hole.UnderIce", { big: h.big, small: h.small }),
      );
  }
  if (view.tiles.includes(h.floe)) parts.push(localize("KOLIKOLY.Sandbox.Kayanak.Hole.Banned"));
  const bear = view.fishers.find((f) => f.at[0] === h.at[0] && f.at[1] === h.at[1]);
  if (bear)
    parts.push(
      localize(
        bear.id === view.next && !view.over
          ? "KOLIKOLY.Sandbox.Kayanak.Hole.BearTurn"
          : "KOLIKOLY.Sandbox.Kayanak.Hole.Bear",
        { name: bear.name },
      ),
    );
  return parts.join("; ");
}

/** The sheet: one SVG under a caption, at a fixed zoom (it scrolls rather than shrinks). */
export function iceSvg(view: KayanakView, opts: IceDrawOptions): string {
  const { localize } = opts;
  const { width: w, height: h } = view;
  const zoom = clampZoom(opts.zoom ?? 1);
  const L = levelLayout({ width: w, height: h });
  const px = (n: number) => Math.ceil(n * zoom * 100) / 100;
  return [
    `<figure class="ks-ky-sheet${opts.kind === "place" ? " ks-ky-sheet--placing" : ""}" data-turn="${view.turn}" data-zoom="${zoom}"${view.next ? ` data-next="${escapeXml(view.next)}"` : ""}>`,
    `<figcaption class="kolikoly-level__label" id="ks-ky-sheet-label">${escapeXml(localize("KOLIKOLY.Sandbox.Kayanak.Sheet.Label", { width: w, height: h, floes: view.floes.length }))}</figcaption>`,
    `<svg xmlns="http://www.w3.org/2000/svg" class="ks-ky-sheet__svg" viewBox="0 0 ${L.width} ${L.height}" width="${px(L.width)}" height="${px(L.height)}" role="group" aria-labelledby="ks-ky-sheet-label">`,
    sheetContent(view, opts, { bears: true, controls: localize }),
    `</svg></figure>`,
  ].join("");
}

/**
 * The ice sheet as a picture for the Foundry canvas (board-art.ts): the floes, the holes with
 * their ice, cracks, fish seen, crystals and signs, the holes a click may play lit, under
 * `title`; no bears (the scene has their tokens), nothing focusable. From the view given only:
 * the canvas passes the public one, so no covered hole's fish are in it (J10).
 */
export function iceSheetArt(
  view: SheetView,
  o: { readonly title: string; readonly legal?: readonly Hole[] },
): BoardArt {
  return layoutArt(view, o.title, sheetContent(view, { legal: o.legal }, { bears: false }));
}

/** The sheet in the coordinates of `levelLayout`: water, floes, holes, signs and, when asked, bears. */
function sheetContent(
  view: SheetView,
  opts: Pick<IceDrawOptions, "focus" | "legal" | "kind">,
  parts: {
    readonly bears: boolean;
    /** The holes as focusable buttons named in this language; absent, they are only drawn. */
    readonly controls?: Localize;
  },
): string {
  const { width: w, height: h } = view;
  const L = levelLayout({ width: w, height: h });
  const legal = new Set((opts.legal ?? []).map(key));
  const holeAt = new Map(view.holes.map((x) => [key(x.at), x]));
  const floeOf = (x: number, y: number) =>
    x < 0 || y < 0 || x >= w || y >= h ? -1 : holeAt.get(`${x},${y}`)!.floe;
  const focus = opts.focus ?? view.fishers.find((f) => f.id === view.next)?.at ?? [0, 0];
  const localize = parts.controls;
  const kindLabel =
    localize && opts.kind && legal.size ? localize(LEGAL_KEY[opts.kind]) : undefined;
  const out: string[] = [
    `<defs>`,
    `<radialGradient id="ks-ky-steel" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.45" stop-color="#b9c2c9"/><stop offset="1" stop-color="#4b5660"/></radialGradient>`,
    `</defs>`,
    axisSvg(L, w, h),
  ];
  // Layer 1: water under the whole sheet, the floes' ice on it (gaps between floes show the water).
  const [bx, by] = L.origin(0, 0);
  out.push(
    `<g class="ks-ky-floes" aria-hidden="true"><rect x="${bx}" y="${by}" width="${w * CELL}" height="${h * CELL}" fill="${WATER}"/>`,
  );
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const f = floeOf(x, y);
      const [sx, sy] = L.origin(x, y);
      const gap = (dx: number, dy: number) => (floeOf(x + dx, y + dy) === f ? 0 : 2);
      const l = gap(-1, 0);
      const t = gap(0, -1);
      const r = gap(1, 0);
      const b = gap(0, 1);
      out.push(
        `<rect x="${sx + l}" y="${sy + t}" width="${CELL - l - r}" height="${CELL - t - b}" fill="${FLOE_TINTS[f % FLOE_TINTS.length]}"/>`,
      );
    }
  // Banned floes (J8): a red dashed line along the floe's edge.
  for (const floe of view.tiles)
    for (const hole of view.floes[floe] ?? []) {
      const [x, y] = hole;
      const [sx, sy] = L.origin(x, y);
      const edge = (dx: number, dy: number, x1: number, y1: number, x2: number, y2: number) =>
        floeOf(x + dx, y + dy) === floe
          ? ""
          : `<line class="ks-ky-banned" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
      out.push(
        edge(-1, 0, sx + 5, sy + 5, sx + 5, sy + CELL - 5) +
          edge(1, 0, sx + CELL - 5, sy + 5, sx + CELL - 5, sy + CELL - 5) +
          edge(0, -1, sx + 5, sy + 5, sx + CELL - 5, sy + 5) +
          edge(0, 1, sx + 5, sy + CELL - 5, sx + CELL - 5, sy + CELL - 5),
      );
    }
  out.push(`</g>`);
  // Layer 2: the holes (focusable), their ice, cracks, fish, crystals; then the signs and bears.
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const hv = holeAt.get(`${x},${y}`)!;
      const isLegal = legal.has(`${x},${y}`);
      const cls = [
        "ks-ky-hole",
        hv.open ? "ks-ky-hole--open" : "ks-ky-hole--covered",
        hv.frozen ? "ks-ky-hole--frozen" : "",
        isLegal ? "ks-ky-hole--legal" : "",
      ]
        .filter(Boolean)
        .join(" ");
      const tab = focus[0] === x && focus[1] === y ? 0 : -1;
      const control = localize
        ? ` tabindex="${tab}" role="button" aria-label="${escapeXml(iceHoleLabel(view, hv, localize) + (isLegal && kindLabel ? `; ${kindLabel}` : ""))}"`
        : "";
      const fishData =
        hv.big !== undefined ? ` data-big="${hv.big}" data-small="${hv.small ?? 0}"` : "";
      out.push(
        `<g class="${cls}" data-at="${x},${y}" data-floe="${hv.floe}" data-open="${hv.open}" data-frozen="${hv.frozen}"${fishData}${control}>`,
        holeDrawing(hv, ...L.origin(x, y)),
        `</g>`,
      );
    }
  out.push(`<g class="ks-ky-tokens" aria-hidden="true">`);
  for (const floe of view.tiles) {
    const anchor = anchorOf(view.floes[floe] ?? []);
    if (!anchor) continue;
    const [sx, sy] = L.origin(anchor[0], anchor[1]);
    out.push(tileSign(sx + CELL - 12, sy + 12, floe));
  }
  for (const f of parts.bears ? view.fishers : []) {
    const [cx, cy] = holeCentre(...L.origin(f.at[0], f.at[1]));
    const [fill, text] = fisherColour(view, f.id);
    const turn = f.id === view.next && !view.over;
    out.push(
      `<g class="ks-ky-bear${turn ? " ks-ky-bear--turn" : ""}" data-fisher="${escapeXml(f.id)}">`,
      turn
        ? `<circle class="ks-ky-bear__ring" cx="${cx}" cy="${cy}" r="15.5" fill="none" stroke="#000000" stroke-width="2.5" stroke-dasharray="4 2"/>`
        : "",
      `<circle cx="${cx}" cy="${cy}" r="12" fill="${fill}" stroke="#ffffff" stroke-width="1.5"/>`,
      `<text x="${cx}" y="${cy + 4.5}" text-anchor="middle" fill="${text}" class="kolikoly-fisher__label">${escapeXml(initials(f.name))}</text>`,
      `<title>${escapeXml(f.name)}</title></g>`,
    );
  }
  out.push(`</g>`);
  return out.join("");
}

/** The hole of a floe nearest its middle, where its sign goes. */
function anchorOf(floe: readonly Hole[]): Hole | undefined {
  if (floe.length === 0) return undefined;
  const mx = floe.reduce((a, h) => a + h[0], 0) / floe.length;
  const my = floe.reduce((a, h) => a + h[1], 0) / floe.length;
  let best = floe[0]!;
  for (const h of floe)
    if (Math.hypot(h[0] - mx, h[1] - my) < Math.hypot(best[0] - mx, best[1] - my)) best = h;
  return best;
}

/** "No trespassing!": a red ring with a bar, on a white disc. */
export function tileSign(cx: number, cy: number, floe?: number): string {
  return (
    `<g class="ks-ky-tile"${floe !== undefined ? ` data-floe="${floe}"` : ""}>` +
    `<circle cx="${cx}" cy="${cy}" r="9" fill="#ffffff" stroke="#c0392b" stroke-width="3"/>` +
    `<line x1="${cx - 5.5}" y1="${cy + 5.5}" x2="${cx + 5.5}" y2="${cy - 5.5}" stroke="#c0392b" stroke-width="3"/></g>`
  );
}

/** An ice crystal: a six-armed star of thin lines. */
export function crystalShape(cx: number, cy: number, r: number): string {
  const arms: string[] = [];
  for (let i = 0; i < 3; i++) {
    const a = (Math.PI / 3) * i + Math.PI / 2;
    const dx = Math.cos(a) * r;
    const dy = Math.sin(a) * r;
    arms.push(
      `M${(cx - dx).toFixed(1)},${(cy - dy).toFixed(1)} L${(cx + dx).toFixed(1)},${(cy + dy).toFixed(1)}`,
    );
    for (const s of [1, -1]) {
      // a small "V" near each arm's end
      const ex = cx + s * dx * 0.62;
      const ey = cy + s * dy * 0.62;
      const b = a + (s > 0 ? 0 : Math.PI);
      const tip = r * 0.3;
      arms.push(
        `M${(ex + Math.cos(b + 2.4) * tip).toFixed(1)},${(ey + Math.sin(b + 2.4) * tip).toFixed(1)} L${ex.toFixed(1)},${ey.toFixed(1)} L${(ex + Math.cos(b - 2.4) * tip).toFixed(1)},${(ey + Math.sin(b - 2.4) * tip).toFixed(1)}`,
      );
    }
  }
  return `<path class="ks-ky-crystal" d="${arms.join(" ")}" fill="none" stroke="#0072B2" stroke-width="2" stroke-linecap="round"/>`;
}

/** Cracks in the ice around an opened hole (fixed per hole, so they do not flicker). */
function cracks(cx: number, cy: number, x: number, y: number): string {
  const d: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = ((x * 7 + y * 13 + i * 71) % 360) * (Math.PI / 180);
    const r1 = HOLE_R;
    const r2 = HOLE_R + 6 + ((x + y + i) % 3) * 2;
    const bend = a + 0.25;
    d.push(
      `M${(cx + Math.cos(a) * r1).toFixed(1)},${(cy + Math.sin(a) * r1).toFixed(1)} L${(cx + Math.cos(bend) * (r1 + 4)).toFixed(1)},${(cy + Math.sin(bend) * (r1 + 4)).toFixed(1)} L${(cx + Math.cos(a) * r2).toFixed(1)},${(cy + Math.sin(a) * r2).toFixed(1)}`,
    );
  }
  return `<path class="ks-ky-cracks" d="${d.join(" ")}" fill="none" stroke="#5f8fb0" stroke-width="1.5"/>`;
}

/** The fish in a hole as balls: big ones above, small ones below; "+n" when they do not all fit. */
function balls(hv: HoleView, cx: number, cy: number, under: boolean): string {
  const big = hv.big ?? 0;
  const small = hv.small ?? 0;
  const cls = under ? " ks-ky-ball--under" : "";
  const out: string[] = [];
  BIG_SLOTS.slice(0, big).forEach(([dx, dy]) =>
    out.push(
      `<circle class="ks-ky-ball ks-ky-ball--big${cls}" cx="${cx + dx}" cy="${cy + dy}" r="${BIG_R}" fill="url(#ks-ky-steel)" stroke="#2b3137" stroke-width="0.8"/>`,
    ),
  );
  SMALL_SLOTS.slice(0, small).forEach(([dx, dy]) =>
    out.push(
      `<circle class="ks-ky-ball ks-ky-ball--small${cls}" cx="${cx + dx}" cy="${cy + dy}" r="${SMALL_R}" fill="url(#ks-ky-steel)" stroke="#2b3137" stroke-width="0.6"/>`,
    ),
  );
  const more = Math.max(0, big - BIG_SLOTS.length) + Math.max(0, small - SMALL_SLOTS.length);
  if (more > 0)
    out.push(
      `<text class="ks-ky-more${cls}" x="${cx + HOLE_R + 8}" y="${cy + HOLE_R + 6}" text-anchor="end">+${more}</text>`,
    );
  return out.join("");
}

function holeDrawing(hv: HoleView, sx: number, sy: number): string {
  const [cx, cy] = holeCentre(sx, sy);
  const [x, y] = hv.at;
  const out = [
    `<rect class="ks-ky-hole__bg" x="${sx + 1}" y="${sy + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="4" fill="transparent"/>`,
  ];
  if (hv.open) {
    out.push(cracks(cx, cy, x, y));
    out.push(
      `<circle class="ks-ky-water" cx="${cx}" cy="${cy}" r="${HOLE_R}" fill="${hv.frozen ? "#bfe3f7" : HOLE_WATER}" stroke="#5f8fb0" stroke-width="1.5"/>`,
    );
    out.push(balls(hv, cx, cy, false));
    if (hv.frozen) out.push(crystalShape(cx, cy, HOLE_R - 2));
  } else {
    // The GM's view only: the fish under the ice, faded, then the ice drawn over them.
    if (hv.big !== undefined) {
      out.push(
        `<circle cx="${cx}" cy="${cy}" r="${HOLE_R}" fill="${HOLE_WATER}" fill-opacity="0.18"/>`,
      );
      out.push(balls(hv, cx, cy, true));
    }
    out.push(
      `<circle class="ks-ky-ice" cx="${cx}" cy="${cy}" r="${HOLE_R}" fill="#ffffff" fill-opacity="${hv.big !== undefined ? 0.45 : 0.95}" stroke="#8fb3cc" stroke-width="1.5" stroke-dasharray="${hv.big !== undefined ? "3 2" : "none"}"/>`,
    );
  }
  return out.join("");
}
