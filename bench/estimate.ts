/**
 * The length estimate's figures (issue 22): the time of the pages' question (ESTIMATE_PAGE_GAMES
 * games asked, the work budget, the stopping rule) in Node, on the issue's four lakes and on the
 * worst of a sweep of the lakes the wizard and the table accept, against the 250 ms target, and
 * against the estimate as it was (every game to 600 rounds) measured in the same run. Chromium's
 * figures are in sandbox.ts (the table's own worker).
 */
import type { LakeSpec } from "../src/rules/index.ts";
import { LAKE_LIMITS, SESSION_LAKE } from "../src/rules/index.ts";
import type { BenchOptions, BenchRow } from "./lib/types.ts";
import { loadBundled } from "./lib/bundled.ts";
import type * as TimingModule from "./lib/estimate-timing.ts";

const TARGET_MS = 250;

const lake = (width: number, height: number, levels: number): LakeSpec => ({
  width,
  height,
  levels,
  verticalAdjacency: true,
});
const name = (l: LakeSpec, f: number) => `${l.width}x${l.height}x${l.levels}, ${f} fishers`;

/** The issue's four lakes, with the party each was reported with (4, 4, 6 and the most). */
export const ISSUE_LAKES: readonly [LakeSpec, number][] = [
  [lake(3, 2, 2), 4],
  [lake(6, 6, 3), 4],
  [lake(12, 12, 5), 6],
  [lake(LAKE_LIMITS.side, LAKE_LIMITS.side, LAKE_LIMITS.levels), LAKE_LIMITS.fishers],
];

/** The lakes swept for the worst: every accepted lake's cost grows with these three. */
function sweep(smoke: boolean): [LakeSpec, number][] {
  const S = LAKE_LIMITS.side;
  const sides = smoke ? [4, S] : [1, 2, 4, 8, 16, 24, S];
  const levels = smoke ? [LAKE_LIMITS.levels] : [1, 3, 5, LAKE_LIMITS.levels];
  const fishers = smoke ? [1, LAKE_LIMITS.fishers] : [1, 2, 4, 8, LAKE_LIMITS.fishers];
  const out: [LakeSpec, number][] = [];
  for (const s of sides)
    for (const l of levels) for (const f of fishers) out.push([lake(s, s, l), f]);
  return out;
}

export async function run(opts: BenchOptions): Promise<BenchRow[]> {
  const T = await loadBundled<typeof TimingModule>(
    new URL("./lib/estimate-timing.ts", import.meta.url),
  );
  // as in the pages' worker, whose first question is the session lake's: the engine's code is
  // warm, each measured shape is set up cold (3x2x2's own is set up here)
  T.timeEstimate(SESSION_LAKE, 4);
  T.timeEstimate(SESSION_LAKE, 4);
  const rows: BenchRow[] = [];
  const describe = (t: TimingModule.Timed) =>
    `${t.ms.toFixed(0)} ms (CPU ${t.cpuMs.toFixed(0)}; ${t.estimate.games} games, cap ${t.estimate.cap}${t.estimate.settled ? ", settled" : ""})`;
  for (const [l, f] of ISSUE_LAKES) {
    const now = T.timeEstimate(l, f);
    // the estimate as it was takes 7 s on the largest lake: the smoke run keeps to the small two
    const big = l.width * l.height * l.levels > 200;
    const before = opts.smoke && big ? undefined : T.timeFullEstimate(l, f);
    rows.push({
      name: `length estimate, ${name(l, f)} (Node)`,
      value:
        describe(now) +
        (before
          ? `; all ${before.estimate.games} games to 600 rounds: ${before.ms.toFixed(0)} ms, ${(before.ms / now.ms).toFixed(1)}x`
          : ""),
      target: `<= ${TARGET_MS} ms`,
      ok: now.ms <= TARGET_MS,
    });
  }
  const lakes = sweep(opts.smoke);
  let worst: { l: LakeSpec; f: number; t: TimingModule.Timed } | undefined;
  for (const [l, f] of lakes) {
    const t = T.timeEstimate(l, f);
    if (!worst || t.ms > worst.t.ms) worst = { l, f, t };
  }
  rows.push({
    name: `length estimate, worst of ${lakes.length} accepted lakes: ${name(worst!.l, worst!.f)} (Node)`,
    value: `${describe(worst!.t)} = ${(worst!.t.ms / TARGET_MS).toFixed(2)}x the target`,
    target: `<= ${TARGET_MS} ms`,
    ok: worst!.t.ms <= TARGET_MS,
  });
  return rows;
}
