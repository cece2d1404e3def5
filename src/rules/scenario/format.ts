/**
 * Scenario files (docs/scenario-format.md): the engine's one public contract. Validation is strict
 * and names the field; a file that fails plays nothing.
 */
import { formulaRange, parseFormula } from "../dice/formula.ts";
import type { ForcedTable, ForcedValue } from "../dice/requests.ts";
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import { onBoard, sameSquare, squareKey } from "../lake/geometry.ts";
import { LAKE_LIMITS } from "../lake/limits.ts";
import type { Hazard, HazardMode } from "../hazards/table.ts";
import { HAZARD_MODES, validateHazard } from "../hazards/table.ts";
import type { Checked } from "../kolikoly/declare.ts";
import { fail, isCoord, showCoord } from "../kolikoly/declare.ts";
import type { FisherSpec, GameSetup } from "../kolikoly/state.ts";
import { isReservedId } from "../kolikoly/state.ts";
import type { Mods, Settings } from "../kolikoly/types.ts";

export const SCENARIO_FORMAT = "kolikoly-scenario/1";

export interface ScenarioAction {
  action: "catch" | "track" | "move" | "herd";
  target?: Coord;
  to?: Coord;
  toward?: Coord;
  attack?: boolean;
  total?: number;
  natural?: number;
  damage?: number;
  initiative?: number;
  attackTotal?: number;
  attackNatural?: number;
}
export type ForcedRoll = number | ForcedValue;
export interface ScenarioRound {
  actions: Record<string, ScenarioAction>;
  revive?: string[];
  explore?: Record<string, number>;
  swarmSizes?: number[];
  /** Any other roll by its request key (`flee:s3`, `rolloff:ana`, `hazardAttack:ana`...). */
  rolls?: Record<string, ForcedRoll[]>;
}
export interface ScenarioFisher {
  id: string;
  name?: string;
  at: Coord;
  mods?: Partial<Mods>;
  hp?: number;
  armor?: number;
  ac?: number;
  hazardChoice?: "hp" | "aim";
  netDamage?: string;
}
export interface Scenario {
  format: typeof SCENARIO_FORMAT;
  seed: number;
  lake: { width: number; height: number; levels: number; verticalAdjacency?: boolean };
  settings?: {
    catchAC?: number;
    netDamage?: string;
    swarmSize?: string;
    hazardMode?: HazardMode;
    hazards?: Hazard[];
  };
  fishers: ScenarioFisher[];
  squares?: { at: Coord; swarms: number[] }[];
  rounds: ScenarioRound[];
  /** The GM ended the game after the last round (K23). */
  endedByGm?: boolean;
}

type Obj = Record<string, unknown>;
type Err = { ok: false; error: { code: string; field: string; message: string } };

/** The check modifiers a fisher's `mods` may hold. */
export const MOD_KEYS: readonly (keyof Mods)[] = [
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
const MAX_ROLL = 100_000;

const join = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);

function obj(v: unknown, field: string, allowed: readonly string[]): Err | Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return fail("badField", field, "must be an object");
  const o = v as Obj;
  for (const k of Object.keys(o))
    if (!allowed.includes(k))
      return fail("unknownField", join(field, k), "is not a field of this format");
  return o;
}
function int(v: unknown, field: string, min: number, max: number): Err | undefined {
  if (!Number.isInteger(v) || (v as number) < min || (v as number) > max)
    return fail(
      "badField",
      field,
      `must be a whole number from ${min} to ${max} (got ${showCoord(v)})`,
    );
  return undefined;
}
function isErr(v: unknown): v is Err {
  return typeof v === "object" && v !== null && (v as Err).ok === false && "error" in (v as Err);
}

/** The root of a scenario file is one object; anything else is named for what it is. */
export function rootError(raw: unknown): string | undefined {
  if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) return undefined;
  const got = Array.isArray(raw)
    ? "a list"
    : raw === null
      ? "null"
      : `the ${typeof raw} ${showCoord(raw)}`;
  return `the file must hold one JSON object, the scenario (got ${got.slice(0, 60)})`;
}

/** The `format` tag: missing, or not `expected`. */
export function formatTagError(raw: object, expected: string): string | undefined {
  const tag = (raw as Obj).format;
  if (tag === expected) return undefined;
  return tag === undefined
    ? `is missing: a scenario starts with "format": "${expected}"`
    : `must be "${expected}" (got ${showCoord(tag)})`;
}

