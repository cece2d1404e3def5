/// <reference lib="webworker" />
/**
 * The balance panel's Web Worker: checks the options (the simulator's own `checkSimOptions`)
 * and runs them with the pure simulator core, posting progress. Messages:
 * in `{ type: "run", options }`; out `progress` / `done` / `error`.
 */
import type { SimOptions } from "../rules/sim/index.ts";
import { checkSimOptions } from "../rules/sim/index.ts";
import { runBalance } from "./balance-run.ts";

export type WorkerIn = { type: "run"; options: Partial<SimOptions> };
export type WorkerOut =
  | { type: "progress"; done: number; total: number }
  | { type: "done"; result: NonNullable<ReturnType<typeof runBalance>> }
  | { type: "error"; field: string; message: string };

const post = (m: WorkerOut) => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

self.addEventListener("message", (ev: MessageEvent<WorkerIn>) => {
  if (ev.data?.type !== "run") return;
  const checked = checkSimOptions(ev.data.options);
  if (!checked.ok) {
    post({ type: "error", field: checked.error.field, message: checked.error.message });
    return;
  }
  const result = runBalance(checked.value, (done, total) =>
    post({ type: "progress", done, total }),
  );
  if (result) post({ type: "done", result });
});
