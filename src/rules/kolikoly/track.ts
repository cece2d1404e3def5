/** K12-K13: Track (Survival) on an adjacent square T. */
import type { RoundContext } from "./context.ts";
import { canAct, facts, ownSwarm } from "./context.ts";
import { explore } from "./explore.ts";
import type { SwarmFacts, SwarmState } from "./types.ts";
import { sameSquare } from "../lake/geometry.ts";

/**
 * Every track resolves before anyone enters a square or attacks, so what a tracker learns does
 * not depend on fisher order. 1-7: nothing. 8+: T is explored if new (K13, a bad result is
 * avoided), the tracker learns exactly how many fish are there, and T's swarms become seen.
 */
export function resolveTracks(ctx: RoundContext): void {
  const fishers = ctx.g.fishers;
  const { log } = ctx;
  for (let i = 0; i < fishers.length; i++) {
    const decl = ctx.acting[i];
    if (decl?.action !== "track") continue;
    const id = fishers[i]!.id;
    const check = ctx.checks[i]!;
    const target = decl.target;
    if (check.band === "none" || !canAct(fishers[i]!)) {
      // prettier-ignore
      if (log.tracked) ctx.events.push({ round: ctx.round, audience: { fisher: id }, type: "tracked", fisher: id, target, learned: false });
      continue;
    }
    const found = explore(ctx, target, id, "track");
    // K12 8+: the tracker learns T's fish, and T's swarms are seen (K20)
    let fish = 0;
    const swarms: SwarmFacts[] = [];
    const newlySeen: SwarmState[] = [];
    const list = ctx.g.swarms;
    for (let k = 0; k < list.length; k++) {
      let s = list[k]!;
      if (!sameSquare(s.at, target)) continue;
      if (!s.seen) {
        s = ownSwarm(ctx, s);
        s.seen = true;
        newlySeen.push(s);
      }
      fish += s.fish;
      if (log.tracked) swarms.push(facts(s));
    }
    const { round } = ctx;
    const audience = { fisher: id };
    if (log.tracked)
      ctx.events.push(
        found.avoidedHazard
          ? // prettier-ignore
            { round, audience, type: "tracked", fisher: id, target, learned: true, fish, swarms, avoidedHazard: found.avoidedHazard }
          : { round, audience, type: "tracked", fisher: id, target, learned: true, fish, swarms },
      );
    if (newlySeen.length && log.revealed)
      ctx.events.push({ round, audience: "all", type: "revealed", swarms: newlySeen.map(facts) });
  }
}
