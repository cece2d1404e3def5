/**
 * The engine as the module's test oracle (docs/architecture.md): scenarios played through the
 * behavioural fake exactly as a table plays them, each held against the CLI's replay of the same
 * file, event for event, for the GM, the players and each fisher, and the module's export
 * replayed.
 */
import { readFileSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { Scenario } from "../../../src/rules/index.ts";
import type { KayanakScenario } from "../../../src/rules/kayanak/index.ts";
import { playBoard } from "./play-board.ts";
import { playLake } from "./play-lake.ts";
import { boardCase, boardRun, lakeCase, lakeRun } from "./generate.ts";

const GOLDEN = new URL("../../golden/", import.meta.url);
const files = readdirSync(GOLDEN).filter((f) => f.endsWith(".json"));

describe("the golden scenarios played through the module equal the CLI's replay", () => {
  files.forEach((file, i) => {
    test(`${file}`, async () => {
      const scenario = JSON.parse(readFileSync(new URL(file, GOLDEN), "utf8")) as Scenario;
      const r = await playLake({
        scenario,
        generation: i % 2 ? 14 : 13,
        system: (["dnd5e", "pf2e", "generic"] as const)[i % 3]!,
        owners: scenario.fishers.map((_, k) => (k === 0 ? 0 : k === 1 ? 1 : -1)),
        via: "file",
        check: (round, fisher) =>
          (["sheet", "typed", "resolution"] as const)[(round + fisher.length) % 3]!,
      });
      expect(r.differences).toEqual([]);
      console.log(file, JSON.stringify(r));
    }, 120_000);
  });
});

const KAYANAK = new URL("../../golden/kayanak/", import.meta.url);
const boards = readdirSync(KAYANAK).filter((f) => f.endsWith(".json"));

describe("the golden Kayanak games played through the module equal the CLI's replay", () => {
  boards.forEach((file, i) => {
    test(`kayanak/${file}`, async () => {
      const scenario = JSON.parse(readFileSync(new URL(file, KAYANAK), "utf8")) as KayanakScenario;
      const r = await playBoard({
        scenario,
        generation: i % 2 ? 13 : 14,
        system: (["pf2e", "generic", "dnd5e"] as const)[i % 3]!,
        owners: scenario.fishers.map((_, k) => (k === 0 ? 0 : k === 1 ? 1 : -1)),
        via: "file",
        undoAfter: 2,
        undoInPlay: 4,
        handOverBefore: 6,
      });
      expect(r.differences).toEqual([]);
      expect(r.played).toBe(scenario.turns.length + 1);
    }, 120_000);
  });
});

/** Generated games: at least this many in `npm test`; KOLIKOLY_DIFF_RUNS for a larger run. */
const LAKE_RUNS = Number(process.env.KOLIKOLY_DIFF_RUNS ?? 150);

describe("generated fishing games played through the module equal the CLI's replay", () => {
  test(`${LAKE_RUNS} games over v13 and v14, dnd5e, pf2e and the generic adapter`, async () => {
    const counts = new Map<string, number>();
    let n = 0;
    let played = 0;
    let continued = 0;
    let undone = 0;
    let handed = 0;
    await fc.assert(
      fc.asyncProperty(lakeCase, async (c) => {
        const run = lakeRun(c, n++);
        const r = await playLake(run);
        if (r.differences.length)
          throw new Error(`${r.differences.join("; ")}\n${JSON.stringify(run.scenario)}`);
        const k = `${run.generation}/${run.system}/${run.via}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
        played += r.played;
        continued += r.continued;
        undone += r.undone;
        handed += r.handedOver ? 1 : 0;
      }),
      { numRuns: LAKE_RUNS, seed: 20261206, endOnFailure: false },
    );
    console.log(
      `differential fishing: ${n} games (${[...counts].map(([k, v]) => `${k} ${v}`).join(", ")}); ${played} rounds played, ${continued} continued from files, ${undone} undone, ${handed} hand-overs`,
    );
    expect(counts.size).toBe(12);
  }, 600_000);
});

const BOARD_RUNS = Number(process.env.KOLIKOLY_DIFF_BOARD_RUNS ?? 60);

describe("generated Kayanak games played through the module equal the CLI's replay", () => {
  test(`${BOARD_RUNS} boards, both variants, from a file or a seed, over v13 and v14 and three systems`, async () => {
    const counts = new Map<string, number>();
    let n = 0;
    let played = 0;
    let undone = 0;
    let handed = 0;
    await fc.assert(
      fc.asyncProperty(boardCase, async (c) => {
        const run = boardRun(c, n++);
        const r = await playBoard(run);
        if (r.differences.length)
          throw new Error(`${r.differences.join("; ")}\n${JSON.stringify(run.scenario)}`);
        const k = `${run.generation}/${run.system}/${run.scenario.variant ?? "basic"}/${run.via}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
        played += r.played;
        undone += r.undone;
        handed += r.handedOver ? 1 : 0;
      }),
      { numRuns: BOARD_RUNS, seed: 20261207, endOnFailure: false },
    );
    console.log(
      `differential Kayanak: ${n} boards (${[...counts].map(([k, v]) => `${k} ${v}`).join(", ")}); ${played} turns played, ${undone} undone, ${handed} hand-overs`,
    );
    expect(n).toBeGreaterThanOrEqual(BOARD_RUNS);
  }, 600_000);
});
