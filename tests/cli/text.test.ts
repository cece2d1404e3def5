import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../src/rules/index.ts";
import { newGame, playScenarioText, viewFor } from "../../src/rules/index.ts";
import { renderMap } from "../../src/cli/map.ts";
import { replayText } from "../../src/cli/text.ts";
import { ROOT } from "./run-cli.ts";

const GOLDEN = path.join(ROOT, "tests/golden");
const scenarios = [
  path.join(ROOT, "src/cli/demo-scenario.json"),
  ...fs
    .readdirSync(GOLDEN)
    .filter((f) => f.endsWith(".json"))
    .map((f) => path.join(GOLDEN, f)),
];

describe("replay --format text renders every event of every scenario for every viewer", () => {
  for (const file of scenarios)
    it(path.basename(file), () => {
      const played = playScenarioText(fs.readFileSync(file, "utf8"));
      if (!played.ok) throw new Error(played.error.message);
      const viewers: Viewer[] = [
        "gm",
        "player",
        ...played.session.state.fishers.map((f) => ({ fisher: f.id })),
      ];
      for (const viewer of viewers) {
        const text = replayText(played.session, viewer).join("\n");
        expect(text).not.toMatch(/undefined|NaN|\{\w+\}/);
        for (let r = 1; r <= played.session.state.round; r++)
          expect(text).toContain(`End of round ${r}:`);
      }
    });
});

describe("K20 the ASCII map shows what the viewer may know", () => {
  const state = newGame({
    seed: 1,
    lake: { width: 3, height: 2, levels: 2, verticalAdjacency: true },
    fishers: [
      { id: "ana", at: [0, 0, 0] },
      { id: "bo", at: [0, 0, 0] },
    ],
    squares: [
      { at: [1, 0, 0], swarms: [7] },
      { at: [2, 0, 0], swarms: [5, 4] },
    ],
  });
  state.swarms[0]!.seen = true; // s1 at [1,0,0] seen; s2, s3 at [2,0,0] unseen
  state.swarms.push({ id: "s4", at: [1, 1, 1], fish: 6, max: 6, seen: false }); // fled into fog

  it("the GM sees every swarm, in fog too; several fishers in a square show as +", () => {
    const map = renderMap(viewFor(state, "gm"));
    expect(map[0]).toMatch(/^Level 0 +Level 1$/);
    expect(map[1]).toBe("+  .    7    9    ~~~  ~~~  ~~~");
    expect(map[2]).toBe(" ~~~  ~~~  ~~~    ~~~  ~ 6  ~~~");
  });

  it("a player sees only seen swarms", () => {
    for (const viewer of ["player", { fisher: "ana" }] as Viewer[]) {
      const map = renderMap(viewFor(state, viewer));
      expect(map[1]).toBe("+  .    7    .    ~~~  ~~~  ~~~");
      expect(map[2]).toBe(" ~~~  ~~~  ~~~    ~~~  ~~~  ~~~");
    }
  });
});
