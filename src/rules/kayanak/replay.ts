/**
 * What a replay prints (docs/scenario-format.md): the viewer's events, then one `end` line with
 * the state as that viewer may know it (J10: no `big`/`small` for covered holes but to the GM).
 */
import { eventsFor, viewFor } from "./view.ts";
import type {
  EndReason,
  Hole,
  KayanakEvent,
  KayanakSession,
  KayanakState,
  KayanakViewer,
} from "./types.ts";

export interface EndState {
  readonly turn: number;
  readonly over: boolean;
  readonly endReason?: EndReason;
  readonly winners: readonly string[];
  readonly next?: string;
  readonly fishers: readonly { id: string; at: Hole; big: number; small: number; score: number }[];
  readonly holes: readonly {
    at: Hole;
    open: boolean;
    frozen: boolean;
    big?: number;
    small?: number;
  }[];
  readonly tiles: readonly number[];
}
export interface EndLine {
  readonly type: "end";
  readonly state: EndState;
}

export function endState(state: KayanakState, viewer: KayanakViewer): EndState {
  const v = viewFor(state, viewer);
  return {
    turn: v.turn,
    over: v.over,
    ...(v.endReason ? { endReason: v.endReason } : {}),
    winners: v.winners,
    ...(v.next !== undefined ? { next: v.next } : {}),
    fishers: v.fishers.map(({ id, at, big, small, score }) => ({ id, at, big, small, score })),
    holes: v.holes.map(({ at, open, frozen, big, small }) =>
      big === undefined ? { at, open, frozen } : { at, open, frozen, big, small: small! },
    ),
    tiles: v.tiles,
  };
}

export function replayLines(
  session: KayanakSession,
  viewer: KayanakViewer,
): (KayanakEvent | EndLine)[] {
  return [
    ...eventsFor(session.log, viewer),
    { type: "end", state: endState(session.state, viewer) },
  ];
}
