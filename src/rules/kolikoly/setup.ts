/**
 * K1-K4 Set-up: the lake, the settings, the fishers and the squares the GM prepared, checked as
 * one set-up object before a game starts. `checkSetup` names the field at fault with the scenario
 * file's names (`lake.width`, `fishers[2].at`, `squares[0].swarms[1]`) and a stable code, as
 * Kayanak's `newGame` does, so the scenario format, the table and Foundry share one set of checks;
 * its limits are LAKE_LIMITS (lake/limits.ts).
 */
import { formulaRange, parseFormula } from "../dice/formula.ts";
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import { onBoard, sameSquare } from "../lake/geometry.ts";
import { LAKE_LIMITS } from "../lake/limits.ts";
import type { HazardMode, Hazard } from "../hazards/table.ts";
import { HAZARD_MODES, validateHazard } from "../hazards/table.ts";
import type { Checked } from "./declare.ts";
import { fail, isCoord, showCoord } from "./declare.ts";
import type { FisherSpec, GameSetup } from "./state.ts";
import { isReservedId } from "./state.ts";
import type { Mods, Settings } from "./types.ts";

export type Obj = Record<string, unknown>;
export type Err = { ok: false; error: { code: string; field: string; message: string } };

const MOD_KEYS: readonly (keyof Mods)[] = [
  "attack",
  "damage",
  "survival",
  "stealth",
  "animalHandling",
  "initiative",
  "wisdom",
  "constitution",
];
const ID = /^[A-Za-z0-9_-]{1,40}$/;
/** The largest forced damage or swarm size: the most a valid formula (100 dice of 1000 faces) rolls. */
export const MAX_ROLL = 100_000;

const join = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);

export function obj(v: unknown, field: string, allowed: readonly string[]): Err | Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return fail("badField", field, "must be an object");
  const o = v as Obj;
  for (const k of Object.keys(o))
    if (!allowed.includes(k))
      return fail("unknownField", join(field, k), "is not a field of this format");
  return o;
}
export function int(v: unknown, field: string, min: number, max: number): Err | undefined {
  if (!Number.isInteger(v) || (v as number) < min || (v as number) > max)
    return fail(
      "badField",
      field,
      `must be a whole number from ${min} to ${max} (got ${showCoord(v)})`,
    );
  return undefined;
}
export function isErr(v: unknown): v is Err {
  return typeof v === "object" && v !== null && (v as Err).ok === false && "error" in (v as Err);
}

/** The fields a set-up object may have (a scenario file has these and its rounds). */
export const SETUP_FIELDS = ["seed", "lake", "settings", "fishers", "squares"] as const;

/**
 * K1-K4: a set-up object checked field by field, the first bad one named; a good one comes back
 * normalised (defaults filled in: seed 1, vertical adjacency on, no squares).
 */
export function checkSetup(raw: unknown): Checked<GameSetup> {
  const top = obj(raw, "", SETUP_FIELDS);
  if (isErr(top)) return top;
  const setup = setupFields(top);
  return isErr(setup) ? setup : { ok: true, value: setup };
}

