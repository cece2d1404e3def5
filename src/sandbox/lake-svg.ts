/**
 * The lake as SVG markup (a string), drawn only from what one viewer may know: a `LakeView`
 * from `viewFor` and that viewer's events from `eventsFor`. Nothing else goes in, so a player's
 * lake cannot hold an unseen swarm or an unexplored square's contents (K20).
 * Levels side by side (three to a row), fog over unexplored squares, swarm tokens with a
 * fish / max bar (K4), fishers as lettered tokens, last round's moves as arrows.
 * Colours: the Okabe-Ito colour-blind-safe palette; nothing is told by colour alone.
 */
import type { Coord, GameEvent, LakeView } from "../rules/index.ts";
import { sameSquare, squareKey } from "../rules/index.ts";
import type { Localize } from "../ui/handlebars-helpers.ts";
import { coordLabel } from "../ui/handlebars-helpers.ts";

export const CELL = 56;
const PAD = 16;
const LABEL = 26;
const GAP = 28;
const PER_ROW = 3;

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

export interface Arrow {
  readonly kind: "fisher" | "fish";
  readonly from: Coord;
  readonly to: Coord;
  /** Fisher id, or swarm id. */
  readonly who: string;
}

export interface LakeDrawOptions {
  readonly localize: Localize;
  /** The square holding the keyboard focus (roving tabindex); defaults to the first square. */
  readonly focus?: Coord;
  /** Squares the active declaration may target (highlighted), and the one chosen. */
  readonly targets?: readonly Coord[];
  readonly chosen?: Coord;
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

export interface LakeLayout {
  readonly width: number;
  readonly height: number;
  origin(level: number): readonly [x: number, y: number];
  centre(at: Coord): readonly [x: number, y: number];
}

export function layoutOf(view: Pick<LakeView, "lake">): LakeLayout {
  const { width: w, height: h, levels } = view.lake;
  const cols = Math.min(levels, PER_ROW);
  const rows = Math.ceil(levels / PER_ROW);
  const panelW = w * CELL;
  const panelH = h * CELL + LABEL;
  const origin = (level: number): readonly [number, number] => [
    PAD + (level % PER_ROW) * (panelW + GAP),
    PAD + LABEL + Math.floor(level / PER_ROW) * (panelH + GAP),
  ];
  return {
    width: PAD * 2 + cols * panelW + (cols - 1) * GAP,
    height: PAD * 2 + rows * panelH + (rows - 1) * GAP,
    origin,
    centre: (at) => {
      const [ox, oy] = origin(at[2]);
      return [ox + at[0] * CELL + CELL / 2, oy + at[1] * CELL + CELL / 2];
    },
  };
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
  const swarms = view.swarms.filter((s) => sameSquare(s.at, at));
  for (const s of swarms)
    parts.push(
      localize(
        s.seen ? "KOLIKOLY.Sandbox.Lake.SwarmLabel" : "KOLIKOLY.Sandbox.Lake.UnseenSwarmLabel",
        { fish: s.fish, max: s.max },
      ),
    );
  const names = view.fishers.filter((f) => sameSquare(f.at, at)).map((f) => f.name);
  if (names.length)
    parts.push(localize("KOLIKOLY.Sandbox.Lake.FishersHere", { names: names.join(", ") }));
  return parts.join("; ");
}

export function lakeSvg(view: LakeView, arrows: readonly Arrow[], opts: LakeDrawOptions): string {
  const { localize } = opts;
  const L = layoutOf(view);
  const { width: w, height: h, levels } = view.lake;
  const focus = opts.focus ?? view.fishers[0]?.at ?? ([0, 0, 0] as Coord);
  const explored = new Set(view.explored.map(squareKey));
  const targets = new Set((opts.targets ?? []).map(squareKey));
  const chosen = opts.chosen ? squareKey(opts.chosen) : undefined;
  const out: string[] = [];
  out.push(
    // A small lake is not blown up past 1.25 px a unit (a 70 px square); a big one shrinks to fit.
    `<svg xmlns="http://www.w3.org/2000/svg" class="kolikoly-lake" viewBox="0 0 ${L.width} ${L.height}" style="max-width:${Math.round(L.width * 1.25)}px" role="group" aria-roledescription="${escapeXml(localize("KOLIKOLY.Sandbox.Lake.Roledescription"))}" aria-label="${escapeXml(localize("KOLIKOLY.Sandbox.Lake.Label", { width: w, height: h, levels }))}" data-round="${view.round}">`,
    `<defs>`,
    `<pattern id="kolikoly-fog" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#cfcfcf"/><rect width="3" height="8" fill="#e4e4e4"/></pattern>`,
    `<marker id="kolikoly-head-fisher" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="context-stroke"/></marker>`,
    `<marker id="kolikoly-head-fish" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${FISH_MOVE_COLOUR}"/></marker>`,
    `</defs>`,
  );
  for (let l = 0; l < levels; l++) {
    const [ox, oy] = L.origin(l);
    const depthShade = ["#DDEFFA", "#C4E2F5", "#AAD3EF", "#90C3E8", "#78B3DF"][Math.min(l, 4)]!;
    out.push(
      `<g class="kolikoly-level" data-level="${l}">`,
      `<text class="kolikoly-level__label" x="${ox}" y="${oy - 8}">${escapeXml(localize(l === 0 ? "KOLIKOLY.Sandbox.Lake.LevelTop" : "KOLIKOLY.Sandbox.Lake.Level", { level: l }))}</text>`,
    );
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const at: Coord = [x, y, l];
        const key = squareKey(at);
        const isExplored = explored.has(key);
        const sx = ox + x * CELL;
        const sy = oy + y * CELL;
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
          `<g class="${cls}" data-at="${key}" tabindex="${tab}" role="button" aria-label="${escapeXml(squareLabel(view, at, localize))}"${targets.has(key) ? ` aria-describedby="kolikoly-target-hint"` : ""}>`,
          `<rect class="kolikoly-sq__bg" x="${sx + 1}" y="${sy + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="4" fill="${isExplored ? depthShade : "url(#kolikoly-fog)"}"/>`,
        );
        if (!isExplored)
          out.push(
            `<text class="kolikoly-sq__fog" x="${sx + CELL / 2}" y="${sy + 22}" text-anchor="middle" aria-hidden="true">?</text>`,
          );
        out.push(squareTokens(view, at, sx, sy));
        out.push(`</g>`);
      }
    out.push(`</g>`);
  }
  out.push(`<g class="kolikoly-arrows" aria-hidden="true">`);
  for (const a of arrows) out.push(arrowPath(view, L, a));
  out.push(`</g></svg>`);
  return out.join("");
}

