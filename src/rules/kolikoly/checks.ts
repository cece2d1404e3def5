/** K6: the check each action calls for, and the bands of K9, K12, K14 and K16. */
import { ask, ownFisher } from "./context.ts";
import type { RoundContext } from "./context.ts";
import type { RollRequest } from "../dice/requests.ts";
import { makeRequest } from "../dice/requests.ts";
import type { ActionKind, Band, FisherState, Mods } from "./types.ts";

/** K6: Catch = net attack; Track = Survival; Move = Stealth; Herd = Animal Handling. */
export const CHECK_FOR: Readonly<Record<ActionKind, keyof Mods>> = {
  catch: "attack",
  track: "survival",
  move: "stealth",
  herd: "animalHandling",
};

/** K6: the modifier of the check an action calls for (`CHECK_FOR`, read without a keyed lookup). */
export function checkModifier(mods: Mods, action: ActionKind): number {
  switch (action) {
    case "catch":
      return mods.attack;
    case "track":
      return mods.survival;
    case "move":
      return mods.stealth;
    case "herd":
      return mods.animalHandling;
  }
}

/** K12 (track), K14 (move), K16 (herd) bands of a check total. Catch is hit or miss (K9, see catch.ts). */
export function band(action: Exclude<ActionKind, "catch">, total: number): Band {
  switch (action) {
    case "track":
      return total <= 7 ? "none" : total <= 16 ? "count" : "catch";
    case "move":
      return total <= 4 ? "noisy" : total <= 16 ? "quiet" : "swift";
    case "herd":
      return total <= 5 ? "scatter" : total <= 10 ? "stay" : "herd";
  }
}

/** K9: a natural 1 misses, a natural 20 hits, otherwise the total against the AC. */
export function attackHits(total: number, natural: number | undefined, ac: number): boolean {
  if (natural === 1) return false;
  if (natural === 20) return true;
  return total >= ac;
}

/** `1d20+m` as text for each modifier in -50..50, made once (every check of every round asks one). */
const CHECK_FORMULAS = Array.from({ length: 101 }, (_, k) => formulaOf(k - 50));

function formulaOf(modifier: number): string {
  return modifier === 0 ? "1d20" : modifier > 0 ? `1d20+${modifier}` : `1d20${modifier}`;
}

export function checkFormula(modifier: number): string {
  return CHECK_FORMULAS[modifier + 50] ?? formulaOf(modifier);
}

/** K6: the kind of roll an action's check is: a Catch's check is its net attack (K9). */
export function checkKind(action: ActionKind): "attack" | "check" {
  return action === "catch" ? "attack" : "check";
}

/**
 * K6: the key of a fisher's check for an action (`check:ana`, `attack:ana` for a Catch), the key
 * a typed total or a player's own roll answers.
 */
export function checkKey(fisher: string, action: ActionKind): string {
  return `${checkKind(action)}:${fisher}`;
}

/**
 * K6, H4: the request of a fisher's check for an action, exactly as the round asks it: `1d20` +
 * the check's modifier, less a thrown fisher's penalty (H4), which is the request's
 * `ruleModifier` (a system's own roll of the check gets it through `systemAnswer`).
 */
export function checkRequest(f: FisherState, action: ActionKind): RollRequest {
  const mod = checkModifier(f.mods, action) - f.checkPenalty;
  const kind = checkKind(action);
  return makeRequest(kind, checkKey(f.id, action), checkFormula(mod), "all", f.id, -f.checkPenalty);
}

/** K6: every acting fisher rolls their check, in fisher order. A Catch's check is its attack roll. */
export function rollChecks(ctx: RoundContext): void {
  const fishers = ctx.g.fishers;
  for (let i = 0; i < fishers.length; i++) {
    const decl = ctx.acting[i];
    if (!decl) continue;
    const f = fishers[i]!;
    // H4: a thrown fisher's -4 is the engine's, in the formula and as the request's rule modifier
    const penalty = f.checkPenalty;
    const mod = checkModifier(f.mods, decl.action) - penalty;
    const isAttack = decl.action === "catch";
    const kind = checkKind(decl.action);
    const answer = ask(ctx, kind, f.id, checkFormula(mod), "all", f.id, kind, -penalty);
    if (f.checkPenalty !== 0) ownFisher(ctx, f.id).checkPenalty = 0; // H4 throw: spent on this check
    const b = isAttack
      ? attackHits(answer.total, answer.natural, ctx.g.settings.catchAC)
        ? "hit"
        : "miss"
      : band(decl.action, answer.total);
    const { total, natural } = answer;
    const { round } = ctx;
    const action = decl.action;
    if (natural === undefined) {
      ctx.checks[i] = { total, band: b };
      // prettier-ignore
      if (ctx.log.check) ctx.events.push({ round, audience: "all", type: "check", fisher: f.id, action, total, band: b });
    } else {
      ctx.checks[i] = { total, natural, band: b };
      // prettier-ignore
      if (ctx.log.check) ctx.events.push({ round, audience: "all", type: "check", fisher: f.id, action, total, natural, band: b });
    }
  }
}
