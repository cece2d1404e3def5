/**
 * Issue 12, a game that fits an evening: how long a lake lasts for a party (median and the
 * middle 90% of games), and a lake proposed for a wanted length; the wizard's worker checks
 * what it is asked before playing anything.
 */
import { describe, expect, test } from "vitest";
import {
  estimateLength,
  proposeLake,
  simulateGames,
  SIM_DEFAULTS,
} from "../../src/rules/sim/index.ts";
import type { LakeSpec } from "../../src/rules/index.ts";
import { checkEstimateRequest } from "../../src/foundry/apps/length-estimate.ts";

const lake = (width: number, height: number, levels: number): LakeSpec => ({
  width,
  height,
  levels,
  verticalAdjacency: true,
});

describe("length estimate (issue 12)", () => {
  test("seeded: the same question gets the same answer; the median is the simulator's own", () => {
    const a = estimateLength(lake(3, 2, 2), 4, 200);
    expect(estimateLength(lake(3, 2, 2), 4, 200)).toEqual(a);
    const sim = simulateGames({ ...SIM_DEFAULTS, lake: lake(3, 2, 2), games: 200, maxRounds: 600 });
    // the same 200 games as `kolikoly simulate --lake 3x2x2 --games 200` (seed 1)
    expect(a.median).toBe(sim.roundsHist.findIndex((_, r, h) => sumTo(h, r) >= 100));
    expect(a.p5).toBeLessThanOrEqual(a.median);
    expect(a.median).toBeLessThanOrEqual(a.p95);
    expect(a.capped).toBe(0);
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
        const e = estimateLength(other, fishers, 40);
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

function sumTo(h: readonly number[], r: number): number {
  let n = 0;
  for (let i = 0; i <= r; i++) n += h[i]!;
  return n;
}
