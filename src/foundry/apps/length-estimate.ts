/**
 * How long the wizard's lake will last (issue 12): the shared estimate conversation
 * (src/ui/length-estimate.ts) with the module's worker, dist/scripts/estimate-worker.js, next
 * to the module's script. Where a page cannot start the worker the wizard says so and plays on
 * without an estimate (the module's bundle does not carry the simulator's bots).
 */
import { LengthEstimator } from "../../ui/length-estimate.ts";

export type { EstimateReply, EstimateRequest } from "../../ui/length-estimate.ts";
export {
  checkEstimateRequest,
  ESTIMATE_PAGE_GAMES as WIZARD_GAMES,
  estimateText,
} from "../../ui/length-estimate.ts";

/** The worker's file, next to the module's script (a variable, so the bundler leaves it be). */
const WORKER_FILE = "estimate-worker.js";

/** The wizard's estimator: its worker is the module's `scripts/estimate-worker.js`. */
export function moduleEstimator(base: string | URL = import.meta.url): LengthEstimator {
  return new LengthEstimator(() => new Worker(new URL(WORKER_FILE, base), { type: "module" }));
}
