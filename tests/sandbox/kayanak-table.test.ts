/**
 * The Kayanak table's pure transitions (src/sandbox/kayanak/table.ts): the URL, placing the
 * bears (J11), a turn played step by step and recorded exactly as the engine plays it, undo,
 * whose turn it is, forced faces, load and save, the weather variant's tiles and crystals.
 */
import { describe, expect, it } from "vitest";
import type { Hole, Step } from "../../src/rules/kayanak/index.ts";
import {
  exportScenario,
  legalSteps,
  playScenarioText,
  playTurn,
  rebuild,
  startSession,
  turnInputOf,
} from "../../src/rules/kayanak/index.ts";
import { kayanakEventText } from "../../src/sandbox/kayanak/log.ts";
import { errorText } from "../../src/sandbox/render.ts";
import * as K from "../../src/sandbox/kayanak/table.ts";
import { gameFromQuery } from "../../src/sandbox/table.ts";
import { L } from "./fixtures.ts";
import { SMALL_K, botStep, placed, playTurns } from "./kayanak-fixtures.ts";

const CORNERS: Hole[] = [
  [0, 0],
  [4, 3],
  [2, 0],
];

describe("Kayanak table: the game switch and the URL", () => {
  it("?game= takes kolikoly or kayanak; anything else is refused by name", () => {
    expect(gameFromQuery("?game=kayanak")).toEqual({ game: "kayanak", refused: [] });
    expect(gameFromQuery("")).toEqual({ game: "kolikoly", refused: [] });
    const bad = gameFromQuery("?game=chess");
    expect(bad.game).toBe("kolikoly");
    expect(bad.refused).toEqual([
      { param: "game", value: "chess", choices: ["kolikoly", "kayanak"] },
    ]);
  });

  it("each Kayanak parameter is checked on its own; a bad one is named and its default used", () => {
    const { options, refused } = K.kayanakOptionsFromQuery(
      "?game=kayanak&width=10&height=99&variant=snow&fishers=4&keepFishing=1&colour=red",
    );
    expect(options).toMatchObject({ width: 10, height: 6, fishers: 4, variant: "basic" });
    expect(options.keepFishing).toBe(true);
    expect(refused.map((r) => r.param)).toEqual(["height", "variant", "colour"]);
    expect(refused[1]!.choices).toEqual(["basic", "weather"]);
  });

  it("more floes or bears than holes fall back to the default", () => {
    const { options, refused } = K.kayanakOptionsFromQuery("?width=2&height=2&floes=9");
    expect(options.floes).toBe(4);
    expect(refused).toEqual([{ param: "floes", value: "9", range: [1, 4] }]);
  });

  it("J11 one hole stays free: a bear on every hole is refused (form and URL)", () => {
    const { options, refused } = K.kayanakOptionsFromQuery("?width=2&height=2&floes=2&fishers=4");
    expect(options.fishers).toBe(3);
    expect(refused).toEqual([{ param: "fishers", value: "4", range: [1, 3] }]);
    const t = K.newKayanakTable(SMALL_K);
    const small = { ...SMALL_K, width: 2, height: 2, floes: 2 };
    const bad = K.newKayanakTable({ ...small, fishers: 4 }, t);
    expect(bad.session).toBe(t.session);
    expect(errorText(bad.error!, L)).toBe("fishers must be a whole number from 1 to 3.");
    expect(K.checkOptions({ ...small, fishers: 3 })).toBeUndefined();
  });

  it("the new-game form's values are checked, the first bad one named, nothing changed", () => {
    const t = K.newKayanakTable(SMALL_K);
    const bad = K.newKayanakTable({ ...SMALL_K, fishers: 0 }, t);
    expect(bad.session).toBe(t.session);
    expect(errorText(bad.error!, L)).toBe("fishers must be a whole number from 1 to 12.");
  });
});

