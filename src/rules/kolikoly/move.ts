/** K14-K15: Move (Stealth) into an adjacent square D; and Track 17+ moving the tracker into T (K12). */
import type { RoundContext } from "./context.ts";
import { canAct, idx, setFlee } from "./context.ts";
import { enter } from "./explore.ts";

/**
 * In fisher order: every Move enters D (1-4 noisily: D's swarms flee at the end of the round);
 * a Track 17+ enters T. Entering explores a new square before any attack (K15, K21).
 */
export function resolveEntries(ctx: RoundContext): void {
  const fishers = ctx.g.fishers;
  for (let i = 0; i < fishers.length; i++) {
    const decl = ctx.acting[i];
    const check = ctx.checks[i];
    if (!decl || !check || !canAct(fishers[i]!)) continue;
    const id = fishers[i]!.id;
    if (decl.action === "move") {
      // K14 1-4: noisy, D's swarms flee at the end of the round
      if (check.band === "noisy" && !ctx.flee?.has(idx(ctx, decl.to)))
        setFlee(ctx, idx(ctx, decl.to), "noisy");
      enter(ctx, id, decl.to, "move");
    } else if (decl.action === "track" && check.band === "catch") {
      enter(ctx, id, decl.target, "track");
    }
  }
}
