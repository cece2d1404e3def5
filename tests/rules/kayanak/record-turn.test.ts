/**
 * `recordTurn`: a turn played step by step (J2: roll, steps, end) is recorded as `playTurn`
 * records it, without playing it again, for seeded games in both variants (J8) and with the
 * landing check (J6 setting).
 */
import { describe, expect, test } from "vitest";
import { Xoshiro128 } from "../../../src/rules/dice/prng.ts";
import type { RollProgram, RollRecord } from "../../../src/rules/dice/requests.ts";
import { runSync, seededDriver } from "../../../src/rules/dice/requests.ts";
import type {
  KayanakEvent,
  KayanakResult,
  KayanakSession,
  KayanakSetup,
  KayanakState,
  PlayedTurn,
  Step,
} from "../../../src/rules/kayanak/index.ts";
import {
  endTurn,
  exportScenario,
  legalSteps,
  playScenario,
  playTurn,
  recordTurn,
  rollDice,
  startSession,
  stepKind,
  takeStep,
  turnInputOf,
} from "../../../src/rules/kayanak/index.ts";
import { ok, bearsAt } from "./helpers.ts";

/** Runs a program with the seeded driver on the state's generator, keeping the dice answered. */
function seeded(
  state: KayanakState,
  program: RollProgram<KayanakResult>,
  rolls: RollRecord[],
): { state: KayanakState; events: KayanakEvent[] } {
  const prng = new Xoshiro128(state.rng);
  const r = ok(runSync(program, seededDriver(prng), rolls));
  r.state.rng = prng.state();
  return r;
}

/** The kinds a fisher prefers, in order: the weather face first, then fishing, hacking, moving. */
const PREFERRED = ["tile", "crystal", "fish", "hack", "move"];

/** Plays the current turn step by step, as a table does: up to `most` steps, the preferred kind first. */
function playByStep(session: KayanakSession, most: number): PlayedTurn {
  const start = session.state;
  const fisher = start.fishers[start.next]!.id;
  const rolls: RollRecord[] = [];
  let r = seeded(start, rollDice(start, { fisher }), rolls);
  const events = [...r.events];
  const steps: Step[] = [];
  while (steps.length < most && !r.state.over) {
    const legal = legalSteps(r.state);
    const rank = (s: Step) => PREFERRED.indexOf(stepKind(s) as string);
    const next = [...legal].sort((a, b) => rank(a) - rank(b))[0];
    if (!next) break;
    r = seeded(r.state, takeStep(r.state, next), rolls);
    steps.push(next);
    events.push(...r.events);
  }
  if (!r.state.over) {
    r = ok(endTurn(r.state));
    events.push(...r.events);
  }
  return { fisher, events, steps, rolls, state: r.state };
}

function started(setup: KayanakSetup): KayanakSession {
  const s = startSession(setup);
  if (!s.ok) throw new Error(s.error.message);
  return s.session;
}

const SETUPS: Record<string, KayanakSetup> = {
  basic: {
    seed: 11,
    width: 6,
    height: 5,
    floeCount: 4,
    fish: { big: 6, small: 14 },
    fishers: bearsAt([0, 0], [5, 4], [0, 4]),
  },
  weather: {
    seed: 1,
    width: 6,
    height: 5,
    floeCount: 4,
    fish: { big: 6, small: 14 },
    settings: { variant: "weather" },
    fishers: bearsAt([0, 0], [5, 4]),
  },
  "landing check": {
    seed: 3,
    width: 5,
    height: 4,
    floeCount: 3,
    fish: { big: 8, small: 12 },
    settings: { landCheck: 11 },
    fishers: [
      { id: "ana", at: [0, 0], dex: 2 },
      { id: "bo", at: [4, 3], dex: -1 },
    ],
  },
};

describe("recordTurn: a turn played step by step, recorded without replaying it", () => {
  for (const [name, setup] of Object.entries(SETUPS))
    test(`J2 ${name}: each seeded turn gives the session playTurn gives, and the game replays`, () => {
      let session = started(setup);
      const seen = new Set<string>();
      for (let i = 0; i < 40 && !session.state.over; i++) {
        const played = playByStep(session, 1 + (i % 4));
        const recorded = recordTurn(session, played);
        const replayed = playTurn(session, turnInputOf(played.fisher, played.events, played.steps));
        // The turn as asked (no die forced) plays to the same session too.
        const asked = playTurn(session, { fisher: played.fisher, steps: [...played.steps] });
        expect(recorded).toEqual(replayed);
        expect(recorded).toEqual(asked);
        if (!recorded.ok) throw new Error(recorded.error.message);
        for (const e of played.events) seen.add(e.type);
        for (const r of played.rolls) seen.add(`${r.key.split(":")[0]}:`);
        session = recorded.session;
      }
      // the turns took every kind of die and step the record forces
      expect(seen).toContain("fished");
      expect(seen).toContain("land:");
      if (name === "weather") expect(seen).toContain("tile");
      if (name === "weather") expect(seen).toContain("crystal");
      if (name === "landing check") expect(seen).toContain("landCheck:");
      const again = playScenario(JSON.parse(JSON.stringify(exportScenario(session))));
      if (!again.ok) throw new Error(again.error.message);
      expect(again.session.log).toEqual(session.log);
      expect(again.session.state).toEqual(session.state);
    });

  test("J2 refused: a turn not ended, another fisher's turn, a game over", () => {
    const session = started(SETUPS.basic!);
    const played = playByStep(session, 1);
    const code = (r: ReturnType<typeof recordTurn>) => (r.ok ? "accepted" : r.error.code);
    const rolls: RollRecord[] = [];
    const open = seeded(session.state, rollDice(session.state, { fisher: "ana" }), rolls);
    expect(code(recordTurn(session, { ...played, state: open.state }))).toBe("badField");
    expect(code(recordTurn(session, { ...played, fisher: "bo" }))).toBe("notYourTurn");
    const over = { ...session, state: { ...session.state, over: true } };
    expect(code(recordTurn(over, played))).toBe("gameOver");
  });
});
