/** J6's setting: a dexterity check to land a fish, for tables that want the rod's skill. */
import { describe, expect, test } from "vitest";
import type { RollRequest } from "../../../src/rules/dice/requests.ts";
import { runSync } from "../../../src/rules/dice/requests.ts";
import type { KayanakSetup, KayanakState, Step } from "../../../src/rules/kayanak/index.ts";
import {
  exportScenario,
  newGame,
  playScenario,
  playTurn,
  startSession,
  takeStep,
} from "../../../src/rules/kayanak/index.ts";
import { game, holeAt, ok, rolled, setupOf, steps, refused } from "./helpers.ts";

/** Ana next to the hole [1,0] she has just opened (1 big, 2 small), the check on at DC 12. */
function opened(over: Partial<KayanakSetup> = {}): KayanakState {
  const s = game({
    holes: [{ at: [1, 0], big: 1, small: 2 }],
    settings: { landCheck: 12 },
    fishers: [
      { id: "ana", at: [0, 0], dex: 3 },
      { id: "bo", at: [3, 2] },
    ],
    ...over,
  });
  return steps(rolled(s, { face: "star", dots: 3 }), [{ hack: [1, 0] }]);
}

/** One step, each die answered by `answer`; the requests asked are kept in `asked`. */
function stepWith(
  s: KayanakState,
  answer: (r: RollRequest) => number,
  st: Step = { fish: [1, 0] },
  asked: RollRequest[] = [],
) {
  return runSync(takeStep(s, st), {
    roll: (r) => {
      asked.push(r);
      return { total: answer(r) };
    },
  });
}

describe("J6 setting: the landing check", () => {
  test("J6 off by default: no check is asked and fish land as before", () => {
    expect(ok(newGame(setupOf())).state.settings.landCheck).toBeNull();
    const s = steps(
      rolled(game({ holes: [{ at: [1, 0], big: 0, small: 2 }] }), { face: "star", dots: 3 }),
      [{ hack: [1, 0] }],
    );
    const asked: RollRequest[] = [];
    const r = ok(stepWith(s, () => 1, { fish: [1, 0] }, asked));
    expect(asked).toEqual([]);
    expect(r.events[0]).toMatchObject({ type: "fished", landed: "small" });
    expect(r.events[0]).not.toHaveProperty("check");
  });

  test("J6 the check is 1d20 + the fisher's dex, asked before the landing die; at the DC the fish lands", () => {
    const asked: RollRequest[] = [];
    // the check totals 12 (the driver's total includes the +3); the land die shows the big fish
    const r = ok(stepWith(opened(), (q) => (q.kind === "landCheck" ? 12 : 1), undefined, asked));
    expect(asked.map((q) => [q.kind, q.key, q.formula, q.fisher])).toEqual([
      ["landCheck", "landCheck:1,0", "1d20+3", "ana"],
      ["land", "land:1,0", "1d3", "ana"],
    ]);
    expect(r.events[0]).toMatchObject({
      landed: "big",
      check: { total: 12, dc: 12 },
      big: 0,
      small: 2,
    });
  });

  test("J6 below the DC the fish gets away: nothing landed, the hole keeps it, the dot is spent", () => {
    const asked: RollRequest[] = [];
    const r = ok(stepWith(opened(), () => 11, undefined, asked));
    expect(asked.map((q) => q.kind)).toEqual(["landCheck"]);
    expect(r.events[0]).toMatchObject({
      landed: null,
      check: { total: 11, dc: 12 },
      big: 1,
      small: 2,
    });
    expect(holeAt(r.state, [1, 0])).toMatchObject({ big: 1, small: 2 });
    expect(r.state.fishers[0]).toMatchObject({ big: 0, small: 0 });
    expect(r.state.pending!.used).toBe(2);
  });

  test("J6 no check at an empty hole (its contents are in plain sight)", () => {
    const asked: RollRequest[] = [];
    const r = ok(stepWith(opened({ holes: [] }), () => 1, undefined, asked));
    expect(asked).toEqual([]);
    expect(r.events[0]).toMatchObject({ landed: null });
    expect(r.events[0]).not.toHaveProperty("check");
  });

  test("J6 `check` forces the total (the check is still asked); refused where the setting is off", () => {
    const asked: RollRequest[] = [];
    const r = ok(stepWith(opened(), () => 20, { fish: [1, 0], check: 5 }, asked));
    expect(asked.map((q) => q.kind)).toEqual(["landCheck"]);
    expect(r.events[0]).toMatchObject({ landed: null, check: { total: 5, dc: 12 } });
    const off = steps(
      rolled(game({ holes: [{ at: [1, 0], big: 1, small: 0 }] }), { face: "star", dots: 3 }),
      [{ hack: [1, 0] }],
    );
    expect(refused(stepWith(off, () => 1, { fish: [1, 0], check: 15 }))).toMatchObject({
      code: "noLandCheck",
      field: "check",
    });
  });

  test("J6 a bad DC or dex is refused by name", () => {
    for (const [over, field] of [
      [{ settings: { landCheck: 0 } }, "landCheck"],
      [{ settings: { landCheck: 12.5 } }, "landCheck"],
      [{ fishers: [{ id: "ana", at: [0, 0], dex: 99 }] }, "fishers[0].dex"],
    ] as [Partial<KayanakSetup>, string][]) {
      const r = newGame(setupOf(over));
      expect(r.ok ? "accepted" : r.error.field).toBe(field);
    }
  });

  test("J6 a game with the check exports every check forced and replays to the same log", () => {
    const started = startSession(
      setupOf({
        holes: [
          { at: [1, 0], big: 2, small: 3 },
          { at: [0, 1], big: 1, small: 1 },
        ],
        settings: { landCheck: 11 },
        fishers: [
          { id: "ana", at: [0, 0], dex: 2 },
          { id: "bo", at: [3, 2], dex: -1 },
        ],
      }),
    );
    if (!started.ok) throw new Error(started.error.message);
    const r = playTurn(started.session, {
      fisher: "ana",
      die: { face: "star", dots: 3 },
      steps: [{ hack: [1, 0] }, { fish: [1, 0] }, { hack: [0, 1] }],
    });
    if (!r.ok) throw new Error(r.error.message);
    const file = exportScenario(r.session);
    expect(file.landCheck).toBe(11);
    expect(file.fishers.map((f) => f.dex)).toEqual([2, -1]);
    expect(typeof (file.turns[0]!.steps[1] as { check?: number }).check).toBe("number");
    const again = playScenario(JSON.parse(JSON.stringify(file)));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.session.log).toEqual(r.session.log);
    expect(again.session.state).toEqual(r.session.state);
  });
});
