/**
 * The Kayanak table's state and its transitions (J1-J12, docs/kayanak.md), with no DOM: the
 * bears being placed (J11), then the game as the engine's record (`KayanakSession`) plus the turn
 * being played step by step (its roll, its steps and the state after each), the viewer, the step
 * kind chosen, a face forced for a physical die, and the last error. Every transition returns a
 * new table; a refused one returns the same table with `error` set and nothing else changed.
 *
 * A turn is played with the engine's `rollDice` / `takeStep` / `endTurn` and the seeded driver,
 * keeping every die answered, then recorded with the engine's `recordTurn`, which builds the
 * record (every die forced as it came up) without playing the turn again: so undo and Save are
 * exact.
 */
import type { RollProgram, RollRecord } from "../../rules/index.ts";
import { Xoshiro128, runSync, seededDriver } from "../../rules/index.ts";
import type {
  ActionFace,
  Hole,
  KayanakError,
  KayanakEvent,
  KayanakResult,
  KayanakSession,
  KayanakSetup,
  KayanakState,
  KayanakViewer,
  RollInput,
  Step,
  StepKind,
  TemperatureFace,
  Variant,
} from "../../rules/kayanak/index.ts";
import {
  DEFAULT_FISH,
  DEFAULT_FLOES,
  DEFAULT_HEIGHT,
  DEFAULT_WIDTH,
  KAYANAK_FORMAT,
  KAYANAK_LIMITS,
  checkStep,
  endTurn as engineEndTurn,
  exportScenario,
  holeIndex,
  legalSteps,
  playScenarioText,
  recordTurn,
  rollDice,
  sameHole,
  startSession,
  stepKind,
  takeStep,
  undoTurn as engineUndoTurn,
} from "../../rules/kayanak/index.ts";
import type { RefusedParam, TableError } from "../table.ts";
import { PARTY, readWholeParam } from "../table.ts";

export type { TableError };

/** The names bears get, in turn order (as many as the rules allow fishers): the fishing party's. */
export const BEARS: readonly { id: string; name: string }[] = PARTY.slice(
  0,
  KAYANAK_LIMITS.fishers,
);

export interface KayanakOptions {
  readonly width: number;
  readonly height: number;
  readonly floes: number;
  readonly big: number;
  readonly small: number;
  readonly fishers: number;
  readonly variant: Variant;
  readonly keepFishing: boolean;
  readonly seed: number;
}

/** The new-game form's values when nothing else is asked for: the box's 8x6 sheet, 6 floes, 15/75. */
export const KAYANAK_DEFAULTS: KayanakOptions = {
  width: DEFAULT_WIDTH,
  height: DEFAULT_HEIGHT,
  floes: DEFAULT_FLOES,
  big: DEFAULT_FISH.big,
  small: DEFAULT_FISH.small,
  fishers: 3,
  variant: "basic",
  keepFishing: false,
  seed: 42,
};

/** The whole-number options' ranges (the form's and the URL's); floes are also at most the holes. */
export const KAYANAK_RANGES: Readonly<
  Record<"width" | "height" | "floes" | "big" | "small" | "fishers" | "seed", [number, number]>
> = {
  width: [2, KAYANAK_LIMITS.side],
  height: [2, KAYANAK_LIMITS.side],
  floes: [1, KAYANAK_LIMITS.side * KAYANAK_LIMITS.side],
  big: [0, KAYANAK_LIMITS.fish],
  small: [0, KAYANAK_LIMITS.fish],
  fishers: [1, BEARS.length],
  seed: [0, Number.MAX_SAFE_INTEGER],
};
const CHOICES = { variant: ["basic", "weather"], keepFishing: ["0", "1"] } as const;

/** The bears being placed before the first roll (J11), in turn order. */
export interface Placing {
  /** The game's set-up; its bears' holes are stand-ins until every bear is placed. */
  readonly setup: KayanakSetup;
  readonly placed: readonly Hole[];
}

/** The turn being played: the roll as it came up, the steps taken, the state, events and dice of each. */
export interface InTurn {
  readonly roll: RollInput;
  readonly steps: readonly Step[];
  /** `states[0]` after the roll, `states[i + 1]` after step i; `events` and `rolls` likewise. */
  readonly states: readonly KayanakState[];
  readonly events: readonly (readonly KayanakEvent[])[];
  readonly rolls: readonly (readonly RollRecord[])[];
}

