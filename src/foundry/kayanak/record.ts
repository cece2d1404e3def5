/**
 * A Kayanak board's GM record (issue 11): the set-up (the fish placed in it as `holes`, drawn
 * apart from the seed, which cuts only the public floes: create.ts `secretDrop`; or, when the GM
 * gives the seed, the engine's own board for it), every finished
 * turn, and the turn in play. It lives only in the GM
 * store, sealed like a lake's (store/sealed.ts); the scene shows the public board (board.ts).
 */
import type { RollRecord } from "../../rules/index.ts";
import type {
  ActionFace,
  KayanakEvent,
  KayanakSession,
  KayanakSetup,
  KayanakState,
  Step,
  TemperatureFace,
  TurnRecord,
} from "../../rules/kayanak/index.ts";
import { rebuild, rollDice, startSession, takeStep } from "../../rules/kayanak/index.ts";
import { Xoshiro128, runSync, seededDriver } from "../../rules/index.ts";
import type { StoreRecord } from "../core/record.ts";

/** The turn being played: its dice as they came up and the steps taken so far (lands forced). */
export interface TurnInPlay {
  readonly fisher: string;
  readonly die: ActionFace;
  readonly temperature?: TemperatureFace;
  readonly steps: readonly Step[];
  /** Every Foundry roll answered this turn (the dice, the landing dice), for the record. */
  readonly rolls: readonly RollRecord[];
}

export interface KayanakPending {
  readonly turn?: TurnInPlay;
}

export interface KayanakRecord extends StoreRecord {
  readonly game: "kayanak";
  readonly setup: KayanakSetup;
  readonly rounds: readonly TurnRecord[];
  readonly pending: KayanakPending;
  readonly pendingBefore: readonly never[];
}

export function isKayanakRecord(r: StoreRecord | undefined): r is KayanakRecord {
  return r?.game === "kayanak";
}

/** The session a record stands for (finished turns only), played on from a known one when it can. */
export function sessionOf(record: KayanakRecord, known?: KayanakSession): KayanakSession {
  if (
    known &&
    known.turns.length <= record.rounds.length &&
    JSON.stringify(known.setup) === JSON.stringify(record.setup) &&
    known.turns.every((t, i) => JSON.stringify(t) === JSON.stringify(record.rounds[i]))
  ) {
    if (known.turns.length === record.rounds.length) return known;
    return rebuild(record.setup, record.rounds);
  }
  if (record.rounds.length === 0) {
    const s = startSession(record.setup);
    if (!s.ok) throw new Error(`a recorded set-up no longer starts: ${s.error.message}`);
    return s.session;
  }
  return rebuild(record.setup, record.rounds);
}

/**
 * The state with the turn in play applied: its dice and steps are replayed, every die forced as
 * it came up (a seeded driver answers the requests; the forced faces replace its answers).
 */
export function withTurn(
  state: KayanakState,
  turn: TurnInPlay | undefined,
): { state: KayanakState; events: KayanakEvent[] } {
  if (!turn) return { state, events: [] };
  const driver = seededDriver(new Xoshiro128(state.rng));
  const rolled = runSync(
    rollDice(state, {
      fisher: turn.fisher,
      die: turn.die,
      ...(turn.temperature ? { temperature: turn.temperature } : {}),
    }),
    driver,
  );
  if (!rolled.ok) throw new Error(`a recorded roll no longer applies: ${rolled.error.message}`);
  let s = rolled.state;
  const events = [...rolled.events];
  for (const step of turn.steps) {
    const r = runSync(takeStep(s, step), driver);
    if (!r.ok) throw new Error(`a recorded step no longer applies: ${r.error.message}`);
    s = r.state;
    events.push(...r.events);
  }
  s.rng = state.rng;
  return { state: s, events };
}
