/**
 * The engine's figures (issue 2, Performance): engine rounds per second for 4 greedy fishers on
 * 6x6x3; engine time per round against an RNG-only loop making the same draws; simulate games
 * per second on 1 and 2 workers; peak RSS of a 1,000,000-game simulation.
 */
import { spawnSync } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { runSimulation } from "../src/cli/run-sim.ts";
import type { SimOptions } from "../src/rules/sim/options.ts";
import { SIM_DEFAULTS } from "../src/rules/sim/options.ts";
import type { BenchOptions, BenchRow } from "./lib/types.ts";
import { countDraws, recordRounds, timeEngine, timeRng } from "./lib/engine-rounds.ts";

const RSS_CHILD = fileURLToPath(new URL("./lib/rss-child.mjs", import.meta.url));
/** 1,000,000 games of the default lake would take hours here; this lake is the one measured. */
const RSS_LAKE = "2x2x1";
const RSS_FISHERS = 2;

const n = (x: number, digits = 0) =>
  x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface SimSpeed {
  /** Games per wall-clock second. */
  readonly perSecond: number;
  /** CPU seconds (every thread of this process) per game. */
  readonly cpuPerGame: number;
}

async function simSpeed(o: SimOptions, workers: number): Promise<SimSpeed> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const stats = await runSimulation(o, workers);
  const cpu = process.cpuUsage(c0);
  if (stats.games !== o.games) throw new Error("the simulation lost games");
  return {
    perSecond: o.games / ((performance.now() - t0) / 1000),
    cpuPerGame: (cpu.user + cpu.system) / 1e6 / o.games,
  };
}

function peakRss(games: number): { mb: number; seconds: number } {
  const args = [
    RSS_CHILD,
    "simulate",
    "--games",
    String(games),
    "--lake",
    RSS_LAKE,
    "--fishers",
    String(RSS_FISHERS),
    "--workers",
    "2",
    "--json",
  ];
  const child = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 20 });
  if (child.status !== 0) throw new Error(`rss child failed: ${child.stderr}`);
  const r = JSON.parse(child.stdout.trim().split("\n").pop()!) as {
    status: number;
    seconds: number;
    maxRssMB: number;
  };
  if (r.status !== 0) throw new Error(`simulate exited with ${r.status}`);
  return { mb: r.maxRssMB, seconds: r.seconds };
}

export async function run(opts: BenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = [
    {
      name: "machine",
      value: `${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(1)} at start`,
    },
  ];
  // 1-2: the engine alone, on rounds recorded from greedy games (4 fishers, 6x6x3)
  const rounds = recordRounds(opts.smoke ? 4 : 20);
  const draws = countDraws(rounds);
  const engine = timeEngine(rounds, opts.smoke ? 15 : 10);
  const rng = timeRng(draws, opts.smoke ? 5 : 11);
  rows.push({
    name: "engine rounds/s (4 greedy fishers, 6x6x3)",
    value: `${n(rounds.length / engine)} (${n((engine / rounds.length) * 1e6, 1)} us a round, ${n(draws / rounds.length, 1)} draws)`,
  });
  const ratio = engine / rng.seconds;
  rows.push({
    name: "engine time / RNG-only loop, same draws",
    value: `${n(ratio, 1)}x (${n((rng.seconds / draws) * 1e9, 1)} ns a die())`,
    target: "<= 10",
    ok: ratio <= 10,
  });
  // 3: simulate games per second, 1 and 2 workers (wall time, worker start-up included)
  const sim: SimOptions = { ...SIM_DEFAULTS, games: opts.smoke ? 40 : 800, seed: 7 };
  // interleaved and best of several, so a burst of load elsewhere hurts both alike
  let one = 0;
  let two = 0;
  let cpuOne = Infinity;
  let cpuTwo = Infinity;
  for (let k = 0; k < (opts.smoke ? 1 : 2); k++) {
    const a = await simSpeed(sim, 1);
    const b = await simSpeed(sim, 2);
    one = Math.max(one, a.perSecond);
    two = Math.max(two, b.perSecond);
    cpuOne = Math.min(cpuOne, a.cpuPerGame);
    cpuTwo = Math.min(cpuTwo, b.cpuPerGame);
  }
  rows.push({ name: `simulate games/s, 1 worker (${sim.games} games, 6x6x3)`, value: n(one, 1) });
  rows.push({ name: `simulate games/s, 2 workers (${sim.games} games, 6x6x3)`, value: n(two, 1) });
  rows.push({
    name: "simulate scaling, 2 workers / 1",
    value: `${n(two / one, 2)}x`,
    target: ">= 1.7x",
    ok: two / one >= 1.7,
  });
  // wall-clock scaling needs a free core; CPU per game shows what parallelism itself costs
  rows.push({
    name: "simulate CPU time a game (start-up included), 1 worker / 2 workers",
    value: `${n(cpuOne * 1000, 1)} ms / ${n(cpuTwo * 1000, 1)} ms (${n(cpuTwo / cpuOne, 2)}x)`,
  });
  // 4: peak RSS of the real CLI over many games (streamed statistics: flat in the number of games)
  const games = opts.smoke ? 20_000 : 1_000_000;
  if (!opts.smoke) {
    const small = peakRss(10_000);
    rows.push({
      name: `peak RSS, 10,000 games (lake ${RSS_LAKE}, ${RSS_FISHERS} fishers, 2 workers)`,
      value: `${n(small.mb, 1)} MB`,
    });
  }
  const big = peakRss(games);
  rows.push({
    name: `peak RSS, ${n(games)} games (lake ${RSS_LAKE}, ${RSS_FISHERS} fishers, 2 workers)`,
    value: `${n(big.mb, 1)} MB (${n(big.seconds, 0)} s)`,
    target: "<= 200 MB",
    ok: big.mb <= 200,
  });
  rows.push({ name: "machine", value: `load average ${loadavg()[0]!.toFixed(1)} at the end` });
  return rows;
}
