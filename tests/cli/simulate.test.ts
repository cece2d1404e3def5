import { describe, expect, it } from "vitest";
import { kolikoly } from "./run-cli.ts";

const RUN = ["simulate", "--games", "24", "--lake", "3x3x2", "--fishers", "3", "--json"];

function summary(args: string[]): Record<string, unknown> {
  const r = kolikoly(...args);
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

describe("kolikoly simulate --json (docs/scenario-format.md 'What simulate --json prints')", () => {
  it("prints the documented statistics", () => {
    const s = summary([...RUN, "--seed", "3", "--workers", "1"]);
    expect(s).toMatchObject({ games: 24, fishers: 3, bot: "greedy", seed: 3, maxRounds: 1000 });
    expect(s.lake).toEqual({ width: 3, height: 3, levels: 2, verticalAdjacency: true });
    const rounds = s.rounds as Record<string, number>;
    for (const k of ["mean", "median", "p90", "max"]) expect(typeof rounds[k]).toBe("number");
    expect(rounds.mean).toBeGreaterThan(0);
    expect(rounds.median).toBeLessThanOrEqual(rounds.p90!);
    expect(rounds.p90).toBeLessThanOrEqual(rounds.max!);
    expect(typeof (s.caughtPerFisher as { mean: number }).mean).toBe("number");
    expect(typeof (s.hazardsPerGame as { mean: number }).mean).toBe("number");
    const ex = s.explorations as Record<string, number>[];
    expect(ex.map((e) => e.level)).toEqual([0, 1]);
    for (const e of ex) {
      expect(Object.keys(e).sort()).toEqual(["bad", "count", "fish", "level", "swarms"]);
      expect(e.bad).toBeLessThanOrEqual(e.count!);
    }
    const ended = s.ended as Record<string, number>;
    expect(ended.lakeEmpty! + ended.maxRounds! + ended.allDead!).toBe(24);
  });

  it("is the same for the same seed whatever the number of workers", () => {
    const one = kolikoly(...RUN, "--seed", "11", "--workers", "1");
    const two = kolikoly(...RUN, "--seed", "11", "--workers", "2");
    expect(one.status).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const other = kolikoly(...RUN, "--seed", "12", "--workers", "2");
    expect(other.stdout).not.toBe(one.stdout);
  });

  it("without --json prints a readable summary and a histogram of rounds", () => {
    const r = kolikoly(
      "simulate",
      "--games",
      "10",
      "--lake",
      "3x3x1",
      "--bot",
      "random",
      "--workers",
      "1",
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/Rounds to the end: mean [\d.]+, median/);
    expect(r.stdout).toMatch(/level 0: \d+ rolls/);
    expect(r.stdout).toMatch(/\| #+ +\d+$/m);
  });

  it("refuses bad options with one line naming the option, status 2", () => {
    for (const [args, name] of [
      [["--fishers", "0"], "--fishers"],
      [["--lake", "6by6"], "--lake"],
      [["--bot", "clever"], "--bot"],
      [["--games", "0"], "--games"],
      [["--workers", "0"], "--workers"],
      [["--max-rounds", "x"], "--max-rounds"],
    ] as const) {
      const r = kolikoly("simulate", ...args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trimEnd().split("\n")[0]).toMatch(new RegExp(`^${name}: `));
    }
  });
});