function squareTokens(view: LakeView, at: Coord, sx: number, sy: number): string {
  const out: string[] = [];
  const fishers = view.fishers.filter((f) => sameSquare(f.at, at));
  const shown = fishers.slice(0, fishers.length > 3 ? 2 : 3);
  shown.forEach((f, i) => {
    const [fill, text] = fisherColour(view, f.id);
    const cx = sx + 11 + i * 17;
    const cy = sy + 13;
    out.push(
      `<g class="kolikoly-fisher" data-fisher="${escapeXml(f.id)}"><circle cx="${cx}" cy="${cy}" r="9.5" fill="${fill}" stroke="#ffffff" stroke-width="1.5"/><text x="${cx}" y="${cy + 3.5}" text-anchor="middle" fill="${text}" class="kolikoly-fisher__label">${escapeXml(initials(f.name))}</text><title>${escapeXml(f.name)}</title></g>`,
    );
  });
  if (fishers.length > shown.length)
    out.push(
      `<text class="kolikoly-more" x="${sx + 46}" y="${sy + 17}" text-anchor="middle">+${fishers.length - shown.length}</text>`,
    );
  const swarms = view.swarms.filter((s) => sameSquare(s.at, at));
  const sw = swarms.slice(0, swarms.length > 2 ? 1 : 2);
  sw.forEach((s, i) => {
    const tx = sx + 4 + i * 25;
    const ty = sy + 27;
    const frac = s.max > 0 ? Math.max(0, Math.min(1, s.fish / s.max)) : 0;
    out.push(
      `<g class="kolikoly-swarm${s.seen ? "" : " kolikoly-swarm--unseen"}" data-swarm="${escapeXml(s.id)}">`,
      `<rect x="${tx}" y="${ty}" width="23" height="14" rx="6" fill="${FISH_COLOUR}"${s.seen ? "" : ` fill-opacity="0.45" stroke="#000" stroke-dasharray="2 2"`}/>`,
      `<text x="${tx + 11.5}" y="${ty + 10.5}" text-anchor="middle" class="kolikoly-swarm__count">${s.fish}</text>`,
      `<rect class="kolikoly-bar__bg" x="${tx}" y="${ty + 16}" width="23" height="5" fill="#4d4d4d"/>`,
      `<rect class="kolikoly-bar__fill" x="${tx}" y="${ty + 16}" width="${(23 * frac).toFixed(1)}" height="5" fill="#009E73"/>`,
      `<title>${s.fish}/${s.max}</title></g>`,
    );
  });
  if (swarms.length > sw.length)
    out.push(
      `<text class="kolikoly-more" x="${sx + 41}" y="${sy + 38}" text-anchor="middle">+${swarms.length - sw.length}</text>`,
    );
  return out.join("");
}

