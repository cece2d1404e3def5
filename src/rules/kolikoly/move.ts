/** K14-K15: Move (Stealth) into an adjacent square D; and Track 17+ moving the tracker into T (K12). */
import type { RollProgram } from "../dice/requests.ts";
import type { RoundContext } from "./context.ts";
import { canAct, fisher, idx } from "./context.ts";
import { enter } from "./explore.ts";

/**
 * In fisher order: every Move enters D (1-4 noisily: D's swarms flee at the end of the round);
 * a Track 17+ enters T. Entering explores a new square before any attack (K15, K21).
 */
export function* resolveEntries(ctx: RoundContext): RollProgram<void> {
  for (const f of ctx.g.fishers) {
    const decl = ctx.acting.get(f.id);
    const check = ctx.checks.get(f.id);
    if (!decl || !check || !canAct(fisher(ctx, f.id))) continue;
    if (decl.action === "move") {
      if (check.band === "noisy" && !ctx.flee.has(idx(ctx, decl.to)))
        ctx.flee.set(idx(ctx, decl.to), "noisy");
      yield* enter(ctx, f.id, decl.to, "move");
    } else if (decl.action === "track" && check.band === "catch") {
      yield* enter(ctx, f.id, decl.target, "track");
    }
  }
}
