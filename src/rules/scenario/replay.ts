/**
 * What a replay prints (docs/scenario-format.md, "What a replay prints"): the viewer's events,
 * then one `end` line with the viewer's state.
 */
import type { Session } from "../kolikoly/session.ts";
import type { GameEvent } from "../kolikoly/types.ts";
import type { LakeView, Viewer } from "../kolikoly/view.ts";
import { eventsFor, viewFor } from "../kolikoly/view.ts";
import type { GameState } from "../kolikoly/types.ts";

export type StateSummary = Omit<LakeView, "viewer" | "lake">;
export interface EndLine {
  readonly type: "end";
  readonly state: StateSummary;
}

/** The state as the viewer may know it: non-GM views hold only seen swarms and explored squares. */
export function stateSummary(state: GameState, viewer: Viewer): StateSummary {
  const { viewer: _v, lake: _l, ...rest } = viewFor(state, viewer);
  return rest;
}

export function replayLines(session: Session, viewer: Viewer): (GameEvent | EndLine)[] {
  return [
    ...eventsFor(session.log, viewer),
    { type: "end", state: stateSummary(session.state, viewer) },
  ];
}
