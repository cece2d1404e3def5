/** Playing a scenario file, and writing a game back out as one. */
import type { GameState, RuleError } from "../kolikoly/types.ts";
import type { Session } from "../kolikoly/session.ts";
import { endSession, playRound, startSession } from "../kolikoly/session.ts";
import type { Scenario, ScenarioAction, ScenarioRound } from "./format.ts";
import { SCENARIO_FORMAT, forcedTableOf, roundInputOf, validateScenario } from "./format.ts";
import { parseJsonStrict } from "./json.ts";
import { squareKey } from "../lake/geometry.ts";

export type PlayResult =
  { ok: true; session: Session; scenario: Scenario } | { ok: false; error: RuleError };

/**
 * Validates, then plays every round; the first invalid field stops it and nothing is returned but
 * the error. `beforeRound` is shown the state each round starts from (what a check made before
 * the round resolves is counted against: `kolikoly verify`), as the round is played.
 */
export function playScenario(
  raw: unknown,
  beforeRound?: (index: number, state: GameState) => void,
): PlayResult {
  const v = validateScenario(raw);
  if (!v.ok) return v;
  const { scenario, setup } = v.value;
  let session = startSession(setup);
  for (const [i, round] of scenario.rounds.entries()) {
    beforeRound?.(i, session.state);
    const r = playRound(session, roundInputOf(round), forcedTableOf(round));
    if (!r.ok) {
      const field = r.error.field === "" ? `rounds[${i}]` : `rounds[${i}].${r.error.field}`;
      return { ok: false, error: { ...r.error, field } };
    }
    session = r.session;
  }
  if (scenario.endedByGm) {
    const r = endSession(session);
    if (!r.ok) return { ok: false, error: { ...r.error, field: "endedByGm" } };
    session = r.session;
  }
  return { ok: true, session, scenario };
}

export function playScenarioText(text: string): PlayResult {
  const parsed = parseJsonStrict(text);
  if (!parsed.ok)
    return {
      ok: false,
      error: { code: parsed.code, field: parsed.field, message: parsed.message },
    };
  return playScenario(parsed.value);
}

export function formatError(e: RuleError): string {
  return e.field ? `${e.field}: ${e.message}` : e.message;
}

/** The game as a scenario with every roll forced: replaying it gives the same event log. */
export function exportScenario(session: Session): Scenario {
  const { setup } = session;
  const rounds: ScenarioRound[] = session.rounds.map((rec) => {
    const actions: Record<string, ScenarioAction> = {};
    for (const [id, d] of Object.entries(rec.input.actions))
      actions[id] = { ...d } as ScenarioAction;
    const round: ScenarioRound = { actions };
    if (rec.input.revive?.length) round.revive = [...rec.input.revive];
    for (const roll of rec.rolls) {
      const [kind, subject = ""] = splitKey(roll.key);
      const a = Object.hasOwn(actions, subject) ? actions[subject] : undefined;
      if (
        (kind === "check" || (kind === "attack" && a?.action === "catch")) &&
        a &&
        a.total === undefined
      ) {
        a.total = roll.total;
        if (roll.natural !== undefined) a.natural = roll.natural;
      } else if (kind === "attack" && a && a.attackTotal === undefined) {
        a.attackTotal = roll.total;
        if (roll.natural !== undefined) a.attackNatural = roll.natural;
      } else if (kind === "damage" && a && a.damage === undefined) a.damage = roll.total;
      else if (kind === "initiative" && a && a.initiative === undefined) a.initiative = roll.total;
      else if (kind === "explore" && !(round.explore && `[${subject}]` in round.explore))
        (round.explore ??= {})[`[${subject}]`] = roll.total;
      else if (kind === "swarmSize") (round.swarmSizes ??= []).push(roll.total);
      else
        ((round.rolls ??= {})[roll.key] ??= []).push(
          roll.natural !== undefined ? { total: roll.total, natural: roll.natural } : roll.total,
        );
    }
    return round;
  });
  const scenario: Scenario = {
    format: SCENARIO_FORMAT,
    seed: setup.seed,
    lake: { ...setup.lake },
    ...(setup.settings && Object.keys(setup.settings).length
      ? { settings: { ...setup.settings } as Scenario["settings"] }
      : {}),
    fishers: setup.fishers.map((f) => ({
      ...f,
      at: [...f.at] as unknown as Scenario["fishers"][number]["at"],
    })),
    ...(setup.squares?.length
      ? { squares: setup.squares.map((s) => ({ at: s.at, swarms: [...s.swarms] })) }
      : {}),
    rounds,
  };
  if (session.endedByGm) scenario.endedByGm = true;
  return scenario;
}

function splitKey(key: string): [string, string] {
  const i = key.indexOf(":");
  return i < 0 ? [key, ""] : [key.slice(0, i), key.slice(i + 1)];
}

export { squareKey };