export interface KayanakTable {
  readonly options: KayanakOptions;
  /**
   * The game's record. While bears are being placed it is a preview: the board and the fish (they
   * do not depend on where the bears stand) with the bears on stand-in holes; `placing` says so.
   */
  readonly session: KayanakSession;
  readonly placing?: Placing;
  readonly turn?: InTurn;
  readonly viewer: KayanakViewer;
  /** Hot seat: when a fisher's view is shown, it follows whose turn it is. */
  readonly follow: boolean;
  /**
   * Hot seat, between two players: the screen is covered (the public "player" view under it)
   * until the next player takes it as `passTo`.
   */
  readonly passTo?: KayanakViewer;
  /** The step kind clicks take (adjusted to what is legal, see `currentKind`). */
  readonly kind?: StepKind;
  /** Faces forced for the next roll (a physical die), as 1-based indexes into the die's faces. */
  readonly force: { readonly die?: number; readonly temperature?: number };
  readonly error?: TableError;
  readonly version: number;
}

const STEP_KINDS: readonly StepKind[] = ["move", "hack", "fish", "tile", "crystal"];

// ---------------------------------------------------------------- options

/** The first bad option, as a table error naming the field. */
export function checkOptions(o: KayanakOptions): TableError | undefined {
  for (const [field, [min, max]] of Object.entries(KAYANAK_RANGES)) {
    const v = (o as unknown as Record<string, number>)[field]!;
    if (!Number.isSafeInteger(v) || v < min || v > max)
      return { key: "KOLIKOLY.Sandbox.Error.Range", data: { field, min, max } };
  }
  if (o.floes > o.width * o.height)
    return {
      key: "KOLIKOLY.Sandbox.Error.Range",
      data: { field: "floes", min: 1, max: o.width * o.height },
    };
  // One hole stays free for a bear to move (the engine's tooManyFishers).
  if (o.fishers > o.width * o.height - 1)
    return {
      key: "KOLIKOLY.Sandbox.Error.Range",
      data: { field: "fishers", min: 1, max: o.width * o.height - 1 },
    };
  if (o.variant !== "basic" && o.variant !== "weather")
    return {
      key: "KOLIKOLY.Sandbox.Kayanak.Error.Choice",
      data: { field: "variant", choices: CHOICES.variant.join(", ") },
    };
  return undefined;
}

/**
 * The starting Kayanak game from the query string (`?game=kayanak&width=10&fishers=4&variant=weather`):
 * each parameter on its own, a bad or unknown one refused by name and its default used.
 * `game` is the switch itself (checked by the fishing table's `gameFromQuery`).
 */
export function kayanakOptionsFromQuery(search: string): {
  options: KayanakOptions;
  refused: RefusedParam[];
} {
  const q = new URLSearchParams(search);
  const options: Record<string, unknown> = { ...KAYANAK_DEFAULTS };
  const refused: RefusedParam[] = [];
  for (const [param, value] of q) {
    if (param === "game") continue;
    if (param === "variant" || param === "keepFishing") {
      const choices = CHOICES[param] as readonly string[];
      if (!choices.includes(value)) refused.push({ param, value, choices });
      else options[param] = param === "keepFishing" ? value === "1" : value;
      continue;
    }
    readWholeParam(param, value, KAYANAK_RANGES, options, refused);
  }
  const o = options as unknown as KayanakOptions;
  // Each parameter was fine on its own; too many floes or bears for the sheet fall back together.
  // (One hole stays free of bears, for a bear to move.)
  for (const param of ["floes", "fishers"] as const) {
    const max = o.width * o.height - (param === "fishers" ? 1 : 0);
    if (o[param] > max) {
      refused.push({ param, value: String(o[param]), range: [1, max] });
      options[param] = Math.min(KAYANAK_DEFAULTS[param], max);
    }
  }
  return { options: options as unknown as KayanakOptions, refused };
}

