/**
 * The Kayanak sheet, dice, log and score as markup (src/sandbox/kayanak/): J10, a player's page
 * holds no covered hole's contents (the fish under the ice are the GM's alone); what is drawn for
 * open holes, crystals and tiles; [x,y] 0-based everywhere; the legibility floor.
 */
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { viewFor } from "../../src/rules/kayanak/index.ts";
import { LAKE_MIN_FONT, MIN_ZOOM } from "../../src/ui/lake-svg.ts";
import { dieSvg } from "../../src/sandbox/kayanak/dice-view.ts";
import { holeLabel, iceHoleLabel, iceSvg } from "../../src/ui/ice-svg.ts";
import {
  dicePanel,
  legendHtml,
  logLinesFor,
  projectKayanak,
  scoreHtml,
  sheetFor,
  statusText,
} from "../../src/sandbox/kayanak/render.ts";
import { kayanakLogHtml } from "../../src/sandbox/kayanak/log.ts";
import * as K from "../../src/sandbox/kayanak/table.ts";
import { L, REPO } from "./fixtures.ts";
import { SMALL_K, placed, playTurns } from "./kayanak-fixtures.ts";

/** Every part of the page drawn from the table, for the viewer it is set to. */
function page(t: K.KayanakTable): string {
  const r = projectKayanak(t);
  const { lines, names } = logLinesFor(r, t, L);
  return [
    statusText(t, r, L),
    sheetFor(t, r, L),
    dicePanel(t, r, L),
    scoreHtml(r, L),
    legendHtml(t, L),
    kayanakLogHtml(lines, names, L),
  ].join("\n");
}

/** Groups of the sheet, by hole: `data-at` to the group's markup. */
function holeGroups(svg: string): Map<string, string> {
  const out = new Map<string, string>();
  const re =
    /<g class="ks-ky-hole[^"]*" data-at="(\d+,\d+)"[\s\S]*?<\/g>(?=<g class="ks-ky-hole|<g class="ks-ky-tokens)/g;
  for (const m of svg.matchAll(re)) out.set(m[1]!, m[0]);
  return out;
}

const game = () =>
  playTurns(
    placed(SMALL_K, [
      [0, 0],
      [4, 3],
    ]),
    6,
  );

describe("Kayanak sheet: J10 a player's page holds no covered hole's contents", () => {
  it("the game under test has covered holes with fish and open ones", () => {
    const s = game().session.state;
    expect(s.holes.some((h) => !h.open && h.big + h.small > 0)).toBe(true);
    expect(s.holes.some((h) => h.open)).toBe(true);
  });

  it("a fisher's sheet draws fish only in open holes; the GM's shows them under the ice", () => {
    const t = game();
    const s = t.session.state;
    const player = holeGroups(
      sheetFor(
        K.setViewer(t, { fisher: "bo" }),
        projectKayanak(K.setViewer(t, { fisher: "bo" })),
        L,
      ),
    );
    const gm = holeGroups(sheetFor(t, projectKayanak(t), L));
    expect(player.size).toBe(s.holes.length);
    s.holes.forEach((h, i) => {
      const at = `${i % s.board.width},${Math.floor(i / s.board.width)}`;
      const p = player.get(at)!;
      const g = gm.get(at)!;
      if (h.open) {
        expect(p).toContain(`data-big="${h.big}" data-small="${h.small}"`);
        expect(p).not.toContain("ks-ky-ball--under");
      } else {
        expect(p).not.toContain("data-big");
        expect(p).not.toContain("ks-ky-ball");
        expect(p).not.toContain("under the ice");
        expect(g).toContain(`data-big="${h.big}" data-small="${h.small}"`);
        if (h.big + h.small > 0) expect(g).toContain("ks-ky-ball--under");
      }
    });
  });

  it("nothing of the page for a player (sheet, log, score, dice, legend) tells where fish lie under the ice", () => {
    const t = K.setViewer(game(), { fisher: "ana" });
    const html = page(t);
    expect(html).not.toContain("ks-ky-ball--under");
    expect(html).not.toContain("under the ice");
    expect(html).not.toContain("(GM)");
    expect(html).not.toMatch(/fell into \d+ holes/);
    // The GM's page has all of it.
    const gm = page(K.setViewer(t, "gm"));
    expect(gm).toContain("ks-ky-ball--under");
    expect(gm).toContain("under the ice");
    expect(gm).toMatch(/\(GM\)<\/span> \d+ big and \d+ small fish fell into \d+ holes/);
  });

  it("while the bears are placed, a player's sheet is all ice, with no fish anywhere", () => {
    const t = K.setViewer(K.newKayanakTable(SMALL_K), { fisher: "ana" });
    const html = page(t);
    expect(html).not.toContain("ks-ky-ball");
    expect(html).not.toContain("data-big");
    expect(page(K.setViewer(t, "gm"))).toContain("data-big");
  });
});