describe("Kayanak table: J11 placing the bears", () => {
  it("a new game waits for the bears, placed in turn order by clicking free holes", () => {
    let t = K.newKayanakTable(SMALL_K);
    expect(K.phaseOf(t)).toBe("placing");
    expect(K.whoseTurn(t)).toBe("ana");
    t = K.chooseHole(t, [1, 1]);
    expect(K.whoseTurn(t)).toBe("bo");
    const taken = K.chooseHole(t, [1, 1]);
    expect(errorText(taken.error!, L)).toBe("[1,1] already has Ana's bear (J11).");
    expect(taken.placing).toEqual(t.placing);
    t = K.chooseHole(t, [3, 2]);
    expect(K.phaseOf(t)).toBe("roll");
    expect(t.session.state.fishers.map((f) => f.at)).toEqual([
      [1, 1],
      [3, 2],
    ]);
    expect(t.session.turns).toEqual([]);
  });

  it("the board and the fish do not depend on where the bears stand", () => {
    const a = placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]);
    const b = placed(SMALL_K, [
      [2, 2],
      [1, 3],
    ]);
    expect(a.session.state.holes).toEqual(b.session.state.holes);
    expect(a.session.state.board).toEqual(b.session.state.board);
  });

  it("Undo takes the last bear off again, before and after the last one is placed", () => {
    let t = placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]);
    t = K.undoStep(t);
    expect(K.phaseOf(t)).toBe("placing");
    expect(t.placing!.placed).toEqual([CORNERS[0]]);
    t = K.undoStep(t);
    expect(t.placing!.placed).toEqual([]);
    expect(K.undoStep(t).error?.key).toBe("KOLIKOLY.Sandbox.Kayanak.Error.NothingToUndo");
  });
});