/** The set-up for the options, the bears on `at` (stand-ins while they are being placed). */
export function setupOf(o: KayanakOptions, at: readonly Hole[]): KayanakSetup {
  return {
    seed: o.seed,
    width: o.width,
    height: o.height,
    floeCount: o.floes,
    fish: { big: o.big, small: o.small },
    settings: { variant: o.variant, keepFishing: o.keepFishing },
    fishers: BEARS.slice(0, o.fishers).map((b, i) => ({ ...b, at: at[i]! })),
  };
}

/** Stand-in holes for the bears not placed yet: the first free holes, row by row. */
function standIns(o: KayanakOptions, placed: readonly Hole[]): Hole[] {
  const out: Hole[] = [...placed];
  for (let i = 0; out.length < o.fishers && i < o.width * o.height; i++) {
    const h: Hole = [i % o.width, Math.floor(i / o.width)];
    if (!out.some((p) => sameHole(p, h))) out.push(h);
  }
  return out;
}

function engineError(e: KayanakError): TableError {
  return {
    key: "KOLIKOLY.Sandbox.Error.Rule",
    data: { field: e.field || "-", message: e.message },
  };
}
const fail = (t: KayanakTable, key: string, data: Record<string, unknown> = {}): KayanakTable => ({
  ...t,
  error: { key, data },
});

function ok(t: KayanakTable, patch: Partial<KayanakTable>): KayanakTable {
  const { error: _e, ...rest } = t;
  const next = { ...rest, ...patch, version: t.version + 1 } as KayanakTable;
  return next;
}
function without<K extends keyof KayanakTable>(t: KayanakTable, ...keys: K[]): KayanakTable {
  const copy = { ...t } as Record<string, unknown>;
  for (const k of keys) delete copy[k];
  return copy as unknown as KayanakTable;
}

/** A new game from the options: the sheet is drawn and the bears wait to be placed (J11). */
export function newKayanakTable(o: KayanakOptions, prev?: KayanakTable): KayanakTable {
  const err = checkOptions(o);
  if (err && prev) return { ...prev, error: err };
  if (err) throw new Error(`bad Kayanak options: ${JSON.stringify(err.data)}`);
  const started = startSession(setupOf(o, standIns(o, [])));
  if (!started.ok) {
    if (prev) return { ...prev, error: engineError(started.error) };
    throw new Error(started.error.message);
  }
  return {
    options: o,
    session: started.session,
    placing: { setup: started.session.setup, placed: [] },
    viewer: prev?.viewer === "gm" || !prev ? "gm" : { fisher: BEARS[0]!.id },
    follow: prev?.follow ?? true,
    force: {},
    version: (prev?.version ?? 0) + 1,
  };
}

// ---------------------------------------------------------------- where the game is

/** The state drawn now: the turn's last step, or the record's. */
export function currentState(t: KayanakTable): KayanakState {
  return t.turn?.states[t.turn.states.length - 1] ?? t.session.state;
}

/** The GM's whole log now: the record's and the turn in progress's. */
export function currentLog(t: KayanakTable): KayanakEvent[] {
  return t.turn ? [...t.session.log, ...t.turn.events.flat()] : [...t.session.log];
}

/** Whose bear is placed next (J11), or whose turn it is; undefined once the game is over. */
export function whoseTurn(t: KayanakTable): string | undefined {
  const s = currentState(t);
  if (t.placing) return s.fishers[t.placing.placed.length]?.id;
  return s.over ? undefined : s.fishers[s.next]?.id;
}

/** The GM acts for anyone; a fisher's view only on their own turn. */
export function mayAct(t: KayanakTable): boolean {
  const who = whoseTurn(t);
  if (!who) return false;
  return t.viewer === "gm" || (typeof t.viewer === "object" && t.viewer.fisher === who);
}

/**
 * What Undo may take back in this view: the GM anything; a fisher's player only the steps and the
 * roll of their own turn in progress, never a bear placed or a turn already played (someone
 * else's, or their own once the screen has passed on).
 */
export function mayUndo(t: KayanakTable): boolean {
  return t.viewer === "gm" || (!!t.turn && mayAct(t));
}

export type Phase = "placing" | "roll" | "steps" | "over";
export function phaseOf(t: KayanakTable): Phase {
  if (t.placing) return "placing";
  if (currentState(t).over) return "over";
  return t.turn ? "steps" : "roll";
}

