import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  exportScenario,
  formatError,
  playScenario,
  playScenarioText,
  replayLines,
} from "../../src/rules/index.ts";
import { GOLDEN_DIR, GOLDEN_VIEWERS, viewerName } from "./viewers.ts";

const scenarios = readdirSync(GOLDEN_DIR)
  .filter((f) => f.endsWith(".json"))
  .sort();

describe("golden replays (scenario in, event log out; regenerate with node --import tsx scripts/update-golden.mjs)", () => {
  test("there are golden scenarios, each with an expected log per viewer", () => {
    expect(scenarios.length).toBeGreaterThanOrEqual(5);
    const files = new Set(readdirSync(GOLDEN_DIR));
    for (const f of scenarios)
      for (const v of GOLDEN_VIEWERS)
        expect(files.has(f.replace(/\.json$/, `.${viewerName(v)}.jsonl`))).toBe(true);
  });

  for (const file of scenarios) {
    const name = file.replace(/\.json$/, "");
    const played = playScenarioText(readFileSync(join(GOLDEN_DIR, file), "utf8"));

    for (const viewer of GOLDEN_VIEWERS) {
      test(`${name} replays as ${viewerName(viewer)} to the recorded log`, () => {
        if (!played.ok) throw new Error(formatError(played.error));
        const expected = readFileSync(
          join(GOLDEN_DIR, `${name}.${viewerName(viewer)}.jsonl`),
          "utf8",
        )
          .trimEnd()
          .split("\n")
          .map((l) => JSON.parse(l) as unknown);
        const actual = replayLines(played.session, viewer).map(
          (l) => JSON.parse(JSON.stringify(l)) as unknown,
        );
        expect(actual).toEqual(expected);
      });
    }

    test(`${name} exported with every roll forced replays to the same log and state`, () => {
      if (!played.ok) throw new Error(formatError(played.error));
      const again = playScenario(JSON.parse(JSON.stringify(exportScenario(played.session))));
      if (!again.ok) throw new Error(formatError(again.error));
      expect(again.session.log).toEqual(played.session.log);
      expect(again.session.state).toEqual(played.session.state);
    });
  }
});
