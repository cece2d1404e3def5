/**
 * Every numeric field of both scenario formats (docs/scenario-format.md), and every list with a
 * length limit, tried at both ends of its range (accepted) and just past each (refused with an
 * error naming that field): a square with a swarm of 1 and of 1000 fish plays, of 0 and of 1001
 * is refused as `squares[0].swarms[0]`. The ranges come from the rules' own limits
 * (src/rules/lake/limits.ts, KAYANAK_LIMITS), so a limit moved there moves here.
 */
import { describe, expect, test } from "vitest";
import { DEFAULT_HAZARDS, LAKE_LIMITS, validateScenario } from "../../src/rules/index.ts";
import * as kayanak from "../../src/rules/kayanak/index.ts";
import { MOD_KEYS } from "../../src/rules/kolikoly/setup.ts";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Doc = { [k: string]: Json };
const K = kayanak;
const SAFE = Number.MAX_SAFE_INTEGER;
/** The most a forced roll may be either way: 100 dice of 1,000 faces. */
const ROLL = 100_000;

interface Bound {
  /** The field the refusal names. */
  readonly field: string;
  readonly base: () => Doc;
  readonly set: (doc: Doc, v: number) => void;
  /** The range's ends; undefined where there is none to step past (a list's length below 0). */
  readonly min?: number;
  readonly max?: number;
}

/** `o.a.b[0]` of a document, for writing: `at(doc, "fishers", 0, "mods").attack = v`. */
function at(doc: Doc, ...path: (string | number)[]): Doc {
  let cur: Json = doc;
  for (const p of path) cur = (cur as Record<string | number, Json>)[p]!;
  return cur as Doc;
}

function checkBounds(
  bounds: readonly Bound[],
  validate: (raw: unknown) => { ok: boolean; error?: { field: string; message: string } },
): void {
  for (const b of bounds)
    test(`${b.field}: ${b.min ?? "-"} and ${b.max ?? "-"} accepted, ${b.min === undefined ? "" : `${b.min - 1} `}${b.max === undefined ? "" : `${b.max + 1} `}refused`, () => {
      expect(validate(b.base()).ok, "the base document").toBe(true);
      for (const v of [b.min, b.max]) {
        if (v === undefined) continue;
        const doc = b.base();
        b.set(doc, v);
        const r = validate(doc);
        expect(r.ok, `${b.field} = ${v}: ${r.error?.field}: ${r.error?.message}`).toBe(true);
      }
      for (const v of [
        b.min === undefined ? undefined : b.min - 1,
        b.max === undefined ? undefined : b.max + 1,
      ]) {
        if (v === undefined) continue;
        const doc = b.base();
        b.set(doc, v);
        const r = validate(doc);
        expect(r.ok, `${b.field} = ${v} accepted`).toBe(false);
        expect(r.error?.field, `${b.field} = ${v}: ${r.error?.message}`).toBe(b.field);
      }
    });
}

// ---------------------------------------------------------------- kolikoly-scenario/1

const L = LAKE_LIMITS;

/** One of everything: settings, a hazard, two fishers with every stat, a prepared square, a round with every forced value. */
const full = (): Doc =>
  structuredClone({
    format: "kolikoly-scenario/1",
    seed: 4,
    lake: { width: 4, height: 4, levels: 2 },
    settings: { catchAC: 10, hazards: [{ ...DEFAULT_HAZARDS[0]! }] as unknown as Json },
    fishers: [
      {
        id: "ana",
        at: [0, 0, 0],
        mods: Object.fromEntries(MOD_KEYS.map((k) => [k, 1])),
        hp: 10,
        armor: 1,
        ac: 12,
      },
      { id: "bo", at: [3, 3, 0] },
    ],
    squares: [{ at: [1, 1, 1], swarms: [5] }],
    rounds: [
      {
        actions: {
          ana: {
            action: "move",
            to: [1, 0, 0],
            total: 12,
            natural: 9,
            initiative: 3,
            attackTotal: 14,
            attackNatural: 11,
            damage: 2,
          },
        },
        explore: { "[1,0,0]": 4 },
        swarmSizes: [7],
        rolls: { "flee:s1": [2, { total: 3, natural: 5 }] },
      },
    ],
  }) as unknown as Doc;

