/** K20: what players see of the swarms. */
import type { RoundContext } from "./context.ts";
import { emit, facts, idx } from "./context.ts";

/** At the end of a round, every swarm in a square with a fisher on the lake is seen. */
export function updateSeen(ctx: RoundContext): void {
  const occupied = new Set<number>();
  for (const f of ctx.g.fishers) if (f.condition !== "dead") occupied.add(idx(ctx, f.at));
  const revealed = ctx.g.swarms.filter((s) => !s.seen && occupied.has(idx(ctx, s.at)));
  for (const s of revealed) s.seen = true;
  if (revealed.length) emit(ctx, "all", { type: "revealed", swarms: revealed.map(facts) });
}
