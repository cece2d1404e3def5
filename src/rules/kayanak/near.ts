/**
 * Where a step is aimed (J4-J6, J8): the checks moving, hacking and fishing share. A step's hole
 * is a hole of the board; an action step's is next to the bear (8 directions) and, for J4-J6,
 * no other bear stands on it. `rule` names the rule in the message ("J4").
 */
import { areNeighbours, isHole, onBoard } from "./board.ts";
import { bearAt } from "./state.ts";
import type { Hole, KayanakError, KayanakFisher, KayanakState } from "./types.ts";

const show = (v: unknown) => JSON.stringify(v);

/** Where a step's hole is not one (field: the step's key). */
export function holeError(s: KayanakState, v: unknown, field: string): KayanakError | undefined {
  if (!isHole(v))
    return { code: "badCoord", field, message: `must be [x, y] whole numbers (got ${show(v)})` };
  if (!onBoard(s.board, v))
    return { code: "offBoard", field, message: `${show(v)} is off the board` };
  return undefined;
}

/** Where a step's hole is not one, or not next to the bear. */
export function nearError(
  s: KayanakState,
  f: KayanakFisher,
  v: unknown,
  field: string,
  rule: string,
): KayanakError | undefined {
  const bad = holeError(s, v, field);
  if (bad) return bad;
  if (!areNeighbours(s.board, f.at, v as Hole))
    return {
      code: "notAdjacent",
      field,
      message: `${show(v)} is not next to the bear at ${show(f.at)} (${rule})`,
    };
  return undefined;
}

/** Another bear stands on the hole. */
export function occupiedError(
  s: KayanakState,
  h: Hole,
  field: string,
  rule: string,
): KayanakError | undefined {
  const other = bearAt(s, h[0], h[1]);
  if (!other) return undefined;
  return {
    code: "occupied",
    field,
    message: `${show(h)} has ${other.name}'s bear on it (${rule})`,
  };
}