function arrowPath(view: LakeView, L: LakeLayout, a: Arrow): string {
  const [x2, y2] = L.centre(a.to);
  const down = a.to[2] > a.from[2];
  const levelChange = a.to[2] !== a.from[2];
  // A move between levels is drawn inside the square entered, from its corner, with a level
  // mark (down or up), rather than as a line across the other panels.
  const [x1, y1] = levelChange
    ? [x2 - CELL * 0.62, y2 + (down ? -CELL * 0.62 : CELL * 0.62)]
    : L.centre(a.from);
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len = Math.hypot(dx, dy) || 1;
  // Stop short of the centres so tokens stay readable; fish arrows are offset to the side.
  const off = a.kind === "fish" ? 7 : -7;
  const nx = (-dy / len) * off;
  const ny = (dx / len) * off;
  const trim = levelChange ? 10 : Math.min(14, len / 3);
  const sx = x1 + (levelChange ? 0 : (dx / len) * trim) + nx;
  const sy = y1 + (levelChange ? 0 : (dy / len) * trim) + ny;
  const ex = x2 - (dx / len) * trim + nx;
  const ey = y2 - (dy / len) * trim + ny;
  const colour = a.kind === "fisher" ? fisherColour(view, a.who)[0] : FISH_MOVE_COLOUR;
  const mark = levelChange
    ? `<text class="kolikoly-arrow__level" x="${(sx - 2).toFixed(1)}" y="${(sy + (down ? -1 : 9)).toFixed(1)}" text-anchor="middle" fill="${colour}">${down ? "▼" : "▲"}</text>`
    : "";
  const line =
    a.kind === "fisher"
      ? `<line class="kolikoly-arrow kolikoly-arrow--fisher" x1="${sx.toFixed(1)}" y1="${sy.toFixed(1)}" x2="${ex.toFixed(1)}" y2="${ey.toFixed(1)}" stroke="${colour}" stroke-width="3.5" marker-end="url(#kolikoly-head-fisher)"/>`
      : `<line class="kolikoly-arrow kolikoly-arrow--fish" x1="${sx.toFixed(1)}" y1="${sy.toFixed(1)}" x2="${ex.toFixed(1)}" y2="${ey.toFixed(1)}" stroke="${colour}" stroke-width="2.5" stroke-dasharray="5 3" marker-end="url(#kolikoly-head-fish)"/>`;
  return line + mark;
}
