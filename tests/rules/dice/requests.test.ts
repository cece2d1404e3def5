import { describe, expect, test } from "vitest";
import {
  Xoshiro128,
  bindFormula,
  forcedAnswer,
  forcedLayer,
  makeRequest,
  parseFormula,
  resolveSeeded,
  seedState,
  seededDriver,
} from "../../../src/rules/index.ts";
import { act, buildGame, round } from "../../fixtures/builders.ts";

describe("dice requests and drivers", () => {
  test("the seeded driver is deterministic and its state lives in plain data", () => {
    const a = new Xoshiro128(seedState(42));
    const b = new Xoshiro128(seedState(42));
    const xs = Array.from({ length: 50 }, () => a.die(20));
    expect(Array.from({ length: 50 }, () => b.die(20))).toEqual(xs);
    expect(xs.every((x) => x >= 1 && x <= 20)).toBe(true);
    expect(seedState(1)).not.toEqual(seedState(2 ** 32 + 1));
    const c = new Xoshiro128(a.state());
    expect(c.die(1000)).toBe(a.die(1000));
  });

  test("a forced total alone has no natural; a forced natural alone adds the modifier", () => {
    const req = makeRequest("check", "check:ana", "1d20+4", "all", "ana");
    expect(req).toMatchObject({ d20: true, modifier: 4 });
    expect(forcedAnswer(req, { total: 20 })).toEqual({ total: 20 });
    expect(forcedAnswer(req, { natural: 20 })).toEqual({ total: 24, natural: 20 });
    const flee = makeRequest("flee", "flee:s1", "1d8", "gm");
    expect(forcedAnswer(flee, { total: 3, natural: 20 })).toEqual({ total: 3 });
  });

  test("formulas bind @mod and double only the dice on a critical", () => {
    expect(bindFormula("1d6+@mod", { mod: 3 })).toBe("1d6+3");
    expect(bindFormula("1d6+@mod", { mod: -2 }, true)).toBe("2d6-2");
    expect(bindFormula("2d4+1d6", {}, true)).toBe("4d4+2d6");
    expect(parseFormula("1d6+@mod+x").ok).toBe(false);
  });

  test("the forced layer takes a key's values in order, then falls through to the driver beneath", () => {
    const prng = new Xoshiro128(seedState(5));
    const d = forcedLayer(seededDriver(prng), new Map([["flee:s1", [{ total: 2 }, { total: 3 }]]]));
    const req = makeRequest("flee", "flee:s1", "1d4", "gm");
    expect(d.roll(req).total).toBe(2);
    expect(d.roll(req).total).toBe(3);
    const ref = new Xoshiro128(seedState(5));
    expect(d.roll(req).total).toBe(ref.die(4));
  });

  test("a seeded round advances the PRNG as far with forced values as without them", () => {
    const g = buildGame({ seed: 9, swarms: [{ at: [0, 0, 0], fish: 5 }] });
    const input = round({ ana: act.catch() });
    const rolls: { key: string; total: number; natural?: number }[] = [];
    const free = resolveSeeded(g, input, undefined, rolls);
    const table = new Map<string, { total: number; natural?: number }[]>();
    for (const r of rolls) table.set(r.key, [...(table.get(r.key) ?? []), r]);
    const forced = resolveSeeded(g, input, table);
    expect(free.ok && forced.ok).toBe(true);
    if (free.ok && forced.ok) {
      expect(forced.state).toEqual(free.state);
      expect(forced.events).toEqual(free.events);
    }
  });
});
