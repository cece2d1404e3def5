/** J2 turns, J4 move, J5 hack, J6 fish, J10 what players see, J11 a fisher who can do nothing. */
import { describe, expect, test } from "vitest";
import type { RollRequest } from "../../../src/rules/dice/requests.ts";
import type { KayanakState } from "../../../src/rules/kayanak/index.ts";
import {
  endTurn,
  eventsFor,
  legalSteps,
  newGame,
  resolveTurn,
  rollDice,
  takeStep,
  viewFor,
} from "../../../src/rules/kayanak/index.ts";
import {
  game,
  holeAt,
  ok,
  rolled,
  run,
  setupOf,
  star,
  step,
  steps,
  bearsAt,
  refused,
} from "./helpers.ts";

describe("J2 turns", () => {
  test("J2 turns follow the order the fishers are listed; another fisher's roll is refused", () => {
    const s = game();
    expect(refused(run(rollDice(s, { fisher: "bo" }), [1]))).toMatchObject({
      code: "notYourTurn",
      field: "fisher",
    });
    expect(refused(run(rollDice(s, { fisher: "zed" }), [1]))).toMatchObject({
      code: "unknownFisher",
      field: "fisher",
    });
    const after = ok(endTurn(rolled(s, star()))).state;
    expect(after.fishers[after.next]!.id).toBe("bo");
    const back = ok(endTurn(rolled(after, star()))).state;
    expect(back.fishers[back.next]!.id).toBe("ana");
    expect(back.turn).toBe(2);
  });

  test("J2 dots not used are lost at the end of the turn (dotsLost), and the turn counts", () => {
    const s = steps(rolled(game(), star(3)), [{ hack: [1, 0] }]);
    const r = ok(endTurn(s));
    expect(r.events).toEqual([
      { turn: 1, audience: "all", type: "dotsLost", fisher: "ana", dots: 2 },
      { turn: 1, audience: "all", type: "turnEnd", fisher: "ana", next: "bo" },
    ]);
    expect(r.state.turn).toBe(1);
    expect(r.state.pending).toBeUndefined();
  });

  test("J2 a fisher may stop before using every dot, even when more steps were possible (decision)", () => {
    const r = ok(run(resolveTurn(game(), { fisher: "ana", die: star(3), steps: [] }), [1]));
    expect(r.events.map((e) => e.type)).toEqual(["rolled", "dotsLost", "turnEnd"]);
  });

  test("J2 a step beyond the dots is refused (tooManySteps)", () => {
    const s = steps(rolled(game(), { face: "bear", dots: 2 }), [
      { move: [1, 0] },
      { move: [2, 0] },
    ]);
    expect(refused(step(s, { move: [2, 1] }))).toMatchObject({
      code: "tooManySteps",
      field: "move",
    });
  });

  test("J2 steps need the dice first, and the dice roll once a turn", () => {
    expect(refused(step(game(), { move: [1, 0] }))).toMatchObject({ code: "notRolled" });
    expect(refused(run(rollDice(rolled(game(), star()), { fisher: "ana" }), [1]))).toMatchObject({
      code: "diceRolled",
    });
  });

  test("J2 a whole turn's error names the step and field (steps[1].hack)", () => {
    const r = run(
      resolveTurn(game(), {
        fisher: "ana",
        die: star(3),
        steps: [{ hack: [1, 0] }, { hack: [1, 0] }],
      }),
      [1],
    );
    expect(refused(r)).toMatchObject({ code: "alreadyOpen", field: "steps[1].hack" });
  });
});

