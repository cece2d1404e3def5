/**
 * J8 Tricky weather: the temperature face's own action, optional, once a turn, before or after
 * the action die's steps (never between them); it costs no dot.
 * - "No trespassing!" tile: put one on a floe no bear stands on (no bear may then step onto that
 *   floe; hacking and fishing into it from outside stay allowed), or take one away.
 * - Ice crystal: freeze an open hole (no hacking or fishing there; bears may stand on it and
 *   cross it), or thaw a frozen one. Any open hole of the board, near the bear or not, with a
 *   bear on it or not: tiles and crystals do not interfere.
 * The box holds 5 tiles and 8 crystals (settings); with none left, none can be placed.
 */
import { holeIndex } from "./board.ts";
import { holeError } from "./near.ts";
import { crystalsUsed } from "./state.ts";
import type {
  Hole,
  KayanakError,
  KayanakEvent,
  KayanakFisher,
  KayanakState,
  TileAction,
} from "./types.ts";

const show = (v: unknown) => JSON.stringify(v);

/** A tile's or crystal's action that is neither "place" nor "remove". */
function actionError(v: unknown, field: "tile" | "crystal"): KayanakError | undefined {
  if (v === "place" || v === "remove") return undefined;
  return { code: "badField", field, message: `must be "place" or "remove" (got ${show(v)})` };
}

/** The box holds no more tiles (crystals) to place. */
const noneLeft = (field: "tile" | "crystal", inBox: number): KayanakError => ({
  code: "noneLeft",
  field,
  message: `all ${inBox} ${field}s are on the board`,
});

export function checkTile(
  s: KayanakState,
  action: unknown,
  floe: unknown,
): KayanakError | undefined {
  const bad = actionError(action, "tile");
  if (bad) return bad;
  if (!Number.isInteger(floe) || (floe as number) < 0 || (floe as number) >= s.board.floes.length)
    return {
      code: "badFloe",
      field: "floe",
      message: `must be a floe index from 0 to ${s.board.floes.length - 1} (got ${show(floe)})`,
    };
  const i = floe as number;
  if (action === "remove")
    return s.tiles.includes(i)
      ? undefined
      : { code: "noTile", field: "floe", message: `floe ${i} has no tile` };
  if (s.tiles.includes(i))
    return { code: "hasTile", field: "floe", message: `floe ${i} already has a tile` };
  if (s.fishers.some((f) => s.board.floeOf[holeIndex(s.board, f.at)] === i))
    return { code: "bearOnFloe", field: "floe", message: `a bear stands on floe ${i} (J8)` };
  if (s.tiles.length >= s.settings.tiles) return noneLeft("tile", s.settings.tiles);
  return undefined;
}

export function applyTile(
  s: KayanakState,
  f: KayanakFisher,
  action: TileAction,
  floe: number,
  turn: number,
): KayanakEvent[] {
  s.tiles =
    action === "place"
      ? [...s.tiles, floe].sort((a, b) => a - b)
      : s.tiles.filter((t) => t !== floe);
  return [{ turn, audience: "all", type: "tile", fisher: f.id, action, floe }];
}

export function checkCrystal(
  s: KayanakState,
  action: unknown,
  at: unknown,
): KayanakError | undefined {
  const bad = actionError(action, "crystal") ?? holeError(s, at, "at");
  if (bad) return bad;
  const h = at as Hole;
  const hole = s.holes[holeIndex(s.board, h)]!;
  if (action === "remove")
    return hole.frozen
      ? undefined
      : { code: "notFrozen", field: "at", message: `${show(h)} has no crystal` };
  if (!hole.open)
    return {
      code: "covered",
      field: "at",
      message: `${show(h)} is covered: only an open hole freezes (J8)`,
    };
  if (hole.frozen) return { code: "frozen", field: "at", message: `${show(h)} is already frozen` };
  if (crystalsUsed(s) >= s.settings.crystals) return noneLeft("crystal", s.settings.crystals);
  return undefined;
}

export function applyCrystal(
  s: KayanakState,
  f: KayanakFisher,
  action: TileAction,
  at: Hole,
  turn: number,
): KayanakEvent[] {
  s.holes[holeIndex(s.board, at)]!.frozen = action === "place";
  return [{ turn, audience: "all", type: "crystal", fisher: f.id, action, at: [at[0], at[1]] }];
}
