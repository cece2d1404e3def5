/**
 * The lake's limits live once (src/rules/lake/limits.ts): every place that takes a lake's size
 * or a party accepts exactly LAKE_LIMITS, its last value and not one more: the scenario format,
 * the engine's set-up check (which Foundry's createLake and the table call), the simulator's
 * options (the CLI's --lake and --fishers), the length estimate's worker, the table's New game
 * form and URL, and the Foundry wizard's input bounds.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  LAKE_LIMITS,
  LAKE_LIMITS_TEXT,
  SCENARIO_FORMAT,
  checkSetup,
  validateScenario,
} from "../../../src/rules/index.ts";
import { checkSimOptions, parseLake } from "../../../src/rules/sim/options.ts";
import { checkEstimateRequest } from "../../../src/ui/length-estimate.ts";
import { checkOptions, optionRanges, TABLE_DEFAULTS } from "../../../src/sandbox/table.ts";
import type { SceneData } from "../../../src/foundry/core/port.ts";
import { wizardContext } from "../../../src/foundry/apps/wizard-form.ts";
import { errorKey } from "../../../src/foundry/players/protocol.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const { side, levels, fishers } = LAKE_LIMITS;

type Size = { width: number; height: number; levels: number; fishers: number };
const AT_LIMIT: Size = { width: side, height: side, levels, fishers };
/** One past each limit, one field at a time (and 0 below). */
const PAST: [keyof Size, Size][] = (["width", "height", "levels", "fishers"] as const).flatMap(
  (k) => [
    [k, { ...AT_LIMIT, [k]: AT_LIMIT[k] + 1 }] as [keyof Size, Size],
    [k, { ...AT_LIMIT, [k]: 0 }] as [keyof Size, Size],
  ],
);

function scenario(s: Size): unknown {
  return {
    format: SCENARIO_FORMAT,
    lake: { width: s.width, height: s.height, levels: s.levels },
    fishers: Array.from({ length: s.fishers }, (_, i) => ({
      id: `f${i}`,
      at: [i % Math.max(1, s.width), 0, 0],
    })),
    rounds: [],
  };
}
const scene: SceneData = {
  _id: "sc",
  name: "Lake",
  flags: {},
  gridSize: 100,
  sceneX: 0,
  sceneY: 0,
  sceneWidth: 4000,
  sceneHeight: 3000,
  gridType: 1,
  tokens: Array.from({ length: fishers + 1 }, (_, i) => ({
    _id: `t${i}`,
    name: `T${i}`,
    x: 0,
    y: 0,
    width: 1,
    height: 1,
    elevation: 0,
    actorId: `a${i}`,
    actorLink: true,
    hidden: false,
  })),
};
/** The set-up Foundry's createLake and the table hand to the engine's check. */
function setupOf(s: Size, settings?: object): unknown {
  const file = scenario(s) as Record<string, unknown>;
  return { seed: 1, lake: file.lake, fishers: file.fishers, ...(settings ? { settings } : {}) };
}

/** Each place's verdict on a lake size and party: true when accepted. */
const PLACES: Record<string, (s: Size) => boolean> = {
  "the scenario format": (s) => validateScenario(scenario(s)).ok,
  "the simulator and the CLI": (s) =>
    checkSimOptions({
      fishers: s.fishers,
      lake: parseLake(`${s.width}x${s.height}x${s.levels}`) ?? {
        width: -1,
        height: -1,
        levels: -1,
        verticalAdjacency: true,
      },
    }).ok,
  "the length estimate": (s) =>
    checkEstimateRequest({
      id: 1,
      kind: "estimate",
      fishers: s.fishers,
      games: 10,
      lake: { width: s.width, height: s.height, levels: s.levels },
    }).ok,
  "the table's New game form": (s) => checkOptions({ ...TABLE_DEFAULTS, ...s }) === undefined,
  "the engine's set-up check (Foundry's createLake, the table)": (s) => checkSetup(setupOf(s)).ok,
};

