import { describe, expect, test } from "vitest";
import { endByGm, exploreOutcome, lakeEmpty } from "../../../src/rules/index.ts";
import {
  act,
  buildGame,
  isExplored,
  ofType,
  playForced,
  round,
  tryRound,
} from "../../fixtures/builders.ts";

describe("K21 when a square is explored", () => {
  test("K21 a square is explored exactly once: entering it again, or tracking it, rolls nothing", () => {
    const D = [1, 0, 0] as const;
    const g = buildGame({ fishers: [{ id: "ana" }, { id: "bo" }] });
    // both enter the same new square in one round: one exploration roll, by the first in fisher order
    const r1 = playForced(g, round({ ana: act.move(D), bo: act.move(D) }), {
      "check:ana": 10,
      "check:bo": 10,
      "explore:1,0,0": 2,
    });
    expect(ofType(r1.events, "explored")).toMatchObject([{ at: D, by: "ana", outcome: "empty" }]);
    const r2 = playForced(r1.state, round({ ana: act.move([0, 0, 0]), bo: act.track([0, 1, 0]) }), {
      "check:ana": 10,
      "check:bo": 10,
      "explore:0,1,0": 2,
    });
    const r3 = playForced(r2.state, round({ ana: act.move(D), bo: act.track([0, 1, 0]) }), {
      "check:ana": 10,
      "check:bo": 10,
    });
    expect(ofType(r3.events, "explored")).toEqual([]);
  });

  test("K21 Track 17+ enters the square it explored without exploring it twice", () => {
    const r = playForced(buildGame(), round({ ana: act.track([1, 1, 0]) }), {
      "check:ana": 17,
      "explore:1,1,0": 2,
    });
    expect(ofType(r.events, "explored")).toHaveLength(1);
    expect(ofType(r.events, "attack")).toMatchObject([{ result: "noFish" }]);
  });

  test("K21 when herders from two squares lead into one new square, the first in fisher order explores it", () => {
    // x is second in its conflict group and y first in theirs: initiative ranks from different
    // groups do not order the two herds (K7: outside a conflict, fisher order)
    const g = buildGame({
      fishers: [
        { id: "x", at: [1, 1, 0] },
        { id: "y", at: [3, 1, 0] },
        { id: "z", at: [1, 1, 0] },
        { id: "w", at: [3, 1, 0] },
      ],
    });
    const r = playForced(
      g,
      round({ x: act.herd([2, 1, 0]), y: act.herd([2, 1, 0]), z: act.catch(), w: act.catch() }),
      {
        "check:x": 11,
        "check:y": 11,
        "attack:z": 5,
        "attack:w": 5,
        "initiative:x": 5,
        "initiative:z": 10,
        "initiative:y": 10,
        "initiative:w": 5,
        "explore:2,1,0": 2,
      },
    );
    expect(ofType(r.events, "conflict").map((e) => e.order)).toEqual([
      ["z", "x"],
      ["y", "w"],
    ]);
    expect(ofType(r.events, "explored")).toMatchObject([{ at: [2, 1, 0], by: "x" }]);
  });

  test("K21 fish fleeing into a square do not explore it", () => {
    const g = buildGame({ swarms: [{ at: [0, 0, 0], fish: 2 }] });
    const r = playForced(g, round({ ana: act.catch() }), { "attack:ana": 1, "flee:s1": 4 });
    expect(isExplored(r.state, [0, 0, 1])).toBe(false);
  });
});

