/** K12-K13: Track (Survival) on an adjacent square T. */
import type { RollProgram } from "../dice/requests.ts";
import type { RoundContext } from "./context.ts";
import { emit, facts, fisher, swarmsAt, canAct } from "./context.ts";
import { explore } from "./explore.ts";

/**
 * Every track resolves before anyone enters a square or attacks, so what a tracker learns does
 * not depend on fisher order. 1-7: nothing. 8+: T is explored if new (K13, a bad result is
 * avoided), the tracker learns exactly how many fish are there, and T's swarms become seen.
 */
export function* resolveTracks(ctx: RoundContext): RollProgram<void> {
  for (const f of ctx.g.fishers) {
    const decl = ctx.acting.get(f.id);
    if (decl?.action !== "track") continue;
    const check = ctx.checks.get(f.id)!;
    if (check.band === "none" || !canAct(fisher(ctx, f.id))) {
      emit(
        ctx,
        { fisher: f.id },
        { type: "tracked", fisher: f.id, target: decl.target, learned: false },
      );
      continue;
    }
    const found = yield* explore(ctx, decl.target, f.id, "track");
    const here = swarmsAt(ctx, decl.target);
    const newlySeen = here.filter((s) => !s.seen);
    for (const s of newlySeen) s.seen = true;
    const fish = here.reduce((n, s) => n + s.fish, 0);
    emit(
      ctx,
      { fisher: f.id },
      {
        type: "tracked",
        fisher: f.id,
        target: decl.target,
        learned: true,
        fish,
        swarms: here.map(facts),
        ...(found.avoidedHazard ? { avoidedHazard: found.avoidedHazard } : {}),
      },
    );
    if (newlySeen.length) emit(ctx, "all", { type: "revealed", swarms: newlySeen.map(facts) });
  }
}
