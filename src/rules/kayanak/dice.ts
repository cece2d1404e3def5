/**
 * J3, J8, J12 The action die and the temperature die. Their faces are settings, written as data:
 * a die of N faces is asked for as `1dN` (a `RollRequest`), and the answer N picks face N of
 * the list (1-based). So the seeded driver, a forced value, or a Foundry die term with the same
 * faces all answer the same request. J6's landing die is asked only when a hole holds both
 * sizes: `1d(big+small)`, 1..big being a big fish (each fish equally likely).
 */
import type { RollRequest } from "../dice/requests.ts";
import { makeRequest } from "../dice/requests.ts";
import type { ActionFace, FishSize, Hole, KayanakSettings, TemperatureFace } from "./types.ts";

/** J12: bear 2, bear 3, pickax 2, pickax 3, fish 2, star 2. */
export const DEFAULT_ACTION_DIE: readonly ActionFace[] = [
  { face: "bear", dots: 2 },
  { face: "bear", dots: 3 },
  { face: "pickax", dots: 2 },
  { face: "pickax", dots: 3 },
  { face: "fish", dots: 2 },
  { face: "star", dots: 2 },
];

/** J12: no trespassing +1 twice, ice crystal +1 twice, 1 dot, 2 dots. */
export const DEFAULT_TEMPERATURE_DIE: readonly TemperatureFace[] = [
  { face: "tile", dots: 1 },
  { face: "tile", dots: 1 },
  { face: "crystal", dots: 1 },
  { face: "crystal", dots: 1 },
  { face: "dots", dots: 1 },
  { face: "dots", dots: 2 },
];

export const DEFAULT_SETTINGS: KayanakSettings = {
  variant: "basic",
  keepFishing: false,
  shakeTheBox: false,
  actionDie: DEFAULT_ACTION_DIE,
  temperatureDie: DEFAULT_TEMPERATURE_DIE,
  tiles: 5,
  crystals: 8,
  landCheck: null,
};

/** The face a roll of `total` (1..faces.length) shows. */
export function faceOf<F>(faces: readonly F[], total: number): F {
  const f = faces[total - 1];
  if (f === undefined) throw new Error(`a die of ${faces.length} faces cannot show ${total}`);
  return f;
}

/** The first index (1-based) of a face on a die, or 0 when the die has no such face. */
export function faceIndex(
  faces: readonly (ActionFace | TemperatureFace)[],
  face: ActionFace | TemperatureFace,
): number {
  return faces.findIndex((f) => f.face === face.face && f.dots === face.dots) + 1;
}

/** A die of N faces is asked for as `1dN`, keyed by its kind and the fisher rolling it. */
function dieRequest(
  kind: "actionDie" | "temperatureDie",
  fisher: string,
  faces: readonly unknown[],
): RollRequest {
  return makeRequest(kind, `${kind}:${fisher}`, `1d${faces.length}`, "all", fisher);
}

export function actionDieRequest(fisher: string, faces: readonly ActionFace[]): RollRequest {
  return dieRequest("actionDie", fisher, faces);
}

export function temperatureDieRequest(
  fisher: string,
  faces: readonly TemperatureFace[],
): RollRequest {
  return dieRequest("temperatureDie", fisher, faces);
}

export function landRequest(fisher: string, at: Hole, big: number, small: number): RollRequest {
  return makeRequest("land", `land:${at[0]},${at[1]}`, `1d${big + small}`, "all", fisher);
}

/** J6 setting: the dexterity check to land a fish from the hole at `at`. */
export function landCheckRequest(fisher: string, at: Hole, dex: number): RollRequest {
  const formula = dex === 0 ? "1d20" : `1d20${dex > 0 ? "+" : ""}${dex}`;
  return makeRequest("landCheck", `landCheck:${at[0]},${at[1]}`, formula, "all", fisher);
}

/** What a landing roll means: 1..big is a big fish, the rest small. */
export function landedSize(total: number, big: number): FishSize {
  return total <= big ? "big" : "small";
}
