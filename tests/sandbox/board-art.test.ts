/**
 * Issue 20 item 2: the boards as pictures for the Foundry canvas (src/ui/board-art.ts), the
 * table's own drawings of a lake level and of the ice sheet made self-contained: every text sized
 * by the picture's own styles and readable at the canvas's usual zoom, nothing outside the picture
 * referenced (an SVG drawn as an image loads nothing), no token, no control.
 */
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { startSession, viewFor } from "../../src/rules/index.ts";
import * as KR from "../../src/rules/kayanak/index.ts";
import type { BoardArt } from "../../src/ui/board-art.ts";
import { ART_CSS, ART_TITLE } from "../../src/ui/board-art.ts";
import { LAKE_MIN_FONT, lakeLevelArt, levelLayout } from "../../src/ui/lake-svg.ts";
import { iceSheetArt } from "../../src/ui/ice-svg.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import * as K from "../../src/sandbox/kayanak/table.ts";
import { SMALL_K, placed as placed2, playTurns } from "./kayanak-fixtures.ts";

describe("the pictures read at the canvas's usual zoom", () => {
  /** Each class's font size in the pictures' own styles. */
  const sizes = new Map<string, number>();
  for (const rule of ART_CSS.split("}")) {
    const [selectors, body] = rule.split("{");
    const size = /font-size:(\d+(?:\.\d+)?)px/.exec(body ?? "")?.[1];
    if (size) for (const sel of selectors!.split(",")) sizes.set(sel.trim().slice(1), Number(size));
  }
  const pictures = (): BoardArt[] => {
    const session = startSession(setupFor({ width: 6, height: 5, levels: 3, fishers: 3, seed: 4 }));
    const lake = viewFor(session.state, "player");
    const t = playTurns(
      placed2(SMALL_K, [
        [0, 0],
        [4, 3],
      ]),
      6,
    );
    const ice = KR.viewFor(K.currentState(t), "player");
    return [
      lakeLevelArt(lake, 0, { title: "Level 0", rows: true }),
      lakeLevelArt(lake, 2, { title: "Level 2", rows: false }),
      iceSheetArt(ice, { title: "Ice sheet", legal: [[1, 1]] }),
    ];
  };

  test("every text has its size in the picture's styles, at least 13 units: 11.6 px at zoom 1 on a 50 px grid", () => {
    let texts = 0;
    for (const a of pictures()) {
      const doc = new JSDOM(a.svg, { contentType: "image/svg+xml" }).window.document;
      for (const el of doc.querySelectorAll("text")) {
        texts++;
        const size = Math.max(
          0,
          ...[...el.classList].map((c) => sizes.get(c) ?? 0),
          Number(el.getAttribute("font-size") ?? 0),
        );
        expect(size, el.outerHTML).toBeGreaterThanOrEqual(LAKE_MIN_FONT);
        // one square of the picture (a.cell units) on one grid square
        expect((size * 50) / a.cell).toBeGreaterThanOrEqual(11);
      }
      // a picture is one document: nothing outside it is referenced
      expect(a.svg).not.toMatch(/(?:href|src)="(?!#)/);
      expect(a.svg).not.toMatch(/url\((?!#)/);
    }
    expect(texts).toBeGreaterThan(60);
  });
});

describe("where a picture's squares are", () => {
  test("K1: square (0, 0) below the title band, right of the row numbers, or at the panel's edge without them", () => {
    const session = startSession(setupFor({ width: 4, height: 3, levels: 2, fishers: 2, seed: 1 }));
    const view = viewFor(session.state, "player");
    const L = levelLayout(view.lake);
    const [ox, oy] = L.origin(0, 0);
    const a = lakeLevelArt(view, 0, { title: "L0", rows: true });
    expect(a.origin).toEqual([ox, oy + ART_TITLE]);
    expect([a.width, a.height]).toEqual([L.width, L.height + ART_TITLE]);
    const b = lakeLevelArt(view, 1, { title: "L1", rows: false });
    expect(b.origin[0]).toBe(3);
    expect(b.width).toBe(L.width - (ox - 3));
    // the first column's square starts where the picture says
    const doc = new JSDOM(b.svg, { contentType: "image/svg+xml" }).window.document;
    const g = doc.querySelector('[data-at="0,0,1"]')!.closest("g[transform]")!;
    const shift = /translate\((-?[\d.]+) (-?[\d.]+)\)/.exec(g.getAttribute("transform")!)!;
    const rect = doc.querySelector('[data-at="0,0,1"] rect')!;
    expect(Number(rect.getAttribute("x")) - 1 + Number(shift[1])).toBe(b.origin[0]);
    expect(Number(rect.getAttribute("y")) - 1 + Number(shift[2])).toBe(b.origin[1]);
    // no row numbers drawn when they are left out
    expect(doc.querySelectorAll(".kolikoly-axis__n")).toHaveLength(view.lake.width);
  });
});
