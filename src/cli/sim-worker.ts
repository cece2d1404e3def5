/**
 * One simulation worker: asks the main thread for chunks of the run's games, plays each into
 * its own accumulator, and posts that accumulator when told there is no more work. Chunks are
 * handed out on demand, so a worker on a busier core simply plays fewer of them; the figures
 * do not depend on who played what (game seeds come from the index, accumulators merge exactly).
 */
import { parentPort, workerData } from "node:worker_threads";
import type { SimOptions } from "../rules/sim/options.ts";
import { simulateRange } from "../rules/sim/play.ts";
import type { SimStats } from "../rules/sim/stats.ts";
import { newStats } from "../rules/sim/stats.ts";

export interface WorkerTask {
  readonly options: SimOptions;
}
/** Main thread to worker: the next games to play, or the end of the run. */
export type WorkerOrder =
  | { readonly type: "chunk"; readonly from: number; readonly to: number }
  | { readonly type: "stop" };
/** Worker to main thread. */
export type WorkerMessage =
  | { readonly type: "ready" }
  | { readonly type: "progress"; readonly games: number }
  | { readonly type: "done"; readonly stats: SimStats };

const port = parentPort!;
const task = workerData as WorkerTask;
const stats = newStats(task.options);
const post = (m: WorkerMessage) => port.postMessage(m);

port.on("message", (order: WorkerOrder) => {
  if (order.type === "stop") {
    post({ type: "done", stats });
    port.close();
    return;
  }
  let reported = 0;
  simulateRange(stats, order.from, order.to, (done) => {
    post({ type: "progress", games: done - reported });
    reported = done;
  });
  post({ type: "ready" });
});
post({ type: "ready" });
