/** A simulation run shared among worker threads; statistics merge as the workers finish. */
import { Worker } from "node:worker_threads";
import type { SimOptions } from "../rules/sim/options.ts";
import { slices } from "../rules/sim/play.ts";
import type { SimStats } from "../rules/sim/stats.ts";
import { mergeStats, newStats } from "../rules/sim/stats.ts";
import type { WorkerMessage, WorkerTask } from "./sim-worker.ts";

const WORKER = new URL("./sim-worker.mjs", import.meta.url);

/**
 * A worker's live data is a few MB (one game and a fixed-size accumulator); without limits V8
 * lets each thread's heap grow far past that before collecting. These caps keep a run's memory
 * flat and small whatever the number of games.
 */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 } as const;

/** Plays `options.games` games on `workers` threads; `onProgress` gets the games done so far. */
export function runSimulation(
  options: SimOptions,
  workers: number,
  onProgress?: (done: number) => void,
): Promise<SimStats> {
  const parts = slices(options.games, workers);
  const done = new Array<number>(parts.length).fill(0);
  const total = newStats(options);
  const threads: Worker[] = [];
  return new Promise<SimStats>((resolve, reject) => {
    let finished = 0;
    const fail = (e: Error) => {
      for (const w of threads) void w.terminate();
      reject(e);
    };
    parts.forEach((part, k) => {
      const task: WorkerTask = { options, from: part.from, to: part.to };
      const w = new Worker(WORKER, { workerData: task, resourceLimits: WORKER_LIMITS });
      threads.push(w);
      w.on("message", (m: WorkerMessage) => {
        if (m.type === "progress") {
          done[k] = m.done;
          onProgress?.(done.reduce((a, b) => a + b, 0));
          return;
        }
        mergeStats(total, m.stats);
        if (++finished === parts.length) resolve(total);
      });
      w.on("error", fail);
      w.on("exit", (code) => {
        if (code !== 0) fail(new Error(`worker exited with code ${code}`));
      });
    });
  });
}
