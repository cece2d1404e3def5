/** K23: the end of the game. */
import type { RoundContext } from "./context.ts";
import { emit } from "./context.ts";
import type { GameEvent, GameState } from "./types.ts";

/** Every square explored and no fish left. */
export function lakeEmpty(g: GameState): boolean {
  return g.swarms.length === 0 && g.explored.every((e) => e === 1);
}

export function catches(g: GameState): { fisher: string; caught: number }[] {
  return g.fishers.map((f) => ({ fisher: f.id, caught: f.caught }));
}

export function endOfRound(ctx: RoundContext): void {
  emit(ctx, "all", { type: "roundEnd", explored: ctx.g.explored.reduce((n, e) => n + e, 0) });
  if (lakeEmpty(ctx.g)) {
    ctx.g.over = true;
    ctx.g.endReason = "lakeEmpty";
    emit(ctx, "all", { type: "gameEnd", reason: "lakeEmpty", catches: catches(ctx.g) });
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