describe("one set of lake limits (K1, K3)", () => {
  for (const [place, accepts] of Object.entries(PLACES)) {
    it(`${place} takes a ${side}x${side}x${levels} lake with ${fishers} fishers`, () => {
      expect(accepts(AT_LIMIT)).toBe(true);
    });
    it(`${place} refuses a size or party past the limits`, () => {
      const taken = PAST.filter(([, s]) => accepts(s)).map(([k, s]) => `${k}=${s[k]}`);
      expect(taken).toEqual([]);
    });
  }

  it("the table's URL ranges and the wizard's input bounds are the limits", () => {
    expect(optionRanges()).toMatchObject({
      width: [1, side],
      height: [1, side],
      levels: [1, levels],
      fishers: [1, fishers],
    });
    const ctx = wizardContext([scene], "sc", {
      width: 6,
      height: 6,
      levels: 3,
      verticalAdjacency: true,
      catchAC: 10,
      netDamage: "1d6",
      swarmSize: "1d7+3",
      hazardMode: "size-and-wounds",
      markers: "remove",
    });
    expect(ctx.limits).toBe(LAKE_LIMITS);
    const hbs = fs.readFileSync(path.join(ROOT, "templates/foundry/lake-wizard.hbs"), "utf8");
    for (const name of ["width", "height", "levels", "catchAC"])
      expect(hbs).toMatch(new RegExp(`name="${name}" [^>]*max="\\{\\{(kayanakL|l)imits\\.`));
    expect(hbs).not.toMatch(/max="(32|9|30|40)"/);
  });

  it("K9 a catch AC past the limit is refused by the scenario format and the set-up check alike", () => {
    const ac = (catchAC: number) => ({ catchAC });
    const file = (catchAC: number) => ({
      ...(scenario(AT_LIMIT) as object),
      settings: ac(catchAC),
    });
    expect(validateScenario(file(LAKE_LIMITS.catchAC)).ok).toBe(true);
    expect(checkSetup(setupOf(AT_LIMIT, ac(LAKE_LIMITS.catchAC))).ok).toBe(true);
    const over = LAKE_LIMITS.catchAC + 1;
    expect(validateScenario(file(over)).ok).toBe(false);
    expect(checkSetup(setupOf(AT_LIMIT, ac(over)))).toMatchObject({
      ok: false,
      error: { field: "settings.catchAC" },
    });
  });

  it("the scenario-format document states the same limits", () => {
    const doc = fs.readFileSync(path.join(ROOT, "docs/scenario-format.md"), "utf8");
    expect(doc).toMatch(new RegExp(`\\| \`width\` +\\| whole number, 1 to ${side} `));
    expect(doc).toMatch(new RegExp(`\\| \`levels\` +\\| whole number, 1 to ${levels} `));
    expect(doc).toContain(`list of 1 to ${fishers} fishers`);
    expect(doc).toContain(`at most ${LAKE_LIMITS.rounds.toLocaleString("en")} rounds`);
    expect(doc).toMatch(new RegExp(`\`catchAC\` +\\| whole number, 1 to ${LAKE_LIMITS.catchAC} `));
  });

  it("localised size errors are filled from the limits in every language", () => {
    for (const lang of ["en", "fr", "de"]) {
      const data = JSON.parse(fs.readFileSync(path.join(ROOT, `lang/${lang}.json`), "utf8")) as {
        KOLIKOLY: { Foundry: { Error: Record<string, string> } };
      };
      const e = data.KOLIKOLY.Foundry.Error;
      const fill = (t: string) =>
        t.replace(
          /\{(\w+)\}/g,
          (_, k: string) => (LAKE_LIMITS_TEXT as Record<string, string>)[k] ?? `{${k}}`,
        );
      expect(fill(e.badLakeSize!)).toContain(String(side));
      expect(fill(e.badLakeSize!)).toContain(String(levels));
      expect(e.badLakeSize!).not.toMatch(/\b(32|9)\b/);
      // too many fishers is the engine's badField on `fishers` now: the Foundry area has no
      // tooManyFishers of its own, so the engine's (Kayanak: one hole must stay free, J11) is shown
      expect(e).not.toHaveProperty("tooManyFishers");
      const has = (key: string) => {
        let node: unknown = data;
        for (const part of key.split("."))
          node = (node as Record<string, unknown> | undefined)?.[part];
        return typeof node === "string";
      };
      expect(errorKey("tooManyFishers", has)).toBe("KOLIKOLY.Error.tooManyFishers");
    }
  });
});
