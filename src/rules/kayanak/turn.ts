/**
 * J2 A turn: roll the dice (J3, J8), take steps (J4-J6, J8), end it (unused dots are lost).
 * The order of a turn lives here and nowhere else:
 * 1. `rollDice`: the action die, and in the weather variant the temperature die; their dots add up;
 * 2. `takeStep`, as many times as the fisher likes, each action step costing one dot and allowed
 *    by the action face (bear: move, pickax: hack, fish: fish, star: any mix); the temperature
 *    face's tile or crystal at most once, before every action step or after them all;
 *    after each step the end is checked (J7, J9) and the game may end at once;
 * 3. `endTurn`: the dots left are lost and the next fisher in the list plays.
 * `resolveTurn` runs all three for a whole `TurnInput`.
 */
import type { RollProgram } from "../dice/requests.ts";
import { holeOf, neighbourHoles } from "./board.ts";
import { actionDieRequest, faceOf, temperatureDieRequest } from "./dice.ts";
import { endReasonOf, scores, winnersOf } from "./end.ts";
import { applyFish, checkFish } from "./fish.ts";
import { applyHack, checkHack } from "./hack.ts";
import { applyMove, checkMove } from "./move.ts";
import { ACTION_FACES, TEMPERATURE_FACES, faceError, fail } from "./setup.ts";
import { cloneState } from "./state.ts";
import type {
  ActionFace,
  ActionFaceKind,
  EndReason,
  Hole,
  KayanakError,
  KayanakEvent,
  KayanakResult,
  KayanakState,
  RollInput,
  Step,
  StepKind,
  TemperatureFace,
  TurnInput,
} from "./types.ts";
import { applyCrystal, applyTile, checkCrystal, checkTile } from "./weather.ts";

const show = (v: unknown) => JSON.stringify(v) ?? String(v);

/** The fields each kind of step may carry. */
const STEP_FIELDS: Readonly<Record<StepKind, readonly string[]>> = {
  move: ["move"],
  hack: ["hack"],
  fish: ["fish", "lands", "check"],
  tile: ["tile", "floe"],
  crystal: ["crystal", "at"],
};
const KINDS = Object.keys(STEP_FIELDS) as StepKind[];

/** J3: what each action face allows. */
const ALLOWS: Readonly<Record<ActionFaceKind, readonly StepKind[]>> = {
  bear: ["move"],
  pickax: ["hack"],
  fish: ["fish"],
  star: ["move", "hack", "fish"],
};

/** The kind of a step object, or why it is not one (field: the offending key, "" for the step). */
export function stepKind(v: unknown): StepKind | KayanakError {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return {
      code: "badStep",
      field: "",
      message: `a step is an object such as {"move": [x, y]} (got ${show(v)})`,
    };
  const keys = Object.keys(v);
  const kinds = keys.filter((k): k is StepKind => (KINDS as string[]).includes(k));
  if (kinds.length === 0) {
    const other = keys.find((k) => !["lands", "check", "floe", "at"].includes(k)) ?? keys[0];
    return other === undefined
      ? { code: "badStep", field: "", message: `must be one of ${KINDS.join(", ")}` }
      : { code: "unknownField", field: other, message: "is not a field of a step" };
  }
  if (kinds.length > 1)
    return {
      code: "badStep",
      field: kinds[1]!,
      message: `a step does one thing: ${kinds.join(" and ")} given`,
    };
  const kind = kinds[0]!;
  for (const k of keys)
    if (!STEP_FIELDS[kind].includes(k))
      return { code: "unknownField", field: k, message: `is not a field of a ${kind} step` };
  return kind;
}

const isWeather = (k: StepKind) => k === "tile" || k === "crystal";