/** The least file: one fisher, no rounds (for the lake's own sizes). */
const least = (): Doc => ({
  format: "kolikoly-scenario/1",
  lake: { width: 4, height: 4, levels: 2 },
  fishers: [{ id: "ana", at: [0, 0, 0] }],
  rounds: [],
});

const act = (d: Doc) => at(d, "rounds", 0, "actions", "ana");
const round = (d: Doc) => at(d, "rounds", 0);

const KOLIKOLY: Bound[] = [
  { field: "seed", base: full, set: (d, v) => (d.seed = v), min: -SAFE, max: SAFE },
  {
    field: "lake.width",
    base: least,
    set: (d, v) => (at(d, "lake").width = v),
    min: 1,
    max: L.side,
  },
  {
    field: "lake.height",
    base: least,
    set: (d, v) => (at(d, "lake").height = v),
    min: 1,
    max: L.side,
  },
  {
    field: "lake.levels",
    base: least,
    set: (d, v) => (at(d, "lake").levels = v),
    min: 1,
    max: L.levels,
  },
  {
    field: "settings.catchAC",
    base: full,
    set: (d, v) => (at(d, "settings").catchAC = v),
    min: 1,
    max: L.catchAC,
  },
  {
    field: "settings.hazards",
    base: full,
    set: (d, v) =>
      (at(d, "settings").hazards = Array.from(
        { length: v },
        () => ({ ...DEFAULT_HAZARDS[0]! }) as unknown as Json,
      )),
    min: 1,
    max: L.hazards,
  },
  {
    field: "settings.hazards[0].size",
    base: full,
    set: (d, v) => (at(d, "settings", "hazards", 0).size = v),
    min: 0,
    max: 7,
  },
  {
    field: "settings.hazards[0].hp",
    base: full,
    set: (d, v) => (at(d, "settings", "hazards", 0).hp = v),
    min: 1,
    max: L.hp,
  },
  {
    field: "settings.hazards[0].mod",
    base: full,
    set: (d, v) => (at(d, "settings", "hazards", 0).mod = v),
    min: L.modMin,
    max: L.mod,
  },
  {
    field: "fishers",
    base: least,
    set: (d, v) =>
      (d.fishers = Array.from({ length: v }, (_, i) => ({
        id: `f${i}`,
        at: [i % 4, Math.floor(i / 4) % 4, 0],
      }))),
    min: 1,
    max: L.fishers,
  },
  ...MOD_KEYS.map((k): Bound => ({
    field: `fishers[0].mods.${k}`,
    base: full,
    set: (d, v) => (at(d, "fishers", 0, "mods")[k] = v),
    min: L.modMin,
    max: L.mod,
  })),
  {
    field: "fishers[0].hp",
    base: full,
    set: (d, v) => (at(d, "fishers", 0).hp = v),
    min: 1,
    max: L.hp,
  },
  {
    field: "fishers[0].armor",
    base: full,
    set: (d, v) => (at(d, "fishers", 0).armor = v),
    min: L.armorMin,
    max: L.armor,
  },
  {
    field: "fishers[0].ac",
    base: full,
    set: (d, v) => (at(d, "fishers", 0).ac = v),
    min: L.acMin,
    max: L.ac,
  },
  // a start square: on the board, on level 0 (K3)
  {
    field: "fishers[1].at",
    base: full,
    set: (d, v) => (at(d, "fishers", 1).at = [v, 3, 0]),
    min: 0,
    max: 3,
  },
  {
    field: "fishers[1].at",
    base: full,
    set: (d, v) => (at(d, "fishers", 1).at = [3, v, 0]),
    min: 0,
    max: 3,
  },
  {
    field: "fishers[1].at",
    base: full,
    set: (d, v) => (at(d, "fishers", 1).at = [3, 3, v]),
    min: 0,
    max: 0,
  },
  {
    field: "squares[0].at",
    base: full,
    set: (d, v) => (at(d, "squares", 0).at = [v, 1, 1]),
    min: 0,
    max: 3,
  },
  {
    field: "squares[0].at",
    base: full,
    set: (d, v) => (at(d, "squares", 0).at = [1, v, 1]),
    min: 0,
    max: 3,
  },
  {
    field: "squares[0].at",
    base: full,
    set: (d, v) => (at(d, "squares", 0).at = [1, 1, v]),
    min: 0,
    max: 1,
  },
  {
    field: "squares[0].swarms[0]",
    base: full,
    set: (d, v) => (at(d, "squares", 0).swarms = [v]),
    min: 1,
    max: L.swarmFish,
  },
  {
    field: "rounds",
    base: least,
    set: (d, v) => (d.rounds = Array.from({ length: v }, () => ({}))),
    max: L.rounds,
  },
  ...(["total", "initiative", "attackTotal"] as const).map((k): Bound => ({
    field: `rounds[0].actions.ana.${k}`,
    base: full,
    set: (d, v) => (act(d)[k] = v),
    min: -100,
    max: 200,
  })),
  ...(["natural", "attackNatural"] as const).map((k): Bound => ({
    field: `rounds[0].actions.ana.${k}`,
    base: full,
    set: (d, v) => (act(d)[k] = v),
    min: 1,
    max: 20,
  })),
  {
    field: "rounds[0].actions.ana.damage",
    base: full,
    set: (d, v) => (act(d).damage = v),
    min: -ROLL,
    max: ROLL,
  },
  {
    field: 'rounds[0].explore["[1,0,0]"]',
    base: full,
    set: (d, v) => (round(d).explore = { "[1,0,0]": v }),
    min: 1,
    max: 10,
  },
  {
    field: "rounds[0].swarmSizes[0]",
    base: full,
    set: (d, v) => (round(d).swarmSizes = [v]),
    min: 1,
    max: ROLL,
  },
  {
    field: 'rounds[0].rolls["flee:s1"][0]',
    base: full,
    set: (d, v) => (at(d, "rounds", 0, "rolls")["flee:s1"] = [v]),
    min: -ROLL,
    max: ROLL,
  },
  {
    field: 'rounds[0].rolls["flee:s1"][0].total',
    base: full,
    set: (d, v) => (at(d, "rounds", 0, "rolls")["flee:s1"] = [{ total: v }]),
    min: -ROLL,
    max: ROLL,
  },
  {
    field: 'rounds[0].rolls["flee:s1"][0].natural',
    base: full,
    set: (d, v) => (at(d, "rounds", 0, "rolls")["flee:s1"] = [{ natural: v }]),
    min: 1,
    max: 20,
  },
];