describe("J3 what each face allows", () => {
  const faces = [
    ["bear", { move: [1, 0] }, { hack: [1, 0] }],
    ["pickax", { hack: [1, 0] }, { move: [1, 0] }],
  ] as const;
  for (const [face, allowed, forbidden] of faces)
    test(`J3 the ${face} face allows only its own step`, () => {
      const s = rolled(game(), { face, dots: 2 });
      expect(step(s, allowed).ok).toBe(true);
      expect(refused(step(s, forbidden))).toMatchObject({ code: "wrongFace" });
    });

  test("J3 the fish face only fishes; the star mixes all three", () => {
    const s0 = steps(rolled(game({ holes: [{ at: [1, 1], big: 0, small: 2 }] }), star(3)), [
      { hack: [1, 1] },
    ]);
    const fish = rolled(ok(endTurn(rolled(ok(endTurn(s0)).state, star(1)))).state, {
      face: "fish",
      dots: 2,
    });
    expect(step(fish, { fish: [1, 1] }).ok).toBe(true);
    expect(refused(step(fish, { hack: [1, 0] }))).toMatchObject({ code: "wrongFace" });
    expect(refused(step(fish, { move: [1, 0] }))).toMatchObject({ code: "wrongFace" });
    const mixed = steps(rolled(game({ holes: [{ at: [2, 1], big: 1, small: 0 }] }), star(3)), [
      { move: [1, 0] },
      { hack: [2, 1] },
      { fish: [2, 1] },
    ]);
    expect(mixed.fishers[0]).toMatchObject({ at: [1, 0], big: 1, small: 0 });
  });
});

describe("J4 move", () => {
  test("J4 each dot moves the bear one hole in any of 8 directions, over covered or open holes, turning as it likes", () => {
    const s0 = steps(rolled(game(), star(3)), [{ hack: [1, 1] }]);
    const s = steps(s0, [{ move: [1, 1] }, { move: [2, 0] }]);
    expect(s.fishers[0]!.at).toEqual([2, 0]);
    expect(holeAt(s, [1, 1]).open).toBe(true);
  });

  test("J4 a bear may not step onto an occupied hole", () => {
    const s = rolled(
      game({
        fishers: bearsAt([0, 0], [1, 0]),
      }),
      { face: "bear", dots: 3 },
    );
    expect(refused(step(s, { move: [1, 0] }))).toMatchObject({ code: "occupied", field: "move" });
  });

  test("J4 a bear moves only to a neighbouring hole, never off the board", () => {
    const s = rolled(game(), { face: "bear", dots: 3 });
    expect(refused(step(s, { move: [2, 0] }))).toMatchObject({
      code: "notAdjacent",
      field: "move",
    });
    expect(refused(step(s, { move: [-1, 0] }))).toMatchObject({ code: "offBoard", field: "move" });
    expect(refused(step(s, { move: [0.5, 0] } as never))).toMatchObject({ code: "badCoord" });
  });

  test("J4 a diagonal step between two bears is allowed: a step passes over no hole (decision)", () => {
    const s = rolled(
      game({
        fishers: bearsAt([0, 0], [1, 0], [0, 1]),
      }),
      { face: "bear", dots: 2 },
    );
    const r = ok(step(s, { move: [1, 1] }));
    expect(r.state.fishers[0]!.at).toEqual([1, 1]);
  });

  test("J4 'over' an occupied hole never happens: with every neighbour taken the bear cannot move at all", () => {
    const s = rolled(
      game({
        fishers: bearsAt([0, 0], [1, 0], [0, 1], [1, 1]),
      }),
      { face: "bear", dots: 3 },
    );
    expect(legalSteps(s)).toEqual([]);
  });

  test("J4 the bear may end its move on an open hole, and may come back to where it started", () => {
    const s0 = steps(rolled(game(), star(3)), [
      { hack: [1, 0] },
      { move: [1, 0] },
      { move: [0, 0] },
    ]);
    expect(s0.fishers[0]!.at).toEqual([0, 0]);
    expect(steps(s0, []).fishers[0]!.at).toEqual([0, 0]);
  });
});