/** Why this step may not be taken now, if it may not. */
export function checkStep(s: KayanakState, v: unknown): KayanakError | undefined {
  if (s.over) return { code: "gameOver", field: "", message: "the game is over" };
  const p = s.pending;
  if (!p)
    return { code: "notRolled", field: "", message: "the dice have not been rolled this turn" };
  const kind = stepKind(v);
  if (typeof kind !== "string") return kind;
  const step = v as Record<string, unknown>;
  const f = s.fishers[s.next]!;
  if (isWeather(kind)) {
    if (s.settings.variant !== "weather")
      return {
        code: "notWeather",
        field: kind,
        message: "tiles and crystals are for the weather variant (J8)",
      };
    if (p.temperature?.face !== kind)
      return {
        code: "wrongFace",
        field: kind,
        message: `the temperature die shows ${p.temperature?.face ?? "nothing"}, not ${kind} (J8)`,
      };
    if (p.weather !== undefined)
      return {
        code: "weatherTwice",
        field: kind,
        message: "the temperature face is used once a turn (J8)",
      };
    return kind === "tile"
      ? checkTile(s, step.tile, step.floe)
      : checkCrystal(s, step.crystal, step.at);
  }
  if (p.weather === "after")
    return {
      code: "weatherOrder",
      field: kind,
      message: "the temperature face came after the action steps; none may follow (J8)",
    };
  if (!ALLOWS[p.die.face].includes(kind))
    return {
      code: "wrongFace",
      field: kind,
      message: `the action die shows ${p.die.face}, which does not allow ${kind} (J3)`,
    };
  if (p.used >= p.dots)
    return { code: "tooManySteps", field: kind, message: `all ${p.dots} dots are used (J2)` };
  if (kind === "move") return checkMove(s, f, step.move);
  if (kind === "hack") return checkHack(s, f, step.hack);
  return checkFish(s, f, step.fish, step.lands, step.check);
}

/** Ends the game now (state already a private copy): the turn counts, the rest of it is not played. */
function finish(s: KayanakState, reason: EndReason, turn: number): KayanakEvent[] {
  s.over = true;
  s.endReason = reason;
  s.winners = winnersOf(s, reason);
  delete s.pending;
  s.turn = turn;
  return [
    { turn, audience: "all", type: "gameEnd", reason, winners: [...s.winners], scores: scores(s) },
  ];
}

/** J2, J3, J8: rolls the turn's dice (forced faces replace the answers; the dice are asked for anyway). */
export function* rollDice(state: KayanakState, input: RollInput): RollProgram<KayanakResult> {
  if (state.over) return fail("gameOver", "", "the game is over");
  if (state.pending) return fail("diceRolled", "", "the dice are already rolled this turn");
  if (typeof input !== "object" || input === null)
    return fail("badField", "", "a turn is an object");
  const who = state.fishers[state.next]!;
  if (!state.fishers.some((f) => f.id === input.fisher))
    return fail("unknownFisher", "fisher", `no fisher ${show(input.fisher)} in this game`);
  if (input.fisher !== who.id)
    return fail("notYourTurn", "fisher", `it is ${who.id}'s turn, not ${input.fisher}'s (J2)`);
  const weather = state.settings.variant === "weather";
  if (input.die !== undefined) {
    const e = faceError(input.die, "die", ACTION_FACES);
    if (e) return { ok: false, error: e };
  }
  if (input.temperature !== undefined) {
    if (!weather)
      return fail(
        "notWeather",
        "temperature",
        "the temperature die is for the weather variant (J8)",
      );
    const e = faceError(input.temperature, "temperature", TEMPERATURE_FACES);
    if (e) return { ok: false, error: e };
  }
  const { actionDie, temperatureDie } = state.settings;
  const a = yield actionDieRequest(who.id, actionDie);
  if (!Number.isInteger(a.total) || a.total < 1 || a.total > actionDie.length)
    return fail("badRoll", "die", `the action die has ${actionDie.length} faces, not ${a.total}`);
  const die: ActionFace = input.die
    ? { face: input.die.face, dots: input.die.dots }
    : faceOf(actionDie, a.total);
  let temperature: TemperatureFace | undefined;
  if (weather) {
    const t = yield temperatureDieRequest(who.id, temperatureDie);
    if (!Number.isInteger(t.total) || t.total < 1 || t.total > temperatureDie.length)
      return fail(
        "badRoll",
        "temperature",
        `the temperature die has ${temperatureDie.length} faces, not ${t.total}`,
      );
    temperature = input.temperature
      ? { face: input.temperature.face, dots: input.temperature.dots }
      : faceOf(temperatureDie, t.total);
  }
  const s = cloneState(state);
  const dots = die.dots + (temperature?.dots ?? 0);
  s.pending = {
    fisher: who.id,
    die,
    ...(temperature ? { temperature } : {}),
    dots,
    used: 0,
    fished: [],
  };
  const event: KayanakEvent = {
    turn: state.turn + 1,
    audience: "all",
    type: "rolled",
    fisher: who.id,
    die,
    ...(temperature ? { temperature } : {}),
    dots,
  };
  return { ok: true, state: s, events: [event] };
}

