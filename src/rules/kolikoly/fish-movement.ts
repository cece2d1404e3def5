/** K17-K19: fish move last, at most one square each. */
import type { RollProgram } from "../dice/requests.ts";
import type { Coord } from "../lake/geometry.ts";
import { neighbours, sameSquare } from "../lake/geometry.ts";
import type { RoundContext } from "./context.ts";
import { emit, idx, request } from "./context.ts";
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
export function* moveFish(ctx: RoundContext): RollProgram<void> {
  const moves: { s: SwarmState; to: Coord; cause: Cause; by?: string }[] = [];
  for (const s of ctx.g.swarms) {
    const sq = idx(ctx, s.at);
    const herd = ctx.herds.get(sq)?.[0];
    if (herd) {
      moves.push({ s, to: herd.toward, cause: "herd", by: herd.fisher });
      continue;
    }
    const flee = ctx.flee.get(sq);
    const scatter = ctx.scatter.get(sq);
    if (!flee && !scatter) continue;
    const excluded = scatter ?? [];
    const allowed = neighbours(ctx.g.lake, s.at).filter(
      (n) => !excluded.some((h) => sameSquare(h, n)),
    );
    if (allowed.length === 0) continue;
    const pick = (yield request("flee", `flee:${s.id}`, `1d${allowed.length}`, "gm")).total;
    moves.push({
      s,
      to: allowed[Math.min(allowed.length, Math.max(1, pick)) - 1]!,
      cause: flee ?? "scatter",
    });
  }
  for (const m of moves) {
    const from = m.s.at;
    m.s.at = m.to;
    const body = {
      type: "fishMoved" as const,
      swarm: m.s.id,
      from,
      to: m.to,
      cause: m.cause,
      fish: m.s.fish,
      max: m.s.max,
    };
    if (m.cause === "herd") emit(ctx, "all", { ...body, by: m.by! });
    else {
      m.s.seen = false;
      emit(ctx, "gm", body);
    }
  }
}

/**
 * K16, K8: every successful herder follows into H; H is explored now if new, after the fish
 * arrived. Herders follow in fisher order (K7: outside a conflict the order is fixed), so when two
 * herds from different squares lead into one new square, the first in fisher order explores it.
 */
export function* herdersFollow(ctx: RoundContext): RollProgram<void> {
  const toward = new Map<string, Coord>();
  for (const list of ctx.herds.values()) for (const h of list) toward.set(h.fisher, h.toward);
  for (const f of ctx.g.fishers) {
    const to = toward.get(f.id);
    if (to) yield* enter(ctx, f.id, to, "herd");
  }
}
