/**
 * Scenario files (docs/scenario-format.md): the engine's one public contract. Validation is strict
 * and names the field; a file that fails plays nothing.
 */
import type { ForcedTable, ForcedValue } from "../dice/requests.ts";
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import { onBoard, squareKey } from "../lake/geometry.ts";
import { LAKE_LIMITS } from "../lake/limits.ts";
import type { Hazard, HazardMode } from "../hazards/table.ts";
import type { Checked } from "../kolikoly/declare.ts";
import { fail, isCoord, showCoord } from "../kolikoly/declare.ts";
import { checkKey } from "../kolikoly/checks.ts";
import type { Err, Obj } from "../kolikoly/setup.ts";
import { MAX_ROLL, SETUP_FIELDS, int, isErr, obj, setupFields } from "../kolikoly/setup.ts";
import type { GameSetup } from "../kolikoly/state.ts";
import type { Mods } from "../kolikoly/types.ts";

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
  /** The proof of the check's dice (fair dice); the engine never reads it, `kolikoly verify` does. */
  fair?: ScenarioFair;
}
/** What a proof holds whether the check was posted or withheld: the check and its draw. */
interface ScenarioFairDraw {
  /** The lake's id, as the check's dice were drawn for it. */
  lake: string;
  /** The round's number, counted from 1: the index of the round that holds it, plus one. */
  round: number;
  /** The player's commitment: SHA-256, 64 lower-case hex digits. */
  commit: string;
  /** The GM's nonce: 32 lower-case hex digits. */
  nonce: string;
  /** The roll's dice shape as committed to (`1d20`, `2d20kh`). */
  shape: string;
}
/**
 * A check's fair dice: posted (the player's secret and the roll they posted) or withheld (drawn
 * and never posted, which the round counted as a natural 1).
 */
export type ScenarioFair = ScenarioFairDraw &
  (
    | { secret: string; roll: Record<string, unknown>; withheld?: undefined }
    | { withheld: true; secret?: undefined; roll?: undefined }
  );
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
  /** A name for the game (the Foundry module names the lake after it). */
  name?: string;
  description?: string;
  $schema?: string;
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

/** A scenario file: the set-up (`checkSetup`'s checks, K1-K4) and its rounds, checked statically. */
export function validateScenario(raw: unknown): Checked<{ scenario: Scenario; setup: GameSetup }> {
  const root = rootError(raw);
  if (root) return fail("badField", "", root);
  // the tag first: a file of another format is answered about its format, not its fields
  const tag = formatTagError(raw as object, SCENARIO_FORMAT);
  if (tag) return fail("badFormat", "format", tag);
  const top = obj(raw, "", [
    "format",
    ...SETUP_FIELDS,
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
  const setup = setupFields(top);
  if (isErr(setup)) return setup;
  const { lake, fishers } = setup;

  if (!Array.isArray(top.rounds))
    return fail("badField", "rounds", "must be a list (it may be empty)");
  if (top.rounds.length > LAKE_LIMITS.rounds)
    return fail("badField", "rounds", `at most ${LAKE_LIMITS.rounds} rounds`);
  for (const [i, r] of top.rounds.entries()) {
    const e = validateRound(
      r,
      i,
      lake,
      fishers.map((x) => x.id),
    );
    if (e) return e;
  }
  if (top.endedByGm !== undefined && typeof top.endedByGm !== "boolean")
    return fail("badField", "endedByGm", "must be true or false");

  return { ok: true, value: { scenario: top as unknown as Scenario, setup } };
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
  "fair",
];

/** The fields of an action's `fair` proof (docs/scenario-format.md, "A check's proof"). */
const FAIR_FIELDS = ["lake", "round", "commit", "nonce", "shape", "secret", "roll", "withheld"];
/**
 * The hex digits of a proof's commitment (SHA-256), the GM's nonce (16 bytes) and the player's
 * secret (32 bytes), lower case, as src/dice/fair.ts writes them: written again here because
 * src/rules imports nothing outside itself. The dice code checks them again before using them.
 */
const FAIR_DIGITS = { commit: 64, nonce: 32, secret: 64 } as const;
const isHex = (v: unknown, digits: number): boolean =>
  typeof v === "string" && v.length === digits && /^[0-9a-f]*$/.test(v);

/** A value as an error message shows it: JSON, cut short (a roll can be long), or "nothing". */
const got = (v: unknown): string => (v === undefined ? "nothing" : showCoord(v).slice(0, 80));

/**
 * The outer form of a check's proof: what it is checked against (the dice, the commitment) is
 * `kolikoly verify`'s question, not the engine's, which never reads it. `round` is the proof's
 * round counted from 1, which must be the round that holds it.
 */
function validateFair(v: unknown, f: string, round: number): Err | undefined {
  const o = obj(v, f, FAIR_FIELDS);
  if (isErr(o)) return o;
  const bad = (k: string, message: string) => fail("badField", `${f}.${k}`, message);
  if (typeof o.lake !== "string" || o.lake === "")
    return bad("lake", `must be the lake's id, as text (got ${got(o.lake)})`);
  if (o.round !== round)
    return bad(
      "round",
      `must be ${round}, the number of the round that holds it (got ${got(o.round)})`,
    );
  if (typeof o.shape !== "string" || o.shape === "")
    return bad("shape", `must be the roll's dice shape, as text (got ${got(o.shape)})`);
  if (o.withheld !== undefined && o.withheld !== true)
    return bad("withheld", `must be true, or left out (got ${got(o.withheld)})`);
  // a posted check's proof reveals its secret and roll; a withheld one has neither to show
  for (const k of ["secret", "roll"] as const) {
    if (o.withheld === true && o[k] !== undefined)
      return bad(
        k,
        "a withheld check posted none: give the secret and the roll, or withheld, not both",
      );
    if (o.withheld === undefined && o[k] === undefined)
      return bad(
        k,
        "is missing: a posted check's proof holds its secret and its roll (or withheld: true)",
      );
  }
  for (const k of ["commit", "nonce", "secret"] as const)
    if ((k !== "secret" || o.secret !== undefined) && !isHex(o[k], FAIR_DIGITS[k]))
      return bad(k, `must be ${FAIR_DIGITS[k]} lower-case hex digits (got ${got(o[k])})`);
  if (
    o.roll !== undefined &&
    (typeof o.roll !== "object" || o.roll === null || Array.isArray(o.roll))
  )
    return bad("roll", `must be the roll as it was posted, an object (got ${got(o.roll)})`);
  return undefined;
}

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
  index: number,
  lake: LakeSpec,
  fisherIds: readonly string[],
): Err | undefined {
  const f = `rounds[${index}]`;
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
    if (ao.fair !== undefined) {
      const e = validateFair(ao.fair, `${af}.fair`, index + 1);
      if (e) return e;
    }
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
    if (check) add(checkKey(id, a.action), check);
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