/** The set-up fields of an object whose other fields were checked by the caller (a scenario file). */
export function setupFields(top: Obj): Err | GameSetup {
  const seed = top.seed ?? 1;
  if (!Number.isSafeInteger(seed))
    return fail("badField", "seed", `must be a whole number (got ${showCoord(top.seed)})`);

  const lakeO = obj(top.lake, "lake", ["width", "height", "levels", "verticalAdjacency"]);
  if (isErr(lakeO)) return lakeO;
  for (const [k, max] of [
    ["width", LAKE_LIMITS.side],
    ["height", LAKE_LIMITS.side],
    ["levels", LAKE_LIMITS.levels],
  ] as const) {
    const e = int(lakeO[k], `lake.${k}`, 1, max);
    if (e) return e;
  }
  if (lakeO.verticalAdjacency !== undefined && typeof lakeO.verticalAdjacency !== "boolean")
    return fail("badField", "lake.verticalAdjacency", "must be true or false");
  const lake: LakeSpec = {
    width: lakeO.width as number,
    height: lakeO.height as number,
    levels: lakeO.levels as number,
    verticalAdjacency: lakeO.verticalAdjacency !== false,
  };

  const settings = validateSettings(top.settings);
  if (isErr(settings)) return settings;

  if (
    !Array.isArray(top.fishers) ||
    top.fishers.length === 0 ||
    top.fishers.length > LAKE_LIMITS.fishers
  )
    return fail("badField", "fishers", `must list 1 to ${LAKE_LIMITS.fishers} fishers`);
  const fishers: FisherSpec[] = [];
  for (const [i, f] of top.fishers.entries()) {
    const r = validateFisher(f, `fishers[${i}]`, lake);
    if (isErr(r)) return r;
    if (fishers.some((x) => x.id === r.id))
      return fail("duplicateFisher", `fishers[${i}].id`, `"${r.id}" is used twice`);
    fishers.push(r);
  }

  const squares: { at: Coord; swarms: number[] }[] = [];
  if (top.squares !== undefined) {
    if (!Array.isArray(top.squares)) return fail("badField", "squares", "must be a list");
    for (const [i, s] of top.squares.entries()) {
      const f = `squares[${i}]`;
      const o = obj(s, f, ["at", "swarms"]);
      if (isErr(o)) return o;
      if (!isCoord(o.at))
        return fail(
          "badCoord",
          `${f}.at`,
          `must be [x, y, level] whole numbers (got ${showCoord(o.at)})`,
        );
      const at = o.at;
      if (!onBoard(lake, at))
        return fail("offBoard", `${f}.at`, `${showCoord(at)} is off the board`);
      if (squares.some((q) => sameSquare(q.at, at)))
        return fail("duplicateSquare", `${f}.at`, `${showCoord(at)} is prepared twice`);
      if (
        fishers.some((x) => sameSquare(x.at, at)) &&
        Array.isArray(o.swarms) &&
        o.swarms.length > 0
      )
        return fail(
          "startSquare",
          `${f}.swarms`,
          `${showCoord(at)} is a start square, which is empty (K3)`,
        );
      if (!Array.isArray(o.swarms))
        return fail("badField", `${f}.swarms`, "must be a list of swarm sizes");
      for (const [j, n] of o.swarms.entries()) {
        const e = int(n, `${f}.swarms[${j}]`, 1, LAKE_LIMITS.swarmFish);
        if (e) return e;
      }
      squares.push({ at: [at[0], at[1], at[2]], swarms: o.swarms as number[] });
    }
  }

  return { seed: seed as number, lake, settings, fishers, squares };
}

function validateSettings(v: unknown): Err | Partial<Settings> {
  if (v === undefined) return {};
  const o = obj(v, "settings", ["catchAC", "netDamage", "swarmSize", "hazardMode", "hazards"]);
  if (isErr(o)) return o;
  const out: { -readonly [K in keyof Settings]?: Settings[K] } = {};
  if (o.catchAC !== undefined) {
    const e = int(o.catchAC, "settings.catchAC", 1, LAKE_LIMITS.catchAC);
    if (e) return e;
    out.catchAC = o.catchAC as number;
  }
  if (o.netDamage !== undefined) {
    const e = damageFormulaError(o.netDamage, "settings.netDamage");
    if (e) return e;
    out.netDamage = o.netDamage as string;
  }
  if (o.swarmSize !== undefined) {
    const range = typeof o.swarmSize === "string" ? formulaRange(o.swarmSize) : undefined;
    if (!range || range.min < 1)
      return fail(
        "badFormula",
        "settings.swarmSize",
        `must be a dice formula without @references that never rolls below 1 (got ${showCoord(o.swarmSize)})`,
      );
    out.swarmSize = o.swarmSize as string;
  }
  if (o.hazardMode !== undefined) {
    if (!HAZARD_MODES.includes(o.hazardMode as HazardMode))
      return fail("badField", "settings.hazardMode", `must be one of ${HAZARD_MODES.join(", ")}`);
    out.hazardMode = o.hazardMode as HazardMode;
  }
  if (o.hazards !== undefined) {
    if (
      !Array.isArray(o.hazards) ||
      o.hazards.length === 0 ||
      o.hazards.length > LAKE_LIMITS.hazards
    )
      return fail("badField", "settings.hazards", `must list 1 to ${LAKE_LIMITS.hazards} hazards`);
    for (const [i, h] of o.hazards.entries()) {
      const msg = validateHazard(h, `settings.hazards[${i}]`);
      if (msg) {
        const [field, ...rest] = msg.split(": ");
        return fail("badHazard", field!, rest.join(": "));
      }
    }
    out.hazards = o.hazards as Hazard[];
  }
  return out;
}

