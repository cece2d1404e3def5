/**
 * Issue 20 item 8: scenes as they are. A lake or a Kayanak board is accepted only on a square
 * grid (v13 CONST.GRID_TYPES.SQUARE, scene.grid.type) and only when every square of it lies in
 * the scene's rectangle (SceneDimensions sceneWidth x sceneHeight, in whole grid squares from the
 * scene's top left). Each refusal names the scene and what is wrong, changes nothing, and the
 * wizard says it before the GM submits. One check (core/grid.ts boardMisfit) serves all three.
 */
import fs from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { TEMPLATE_ROOT } from "../../src/foundry/core/constants.ts";
import { boardMisfit } from "../../src/foundry/core/grid.ts";
import type { SceneData } from "../../src/foundry/core/port.ts";
import type { Result } from "../../src/foundry/core/result.ts";
import {
  kayanakWizardContext,
  showSceneFit,
  wizardContext,
} from "../../src/foundry/apps/wizard-form.ts";
import { FakeClient, renderTemplateFile, strictLocalize } from "./fake/client.ts";
import { FakeServer } from "./fake/server.ts";
import { fisherToken } from "./fake/world.ts";
import { WIZARD_DEFAULTS } from "./fake/wizard.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const lang = (l: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, `lang/${l}.json`), "utf8")) as {
    KOLIKOLY: { Foundry: { SceneFit: Record<string, unknown> } };
  };

/** 40 x 30 whole squares of 100 px: a new Scene's 4000 x 3000 (v13 BaseScene defaults). */
const SQUARE = { gridType: 1, gridSize: 100, sceneWidth: 4000, sceneHeight: 3000 };

describe("the fit of a board on a scene (core/grid.ts)", () => {
  test("a square grid with every square inside fits, to the last whole square", () => {
    expect(boardMisfit(SQUARE, { col: 0, row: 0 }, 40, 30)).toBeUndefined();
    expect(boardMisfit(SQUARE, { col: 34, row: 24 }, 6, 6)).toBeUndefined();
    // a square cut by the scene's edge is outside: 4050 px is still 40 whole squares
    expect(boardMisfit({ ...SQUARE, sceneWidth: 4050 }, { col: 35, row: 0 }, 6, 1)).toEqual({
      kind: "tooLarge",
      columns: 40,
      rows: 30,
    });
  });

  test("hex and gridless scenes are refused whatever the size", () => {
    const names = ["gridless", undefined, "hexOddR", "hexEvenR", "hexOddQ", "hexEvenQ"];
    for (const [type, grid] of names.entries()) {
      if (grid === undefined) continue;
      expect(boardMisfit({ ...SQUARE, gridType: type }, { col: 0, row: 0 }, 1, 1)).toEqual({
        kind: "notSquare",
        grid,
      });
    }
  });

  test("too large, and an origin off the scene (negative, past the edge, not a whole square)", () => {
    expect(boardMisfit(SQUARE, { col: 0, row: 0 }, 41, 1)?.kind).toBe("tooLarge");
    expect(boardMisfit(SQUARE, { col: 0, row: 25 }, 1, 6)?.kind).toBe("tooLarge");
    for (const origin of [
      { col: -1, row: 0 },
      { col: 0, row: -1 },
      { col: 40, row: 0 },
      { col: 0, row: 30 },
      { col: 1.5, row: 0 },
      { col: Number.NaN, row: 0 },
    ])
      expect(boardMisfit(SQUARE, origin, 1, 1), JSON.stringify(origin)).toEqual({
        kind: "offScene",
        columns: 40,
        rows: 30,
      });
  });

  test("the refusals are worded in English, French and German with the same placeholders", () => {
    const holes = (o: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(o).map(([k, v]) => [
          k,
          typeof v === "string" ? [...v.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort() : v,
        ]),
      );
    const en = lang("en").KOLIKOLY.Foundry.SceneFit;
    for (const l of ["fr", "de"]) {
      const other = lang(l).KOLIKOLY.Foundry.SceneFit;
      expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
      expect(holes(other)).toMatchObject(
        Object.fromEntries(Object.entries(holes(en)).filter(([k]) => k !== "Grid")),
      );
    }
  });
});

/** A GM and one fisher on a scene with the given grid. */
async function table(grid: Partial<SceneData>) {
  const server = new FakeServer();
  server.reset();
  const gm = server.addUser("Gamemaster", true);
  const actor = server.addActor("Ana", "character", []);
  const sceneId = server.addScene("Frozen bay", [fisherToken("Ana", actor)], grid);
  const client = new FakeClient(server, gm);
  await client.connect();
  const tokenId = client.scene(sceneId)!.tokens[0]!._id;
  return { server, client, sceneId, tokenId };
}

const CASES: {
  what: string;
  grid: Partial<SceneData>;
  origin: { col: number; row: number };
  code: string;
  says: string[];
}[] = [
  {
    what: "a hex grid",
    grid: { gridType: 2 },
    origin: { col: 1, row: 1 },
    code: "sceneNotSquare",
    says: ["Frozen bay has a hexagonal (odd rows) grid", "needs a square grid"],
  },
  {
    what: "a gridless scene",
    grid: { gridType: 0 },
    origin: { col: 1, row: 1 },
    code: "sceneNotSquare",
    says: ["Frozen bay has a gridless grid"],
  },
  {
    what: "a board larger than the scene",
    grid: { sceneWidth: 400, sceneHeight: 300 },
    origin: { col: 1, row: 0 },
    code: "boardTooLarge",
    says: ["do not fit on Frozen bay, which has 4 × 3 whole squares", "column 1, row 0"],
  },
  {
    what: "an origin off the scene",
    grid: {},
    origin: { col: 40, row: 2 },
    code: "boardOffScene",
    says: ["(column 40, row 2) is not on Frozen bay, which has 40 × 30 whole squares"],
  },
];

describe("createLake and createBoard refuse a scene as it is, by name, changing nothing", () => {
  type T = Awaited<ReturnType<typeof table>>;
  const GAMES: [string, (t: T, c: (typeof CASES)[number]) => Promise<Result<unknown>>][] = [
    [
      "the fishing lake",
      (t, c) =>
        t.client.runtime!.host.createLake({
          sceneId: t.sceneId,
          name: "Bay",
          lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
          origin: c.origin,
          fishers: [{ tokenId: t.tokenId, at: [0, 0, 0] }],
        }),
    ],
    [
      "the Kayanak board",
      (t, c) =>
        t.client.runtime!.kayanak.createBoard({
          sceneId: t.sceneId,
          name: "Ice",
          origin: c.origin,
          width: 4,
          height: 3,
          fishers: [{ tokenId: t.tokenId, at: [0, 0] }],
        }),
    ],
  ];
  for (const c of CASES)
    for (const [game, create] of GAMES)
      test(`${game}: ${c.what}`, async () => {
        const t = await table(c.grid);
        const before = t.server.truth;
        const requests = t.server.requests.length;
        const r = await create(t, c);
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.code).toBe(c.code);
        for (const s of c.says) expect(r.error.message).toContain(s);
        expect(t.server.truth).toEqual(before);
        expect(t.server.requests.length).toBe(requests);
      });

  test("the lake's levels side by side count: 3 levels of 6 with a gap of 1 need 20 columns", async () => {
    const t = await table({ sceneWidth: 2000 });
    const lake = { width: 6, height: 6, levels: 3, verticalAdjacency: true };
    const o = {
      sceneId: t.sceneId,
      name: "Bay",
      lake,
      fishers: [{ tokenId: t.tokenId, at: [0, 0, 0] as [number, number, number] }],
    };
    const host = t.client.runtime!.host;
    expect(await host.createLake({ ...o, origin: { col: 1, row: 0 } })).toMatchObject({
      ok: false,
      error: { code: "boardTooLarge" },
    });
    expect(await host.createLake({ ...o, origin: { col: 0, row: 0 } })).toMatchObject({ ok: true });
  });
});

