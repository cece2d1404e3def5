/** J7 the basic end, J8 tricky weather, J9 the variant's end and scoring. */
import { describe, expect, test } from "vitest";
import type { RollRequest } from "../../../src/rules/dice/requests.ts";
import type { KayanakSetup, KayanakState } from "../../../src/rules/kayanak/index.ts";
import {
  endTurn,
  legalSteps,
  resolveTurn,
  rollDice,
  scoreOf,
  viewFor,
} from "../../../src/rules/kayanak/index.ts";
import { game, holeAt, ok, rolled, run, star, step, steps, bearsAt, refused } from "./helpers.ts";

const pass = (s: KayanakState) => ok(endTurn(rolled(s, star(1)))).state;
const done = (s: KayanakState) => ok(endTurn(s)).state;

/** ana at [0,0] with `n` small fish already caught (set directly: the fish are taken out of the box). */
function withCatch(s: KayanakState, who: number, big: number, small: number): KayanakState {
  const copy: KayanakState = JSON.parse(JSON.stringify(s));
  copy.fishers[who]!.big = big;
  copy.fishers[who]!.small = small;
  return copy;
}

describe("J7 the end of the basic game", () => {
  test("J7 a fisher with 10 fish wins at once, mid-turn, whatever their size; the rest of the turn is refused (decision)", () => {
    const s = withCatch(
      steps(rolled(game({ holes: [{ at: [1, 1], big: 1, small: 3 }] }), star(3)), [
        { hack: [1, 1] },
      ]),
      0,
      4,
      5,
    );
    const r = ok(step(s, { fish: [1, 1] }, [1]));
    expect(r.state.over).toBe(true);
    expect(r.state.winners).toEqual(["ana"]);
    expect(r.events.at(-1)).toMatchObject({
      type: "gameEnd",
      reason: "tenFish",
      winners: ["ana"],
      turn: 1,
    });
    expect(r.state.turn).toBe(1);
    expect(r.state.pending).toBeUndefined();
    expect(refused(step(r.state, { move: [1, 0] }))).toMatchObject({ code: "gameOver" });
    expect(refused(run(rollDice(r.state, { fisher: "bo" }), [1]))).toMatchObject({
      code: "gameOver",
    });
  });

  test("J7 in a whole turn, a step after the winning fish is refused by name (gameOver)", () => {
    const start = withCatch(
      done(
        steps(rolled(game({ holes: [{ at: [1, 1], big: 0, small: 3 }] }), star(3)), [
          { hack: [1, 1] },
        ]),
      ),
      1,
      0,
      0,
    );
    const ready = withCatch(pass(start), 0, 0, 9);
    const r = run(
      resolveTurn(ready, {
        fisher: "ana",
        die: star(3),
        steps: [{ fish: [1, 1] }, { move: [1, 0] }],
      }),
      [1],
    );
    expect(refused(r)).toMatchObject({ code: "gameOver", field: "steps[1]" });
  });

  test("J7 when every hole is open and nobody has 10, the most fish wins; a tie has several winners", () => {
    // a 3 x 1 board: ana at [0,0], bo at [2,0]
    const setup: Partial<KayanakSetup> = {
      width: 3,
      height: 1,
      floes: [
        [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
      ],
      holes: [],
      fishers: bearsAt([0, 0], [2, 0]),
    };
    // bo stands on [2,0] for good, so the last holes are opened on a state set by hand
    const all: KayanakState = JSON.parse(
      JSON.stringify(rolled(withCatch(withCatch(game(setup), 0, 1, 2), 1, 0, 3), star(3))),
    );
    all.holes[0]!.open = true;
    all.holes[2]!.open = true;
    const tie = ok(step(all, { hack: [1, 0] }));
    expect(tie.state.over).toBe(true);
    expect(tie.events.at(-1)).toMatchObject({
      type: "gameEnd",
      reason: "allOpen",
      winners: ["ana", "bo"],
    });
    const lead: KayanakState = JSON.parse(JSON.stringify(all));
    lead.fishers[1]!.small = 4;
    expect(ok(step(lead, { hack: [1, 0] })).state.winners).toEqual(["bo"]);
  });

  test("J7 keep fishing: 10 fish do not end the game; it ends when every hole is open, most fish winning", () => {
    const s = withCatch(
      steps(
        rolled(
          game({ holes: [{ at: [1, 1], big: 1, small: 3 }], settings: { keepFishing: true } }),
          star(3),
        ),
        [{ hack: [1, 1] }],
      ),
      0,
      4,
      5,
    );
    const r = ok(step(s, { fish: [1, 1] }, [1]));
    expect(r.state.over).toBe(false);
    expect(r.state.fishers[0]!.big + r.state.fishers[0]!.small).toBe(10);
    const open: KayanakState = JSON.parse(JSON.stringify(r.state));
    open.holes.forEach((h, i) => (h.open = i !== 4)); // every hole but [0,1]
    const end = ok(step(open, { hack: [0, 1] }));
    expect(end.events.at(-1)).toMatchObject({ reason: "allOpen", winners: ["ana"] });
  });
});

const weather = (over: Partial<KayanakSetup> = {}) =>
  game({ settings: { variant: "weather" }, ...over });

describe("J8 tricky weather", () => {
  test("J8 the temperature die is rolled with the action die (temperatureDie:<fisher>) and the dots add up", () => {
    const asked: RollRequest[] = [];
    const r = ok(run(rollDice(weather(), { fisher: "ana" }), [2, 6], asked));
    expect(asked.map((q) => [q.kind, q.key, q.formula])).toEqual([
      ["actionDie", "actionDie:ana", "1d6"],
      ["temperatureDie", "temperatureDie:ana", "1d6"],
    ]);
    expect(r.state.pending).toMatchObject({
      die: { face: "bear", dots: 3 },
      temperature: { face: "dots", dots: 2 },
      dots: 5,
    });
    expect(r.events[0]).toMatchObject({ type: "rolled", dots: 5 });
  });

  test("J8 a tile goes on a floe with no bear; then no bear may step onto that floe", () => {
    const s = rolled(
      weather({
        fishers: bearsAt([0, 0], [0, 2]),
      }),
      { face: "bear", dots: 2 },
      { face: "tile", dots: 1 },
    );
    expect(refused(step(s, { tile: "place", floe: 0 }))).toMatchObject({
      code: "bearOnFloe",
      field: "floe",
    });
    const t = ok(step(s, { tile: "place", floe: 1 }));
    expect(t.state.tiles).toEqual([1]);
    expect(t.events[0]).toMatchObject({ type: "tile", action: "place", floe: 1 });
    const moved = steps(t.state, [{ move: [1, 0] }]);
    expect(refused(step(moved, { move: [2, 0] }))).toMatchObject({
      code: "bannedFloe",
      field: "move",
    });
  });

  test("J8 hacking and fishing into a banned floe from outside are allowed", () => {
    let s = rolled(
      weather({
        holes: [{ at: [2, 1], big: 0, small: 2 }],
        fishers: bearsAt([1, 1], [0, 2]),
      }),
      star(3),
      { face: "tile", dots: 1 },
    );
    s = steps(s, [{ tile: "place", floe: 1 }, { hack: [2, 1] }, { fish: [2, 1] }]);
    expect(s.fishers[0]).toMatchObject({ small: 1 });
  });

  test("J8 tiles: one per floe, taken away only where there is one, never more than the box holds", () => {
    const s = rolled(weather({ settings: { variant: "weather", tiles: 1 } }), star(1), {
      face: "tile",
      dots: 1,
    });
    expect(refused(step(s, { tile: "remove", floe: 1 }))).toMatchObject({ code: "noTile" });
    expect(refused(step(s, { tile: "place", floe: 5 }))).toMatchObject({ code: "badFloe" });
    const one: KayanakState = JSON.parse(JSON.stringify(s));
    one.tiles = [1];
    expect(refused(step(one, { tile: "place", floe: 1 }))).toMatchObject({ code: "hasTile" });
    one.fishers[0]!.at = [0, 0];
    expect(ok(step(one, { tile: "remove", floe: 1 })).state.tiles).toEqual([]);
    // the only tile is on the board: none left to place
    const full: KayanakState = JSON.parse(JSON.stringify(one));
    full.fishers = [
      { ...full.fishers[0]!, at: [2, 0] },
      { ...full.fishers[1]!, at: [3, 0] },
    ];
    full.tiles = [1];
    expect(refused(step(full, { tile: "place", floe: 0 }))).toMatchObject({
      code: "noneLeft",
      field: "tile",
    });
  });

  test("J8 an ice crystal freezes an open hole: no fishing or hacking there, but bears stand on it and cross it; then thawed", () => {
    let s = rolled(weather({ holes: [{ at: [1, 1], big: 0, small: 2 }] }), star(3), {
      face: "crystal",
      dots: 1,
    });
    s = steps(s, [{ hack: [1, 1] }, { crystal: "place", at: [1, 1] }]);
    expect(holeAt(s, [1, 1])).toMatchObject({ open: true, frozen: true });
    s = done(s);
    s = done(rolled(s, star(1), { face: "dots", dots: 1 }));
    s = rolled(s, star(3), { face: "crystal", dots: 1 });
    expect(refused(step(s, { fish: [1, 1] }))).toMatchObject({ code: "frozen", field: "fish" });
    expect(refused(step(s, { hack: [1, 1] }))).toMatchObject({ code: "alreadyOpen" });
    const stood = steps(s, [{ move: [1, 1] }, { move: [2, 2] }]);
    expect(stood.fishers[0]!.at).toEqual([2, 2]);
    // thaw first, then fish
    const thawed = steps(s, [{ crystal: "remove", at: [1, 1] }, { fish: [1, 1] }]);
    expect(thawed.fishers[0]).toMatchObject({ small: 1 });
    expect(holeAt(thawed, [1, 1]).frozen).toBe(false);
  });

  test("J8 a crystal only freezes an open hole, thaws only a frozen one, and no more than the box's crystals", () => {
    const s = rolled(weather({ settings: { variant: "weather", crystals: 0 } }), star(3), {
      face: "crystal",
      dots: 1,
    });
    expect(refused(step(s, { crystal: "place", at: [2, 2] }))).toMatchObject({
      code: "covered",
      field: "at",
    });
    expect(refused(step(s, { crystal: "remove", at: [2, 2] }))).toMatchObject({
      code: "notFrozen",
      field: "at",
    });
    const o = steps(s, [{ hack: [1, 1] }]);
    expect(refused(step(o, { crystal: "place", at: [1, 1] }))).toMatchObject({
      code: "noneLeft",
      field: "crystal",
    });
  });

  test("J8 a crystal may freeze any open hole of the board, a bear on it or not (decision)", () => {
    let s = rolled(weather(), star(3), { face: "crystal", dots: 1 });
    s = steps(s, [{ hack: [1, 1] }, { move: [1, 1] }]);
    s = steps(s, [{ crystal: "place", at: [1, 1] }]);
    expect(holeAt(s, [1, 1]).frozen).toBe(true);
  });

  test("J8 tiles and crystals do not interfere: a hole on a banned floe can freeze", () => {
    let s = rolled(
      weather({
        fishers: bearsAt([1, 1], [0, 2]),
      }),
      star(3),
      { face: "tile", dots: 1 },
    );
    s = done(steps(s, [{ hack: [2, 1] }, { tile: "place", floe: 1 }]));
    s = rolled(s, star(1), { face: "crystal", dots: 1 });
    expect(ok(step(s, { crystal: "place", at: [2, 1] })).state.holes[6]).toMatchObject({
      open: true,
      frozen: true,
    });
  });

  test("J8 the temperature face is used once, before every action step or after them all, and only as it shows", () => {
    const s = rolled(weather(), star(3), { face: "crystal", dots: 1 });
    expect(refused(step(s, { tile: "place", floe: 1 }))).toMatchObject({
      code: "wrongFace",
      field: "tile",
    });
    const a = steps(s, [{ hack: [1, 1] }, { crystal: "place", at: [1, 1] }]);
    expect(refused(step(a, { hack: [1, 0] }))).toMatchObject({
      code: "weatherOrder",
      field: "hack",
    });
    expect(refused(step(a, { crystal: "remove", at: [1, 1] }))).toMatchObject({
      code: "weatherTwice",
    });
    const open: KayanakState = JSON.parse(JSON.stringify(s));
    open.holes[5]!.open = true;
    const before = steps(open, [
      { crystal: "place", at: [1, 1] },
      { hack: [1, 0] },
      { hack: [0, 1] },
      { move: [1, 0] },
    ]);
    expect(before.pending).toMatchObject({ used: 3, weather: "before" });
    // 3 + 1 dots: one action step is still allowed after a weather step taken first
    expect(step(before, { move: [2, 0] }).ok).toBe(true);
    expect(legalSteps(before).every((x) => !("crystal" in x))).toBe(true);
  });

  test("J8 the weather steps and the temperature die are refused in the basic game (notWeather)", () => {
    const s = rolled(game(), star(3));
    expect(refused(step(s, { tile: "place", floe: 1 }))).toMatchObject({
      code: "notWeather",
      field: "tile",
    });
    expect(
      refused(
        run(rollDice(game(), { fisher: "ana", temperature: { face: "dots", dots: 1 } }), [1]),
      ),
    ).toMatchObject({
      code: "notWeather",
      field: "temperature",
    });
  });
});

describe("J9 the end of the variant", () => {
  test("J9 big fish score 2 and small 1 in the variant; any fish 1 in the basic game", () => {
    expect(scoreOf({ big: 3, small: 4 }, "weather")).toBe(10);
    expect(scoreOf({ big: 3, small: 4 }, "basic")).toBe(7);
    const v = viewFor(withCatch(weather(), 0, 3, 4), "player");
    expect(v.fishers[0]!.score).toBe(10);
  });

  test("J9 the variant ends as soon as every floe has an open hole; most points wins, ties share", () => {
    let s = withCatch(
      withCatch(
        weather({
          fishers: bearsAt([1, 1], [3, 2]),
        }),
        0,
        0,
        2,
      ),
      1,
      1,
      0,
    );
    s = rolled(s, star(3), { face: "dots", dots: 1 });
    const first = ok(step(s, { hack: [0, 0] }));
    expect(first.state.over).toBe(false);
    const r = ok(step(first.state, { hack: [2, 1] }));
    expect(r.state.over).toBe(true);
    expect(r.events.at(-1)).toMatchObject({
      type: "gameEnd",
      reason: "everyFloeOpen",
      winners: ["ana", "bo"],
    });
    expect(r.events.at(-1)).toMatchObject({
      scores: [
        { fisher: "ana", score: 2 },
        { fisher: "bo", score: 2 },
      ],
    });
  });

  test("J9 the variant ends at once when a fisher has 15 fish; the most points wins, who may be someone else", () => {
    let s = withCatch(
      withCatch(weather({ holes: [{ at: [1, 1], big: 0, small: 2 }] }), 0, 0, 14),
      1,
      8,
      0,
    );
    s = rolled(s, star(3), { face: "dots", dots: 1 });
    const r = ok(step(steps(s, [{ hack: [1, 1] }]), { fish: [1, 1] }));
    expect(r.events.at(-1)).toMatchObject({ reason: "fifteenFish", winners: ["bo"] });
  });

  test("J9 a frozen hole counts as open for the floe end (it was hacked open) (decision)", () => {
    const s: KayanakState = JSON.parse(
      JSON.stringify(rolled(weather(), star(3), { face: "dots", dots: 1 })),
    );
    s.holes[0]!.open = true;
    s.holes[0]!.frozen = true;
    const r = ok(step(s, { move: [1, 0] }));
    expect(r.state.over).toBe(false);
    const end = ok(step(r.state, { hack: [2, 1] }));
    expect(end.state.endReason).toBe("everyFloeOpen");
  });

  test("J9 the basic 10-fish win does not apply in the variant", () => {
    let s = withCatch(weather({ holes: [{ at: [1, 1], big: 0, small: 2 }] }), 0, 0, 9);
    s = rolled(s, star(3), { face: "dots", dots: 1 });
    const r = ok(step(steps(s, [{ hack: [1, 1] }]), { fish: [1, 1] }));
    expect(r.state.over).toBe(false);
  });
});
