/// <reference lib="webworker" />
/**
 * The table's length-estimate worker (issue 12): the same answer as the Foundry wizard's
 * (src/ui/estimate-answer.ts), bundled by Vite with the page.
 */
import { answerEstimate } from "../ui/estimate-answer.ts";

self.addEventListener("message", (ev: MessageEvent<unknown>) =>
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(answerEstimate(ev.data)),
);
