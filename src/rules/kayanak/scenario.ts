/**
 * `kayanak-scenario/1` files (docs/scenario-format.md): validated field by field (one error
 * naming the field; a file that fails plays nothing), played with the seeded driver (every die
 * not forced comes from `seed`), and written back out with every die forced.
 */
import { formatTagError, rootError } from "../scenario/format.ts";
import { parseJsonStrict } from "../scenario/json.ts";
import { isHole } from "./board.ts";
import { newGame } from "./setup.ts";
import { ACTION_FACES, KAYANAK_LIMITS, TEMPERATURE_FACES, faceError, fail } from "./setup.ts";
import { playTurn, startSession } from "./session.ts";
import { stepKind } from "./turn.ts";
import type {
  ActionFace,
  Hole,
  KayanakError,
  KayanakSession,
  KayanakSettings,
  KayanakSetup,
  PlacedHole,
  TemperatureFace,
  TurnInput,
  Variant,
} from "./types.ts";

export const KAYANAK_FORMAT = "kayanak-scenario/1";

export type ScenarioTurn = TurnInput;

export interface KayanakScenario {
  format: typeof KAYANAK_FORMAT;
  seed?: number;
  name?: string;
  description?: string;
  $schema?: string;
  board?: { width?: number; height?: number; floes?: Hole[][]; floeCount?: number };
  fish?: { big: number; small: number };
  holes?: { at: Hole; big?: number; small?: number }[];
  variant?: Variant;
  keepFishing?: boolean;
  shakeTheBox?: boolean;
  actionDie?: ActionFace[];
  temperatureDie?: TemperatureFace[];
  tiles?: number;
  crystals?: number;
  landCheck?: number | null;
  fishers: { id: string; name?: string; at: Hole; dex?: number }[];
  turns: ScenarioTurn[];
}

export type PlayResult =
  | { ok: true; session: KayanakSession; scenario: KayanakScenario }
  | { ok: false; error: KayanakError };

type Obj = Record<string, unknown>;
type Err = { ok: false; error: KayanakError };
const show = (v: unknown) => JSON.stringify(v) ?? String(v);
const join = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);
const isErr = (v: unknown): v is Err =>
  typeof v === "object" && v !== null && (v as Err).ok === false && "error" in (v as Err);

/**
 * An object with only `allowed` fields. `null` is refused by the field's name (never taken as
 * "absent": leave a field out for its default), but for the `nullable` ones (`landCheck`).
 */
function obj(
  v: unknown,
  field: string,
  allowed: readonly string[],
  nullable: readonly string[] = [],
): Err | Obj {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return fail("badField", field, "must be an object");
  for (const [k, x] of Object.entries(v)) {
    if (!allowed.includes(k))
      return fail("unknownField", join(field, k), "is not a field of this format");
    if (x === null && !nullable.includes(k))
      return fail("badField", join(field, k), "must not be null (leave it out for its default)");
  }
  return v as Obj;
}
const SETTINGS = [
  "variant",
  "keepFishing",
  "shakeTheBox",
  "actionDie",
  "temperatureDie",
  "tiles",
  "crystals",
  "landCheck",
] as const;
const TOP = [
  "format",
  "seed",
  "name",
  "description",
  "$schema",
  "board",
  "fish",
  "holes",
  "fishers",
  "turns",
  ...SETTINGS,
];

