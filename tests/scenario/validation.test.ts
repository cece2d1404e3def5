/**
 * Scenario files (docs/scenario-format.md): every invalid field is refused with one error naming it,
 * and nothing is played. Valid scenarios (the golden ones) are mutated field by field.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  exportScenario,
  formatError,
  parseJsonStrict,
  playScenario,
  playScenarioText,
  validateScenario,
} from "../../src/rules/index.ts";

type PlayResult = ReturnType<typeof playScenario>;
import { GOLDEN_DIR } from "../golden/viewers.ts";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const golden: [string, Json][] = readdirSync(GOLDEN_DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => [f, JSON.parse(readFileSync(join(GOLDEN_DIR, f), "utf8")) as Json]);

const small = () =>
  structuredClone({
    format: "kolikoly-scenario/1",
    seed: 4,
    lake: { width: 4, height: 4, levels: 2 },
    fishers: [
      { id: "ana", at: [0, 0, 0] },
      { id: "bo", at: [3, 3, 0] },
    ],
    squares: [{ at: [1, 0, 0], swarms: [5] }],
    rounds: [
      { actions: { ana: { action: "move", to: [1, 0, 0], total: 12 } } },
      { actions: { ana: { action: "catch", total: 15, damage: 3 } }, rolls: { "flee:s1": [2] } },
    ],
  }) as unknown as { [k: string]: Json } & {
    rounds: { actions: Record<string, Record<string, Json>> }[];
  };

/** Field paths written as the engine writes them: `a.b`, `a[0]`, `a["[1,0,0]"]`. */
function childPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  if (path === "") return key;
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}["${key}"]`;
}

interface Field {
  /** The field an error should name (a coordinate's element is reported on the coordinate). */
  readonly named: string;
  readonly parent: string;
  readonly key: string | number;
  readonly value: Json;
}

function* fields(v: Json, path = ""): Generator<Field> {
  if (v === null || typeof v !== "object") return;
  const entries: [string | number, Json][] = Array.isArray(v)
    ? v.map((x, i) => [i, x])
    : Object.entries(v);
  const isCoord = Array.isArray(v) && v.length === 3 && v.every((n) => typeof n === "number");
  for (const [key, value] of entries) {
    const p = childPath(path, key);
    yield { named: isCoord ? path : p, parent: path, key, value };
    yield* fields(value, p);
  }
}

function put(root: Json, f: Field, value: Json): void {
  (locate(root, f.parent) as Record<string | number, Json>)[f.key] = value;
}

function locate(root: Json, path: string): Json {
  if (path === "") return root;
  const parts = path.match(/[A-Za-z_$][\w$]*|\[\d+\]|\["[^"]*"\]/g)!;
  let cur: Json = root;
  for (const part of parts) {
    const key = part.startsWith('["')
      ? part.slice(2, -2)
      : part.startsWith("[")
        ? Number(part.slice(1, -1))
        : part;
    cur = (cur as Record<string | number, Json>)[key]!;
  }
  return cur;
}

function expectRefused(r: PlayResult, field: string | RegExp, code?: string): void {
  expect(r.ok, r.ok ? "played" : formatError(r.error)).toBe(false);
  if (r.ok) return;
  expect(Object.keys(r)).toEqual(["ok", "error"]); // nothing played comes back
  if (typeof field === "string") expect(r.error.field).toBe(field);
  else expect(r.error.field).toMatch(field);
  if (code) expect(r.error.code).toBe(code);
  expect(formatError(r.error).startsWith(r.error.field)).toBe(true);
}

describe("scenario validation", () => {
  test("the golden scenarios are valid", () => {
    for (const [name, s] of golden) expect(playScenario(s).ok, name).toBe(true);
  });

  test("every field of every golden scenario, made invalid, is refused with an error naming that field", () => {
    let checked = 0;
    for (const [, scenario] of golden)
      for (const f of fields(scenario)) {
        const field = f.named;
        const copy = structuredClone(scenario);
        put(copy, f, typeof f.value === "object" && f.value !== null ? "oops" : { bad: true });
        const r = playScenario(copy);
        expect(r.ok, `${field} accepted`).toBe(false);
        if (!r.ok) {
          const named =
            r.error.field === field ||
            r.error.field.startsWith(`${field}.`) ||
            r.error.field.startsWith(`${field}[`);
          expect(named, `${field} reported as ${r.error.field}`).toBe(true);
          expect(Object.keys(r)).toEqual(["ok", "error"]);
        }
        checked++;
      }
    expect(checked).toBeGreaterThan(500);
  });

  test("a fisher id that every object answers to (constructor, __proto__, toString) is refused, not thrown on", () => {
    for (const id of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const text = JSON.stringify({ ...small(), rounds: [] }).replace('"id":"bo"', `"id":"${id}"`);
      expectRefused(playScenarioText(text), "fishers[1].id", "badField");
    }
    const s = small();
    const text = JSON.stringify(s).replace(
      '"actions":{"ana":{"action":"catch"',
      '"actions":{"__proto__":{"action":"catch"},"ana":{"action":"catch"',
    );
    expect(text).toContain('"__proto__"');
    expectRefused(playScenarioText(text), "rounds[1].actions.__proto__", "unknownFisher");
  });

  test("a wrong format tag is refused", () => {
    expectRefused(
      playScenario({ ...small(), format: "kolikoly-scenario/2" }),
      "format",
      "badFormat",
    );
  });

  test("an unknown fisher, in the actions or the revive list, is refused", () => {
    const s = small();
    s.rounds[1]!.actions.zed = { action: "catch" };
    expectRefused(playScenario(s), "rounds[1].actions.zed", "unknownFisher");
    const t = small() as Record<string, Json>;
    (t.rounds as Record<string, Json>[])[0]!.revive = ["zed"];
    expectRefused(playScenario(t), "rounds[0].revive[0]", "unknownFisher");
  });

  test("a target that is not adjacent is refused with the field and both squares", () => {
    const s = small();
    s.rounds[1]!.actions.ana = { action: "move", to: [3, 0, 0] };
    const r = playScenario(s);
    expectRefused(r, "rounds[1].actions.ana.to", "notAdjacent");
    if (!r.ok)
      expect(formatError(r.error)).toBe(
        "rounds[1].actions.ana.to: [3,0,0] is not adjacent to [1,0,0]",
      );
  });

  test("squares off the board are refused wherever they appear", () => {
    const cases: [(s: ReturnType<typeof small>) => void, string][] = [
      [(s) => ((s.fishers as Json[])[0] = { id: "ana", at: [4, 0, 0] }), "fishers[0].at"],
      [(s) => ((s.squares as Json[])[0] = { at: [0, 0, 2], swarms: [3] }), "squares[0].at"],
      [(s) => (s.rounds[0]!.actions.ana!.to = [-1, 0, 0]), "rounds[0].actions.ana.to"],
      [
        (s) => ((s.rounds[0] as Record<string, Json>).explore = { "[0,4,0]": 3 }),
        'rounds[0].explore["[0,4,0]"]',
      ],
    ];
    for (const [mutate, field] of cases) {
      const s = small();
      mutate(s);
      expectRefused(playScenario(s), field);
    }
  });

  test("a second action for one fisher (a key given twice) is refused by the strict JSON reader", () => {
    const text = JSON.stringify(small()).replace(
      '"actions":{"ana":{"action":"move","to":[1,0,0],"total":12}}',
      '"actions":{"ana":{"action":"move","to":[1,0,0],"total":12},"ana":{"action":"catch"}}',
    );
    expect(text).toContain('"ana":{"action":"catch"}');
    expectRefused(playScenarioText(text), "rounds[0].actions.ana", "duplicateKey");
    const keyed = parseJsonStrict('{"rounds":[{"explore":{"[1,0,0]":3,"[1,0,0]":4}}]}');
    expect(!keyed.ok && keyed.field).toBe('rounds[0].explore["[1,0,0]"]');
    expectRefused(playScenarioText("{ not json"), "(file)", "badJson");
  });

  test("fields that belong to another action, and unknown fields, are refused", () => {
    const s = small();
    s.rounds[1]!.actions.ana = { action: "catch", to: [1, 1, 0] };
    expectRefused(playScenario(s), "rounds[1].actions.ana.to", "unknownField");
    const t = small();
    s.rounds[0]!.actions.ana!.speed = 3;
    expectRefused(playScenario(s), "rounds[0].actions.ana.speed", "unknownField");
    t.rounds[0]!.actions.ana!.attackTotal = 15;
    t.rounds[0]!.actions.ana!.action = "herd";
    t.rounds[0]!.actions.ana!.toward = t.rounds[0]!.actions.ana!.to!;
    delete t.rounds[0]!.actions.ana!.to;
    expectRefused(playScenario(t), "rounds[0].actions.ana.attackTotal", "badField");
  });

  test("random junk in place of any field of a valid scenario never plays and always names a field", () => {
    const base = small();
    const paths = [...fields(base as Json)];
    fc.assert(
      fc.property(
        fc.nat(paths.length - 1),
        fc.oneof(fc.string(), fc.double(), fc.constant(null), fc.array(fc.nat())),
        (i, junk) => {
          const copy = structuredClone(base) as Json;
          put(copy, paths[i]!, junk as Json);
          const r = playScenario(copy);
          if (r.ok) return; // some junk is valid (a string for a name, a number for a seed)
          expect(r.error.field.length).toBeGreaterThan(0);
          expect(Object.keys(r)).toEqual(["ok", "error"]);
        },
      ),
      { numRuns: 300 },
    );
  });

  test("an exported game whose damage roll was below zero (1d6-2) replays", () => {
    const s = small();
    (s.fishers as Record<string, Json>[])[0]!.mods = { damage: -2 };
    s.rounds[1]!.actions.ana!.damage = -1;
    const r = playScenario(s);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const again = playScenario(JSON.parse(JSON.stringify(exportScenario(r.session))));
    expect(again.ok && again.session.log).toEqual(r.session.log);
  });

  test("forced values a round never asks for are ignored (a catch that misses rolls no damage)", () => {
    const s = small();
    s.rounds[1]!.actions.ana = { action: "catch", total: 2, damage: 4, initiative: 12 };
    const r = playScenario(s);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.session.state.fishers[0]!.caught).toBe(0);
  });

  test("validation alone refuses static errors before any round is played", () => {
    const s = small();
    s.rounds[1]!.actions.ana!.natural = 21;
    const v = validateScenario(s);
    expect(!v.ok && v.error.field).toBe("rounds[1].actions.ana.natural");
  });
});
