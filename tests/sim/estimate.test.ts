/**
 * Issue 12, a game that fits an evening: how long a lake lasts for a party (median and the
 * middle 90% of games), and a lake proposed for a wanted length; the wizard's worker checks
 * what it is asked before playing anything.
 */
import { describe, expect, test } from "vitest";
import de from "../../lang/de.json";
import en from "../../lang/en.json";
import fr from "../../lang/fr.json";
import {
  CAP_GAMES,
  ESTIMATE_CAP,
  ESTIMATE_WORK,
  estimateCap,
  estimateLength,
  proposeLake,
  roundWork,
  setupWork,
  simulateGames,
  SIM_DEFAULTS,
} from "../../src/rules/sim/index.ts";
import type { LengthEstimate } from "../../src/rules/sim/index.ts";
import type { LakeSpec } from "../../src/rules/index.ts";
import { LAKE_LIMITS } from "../../src/rules/index.ts";
import { checkEstimateRequest } from "../../src/foundry/apps/length-estimate.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import { ESTIMATE_PAGE_GAMES, estimateKey, estimateText } from "../../src/ui/length-estimate.ts";

const lake = (width: number, height: number, levels: number): LakeSpec => ({
  width,
  height,
  levels,
  verticalAdjacency: true,
});

describe("length estimate (issue 12)", () => {
  test("seeded: the same question gets the same answer; the median is the simulator's own", () => {
    // every game played (no stopping rule, no budget): the simulator's own figures
    const a = estimateLength(lake(3, 2, 2), 4, 200, 1, { work: Infinity, early: false });
    expect(estimateLength(lake(3, 2, 2), 4, 200, 1, { work: Infinity, early: false })).toEqual(a);
    expect(estimateLength(lake(3, 2, 2), 4, 60)).toEqual(estimateLength(lake(3, 2, 2), 4, 60));
    const sim = simulateGames({ ...SIM_DEFAULTS, lake: lake(3, 2, 2), games: 200, maxRounds: 600 });
    // the same 200 games as `kolikoly simulate --lake 3x2x2 --games 200` (seed 1)
    expect(a.median).toBe(sim.roundsHist.findIndex((_, r, h) => sumTo(h, r) >= 100));
    expect(a.p5).toBeLessThanOrEqual(a.median);
    expect(a.median).toBeLessThanOrEqual(a.p95);
    expect(a.capped).toBe(0);
    expect(a.games).toBe(200);
  });

  test("bigger lakes last longer; more fishers end them sooner", () => {
    const small = estimateLength(lake(3, 2, 2), 4, 60);
    const big = estimateLength(lake(4, 4, 2), 4, 60);
    const crowd = estimateLength(lake(4, 4, 2), 6, 60);
    expect(big.median).toBeGreaterThan(small.median);
    expect(crowd.median).toBeLessThan(big.median);
  });

  test("a proposal is the candidate whose median is closest to the wanted length", () => {
    for (const [target, fishers] of [
      [25, 4],
      [15, 2],
    ] as const) {
      const p = proposeLake(target, fishers);
      for (const other of [lake(2, 2, 1), lake(3, 3, 2), lake(5, 5, 3)]) {
        const e = estimateLength(other, fishers, 40, 1, { work: Infinity });
        expect(Math.abs(p.median - target)).toBeLessThanOrEqual(Math.abs(e.median - target));
      }
    }
  });

  test("the wizard's worker refuses a question out of the wizard's limits, naming the field", () => {
    const ok = { id: 1, kind: "estimate", lake: lake(3, 2, 2), fishers: 4, games: 60 };
    expect(checkEstimateRequest(ok).ok).toBe(true);
    const bad: [object, string][] = [
      [{ ...ok, kind: "x" }, "kind"],
      [{ ...ok, fishers: 0 }, "fishers"],
      [{ ...ok, fishers: 2.5 }, "fishers"],
      [{ ...ok, lake: lake(33, 2, 2) }, "width"],
      [{ ...ok, lake: lake(3, 0, 2) }, "height"],
      [{ ...ok, lake: lake(3, 2, 10) }, "levels"],
      [{ ...ok, games: 5000 }, "games"],
      [{ id: 2, kind: "propose", fishers: 4, target: 1 }, "target"],
      [{ id: 3, kind: "propose", fishers: 4, target: "25" }, "target"],
    ];
    for (const [q, field] of bad)
      expect(checkEstimateRequest(q)).toMatchObject({ ok: false, reply: { ok: false, field } });
  });
});