describe("K22 the exploration roll", () => {
  test("K22 d10 minus the level: 1 or less bad, 2 no fish, 3-5 one swarm, 6-8 two, 9-10 three", () => {
    const expected: [number, string, number][] = [
      [-8, "bad", 0],
      [0, "bad", 0],
      [1, "bad", 0],
      [2, "empty", 0],
      [3, "fish", 1],
      [5, "fish", 1],
      [6, "fish", 2],
      [8, "fish", 2],
      [9, "fish", 3],
      [10, "fish", 3],
    ];
    for (const [roll, outcome, swarms] of expected)
      expect(exploreOutcome(roll)).toEqual({ outcome, swarms });
  });

  test("K22 the table is read per level: the same face finds less the deeper the square", () => {
    // face 5 at level 1 reads 4 (one swarm); face 4 at level 2 reads 2 (no fish); face 10 at level 3 reads 7 (two)
    const deep = (level: number) =>
      buildGame({ fishers: [{ at: [2, 2, level] }], lake: { levels: 4 } });
    const l0 = playForced(deep(0), round({ ana: act.move([2, 2, 1]) }), {
      "check:ana": 10,
      "explore:2,2,1": 5,
      swarmSize: 4,
    });
    expect(ofType(l0.events, "explored")[0]).toMatchObject({ face: 5, roll: 4, outcome: "fish" });
    const l2 = playForced(deep(1), round({ ana: act.move([2, 2, 2]) }), {
      "check:ana": 10,
      "explore:2,2,2": 4,
    });
    expect(ofType(l2.events, "explored")[0]).toMatchObject({ face: 4, roll: 2, outcome: "empty" });
    const l3 = playForced(deep(2), round({ ana: act.move([2, 2, 3]) }), {
      "check:ana": 10,
      "explore:2,2,3": 10,
      swarmSize: [4, 10],
    });
    expect(ofType(l3.events, "explored")[0]).toMatchObject({ face: 10, roll: 7, outcome: "fish" });
    expect(ofType(l3.events, "explored")[0]!.swarms.map((s) => s.fish)).toEqual([4, 10]);
  });

  test("K22 every new swarm asks for its own size roll of 1d7+3 (a setting), seen by the explorer", () => {
    const r = playForced(buildGame(), round({ ana: act.move([1, 0, 0]) }), {
      "check:ana": 10,
      "explore:1,0,0": 9,
      swarmSize: [4, 7, 10],
    });
    expect(r.requests.filter((q) => q.kind === "swarmSize").map((q) => q.formula)).toEqual([
      "1d7+3",
      "1d7+3",
      "1d7+3",
    ]);
    expect(r.state.swarms.map((s) => [s.id, s.fish, s.max, s.seen])).toEqual([
      ["s1", 4, 4, true],
      ["s2", 7, 7, true],
      ["s3", 10, 10, true],
    ]);
    const custom = playForced(
      buildGame({ settings: { swarmSize: "2d4" } }),
      round({ ana: act.move([1, 0, 0]) }),
      { "check:ana": 10, "explore:1,0,0": 3, swarmSize: 8 },
    );
    expect(custom.requests.at(-1)!.formula).toBe("2d4");
  });
});

describe("K23 end", () => {
  const tiny = () =>
    buildGame({
      lake: { width: 2, height: 1, levels: 1 },
      swarms: [{ at: [0, 0, 0], fish: 3 }],
      explored: "all",
    });

  test("K23 the game ends when every square is explored and no fish are left; the final card lists each catch", () => {
    const r = playForced(tiny(), round({ ana: act.catch() }), {
      "attack:ana": 15,
      "damage:ana": 5,
    });
    expect(r.state.over).toBe(true);
    expect(r.state.endReason).toBe("lakeEmpty");
    expect(ofType(r.events, "gameEnd")).toEqual([
      {
        round: 1,
        audience: "all",
        type: "gameEnd",
        reason: "lakeEmpty",
        catches: [{ fisher: "ana", caught: 3 }],
      },
    ]);
    const after = tryRound(r.state, round({ ana: act.catch() }));
    expect(!after.ok && after.error.code).toBe("gameOver");
  });

  test("K23 the game goes on while a square is unexplored, even with no fish left", () => {
    const g = buildGame({
      lake: { width: 2, height: 1, levels: 1 },
      swarms: [{ at: [0, 0, 0], fish: 3 }],
    });
    const r = playForced(g, round({ ana: act.catch() }), { "attack:ana": 15, "damage:ana": 5 });
    expect(r.state.over).toBe(false);
    expect(lakeEmpty(r.state)).toBe(false);
  });

  test("K23 the game goes on while fish are left, even with every square explored", () => {
    const r = playForced(tiny(), round({ ana: act.catch() }), {
      "attack:ana": 15,
      "damage:ana": 2,
      "flee:s1": 1,
    });
    expect(r.state.over).toBe(false);
  });

  test("K23 the GM may end the game at any time, and the card lists each fisher's catch", () => {
    const g = buildGame({
      fishers: [
        { id: "ana", caught: 4 },
        { id: "bo", caught: 9 },
      ],
    });
    const { state, events } = endByGm(g);
    expect(state).toMatchObject({ over: true, endReason: "gm" });
    expect(events).toEqual([
      {
        round: 0,
        audience: "all",
        type: "gameEnd",
        reason: "gm",
        catches: [
          { fisher: "ana", caught: 4 },
          { fisher: "bo", caught: 9 },
        ],
      },
    ]);
    expect(g.over).toBe(false);
    expect(endByGm(state).events).toEqual([]);
  });
});
