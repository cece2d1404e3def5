/** K20: what players see of the swarms. */
import type { RoundContext } from "./context.ts";
import { facts, idx, ownSwarm } from "./context.ts";
import type { SwarmState } from "./types.ts";

/** At the end of a round, every swarm in a square with a fisher on the lake is seen. */
export function updateSeen(ctx: RoundContext): void {
  let occupied: number[] | undefined;
  let revealed: SwarmState[] | undefined;
  const list = ctx.g.swarms;
  for (let k = 0; k < list.length; k++) {
    const s = list[k]!;
    if (s.seen) continue;
    if (!occupied) {
      occupied = [];
      for (const f of ctx.g.fishers) if (f.condition !== "dead") occupied.push(idx(ctx, f.at));
    }
    if (!occupied.includes(idx(ctx, s.at))) continue;
    const own = ownSwarm(ctx, s);
    own.seen = true;
    (revealed ??= []).push(own);
  }
  if (revealed)
    ctx.events.push({
      round: ctx.round,
      audience: "all",
      type: "revealed",
      swarms: revealed.map(facts),
    });
}