function damageFormulaError(v: unknown, field: string): Err | undefined {
  const p = typeof v === "string" ? parseFormula(v) : undefined;
  if (!p?.ok || p.formula.refs.some((r) => r.name !== "mod"))
    return fail(
      "badFormula",
      field,
      `must be a dice formula whose only reference is @mod (got ${showCoord(v)})`,
    );
  return undefined;
}

function validateFisher(v: unknown, f: string, lake: LakeSpec): Err | FisherSpec {
  const o = obj(v, f, [
    "id",
    "name",
    "at",
    "mods",
    "hp",
    "armor",
    "ac",
    "hazardChoice",
    "netDamage",
  ]);
  if (isErr(o)) return o;
  if (typeof o.id !== "string" || !ID.test(o.id))
    return fail("badField", `${f}.id`, "must be 1-40 letters, digits, _ or -");
  if (isReservedId(o.id))
    return fail("badField", `${f}.id`, `"${o.id}" is reserved (a name every object has)`);
  if (o.name !== undefined && (typeof o.name !== "string" || o.name.length > LAKE_LIMITS.name))
    return fail("badField", `${f}.name`, `must be text of at most ${LAKE_LIMITS.name} characters`);
  if (!isCoord(o.at))
    return fail(
      "badCoord",
      `${f}.at`,
      `must be [x, y, level] whole numbers (got ${showCoord(o.at)})`,
    );
  if (!onBoard(lake, o.at))
    return fail("offBoard", `${f}.at`, `${showCoord(o.at)} is off the board`);
  if (o.at[2] !== 0) return fail("startLevel", `${f}.at`, "start squares are on level 0 (K3)");
  const mods: Partial<Mods> = {};
  if (o.mods !== undefined) {
    const m = obj(o.mods, `${f}.mods`, MOD_KEYS);
    if (isErr(m)) return m;
    for (const k of MOD_KEYS) {
      if (m[k] === undefined) continue;
      const e = int(m[k], `${f}.mods.${k}`, LAKE_LIMITS.modMin, LAKE_LIMITS.mod);
      if (e) return e;
      (mods as Record<string, number>)[k] = m[k] as number;
    }
  }
  for (const [k, min, max] of [
    ["hp", 1, LAKE_LIMITS.hp],
    ["armor", LAKE_LIMITS.armorMin, LAKE_LIMITS.armor],
    ["ac", LAKE_LIMITS.acMin, LAKE_LIMITS.ac],
  ] as const) {
    if (o[k] === undefined) continue;
    const e = int(o[k], `${f}.${k}`, min, max);
    if (e) return e;
  }
  if (o.hazardChoice !== undefined && o.hazardChoice !== "hp" && o.hazardChoice !== "aim")
    return fail("badField", `${f}.hazardChoice`, 'must be "hp" or "aim"');
  if (o.netDamage !== undefined) {
    const e = damageFormulaError(o.netDamage, `${f}.netDamage`);
    if (e) return e;
  }
  return { ...(o as unknown as FisherSpec), at: [o.at[0], o.at[1], o.at[2]], mods };
}