/** Checks a file's structure; the set-up's meaning (floes, holes, bears) is checked by `newGame`. */
export function validateScenario(
  raw: unknown,
): { ok: true; scenario: KayanakScenario; setup: KayanakSetup } | Err {
  const root = rootError(raw);
  if (root) return fail("badField", "", root);
  // the tag first: a file of another format is answered about its format, not its fields
  const tag = formatTagError(raw as object, KAYANAK_FORMAT);
  if (tag) return fail("badFormat", "format", tag);
  const top = obj(raw, "", TOP, ["landCheck"]);
  if (isErr(top)) return top;
  for (const k of ["name", "description", "$schema"])
    if (top[k] !== undefined && typeof top[k] !== "string")
      return fail("badField", k, "must be text");
  const seed = top.seed === undefined ? 1 : top.seed;
  if (!Number.isSafeInteger(seed))
    return fail("badField", "seed", `must be a whole number (got ${show(top.seed)})`);

  const board =
    top.board === undefined
      ? {}
      : obj(top.board, "board", ["width", "height", "floes", "floeCount"]);
  if (isErr(board)) return board;
  if (board.floes !== undefined) {
    if (!Array.isArray(board.floes))
      return fail("badField", "board.floes", "must be a list of floes");
    for (const [i, f] of board.floes.entries())
      if (!Array.isArray(f))
        return fail("badField", `board.floes[${i}]`, "must be a list of holes");
  }
  let fish: { big: number; small: number } | undefined;
  if (top.fish !== undefined) {
    const o = obj(top.fish, "fish", ["big", "small"]);
    if (isErr(o)) return o;
    // both counts, or no `fish` at all for the box's 15 and 75: never a half-filled box
    for (const k of ["big", "small"])
      if (o[k] === undefined)
        return fail(
          "badField",
          `fish.${k}`,
          "is required when `fish` is given (leave `fish` out for 15 and 75)",
        );
    fish = { big: o.big as number, small: o.small as number };
  }
  let holes: PlacedHole[] | undefined;
  if (top.holes !== undefined) {
    if (!Array.isArray(top.holes)) return fail("badField", "holes", "must be a list");
    holes = [];
    for (const [i, h] of top.holes.entries()) {
      const o = obj(h, `holes[${i}]`, ["at", "big", "small"]);
      if (isErr(o)) return o;
      holes.push({
        at: o.at as Hole,
        big: (o.big ?? 0) as number,
        small: (o.small ?? 0) as number,
      });
    }
  }
  const settings: Partial<Record<keyof KayanakSettings, unknown>> = {};
  for (const k of SETTINGS) if (top[k] !== undefined) settings[k] = top[k];
  const variant = top.variant === undefined ? "basic" : top.variant;

  if (!Array.isArray(top.fishers))
    return fail("badField", "fishers", `must list 1 to ${KAYANAK_LIMITS.fishers} fishers`);
  for (const [i, f] of top.fishers.entries()) {
    const o = obj(f, `fishers[${i}]`, ["id", "name", "at", "dex"]);
    if (isErr(o)) return o;
  }
  const ids = top.fishers.map((f) => (f as Obj).id);
  const setup: KayanakSetup = {
    seed: seed as number,
    ...(board.width !== undefined ? { width: board.width as number } : {}),
    ...(board.height !== undefined ? { height: board.height as number } : {}),
    ...(board.floes !== undefined ? { floes: board.floes as Hole[][] } : {}),
    ...(board.floeCount !== undefined ? { floeCount: board.floeCount as number } : {}),
    ...(fish ? { fish } : {}),
    ...(holes ? { holes } : {}),
    settings: settings as Partial<KayanakSettings>,
    fishers: top.fishers as KayanakSetup["fishers"],
  };
  // the set-up's meaning before the turns', so a bad set-up field is named as itself
  const started = newGame(setup);
  if (!started.ok) return started;

  if (!Array.isArray(top.turns))
    return fail("badField", "turns", "must be a list (it may be empty)");
  if (top.turns.length > KAYANAK_LIMITS.turns)
    return fail("badField", "turns", `at most ${KAYANAK_LIMITS.turns} turns`);
  for (const [i, t] of top.turns.entries()) {
    const e = validateTurn(t, `turns[${i}]`, ids, variant);
    if (e) return e;
  }
  return { ok: true, scenario: top as unknown as KayanakScenario, setup };
}

