/**
 * J1, J11 Set-up: the board (floes given or generated from the seed), the fish (dropped one by
 * one into uniformly random holes from the seed, or placed), and the bears (placed in turn order,
 * each on a free hole). `newGame` checks everything it is given and names the field at fault
 * with the scenario file's names (`board.floes[1][0]`, `fishers[2].at`), so a table, Foundry and
 * the file format share one set of checks.
 */
import { Xoshiro128, seedState } from "../dice/prng.ts";
import { isReservedId } from "../kolikoly/state.ts";
import type {
  Board,
  HoleState,
  KayanakError,
  KayanakEvent,
  KayanakResult,
  KayanakSetup,
  KayanakSettings,
} from "./types.ts";
import type { ActionFace, TemperatureFace } from "./types.ts";
import {
  DEFAULT_FLOES,
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  checkFloes,
  generateFloes,
  holeOf,
  isHole,
  makeBoard,
  onBoard,
  sameHole,
} from "./board.ts";
import { DEFAULT_SETTINGS } from "./dice.ts";
import { DEFAULT_FISH, KAYANAK_LIMITS } from "./limits.ts";

export { DEFAULT_FISH, KAYANAK_LIMITS };

export const ACTION_FACES: readonly ActionFace["face"][] = ["bear", "pickax", "fish", "star"];
export const TEMPERATURE_FACES: readonly TemperatureFace["face"][] = ["tile", "crystal", "dots"];
const ID = /^[A-Za-z0-9_-]{1,40}$/;

export function fail(
  code: string,
  field: string,
  message: string,
): { ok: false; error: KayanakError } {
  return { ok: false, error: { code, field, message } };
}
const show = (v: unknown) => JSON.stringify(v) ?? String(v);

function intError(v: unknown, field: string, min: number, max: number): KayanakError | undefined {
  if (!Number.isInteger(v) || (v as number) < min || (v as number) > max)
    return {
      code: "badField",
      field,
      message: `must be a whole number from ${min} to ${max} (got ${show(v)})`,
    };
  return undefined;
}

/** A forced or configured face: `{face, dots}` with a known face and 1 to 20 dots. */
export function faceError(
  v: unknown,
  field: string,
  kinds: readonly string[],
): KayanakError | undefined {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return { code: "badField", field, message: "must be an object {face, dots}" };
  for (const k of Object.keys(v))
    if (k !== "face" && k !== "dots")
      return { code: "unknownField", field: `${field}.${k}`, message: "is not a field of a face" };
  const f = v as { face?: unknown; dots?: unknown };
  if (typeof f.face !== "string" || !kinds.includes(f.face))
    return {
      code: "badFace",
      field: `${field}.face`,
      message: `must be one of ${kinds.join(", ")} (got ${show(f.face)})`,
    };
  return intError(f.dots, `${field}.dots`, f.face === "dots" ? 1 : 0, KAYANAK_LIMITS.dots);
}

/** The settings with defaults filled in, or the first bad one. */
export function settingsOf(
  s: Partial<KayanakSettings> | undefined,
): KayanakSettings | KayanakError {
  const out = { ...DEFAULT_SETTINGS, ...(s ?? {}) };
  if (out.variant !== "basic" && out.variant !== "weather")
    return {
      code: "badField",
      field: "variant",
      message: `must be "basic" or "weather" (got ${show(out.variant)})`,
    };
  for (const k of ["keepFishing", "shakeTheBox"] as const)
    if (typeof out[k] !== "boolean")
      return { code: "badField", field: k, message: "must be true or false" };
  for (const [k, kinds] of [
    ["actionDie", ACTION_FACES],
    ["temperatureDie", TEMPERATURE_FACES],
  ] as const) {
    const faces: unknown = out[k];
    if (!Array.isArray(faces) || faces.length < 1 || faces.length > KAYANAK_LIMITS.faces)
      return {
        code: "badField",
        field: k,
        message: `must list 1 to ${KAYANAK_LIMITS.faces} faces`,
      };
    for (const [i, f] of faces.entries()) {
      const e = faceError(f, `${k}[${i}]`, kinds);
      if (e) return e;
    }
  }
  for (const k of ["tiles", "crystals"] as const) {
    const e = intError(out[k], k, 0, KAYANAK_LIMITS.tiles);
    if (e) return e;
  }
  if (out.landCheck !== null) {
    const e = intError(out.landCheck, "landCheck", 1, KAYANAK_LIMITS.dc);
    if (e) return { ...e, message: `${e.message}, or null for no check (J6)` };
  }
  return out;
}

