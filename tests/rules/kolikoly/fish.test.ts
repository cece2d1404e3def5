import { describe, expect, test } from "vitest";
import { eventsFor, neighbours, viewFor } from "../../../src/rules/index.ts";
import {
  act,
  buildGame,
  fisherOf,
  isExplored,
  ofType,
  playForced,
  round,
  swarm,
} from "../../fixtures/builders.ts";

const S = [2, 2, 0] as const;

describe("K17 one move each", () => {
  test("K17 a successful herd wins over the flee a catch attack causes in the same square", () => {
    const g = buildGame({
      fishers: [
        { id: "ana", at: S },
        { id: "bo", at: S },
      ],
      swarms: [{ at: S, fish: 8 }],
      explored: [[2, 1, 0]],
    });
    const r = playForced(g, round({ ana: act.catch(), bo: act.herd([2, 1, 0]) }), {
      "attack:ana": 12,
      "check:bo": 15,
      "initiative:ana": 20,
      "initiative:bo": 1,
      "damage:ana": 3,
    });
    expect(ofType(r.events, "fishMoved")).toMatchObject([
      { swarm: "s1", cause: "herd", by: "bo", to: [2, 1, 0] },
    ]);
    expect(r.requests.some((q) => q.kind === "flee")).toBe(false);
  });

  test("K17 of several successful herds of one square, the herder highest in initiative wins", () => {
    const g = buildGame({
      fishers: [
        { id: "ana", at: S },
        { id: "bo", at: S },
      ],
      swarms: [{ at: S, fish: 8 }],
      explored: "all",
    });
    const r = playForced(g, round({ ana: act.herd([2, 1, 0]), bo: act.herd([3, 3, 0]) }), {
      "check:ana": 12,
      "check:bo": 18,
      "initiative:ana": 9,
      "initiative:bo": 13,
    });
    expect(swarm(r.state, "s1")!.at).toEqual([3, 3, 0]);
    expect(ofType(r.events, "fishMoved")).toHaveLength(1);
    // each successful herder still follows toward their own H
    expect(fisherOf(r.state, "ana").at).toEqual([2, 1, 0]);
    expect(fisherOf(r.state, "bo").at).toEqual([3, 3, 0]);
  });

  test("K17 a swarm that both flees and scatters moves once, and not into the scatter's H", () => {
    const g = buildGame({
      fishers: [
        { id: "ana", at: S },
        { id: "bo", at: S },
      ],
      swarms: [{ at: S, fish: 8 }],
      explored: "all",
    });
    const r = playForced(g, round({ ana: act.catch(), bo: act.herd([3, 2, 0]) }), {
      "attack:ana": 2,
      "check:bo": 3,
      "initiative:ana": 9,
      "initiative:bo": 13,
      "flee:s1": 5,
    });
    expect(r.requests.filter((q) => q.kind === "flee").map((q) => q.formula)).toEqual(["1d8"]);
    expect(ofType(r.events, "fishMoved")).toMatchObject([{ cause: "catch", to: [1, 3, 0] }]);
  });

  test("K17 with nothing acting on it, a swarm stays", () => {
    const g = buildGame({ swarms: [{ at: S, fish: 3 }], explored: [[1, 0, 0]] });
    const r = playForced(g, round({ ana: act.move([1, 0, 0]) }), { "check:ana": 2 });
    expect(swarm(r.state, "s1")!.at).toEqual(S);
  });
});

