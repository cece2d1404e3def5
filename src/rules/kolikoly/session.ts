/**
 * A game as a record: its setup and, per round, the input and every roll answered. The state
 * is derived from the record, so undo and export are exact by construction.
 */
import type { PrngState } from "../dice/prng.ts";
import { Xoshiro128 } from "../dice/prng.ts";
import type {
  AsyncDriver,
  ForcedTable,
  RollAnswer,
  RollRecord,
  RollRequest,
} from "../dice/requests.ts";
import { forcedLayer, runAsync, seededDriver } from "../dice/requests.ts";
import { endByGm } from "./end.ts";
import { resolveRound, resolveRoundWith } from "./round.ts";
import type { GameSetup } from "./state.ts";
import { newGame } from "./state.ts";
import type {
  EventFilter,
  GameEvent,
  GameState,
  RoundInput,
  RoundResult,
  RuleError,
} from "./types.ts";

export interface RoundRecord {
  readonly input: RoundInput;
  readonly rolls: readonly RollRecord[];
  /** The seeded driver's state after the round, so that a rebuilt game rolls on as the original would. */
  readonly rng?: PrngState;
}

export interface Session {
  readonly setup: GameSetup;
  readonly rounds: readonly RoundRecord[];
  readonly endedByGm: boolean;
  readonly state: GameState;
  readonly log: readonly GameEvent[];
}

export type SessionResult =
  { ok: true; session: Session; events: GameEvent[] } | { ok: false; error: RuleError };

export function startSession(setup: GameSetup): Session {
  return { setup, rounds: [], endedByGm: false, state: newGame(setup), log: [] };
}

/**
 * Resolves a round with the seeded driver (PRNG state from the game state), values in `forced`
 * first; every roll made is added to `rolls`. With `events`, the round's events are only those
 * it names (the simulator's statistics read three kinds); the state is the same either way.
 */
export function resolveSeeded(
  state: GameState,
  input: unknown,
  forced?: ForcedTable,
  rolls?: RollRecord[],
  events?: EventFilter,
): RoundResult {
  const prng = new Xoshiro128(state.rng);
  const base = seededDriver(prng);
  // The PRNG advances for forced rolls too, so a fully forced replay ends in the same PRNG state.
  const driver = forced ? forcedLayer(base, forced, { advanceInner: true }) : base;
  // the synchronous path: the rule code calls the driver directly, no program in between
  const roll = rolls
    ? (request: RollRequest): RollAnswer => {
        const answer = driver.roll(request);
        rolls.push(
          answer.natural === undefined
            ? { key: request.key, total: answer.total }
            : { key: request.key, total: answer.total, natural: answer.natural },
        );
        return answer;
      }
    : driver.roll;
  // nothing reads the requests (no forced values, no record): dice drawn without making them
  const result = resolveRoundWith(state, input, roll, forced || rolls ? undefined : prng, events);
  if (result.ok) result.state.rng = prng.state();
  return result;
}

export function playRound(session: Session, input: unknown, forced?: ForcedTable): SessionResult {
  const rolls: RollRecord[] = [];
  const r = resolveSeeded(session.state, input, forced, rolls);
  return r.ok ? appendRound(session, r, rolls) : r;
}

/** Resolves a round with any driver (Foundry's dice); the game's PRNG state is left as it was. */
export async function playRoundAsync(
  session: Session,
  input: unknown,
  driver: AsyncDriver,
): Promise<SessionResult> {
  const rolls: RollRecord[] = [];
  const r = await runAsync(resolveRound(session.state, input), driver, rolls);
  if (r.ok) r.state.rng = session.state.rng;
  return r.ok ? appendRound(session, r, rolls) : r;
}

function appendRound(
  session: Session,
  r: Extract<RoundResult, { ok: true }>,
  rolls: RollRecord[],
): SessionResult {
  const input = inputOf(r);
  return {
    ok: true,
    events: r.events,
    session: {
      ...session,
      rounds: [...session.rounds, { input, rolls, rng: r.state.rng }],
      state: r.state,
      log: [...session.log, ...r.events],
    },
  };
}

function inputOf(r: Extract<RoundResult, { ok: true }>): RoundInput {
  const actions: Record<string, RoundInput["actions"][string]> = {};
  const revive: string[] = [];
  for (const e of r.events) {
    if (e.type === "declared") actions[e.fisher] = e.declaration;
    if (e.type === "revived") revive.push(e.fisher);
  }
  return revive.length ? { actions, revive } : { actions };
}

export function endSession(session: Session): SessionResult {
  if (session.state.over)
    return { ok: false, error: { code: "gameOver", field: "", message: "the game is over" } };
  const { state, events } = endByGm(session.state);
  return {
    ok: true,
    events,
    session: { ...session, endedByGm: true, state, log: [...session.log, ...events] },
  };
}

/** Rebuilds a session from its record: every roll forced, so the log is the same event for event. */
export function rebuild(
  setup: GameSetup,
  rounds: readonly RoundRecord[],
  endedByGm: boolean,
  /**
   * A session of the same game known to be exact (the GM client's last one): played on from
   * when its rounds begin the recorded ones, instead of from the start. Same result either way.
   */
  from?: Session,
): Session {
  const reuse =
    from !== undefined &&
    !from.endedByGm &&
    from.rounds.length <= rounds.length &&
    JSON.stringify(from.setup) === JSON.stringify(setup) &&
    from.rounds.every((r, i) => r === rounds[i] || JSON.stringify(r) === JSON.stringify(rounds[i]));
  let session = reuse ? from : startSession(setup);
  for (const [i, round] of rounds.entries()) {
    if (i < session.rounds.length) continue;
    const r = playRound(session, round.input, tableOf(round.rolls));
    if (!r.ok)
      throw new Error(`round ${i + 1} of a recorded game no longer resolves: ${r.error.message}`);
    const state = round.rng ? { ...r.session.state, rng: round.rng } : r.session.state;
    session = { ...r.session, rounds: [...session.rounds, round], state };
  }
  if (endedByGm) {
    const r = endSession(session);
    if (r.ok) session = r.session;
  }
  return session;
}

/** Undo: the game as it was before its last round (or before the GM ended it). */
export function undo(session: Session): Session {
  if (session.endedByGm) return rebuild(session.setup, session.rounds, false);
  if (session.rounds.length === 0) return session;
  return rebuild(session.setup, session.rounds.slice(0, -1), false);
}

export function tableOf(rolls: readonly RollRecord[]): ForcedTable {
  const t = new Map<string, RollRecord[]>();
  for (const r of rolls) {
    const q = t.get(r.key);
    if (q) q.push(r);
    else t.set(r.key, [r]);
  }
  return t;
}