describe("Kayanak table: a turn step by step", () => {
  it("the roll, then only legal holes; each step as the engine takes it; End turn records it", () => {
    let t = placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]);
    expect(K.legalHoles(t)).toEqual([]);
    t = K.roll(t);
    expect(K.phaseOf(t)).toBe("steps");
    const s0 = K.currentState(t);
    expect(s0.pending?.fisher).toBe("ana");
    const kind = K.currentKind(t)!;
    const legal = legalSteps(s0).filter((s) => K.kindOf(s) === kind);
    expect(K.legalHoles(t).map(String).sort()).toEqual(
      legal.map((s) => String(K.stepHole(s))).sort(),
    );
    const steps: Step[] = [];
    while (t.turn && K.legalNow(t).length && steps.length < 5) {
      const st = botStep(t)!;
      if (!st) break;
      steps.push(st);
      t = K.step(t, st);
      expect(t.error).toBeUndefined();
    }
    const beforeEnd = K.currentState(t);
    if (t.turn) t = K.endTurn(t);
    expect(t.turn).toBeUndefined();
    expect(t.session.turns).toHaveLength(1);
    // The record replays to the same state and log as the table played it.
    const again = rebuild(t.session.setup, t.session.turns);
    expect(again.state).toEqual(t.session.state);
    expect(again.log).toEqual(t.session.log);
    expect(t.session.state.fishers).toEqual(beforeEnd.fishers);
    expect(t.session.state.holes).toEqual(beforeEnd.holes);
    // ...and to what the engine plays for the same input from the same state.
    const start = startSession(t.session.setup);
    if (!start.ok) throw new Error("start");
    const engine = playTurn(start.session, t.session.turns[0]!.input);
    if (!engine.ok) throw new Error(engine.error.message);
    expect(engine.session.state).toEqual(t.session.state);
  });

  it("each turn is recorded (recordTurn) as playTurn replays it: both variants, forced faces, a reopened turn", () => {
    for (const options of [SMALL_K, { ...SMALL_K, variant: "weather" as const, seed: 9 }]) {
      let t = placed(options, [CORNERS[0]!, CORNERS[1]!]);
      for (let i = 0; i < 24 && K.phaseOf(t) !== "over"; i++) {
        const before = t.session;
        if (i % 3 === 1) t = K.setForce(t, "die", 1 + (i % 6));
        if (i % 4 === 2) t = K.setForce(t, "temperature", 1 + (i % 6));
        t = playTurns(t, 1);
        // every third turn: opened again (Undo step after End turn), then ended anew
        if (i % 3 === 2 && K.phaseOf(t) !== "over") t = K.endTurn(K.undoStep(t));
        expect(t.error).toBeUndefined();
        const last = t.session.turns[t.session.turns.length - 1]!;
        const replayed = playTurn(
          before,
          turnInputOf(last.input.fisher, t.session.log.slice(before.log.length), last.input.steps),
        );
        if (!replayed.ok) throw new Error(replayed.error.message);
        expect(t.session).toEqual(replayed.session);
      }
    }
  });

  it("a click on a hole that is not legal is refused with the engine's reason; nothing changes", () => {
    let t = placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]);
    t = K.setForce(t, "die", 1); // bear 2: moves only
    t = K.roll(t);
    expect(K.currentState(t).pending!.die).toEqual({ face: "bear", dots: 2 });
    expect(K.currentKind(t)).toBe("move");
    const far = K.chooseHole(t, [4, 0]);
    expect(far.error?.key).toBe("KOLIKOLY.Sandbox.Error.Rule");
    expect(errorText(far.error!, L)).toBe("move: [4,0] is not next to the bear at [0,0] (J4)");
    expect(far.turn).toBe(t.turn);
    t = K.chooseHole(t, [1, 1]);
    expect(K.currentState(t).fishers[0]!.at).toEqual([1, 1]);
    t = K.chooseHole(t, [2, 1]);
    // Both dots used: no legal step is left; End turn passes to Bo.
    expect(K.legalNow(t)).toEqual([]);
    t = K.endTurn(t);
    expect(K.whoseTurn(t)).toBe("bo");
  });

  it("a fisher's view acts only on their own turn; the GM acts for anyone", () => {
    let t = placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]);
    t = K.setFollow(K.setViewer(t, { fisher: "bo" }), false);
    const refused = K.roll(t);
    expect(errorText(refused.error!, L)).toBe(
      "It is Ana's turn: switch to their view (or the GM's) to play it.",
    );
    expect(refused.turn).toBeUndefined();
    t = K.roll(K.setViewer(t, "gm"));
    expect(t.turn).toBeDefined();
  });

  it("hot seat: a fisher's view follows the turn, through a covered screen", () => {
    let t = K.setViewer(K.newKayanakTable(SMALL_K), { fisher: "ana" });
    t = K.chooseHole(t, CORNERS[0]!);
    // The screen is covered (the public view under it) until Bo's player takes it.
    expect(t.viewer).toBe("player");
    expect(t.passTo).toEqual({ fisher: "bo" });
    expect(K.mayAct(t)).toBe(false);
    t = K.takeScreen(t);
    expect(t.viewer).toEqual({ fisher: "bo" });
    expect(t.passTo).toBeUndefined();
    t = K.takeScreen(K.chooseHole(t, CORNERS[1]!));
    expect(t.viewer).toEqual({ fisher: "ana" });
    t = K.endTurn(K.roll(t));
    expect(t.passTo).toEqual({ fisher: "bo" });
    expect(K.takeScreen(t).viewer).toEqual({ fisher: "bo" });
  });

  it("a player's view undoes only within their own turn in progress; the GM's undoes anything", () => {
    let t = placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]);
    t = K.endTurn(K.roll(t)); // Ana's turn played
    t = K.setFollow(K.setViewer(t, { fisher: "ana" }), false);
    // Bo's turn: Ana's player may not take back her own turn, nor touch Bo's.
    expect(K.mayUndo(t)).toBe(false);
    const refused = K.undoStep(t);
    expect(refused.error?.key).toBe("KOLIKOLY.Sandbox.Kayanak.Error.UndoNotYours");
    expect(refused.session).toBe(t.session);
    expect(K.undoTurn(t).error?.key).toBe("KOLIKOLY.Sandbox.Kayanak.Error.UndoNotYours");
    // Bo's player, in his turn in progress, may take back his roll.
    let bo = K.roll(K.setViewer(t, { fisher: "bo" }));
    expect(K.mayUndo(bo)).toBe(true);
    bo = K.undoStep(bo);
    expect(bo.turn).toBeUndefined();
    // ... but not Ana's turn before it.
    expect(K.undoStep(bo).error?.key).toBe("KOLIKOLY.Sandbox.Kayanak.Error.UndoNotYours");
    expect(K.undoTurn(K.setViewer(bo, "gm")).session.turns).toHaveLength(0);
  });

  it("a forced face (a physical die) replaces the roll; the record keeps it", () => {
    let t = placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]);
    t = K.setForce(t, "die", 6); // star 2
    expect(t.force.die).toBe(6);
    t = K.roll(t);
    expect(t.force).toEqual({});
    expect(K.currentState(t).pending!.die).toEqual({ face: "star", dots: 2 });
    expect(K.legalKinds(t)).toContain("move");
    t = K.endTurn(t);
    expect(t.session.turns[0]!.input.die).toEqual({ face: "star", dots: 2 });
  });
});

