/**
 * J6 Fish: one dot fishes one open, unfrozen hole next to the bear that no bear stands on,
 * whoever opened it. A hole with fish gives up one, each fish in it equally likely (so a hole
 * of 1 big and 3 small lands a big fish one time in four): a `land:x,y` die is asked only when
 * the hole holds both sizes. An empty hole gives nothing. A hole is fished at most once a turn.
 */
import type { RollProgram } from "../dice/requests.ts";
import { holeIndex, sameHole } from "./board.ts";
import { landCheckRequest, landRequest, landedSize } from "./dice.ts";
import { nearError, occupiedError } from "./near.ts";
import type {
  FishSize,
  Hole,
  KayanakError,
  KayanakEvent,
  KayanakFisher,
  KayanakState,
} from "./types.ts";

const show = (v: unknown) => JSON.stringify(v);

export function checkFish(
  s: KayanakState,
  f: KayanakFisher,
  at: unknown,
  lands: unknown,
  check?: unknown,
): KayanakError | undefined {
  const bad = nearError(s, f, at, "fish", "J6");
  if (bad) return bad;
  const h = at as Hole;
  const hole = s.holes[holeIndex(s.board, h)]!;
  if (!hole.open)
    return { code: "covered", field: "fish", message: `${show(h)} is still covered by ice (J6)` };
  if (hole.frozen) return { code: "frozen", field: "fish", message: `${show(h)} is frozen (J8)` };
  const occupied = occupiedError(s, h, "fish", "J6");
  if (occupied) return occupied;
  if (s.pending?.fished.some((x) => sameHole(x, h)))
    return {
      code: "fishedTwice",
      field: "fish",
      message: `${show(h)} was already fished this turn`,
    };
  if (lands !== undefined) {
    if (lands !== "big" && lands !== "small")
      return {
        code: "badField",
        field: "lands",
        message: `must be "big" or "small" (got ${show(lands)})`,
      };
    if (hole[lands] === 0)
      return { code: "notInHole", field: "lands", message: `${show(h)} holds no ${lands} fish` };
  }
  if (check !== undefined) {
    if (s.settings.landCheck === null)
      return {
        code: "noLandCheck",
        field: "check",
        message: "this game lands fish without a check (J6 setting off)",
      };
    if (!Number.isSafeInteger(check) || Math.abs(check as number) > 1000)
      return {
        code: "badField",
        field: "check",
        message: `must be a whole number (got ${show(check)})`,
      };
  }
  return undefined;
}

/**
 * Fishes the hole; `lands` replaces the landing die's answer and `check` the landing check's total
 * (each die is still asked for, so the seed advances the same). With the J6 setting on, a hole
 * holding fish asks the dexterity check first; below the DC nothing is landed and the dot is spent.
 */
export function* applyFish(
  s: KayanakState,
  f: KayanakFisher,
  at: Hole,
  lands: FishSize | undefined,
  turn: number,
  check?: number,
): RollProgram<KayanakEvent[] | KayanakError> {
  const hole = s.holes[holeIndex(s.board, at)]!;
  let landed: FishSize | null = null;
  let rolled: { total: number; dc: number } | undefined;
  const dc = s.settings.landCheck;
  if (dc !== null && hole.big + hole.small > 0) {
    const answer = yield landCheckRequest(f.id, at, f.dex ?? 0);
    const total = check ?? answer.total;
    if (!Number.isSafeInteger(total))
      return { code: "badRoll", field: "fish", message: `a landing check cannot total ${total}` };
    rolled = { total, dc };
  }
  if (rolled && rolled.total < rolled.dc) {
    // J6 setting: the fish gets away; the hole keeps it
  } else if (hole.big > 0 && hole.small > 0) {
    const answer = yield landRequest(f.id, at, hole.big, hole.small);
    if (!Number.isInteger(answer.total) || answer.total < 1 || answer.total > hole.big + hole.small)
      return {
        code: "badRoll",
        field: "fish",
        message: `a landing die of ${hole.big + hole.small} cannot show ${answer.total}`,
      };
    landed = lands ?? landedSize(answer.total, hole.big);
  } else if (hole.big > 0) landed = "big";
  else if (hole.small > 0) landed = "small";
  if (landed) {
    hole[landed]--;
    f[landed]++;
  }
  s.pending?.fished.push([at[0], at[1]]);
  return [
    {
      turn,
      audience: "all",
      type: "fished",
      fisher: f.id,
      at: [at[0], at[1]],
      landed,
      big: hole.big,
      small: hole.small,
      caught: { big: f.big, small: f.small },
      ...(rolled ? { check: rolled } : {}),
    },
  ];
}