describe("an estimate that tells the truth, fast (issue 22)", () => {
  const L = { en: makeLocalize(en), fr: makeLocalize(fr), de: makeLocalize(de) };
  const base: LengthEstimate = {
    lake: lake(12, 12, 5),
    fishers: 6,
    games: 10,
    median: 40,
    p5: 20,
    p95: 90,
    capped: 0,
    cap: 450,
    settled: true,
  };
  const cases: [Partial<LengthEstimate>, string, Record<keyof typeof L, string[]>][] = [
    [
      {},
      "Estimate",
      {
        en: ["usually lasts 40 rounds (90% of 10 test games: 20 to 90)"],
        fr: ["dure en général 40 manches (90 % des 10 parties d'essai : de 20 à 90)"],
        de: ["dauert meist 40 Runden (90 % der 10 Testspiele: 20 bis 90)"],
      },
    ],
    [
      { games: 60, capped: 2 },
      "EstimateSomeCapped",
      {
        en: ["20 to 90; 3% went on past 450"],
        fr: ["3 % ont dépassé 450"],
        de: ["3 % liefen über 450"],
      },
    ],
    [
      { games: 60, capped: 6, p95: 451 },
      "EstimateTailCapped",
      {
        en: ["20 to more than 450; 10% went on"],
        fr: ["de 20 à plus de 450"],
        de: ["20 bis mehr als 450"],
      },
    ],
    [
      { games: 20, capped: 15, median: 451, p95: 451 },
      "EstimateMostCapped",
      {
        en: [
          "usually lasts more than 450 rounds: 75% of 20 test games were still going at round 450",
          "ended by round 20",
        ],
        fr: ["plus de 450 manches : 75 % des 20 parties", "à la manche 20"],
        de: ["meist mehr als 450 Runden: 75 % der 20 Testspiele", "bis Runde 20"],
      },
    ],
    [
      { capped: 10, median: 451, p5: 451, p95: 451 },
      "EstimateAllCapped",
      {
        en: [
          "A 12x12x5 lake with 6 fishers lasts more than 450 rounds: 100% of 10 test games were still going at round 450.",
        ],
        fr: [
          "dure plus de 450 manches : 100 % des 10 parties d'essai continuaient encore à la manche 450",
        ],
        de: ["dauert mehr als 450 Runden: 100 % der 10 Testspiele liefen in Runde 450 noch"],
      },
    ],
  ];

  test('games past the cap are said as "more than" it with their share, in en, fr and de', () => {
    for (const [over, key, texts] of cases) {
      const e = { ...base, ...over };
      expect(estimateKey(e)).toBe(`KOLIKOLY.Length.${key}`);
      for (const lang of ["en", "fr", "de"] as const) {
        const text = estimateText(e, L[lang]);
        for (const part of texts[lang]) expect(text).toContain(part);
        // every placeholder filled, and the cap never given as a length ("450 to 450")
        expect(text).not.toMatch(/[{}]/);
        expect(text).not.toContain("451");
      }
    }
  });

  test("a share is 0 or 100 only when exactly so", () => {
    const t = (over: Partial<LengthEstimate>) => estimateText({ ...base, ...over }, L.en);
    expect(t({ games: 1000, capped: 1 })).toContain("; 1% went on past 450");
    expect(t({ games: 1000, capped: 999, median: 451, p5: 451, p95: 451 })).toContain(": 99% of");
  });

  test('12x12x5 with 6 fishers, whose games all run past the cap, is "more than" the cap', () => {
    const e = estimateLength(lake(12, 12, 5), 6, ESTIMATE_PAGE_GAMES);
    expect(e.capped).toBe(e.games);
    expect(e.median).toBe(e.cap + 1);
    const text = estimateText(e, L.en);
    expect(text).toBe(
      `A 12x12x5 lake with 6 fishers lasts more than ${e.cap} rounds: 100% of ${e.games} test games were still going at round ${e.cap}.`,
    );
  });

  test("the cap leaves room for CAP_GAMES games within the work budget, on every accepted lake", () => {
    for (const side of [1, 2, 8, 16, LAKE_LIMITS.side])
      for (const levels of [1, 3, LAKE_LIMITS.levels])
        for (const fishers of [1, 4, LAKE_LIMITS.fishers]) {
          const l = lake(side, side, levels);
          const cap = estimateCap(l, fishers);
          expect(cap).toBeLessThanOrEqual(ESTIMATE_CAP);
          expect(cap).toBeGreaterThanOrEqual(10);
          expect(setupWork(l) + CAP_GAMES * cap * roundWork(l, fishers)).toBeLessThanOrEqual(
            ESTIMATE_WORK,
          );
        }
    expect(estimateCap(lake(3, 2, 2), 4)).toBe(ESTIMATE_CAP);
  });

  test("the largest accepted lake and party: the work stays within its budget, the answer says so", () => {
    const l = lake(LAKE_LIMITS.side, LAKE_LIMITS.side, LAKE_LIMITS.levels);
    const e = estimateLength(l, LAKE_LIMITS.fishers, ESTIMATE_PAGE_GAMES);
    expect(e.games).toBeGreaterThanOrEqual(CAP_GAMES);
    // every game ran to the cap: the work is the set-up and games x cap rounds
    expect(e.capped).toBe(e.games);
    expect(setupWork(l) + e.games * e.cap * roundWork(l, LAKE_LIMITS.fishers)).toBeLessThanOrEqual(
      ESTIMATE_WORK,
    );
    expect(estimateKey(e)).toBe("KOLIKOLY.Length.EstimateAllCapped");
  });

  test("a budget stops the games before the stopping rule can: the games played are said", () => {
    // 6x6x3 with 4 fishers: games of about 250 rounds; 60 of them would pass the budget
    const e = estimateLength(lake(6, 6, 3), 4, ESTIMATE_PAGE_GAMES);
    const full = estimateLength(lake(6, 6, 3), 4, ESTIMATE_PAGE_GAMES, 1, { work: Infinity });
    expect(e.games).toBeLessThan(ESTIMATE_PAGE_GAMES);
    expect(e.capped).toBe(0);
    expect(estimateText(e, L.en)).toContain(`(90% of ${e.games} test games:`);
    expect(Math.abs(e.median - full.median)).toBeLessThanOrEqual(Math.ceil(full.median / 5));
  });
});

function sumTo(h: readonly number[], r: number): number {
  let n = 0;
  for (let i = 0; i <= r; i++) n += h[i]!;
  return n;
}