/**
 * J1 The fish fall one by one, big ones first, each into a hole drawn uniformly from the
 * seeded generator; some holes stay empty, some get several.
 */
export function dropFish(holes: HoleState[], big: number, small: number, prng: Xoshiro128): void {
  for (let i = 0; i < big; i++) holes[prng.die(holes.length) - 1]!.big++;
  for (let i = 0; i < small; i++) holes[prng.die(holes.length) - 1]!.small++;
}

/** The first state of a game, and the set-up events (turn 0). */
export function newGame(setup: KayanakSetup): KayanakResult {
  if (!Number.isSafeInteger(setup.seed))
    return fail("badField", "seed", `must be a whole number (got ${show(setup.seed)})`);
  // absent is the default; null is no size (refused below by name), never taken as absent
  const width = setup.width === undefined ? DEFAULT_WIDTH : setup.width;
  const height = setup.height === undefined ? DEFAULT_HEIGHT : setup.height;
  for (const [k, v] of [
    ["board.width", width],
    ["board.height", height],
  ] as const) {
    const e = intError(v, k, 1, KAYANAK_LIMITS.side);
    if (e) return { ok: false, error: e };
  }
  const settings = settingsOf(setup.settings);
  if ("code" in settings) return { ok: false, error: settings };
  const prng = new Xoshiro128(seedState(setup.seed));

  let board: Board;
  if (setup.floes !== undefined) {
    if (setup.floeCount !== undefined)
      return fail("badField", "board.floeCount", "is only for generated floes (no `floes` given)");
    if (!Array.isArray(setup.floes) || setup.floes.some((f) => !Array.isArray(f)))
      return fail("badField", "board.floes", "must be a list of floes, each a list of holes");
    const bad = checkFloes(width, height, setup.floes, "board.floes");
    if (bad) return fail(bad[1], bad[0], bad[2]);
    board = makeBoard(width, height, setup.floes);
  } else {
    const count =
      setup.floeCount === undefined ? Math.min(DEFAULT_FLOES, width * height) : setup.floeCount;
    const e = intError(count, "board.floeCount", 1, width * height);
    if (e) return { ok: false, error: e };
    board = makeBoard(width, height, generateFloes(width, height, count, prng));
  }

  const holes: HoleState[] = Array.from({ length: width * height }, () => ({
    open: false,
    frozen: false,
    big: 0,
    small: 0,
  }));
  if (setup.holes !== undefined) {
    if (setup.fish !== undefined)
      return fail(
        "badField",
        "holes",
        "give either `fish` (a random drop) or `holes` (placed fish), not both",
      );
    if (!Array.isArray(setup.holes)) return fail("badField", "holes", "must be a list");
    for (const [i, h] of setup.holes.entries()) {
      const f = `holes[${i}]`;
      if (!isHole(h.at))
        return fail("badCoord", `${f}.at`, `must be [x, y] whole numbers (got ${show(h.at)})`);
      if (!onBoard(board, h.at))
        return fail("offBoard", `${f}.at`, `${show(h.at)} is off the board`);
      if (setup.holes.slice(0, i).some((o) => isHole(o.at) && sameHole(o.at, h.at)))
        return fail("duplicateHole", `${f}.at`, `${show(h.at)} is placed twice`);
      for (const k of ["big", "small"] as const) {
        const e = intError(h[k], `${f}.${k}`, 0, KAYANAK_LIMITS.fish);
        if (e) return { ok: false, error: e };
      }
      const hole = holes[h.at[0] + width * h.at[1]]!;
      hole.big = h.big;
      hole.small = h.small;
    }
  } else {
    const fish = setup.fish === undefined ? DEFAULT_FISH : setup.fish;
    if (typeof fish !== "object" || fish === null)
      return fail("badField", "fish", "must be an object {big, small}");
    for (const k of ["big", "small"] as const) {
      const e = intError(fish[k], `fish.${k}`, 0, KAYANAK_LIMITS.fish);
      if (e) return { ok: false, error: e };
    }
    dropFish(holes, fish.big, fish.small, prng);
  }

  if (
    !Array.isArray(setup.fishers) ||
    setup.fishers.length < 1 ||
    setup.fishers.length > KAYANAK_LIMITS.fishers
  )
    return fail("badField", "fishers", `must list 1 to ${KAYANAK_LIMITS.fishers} fishers`);
  // One hole must stay free: with a bear on every hole none can ever move and the game never ends.
  if (setup.fishers.length > width * height - 1)
    return fail(
      "tooManyFishers",
      "fishers",
      `${setup.fishers.length} bears on ${width * height} holes: at most ${width * height - 1}, one hole stays free for a bear to move`,
    );
  for (const [i, f] of setup.fishers.entries()) {
    const p = `fishers[${i}]`;
    if (typeof f.id !== "string" || !ID.test(f.id))
      return fail("badField", `${p}.id`, "must be 1-40 letters, digits, _ or -");
    if (isReservedId(f.id))
      return fail("badField", `${p}.id`, `"${f.id}" is reserved (a name every object has)`);
    if (f.name !== undefined && (typeof f.name !== "string" || f.name.length > 80))
      return fail("badField", `${p}.name`, "must be text of at most 80 characters");
    if (setup.fishers.slice(0, i).some((o) => o.id === f.id))
      return fail("duplicateFisher", `${p}.id`, `"${f.id}" is used twice`);
    if (!isHole(f.at))
      return fail("badCoord", `${p}.at`, `must be [x, y] whole numbers (got ${show(f.at)})`);
    if (!onBoard(board, f.at)) return fail("offBoard", `${p}.at`, `${show(f.at)} is off the board`);
    // J11: placed in turn order, each on a hole no bear stands on yet
    if (setup.fishers.slice(0, i).some((o) => isHole(o.at) && sameHole(o.at, f.at)))
      return fail("occupied", `${p}.at`, `${show(f.at)} already has a bear (J11)`);
    if (f.dex !== undefined) {
      const e = intError(f.dex, `${p}.dex`, -KAYANAK_LIMITS.dex, KAYANAK_LIMITS.dex);
      if (e) return { ok: false, error: e };
    }
  }

  let big = 0;
  let small = 0;
  for (const h of holes) {
    big += h.big;
    small += h.small;
  }
  const state = {
    board,
    settings,
    fishers: setup.fishers.map((f) => ({
      id: f.id,
      name: f.name ?? f.id,
      at: [f.at[0], f.at[1]] as const,
      big: 0,
      small: 0,
      ...(f.dex !== undefined && f.dex !== 0 ? { dex: f.dex } : {}),
    })),
    holes,
    tiles: [],
    turn: 0,
    next: 0,
    over: false,
    winners: [],
    dropped: { big, small },
    rng: prng.state(),
  };
  const contents = holes.flatMap((h, i) =>
    h.big + h.small > 0 ? [{ at: holeOf(board, i), big: h.big, small: h.small }] : [],
  );
  const events: KayanakEvent[] = [
    {
      turn: 0,
      audience: "all",
      type: "setUp",
      width,
      height,
      floes: board.floes.map((f) => f.map((h) => [h[0], h[1]] as const)),
      variant: settings.variant,
      keepFishing: settings.keepFishing,
      fish: { big, small },
      fishers: state.fishers.map((f) => ({ id: f.id, at: f.at })),
    },
    { turn: 0, audience: "gm", type: "dropped", holes: contents, big, small },
  ];
  if (settings.shakeTheBox)
    events.push({ turn: 0, audience: "all", type: "shaken", holes: contents });
  return { ok: true, state, events };
}
