/**
 * The engine's figures (issues 2 and 13, Performance): engine rounds per second for 4 greedy
 * fishers on 6x6x3; engine time per round against an RNG-only loop making the same draws;
 * simulate games per second and CPU time a game on 1 and 2 worker processes; the simulator's
 * CPU time a game against the engine's own time for that game's rounds (what the bots and the
 * simulator's bookkeeping add); peak RSS of a 1,000,000-game simulation.
 */
import { spawnSync } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { runSimulation } from "../src/cli/run-sim.ts";
import type { SimOptions } from "../src/rules/sim/options.ts";
import { SIM_DEFAULTS } from "../src/rules/sim/options.ts";
import type { BenchOptions, BenchRow } from "./lib/types.ts";
import { loadBundled } from "./lib/bundled.ts";
import type * as EngineRoundsModule from "./lib/engine-rounds.ts";

type EngineRounds = typeof EngineRoundsModule;

const RSS_CHILD = fileURLToPath(new URL("./lib/rss-child.mjs", import.meta.url));
/** 1,000,000 games of the default lake would take hours here; this lake is the one measured. */
const RSS_LAKE = "2x2x1";
const RSS_FISHERS = 2;

const n = (x: number, digits = 0) =>
  x.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface SimSpeed {
  /** Games per wall-clock second. */
  readonly perSecond: number;
  /** CPU seconds per game: this process and every worker process. */
  readonly cpuPerGame: number;
}

async function simSpeed(o: SimOptions, workers: number): Promise<SimSpeed> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let workerMicros = 0;
  const stats = await runSimulation(o, workers, undefined, (u) => (workerMicros += u.cpuMicros));
  const cpu = process.cpuUsage(c0);
  if (stats.games !== o.games) throw new Error("the simulation lost games");
  return {
    perSecond: o.games / ((performance.now() - t0) / 1000),
    cpuPerGame: (cpu.user + cpu.system + workerMicros) / 1e6 / o.games,
  };
}

function peakRss(games: number): { mb: number; seconds: number } {
  const args = [RSS_CHILD, String(games), RSS_LAKE, String(RSS_FISHERS), "2"];
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
  // 1-3 run from one esbuild bundle, as the simulation workers and the browser run the engine
  const E = await loadBundled<EngineRounds>(new URL("./lib/engine-rounds.ts", import.meta.url));
  // 1-2: the engine alone, replaying greedy games (4 fishers, 6x6x3) from their recorded inputs
  const games = E.recordGames(opts.smoke ? 4 : 20);
  E.checkReplays(games);
  const rounds = E.roundCount(games);
  const draws = E.countDraws(games);
  const repeats = opts.smoke ? 5 : 10;
  const engine = E.timeEngine(games, repeats);
  // the same rounds making only the events the simulator's statistics read (as it plays them)
  const engineSim = E.timeEngine(games, repeats, E.STATS_EVENTS);
  const rng = E.timeRng(draws, opts.smoke ? 5 : 11);
  rows.push({
    name: "engine rounds/s (4 greedy fishers, 6x6x3, whole event log)",
    value: `${n(rounds / engine)} (${n((engine / rounds) * 1e6, 2)} us a round, ${n(draws / rounds, 1)} draws)`,
  });
  const die = `${n((rng.seconds / draws) * 1e9, 1)} ns a die()`;
  for (const [what, t] of [
    ["whole event log", engine],
    ["the simulator's events", engineSim],
  ] as const)
    rows.push({
      name: `engine time / RNG-only loop, same draws (${what})`,
      value: `${n(t / rng.seconds, 1)}x (${n((t / rounds) * 1e6, 2)} us a round, ${die})`,
      target: "<= 50",
      ok: t / rng.seconds <= 50,
    });
  // 3: the simulator in one thread (bots, views, statistics) on the same games, against the
  // engine alone making the same events
  const sim = E.timeSimulate(games.length, opts.smoke ? 3 : 5);
  rows.push({
    name: `simulate CPU a game / engine's own (same ${games.length} games, one thread)`,
    value: `${n(sim / engineSim, 2)}x (${n((sim / games.length) * 1000, 2)} ms / ${n((engineSim / games.length) * 1000, 2)} ms)`,
    target: "<= 2",
    ok: sim / engineSim <= 2,
  });
  // 4: simulate games per second, 1 and 2 workers (wall time, worker start-up included)
  const run: SimOptions = { ...SIM_DEFAULTS, games: opts.smoke ? 40 : 2000, seed: 7 };
  // interleaved and best of several, so a burst of load elsewhere hurts both alike
  let one = 0;
  let two = 0;
  let cpuOne = Infinity;
  let cpuTwo = Infinity;
  for (let k = 0; k < (opts.smoke ? 1 : 3); k++) {
    const a = await simSpeed(run, 1);
    const b = await simSpeed(run, 2);
    one = Math.max(one, a.perSecond);
    two = Math.max(two, b.perSecond);
    cpuOne = Math.min(cpuOne, a.cpuPerGame);
    cpuTwo = Math.min(cpuTwo, b.cpuPerGame);
  }
  rows.push({ name: `simulate games/s, 1 worker (${run.games} games, 6x6x3)`, value: n(one, 1) });
  rows.push({ name: `simulate games/s, 2 workers (${run.games} games, 6x6x3)`, value: n(two, 1) });
  rows.push({
    name: "simulate scaling, 2 workers / 1",
    value: `${n(two / one, 2)}x`,
    target: ">= 1.7x",
    ok: two / one >= 1.7,
  });
  // wall-clock scaling needs a free core; CPU per game shows what parallelism itself costs
  rows.push({
    name: "simulate CPU time a game (all processes, start-up included), 2 workers / 1",
    value: `${n(cpuTwo / cpuOne, 2)}x (${n(cpuTwo * 1000, 2)} ms / ${n(cpuOne * 1000, 2)} ms)`,
    target: "<= 1.1x",
    ok: cpuTwo / cpuOne <= 1.1,
  });
  // 5: peak RSS of a simulation over many games (streamed statistics: flat in the number of games)
  const many = opts.smoke ? 20_000 : 1_000_000;
  if (!opts.smoke) {
    const small = peakRss(10_000);
    rows.push({
      name: `peak RSS, 10,000 games (lake ${RSS_LAKE}, ${RSS_FISHERS} fishers, 2 workers)`,
      value: `${n(small.mb, 1)} MB`,
    });
  }
  const big = peakRss(many);
  rows.push({
    name: `peak RSS, ${n(many)} games (lake ${RSS_LAKE}, ${RSS_FISHERS} fishers, 2 workers)`,
    value: `${n(big.mb, 1)} MB (${n(big.seconds, 0)} s)`,
    target: "<= 200 MB",
    ok: big.mb <= 200,
  });
  rows.push({ name: "machine", value: `load average ${loadavg()[0]!.toFixed(1)} at the end` });
  return rows;
}