/** Every step allowed now (none before the roll). */
export function legalNow(t: KayanakTable): Step[] {
  return t.placing ? [] : legalSteps(currentState(t));
}

export function kindOf(step: Step): StepKind {
  return stepKind(step) as StepKind;
}

/** The kinds with at least one legal step now, in the table's order. */
export function legalKinds(t: KayanakTable): StepKind[] {
  const kinds = new Set(legalNow(t).map(kindOf));
  return STEP_KINDS.filter((k) => kinds.has(k));
}

/** The kind clicks take: the one chosen if it is legal now, else the first legal one. */
export function currentKind(t: KayanakTable): StepKind | undefined {
  const kinds = legalKinds(t);
  return t.kind && kinds.includes(t.kind) ? t.kind : kinds[0];
}

/** The hole a step is aimed at (a tile: undefined, it is a floe). */
export function stepHole(step: Step): Hole | undefined {
  if ("move" in step) return step.move;
  if ("hack" in step) return step.hack;
  if ("fish" in step) return step.fish;
  if ("crystal" in step) return step.at;
  return undefined;
}

/** The holes a click may take a step of the current kind on (a tile: every hole of its floes). */
export function legalHoles(t: KayanakTable): Hole[] {
  const kind = currentKind(t);
  if (!kind) return [];
  const s = currentState(t);
  const out: Hole[] = [];
  for (const step of legalNow(t)) {
    if (kindOf(step) !== kind) continue;
    if ("tile" in step) out.push(...s.board.floes[step.floe]!);
    else out.push(stepHole(step)!);
  }
  return out;
}

/** The step of the current kind a click on `at` would take (built even when illegal, for the engine's reason). */
export function stepFor(t: KayanakTable, at: Hole, kind = currentKind(t)): Step | undefined {
  if (!kind) return undefined;
  const s = currentState(t);
  const hole = s.holes[holeIndex(s.board, at)];
  if (!hole) return undefined;
  const h: Hole = [at[0], at[1]];
  if (kind === "move") return { move: h };
  if (kind === "hack") return { hack: h };
  if (kind === "fish") return { fish: h };
  if (kind === "tile") {
    const floe = s.board.floeOf[holeIndex(s.board, at)]!;
    return { tile: s.tiles.includes(floe) ? "remove" : "place", floe };
  }
  return { crystal: hole.frozen ? "remove" : "place", at: h };
}

// ---------------------------------------------------------------- transitions

export function setViewer(t: KayanakTable, viewer: KayanakViewer): KayanakTable {
  return without(ok(t, { viewer }), "passTo");
}
/** Hot seat on or off: the GM's setting. */
export function setFollow(t: KayanakTable, follow: boolean): KayanakTable {
  if (t.viewer !== "gm") return t;
  return ok(t, { follow });
}
/** Hot seat: whoever the screen was passed to takes it. */
export function takeScreen(t: KayanakTable): KayanakTable {
  return t.passTo ? setViewer(t, t.passTo) : t;
}
/** Hot seat: the screen is covered (only public facts under it) until `to` takes it. */
function passScreen(t: KayanakTable, to: KayanakViewer): KayanakTable {
  return { ...t, viewer: "player", passTo: to };
}
export function setKind(t: KayanakTable, kind: StepKind): KayanakTable {
  if (!STEP_KINDS.includes(kind)) return t;
  return ok(t, { kind });
}
/** Forces the next roll's face (a physical die's), or lets the seeded dice roll (`undefined`). */
export function setForce(
  t: KayanakTable,
  die: "die" | "temperature",
  index: number | undefined,
): KayanakTable {
  const s = currentState(t);
  const faces = die === "die" ? s.settings.actionDie : s.settings.temperatureDie;
  if (index !== undefined && !(Number.isInteger(index) && index >= 1 && index <= faces.length))
    return t;
  const force = { ...t.force };
  if (index === undefined) delete force[die];
  else force[die] = index;
  return ok(t, { force });
}

function notYourTurn(t: KayanakTable): KayanakTable | undefined {
  if (mayAct(t)) return undefined;
  const who = whoseTurn(t);
  if (!who) return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.Over");
  const name = currentState(t).fishers.find((f) => f.id === who)?.name ?? who;
  return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.NotYourTurn", { name });
}

