/** The tests every golden set gets: each scenario replays to its expected log per viewer, and exports exactly. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { GoldenSet } from "./viewers.ts";
import { goldenLogPath, goldenScenarios, viewerName } from "./viewers.ts";

/**
 * Registers the set's tests (inside the caller's `describe`): that every scenario has a log per
 * viewer (`scenarios` checks the list itself), then per scenario its replays and its export;
 * `dice` names the dice in the export test's title.
 */
export function goldenSuite<S extends { log: unknown; state: unknown }>(
  set: GoldenSet<S>,
  opts: { listTitle: string; scenarios: (files: string[]) => void; dice: string },
): void {
  const scenarios = goldenScenarios(set);
  test(opts.listTitle, () => {
    opts.scenarios(scenarios);
    for (const f of scenarios)
      for (const v of set.viewers) {
        const log = goldenLogPath(set, f, v);
        expect(existsSync(log), log).toBe(true);
      }
  });

  for (const file of scenarios) {
    const name = file.replace(/\.json$/, "");
    const played = set.play(readFileSync(join(set.dir, file), "utf8"));

    for (const viewer of set.viewers)
      test(`${name} replays as ${viewerName(viewer)} to the recorded log`, () => {
        if (!played.ok) throw new Error(played.error);
        const expected = readFileSync(goldenLogPath(set, file, viewer), "utf8")
          .trimEnd()
          .split("\n")
          .map((l) => JSON.parse(l) as unknown);
        const actual = set
          .lines(played.session, viewer)
          .map((l) => JSON.parse(JSON.stringify(l)) as unknown);
        expect(actual).toEqual(expected);
      });

    test(`${name} exported with every ${opts.dice} forced replays to the same log and state`, () => {
      if (!played.ok) throw new Error(played.error);
      const again = set.playExported(played.session);
      if (!again.ok) throw new Error(again.error);
      expect(again.session.log).toEqual(played.session.log);
      expect(again.session.state).toEqual(played.session.state);
    });
  }
}
