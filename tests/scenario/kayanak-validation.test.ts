/**
 * `kayanak-scenario/1` files (docs/scenario-format.md): every field of a full file, mutated to a
 * value of the wrong kind, is refused with one error naming that field (or the hole a coordinate
 * belongs to), and an unknown field added to any object is refused by its own name; nothing is
 * played. Play-time refusals name the turn and step too.
 */
import { describe, expect, test } from "vitest";
import * as kayanak from "../../src/rules/kayanak/index.ts";

const { playScenario, playScenarioText, exportScenario, validateScenario } = kayanak;
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** The weather variant with every field the format has but `fish` and `board.floeCount`. */
const weatherFile = (): Json => ({
  format: "kayanak-scenario/1",
  $schema: "kayanak-scenario.json",
  name: "every field",
  description: "a file that uses every field",
  seed: 9,
  board: {
    width: 4,
    height: 3,
    floes: [
      [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ],
      [
        [2, 0],
        [3, 0],
        [2, 1],
        [3, 1],
      ],
      [
        [0, 2],
        [1, 2],
        [2, 2],
        [3, 2],
      ],
    ],
  },
  holes: [
    { at: [1, 1], big: 1, small: 2 },
    { at: [2, 1], big: 0, small: 1 },
  ],
  variant: "weather",
  keepFishing: false,
  shakeTheBox: false,
  actionDie: [
    { face: "bear", dots: 2 },
    { face: "bear", dots: 3 },
    { face: "pickax", dots: 2 },
    { face: "pickax", dots: 3 },
    { face: "fish", dots: 2 },
    { face: "star", dots: 2 },
  ],
  temperatureDie: [
    { face: "tile", dots: 1 },
    { face: "tile", dots: 1 },
    { face: "crystal", dots: 1 },
    { face: "crystal", dots: 1 },
    { face: "dots", dots: 1 },
    { face: "dots", dots: 2 },
  ],
  tiles: 5,
  crystals: 8,
  landCheck: 10,
  fishers: [
    { id: "ana", name: "Ana", at: [0, 0], dex: 2 },
    { id: "bo", at: [3, 2] },
  ],
  turns: [
    {
      fisher: "ana",
      die: { face: "star", dots: 3 },
      temperature: { face: "crystal", dots: 1 },
      steps: [
        { hack: [1, 1] },
        { fish: [1, 1], lands: "small", check: 14 },
        { move: [1, 0] },
        { crystal: "place", at: [1, 1] },
      ],
    },
    {
      fisher: "bo",
      die: { face: "star", dots: 2 },
      temperature: { face: "tile", dots: 1 },
      steps: [{ tile: "place", floe: 1 }, { hack: [2, 1] }],
    },
  ],
});

/** The basic game with a random drop and generated floes: `fish` and `board.floeCount`. */
const basicFile = (): Json => ({
  format: "kayanak-scenario/1",
  seed: 2,
  board: { width: 5, height: 4, floeCount: 3 },
  fish: { big: 3, small: 12 },
  fishers: [
    { id: "ana", at: [0, 0] },
    { id: "bo", at: [4, 3] },
  ],
  turns: [{ fisher: "ana", die: { face: "pickax", dots: 2 }, steps: [{ hack: [1, 0] }] }],
});

/** Every path in a JSON value, with whether it is a coordinate of a hole ([x, y] number). */
function paths(v: Json, path = ""): { path: string; parent: string; component: boolean }[] {
  const out: { path: string; parent: string; component: boolean }[] = [];
  const isHole = (x: Json) =>
    Array.isArray(x) && x.length === 2 && x.every((n) => typeof n === "number");
  if (Array.isArray(v))
    v.forEach((x, i) => {
      const p = `${path}[${i}]`;
      out.push({ path: p, parent: path, component: isHole(v) });
      out.push(...paths(x, p));
    });
  else if (v && typeof v === "object")
    for (const [k, x] of Object.entries(v)) {
      const p = path ? `${path}.${k}` : k;
      out.push({ path: p, parent: path, component: false });
      out.push(...paths(x, p));
    }
  return out;
}

function setAt(root: Json, path: string, value: Json): Json {
  const copy = structuredClone(root);
  const keys = [...path.matchAll(/[^.[\]]+|\[(\d+)\]/g)].map((m) =>
    m[1] !== undefined ? Number(m[1]) : m[0],
  );
  let node = copy as Record<string | number, Json>;
  for (const k of keys.slice(0, -1)) node = node[k] as Record<string | number, Json>;
  node[keys.at(-1)!] = value;
  return copy;
}

