/** The lake's SVG, drawn from one viewer's view and events only (K4, K19, K20; issue 5 item 2). */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import type { GameEvent, Viewer } from "../../src/rules/index.ts";
import { eventsFor, squareKey, startSession, viewFor } from "../../src/rules/index.ts";

/** A square's index in a 5 x 5 lake's `explored` list. */
const squareIndex = (at: readonly number[]) => at[0]! + 5 * (at[1]! + 5 * at[2]!);
import {
  CELL,
  FISHER_COLOURS,
  LAKE_MIN_FONT,
  LEGIBLE_PX,
  LEVEL_GAP,
  MIN_ZOOM,
  arrowGeometry,
  arrowsOf,
  fitZoom,
  initials,
  lakeSvg,
  levelLayout,
} from "../../src/ui/lake-svg.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import { L, readRepo, secretSession } from "./fixtures.ts";

/** The lake: a group of level panels, each an SVG under its caption. */
const parse = (markup: string) =>
  new JSDOM(`<body>${markup}</body>`).window.document.querySelector(".kolikoly-lake")!;

function draw(session: ReturnType<typeof secretSession>, viewer: Viewer) {
  const view = viewFor(session.state, viewer);
  const events = eventsFor(session.log, viewer);
  return lakeSvg(view, arrowsOf(events, view.round), { localize: L });
}