describe("K18 fleeing", () => {
  test("K18 a fleeing swarm picks uniformly among its square's neighbours: one 1dN per swarm, N the number of neighbours", () => {
    for (const [at, n] of [
      [[0, 0, 0], 4],
      [[2, 2, 0], 9],
      [[2, 2, 1], 10],
      [[5, 3, 2], 6],
    ] as const) {
      const lake = buildGame().lake;
      const first = neighbours(lake, at)[0]!;
      const last = neighbours(lake, at)[n - 1]!;
      // a noisy Move into the swarm's square makes it flee; the fisher starts on a neighbour
      const game = buildGame({
        fishers: [{ at: first }],
        swarms: [{ at, fish: 3 }],
        explored: "all",
      });
      for (const [pick, to] of [
        [1, first],
        [n, last],
      ] as const) {
        const r = playForced(game, round({ ana: act.move(at) }), {
          "check:ana": 1,
          "flee:s1": pick,
        });
        expect(r.requests.at(-1)).toMatchObject({
          kind: "flee",
          formula: `1d${n}`,
          audience: "gm",
        });
        expect(swarm(r.state, "s1")!.at).toEqual(to);
      }
    }
  });

  test("K18 a swarm with no allowed neighbour stays (a 1 x 1 x 1 lake; a scatter whose H is the only neighbour)", () => {
    const tiny = buildGame({
      lake: { width: 1, height: 1, levels: 1 },
      swarms: [{ at: [0, 0, 0], fish: 5 }],
    });
    const r = playForced(tiny, round({ ana: act.catch() }), { "attack:ana": 4 });
    expect(swarm(r.state, "s1")!.at).toEqual([0, 0, 0]);
    expect(r.requests.map((q) => q.kind)).toEqual(["attack"]);
    const pair = buildGame({
      lake: { width: 2, height: 1, levels: 1 },
      swarms: [{ at: [0, 0, 0], fish: 5 }],
      explored: "all",
    });
    const s = playForced(pair, round({ ana: act.herd([1, 0, 0]) }), { "check:ana": 1 });
    expect(swarm(s.state, "s1")!.at).toEqual([0, 0, 0]);
  });

  test("K18 a swarm may flee into an unexplored square, and is there beside what exploring it adds", () => {
    const g = buildGame({ swarms: [{ at: [0, 0, 0], fish: 5 }] });
    const r1 = playForced(g, round({ ana: act.catch() }), { "attack:ana": 4, "flee:s1": 1 });
    expect(isExplored(r1.state, [1, 0, 0])).toBe(false);
    expect(swarm(r1.state, "s1")).toMatchObject({ at: [1, 0, 0], seen: false });
    const r2 = playForced(r1.state, round({ ana: act.move([1, 0, 0]) }), {
      "check:ana": 10,
      "explore:1,0,0": 4,
      swarmSize: 9,
    });
    expect(ofType(r2.events, "explored")[0]!.swarms.map((s) => s.id)).toEqual(["s2"]);
    expect(r2.state.swarms.map((s) => [s.id, s.at, s.fish, s.seen])).toEqual([
      ["s1", [1, 0, 0], 5, true],
      ["s2", [1, 0, 0], 9, true],
    ]);
  });
});

describe("K19 hidden moves", () => {
  test("K19 a flee after a catch attack is whispered to the GM only, and the swarm becomes unseen", () => {
    const g = buildGame({ fishers: [{ at: S }], swarms: [{ at: S, fish: 5 }], explored: "all" });
    const r = playForced(g, round({ ana: act.catch() }), { "attack:ana": 5, "flee:s1": 2 });
    expect(ofType(r.events, "fishMoved")).toMatchObject([{ audience: "gm", to: [2, 1, 0] }]);
    expect(swarm(r.state, "s1")!.seen).toBe(false);
    expect(eventsFor(r.events, "player").some((e) => e.type === "fishMoved")).toBe(false);
    expect(eventsFor(r.events, { fisher: "ana" }).some((e) => e.type === "fishMoved")).toBe(false);
    expect(viewFor(r.state, "player").swarms).toEqual([]);
    expect(viewFor(r.state, "gm").swarms).toHaveLength(1);
  });

  test("K19 a Move of 1-4 and a Herd of 1-5 move fish secretly too", () => {
    const g = buildGame({
      fishers: [
        { id: "ana", at: [0, 0, 0] },
        { id: "bo", at: [4, 4, 0] },
      ],
      swarms: [
        { at: [1, 0, 0], fish: 5 },
        { at: [4, 4, 0], fish: 6 },
      ],
      explored: "all",
    });
    const r = playForced(g, round({ ana: act.move([1, 0, 0]), bo: act.herd([5, 5, 0]) }), {
      "check:ana": 3,
      "check:bo": 4,
      "flee:s1": 1,
      "flee:s2": 1,
    });
    expect(ofType(r.events, "fishMoved").map((e) => [e.cause, e.audience])).toEqual([
      ["noisy", "gm"],
      ["scatter", "gm"],
    ]);
    expect(r.state.swarms.every((s) => !s.seen)).toBe(true);
  });

  test("K19 a Herd of 11+ is public", () => {
    const g = buildGame({ fishers: [{ at: S }], swarms: [{ at: S, fish: 5 }], explored: "all" });
    const r = playForced(g, round({ ana: act.herd([2, 3, 0]) }), { "check:ana": 13 });
    expect(eventsFor(r.events, "player").filter((e) => e.type === "fishMoved")).toHaveLength(1);
    expect(viewFor(r.state, "player").swarms).toMatchObject([{ id: "s1", at: [2, 3, 0], fish: 5 }]);
  });
});

