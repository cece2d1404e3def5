/**
 * The lake wizard's Web Worker (issue 12): how long a lake lasts for a party, and a lake for a
 * wanted length, played by the simulator's bots off the GM's main thread. Built on its own
 * (vite.worker.config.ts) as dist/scripts/estimate-worker.js; apps/length-estimate.ts starts it.
 */
import type { EstimateRequest, EstimateReply } from "./apps/length-estimate.ts";
import { checkEstimateRequest } from "./apps/length-estimate.ts";
import { estimateLength, proposeLake } from "../rules/sim/index.ts";

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<unknown>) => void) | null;
  postMessage(m: EstimateReply): void;
};

scope.onmessage = (e) => {
  const checked = checkEstimateRequest(e.data);
  if (!checked.ok) return scope.postMessage(checked.reply);
  const m: EstimateRequest = checked.value;
  const value =
    m.kind === "propose"
      ? proposeLake(m.target, m.fishers)
      : estimateLength(m.lake, m.fishers, m.games);
  scope.postMessage({ id: m.id, ok: true, value });
};
