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

/**
 * The explored list counted last, and its count: a round that explores nothing hands the next
 * state the same list (context.ts), and no list is ever changed once a round has made it, so
 * the same list has the same count.
 */
let countedList: readonly number[] | undefined;
let countedSquares = 0;

function exploredCount(ex: readonly number[]): number {
  if (ex === countedList) return countedSquares;
  let n = 0;
  for (let i = 0; i < ex.length; i++) n += ex[i]!;
  countedList = ex;
  countedSquares = n;
  return n;
}

export function endOfRound(ctx: RoundContext): void {
  const ex = ctx.g.explored;
  const explored = exploredCount(ex);
  const all = explored === ex.length;
  const { round, events, log } = ctx;
  if (log.roundEnd) events.push({ round, audience: "all", type: "roundEnd", explored });
  // K23: every square explored and no fish left (lakeEmpty)
  if (all && ctx.g.swarms.length === 0) {
    ctx.g.over = true;
    ctx.g.endReason = "lakeEmpty";
    // prettier-ignore
    if (log.gameEnd) events.push({ round, audience: "all", type: "gameEnd", reason: "lakeEmpty", catches: catches(ctx.g) });
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