describe("K20 seen and unseen", () => {
  test("K20 an unseen swarm becomes seen when it ends a round in a square with a fisher", () => {
    const g = buildGame({ swarms: [{ at: [1, 0, 0], fish: 5, seen: false }] });
    expect(viewFor(g, "player").swarms).toEqual([]);
    const r = playForced(g, round({ ana: act.move([1, 0, 0]) }), { "check:ana": 9 });
    expect(swarm(r.state, "s1")!.seen).toBe(true);
    expect(ofType(r.events, "revealed")).toMatchObject([
      { audience: "all", swarms: [{ id: "s1", fish: 5 }] },
    ]);
  });

  test("K20 a Track of 8+ makes T's swarms seen; a Track of 7 does not", () => {
    const g = buildGame({ swarms: [{ at: [1, 1, 0], fish: 5, seen: false }] });
    const seven = playForced(g, round({ ana: act.track([1, 1, 0]) }), { "check:ana": 7 });
    expect(viewFor(seven.state, "player").swarms).toEqual([]);
    const eight = playForced(g, round({ ana: act.track([1, 1, 0]) }), { "check:ana": 8 });
    expect(viewFor(eight.state, "player").swarms.map((s) => s.id)).toEqual(["s1"]);
  });

  test("K20 a dead fisher sees nothing: an unseen swarm in a dead fisher's square stays unseen; a living one there reveals it", () => {
    const at = [1, 0, 0] as const;
    const game = (condition: "dead" | "ok") =>
      buildGame({
        fishers: [
          { id: "ana", at: [0, 0, 0] },
          { id: "bo", at, condition, hp: condition === "dead" ? 0 : 10 },
        ],
        swarms: [{ at, fish: 5, seen: false }],
      });
    const dead = playForced(game("dead"), round({}), {});
    expect(swarm(dead.state, "s1")!.seen).toBe(false);
    expect(viewFor(dead.state, "player").swarms).toEqual([]);
    expect(ofType(dead.events, "revealed")).toEqual([]);
    // the control: the same square with a living fisher in it reveals the swarm
    const alive = playForced(game("ok"), round({}), {});
    expect(viewFor(alive.state, "player").swarms).toMatchObject([{ id: "s1", at, fish: 5 }]);
  });

  test("K20 a swarm that fled secretly stays unseen while no fisher is with it, and the player view never shows it or an unexplored square", () => {
    const g = buildGame({ swarms: [{ at: [0, 0, 0], fish: 5 }] });
    const r1 = playForced(g, round({ ana: act.catch() }), { "attack:ana": 1, "flee:s1": 3 });
    const r2 = playForced(r1.state, round({ ana: act.catch() }), { "attack:ana": 12 });
    expect(swarm(r2.state, "s1")!.seen).toBe(false);
    const view = viewFor(r2.state, { fisher: "ana" });
    expect(view.swarms).toEqual([]);
    expect(view.explored).toEqual([[0, 0, 0]]);
    expect(JSON.stringify(eventsFor([...r1.events, ...r2.events], "player"))).not.toContain(
      "[1,1,0]",
    );
  });
});