describe("J5 hack", () => {
  test("J5 a dot breaks the ice of a covered hole next to the bear; everyone sees what it holds (J10)", () => {
    const s = rolled(game({ holes: [{ at: [1, 1], big: 1, small: 3 }] }), {
      face: "pickax",
      dots: 2,
    });
    const r = ok(step(s, { hack: [1, 1] }));
    expect(r.events).toEqual([
      { turn: 1, audience: "all", type: "hacked", fisher: "ana", at: [1, 1], big: 1, small: 3 },
    ]);
    expect(
      viewFor(r.state, "player").holes.find((h) => h.at[0] === 1 && h.at[1] === 1),
    ).toMatchObject({
      open: true,
      big: 1,
      small: 3,
    });
  });

  test("J5 no hacking an open hole, a hole with a bear on it, or a hole not next to the bear", () => {
    const s = rolled(
      game({
        fishers: bearsAt([0, 0], [1, 0]),
      }),
      { face: "pickax", dots: 3 },
    );
    expect(refused(step(s, { hack: [1, 0] }))).toMatchObject({ code: "occupied", field: "hack" });
    expect(refused(step(s, { hack: [2, 2] }))).toMatchObject({
      code: "notAdjacent",
      field: "hack",
    });
    const open = steps(s, [{ hack: [0, 1] }]);
    expect(refused(step(open, { hack: [0, 1] }))).toMatchObject({ code: "alreadyOpen" });
    expect(refused(step(s, { hack: [0, 0] }))).toMatchObject({ code: "notAdjacent" });
  });
});

describe("J6 fish", () => {
  const opened = (holes: { at: [number, number]; big: number; small: number }[]) => {
    const s = steps(
      rolled(game({ holes }), { face: "pickax", dots: 3 }),
      holes.map((h) => ({ hack: h.at })),
    );
    return ok(endTurn(rolled(ok(endTurn(s)).state, star(1)))).state;
  };

  test("J6 fishing a hole with both sizes asks a land die 1d(big+small): 1..big is big, the rest small (each fish equally likely)", () => {
    const s = rolled(opened([{ at: [1, 1], big: 1, small: 3 }]), { face: "fish", dots: 2 });
    const asked: RollRequest[] = [];
    const big = ok(run(takeStep(s, { fish: [1, 1] }), [1], asked));
    expect(asked.map((r) => [r.kind, r.key, r.formula])).toEqual([["land", "land:1,1", "1d4"]]);
    expect(big.events[0]).toMatchObject({
      type: "fished",
      landed: "big",
      big: 0,
      small: 3,
      caught: { big: 1, small: 0 },
    });
    for (const total of [2, 3, 4])
      expect(ok(step(s, { fish: [1, 1] }, [total])).events[0]).toMatchObject({
        landed: "small",
        big: 1,
        small: 2,
      });
  });

  test("J6 with one size only no die is asked; an empty hole lands nothing", () => {
    const s = rolled(
      opened([
        { at: [1, 1], big: 0, small: 2 },
        { at: [1, 0], big: 0, small: 0 },
      ]),
      { face: "fish", dots: 2 },
    );
    const asked: RollRequest[] = [];
    const r = ok(run(takeStep(s, { fish: [1, 1] }), [], asked));
    expect(asked).toEqual([]);
    expect(r.events[0]).toMatchObject({ landed: "small", small: 1 });
    expect(ok(step(r.state, { fish: [1, 0] })).events[0]).toMatchObject({
      landed: null,
      big: 0,
      small: 0,
    });
  });

  test("J6 `lands` forces the size (the die is still asked); a size the hole lacks is refused", () => {
    const s = rolled(opened([{ at: [1, 1], big: 1, small: 3 }]), { face: "fish", dots: 2 });
    const asked: RollRequest[] = [];
    expect(
      ok(run(takeStep(s, { fish: [1, 1], lands: "small" }), [1], asked)).events[0],
    ).toMatchObject({
      landed: "small",
    });
    expect(asked).toHaveLength(1);
    const one = rolled(opened([{ at: [1, 1], big: 0, small: 3 }]), { face: "fish", dots: 2 });
    expect(refused(step(one, { fish: [1, 1], lands: "big" }))).toMatchObject({
      code: "notInHole",
      field: "lands",
    });
  });

  test("J6 no fishing a covered hole, a hole with a bear on it, or a hole not next to the bear", () => {
    const s = rolled(
      game({
        fishers: bearsAt([0, 0], [1, 0]),
      }),
      star(3),
    );
    expect(refused(step(s, { fish: [0, 1] }))).toMatchObject({ code: "covered", field: "fish" });
    expect(refused(step(s, { fish: [2, 2] }))).toMatchObject({ code: "notAdjacent" });
    // open the hole under bo: bo hacked it before standing there? bo stands on covered ice; open [1,1], bo moves onto it
    const o = steps(s, [{ hack: [1, 1] }]);
    const bo = ok(endTurn(o)).state;
    const boMoved = steps(rolled(bo, { face: "bear", dots: 2 }), [{ move: [1, 1] }]);
    const back = rolled(ok(endTurn(boMoved)).state, { face: "fish", dots: 2 });
    expect(refused(step(back, { fish: [1, 1] }))).toMatchObject({
      code: "occupied",
      field: "fish",
    });
  });

  test("J6 a hole is fished at most once a turn (decision); whoever opened it, anyone may fish it", () => {
    const holes = [{ at: [1, 1] as [number, number], big: 0, small: 5 }];
    const s = steps(rolled(game({ holes }), star(3)), [{ hack: [1, 1] }, { fish: [1, 1] }]);
    expect(refused(step(s, { fish: [1, 1] }))).toMatchObject({
      code: "fishedTwice",
      field: "fish",
    });
    // bo comes next to the hole ana opened and fishes it
    const bo = steps(rolled(ok(endTurn(s)).state, { face: "bear", dots: 3 }), [{ move: [2, 1] }]);
    const boFish = rolled(ok(endTurn(rolled(ok(endTurn(bo)).state, star(1)))).state, {
      face: "fish",
      dots: 2,
    });
    expect(ok(step(boFish, { fish: [1, 1] })).state.fishers[1]).toMatchObject({ small: 1 });
  });
});

