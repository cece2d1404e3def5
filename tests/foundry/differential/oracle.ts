/**
 * The engine's answer for a scenario: the CLI's replay (`playScenario`), and for each round the
 * requests it made, in order, with the formula each was asked with and the answer it was given.
 * The module is held against these: it must ask the same dice in the same order and play the
 * same events (docs/architecture.md, "The engine is the oracle").
 */
import type { AsyncDriver, GameEvent, RollRequest, Session } from "../../../src/rules/index.ts";
import { rebuild, resolveRound, runAsync } from "../../../src/rules/index.ts";
import type { KayanakEvent, KayanakSession } from "../../../src/rules/kayanak/index.ts";
import {
  endTurn,
  rebuild as rebuildBoard,
  rollDice,
  startSession as startBoard,
  takeStep,
} from "../../../src/rules/kayanak/index.ts";

export interface Asked {
  readonly request: RollRequest;
  readonly answer: { readonly total: number; readonly natural?: number };
}

/**
 * A driver that answers from recorded rolls (each key's in order), taking each from `left` (a
 * turn's steps share one list), and keeps the requests.
 */
function replaying(
  left: { key: string; total: number; natural?: number }[],
  out: Asked[],
): AsyncDriver {
  return {
    roll: (request) => {
      const i = left.findIndex((r) => r.key === request.key);
      if (i < 0) throw new Error(`oracle: the record has no roll ${request.key}`);
      const [r] = left.splice(i, 1);
      const answer =
        r!.natural === undefined ? { total: r!.total } : { total: r!.total, natural: r!.natural };
      out.push({ request, answer });
      return answer;
    },
  };
}

/** The requests round `i` (0-based) of a session made, in order. */
export async function roundRequests(session: Session, i: number): Promise<Asked[]> {
  const before = rebuild(session.setup, session.rounds.slice(0, i), false);
  const rec = session.rounds[i]!;
  const out: Asked[] = [];
  const r = await runAsync(
    resolveRound(before.state, rec.input),
    replaying(
      rec.rolls.map((x) => ({ ...x })),
      out,
    ),
  );
  if (!r.ok) throw new Error(`oracle: round ${i + 1} does not replay: ${r.error.message}`);
  return out;
}

/** The events of round `n` (1-based) of a log. */
export function eventsOfRound(log: readonly GameEvent[], n: number): GameEvent[] {
  return log.filter((e) => e.round === n);
}

/**
 * The requests Kayanak turn `i` made: the dice, then each step's (a landing die, the J6 check),
 * in the order the turn asked them.
 */
export async function turnRequests(session: KayanakSession, i: number): Promise<Asked[][]> {
  const before =
    i === 0
      ? startBoard(session.setup)
      : { ok: true as const, session: rebuildBoard(session.setup, session.turns.slice(0, i)) };
  if (!before.ok) throw new Error("oracle: the board does not start");
  const rec = session.turns[i]!;
  const left = rec.rolls.map((r) => ({ ...r }));
  const parts: Asked[][] = [];
  const take = (): AsyncDriver => {
    const out: Asked[] = [];
    parts.push(out);
    return replaying(left, out);
  };
  let s = before.session.state;
  const rolled = await runAsync(rollDice(s, { fisher: rec.input.fisher }), take());
  if (!rolled.ok) throw new Error(`oracle: turn ${i + 1}'s dice do not replay`);
  s = rolled.state;
  for (const step of rec.input.steps) {
    const r = await runAsync(takeStep(s, step), take());
    if (!r.ok) throw new Error(`oracle: a step of turn ${i + 1} does not replay`);
    s = r.state;
  }
  if (!s.over) {
    const e = endTurn(s);
    if (!e.ok) throw new Error(`oracle: turn ${i + 1} does not end`);
  }
  return parts;
}

export type { KayanakEvent };