/** A step or the end of the turn refused: no turn rolled yet, or not this viewer's turn. */
function notInTurn(t: KayanakTable): KayanakTable | undefined {
  if (!t.turn)
    return fail(
      t,
      t.placing
        ? "KOLIKOLY.Sandbox.Kayanak.Error.PlaceFirst"
        : "KOLIKOLY.Sandbox.Kayanak.Error.RollFirst",
    );
  return notYourTurn(t);
}

/** J11: the next bear (in turn order) is placed on `at`; the last one starts the game. */
export function placeBear(t: KayanakTable, at: Hole): KayanakTable {
  if (!t.placing) return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.Placed");
  const refused = notYourTurn(t);
  if (refused) return refused;
  const { width, height } = t.session.state.board;
  if (!(at[0] >= 0 && at[1] >= 0 && at[0] < width && at[1] < height)) return t;
  const { placed, setup } = t.placing;
  const fishers = t.session.state.fishers;
  const i = placed.findIndex((p) => sameHole(p, at));
  if (i >= 0)
    return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.Occupied", {
      hole: `[${at[0]},${at[1]}]`,
      name: fishers[i]!.name,
    });
  const next = [...placed, [at[0], at[1]] as Hole];
  if (next.length < fishers.length) {
    const placedOne = ok(t, { placing: { setup, placed: next } });
    return t.follow && typeof t.viewer === "object"
      ? passScreen(placedOne, { fisher: fishers[next.length]!.id })
      : placedOne;
  }
  const started = startSession({
    ...setup,
    fishers: setup.fishers.map((f, j) => ({ ...f, at: next[j]! })),
  });
  if (!started.ok) return { ...t, error: engineError(started.error) };
  const done = without(ok(t, { session: started.session }), "placing", "turn");
  return followTurn(done);
}

/**
 * Runs a rule with the seeded driver on the state's own generator, keeps the dice answered in
 * `rolls` and writes the generator's state back, as the engine's session does.
 */
function run(
  state: KayanakState,
  program: RollProgram<KayanakResult>,
  rolls: RollRecord[],
): KayanakResult {
  const prng = new Xoshiro128(state.rng);
  const r = runSync(program, seededDriver(prng), rolls);
  if (r.ok) r.state.rng = prng.state();
  return r;
}

/** A roll's input: the fisher, and the faces forced, if any. */
function rollInputOf(fisher: string, die?: ActionFace, temperature?: TemperatureFace): RollInput {
  return { fisher, ...(die ? { die } : {}), ...(temperature ? { temperature } : {}) };
}

/** J2, J3, J8: the turn's dice, seeded, or the faces forced for a physical die. */
export function roll(t: KayanakTable): KayanakTable {
  if (t.placing) return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.PlaceFirst");
  if (t.turn) return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.Rolled");
  const refused = notYourTurn(t);
  if (refused) return refused;
  const s = t.session.state;
  const fisher = s.fishers[s.next]!.id;
  const die: ActionFace | undefined =
    t.force.die !== undefined ? s.settings.actionDie[t.force.die - 1] : undefined;
  const temp: TemperatureFace | undefined =
    t.force.temperature !== undefined && s.settings.variant === "weather"
      ? s.settings.temperatureDie[t.force.temperature - 1]
      : undefined;
  const input = rollInputOf(fisher, die, temp);
  const rolls: RollRecord[] = [];
  const r = run(s, rollDice(s, input), rolls);
  if (!r.ok) return { ...t, error: engineError(r.error) };
  const rolled = r.events.find((e) => e.type === "rolled");
  const asRolled =
    rolled?.type === "rolled" ? rollInputOf(fisher, rolled.die, rolled.temperature) : input;
  const next = ok(t, {
    turn: { roll: asRolled, steps: [], states: [r.state], events: [r.events], rolls: [rolls] },
    force: {},
  });
  return without(next, "kind");
}