/** An explored square's key must be a square of the lake: x, y and level each at and past its ends. */
const EXPLORE_KEYS: [string, boolean][] = [
  ["[0,0,0]", true],
  ["[3,3,1]", true],
  ["[-1,0,0]", false],
  ["[4,0,0]", false],
  ["[0,4,0]", false],
  ["[0,0,2]", false],
];

describe("kolikoly-scenario/1: every numeric field at and past both ends of its range", () => {
  checkBounds(KOLIKOLY, validateScenario);

  test("rounds[0].explore keys: squares of the lake, x, y and level at and past their ends", () => {
    for (const [key, ok] of EXPLORE_KEYS) {
      const d = full();
      round(d).explore = { [key]: 3 };
      const r = validateScenario(d);
      expect(r.ok, key).toBe(ok);
      if (!r.ok) expect(r.error.field).toBe(`rounds[0].explore["${key}"]`);
    }
  });

  test("a forced roll past 2^53 or near the largest double is refused, not taken as a whole number", () => {
    for (const v of [2 ** 53, 1e300, -1e300]) {
      const d = full();
      at(d, "rounds", 0, "rolls")["flee:s1"] = [v];
      expect(validateScenario(d).ok, String(v)).toBe(false);
    }
  });
});

// ---------------------------------------------------------------- kayanak-scenario/1

