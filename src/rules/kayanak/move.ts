/**
 * J4 Move: one dot, one step to a neighbouring hole (8 directions), covered or open, frozen or
 * not. Never onto a hole another bear stands on; never onto a floe under a "No trespassing!"
 * tile (J8). "Over" an occupied hole cannot happen, since every step goes to a neighbour: a
 * diagonal step passes between two holes, not over one, so it is allowed even between two bears
 * (docs/kayanak.md, decisions).
 */
import { holeIndex } from "./board.ts";
import { nearError, occupiedError } from "./near.ts";
import type { Hole, KayanakError, KayanakEvent, KayanakFisher, KayanakState } from "./types.ts";

const show = (v: unknown) => JSON.stringify(v);

export function checkMove(
  s: KayanakState,
  f: KayanakFisher,
  to: unknown,
): KayanakError | undefined {
  const bad = nearError(s, f, to, "move", "J4");
  if (bad) return bad;
  const h = to as Hole;
  const occupied = occupiedError(s, h, "move", "J4");
  if (occupied) return occupied;
  const floe = s.board.floeOf[holeIndex(s.board, h)]!;
  if (s.tiles.includes(floe))
    return {
      code: "bannedFloe",
      field: "move",
      message: `${show(h)} is on floe ${floe}, under a No trespassing! tile (J8)`,
    };
  return undefined;
}

/** Moves the bear (state already a private copy). */
export function applyMove(
  s: KayanakState,
  f: KayanakFisher,
  to: Hole,
  turn: number,
): KayanakEvent[] {
  const from = f.at;
  f.at = [to[0], to[1]];
  return [{ turn, audience: "all", type: "moved", fisher: f.id, from, to: f.at }];
}
