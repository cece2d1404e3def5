/** One simulation worker: plays its slice of the run's games and posts the merged statistics. */
import { parentPort, workerData } from "node:worker_threads";
import type { SimOptions } from "../rules/sim/options.ts";
import { simulateRange } from "../rules/sim/play.ts";
import { newStats } from "../rules/sim/stats.ts";

export interface WorkerTask {
  readonly options: SimOptions;
  readonly from: number;
  readonly to: number;
}
export type WorkerMessage =
  | { readonly type: "progress"; readonly done: number }
  | { readonly type: "done"; readonly stats: ReturnType<typeof newStats> };

const task = workerData as WorkerTask;
const stats = simulateRange(newStats(task.options), task.from, task.to, (done) =>
  parentPort!.postMessage({ type: "progress", done } satisfies WorkerMessage),
);
parentPort!.postMessage({ type: "done", stats } satisfies WorkerMessage);
