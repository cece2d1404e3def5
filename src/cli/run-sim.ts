/**
 * A simulation run shared among worker threads. The main thread hands out chunks of game
 * indices on demand and merges each worker's accumulator at the end; the result is the same
 * whatever the number of workers or the order they finish in.
 */
import { Worker } from "node:worker_threads";
import type { SimOptions } from "../rules/sim/options.ts";
import type { SimStats } from "../rules/sim/stats.ts";
import { mergeStats, newStats } from "../rules/sim/stats.ts";
import type { WorkerMessage, WorkerOrder, WorkerTask } from "./sim-worker.ts";

const WORKER = new URL("./sim-worker.mjs", import.meta.url);

/**
 * A worker's live data is a few MB (one game and a fixed-size accumulator); without limits V8
 * lets each thread's heap grow far past that before collecting. These caps keep a run's memory
 * flat and small whatever the number of games.
 */
export const WORKER_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 } as const;

/** Games handed to a worker at a time: small enough to balance the load, big enough to be cheap. */
export function chunkSize(games: number, workers: number): number {
  return Math.max(1, Math.min(256, Math.ceil(games / (workers * 32))));
}

/** Plays `options.games` games on `workers` threads; `onProgress` gets the games done so far. */
export function runSimulation(
  options: SimOptions,
  workers: number,
  onProgress?: (done: number) => void,
): Promise<SimStats> {
  const count = Math.max(1, Math.min(workers, options.games));
  const chunk = chunkSize(options.games, count);
  const total = newStats(options);
  const threads: Worker[] = [];
  let next = 0;
  let done = 0;
  return new Promise<SimStats>((resolve, reject) => {
    let finished = 0;
    let failed = false;
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      for (const w of threads) void w.terminate();
      reject(e);
    };
    for (let k = 0; k < count; k++) {
      const task: WorkerTask = { options };
      const w = new Worker(WORKER, { workerData: task, resourceLimits: WORKER_LIMITS });
      threads.push(w);
      const order = (o: WorkerOrder) => w.postMessage(o);
      w.on("message", (m: WorkerMessage) => {
        if (m.type === "ready") {
          if (next < options.games) {
            const from = next;
            next = Math.min(options.games, next + chunk);
            order({ type: "chunk", from, to: next });
          } else order({ type: "stop" });
        } else if (m.type === "progress") {
          done += m.games;
          onProgress?.(done);
        } else {
          mergeStats(total, m.stats);
          if (++finished === count) {
            if (total.games !== options.games) fail(new Error("the workers lost games"));
            else resolve(total);
          }
        }
      });
      w.on("error", fail);
      w.on("exit", (code) => {
        if (code !== 0) fail(new Error(`worker exited with code ${code}`));
      });
    }
  });
}
