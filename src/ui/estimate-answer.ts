/**
 * The length estimate's worker side (issue 12): a question checked, then played by the
 * simulator's bots (src/rules/sim/estimate.ts). Both workers, the Foundry wizard's and the
 * table's, are this function behind `onmessage`.
 */
import type { EstimateReply } from "./length-estimate.ts";
import { checkEstimateRequest } from "./length-estimate.ts";
import { estimateLength, proposeLake } from "../rules/sim/index.ts";

export function answerEstimate(raw: unknown): EstimateReply {
  const checked = checkEstimateRequest(raw);
  if (!checked.ok) return checked.reply;
  const m = checked.value;
  const value =
    m.kind === "propose"
      ? proposeLake(m.target, m.fishers)
      : estimateLength(m.lake, m.fishers, m.games);
  return { id: m.id, ok: true, value };
}