export function validateScenario(raw: unknown): Checked<{ scenario: Scenario; setup: GameSetup }> {
  const root = rootError(raw);
  if (root) return fail("badField", "", root);
  // the tag first: a file of another format is answered about its format, not its fields
  const tag = formatTagError(raw as object, SCENARIO_FORMAT);
  if (tag) return fail("badFormat", "format", tag);
  const top = obj(raw, "", [
    "format",
    "seed",
    "lake",
    "settings",
    "fishers",
    "squares",
    "rounds",
    "endedByGm",
    "$schema",
    "name",
    "description",
  ]);
  if (isErr(top)) return top;
  for (const k of ["name", "description", "$schema"])
    if (top[k] !== undefined && typeof top[k] !== "string")
      return fail("badField", k, "must be text");
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

  if (!Array.isArray(top.rounds))
    return fail("badField", "rounds", "must be a list (it may be empty)");
  if (top.rounds.length > LAKE_LIMITS.rounds)
    return fail("badField", "rounds", `at most ${LAKE_LIMITS.rounds} rounds`);
  for (const [i, r] of top.rounds.entries()) {
    const e = validateRound(
      r,
      `rounds[${i}]`,
      lake,
      fishers.map((x) => x.id),
    );
    if (e) return e;
  }
  if (top.endedByGm !== undefined && typeof top.endedByGm !== "boolean")
    return fail("badField", "endedByGm", "must be true or false");

  const setup: GameSetup = { seed: seed as number, lake, settings, fishers, squares };
  return { ok: true, value: { scenario: top as unknown as Scenario, setup } };
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

const ACTION_FIELDS = [
  "action",
  "target",
  "to",
  "toward",
  "attack",
  "total",
  "natural",
  "damage",
  "initiative",
  "attackTotal",
  "attackNatural",
];

/** The declaration fields each action may carry (docs/scenario-format.md, "rounds"). */
const OWN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  catch: [],
  track: ["target"],
  move: ["to", "attack"],
  herd: ["toward"],
};

/** Static checks of one round; whether targets are adjacent is checked when the round is played. */
function validateRound(
  v: unknown,
  f: string,
  lake: LakeSpec,
  fisherIds: readonly string[],
): Err | undefined {
  const o = obj(v, f, ["actions", "revive", "explore", "swarmSizes", "rolls"]);
  if (isErr(o)) return o;
  const rawActions = o.actions === undefined ? {} : o.actions;
  const actions = obj(
    rawActions,
    `${f}.actions`,
    typeof rawActions === "object" && rawActions !== null ? Object.keys(rawActions) : [],
  );
  if (isErr(actions)) return actions;
  for (const [id, a] of Object.entries(actions)) {
    const af = `${f}.actions.${id}`;
    if (!fisherIds.includes(id)) return fail("unknownFisher", af, `no fisher "${id}" on this lake`);
    const ao = obj(a, af, ACTION_FIELDS);
    if (isErr(ao)) return ao;
    const own =
      typeof ao.action === "string" && Object.hasOwn(OWN_FIELDS, ao.action)
        ? OWN_FIELDS[ao.action]
        : undefined;
    if (!own)
      return fail(
        "badAction",
        `${af}.action`,
        `must be one of catch, track, move, herd (got ${showCoord(ao.action)})`,
      );
    for (const k of ["target", "to", "toward", "attack"])
      if (ao[k] !== undefined && !own.includes(k))
        return fail("unknownField", `${af}.${k}`, `is not a field of a ${ao.action as string}`);
    for (const k of ["total", "initiative", "attackTotal"]) {
      if (ao[k] === undefined) continue;
      const e = int(ao[k], `${af}.${k}`, -100, 200);
      if (e) return e;
    }
    for (const k of ["natural", "attackNatural"]) {
      if (ao[k] === undefined) continue;
      const e = int(ao[k], `${af}.${k}`, 1, 20);
      if (e) return e;
    }
    if (ao.damage !== undefined) {
      // the damage roll's total as rolled: 1d6-2 can give -1 (the engine catches no fewer than 0)
      const e = int(ao.damage, `${af}.damage`, -MAX_ROLL, MAX_ROLL);
      if (e) return e;
    }
    if (
      (ao.attackTotal !== undefined || ao.attackNatural !== undefined) &&
      ao.action !== "track" &&
      ao.action !== "move"
    )
      return fail(
        "badField",
        `${af}.attackTotal`,
        "only a track or a move of 17+ makes a second attack roll",
      );
  }
  if (o.revive !== undefined) {
    if (!Array.isArray(o.revive))
      return fail("badField", `${f}.revive`, "must be a list of fisher ids");
    for (const [j, id] of o.revive.entries())
      if (typeof id !== "string" || !fisherIds.includes(id))
        return fail(
          "unknownFisher",
          `${f}.revive[${j}]`,
          `no fisher ${showCoord(id)} on this lake`,
        );
  }
  if (o.explore !== undefined) {
    const ex = obj(o.explore, `${f}.explore`, Object.keys((o.explore as Obj) ?? {}));
    if (isErr(ex)) return ex;
    for (const [k, face] of Object.entries(ex)) {
      const at = parseSquareKey(k);
      if (!at || !onBoard(lake, at))
        return fail(
          "badCoord",
          `${f}.explore["${k}"]`,
          'must be a square on the board written "[x,y,level]"',
        );
      const e = int(face, `${f}.explore["${k}"]`, 1, 10);
      if (e) return e;
    }
  }
  if (o.swarmSizes !== undefined) {
    if (!Array.isArray(o.swarmSizes))
      return fail("badField", `${f}.swarmSizes`, "must be a list of swarm sizes");
    for (const [j, n] of o.swarmSizes.entries()) {
      const e = int(n, `${f}.swarmSizes[${j}]`, 1, MAX_ROLL);
      if (e) return e;
    }
  }
  if (o.rolls !== undefined) {
    const ro = obj(o.rolls, `${f}.rolls`, Object.keys((o.rolls as Obj) ?? {}));
    if (isErr(ro)) return ro;
    for (const [k, list] of Object.entries(ro)) {
      const rf = `${f}.rolls["${k}"]`;
      if (!/^[a-zA-Z]+:[^\s]+$/.test(k))
        return fail("badField", rf, "is not a roll key (kind:subject)");
      if (!Array.isArray(list)) return fail("badField", rf, "must be a list of forced values");
      for (const [j, x] of list.entries()) {
        // a forced total is a roll's: within what a valid formula rolls, either sign (1e300 is a
        // whole number to JavaScript; two of them sum to Infinity, which JSON writes as null)
        if (typeof x === "number") {
          const e = int(x, `${rf}[${j}]`, -MAX_ROLL, MAX_ROLL);
          if (e) return e;
          continue;
        }
        const xo = obj(x, `${rf}[${j}]`, ["total", "natural"]);
        if (isErr(xo)) return xo;
        if (xo.total === undefined && xo.natural === undefined)
          return fail("badField", `${rf}[${j}]`, "needs a total or a natural");
        if (xo.total !== undefined) {
          const e = int(xo.total, `${rf}[${j}].total`, -MAX_ROLL, MAX_ROLL);
          if (e) return e;
        }
        if (xo.natural !== undefined) {
          const e = int(xo.natural, `${rf}[${j}].natural`, 1, 20);
          if (e) return e;
        }
      }
    }
  }
  return undefined;
}