function valueAt(root: Json, path: string): Json {
  const keys = [...path.matchAll(/[^.[\]]+|\[(\d+)\]/g)].map((m) =>
    m[1] !== undefined ? Number(m[1]) : m[0],
  );
  let node = root as Record<string | number, Json>;
  for (const k of keys) node = node[k] as Record<string | number, Json>;
  return node as Json;
}

function objectsOf(v: Json, path = ""): string[] {
  const out: string[] = [];
  if (Array.isArray(v)) v.forEach((x, i) => out.push(...objectsOf(x, `${path}[${i}]`)));
  else if (v && typeof v === "object") {
    out.push(path);
    for (const [k, x] of Object.entries(v)) out.push(...objectsOf(x, path ? `${path}.${k}` : k));
  }
  return out;
}

describe("kayanak-scenario/1 validation", () => {
  for (const [name, file] of [
    ["weather", weatherFile],
    ["basic", basicFile],
  ] as const) {
    test(`the ${name} file plays`, () => {
      const r = playScenario(file());
      if (!r.ok) throw new Error(`${r.error.field}: ${r.error.message}`);
      expect(r.session.turns.length).toBeGreaterThan(0);
    });

    test(`every field of the ${name} file, given a value of the wrong kind, is refused by name`, () => {
      const base = file();
      const all = paths(base);
      expect(all.length).toBeGreaterThan(30);
      for (const { path, parent, component } of all) {
        const r = playScenario(setAt(base, path, { bad: 1 }));
        expect(r.ok, `${path} was accepted`).toBe(false);
        if (r.ok) continue;
        const named = component ? parent : path;
        const ok = r.error.field === named || r.error.field.startsWith(`${named}.`);
        expect(ok, `${path}: refused as ${r.error.field} (${r.error.code})`).toBe(true);
        // an object or a list given as a number is refused by its own name too
        if (typeof valueAt(base, path) === "object" && !component) {
          const n = playScenario(setAt(base, path, 5));
          expect(n.ok || n.error.field, `${path} = 5`).toBe(path);
        }
      }
    });

    test(`every field of the ${name} file set to null is refused by name, never taken as absent`, () => {
      const base = file();
      const all = paths(base);
      for (const { path, parent, component } of all) {
        // landCheck: null is the J6 setting's "no check" (the file's check values then refused)
        if (path === "landCheck") continue;
        const r = playScenario(setAt(base, path, null));
        expect(r.ok, `${path}: null was accepted`).toBe(false);
        if (r.ok) continue;
        const named = component ? parent : path;
        const ok = r.error.field === named || r.error.field.startsWith(`${named}.`);
        expect(ok, `${path}: refused as ${r.error.field} (${r.error.code})`).toBe(true);
      }
    });

    test(`an unknown field added to any object of the ${name} file is refused by its own name`, () => {
      const base = file();
      for (const path of objectsOf(base)) {
        const field = path ? `${path}.zzz` : "zzz";
        const r = playScenario(setAt(base, field, 1));
        expect(r.ok, field).toBe(false);
        if (!r.ok) expect(r.error.field, field).toBe(field);
      }
    });
  }

  test("J1 null where a default stands (seed, board sizes, fish, hole counts) is refused by name", () => {
    const cases: [Record<string, Json>, string][] = [
      [{ seed: null }, "seed"],
      [{ board: { width: null, height: 4, floeCount: 3 } }, "board.width"],
      [{ board: { width: 5, height: 4, floeCount: null } }, "board.floeCount"],
      [{ fish: { big: null, small: 12 } }, "fish.big"],
      [{ fish: null }, "fish"],
      [{ variant: null }, "variant"],
    ];
    for (const [patch, field] of cases) {
      const r = playScenario({ ...(basicFile() as Record<string, Json>), ...patch });
      expect(r.ok || r.error, JSON.stringify(patch)).toMatchObject({ code: "badField", field });
    }
    const hole = playScenario({
      ...(weatherFile() as Record<string, Json>),
      holes: [{ at: [1, 1], big: 1, small: null }],
    });
    expect(hole.ok || hole.error).toMatchObject({ code: "badField", field: "holes[0].small" });
  });

  test("J1 `fish` needs both counts: {} and a lone count are refused by name; no `fish` is 15 and 75", () => {
    for (const [fish, field] of [
      [{}, "fish.big"],
      [{ big: 3 }, "fish.small"],
      [{ small: 12 }, "fish.big"],
    ] as const) {
      const r = playScenario({ ...(basicFile() as Record<string, Json>), fish });
      expect(r.ok || r.error, JSON.stringify(fish)).toMatchObject({ code: "badField", field });
    }
    const { fish: _f, ...noFish } = basicFile() as Record<string, Json>;
    const r = playScenario({ ...noFish, turns: [] });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.session.state.dropped).toEqual({ big: 15, small: 75 });
  });

  test("the format tag is checked first: a fishing file is not a Kayanak file (badFormat)", () => {
    const r = validateScenario({ format: "kolikoly-scenario/1", fishers: [], turns: [] });
    expect(r.ok || r.error).toMatchObject({ code: "badFormat", field: "format" });
  });

  test("text input: bad JSON and a key given twice are refused by name", () => {
    expect(playScenarioText("{").ok || "").toMatchObject({});
    const bad = playScenarioText("{");
    expect(bad.ok || bad.error).toMatchObject({ code: "badJson", field: "(file)" });
    const twice = playScenarioText('{"format":"kayanak-scenario/1","seed":1,"seed":2}');
    expect(twice.ok || twice.error).toMatchObject({ code: "duplicateKey", field: "seed" });
  });

  const refusals: [string, (f: Record<string, Json>) => void, string, string][] = [
    [
      "a turn out of order",
      (f) => ((f.turns as Json[])[1] = { ...((f.turns as Json[])[1] as object), fisher: "ana" }),
      "notYourTurn",
      "turns[1].fisher",
    ],
    [
      "a step the face does not allow",
      (f) => ((f.turns as { die: Json }[])[0]!.die = { face: "bear", dots: 3 }),
      "wrongFace",
      "turns[0].steps[0].hack",
    ],
    [
      "more steps than dots",
      (f) => ((f.turns as { die: Json }[])[0]!.die = { face: "star", dots: 1 }),
      "tooManySteps",
      "turns[0].steps[2].move",
    ],
    [
      "fishing a covered hole",
      (f) => ((f.turns as { steps: Json[] }[])[0]!.steps[0] = { move: [1, 0] }),
      "covered",
      "turns[0].steps[1].fish",
    ],
    [
      "a size the hole lacks",
      (f) => {
        (f.holes as Json[])[0] = { at: [1, 1], big: 0, small: 2 };
        (f.turns as { steps: Json[] }[])[0]!.steps[1] = { fish: [1, 1], lands: "big" };
      },
      "notInHole",
      "turns[0].steps[1].lands",
    ],
    [
      "a bear onto a banned floe",
      (f) =>
        (f.turns as Json[]).push({
          fisher: "ana",
          die: { face: "bear", dots: 2 },
          temperature: { face: "dots", dots: 1 },
          steps: [{ move: [2, 0] }],
        }),
      "bannedFloe",
      "turns[2].steps[0].move",
    ],
    [
      "a temperature die in the basic game",
      (f) => (f.variant = "basic"),
      "notWeather",
      "turns[0].temperature",
    ],
  ];
  for (const [what, change, code, field] of refusals)
    test(`refused with its code and field: ${what} (${code})`, () => {
      const f = weatherFile() as Record<string, Json>;
      change(f);
      const r = playScenario(f);
      expect(r.ok || r.error).toMatchObject({ code, field });
    });

  test("a turn after the game has ended is refused (gameOver)", () => {
    const f = basicFile() as Record<string, Json>;
    f.holes = [{ at: [1, 0], big: 0, small: 10 }];
    delete f.fish;
    f.keepFishing = false;
    f.turns = [
      { fisher: "ana", die: { face: "pickax", dots: 2 }, steps: [{ hack: [1, 0] }] },
      ...Array.from({ length: 21 }, (_, i) => ({
        fisher: i % 2 ? "ana" : "bo",
        die: i % 2 ? { face: "fish", dots: 2 } : { face: "bear", dots: 2 },
        steps: i % 2 ? [{ fish: [1, 0] }] : [],
      })),
    ];
    const r = playScenario(f);
    expect(r.ok || r.error).toMatchObject({ code: "gameOver", field: "turns[21]" });
  });

  test("an exported file replays to the same log and state", () => {
    const r = playScenario(weatherFile());
    if (!r.ok) throw new Error(r.error.message);
    const again = playScenario(JSON.parse(JSON.stringify(exportScenario(r.session))));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.session.log).toEqual(r.session.log);
    expect(again.session.state).toEqual(r.session.state);
  });
});