describe("Kayanak table: undo", () => {
  it("Undo step takes back the last step, then the roll; after End turn it reopens the turn", () => {
    let t = placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]);
    t = K.roll(K.setForce(t, "die", 2)); // bear 3
    t = K.chooseHole(t, [1, 0]);
    t = K.chooseHole(t, [1, 1]);
    const two = t;
    t = K.endTurn(t);
    expect(t.session.turns).toHaveLength(1);
    t = K.undoStep(t);
    expect(t.session.turns).toHaveLength(0);
    expect(t.turn!.steps).toEqual(two.turn!.steps);
    expect(K.currentState(t)).toEqual(K.currentState(two));
    t = K.undoStep(t);
    expect(t.turn!.steps).toEqual([{ move: [1, 0] }]);
    expect(K.currentState(t).fishers[0]!.at).toEqual([1, 0]);
    t = K.undoStep(K.undoStep(t));
    expect(t.turn).toBeUndefined();
    // Rolling again with the seeded dice gives the same faces: undo is no re-roll.
    const rolled = K.roll(t);
    expect(K.currentState(rolled).pending!.die).toEqual(
      K.currentState(K.roll(placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]))).pending!.die,
    );
  });

  it("Undo turn takes back the turn in progress, else the last one played (engine undoTurn)", () => {
    let t = playTurns(placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]), 3);
    expect(t.session.turns).toHaveLength(3);
    const after3 = t.session;
    t = K.roll(t);
    t = K.undoTurn(t);
    expect(t.turn).toBeUndefined();
    expect(t.session).toBe(after3);
    t = K.undoTurn(t);
    expect(t.session.turns).toHaveLength(2);
    expect(t.session.log).toEqual(rebuild(after3.setup, after3.turns.slice(0, 2)).log);
  });
});

describe("Kayanak table: files", () => {
  it("Save writes a kayanak-scenario/1 file that replays to the same log", () => {
    const t = playTurns(placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]), 4);
    const text = K.scenarioText(t);
    expect(K.scenarioGame(text)).toBe("kayanak");
    const r = playScenarioText(text);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.session.log).toEqual(t.session.log);
  });

  it("Load plays a file; a bad one is refused with the field named and nothing changed", () => {
    const t = playTurns(placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]), 2);
    const file = exportScenario(t.session);
    const fresh = K.newKayanakTable(K.KAYANAK_DEFAULTS);
    const loaded = K.loadScenario(fresh, JSON.stringify(file), "good.json");
    expect(loaded.error).toBeUndefined();
    expect(loaded.session.log).toEqual(t.session.log);
    expect(loaded.options).toMatchObject({ width: 5, height: 4, fishers: 2, seed: 7 });
    expect(K.phaseOf(loaded)).toBe("roll");
    const bad = {
      ...file,
      turns: [...file.turns, { fisher: "bo", steps: [{ move: [9, 9] }] }],
    };
    const refused = K.loadScenario(loaded, JSON.stringify(bad), "bad.json");
    expect(refused.session).toBe(loaded.session);
    expect(errorText(refused.error!, L)).toMatch(
      /^Could not load bad\.json: turns\[2\]\.(fisher|steps\[0\]\.move): .*Nothing was changed\.$/,
    );
  });

  it("a fishing file is told apart by its format tag", () => {
    expect(K.scenarioGame('{"format":"kolikoly-scenario/1"}')).toBe("kolikoly");
    expect(K.scenarioGame("not json")).toBeUndefined();
  });
});

