/** The lake's SVG, drawn from one viewer's view and events only (K4, K19, K20; issue 5 item 2). */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import type { GameEvent, Viewer } from "../../src/rules/index.ts";
import { eventsFor, squareKey, startSession, viewFor } from "../../src/rules/index.ts";
import {
  FISHER_COLOURS,
  arrowsOf,
  initials,
  lakeSvg,
  layoutOf,
} from "../../src/sandbox/lake-svg.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import { L, secretSession } from "./fixtures.ts";

const parse = (svg: string) =>
  new JSDOM(`<body>${svg}</body>`).window.document.querySelector("svg")!;

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
      const { width, height } = layoutOf(view);
      expect(svg.getAttribute("viewBox")).toBe(`0 0 ${width} ${height}`);
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
});
