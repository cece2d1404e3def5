import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SIM_DEFAULTS,
  checkSimOptions,
  gameSeed,
  histogramMedian,
  histogramPercentile,
  mergeStats,
  newStats,
  parseLake,
  simulateGames,
  simulateRange,
  slices,
  startSquares,
  summarize,
} from "../../src/rules/sim/index.ts";
import type { SimOptions } from "../../src/rules/sim/index.ts";

const small: SimOptions = {
  ...SIM_DEFAULTS,
  lake: parseLake("3x3x2")!,
  fishers: 2,
  games: 30,
  seed: 9,
};

function sortedMedian(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}
function sortedPercentile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(1, Math.ceil(q * s.length)) - 1]!;
}
function histogramOf(xs: number[], size: number): number[] {
  const h = new Array<number>(size).fill(0);
  for (const x of xs) h[x]!++;
  return h;
}

describe("median and p90 from the rounds histogram", () => {
  it("equal the sorted-array figures for any sample", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 300 }),
        (xs) => {
          const h = histogramOf(xs, 61);
          expect(histogramMedian(h, xs.length)).toBe(sortedMedian(xs));
          expect(histogramPercentile(h, xs.length, 0.9)).toBe(sortedPercentile(xs, 0.9));
          expect(histogramPercentile(h, xs.length, 1)).toBe(Math.max(...xs));
        },
      ),
    );
  });

  it("an empty sample gives 0", () => {
    expect(histogramMedian([0, 0], 0)).toBe(0);
    expect(histogramPercentile([0, 0], 0, 0.9)).toBe(0);
  });
});

describe("the statistics accumulator", () => {
  it("merging the parts of a run gives exactly the whole run, however it is cut", () => {
    const whole = simulateGames(small);
    for (const k of [1, 2, 3, 7]) {
      const merged = slices(small.games, k)
        .map(({ from, to }) => simulateRange(newStats(small), from, to))
        .reduce((a, b) => mergeStats(a, b), newStats(small));
      expect(merged).toEqual(whole);
    }
    expect(whole.games).toBe(30);
  });

  it("has a size fixed by the options, not by the number of games", () => {
    const few = simulateGames({ ...small, games: 2 });
    const more = simulateGames({ ...small, games: 40 });
    const shape = (x: unknown) =>
      JSON.stringify(x, (_k, v: unknown) => (typeof v === "number" ? 0 : v));
    expect(shape(few)).toBe(shape(newStats(small)));
    expect(shape(more)).toBe(shape(few));
    expect(more.roundsHist.length).toBe(few.roundsHist.length);
    expect(more.roundsHist.length).toBe(small.maxRounds + 1);
  });

  it("refuses to merge runs with different options", () => {
    expect(() => mergeStats(newStats(small), newStats({ ...small, maxRounds: 50 }))).toThrow();
  });

  it("summarises what simulate --json prints", () => {
    const s = summarize(simulateGames(small));
    expect(s.games).toBe(30);
    expect(s.rounds.max).toBeGreaterThanOrEqual(s.rounds.p90);
    expect(s.rounds.p90).toBeGreaterThanOrEqual(s.rounds.median);
    expect(s.caughtPerFisher.mean * 2).toBeCloseTo(s.caughtPerGame.mean, 10);
    expect(s.explorations.map((e) => e.level)).toEqual([0, 1]);
    // K21: a lake fished out has had every square explored once (start squares excepted)
    expect(s.ended.lakeEmpty).toBe(30);
    expect(s.explorations.reduce((n, e) => n + e.count, 0)).toBe(30 * (18 - 2));
  });
});

describe("K22 exploration figures from simulated games", () => {
  it("the bad share at each level is (d+1)/10 within 4 standard errors", () => {
    const s = summarize(
      simulateGames({ ...SIM_DEFAULTS, lake: parseLake("5x5x3")!, games: 80, seed: 4 }),
    );
    for (const e of s.explorations) {
      const p = (e.level + 1) / 10;
      const se = Math.sqrt((p * (1 - p)) / e.count);
      expect(Math.abs(e.bad / e.count - p), `level ${e.level}`).toBeLessThan(4 * se);
    }
  });
});

describe("simulation options and seeds", () => {
  it("a game's seed depends on (seed, index) only, and differs between games and runs", () => {
    expect(gameSeed(1, 5)).toBe(gameSeed(1, 5));
    const seeds = new Set(Array.from({ length: 1000 }, (_, i) => gameSeed(1, i)));
    expect(seeds.size).toBe(1000);
    expect(gameSeed(2, 0)).not.toBe(gameSeed(1, 0));
    expect(gameSeed(2 ** 40 + 1, 0)).not.toBe(gameSeed(1, 0));
  });

  it("the same options give the same statistics", () => {
    expect(simulateGames(small)).toEqual(simulateGames(small));
    expect(simulateGames({ ...small, seed: 10 })).not.toEqual(simulateGames(small));
  });

  it("slices cover every game exactly once", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 64 }), (games, k) => {
        const parts = slices(games, k);
        expect(parts[0]!.from).toBe(0);
        expect(parts.at(-1)!.to).toBe(games);
        for (let i = 1; i < parts.length; i++) expect(parts[i]!.from).toBe(parts[i - 1]!.to);
        for (const p of parts) expect(p.to).toBeGreaterThan(p.from);
      }),
    );
  });

  it("K3 start squares are on level 0 and on the board", () => {
    for (const text of ["1x1x1", "2x3x2", "6x6x3"]) {
      const l = parseLake(text)!;
      for (const c of startSquares(l, 12)) {
        expect(c[2]).toBe(0);
        expect(c[0]).toBeLessThan(l.width);
        expect(c[1]).toBeLessThan(l.height);
      }
    }
  });

  it("checks options and names the bad one", () => {
    expect(checkSimOptions({ fishers: 13 })).toMatchObject({
      ok: false,
      error: { field: "fishers" },
    });
    expect(checkSimOptions({ games: 0 })).toMatchObject({ ok: false, error: { field: "games" } });
    expect(checkSimOptions({ lake: { ...SIM_DEFAULTS.lake, levels: 10 } })).toMatchObject({
      ok: false,
      error: { field: "lake" },
    });
    expect(checkSimOptions({})).toMatchObject({ ok: true });
    expect(parseLake("6x6")).toEqual({ width: 6, height: 6, levels: 3, verticalAdjacency: true });
    expect(parseLake("6x6x3x1")).toBeUndefined();
  });
});