function validateTurn(
  v: unknown,
  f: string,
  ids: readonly unknown[],
  variant: unknown,
): Err | undefined {
  const o = obj(v, f, ["fisher", "die", "temperature", "steps"]);
  if (isErr(o)) return o;
  if (typeof o.fisher !== "string" || !ids.includes(o.fisher))
    return fail("unknownFisher", `${f}.fisher`, `no fisher ${show(o.fisher)} in this game`);
  if (o.die !== undefined) {
    const e = faceError(o.die, `${f}.die`, ACTION_FACES);
    if (e) return { ok: false, error: e };
  }
  if (o.temperature !== undefined) {
    if (variant !== "weather")
      return fail(
        "notWeather",
        `${f}.temperature`,
        "the temperature die is for the weather variant (J8)",
      );
    const e = faceError(o.temperature, `${f}.temperature`, TEMPERATURE_FACES);
    if (e) return { ok: false, error: e };
  }
  if (!Array.isArray(o.steps))
    return fail("badField", `${f}.steps`, "must be a list (it may be empty)");
  for (const [j, step] of o.steps.entries()) {
    const sf = `${f}.steps[${j}]`;
    const kind = stepKind(step);
    if (typeof kind !== "string")
      return { ok: false, error: { ...kind, field: kind.field ? `${sf}.${kind.field}` : sf } };
    const s = step as Obj;
    const hole = (k: string) =>
      isHole(s[k])
        ? undefined
        : fail("badCoord", `${sf}.${k}`, `must be [x, y] whole numbers (got ${show(s[k])})`);
    const action = (k: string) =>
      s[k] === "place" || s[k] === "remove"
        ? undefined
        : fail("badField", `${sf}.${k}`, `must be "place" or "remove" (got ${show(s[k])})`);
    const e =
      kind === "move" || kind === "hack"
        ? hole(kind)
        : kind === "fish"
          ? (hole("fish") ??
            (s.lands === undefined || s.lands === "big" || s.lands === "small"
              ? undefined
              : fail(
                  "badField",
                  `${sf}.lands`,
                  `must be "big" or "small" (got ${show(s.lands)})`,
                )) ??
            (s.check === undefined || Number.isSafeInteger(s.check)
              ? undefined
              : fail("badField", `${sf}.check`, `must be a whole number (got ${show(s.check)})`)))
          : variant !== "weather"
            ? fail(
                "notWeather",
                `${sf}.${kind}`,
                "tiles and crystals are for the weather variant (J8)",
              )
            : kind === "tile"
              ? (action("tile") ??
                (Number.isInteger(s.floe) && (s.floe as number) >= 0
                  ? undefined
                  : fail("badFloe", `${sf}.floe`, `must be a floe index (got ${show(s.floe)})`)))
              : (action("crystal") ?? hole("at"));
    if (e) return e;
  }
  return undefined;
}

/** Validates, then plays every turn; the first error stops it and only the error is returned. */
export function playScenario(raw: unknown): PlayResult {
  const v = validateScenario(raw);
  if (!v.ok) return v;
  const started = startSession(v.setup);
  if (!started.ok) return started;
  let session = started.session;
  for (const [i, t] of v.scenario.turns.entries()) {
    const r = playTurn(session, t);
    if (!r.ok) {
      const field = r.error.field === "" ? `turns[${i}]` : `turns[${i}].${r.error.field}`;
      return { ok: false, error: { ...r.error, field } };
    }
    session = r.session;
  }
  return { ok: true, session, scenario: v.scenario };
}

export function playScenarioText(text: string): PlayResult {
  const parsed = parseJsonStrict(text);
  if (!parsed.ok) return fail(parsed.code, parsed.field, parsed.message);
  return playScenario(parsed.value);
}

/** The game as a file with every die forced: it replays to the same log and state. */
export function exportScenario(session: KayanakSession): KayanakScenario {
  const { setup } = session;
  const s = setup.settings ?? {};
  const board = {
    ...(setup.width !== undefined ? { width: setup.width } : {}),
    ...(setup.height !== undefined ? { height: setup.height } : {}),
    ...(setup.floes ? { floes: setup.floes.map((f) => f.map((h): Hole => [h[0], h[1]])) } : {}),
    ...(setup.floeCount !== undefined ? { floeCount: setup.floeCount } : {}),
  };
  const out: KayanakScenario = {
    format: KAYANAK_FORMAT,
    seed: setup.seed,
    ...(Object.keys(board).length ? { board } : {}),
    ...(setup.fish ? { fish: { ...setup.fish } } : {}),
    ...(setup.holes
      ? {
          holes: setup.holes.map((h) => ({
            at: [h.at[0], h.at[1]] as Hole,
            big: h.big,
            small: h.small,
          })),
        }
      : {}),
    ...(JSON.parse(JSON.stringify(s)) as Partial<KayanakScenario>),
    fishers: setup.fishers.map((f) => ({
      id: f.id,
      ...(f.name !== undefined ? { name: f.name } : {}),
      at: [f.at[0], f.at[1]] as Hole,
      ...(f.dex !== undefined ? { dex: f.dex } : {}),
    })),
    turns: session.turns.map((t) => JSON.parse(JSON.stringify(t.input)) as ScenarioTurn),
  };
  return out;
}