describe("J10 what players see", () => {
  test("J10 a player's view holds no big/small for covered holes; the GM's holds every hole's", () => {
    const s = game({ holes: [{ at: [2, 1], big: 2, small: 1 }] });
    for (const viewer of ["player", { fisher: "ana" }] as const)
      for (const h of viewFor(s, viewer).holes) {
        expect("big" in h).toBe(false);
        expect("small" in h).toBe(false);
      }
    expect(viewFor(s, "gm").holes.find((h) => h.at[0] === 2 && h.at[1] === 1)).toMatchObject({
      big: 2,
      small: 1,
    });
  });

  test("J10 the fish under the ice reach only the GM: the set-up's `dropped` event is the GM's", () => {
    const r = ok(newGame(setupOf({ holes: [{ at: [2, 1], big: 2, small: 1 }] })));
    expect(r.events.find((e) => e.type === "dropped")?.audience).toBe("gm");
    expect(eventsFor(r.events, "player").map((e) => e.type)).toEqual(["setUp"]);
    // the box's count is public (setUp.fish), where the fish lie is not
    expect(eventsFor(r.events, { fisher: "ana" }).some((e) => "holes" in e)).toBe(false);
  });

  test("J10 a fished hole shows what is left", () => {
    const s = steps(rolled(game({ holes: [{ at: [1, 1], big: 0, small: 3 }] }), star(3)), [
      { hack: [1, 1] },
      { fish: [1, 1] },
    ]);
    expect(viewFor(s, "player").holes.find((h) => h.at[0] === 1 && h.at[1] === 1)).toMatchObject({
      small: 2,
    });
  });
});

describe("J11 a fisher who can do nothing", () => {
  test("J11 a fisher whose bear can do nothing with the dots loses them, and the turn still counts", () => {
    const boxed: KayanakState = game({
      fishers: bearsAt([0, 0], [1, 0], [0, 1], [1, 1]),
    });
    const r = ok(
      run(resolveTurn(boxed, { fisher: "ana", die: { face: "bear", dots: 3 }, steps: [] }), [1]),
    );
    expect(r.events.map((e) => e.type)).toEqual(["rolled", "dotsLost", "turnEnd"]);
    expect(r.state.turn).toBe(1);
    expect(r.state.fishers[r.state.next]!.id).toBe("bo");
  });
});
