/**
 * K1-K4: the fishing engine checks its set-up (checkSetup), as Kayanak's newGame does: each bad
 * field comes back as {ok: false, error: {code, field, message}}, with the scenario file's field
 * names, and a good set-up comes back normalised; the scenario format uses the same checks.
 */
import fc from "fast-check";
import { describe, expect, it, test } from "vitest";
import {
  LAKE_LIMITS,
  SCENARIO_FORMAT,
  checkSetup,
  startSession,
  validateScenario,
} from "../../../src/rules/index.ts";
import type { Coord, GameSetup } from "../../../src/rules/index.ts";

const GOOD: GameSetup = {
  seed: 7,
  lake: { width: 4, height: 3, levels: 2, verticalAdjacency: true },
  settings: { catchAC: 12, netDamage: "1d6+@mod", swarmSize: "1d7+3", hazardMode: "narrative" },
  fishers: [
    { id: "ana", name: "Ana", at: [0, 0, 0], mods: { stealth: 4 }, hp: 12 },
    { id: "bo", at: [3, 2, 0], hazardChoice: "aim", netDamage: "2d4" },
  ],
  squares: [{ at: [1, 1, 1], swarms: [5, 3] }],
};

/** A copy of GOOD with one field replaced by a path (`fishers.0.at`). */
function withField(path: string, value: unknown): unknown {
  const copy = structuredClone(GOOD) as unknown as Record<string, unknown>;
  const keys = path.split(".");
  let node = copy as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string, unknown>;
  if (value === undefined) delete node[keys.at(-1)!];
  else node[keys.at(-1)!] = value;
  return copy;
}

describe("checkSetup (K1-K4)", () => {
  it("a good set-up is taken, normalised, and plays as given", () => {
    const r = checkSetup(GOOD);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.lake).toEqual(GOOD.lake);
    expect(startSession(r.value).state).toEqual(startSession(GOOD).state);
    // defaults: seed 1, vertical adjacency on, no squares
    const bare = checkSetup({
      lake: { width: 2, height: 2, levels: 1 },
      fishers: [{ id: "a", at: [0, 0, 0] }],
    });
    expect(bare).toMatchObject({
      ok: true,
      value: { seed: 1, lake: { verticalAdjacency: true }, squares: [] },
    });
  });

  const BAD: [string, string, unknown, string, string][] = [
    ["K1", "lake.width", LAKE_LIMITS.side + 1, "badField", "lake.width"],
    ["K1", "lake.height", 0, "badField", "lake.height"],
    ["K1", "lake.levels", 2.5, "badField", "lake.levels"],
    ["K2", "lake.verticalAdjacency", "yes", "badField", "lake.verticalAdjacency"],
    ["K1", "lake.depth", 3, "unknownField", "lake.depth"],
    ["K1", "lake", undefined, "badField", "lake"],
    ["K1", "seed", 1.5, "badField", "seed"],
    ["K3", "fishers", [], "badField", "fishers"],
    ["K3", "fishers.0.at", [4, 0, 0], "offBoard", "fishers[0].at"],
    ["K3", "fishers.0.at", [0, 0, 1], "startLevel", "fishers[0].at"],
    ["K3", "fishers.0.at", [0, 0], "badCoord", "fishers[0].at"],
    ["K3", "fishers.1.id", "ana", "duplicateFisher", "fishers[1].id"],
    ["K3", "fishers.1.id", "constructor", "badField", "fishers[1].id"],
    ["K3", "fishers.0.hp", 0, "badField", "fishers[0].hp"],
    ["K6", "fishers.0.mods.stealth", LAKE_LIMITS.mod + 1, "badField", "fishers[0].mods.stealth"],
    ["K6", "fishers.0.mods.luck", 1, "unknownField", "fishers[0].mods.luck"],
    ["H4", "fishers.1.hazardChoice", "run", "badField", "fishers[1].hazardChoice"],
    ["K9", "fishers.1.netDamage", "1d6+@str", "badFormula", "fishers[1].netDamage"],
    ["K9", "settings.catchAC", LAKE_LIMITS.catchAC + 1, "badField", "settings.catchAC"],
    ["K4", "settings.swarmSize", "1d6-3", "badFormula", "settings.swarmSize"],
    ["H2", "settings.hazardMode", "deadly", "badField", "settings.hazardMode"],
    ["H1", "settings.hazards", [], "badField", "settings.hazards"],
    ["K4", "squares.0.at", [9, 9, 0], "offBoard", "squares[0].at"],
    ["K4", "squares.0.swarms", [5, LAKE_LIMITS.swarmFish + 1], "badField", "squares[0].swarms[1]"],
    ["K3", "squares.0.at", [0, 0, 0], "startSquare", "squares[0].swarms"],
    ["K1", "rounds", [], "unknownField", "rounds"],
  ];
  for (const [rule, path, value, code, field] of BAD)
    test(`${rule} ${path} = ${JSON.stringify(value) ?? "missing"} is refused as ${code} naming ${field}`, () => {
      const r = checkSetup(withField(path, value));
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toMatchObject({ code, field });
      expect(r.error.message).not.toBe("");
    });

  it("a set-up that is not an object is refused", () => {
    for (const raw of [null, 3, "lake", [GOOD]])
      expect(checkSetup(raw)).toMatchObject({ ok: false, error: { code: "badField", field: "" } });
  });

  it("K1-K4 the scenario format refuses a file's set-up exactly as checkSetup does", () => {
    for (const [, path, value] of BAD.filter(([, p]) => p !== "rounds")) {
      const raw = withField(path, value) as Record<string, unknown>;
      const file = validateScenario({ format: SCENARIO_FORMAT, ...raw, rounds: [] });
      expect(file).toEqual(checkSetup(raw));
    }
  });

  it("K1 K3 any lake within the limits with fishers on level 0 is taken; one past a side is not", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LAKE_LIMITS.side }),
        fc.integer({ min: 1, max: LAKE_LIMITS.side }),
        fc.integer({ min: 1, max: LAKE_LIMITS.levels }),
        fc.integer({ min: 1, max: LAKE_LIMITS.fishers }),
        fc.boolean(),
        (width, height, levels, n, wide) => {
          const fishers = Array.from({ length: n }, (_, i) => ({
            id: `f${i}`,
            at: [i % width, Math.floor(i / width) % height, 0] as Coord,
          }));
          const lake = { width, height, levels, verticalAdjacency: true };
          expect(checkSetup({ seed: 1, lake, fishers }).ok).toBe(true);
          const over = wide ? { ...lake, width: LAKE_LIMITS.side + 1 } : { ...lake, levels: 0 };
          expect(checkSetup({ seed: 1, lake: over, fishers }).ok).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });
});
