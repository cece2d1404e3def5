/**
 * The lake wizard's Web Worker (issue 12): how long a lake lasts for a party, and a lake for a
 * wanted length, played by the simulator's bots off the GM's main thread. Built on its own
 * (vite.worker.config.ts) as dist/scripts/estimate-worker.js; apps/length-estimate.ts starts it.
 */
import type { EstimateReply } from "../../ui/length-estimate.ts";
import { answerEstimate } from "../../ui/estimate-answer.ts";

const scope = globalThis as unknown as {
  onmessage: ((e: MessageEvent<unknown>) => void) | null;
  postMessage(m: EstimateReply): void;
};

scope.onmessage = (e) => scope.postMessage(answerEstimate(e.data));