const KL = K.KAYANAK_LIMITS;

/** A weather game with one of every field: placed dice faces, a landing check, a forced turn. */
const weather = (): Doc =>
  structuredClone({
    format: "kayanak-scenario/1",
    seed: 1,
    board: { width: 5, height: 4, floeCount: 3 },
    fish: { big: 4, small: 30 },
    variant: "weather",
    actionDie: [{ face: "fish", dots: 2 }],
    temperatureDie: [
      { face: "dots", dots: 1 },
      { face: "tile", dots: 0 },
    ],
    tiles: 5,
    crystals: 5,
    landCheck: 10,
    fishers: [
      { id: "ana", at: [0, 0], dex: 1 },
      { id: "bo", at: [4, 3] },
    ],
    turns: [
      {
        fisher: "ana",
        die: { face: "star", dots: 2 },
        temperature: { face: "dots", dots: 1 },
        steps: [
          { fish: [0, 1], check: 5 },
          { tile: "place", floe: 0 },
        ],
      },
    ],
  }) as unknown as Doc;

/** Placed fish instead of a random drop. */
const placed = (): Doc => {
  const d = weather();
  delete d.fish;
  d.holes = [{ at: [1, 1], big: 1, small: 1 }];
  return d;
};

/** One bear on the default board (for the board's own sizes). */
const lone = (): Doc => ({
  format: "kayanak-scenario/1",
  fishers: [{ id: "ana", at: [0, 0] }],
  turns: [],
});

const step = (d: Doc, i: number) => at(d, "turns", 0, "steps", i);