/** One step of the rolled turn (J4-J6, J8); the game may end with it (J7, J9), which records the turn. */
export function step(t: KayanakTable, st: Step): KayanakTable {
  const refused = notInTurn(t);
  if (refused) return refused;
  const was = t.turn!; // notInTurn refused a table with no turn
  const state = currentState(t);
  const bad = checkStep(state, st);
  if (bad) return { ...t, error: engineError(bad) };
  const rolls: RollRecord[] = [];
  const r = run(state, takeStep(state, st), rolls);
  if (!r.ok) return { ...t, error: engineError(r.error) };
  const turn: InTurn = {
    roll: was.roll,
    steps: [...was.steps, st],
    states: [...was.states, r.state],
    events: [...was.events, r.events],
    rolls: [...was.rolls, rolls],
  };
  const next = ok(t, { turn });
  return r.state.over ? record(next, r.state, []) : next;
}

/** A click (or Enter) on a hole: places the next bear, or takes a step of the current kind there. */
export function chooseHole(t: KayanakTable, at: Hole): KayanakTable {
  if (t.placing) return placeBear(t, at);
  if (currentState(t).over) return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.Over");
  if (!t.turn) return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.RollFirst");
  const refused = notYourTurn(t);
  if (refused) return refused;
  const st = stepFor(t, at);
  if (!st) return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.NoStep");
  return step(t, st);
}

/** Records the turn in progress in the session, ended in `state` (with the end's `events`). */
function record(
  t: KayanakTable,
  state: KayanakState,
  events: readonly KayanakEvent[],
): KayanakTable {
  const turn = t.turn!;
  const r = recordTurn(t.session, {
    fisher: turn.roll.fisher,
    events: [...turn.events.flat(), ...events],
    steps: turn.steps,
    rolls: turn.rolls.flat(),
    state,
  });
  if (!r.ok) return { ...t, error: engineError(r.error) };
  return followTurn(without(ok(t, { session: r.session }), "turn", "kind"));
}

/** Hot seat: a fisher's view passes to whoever plays next, through a covered screen. */
function followTurn(t: KayanakTable): KayanakTable {
  if (!t.follow || typeof t.viewer !== "object") return t;
  const who = whoseTurn(t);
  return who && who !== t.viewer.fisher ? passScreen(t, { fisher: who }) : t;
}

/** J2: ends the turn; the dots left are lost. */
export function endTurn(t: KayanakTable): KayanakTable {
  const refused = notInTurn(t);
  if (refused) return refused;
  const ended = engineEndTurn(currentState(t));
  if (!ended.ok) return { ...t, error: engineError(ended.error) };
  return record(t, ended.state, ended.events);
}

/** The turn a record holds, played again as a turn in progress with its first `steps` steps. */
function reopen(
  state: KayanakState,
  input: RollInput & { steps: readonly Step[] },
  steps: number,
): InTurn | KayanakError {
  const rollInput = rollInputOf(input.fisher, input.die, input.temperature);
  const rolls: RollRecord[][] = [[]];
  const rolled = run(state, rollDice(state, rollInput), rolls[0]!);
  if (!rolled.ok) return rolled.error;
  const states = [rolled.state];
  const events: KayanakEvent[][] = [rolled.events];
  const taken = input.steps.slice(0, steps);
  for (const st of taken) {
    const dice: RollRecord[] = [];
    const r = run(states[states.length - 1]!, takeStep(states[states.length - 1]!, st), dice);
    if (!r.ok) return r.error;
    states.push(r.state);
    events.push(r.events);
    rolls.push(dice);
  }
  return { roll: rollInput, steps: taken, states, events, rolls };
}

/**
 * The turn in progress given back (the autosave's): its roll as it came up and the steps taken,
 * played again from the record's state. A roll or a step the state refuses is an error.
 */
export function resumeTurn(
  t: KayanakTable,
  input: RollInput,
  steps: readonly Step[],
): KayanakTable {
  if (t.placing || t.turn || t.session.state.over)
    return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.Rolled");
  if (input.fisher !== t.session.state.fishers[t.session.state.next]?.id)
    return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.Rolled");
  const turn = reopen(t.session.state, { ...input, steps }, steps.length);
  if ("code" in turn) return { ...t, error: engineError(turn) };
  return ok(t, { turn });
}

/**
 * Undo one thing: the last step of the turn in progress, else its roll, else the last bear
 * placed; with nothing in progress, the last turn is opened again without its end (its steps
 * stay, the next Undo takes them back one by one).
 */
