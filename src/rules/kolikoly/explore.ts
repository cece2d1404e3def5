/** K21-K22: exploring a square, exactly once per game. */
import type { Coord } from "../lake/geometry.ts";
import { resolveHazard, drawHazard } from "../hazards/resolve.ts";
import type { RoundContext } from "./context.ts";
import { addSwarm, ask, facts, idx, markExplored, ownFisher } from "./context.ts";
import type { SwarmFacts, SwarmState } from "./types.ts";

export type ExploreOutcome = "bad" | "empty" | "fish";

/** K22: d10 minus the level: 1 or less bad, 2 no fish, 3-5 one swarm, 6-8 two, 9+ three. */
export function exploreOutcome(roll: number): { outcome: ExploreOutcome; swarms: number } {
  if (roll <= 1) return { outcome: "bad", swarms: 0 };
  if (roll === 2) return { outcome: "empty", swarms: 0 };
  return { outcome: "fish", swarms: roll <= 5 ? 1 : roll <= 8 ? 2 : 3 };
}

export function isExplored(ctx: RoundContext, at: Coord): boolean {
  return ctx.g.explored[idx(ctx, at)] === 1;
}

export interface ExploreResult {
  readonly explored: boolean;
  readonly outcome?: ExploreOutcome;
  /** H6: the hazard a Track avoided, for the tracker's whisper. */
  readonly avoidedHazard?: string;
}

const NOT_NEW: ExploreResult = { explored: false };
const EXPLORED: Readonly<Record<ExploreOutcome, ExploreResult>> = {
  bad: { explored: true, outcome: "bad" },
  empty: { explored: true, outcome: "empty" },
  fish: { explored: true, outcome: "fish" },
};

/**
 * K21: the first time a fisher enters a square or tracks it with 8+, it is explored. Swarms
 * already there (fled in, K18) stay beside what the roll adds. New swarms are seen (K20): the
 * explorer is in the square, or tracked it with 8+ (K12).
 */
export function explore(
  ctx: RoundContext,
  at: Coord,
  by: string,
  via: "enter" | "track",
): ExploreResult {
  const i = idx(ctx, at);
  if (ctx.g.explored[i] === 1) return NOT_NEW;
  markExplored(ctx, i);
  const face = ask(ctx, "explore", at, "1d10", "all", by).total;
  const roll = face - at[2];
  const { outcome, swarms: n } = exploreOutcome(roll);
  const log = ctx.log.explored;
  const created: SwarmFacts[] = [];
  for (let k = 0; k < n; k++) {
    // K4: a new swarm's size
    const size = Math.max(
      1,
      ask(ctx, "swarmSize", undefined, ctx.g.settings.swarmSize, "all").total,
    );
    const s: SwarmState = { id: `s${ctx.g.nextSwarm++}`, at, fish: size, max: size, seen: true };
    addSwarm(ctx, s);
    if (log) created.push(facts(s));
  }
  // prettier-ignore
  if (log) ctx.events.push({ round: ctx.round, audience: "all", type: "explored", at, by, via, face, roll, outcome, swarms: created });
  if (outcome !== "bad") return EXPLORED[outcome];
  if (via === "track") {
    // K13, H6: avoided; the hazard is named in the tracker's whisper and nothing else rolls.
    const hazard = drawHazard(ctx, by, { fisher: by });
    return { explored: true, outcome, avoidedHazard: hazard.name };
  }
  resolveHazard(ctx, by, at, enter);
  return EXPLORED.bad;
}

/** A fisher enters a square (Move, Track 17+, Herd 11+, a hazard's push): K15/K21 explore it if new. */
export function enter(
  ctx: RoundContext,
  fisherId: string,
  to: Coord,
  via: "move" | "track" | "herd" | "hazard",
): void {
  const f = ownFisher(ctx, fisherId);
  const from = f.at;
  f.at = to;
  // prettier-ignore
  if (ctx.log.moved) ctx.events.push({ round: ctx.round, audience: "all", type: "moved", fisher: fisherId, from, to, via });
  explore(ctx, to, fisherId, "enter");
}
