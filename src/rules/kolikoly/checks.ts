/** K6: the check each action calls for, and the bands of K9, K12, K14 and K16. */
import { fisher, emit, request } from "./context.ts";
import type { RoundContext } from "./context.ts";
import type { ActionKind, Band, Mods } from "./types.ts";
import type { RollProgram } from "../dice/requests.ts";

/** K6: Catch = net attack; Track = Survival; Move = Stealth; Herd = Animal Handling. */
export const CHECK_FOR: Readonly<Record<ActionKind, keyof Mods>> = {
  catch: "attack",
  track: "survival",
  move: "stealth",
  herd: "animalHandling",
};

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

export function checkFormula(modifier: number): string {
  return modifier === 0 ? "1d20" : modifier > 0 ? `1d20+${modifier}` : `1d20${modifier}`;
}

/** K6: every acting fisher rolls their check, in fisher order. A Catch's check is its attack roll. */
export function* rollChecks(ctx: RoundContext): RollProgram<void> {
  for (const f of ctx.g.fishers) {
    const decl = ctx.acting.get(f.id);
    if (!decl) continue;
    const mod = f.mods[CHECK_FOR[decl.action]] - f.checkPenalty;
    const isAttack = decl.action === "catch";
    const answer = yield request(
      isAttack ? "attack" : "check",
      `${isAttack ? "attack" : "check"}:${f.id}`,
      checkFormula(mod),
      "all",
      f.id,
    );
    fisher(ctx, f.id).checkPenalty = 0;
    const b = isAttack
      ? attackHits(answer.total, answer.natural, ctx.g.settings.catchAC)
        ? "hit"
        : "miss"
      : band(decl.action, answer.total);
    const result =
      answer.natural === undefined
        ? { total: answer.total, band: b }
        : { total: answer.total, natural: answer.natural, band: b };
    ctx.checks.set(f.id, result);
    emit(ctx, "all", { type: "check", fisher: f.id, action: decl.action, ...result });
  }
}