const KAYANAK: Bound[] = [
  { field: "seed", base: weather, set: (d, v) => (d.seed = v), min: -SAFE, max: SAFE },
  {
    field: "board.width",
    base: lone,
    set: (d, v) => (d.board = { width: v }),
    min: 1,
    max: KL.side,
  },
  {
    field: "board.height",
    base: lone,
    set: (d, v) => (d.board = { height: v }),
    min: 1,
    max: KL.side,
  },
  {
    field: "board.floeCount",
    base: weather,
    set: (d, v) => (at(d, "board").floeCount = v),
    min: 1,
    max: 20,
  },
  {
    field: "fish.big",
    base: weather,
    set: (d, v) => (at(d, "fish").big = v),
    min: 0,
    max: KL.fish,
  },
  {
    field: "fish.small",
    base: weather,
    set: (d, v) => (at(d, "fish").small = v),
    min: 0,
    max: KL.fish,
  },
  {
    field: "holes[0].big",
    base: placed,
    set: (d, v) => (at(d, "holes", 0).big = v),
    min: 0,
    max: KL.fish,
  },
  {
    field: "holes[0].small",
    base: placed,
    set: (d, v) => (at(d, "holes", 0).small = v),
    min: 0,
    max: KL.fish,
  },
  {
    field: "holes[0].at",
    base: placed,
    set: (d, v) => (at(d, "holes", 0).at = [v, 1]),
    min: 0,
    max: 4,
  },
  {
    field: "holes[0].at",
    base: placed,
    set: (d, v) => (at(d, "holes", 0).at = [1, v]),
    min: 0,
    max: 3,
  },
  {
    field: "fishers",
    base: lone,
    set: (d, v) =>
      (d.fishers = Array.from({ length: v }, (_, i) => ({
        id: `f${i}`,
        at: [i % 8, Math.floor(i / 8)],
      }))),
    min: 1,
    max: KL.fishers,
  },
  // one hole stays free: on a 2x2 board, 3 bears and not 4
  {
    field: "fishers",
    base: () => ({ ...lone(), board: { width: 2, height: 2 } }),
    set: (d, v) =>
      (d.fishers = Array.from({ length: v }, (_, i) => ({
        id: `f${i}`,
        at: [i % 2, Math.floor(i / 2) % 2],
      }))),
    max: 3,
  },
  {
    field: "fishers[0].dex",
    base: weather,
    set: (d, v) => (at(d, "fishers", 0).dex = v),
    min: -KL.dex,
    max: KL.dex,
  },
  {
    field: "fishers[0].at",
    base: weather,
    set: (d, v) => (at(d, "fishers", 0).at = [v, 0]),
    min: 0,
    max: 4,
  },
  {
    field: "fishers[0].at",
    base: weather,
    set: (d, v) => (at(d, "fishers", 0).at = [0, v]),
    min: 0,
    max: 3,
  },
  {
    field: "actionDie",
    base: weather,
    set: (d, v) => (d.actionDie = Array.from({ length: v }, () => ({ face: "fish", dots: 1 }))),
    min: 1,
    max: KL.faces,
  },
  {
    field: "temperatureDie",
    base: weather,
    set: (d, v) =>
      (d.temperatureDie = Array.from({ length: v }, () => ({ face: "tile", dots: 0 }))),
    min: 1,
    max: KL.faces,
  },
  {
    field: "actionDie[0].dots",
    base: weather,
    set: (d, v) => (at(d, "actionDie", 0).dots = v),
    min: 0,
    max: KL.dots,
  },
  // a `dots` face shows at least one dot; the others may show none
  {
    field: "temperatureDie[0].dots",
    base: weather,
    set: (d, v) => (at(d, "temperatureDie", 0).dots = v),
    min: 1,
    max: KL.dots,
  },
  {
    field: "temperatureDie[1].dots",
    base: weather,
    set: (d, v) => (at(d, "temperatureDie", 1).dots = v),
    min: 0,
    max: KL.dots,
  },
  { field: "tiles", base: weather, set: (d, v) => (d.tiles = v), min: 0, max: KL.tiles },
  { field: "crystals", base: weather, set: (d, v) => (d.crystals = v), min: 0, max: KL.tiles },
  { field: "landCheck", base: weather, set: (d, v) => (d.landCheck = v), min: 1, max: KL.dc },
  {
    field: "turns",
    base: weather,
    set: (d, v) => (d.turns = Array.from({ length: v }, () => ({ fisher: "ana", steps: [] }))),
    max: KL.turns,
  },
  {
    field: "turns[0].die.dots",
    base: weather,
    set: (d, v) => (at(d, "turns", 0, "die").dots = v),
    min: 0,
    max: KL.dots,
  },
  {
    field: "turns[0].temperature.dots",
    base: weather,
    set: (d, v) => (at(d, "turns", 0, "temperature").dots = v),
    min: 1,
    max: KL.dots,
  },
  {
    field: "turns[0].steps[0].check",
    base: weather,
    set: (d, v) => (step(d, 0).check = v),
    min: -SAFE,
    max: SAFE,
  },
  // a floe index: 0 and up here; whether that floe exists is checked when the turn is played
  { field: "turns[0].steps[1].floe", base: weather, set: (d, v) => (step(d, 1).floe = v), min: 0 },
];

describe("kayanak-scenario/1: every numeric field at and past both ends of its range", () => {
  checkBounds(KAYANAK, (raw) => {
    const r = K.validateScenario(raw);
    return r.ok ? { ok: true } : { ok: false, error: r.error };
  });

  test("turns[0].steps[0].floe: 0 to the last floe is a floe, one past is refused when the turn is played", () => {
    const code = (floe: number) => {
      const d = weather();
      d.turns = [
        {
          fisher: "ana",
          die: { face: "star", dots: 1 },
          temperature: { face: "tile", dots: 0 },
          steps: [{ tile: "place", floe }],
        },
      ];
      const r = K.playScenario(d);
      return r.ok ? "played" : `${r.error.code} ${r.error.field}`;
    };
    // floeCount 3: floes 0, 1 and 2 (a bear may stand on one: refused for that, not as no floe)
    for (const floe of [0, 1, 2]) expect(code(floe), String(floe)).not.toMatch(/^badFloe/);
    for (const floe of [-1, 3])
      expect(code(floe), String(floe)).toBe("badFloe turns[0].steps[0].floe");
  });
});