describe("lake SVG", () => {
  const s = secretSession();
  const unseen = s.state.swarms.filter((w) => !w.seen);

  it("K20 the GM's lake shows every swarm, unseen ones marked; a player's holds none of them", () => {
    const gm = parse(draw(s, "gm"));
    for (const w of unseen)
      expect(
        gm.querySelector(`[data-swarm="${w.id}"]`)?.classList.contains("kolikoly-swarm--unseen"),
      ).toBe(true);
    for (const viewer of ["player", { fisher: "ana" }, { fisher: "bo" }] as Viewer[]) {
      const text = draw(s, viewer);
      for (const w of unseen) expect(text).not.toContain(`data-swarm="${w.id}"`);
      expect(text).not.toContain("unseen");
      const svg = parse(text);
      // No content of any unexplored square: no token, and its name says only "unexplored".
      for (const g of svg.querySelectorAll(".kolikoly-sq--fog")) {
        expect(g.querySelector(".kolikoly-swarm")).toBeNull();
        expect(g.getAttribute("aria-label")).not.toMatch(/swarm|fish/);
      }
      const ids = [...svg.querySelectorAll<SVGGElement>(".kolikoly-swarm")].map(
        (e) => e.dataset.swarm,
      );
      expect(ids.sort()).toEqual(
        s.state.swarms
          .filter((w) => w.seen)
          .map((w) => w.id)
          .sort(),
      );
    }
  });

  it("K19 a secret fish move is an arrow for the GM only; public moves are arrows for all", () => {
    const gmEvents = eventsFor(s.log, "gm");
    const round = s.state.round;
    const secret = gmEvents.filter(
      (e) => e.round === round && e.type === "fishMoved" && e.audience === "gm",
    );
    const gmArrows = arrowsOf(gmEvents, round);
    const playerArrows = arrowsOf(eventsFor(s.log, "player"), round);
    expect(gmArrows.filter((a) => a.kind === "fish").length).toBeGreaterThanOrEqual(secret.length);
    for (const e of secret) {
      const id = (e as Extract<GameEvent, { type: "fishMoved" }>).swarm;
      expect(playerArrows.some((a) => a.who === id)).toBe(false);
    }
    const moved = gmEvents.filter((e) => e.round === round && e.type === "moved").length;
    expect(playerArrows.filter((a) => a.kind === "fisher").length).toBe(moved);
    const svg = parse(draw(s, "player"));
    expect(svg.querySelectorAll(".kolikoly-arrow").length).toBe(playerArrows.length);
  });

  it("K4 a swarm token's bar is fish / max", () => {
    const svg = parse(draw(s, "gm"));
    for (const w of s.state.swarms) {
      const g = svg.querySelector(`[data-swarm="${w.id}"]`);
      if (!g) continue; // more than two swarms in a square: the rest are counted in "+n"
      const bar = Number(g.querySelector(".kolikoly-bar__fill")!.getAttribute("width"));
      const full = Number(g.querySelector(".kolikoly-bar__bg")!.getAttribute("width"));
      expect(bar / full).toBeCloseTo(w.fish / w.max, 2);
      expect(g.querySelector(".kolikoly-swarm__count")!.textContent).toBe(String(w.fish));
    }
  });

  it("K1 scales from 4x4x1 to 12x12x5: one focusable square per board square, levels labelled", () => {
    for (const [w, h, l] of [
      [4, 4, 1],
      [12, 12, 5],
    ] as const) {
      const session = startSession(
        setupFor({ width: w, height: h, levels: l, fishers: 6, seed: 3 }),
      );
      const view = viewFor(session.state, "gm");
      const svg = parse(lakeSvg(view, [], { localize: L }));
      const squares = svg.querySelectorAll(".kolikoly-sq");
      expect(squares.length).toBe(w * h * l);
      expect(svg.querySelectorAll(".kolikoly-level__label").length).toBe(l);
      // Roving tabindex: exactly one square is in the tab order.
      expect(svg.querySelectorAll('.kolikoly-sq[tabindex="0"]').length).toBe(1);
      // One SVG a level, drawn at its own size (zoom 1 here): never squeezed to fit.
      const { width, height } = levelLayout(view.lake);
      const boards = svg.querySelectorAll("svg.kolikoly-level__board");
      expect(boards.length).toBe(l);
      for (const b of boards) {
        expect(b.getAttribute("viewBox")).toBe(`0 0 ${width} ${height}`);
        expect(Number(b.getAttribute("width"))).toBe(width);
      }
      // Column and row numbers, 0-based like `[x,y,level]`.
      const axis = [...boards[0]!.querySelectorAll(".kolikoly-axis__n")].map((t) => t.textContent);
      expect(axis).toEqual([
        ...Array.from({ length: w }, (_, i) => String(i)),
        ...Array.from({ length: h }, (_, i) => String(i)),
      ]);
      // Every fisher drawn on its square (K3 start squares on level 0).
      for (const f of view.fishers) {
        const g = svg.querySelector(`.kolikoly-sq[data-at="${squareKey(f.at)}"]`)!;
        expect(g.getAttribute("aria-label")).toContain(f.name);
      }
    }
  });

  it("draws fishers as lettered tokens in distinct colour-blind-safe colours", () => {
    expect(initials("Ana")).toBe("AN");
    expect(initials("Old Tom")).toBe("OT");
    expect(new Set(FISHER_COLOURS.map(([fill]) => fill)).size).toBe(6);
  });

  it("[x,y,level] 0-based: a square's name is its coordinates as a scenario file writes them", () => {
    const view = viewFor(s.state, "gm");
    const svg = parse(lakeSvg(view, [], { localize: L }));
    const g = svg.querySelector('.kolikoly-sq[data-at="3,1,0"]')!;
    expect(g.getAttribute("aria-label")).toMatch(/^Square \[3,1,0\];/);
  });

  it("one level at a time, at a zoom never below the legibility floor", () => {
    const session = startSession(
      setupFor({ width: 12, height: 12, levels: 5, fishers: 6, seed: 3 }),
    );
    const view = viewFor(session.state, "gm");
    const one = parse(lakeSvg(view, [], { localize: L, level: 2, zoom: 0.2 }));
    expect(
      [...one.querySelectorAll(".kolikoly-level")].map((e) => e.getAttribute("data-level")),
    ).toEqual(["2"]);
    const board = one.querySelector("svg")!;
    // A zoom below the floor is refused: the smallest text stays at LEGIBLE_PX or more.
    expect(Number(board.getAttribute("width"))).toBeCloseTo(
      levelLayout(view.lake).width * MIN_ZOOM,
      1,
    );
    expect(LAKE_MIN_FONT * MIN_ZOOM).toBeGreaterThanOrEqual(LEGIBLE_PX);
    // "Fit" shows as many levels side by side as stay legible, else one, else scrolls.
    const lvl = levelLayout(view.lake).width;
    expect(fitZoom(300, view.lake, 5)).toBe(MIN_ZOOM);
    expect(fitZoom(lvl * 2 + LEVEL_GAP, view.lake, 5)).toBe(1);
    for (const avail of [320, 390, 950, 1450, 3000])
      expect(fitZoom(avail, view.lake, 5)).toBeGreaterThanOrEqual(MIN_ZOOM);
  });

  it("every text class on the lake is at least LAKE_MIN_FONT units (styles/sandbox.css)", () => {
    const css = readRepo("styles/sandbox.css");
    const classes = [
      "kolikoly-fisher__label",
      "kolikoly-swarm__count",
      "kolikoly-more",
      "kolikoly-axis__n",
      "kolikoly-arrow__level",
      "kolikoly-sq__fog",
      "kolikoly-level__label",
    ];
    for (const c of classes) {
      const rule = new RegExp(`\\.${c}\\s*\\{[^}]*font-size:\\s*(\\d+(?:\\.\\d+)?)px`).exec(css);
      expect(rule, c).not.toBeNull();
      expect(Number(rule![1]), c).toBeGreaterThanOrEqual(LAKE_MIN_FONT);
    }
    // And every text the lake draws carries one of those classes (or sits in a group that does).
    const view = viewFor(s.state, "gm");
    const svg = parse(draw(s, "gm"));
    for (const t of svg.querySelectorAll("text"))
      expect(
        classes.some((c) => t.classList.contains(c) || t.closest(`.${c}`)) ||
          t.closest(".kolikoly-fisher") !== null ||
          t.closest(".kolikoly-swarm") !== null,
        t.outerHTML,
      ).toBe(true);
    expect(view.round).toBeGreaterThan(0);
  });

  it("a move's arrow is drawn under every token, and a move between levels stays in the square entered", () => {
    const svg = parse(draw(s, "gm"));
    const arrows = svg.querySelectorAll(".kolikoly-arrow");
    expect(arrows.length).toBeGreaterThan(0);
    for (const a of arrows) {
      const board = a.closest("svg")!;
      // Document order is paint order in SVG: the arrow comes before every token of its level.
      for (const tok of board.querySelectorAll(".kolikoly-fisher, .kolikoly-swarm, .kolikoly-more"))
        expect(a.compareDocumentPosition(tok) & 4 /* FOLLOWING */).toBeTruthy();
    }
    // A level change is drawn inside the square entered, clear of the level's title and numbers.
    const Lay = levelLayout({ width: 4, height: 4 });
    for (const [x, y] of [
      [0, 0],
      [3, 3],
    ] as const)
      for (const kind of ["fisher", "fish"] as const)
        for (const dl of [1, -1]) {
          const g = arrowGeometry(Lay, { kind, from: [x, y, 1 - dl], to: [x, y, 1], who: "a" });
          const [sx, sy] = Lay.origin(x, y);
          for (const px of [g.x1, g.x2, g.mark!.x]) expect(px).toBeGreaterThan(sx);
          for (const px of [g.x1, g.x2, g.mark!.x]) expect(px).toBeLessThan(sx + CELL);
          for (const py of [g.y1, g.y2, g.mark!.y - 12]) expect(py).toBeGreaterThan(sy);
          for (const py of [g.y1, g.y2]) expect(py).toBeLessThan(sy + CELL);
        }
  });

  it("a \"+n\" token tells what it hides: the swarms' counts and the fishers' names not drawn", () => {
    const st = startSession(
      setupFor({ width: 5, height: 5, levels: 1, fishers: 3, seed: 1 }),
    ).state;
    const at = [2, 2, 0] as const;
    const explored = [...st.explored];
    explored[squareIndex(at)] = 1;
    const base = st.swarms[0]!;
    const sizes = [
      [5, 8],
      [3, 6],
      [2, 9],
    ] as const;
    const state = {
      ...st,
      explored,
      fishers: st.fishers.map((f) => ({ ...f, at: [...at] as typeof f.at })),
      swarms: sizes.map(([fish, max], i) => ({
        ...base,
        id: `w${i}`,
        at: [...at],
        fish,
        max,
        seen: true,
      })),
    } as typeof st;
    const view = viewFor(state, "gm");
    const sq = parse(lakeSvg(view, [], { localize: L })).querySelector(
      `[data-at="${squareKey([...at])}"]`,
    )!;
    // Two swarm tokens fit: the first is drawn and the other two are "+2".
    const swarms = sq.querySelector(".kolikoly-more-swarms")!;
    expect(swarms.querySelector(".kolikoly-more")!.textContent).toBe("+2");
    const hidden = [1, 2].map((i) =>
      L("KOLIKOLY.Sandbox.Lake.SwarmLabel", { fish: sizes[i]![0], max: sizes[i]![1] }),
    );
    expect(swarms.querySelector("title")!.textContent).toBe(
      L("KOLIKOLY.Sandbox.Lake.NotDrawn", { list: hidden.join("; ") }),
    );
    const fishers = sq.querySelector(".kolikoly-more-fishers")!;
    expect(fishers.querySelector(".kolikoly-more")!.textContent).toBe("+2");
    expect(fishers.querySelector("title")!.textContent).toBe(
      L("KOLIKOLY.Sandbox.Lake.NotDrawn", {
        list: view.fishers
          .slice(1)
          .map((f) => f.name)
          .join(", "),
      }),
    );
  });
});
