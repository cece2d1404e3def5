/** K17-K19: fish move last, at most one square each. */
import type { Coord } from "../lake/geometry.ts";
import { neighbours, sameSquare } from "../lake/geometry.ts";
import type { RoundContext } from "./context.ts";
import { dieFormula } from "../dice/formula.ts";
import { ask, idx, ownSwarm } from "./context.ts";
import type { SwarmState } from "./types.ts";
import { enter } from "./explore.ts";

type Cause = "herd" | "catch" | "noisy" | "scatter";

/**
 * K17: a successful herd wins (the herder highest in initiative); otherwise any flee or scatter
 * moves the swarm to a random allowed neighbour (K18: uniform, each swarm on its own, not into
 * a scattering herd's H, staying put when there is none); otherwise it stays. Destinations are
 * picked from where every swarm stood before any moved, in swarm order (oldest first).
 * K19: moves after a catch attack, a Move of 1-4 or a Herd of 1-5 are told to the GM only, and
 * the swarm becomes unseen; a Herd of 11+ is public.
 */
export function moveFish(ctx: RoundContext): void {
  // nothing disturbed: no swarm moves
  if (!ctx.herds && !ctx.flee && !ctx.scatter) return;
  const moves: { s: SwarmState; to: Coord; cause: Cause; by?: string }[] = [];
  const { herds, flee: fleeing, scatter: scattering } = ctx;
  for (const s of ctx.g.swarms) {
    const sq = idx(ctx, s.at);
    const herd = herds?.get(sq)?.[0];
    if (herd) {
      moves.push({ s, to: herd.toward, cause: "herd", by: herd.fisher });
      continue;
    }
    const flee = fleeing?.get(sq);
    const scatter = scattering?.get(sq);
    if (!flee && !scatter) continue;
    const around = neighbours(ctx.g.lake, s.at);
    // K18: not into a scattering herd's H
    const allowed = scatter ? around.filter((n) => !scatter.some((h) => sameSquare(h, n))) : around;
    if (allowed.length === 0) continue;
    const pick = ask(ctx, "flee", s.id, dieFormula(allowed.length), "gm").total;
    moves.push({
      s,
      to: allowed[Math.min(allowed.length, Math.max(1, pick)) - 1]!,
      cause: flee ?? "scatter",
    });
  }
  const { round, events, log } = ctx;
  for (const m of moves) {
    const s = ownSwarm(ctx, m.s);
    const from = s.at;
    s.at = m.to;
    const { id: swarm, fish, max } = s;
    const to = m.to;
    if (m.cause === "herd") {
      // prettier-ignore
      if (log.fishMoved) events.push({ round, audience: "all", type: "fishMoved", swarm, from, to, cause: "herd", fish, max, by: m.by! });
    } else {
      s.seen = false;
      // prettier-ignore
      if (log.fishMoved) events.push({ round, audience: "gm", type: "fishMoved", swarm, from, to, cause: m.cause, fish, max });
    }
  }
}

/**
 * K16, K8: every successful herder follows into H; H is explored now if new, after the fish
 * arrived. Herders follow in fisher order (K7: outside a conflict the order is fixed), so when two
 * herds from different squares lead into one new square, the first in fisher order explores it.
 */
export function herdersFollow(ctx: RoundContext): void {
  if (!ctx.herds) return;
  const toward = new Map<string, Coord>();
  for (const list of ctx.herds.values()) for (const h of list) toward.set(h.fisher, h.toward);
  for (const f of ctx.g.fishers) {
    const to = toward.get(f.id);
    if (to) enter(ctx, f.id, to, "herd");
  }
}
