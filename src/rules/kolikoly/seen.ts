/** K20: what players see of the swarms. */
import type { RoundContext } from "./context.ts";
import { indexOf, squareCount } from "../lake/geometry.ts";
import { facts, ownSwarm } from "./context.ts";
import type { SwarmState } from "./types.ts";

/**
 * A mark for every square with a fisher this round (`updateSeen`): kept from round to round,
 * as long as the largest lake seen, and cleared before each use.
 */
let occupied = new Uint8Array(64);

/** At the end of a round, every swarm in a square with a fisher on the lake is seen. */
export function updateSeen(ctx: RoundContext): void {
  let revealed: SwarmState[] | undefined;
  const list = ctx.g.swarms;
  const { lake, fishers } = ctx.g;
  // most swarms are unseen, lost in squares nobody is in: one look at a mark each, instead of a
  // look at every fisher
  const n = squareCount(lake);
  if (occupied.length < n) occupied = new Uint8Array(n);
  else occupied.fill(0, 0, n);
  for (const f of fishers) if (f.condition !== "dead") occupied[indexOf(lake, f.at)] = 1;
  for (let k = 0; k < list.length; k++) {
    const s = list[k]!;
    if (s.seen || occupied[indexOf(lake, s.at)] === 0) continue;
    const own = ownSwarm(ctx, s);
    own.seen = true;
    (revealed ??= []).push(own);
  }
  if (revealed && ctx.log.revealed)
    ctx.events.push({
      round: ctx.round,
      audience: "all",
      type: "revealed",
      swarms: revealed.map(facts),
    });
}