/** J4-J6, J8: one step of the rolled turn; the end is checked after it (J7, J9). */
export function* takeStep(state: KayanakState, step: Step): RollProgram<KayanakResult> {
  const bad = checkStep(state, step);
  if (bad) return { ok: false, error: bad };
  const s = cloneState(state);
  const p = s.pending!;
  const f = s.fishers[s.next]!;
  const turn = s.turn + 1;
  const kind = stepKind(step) as StepKind;
  const o = step as Record<string, unknown>;
  let events: KayanakEvent[];
  if (kind === "move") events = applyMove(s, f, o.move as Hole, turn);
  else if (kind === "hack") events = applyHack(s, f, o.hack as Hole, turn);
  else if (kind === "fish") {
    const r = yield* applyFish(
      s,
      f,
      o.fish as Hole,
      o.lands as "big" | "small" | undefined,
      turn,
      o.check as number | undefined,
    );
    if (!Array.isArray(r)) return { ok: false, error: r };
    events = r;
  } else if (kind === "tile") events = applyTile(s, f, o.tile as "place", o.floe as number, turn);
  else events = applyCrystal(s, f, o.crystal as "place", o.at as Hole, turn);
  if (isWeather(kind)) p.weather = p.used > 0 ? "after" : "before";
  else p.used++;
  const reason = endReasonOf(s);
  if (reason) events.push(...finish(s, reason, turn));
  return { ok: true, state: s, events };
}

/** J2: the dots left are lost; the next fisher in the list plays. */
export function endTurn(state: KayanakState): KayanakResult {
  if (state.over) return fail("gameOver", "", "the game is over");
  const p = state.pending;
  if (!p) return fail("notRolled", "", "the dice have not been rolled this turn");
  const s = cloneState(state);
  const turn = s.turn + 1;
  const events: KayanakEvent[] = [];
  if (p.dots > p.used)
    events.push({
      turn,
      audience: "all",
      type: "dotsLost",
      fisher: p.fisher,
      dots: p.dots - p.used,
    });
  delete s.pending;
  s.turn = turn;
  s.next = (s.next + 1) % s.fishers.length;
  events.push({
    turn,
    audience: "all",
    type: "turnEnd",
    fisher: p.fisher,
    next: s.fishers[s.next]!.id,
  });
  return { ok: true, state: s, events };
}

/** A whole turn; an error names its field within the turn (`fisher`, `die.dots`, `steps[1].fish`). */
export function* resolveTurn(state: KayanakState, input: TurnInput): RollProgram<KayanakResult> {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return fail("badField", "", "a turn is an object {fisher, steps}");
  if (!Array.isArray(input.steps))
    return fail("badField", "steps", "must be a list (it may be empty)");
  const rolled = yield* rollDice(state, input);
  if (!rolled.ok) return rolled;
  let s = rolled.state;
  const events = [...rolled.events];
  for (const [j, step] of input.steps.entries()) {
    const field = (f: string) => (f === "" ? `steps[${j}]` : `steps[${j}].${f}`);
    if (s.over) return fail("gameOver", field(""), "the game ended earlier in this turn");
    const r = yield* takeStep(s, step);
    if (!r.ok) return { ok: false, error: { ...r.error, field: field(r.error.field) } };
    s = r.state;
    events.push(...r.events);
  }
  if (s.over) return { ok: true, state: s, events };
  const ended = endTurn(s);
  if (!ended.ok) return ended;
  return { ok: true, state: ended.state, events: [...events, ...ended.events] };
}

/** Every step allowed now, in a fixed order (moves, hacks, fishing, tiles, crystals). */
export function legalSteps(s: KayanakState): Step[] {
  if (s.over || !s.pending) return [];
  const f = s.fishers[s.next]!;
  const around = neighbourHoles(s.board, f.at);
  const candidates: Step[] = [
    ...around.map((h): Step => ({ move: h })),
    ...around.map((h): Step => ({ hack: h })),
    ...around.map((h): Step => ({ fish: h })),
  ];
  if (
    s.settings.variant === "weather" &&
    s.pending.temperature &&
    s.pending.weather === undefined
  ) {
    const face = s.pending.temperature.face;
    if (face === "tile")
      for (let i = 0; i < s.board.floes.length; i++)
        candidates.push({ tile: "place", floe: i }, { tile: "remove", floe: i });
    if (face === "crystal")
      s.holes.forEach((h, i) => {
        if (h.open)
          candidates.push({ crystal: h.frozen ? "remove" : "place", at: holeOf(s.board, i) });
      });
  }
  return candidates.filter((c) => checkStep(s, c) === undefined);
}
