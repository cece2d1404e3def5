/**
 * The length estimate timed as the table's and the wizard's worker runs it (issue 22), loaded
 * from one esbuild bundle (bundled.ts) like the code the workers run. Wall and CPU time of one
 * question each; the first question of a lake shape includes the shape's set-up, as in a worker.
 */
import type { LakeSpec } from "../../src/rules/index.ts";
import type { LengthEstimate } from "../../src/rules/sim/index.ts";
import { ESTIMATE_CAP, estimateLength } from "../../src/rules/sim/index.ts";
import { ESTIMATE_PAGE_GAMES } from "../../src/ui/length-estimate.ts";

export interface Timed {
  readonly ms: number;
  readonly cpuMs: number;
  readonly estimate: LengthEstimate;
}

function timed(run: () => LengthEstimate): Timed {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const estimate = run();
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { ms, cpuMs: (c.user + c.system) / 1000, estimate };
}

/** The question the pages ask: ESTIMATE_PAGE_GAMES games, the budget, the stopping rule. */
export function timeEstimate(lake: LakeSpec, fishers: number): Timed {
  return timed(() => estimateLength(lake, fishers, ESTIMATE_PAGE_GAMES));
}

/** The estimate as it was before issue 22: every game asked for, each to 600 rounds. */
export function timeFullEstimate(lake: LakeSpec, fishers: number): Timed {
  return timed(() =>
    estimateLength(lake, fishers, ESTIMATE_PAGE_GAMES, 1, {
      work: Infinity,
      cap: ESTIMATE_CAP,
      early: false,
    }),
  );
}
