/** K23: the end of the game. */
import type { RoundContext } from "./context.ts";
import type { GameEvent, GameState } from "./types.ts";

/** Every square explored and no fish left. */
export function lakeEmpty(g: GameState): boolean {
  return g.swarms.length === 0 && g.explored.every((e) => e === 1);
}

export function catches(g: GameState): { fisher: string; caught: number }[] {
  return g.fishers.map((f) => ({ fisher: f.id, caught: f.caught }));
}

export function endOfRound(ctx: RoundContext): void {
  const ex = ctx.g.explored;
  let explored = 0;
  let all = true;
  for (let i = 0; i < ex.length; i++) {
    explored += ex[i]!;
    if (ex[i] !== 1) all = false;
  }
  const { round, events } = ctx;
  events.push({ round, audience: "all", type: "roundEnd", explored });
  // K23: every square explored and no fish left (lakeEmpty)
  if (all && ctx.g.swarms.length === 0) {
    ctx.g.over = true;
    ctx.g.endReason = "lakeEmpty";
    // prettier-ignore
    events.push({ round, audience: "all", type: "gameEnd", reason: "lakeEmpty", catches: catches(ctx.g) });
  }
}

/** K23: the GM ends the game; the final card lists each fisher's catch. */
export function endByGm(state: GameState): { state: GameState; events: GameEvent[] } {
  if (state.over) return { state, events: [] };
  const next: GameState = { ...state, over: true, endReason: "gm" };
  return {
    state: next,
    events: [
      {
        round: state.round,
        audience: "all",
        type: "gameEnd",
        reason: "gm",
        catches: catches(state),
      },
    ],
  };
}
