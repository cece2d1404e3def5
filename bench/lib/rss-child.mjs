// Runs a simulation the way `kolikoly simulate` does (src/cli/run-sim.ts: the same worker
// processes, the same chunks), with args `games lake fishers workers`, then prints the peak
// resident set size of the whole run: this process's plus each worker process's own peak (the
// workers are child processes, which this process's own figure does not count). A sum of peaks
// is at least the peak of the sum, so the figure errs high.
import { register } from "tsx/esm/api";

register();
const { runSimulation } = await import("../../src/cli/run-sim.ts");
const { SIM_DEFAULTS, parseLake } = await import("../../src/rules/sim/options.ts");
const [games, lake, fishers, workers] = process.argv.slice(2);
const t0 = performance.now();
let workersKb = 0;
const stats = await runSimulation(
  { ...SIM_DEFAULTS, games: Number(games), lake: parseLake(lake), fishers: Number(fishers) },
  Number(workers),
  undefined,
  (usage) => (workersKb += usage.maxRssKb),
);
process.stdout.write(
  JSON.stringify({
    status: stats.games === Number(games) ? 0 : 1,
    seconds: (performance.now() - t0) / 1000,
    maxRssMB: (process.resourceUsage().maxRSS + workersKb) / 1024,
    mainMB: process.resourceUsage().maxRSS / 1024,
    workersMB: workersKb / 1024,
  }) + "\n",
);