describe("Kayanak table: J8 tricky weather", () => {
  it("tiles and crystals are taken by clicking a hole of the floe or the open hole", () => {
    const o = { ...SMALL_K, variant: "weather" as const };
    let t = placed(o, [CORNERS[0]!, CORNERS[1]!]);
    // Ana: pickax 3 and a crystal face; hack open a hole, then freeze it.
    t = K.setForce(K.setForce(t, "die", 4), "temperature", 3);
    t = K.roll(t);
    expect(K.currentState(t).pending!.dots).toBe(4);
    t = K.chooseHole(t, [1, 0]);
    expect(K.currentState(t).holes[1]!.open).toBe(true);
    t = K.setKind(t, "crystal");
    expect(K.legalHoles(t)).toEqual([[1, 0]]);
    t = K.chooseHole(t, [1, 0]);
    expect(K.currentState(t).holes[1]!.frozen).toBe(true);
    t = K.endTurn(t);
    // Bo: a tile on a floe with no bear on it.
    t = K.setForce(K.setForce(t, "die", 1), "temperature", 1);
    t = K.roll(t);
    t = K.setKind(t, "tile");
    const s = K.currentState(t);
    const bearFloes = s.fishers.map((f) => s.board.floeOf[f.at[0] + s.board.width * f.at[1]]);
    const free = s.board.floes.findIndex((_, i) => !bearFloes.includes(i));
    const hole = s.board.floes[free]![0]!;
    expect(K.legalHoles(t)).toEqual(expect.arrayContaining([hole]));
    t = K.chooseHole(t, hole);
    expect(K.currentState(t).tiles).toEqual([free]);
    t = K.endTurn(t);
    expect(t.session.turns[1]!.input.steps).toEqual([{ tile: "place", floe: free }]);
  });
});

describe("Kayanak table: to the end", () => {
  it("a whole game played through the table ends with the engine's winners", () => {
    const t = playTurns(placed(SMALL_K, [CORNERS[0]!, CORNERS[1]!]), 400);
    expect(K.phaseOf(t)).toBe("over");
    expect(t.session.state.winners.length).toBeGreaterThan(0);
    expect(K.roll(t).error?.key).toBe("KOLIKOLY.Sandbox.Kayanak.Error.Over");
    const r = playScenarioText(K.scenarioText(t));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.session.state.winners).toEqual(t.session.state.winners);
  });
});

describe("Kayanak table: J6 the landing check in the log", () => {
  it("J6 a failed landing check is told as the fish getting away, with the total and the DC", () => {
    const file = {
      format: "kayanak-scenario/1",
      seed: 3,
      board: {
        width: 3,
        height: 1,
        floes: [
          [
            [0, 0],
            [1, 0],
            [2, 0],
          ],
        ],
      },
      holes: [{ at: [1, 0], big: 1, small: 0 }],
      landCheck: 12,
      fishers: [{ id: "ana", name: "Ana", at: [0, 0], dex: 1 }],
      turns: [
        {
          fisher: "ana",
          die: { face: "star", dots: 3 },
          steps: [{ hack: [1, 0] }, { fish: [1, 0], check: 9 }],
        },
      ],
    };
    const r = playScenarioText(JSON.stringify(file));
    if (!r.ok) throw new Error(r.error.message);
    const fished = r.session.log.find((e) => e.type === "fished")!;
    expect(kayanakEventText(fished, (id) => (id === "ana" ? "Ana" : id), L)).toBe(
      L("KOLIKOLY.Sandbox.Kayanak.Log.GetsAway", { name: "Ana", hole: "[1,0]", total: 9, dc: 12 }),
    );
  });
});