describe("the wizard says it before the GM submits", () => {
  const form = (html: string) =>
    new JSDOM(`<form>${html}</form>`).window.document.querySelector("form")!;
  const set = (f: HTMLFormElement, fields: Record<string, string>) => {
    for (const [name, value] of Object.entries(fields))
      (f.querySelector(`[name="${name}"]`) as HTMLInputElement).value = value;
  };
  const shown = (f: HTMLFormElement) => {
    const out = f.querySelector<HTMLElement>("[data-scene-fit]")!;
    return {
      text: out.hidden ? null : out.textContent,
      submit: f.querySelector<HTMLButtonElement>("button[type=submit]")!.disabled,
    };
  };

  test("fishing: too wide, then moved back inside; on a hex scene always", async () => {
    const t = await table({ sceneWidth: 1000 });
    const scene = t.client.scene(t.sceneId)!;
    const f = form(
      renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
        ...wizardContext([scene], t.sceneId, WIZARD_DEFAULTS),
        levelsAvailable: false,
      }),
    );
    set(f, { width: "3", height: "3", levels: "2", originCol: "0", originRow: "0", gap: "1" });
    expect(showSceneFit(f, scene, strictLocalize)).toBeUndefined();
    expect(shown(f)).toEqual({ text: null, submit: false });
    // 2 levels of 3 and a gap of 1 from column 4: 11 columns on a 10-column scene
    set(f, { originCol: "4" });
    const said = showSceneFit(f, scene, strictLocalize);
    expect(said).toContain("do not fit on Frozen bay, which has 10 × 30 whole squares");
    expect(shown(f)).toEqual({ text: said, submit: true });
    set(f, { originCol: "3" });
    showSceneFit(f, scene, strictLocalize);
    expect(shown(f)).toEqual({ text: null, submit: false });
    const hex = { ...scene, gridType: 4 };
    expect(showSceneFit(f, hex, strictLocalize)).toContain("hexagonal (odd columns)");
    expect(shown(f).submit).toBe(true);
  });

  test("Kayanak: the board's own width and height from its origin", async () => {
    const t = await table({ sceneWidth: 800, sceneHeight: 600 });
    const scene = t.client.scene(t.sceneId)!;
    const f = form(
      renderTemplateFile(
        `${TEMPLATE_ROOT}/lake-wizard.hbs`,
        kayanakWizardContext([scene], t.sceneId, undefined, () => undefined),
      ),
    );
    // the box's 8 x 6 board fills the 8 x 6 scene exactly
    set(f, { originCol: "0", originRow: "0" });
    expect(showSceneFit(f, scene, strictLocalize)).toBeUndefined();
    expect(shown(f).submit).toBe(false);
    set(f, { originRow: "1" });
    expect(showSceneFit(f, scene, strictLocalize)).toContain("8 × 6 squares from column 0, row 1");
    expect(shown(f).submit).toBe(true);
    set(f, { originRow: "-2" });
    expect(showSceneFit(f, scene, strictLocalize)).toContain("is not on Frozen bay");
  });
});
