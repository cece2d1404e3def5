// Runs the real CLI (`kolikoly <args>`) in this process with its output discarded, then prints
// this process's peak resident set size (worker threads included: they share the process).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../../src/cli/main.ts");
const t0 = performance.now();
const status = await main(process.argv.slice(2), { out: () => {}, err: () => {}, errTty: false });
process.stdout.write(
  JSON.stringify({
    status,
    seconds: (performance.now() - t0) / 1000,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
  }) + "\n",
);