describe("Kayanak sheet: what is drawn", () => {
  it("holes are named [x,y], 0-based, with their floe, ice, fish and bears", () => {
    const t = game();
    const view = viewFor(K.currentState(t), "gm");
    const h = view.holes.find((x) => x.at[0] === 0 && x.at[1] === 0)!;
    expect(holeLabel([3, 0])).toBe("[3,0]");
    const label = iceHoleLabel(view, h, L);
    expect(label).toMatch(/^Hole \[0,0\] of floe \d+; /);
    const svg = iceSvg(view, { localize: L });
    for (let x = 0; x < view.width; x++) expect(svg).toContain(`<text class="kolikoly-axis__n" x=`);
    expect(svg).toContain('data-at="4,3"');
    expect(svg).not.toMatch(/data-at="5,/);
  });

  it("an opened hole has cracks and its fish as balls; a frozen one a crystal; a banned floe its sign", () => {
    const o = { ...SMALL_K, variant: "weather" as const };
    let t = placed(o, [
      [0, 0],
      [4, 3],
    ]);
    t = K.roll(K.setForce(K.setForce(t, "die", 4), "temperature", 3));
    t = K.chooseHole(t, [1, 0]);
    t = K.chooseHole(K.setKind(t, "crystal"), [1, 0]);
    t = K.endTurn(t);
    t = K.roll(K.setForce(K.setForce(t, "die", 1), "temperature", 1));
    const s = K.currentState(t);
    const bearFloes = s.fishers.map((f) => s.board.floeOf[f.at[0] + s.board.width * f.at[1]]);
    const free = s.board.floes.findIndex((_, i) => !bearFloes.includes(i));
    t = K.chooseHole(K.setKind(t, "tile"), s.board.floes[free]![0]!);
    const svg = sheetFor(t, projectKayanak(K.setViewer(t, { fisher: "bo" })), L);
    const open = holeGroups(svg).get("1,0")!;
    expect(open).toContain("ks-ky-cracks");
    expect(open).toContain("ks-ky-crystal");
    expect(open).toContain('data-frozen="true"');
    const hole = s.holes[1]!;
    expect((open.match(/ks-ky-ball--big/g) ?? []).length).toBe(Math.min(hole.big, 3));
    expect((open.match(/ks-ky-ball--small/g) ?? []).length).toBe(Math.min(hole.small, 7));
    expect(svg).toContain(`class="ks-ky-tile" data-floe="${free}"`);
    expect(svg).toContain("ks-ky-banned");
    expect(legendHtml(t, L)).toContain("No trespassing!");
  });

  it("the legal holes of the chosen step kind are highlighted, and only for whoever may act", () => {
    let t = placed(SMALL_K, [
      [0, 0],
      [4, 3],
    ]);
    t = K.roll(K.setForce(t, "die", 1));
    const gm = sheetFor(t, projectKayanak(t), L);
    const legal = [...gm.matchAll(/ks-ky-hole--legal" data-at="(\d+,\d+)"/g)].map((m) => m[1]);
    expect(legal.sort()).toEqual(K.legalHoles(t).map(String).sort());
    expect(gm).toContain("click to move here");
    const bo = K.setFollow(K.setViewer(t, { fisher: "bo" }), false);
    expect(sheetFor(bo, projectKayanak(bo), L)).not.toContain("ks-ky-hole--legal");
  });

  it("the dice show the rules' faces: an icon over the dots, with the face named", () => {
    const die = dieSvg({ face: "pickax", dots: 3 }, "action", L);
    expect(die).toContain('data-face="pickax"');
    expect(die).toContain('aria-label="Action die: Pickax 3"');
    expect((die.match(/<circle [^>]*r="4" fill="#1b1b1b"/g) ?? []).length).toBe(3);
    let t = placed({ ...SMALL_K, variant: "weather" }, [
      [0, 0],
      [4, 3],
    ]);
    const before = dicePanel(t, projectKayanak(t), L);
    expect(before).toContain('id="ks-ky-force-die"');
    expect(before).toContain('id="ks-ky-force-temperature"');
    t = K.roll(t);
    const panel = dicePanel(t, projectKayanak(t), L);
    expect(panel).toContain("ks-ky-die--action");
    expect(panel).toContain("ks-ky-die--temperature");
    expect(panel).toContain("0 of");
  });

  it("the score names the winners at the end; points in the weather variant", () => {
    const t = playTurns(
      placed(SMALL_K, [
        [0, 0],
        [4, 3],
      ]),
      400,
    );
    const r = projectKayanak(t);
    const html = scoreHtml(r, L);
    for (const w of t.session.state.winners)
      expect(html).toMatch(new RegExp(`data-fisher="${w}"><span[^]*?wins`));
    expect(statusText(t, r, L)).toMatch(/^Game over: .* won \(.*\)\.$/);
    const w = placed({ ...SMALL_K, variant: "weather" }, [
      [0, 0],
      [4, 3],
    ]);
    expect(scoreHtml(projectKayanak(w), L)).toContain("Ana: score 0 (0 big, 0 small)");
  });

  it("the log tells each step with [x,y] holes, grouped by turn", () => {
    let t = placed(SMALL_K, [
      [0, 0],
      [4, 3],
    ]);
    t = K.roll(K.setForce(t, "die", 2));
    t = K.chooseHole(t, [1, 0]);
    t = K.endTurn(t);
    const { lines, names } = logLinesFor(projectKayanak(t), t, L);
    const html = kayanakLogHtml(lines, names, L);
    expect(html).toContain("Turn 1: Ana");
    expect(html).toContain("Ana rolls Bear 3: 3 dots.");
    expect(html).toContain("Ana moves from [0,0] to [1,0].");
    expect(html).toContain("Ana loses the dots not used: 2.");
    expect(lines.map((l) => l.text)).toContain("Ana's turn ends; Bo plays next.");
  });

  it("text on the sheet is never below the floor: 13 units at least, never drawn below MIN_ZOOM", () => {
    const css = readFileSync(new URL("styles/kayanak.css", REPO), "utf8");
    for (const m of css.matchAll(/font-size:\s*(\d+(?:\.\d+)?)px/g))
      expect(Number(m[1])).toBeGreaterThanOrEqual(LAKE_MIN_FONT);
    const t = game();
    const svg = iceSvg(viewFor(K.currentState(t), "gm"), { localize: L, zoom: 0.1 });
    expect(svg).toContain(`data-zoom="${MIN_ZOOM}"`);
  });
});

describe("Kayanak sheet: the bears", () => {
  it("a bear's token is centred on the hole it stands on", () => {
    const t = game();
    const doc = new JSDOM(`<body>${sheetFor(t, projectKayanak(t), L)}</body>`).window.document;
    const bears = [...doc.querySelectorAll<SVGGElement>(".ks-ky-bear")];
    expect(bears.length).toBe(t.session.state.fishers.length);
    for (const b of bears) {
      const f = t.session.state.fishers.find((x) => x.id === b.dataset.fisher)!;
      const hole = doc.querySelector(`.ks-ky-hole[data-at="${f.at[0]},${f.at[1]}"]`)!;
      const rim = hole.querySelector(".ks-ky-water, .ks-ky-ice")!;
      const token = b.querySelector("circle:not(.ks-ky-bear__ring)")!;
      const centre = (c: Element) => [c.getAttribute("cx"), c.getAttribute("cy")];
      expect(centre(token), f.id).toEqual(centre(rim));
      for (const ring of b.querySelectorAll(".ks-ky-bear__ring"))
        expect(centre(ring)).toEqual(centre(rim));
    }
  });
});
