import { describe, expect, test } from "vitest";
import {
  DEFAULT_LAKE,
  adjacent,
  coordOf,
  indexOf,
  neighbours,
  newGame,
  onBoard,
  squareCount,
  validateScenario,
} from "../../../src/rules/index.ts";
import type { Coord, LakeSpec } from "../../../src/rules/index.ts";
import {
  act,
  buildGame,
  fishIn,
  isExplored,
  ofType,
  playForced,
  round,
  tryRound,
} from "../../fixtures/builders.ts";

const lake = (o: Partial<LakeSpec> = {}): LakeSpec => ({ ...DEFAULT_LAKE, ...o });

describe("K1 board", () => {
  test("K1 the default lake is 6 x 6 squares on 3 levels, level 0 on top", () => {
    expect(DEFAULT_LAKE).toEqual({ width: 6, height: 6, levels: 3, verticalAdjacency: true });
    const g = newGame({ seed: 1, lake: DEFAULT_LAKE, fishers: [{ id: "ana", at: [0, 0, 0] }] });
    expect(g.explored).toHaveLength(108);
    expect(squareCount(lake({ width: 4, height: 2, levels: 5 }))).toBe(40);
  });

  test("K1 every square has one index and back, and nothing outside width x height x levels is on the board", () => {
    const l = lake({ width: 3, height: 4, levels: 2 });
    const seen = new Set<number>();
    for (let i = 0; i < squareCount(l); i++) {
      const c = coordOf(l, i);
      expect(onBoard(l, c)).toBe(true);
      expect(indexOf(l, c)).toBe(i);
      seen.add(i);
    }
    expect(seen.size).toBe(24);
    for (const c of [
      [-1, 0, 0],
      [3, 0, 0],
      [0, 4, 0],
      [0, 0, 2],
      [0, 0, -1],
      [0.5, 0, 0],
    ] as Coord[])
      expect(onBoard(l, c)).toBe(false);
  });
});

describe("K2 adjacency", () => {
  test("K2 a square's neighbours are the 8 around it on its level plus directly above and below", () => {
    const l = lake();
    expect(neighbours(l, [2, 2, 1])).toHaveLength(10);
    expect(neighbours(l, [2, 2, 0])).toHaveLength(9); // nothing above level 0
    expect(neighbours(l, [0, 0, 0])).toHaveLength(4); // corner: 3 around + below
    expect(neighbours(l, [5, 5, 2])).toHaveLength(4); // corner, bottom level: 3 around + above
    expect(neighbours(l, [2, 2, 1])).toContainEqual([2, 2, 0]);
    expect(neighbours(l, [2, 2, 1])).toContainEqual([2, 2, 2]);
    expect(neighbours(l, [2, 2, 1])).not.toContainEqual([3, 2, 2]); // no vertical diagonals
  });

  test("K2 with vertical adjacency off, only the 8 on the same level are neighbours", () => {
    const l = lake({ verticalAdjacency: false });
    expect(neighbours(l, [2, 2, 1])).toHaveLength(8);
    expect(adjacent(l, [2, 2, 0], [2, 2, 1])).toBe(false);
    const g = buildGame({ lake: { verticalAdjacency: false } });
    const r = tryRound(g, round({ ana: act.move([0, 0, 1]) }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: "notAdjacent", field: "actions.ana.to" });
  });

  test("K2 nothing leaves the board: every neighbour is on it, adjacency is symmetric, and a fisher cannot target off the board", () => {
    for (const l of [
      lake(),
      lake({ width: 1, height: 1, levels: 1 }),
      lake({ width: 2, height: 3, levels: 4 }),
    ])
      for (let i = 0; i < squareCount(l); i++) {
        const c = coordOf(l, i);
        for (const n of neighbours(l, c)) {
          expect(onBoard(l, n)).toBe(true);
          expect(adjacent(l, n, c)).toBe(true);
        }
      }
    const r = tryRound(buildGame(), round({ ana: act.move([-1, 0, 0]) }));
    expect(!r.ok && r.error).toMatchObject({ code: "offBoard", field: "actions.ana.to" });
    const far = tryRound(buildGame(), round({ ana: act.track([2, 0, 0]) }));
    expect(!far.ok && far.error).toMatchObject({
      code: "notAdjacent",
      field: "actions.ana.target",
    });
  });

  test("K2 a diagonal square on the same level is adjacent and may be moved into", () => {
    const g = buildGame({ explored: [[1, 1, 0]] });
    const r = playForced(g, round({ ana: act.move([1, 1, 0]) }), { "check:ana": 10 });
    expect(r.state.fishers[0]!.at).toEqual([1, 1, 0]);
  });
});

describe("K3 fishers", () => {
  test("K3 several fishers may share a square, and a start square counts as explored and empty", () => {
    const g = newGame({
      seed: 3,
      lake: DEFAULT_LAKE,
      fishers: [
        { id: "ana", at: [2, 2, 0] },
        { id: "bo", at: [2, 2, 0] },
      ],
    });
    expect(g.fishers.map((f) => f.at)).toEqual([
      [2, 2, 0],
      [2, 2, 0],
    ]);
    expect(isExplored(g, [2, 2, 0])).toBe(true);
    expect(fishIn(g, [2, 2, 0])).toBe(0);
    expect(g.explored.reduce((a, b) => a + b, 0)).toBe(1);
  });

  test("K3 start squares are on level 0 and hold no prepared swarms", () => {
    const base = {
      format: "kolikoly-scenario/1",
      seed: 1,
      lake: { width: 3, height: 3, levels: 2 },
      rounds: [],
    };
    const deep = validateScenario({ ...base, fishers: [{ id: "ana", at: [0, 0, 1] }] });
    expect(!deep.ok && deep.error).toMatchObject({ code: "startLevel", field: "fishers[0].at" });
    const stocked = validateScenario({
      ...base,
      fishers: [{ id: "ana", at: [0, 0, 0] }],
      squares: [{ at: [0, 0, 0], swarms: [5] }],
    });
    expect(!stocked.ok && stocked.error).toMatchObject({
      code: "startSquare",
      field: "squares[0].swarms",
    });
  });
});

describe("K4 swarms", () => {
  test("K4 a swarm keeps its starting size as max, and is removed when it reaches 0 fish", () => {
    const g = buildGame({
      swarms: [
        { at: [0, 0, 0], fish: 3, max: 8 },
        { at: [0, 0, 0], fish: 4 },
      ],
    });
    const r = playForced(g, round({ ana: act.catch() }), {
      "attack:ana": 15,
      "damage:ana": 4,
      "flee:s2": 1,
    });
    expect(r.state.swarms.map((s) => s.id)).toEqual(["s2"]);
    expect(r.state.swarms[0]).toMatchObject({ fish: 3, max: 4 });
    expect(g.swarms).toHaveLength(2); // the input state is not changed
  });

  test("K4 swarms never merge: two swarms fleeing into the same square stay two", () => {
    const g = buildGame({
      swarms: [
        { at: [0, 0, 0], fish: 5 },
        { at: [0, 0, 0], fish: 6 },
      ],
    });
    const r = playForced(g, round({ ana: act.catch() }), {
      "attack:ana": 3,
      "flee:s1": 1,
      "flee:s2": 1,
    });
    expect(r.state.swarms.map((s) => [s.id, s.at, s.fish])).toEqual([
      ["s1", [1, 0, 0], 5],
      ["s2", [1, 0, 0], 6],
    ]);
    expect(ofType(r.events, "fishMoved")).toHaveLength(2);
  });
});
