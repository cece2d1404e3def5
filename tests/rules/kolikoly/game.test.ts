import { describe, expect, test } from "vitest";
import {
  endSession,
  exportScenario,
  playRound,
  playRoundAsync,
  playScenario,
  rebuild,
  startSession,
  undo,
} from "../../../src/rules/index.ts";
import type { GameSetup, RollRequest, Session } from "../../../src/rules/index.ts";
import { act, round } from "../../fixtures/builders.ts";

const setup: GameSetup = {
  seed: 77,
  lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
  fishers: [
    { id: "ana", at: [0, 0, 0], mods: { attack: 3, stealth: 2 } },
    { id: "bo", at: [2, 2, 0], mods: { survival: 4 } },
  ],
  squares: [{ at: [1, 1, 0], swarms: [6, 4] }],
};

function play(rounds: ReturnType<typeof round>[]): Session {
  let s = startSession(setup);
  for (const r of rounds) {
    const x = playRound(s, r);
    if (!x.ok) throw new Error(x.error.message);
    s = x.session;
  }
  return s;
}

const script = [
  round({ ana: act.move([1, 1, 0]), bo: act.track([1, 1, 0]) }),
  round({ ana: act.catch(), bo: act.move([1, 2, 0]) }),
  round({ ana: act.track([1, 0, 0]), bo: act.herd([2, 2, 0]) }),
];

describe("sessions: the game as a record of rounds", () => {
  test("undo gives back the game before its last round, and replaying that round rolls the same dice", () => {
    const full = play(script);
    const back = undo(full);
    const two = play(script.slice(0, 2));
    expect(back.state).toEqual(two.state);
    expect(back.log).toEqual(two.log);
    const again = playRound(back, script[2]!);
    expect(again.ok && again.session.state).toEqual(full.state);
  });

  test("rebuild from the record gives the same log and state; a GM end can be undone", () => {
    const full = play(script);
    const rebuilt = rebuild(full.setup, full.rounds, false);
    expect(rebuilt.log).toEqual(full.log);
    expect(rebuilt.state).toEqual(full.state);
    const ended = endSession(full);
    expect(ended.ok && ended.session.state.over).toBe(true);
    if (!ended.ok) return;
    expect(endSession(ended.session).ok).toBe(false);
    const refused = playRound(ended.session, round({ ana: act.catch() }));
    expect(!refused.ok && refused.error.code).toBe("gameOver");
    expect(undo(ended.session).state).toEqual(full.state);
  });

  test("rebuild played on from a known session is the rebuild from the start, and a session that is not a prefix is not used", () => {
    const full = play(script);
    const fresh = rebuild(full.setup, full.rounds, true);
    for (const k of [0, 1, 2, 3]) {
      const from = play(script.slice(0, k));
      const on = rebuild(full.setup, full.rounds, true, from);
      expect(on.state).toEqual(fresh.state);
      expect(on.log).toEqual(fresh.log);
      expect(on.rounds).toEqual(fresh.rounds);
    }
    // another game's session (other rounds) is ignored: the record decides
    const other = play([round({ ana: act.catch(), bo: act.catch() })]);
    expect(rebuild(full.setup, full.rounds, false, other).state).toEqual(full.state);
    // a session with more rounds than the record (an undo) is ignored too
    const two = rebuild(full.setup, full.rounds.slice(0, 2), false, full);
    expect(two.state).toEqual(play(script.slice(0, 2)).state);
  });

  test("a round played with an asynchronous driver (Foundry's dice) is recorded and exports to a replay with the same log", async () => {
    let s = startSession(setup);
    const asked: RollRequest[] = [];
    const driver = {
      roll: async (q: RollRequest) => {
        asked.push(q);
        await Promise.resolve();
        return q.d20 ? { total: 11 + q.modifier, natural: 11 } : { total: 1 };
      },
    };
    for (const r of script) {
      const x = await playRoundAsync(s, r, driver);
      if (!x.ok) throw new Error(x.error.message);
      s = x.session;
    }
    expect(asked.length).toBeGreaterThan(3);
    expect(s.state.rng).toEqual(startSession(setup).state.rng); // the seed was not used
    const replay = playScenario(JSON.parse(JSON.stringify(exportScenario(s))));
    expect(replay.ok && replay.session.log).toEqual(s.log);
  });

  test("an invalid round leaves the session as it was", () => {
    const s = play(script.slice(0, 1));
    const r = playRound(s, round({ ana: act.move([2, 2, 1]) }));
    expect(r.ok).toBe(false);
    expect(s.rounds).toHaveLength(1);
  });
});
