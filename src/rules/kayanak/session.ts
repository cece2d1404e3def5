/**
 * A game as a record: its set-up and, for each turn, the turn with every die forced as it came
 * up (`die`, `temperature`, `lands`), the rolls answered and the seeded driver's state after it.
 * The state is derived from the record, so undo and export are exact by construction.
 */
import { Xoshiro128 } from "../dice/prng.ts";
import type { AsyncDriver, ForcedTable, RollRecord } from "../dice/requests.ts";
import { forcedLayer, runAsync, runSync, seededDriver } from "../dice/requests.ts";
import { fail, newGame } from "./setup.ts";
import { resolveTurn } from "./turn.ts";
import type {
  KayanakError,
  KayanakEvent,
  KayanakResult,
  KayanakSession,
  KayanakSetup,
  KayanakState,
  Step,
  TurnInput,
  TurnRecord,
} from "./types.ts";

export type SessionResult =
  | { ok: true; session: KayanakSession; events: KayanakEvent[] }
  | { ok: false; error: KayanakError };

export function startSession(setup: KayanakSetup): SessionResult {
  const r = newGame(setup);
  if (!r.ok) return r;
  return {
    ok: true,
    events: r.events,
    session: { setup, turns: [], state: r.state, log: r.events },
  };
}

/** A turn resolved with the seeded driver (its state from the game state), `forced` answers first. */
export function resolveSeeded(
  state: KayanakState,
  input: TurnInput,
  forced?: ForcedTable,
  rolls?: RollRecord[],
): KayanakResult {
  const prng = new Xoshiro128(state.rng);
  const base = seededDriver(prng);
  const driver = forced ? forcedLayer(base, forced, { advanceInner: true }) : base;
  const r = runSync(resolveTurn(state, input), driver, rolls);
  if (r.ok) r.state.rng = prng.state();
  return r;
}

/**
 * The turn as it was played, every die forced: the faces from `rolled`, the fish from `fished`.
 * A table or Foundry that plays a turn step by step hands its events here to record it.
 */
export function turnInputOf(
  fisher: string,
  events: readonly KayanakEvent[],
  steps: readonly Step[],
): TurnInput {
  const rolled = events.find((e) => e.type === "rolled");
  const landed = new Map<string, "big" | "small">();
  const checks = new Map<string, number>();
  for (const e of events) {
    if (e.type !== "fished") continue;
    if (e.landed) landed.set(`${e.at[0]},${e.at[1]}`, e.landed);
    if (e.check) checks.set(`${e.at[0]},${e.at[1]}`, e.check.total);
  }
  return {
    fisher,
    ...(rolled?.type === "rolled" ? { die: rolled.die } : {}),
    ...(rolled?.type === "rolled" && rolled.temperature ? { temperature: rolled.temperature } : {}),
    steps: steps.map((s) => {
      if (!("fish" in s)) return s;
      const at = `${s.fish[0]},${s.fish[1]}`;
      const l = landed.get(at);
      const c = checks.get(at);
      return {
        fish: s.fish,
        ...(l ? { lands: l } : {}),
        ...(c !== undefined ? { check: c } : {}),
      };
    }),
  };
}

/** Appends a turn, its record built from the turn as played (`turnInputOf`). */
function append(
  session: KayanakSession,
  fisher: string,
  steps: readonly Step[],
  events: KayanakEvent[],
  rolls: RollRecord[],
  state: KayanakState,
): SessionResult {
  const record: TurnRecord = { input: turnInputOf(fisher, events, steps), rolls, rng: state.rng };
  return {
    ok: true,
    events,
    session: {
      ...session,
      turns: [...session.turns, record],
      state,
      log: [...session.log, ...events],
    },
  };
}

/** Plays a whole turn with the seeded driver and records it. */
export function playTurn(
  session: KayanakSession,
  input: TurnInput,
  forced?: ForcedTable,
): SessionResult {
  const rolls: RollRecord[] = [];
  const r = resolveSeeded(session.state, input, forced, rolls);
  return r.ok ? append(session, input.fisher, input.steps, r.events, rolls, r.state) : r;
}

/** The same with any driver (Foundry's dice); the game's seeded state is left as it was. */
export async function playTurnAsync(
  session: KayanakSession,
  input: TurnInput,
  driver: AsyncDriver,
): Promise<SessionResult> {
  const rolls: RollRecord[] = [];
  const r = await runAsync(resolveTurn(session.state, input), driver, rolls);
  if (!r.ok) return r;
  r.state.rng = session.state.rng;
  return append(session, input.fisher, input.steps, r.events, rolls, r.state);
}

/** A turn played step by step (`rollDice`, `takeStep`..., `endTurn`) with the seeded driver. */
export interface PlayedTurn {
  readonly fisher: string;
  /** Every event of the turn in order, from `rolled` to `turnEnd` (or the step's `gameEnd`). */
  readonly events: readonly KayanakEvent[];
  /** The steps as they were asked for (a landing die or check need not be forced in them). */
  readonly steps: readonly Step[];
  /** Every die answered, in order (`runSync`'s `rolls`), the action die's seeded answer included. */
  readonly rolls: readonly RollRecord[];
  /** The state after `endTurn`, or after the step that ended the game; its `rng` the driver's. */
  readonly state: KayanakState;
}

/**
 * Records a turn already played step by step, without playing it again: the same session and
 * events as `playTurn(session, turnInputOf(fisher, events, steps))`, when each program was run
 * with the seeded driver on the state's own generator (`state.rng` written back after each).
 * Refused if the game is over, it is not this fisher's turn, or the turn has not ended.
 */
export function recordTurn(session: KayanakSession, turn: PlayedTurn): SessionResult {
  const s = session.state;
  if (s.over) return fail("gameOver", "", "the game is over");
  const who = s.fishers[s.next]!.id;
  if (turn.fisher !== who)
    return fail("notYourTurn", "fisher", `it is ${who}'s turn, not ${turn.fisher}'s (J2)`);
  if (turn.state.pending)
    return fail("badField", "state", "the turn has not ended: end it (endTurn) first (J2)");
  return append(session, turn.fisher, turn.steps, [...turn.events], [...turn.rolls], turn.state);
}

/** Rebuilds a session from its record (each turn's dice forced, its seeded state restored). */
export function rebuild(setup: KayanakSetup, turns: readonly TurnRecord[]): KayanakSession {
  const start = startSession(setup);
  if (!start.ok) throw new Error(`a recorded set-up no longer starts: ${start.error.message}`);
  let session = start.session;
  for (const [i, t] of turns.entries()) {
    const r = resolveSeeded(session.state, t.input);
    if (!r.ok)
      throw new Error(`turn ${i + 1} of a recorded game no longer resolves: ${r.error.message}`);
    const state = { ...r.state, rng: t.rng };
    session = {
      ...session,
      turns: [...session.turns, t],
      state,
      log: [...session.log, ...r.events],
    };
  }
  return session;
}

/** Undo: the game as it was before its last turn. */
export function undoTurn(session: KayanakSession): KayanakSession {
  if (session.turns.length === 0) return session;
  return rebuild(session.setup, session.turns.slice(0, -1));
}