export function parseSquareKey(k: string): Coord | undefined {
  try {
    const v: unknown = JSON.parse(k);
    return isCoord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** A scenario round as the engine's input (declarations only). */
export function roundInputOf(r: ScenarioRound): {
  actions: Record<string, unknown>;
  revive?: string[];
} {
  const actions: Record<string, unknown> = {};
  for (const [id, a] of Object.entries(r.actions ?? {})) {
    const { action, target, to, toward, attack } = a;
    actions[id] = {
      action,
      ...(target ? { target } : {}),
      ...(to ? { to } : {}),
      ...(toward ? { toward } : {}),
      ...(attack !== undefined ? { attack } : {}),
    };
  }
  return r.revive ? { actions, revive: r.revive } : { actions };
}

/** The forced values a scenario round gives, keyed as the engine's requests are. */
export function forcedTableOf(r: ScenarioRound): ForcedTable {
  const t = new Map<string, ForcedValue[]>();
  const add = (key: string, v: ForcedValue) => {
    const q = t.get(key);
    if (q) q.push(v);
    else t.set(key, [v]);
  };
  const val = (total?: number, natural?: number): ForcedValue | undefined =>
    total === undefined && natural === undefined
      ? undefined
      : {
          ...(total !== undefined ? { total } : {}),
          ...(natural !== undefined ? { natural } : {}),
        };
  for (const [id, a] of Object.entries(r.actions ?? {})) {
    const check = val(a.total, a.natural);
    if (check) add(a.action === "catch" ? `attack:${id}` : `check:${id}`, check);
    const attack = val(a.attackTotal, a.attackNatural);
    if (attack) add(`attack:${id}`, attack);
    if (a.damage !== undefined) add(`damage:${id}`, { total: a.damage });
    if (a.initiative !== undefined) add(`initiative:${id}`, { total: a.initiative });
  }
  for (const [k, face] of Object.entries(r.explore ?? {}))
    add(`explore:${squareKey(parseSquareKey(k)!)}`, { total: face });
  for (const n of r.swarmSizes ?? []) add("swarmSize", { total: n });
  for (const [k, list] of Object.entries(r.rolls ?? {}))
    for (const x of list) add(k, typeof x === "number" ? { total: x } : x);
  return t;
}