export function undoStep(t: KayanakTable): KayanakTable {
  if (!mayUndo(t)) return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.UndoNotYours");
  if (t.turn) {
    const n = t.turn.steps.length;
    if (n === 0) return without(ok(t, {}), "turn", "kind");
    return ok(t, {
      turn: {
        roll: t.turn.roll,
        steps: t.turn.steps.slice(0, -1),
        states: t.turn.states.slice(0, -1),
        events: t.turn.events.slice(0, -1),
        rolls: t.turn.rolls.slice(0, -1),
      },
    });
  }
  if (t.placing) {
    if (t.placing.placed.length === 0)
      return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.NothingToUndo");
    return ok(t, { placing: { ...t.placing, placed: t.placing.placed.slice(0, -1) } });
  }
  const last = t.session.turns[t.session.turns.length - 1];
  if (!last) return reopenPlacing(t);
  const before = engineUndoTurn(t.session);
  const turn = reopen(before.state, last.input, last.input.steps.length);
  if ("code" in turn) return { ...t, error: engineError(turn) };
  return ok(t, { session: before, turn });
}

/** Before the first roll, Undo takes the last bear off the sheet again (J11). */
function reopenPlacing(t: KayanakTable): KayanakTable {
  const { setup } = t.session;
  const placed = setup.fishers.map((f) => f.at);
  return without(ok(t, { placing: { setup, placed: placed.slice(0, -1) } }), "turn");
}

/** Undo a whole turn: the one in progress (back to before its roll), else the last one played. */
export function undoTurn(t: KayanakTable): KayanakTable {
  if (!mayUndo(t)) return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.UndoNotYours");
  if (t.turn) return without(ok(t, {}), "turn", "kind");
  if (t.placing || t.session.turns.length === 0)
    return fail(t, "KOLIKOLY.Sandbox.Kayanak.Error.NothingToUndo");
  return ok(t, { session: engineUndoTurn(t.session) });
}

// ---------------------------------------------------------------- files

/** The game as a `kayanak-scenario/1` file (every die forced); the turn in progress is not in it. */
export function scenarioText(t: KayanakTable): string {
  return JSON.stringify(exportScenario(t.session), null, 2) + "\n";
}

/** Which game a scenario file is for, by its format tag (undefined: neither, or not JSON). */
export function scenarioGame(text: string): "kolikoly" | "kayanak" | undefined {
  try {
    const v = JSON.parse(text) as { format?: unknown } | null;
    if (v && typeof v === "object") {
      if (v.format === KAYANAK_FORMAT) return "kayanak";
      if (v.format === "kolikoly-scenario/1") return "kolikoly";
    }
  } catch {
    /* not JSON: the engine names the fault */
  }
  return undefined;
}

/** Plays a `kayanak-scenario/1` file; a bad one leaves the table as it was and names the field. */
export function loadScenario(t: KayanakTable, text: string, fileName: string): KayanakTable {
  const r = playScenarioText(text);
  if (!r.ok)
    return fail(t, "KOLIKOLY.Sandbox.Error.Load", {
      file: fileName,
      field: r.error.field || "-",
      message: r.error.message,
    });
  const { setup, state } = r.session;
  const options: KayanakOptions = {
    width: state.board.width,
    height: state.board.height,
    floes: state.board.floes.length,
    big: state.dropped.big,
    small: state.dropped.small,
    fishers: state.fishers.length,
    variant: state.settings.variant,
    keepFishing: state.settings.keepFishing,
    seed: setup.seed,
  };
  // Keep a fisher's view where that fisher is in the file, so a load never shows a player the GM's view.
  const v = t.viewer;
  const keep = typeof v !== "object" || state.fishers.some((f) => f.id === v.fisher);
  const base = without(t, "placing", "turn", "kind", "error");
  return {
    ...base,
    options,
    session: r.session,
    viewer: keep ? v : { fisher: state.fishers[0]!.id },
    force: {},
    version: t.version + 1,
  };
}

export function clearError(t: KayanakTable): KayanakTable {
  if (!t.error) return t;
  const { error: _e, ...rest } = t;
  return rest;
}
