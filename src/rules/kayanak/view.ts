/**
 * J10 Secrecy is a projection: `viewFor` and `eventsFor` are the only way anything leaves the
 * GM's side. A player's view never holds what a covered hole holds (the `big`/`small` of a
 * covered hole are simply absent); the only event that tells where fish lie under the ice is
 * the set-up's `dropped`, to the GM alone (and, with "shake the box", the public `shaken`).
 */
import { canSee } from "../kolikoly/view.ts";
import { holeOf } from "./board.ts";
import { scoreOf } from "./end.ts";
import { crystalsUsed } from "./state.ts";
import type { HoleView, KayanakEvent, KayanakState, KayanakView, KayanakViewer } from "./types.ts";

export { canSee };

export function eventsFor(log: readonly KayanakEvent[], viewer: KayanakViewer): KayanakEvent[] {
  return log.filter((e) => canSee(e.audience, viewer));
}

export function viewFor(state: KayanakState, viewer: KayanakViewer): KayanakView {
  const gm = viewer === "gm";
  const { board, settings } = state;
  const holes: HoleView[] = state.holes.map((h, i) => {
    const at = holeOf(board, i);
    const floe = board.floeOf[i]!;
    return gm || h.open
      ? { at, floe, open: h.open, frozen: h.frozen, big: h.big, small: h.small }
      : { at, floe, open: false, frozen: false };
  });
  return {
    viewer,
    turn: state.turn,
    over: state.over,
    ...(state.endReason ? { endReason: state.endReason } : {}),
    winners: [...state.winners],
    variant: settings.variant,
    width: board.width,
    height: board.height,
    floes: board.floes,
    ...(state.over ? {} : { next: state.fishers[state.next]!.id }),
    ...(state.pending ? { pending: { ...state.pending, fished: [...state.pending.fished] } } : {}),
    fishers: state.fishers.map((f) => ({
      id: f.id,
      name: f.name,
      at: f.at,
      big: f.big,
      small: f.small,
      score: scoreOf(f, settings.variant),
    })),
    holes,
    tiles: [...state.tiles],
    tilesLeft: settings.tiles - state.tiles.length,
    crystalsLeft: settings.crystals - crystalsUsed(state),
    dropped: state.dropped,
  };
}
