/**
 * One simulation worker, a child process: asks the parent for chunks of the run's games, plays
 * each into its own accumulator, and sends that accumulator (with what it cost: CPU time and
 * peak memory) when told there is no more work. Chunks are handed out on demand, so a worker on
 * a busier core simply plays fewer of them; the figures do not depend on who played what (game
 * seeds come from the index, accumulators merge exactly).
 *
 * A process, not a worker thread: two V8 isolates in one process slowed each other down (the
 * CPU a game rose by about 1.17x with a second thread, bench/README.md); two processes share
 * nothing.
 */
import type { SimOptions } from "../rules/sim/options.ts";
import { simulateRange } from "../rules/sim/play.ts";
import type { SimStats } from "../rules/sim/stats.ts";
import { newStats } from "../rules/sim/stats.ts";

/** Parent to worker: the options of the run, the next games to play, or the end of the run. */
export type WorkerOrder =
  | { readonly type: "start"; readonly options: SimOptions }
  | { readonly type: "chunk"; readonly from: number; readonly to: number }
  | { readonly type: "stop" };
/** What a worker used, reported with its accumulator. */
export interface WorkerUsage {
  /** CPU time of the worker process, user and system, in microseconds. */
  readonly cpuMicros: number;
  /** The worker process's peak resident set size, in kilobytes. */
  readonly maxRssKb: number;
}
/** Worker to parent. */
export type WorkerMessage =
  | { readonly type: "ready" }
  | { readonly type: "progress"; readonly games: number }
  | { readonly type: "done"; readonly stats: SimStats; readonly usage: WorkerUsage };

/**
 * The parent gone (killed, interrupted, or ended after its stdout closed), there is no one to play
 * for: the worker ends quietly, never with Node's "write EPIPE" stack trace. A message that
 * cannot be sent ends it too (the error goes to the callback, not to an unhandled 'error' event).
 */
const quit = () => process.exit(0);
const send = (m: WorkerMessage) => {
  if (!process.connected) quit();
  process.send!(m, undefined, undefined, (e: Error | null) => {
    if (e) quit();
  });
};
process.on("disconnect", quit);
// Ctrl-C reaches the whole process group: it is the parent's to answer (it stops the workers).
process.on("SIGINT", () => {});
let stats: SimStats | undefined;

process.on("message", (order: WorkerOrder) => {
  if (order.type === "start") {
    stats = newStats(order.options);
    send({ type: "ready" });
    return;
  }
  if (!stats) throw new Error("sim worker: a chunk before the start");
  if (order.type === "stop") {
    const cpu = process.cpuUsage();
    const usage = { cpuMicros: cpu.user + cpu.system, maxRssKb: process.resourceUsage().maxRSS };
    send({ type: "done", stats, usage });
    process.disconnect();
    return;
  }
  let reported = 0;
  simulateRange(stats, order.from, order.to, (done) => {
    send({ type: "progress", games: done - reported });
    reported = done;
  });
  send({ type: "ready" });
});
