/** Copying a state: every rule works on a private copy, so the caller's state never changes. */
import type { KayanakFisher, KayanakState } from "./types.ts";

export function cloneState(s: KayanakState): KayanakState {
  return {
    ...s,
    fishers: s.fishers.map((f) => ({ ...f })),
    holes: s.holes.map((h) => ({ ...h })),
    tiles: [...s.tiles],
    winners: [...s.winners],
    ...(s.pending ? { pending: { ...s.pending, fished: [...s.pending.fished] } } : {}),
  };
}

export function fisherById(s: KayanakState, id: string): KayanakFisher | undefined {
  return s.fishers.find((f) => f.id === id);
}

/** The bear standing on a hole, if any. */
export function bearAt(s: KayanakState, x: number, y: number): KayanakFisher | undefined {
  return s.fishers.find((f) => f.at[0] === x && f.at[1] === y);
}

/** Crystals on the board: the frozen holes. */
export function crystalsUsed(s: KayanakState): number {
  let n = 0;
  for (const h of s.holes) if (h.frozen) n++;
  return n;
}
