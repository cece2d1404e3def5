/**
 * The Foundry dice driver (docs/architecture.md: every die is a request). Each request becomes one
 * core Roll, evaluated silently on the active GM's client. Only rolls whose audience is `all`
 * are kept for the public card; a secret roll (a flee, a tracker's hazard) is never posted as
 * a roll message, so Dice So Nice, which animates created messages with rolls, never shows it.
 */
import type { AsyncDriver, RollAnswer, RollRequest } from "../../rules/index.ts";
import { HOOK } from "./constants.ts";
import type { Port } from "./port.ts";

export interface FoundryDriver extends AsyncDriver {
  /** Roll JSON of every public roll made, in order. */
  readonly publicRolls: object[];
}

export function foundryDriver(port: Port): FoundryDriver {
  const publicRolls: object[] = [];
  return {
    publicRolls,
    async roll(request: RollRequest): Promise<RollAnswer> {
      allowRoll(port, request);
      const r = await port.roll(request.formula);
      const natural = request.d20 ? r.firstDieFaces[0] : undefined;
      const answer: RollAnswer =
        natural === undefined ? { total: r.total } : { total: r.total, natural };
      if (request.audience === "all") publicRolls.push(r.json);
      port.callAllHook(HOOK.roll, request, answer);
      return answer;
    },
  };
}

export class VetoError extends Error {}

/**
 * Calls `kolikoly.preRoll` before a roll: a listener may veto it (dnd5e-style), and a veto
 * stops the whole resolution (a `VetoError`). Every driver that rolls for the engine asks here.
 */
export function allowRoll(port: Port, request: RollRequest): void {
  if (!port.callHook(HOOK.preRoll, request))
    throw new VetoError(`roll ${request.key} was vetoed by a kolikoly.preRoll listener`);
}
