/**
 * J5 Hack: one dot breaks the ice of one covered hole next to the bear that no bear stands on.
 * J10: what the hole holds is then shown to everyone.
 */
import { holeIndex } from "./board.ts";
import { nearError, occupiedError } from "./near.ts";
import type { Hole, KayanakError, KayanakEvent, KayanakFisher, KayanakState } from "./types.ts";

const show = (v: unknown) => JSON.stringify(v);

export function checkHack(
  s: KayanakState,
  f: KayanakFisher,
  at: unknown,
): KayanakError | undefined {
  const bad = nearError(s, f, at, "hack", "J5");
  if (bad) return bad;
  const h = at as Hole;
  if (s.holes[holeIndex(s.board, h)]!.open)
    return { code: "alreadyOpen", field: "hack", message: `${show(h)} is already open (J5)` };
  return occupiedError(s, h, "hack", "J5");
}

export function applyHack(
  s: KayanakState,
  f: KayanakFisher,
  at: Hole,
  turn: number,
): KayanakEvent[] {
  const hole = s.holes[holeIndex(s.board, at)]!;
  hole.open = true;
  return [
    {
      turn,
      audience: "all",
      type: "hacked",
      fisher: f.id,
      at: [at[0], at[1]],
      big: hole.big,
      small: hole.small,
    },
  ];
}
