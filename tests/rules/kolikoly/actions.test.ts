import { describe, expect, test } from "vitest";
import { band, eventsFor, viewFor } from "../../../src/rules/index.ts";
import {
  act,
  buildGame,
  fisherOf,
  fishIn,
  isExplored,
  ofType,
  playForced,
  round,
  swarm,
} from "../../fixtures/builders.ts";

const T = [1, 0, 0] as const;

describe("K12 track", () => {
  const g = () =>
    buildGame({
      swarms: [
        { at: T, fish: 4, seen: false },
        { at: T, fish: 3, seen: false },
      ],
    });

  test("K12 a Track of 7 learns nothing, and only the tracker is told", () => {
    const r = playForced(g(), round({ ana: act.track(T) }), { "check:ana": 7 });
    expect(ofType(r.events, "tracked")).toEqual([
      {
        round: 1,
        audience: { fisher: "ana" },
        type: "tracked",
        fisher: "ana",
        target: T,
        learned: false,
      },
    ]);
    expect(r.state.swarms.every((s) => !s.seen)).toBe(true);
    expect(band("track", 7)).toBe("none");
  });

  test("K12 a Track of 8 tells the tracker (and the GM) exactly how many fish are in T, and T's swarms become seen", () => {
    const r = playForced(g(), round({ ana: act.track(T) }), { "check:ana": 8 });
    const tracked = ofType(r.events, "tracked")[0]!;
    expect(tracked).toMatchObject({ audience: { fisher: "ana" }, learned: true, fish: 7 });
    expect(r.state.swarms.every((s) => s.seen)).toBe(true);
    expect(eventsFor(r.events, "player").some((e) => e.type === "tracked")).toBe(false);
    expect(eventsFor(r.events, { fisher: "ana" }).some((e) => e.type === "tracked")).toBe(true);
    expect(viewFor(r.state, "player").swarms.map((s) => s.fish)).toEqual([4, 3]);
    expect(fisherOf(r.state, "ana").at).toEqual([0, 0, 0]);
  });

  test("K12 a Track of 16 does not move the tracker; 17 moves the tracker into T for a catch attack there", () => {
    const sixteen = playForced(g(), round({ ana: act.track(T) }), { "check:ana": 16 });
    expect(fisherOf(sixteen.state, "ana").at).toEqual([0, 0, 0]);
    expect(ofType(sixteen.events, "attack")).toEqual([]);
    const r = playForced(g(), round({ ana: act.track(T) }), {
      "check:ana": 17,
      "attack:ana": 11,
      "damage:ana": 5,
      "flee:s2": 1,
    });
    expect(fisherOf(r.state, "ana").at).toEqual(T);
    expect(ofType(r.events, "tracked")[0]).toMatchObject({ learned: true, fish: 7 });
    expect(ofType(r.events, "attack")[0]).toMatchObject({ source: "track", at: T, hit: true });
    expect(fisherOf(r.state, "ana").caught).toBe(5);
  });
});

describe("K13 track explores", () => {
  test("K13 tracking an unexplored square with 8+ explores it now, and the tracker learns what it holds", () => {
    const g = buildGame();
    const r = playForced(g, round({ ana: act.track(T) }), {
      "check:ana": 9,
      "explore:1,0,0": 6,
      swarmSize: [5, 8],
    });
    expect(isExplored(r.state, T)).toBe(true);
    expect(ofType(r.events, "explored")[0]).toMatchObject({
      at: T,
      via: "track",
      outcome: "fish",
      roll: 6,
    });
    expect(ofType(r.events, "tracked")[0]).toMatchObject({ fish: 13 });
  });

  test("K13 tracking an unexplored square with 7 leaves it unexplored", () => {
    const r = playForced(buildGame(), round({ ana: act.track(T) }), { "check:ana": 7 });
    expect(isExplored(r.state, T)).toBe(false);
  });

  test("K13 a bad result found by Track is avoided: nothing attacks, and the square is marked explored", () => {
    const r = playForced(buildGame(), round({ ana: act.track(T) }), {
      "check:ana": 12,
      "explore:1,0,0": 1,
      "hazard:ana": 3,
    });
    expect(isExplored(r.state, T)).toBe(true);
    expect(ofType(r.events, "hazard")).toEqual([]);
    expect(r.requests.map((q) => q.kind)).toEqual(["check", "explore", "hazard"]);
    expect(fisherOf(r.state, "ana")).toMatchObject({ hp: 10, condition: "ok", at: [0, 0, 0] });
  });
});

describe("K14 move", () => {
  const D = [1, 0, 0] as const;
  const g = () => buildGame({ swarms: [{ at: D, fish: 6 }] });

  test("K14 a Move of 4 enters D and D's swarms flee at the end of the round", () => {
    const r = playForced(g(), round({ ana: act.move(D) }), { "check:ana": 4, "flee:s1": 5 });
    expect(fisherOf(r.state, "ana").at).toEqual(D);
    expect(ofType(r.events, "fishMoved")).toMatchObject([{ swarm: "s1", cause: "noisy", from: D }]);
  });

  test("K14 a Move of 5 or 16 enters D quietly: nothing flees and no attack", () => {
    for (const total of [5, 16]) {
      const r = playForced(g(), round({ ana: act.move(D) }), { "check:ana": total });
      expect(fisherOf(r.state, "ana").at).toEqual(D);
      expect(ofType(r.events, "fishMoved")).toEqual([]);
      expect(ofType(r.events, "attack")).toEqual([]);
    }
  });

  test("K14 a Move of 17 enters D and makes a catch attack there", () => {
    const r = playForced(g(), round({ ana: act.move(D) }), {
      "check:ana": 17,
      "attack:ana": { natural: 14 },
      "damage:ana": 2,
      "flee:s1": 1,
    });
    expect(ofType(r.events, "attack")[0]).toMatchObject({
      source: "move",
      at: D,
      total: 14,
      hit: true,
    });
    expect(fisherOf(r.state, "ana").caught).toBe(2);
  });

  test("K14 the player may decline the 17+ attack when declaring", () => {
    const r = playForced(g(), round({ ana: act.move(D, false) }), { "check:ana": 19 });
    expect(ofType(r.events, "attack")).toEqual([]);
    expect(fishIn(r.state, D)).toBe(6);
  });

  test("K14 a Move of 17 into a square with no fish makes no attack roll", () => {
    const r = playForced(buildGame({ explored: [D] }), round({ ana: act.move(D) }), {
      "check:ana": 20,
    });
    expect(ofType(r.events, "attack")[0]).toMatchObject({ result: "noFish" });
    expect(r.requests.map((q) => q.key)).toEqual(["check:ana"]);
  });
});

describe("K15 move explores", () => {
  test("K15 an unexplored D is explored when the fisher enters, before the attack, which can catch the new swarms", () => {
    const D = [1, 1, 0] as const;
    const r = playForced(buildGame(), round({ ana: act.move(D) }), {
      "check:ana": 18,
      "explore:1,1,0": 4,
      swarmSize: 6,
      "attack:ana": 13,
      "damage:ana": 4,
      "flee:s1": 2,
    });
    const types = r.events.map((e) => e.type);
    expect(types.indexOf("moved")).toBeLessThan(types.indexOf("explored"));
    expect(types.indexOf("explored")).toBeLessThan(types.indexOf("attack"));
    expect(ofType(r.events, "explored")[0]).toMatchObject({
      via: "enter",
      by: "ana",
      swarms: [{ id: "s1", fish: 6 }],
    });
    expect(ofType(r.events, "caught")[0]!.fish).toBe(4);
  });
});

test("K15 a noisy Move into an unexplored square explores it, and the swarms found there flee at the end of the round", () => {
  const D = [1, 0, 0] as const;
  const r = playForced(buildGame(), round({ ana: act.move(D) }), {
    "check:ana": 4,
    "explore:1,0,0": 6,
    swarmSize: [5, 9],
    "flee:s1": 1,
    "flee:s2": 6,
  });
  expect(ofType(r.events, "explored")[0]!.swarms.map((s) => s.id)).toEqual(["s1", "s2"]);
  expect(ofType(r.events, "fishMoved").map((e) => [e.swarm, e.cause, e.audience])).toEqual([
    ["s1", "noisy", "gm"],
    ["s2", "noisy", "gm"],
  ]);
  expect(r.state.swarms.map((s) => s.at)).toEqual([
    [0, 0, 0],
    [1, 0, 1],
  ]);
  expect(fishIn(r.state, D)).toBe(0);
});

describe("K16 herd", () => {
  const S = [2, 2, 0] as const;
  const H = [3, 2, 0] as const;
  const g = () =>
    buildGame({
      fishers: [{ at: S }],
      swarms: [
        { at: S, fish: 5 },
        { at: S, fish: 4 },
      ],
      explored: [H],
    });

  test("K16 a Herd of 5 scatters S's swarms to random neighbours other than H, each on its own", () => {
    const r = playForced(g(), round({ ana: act.herd(H) }), {
      "check:ana": 5,
      "flee:s1": 5,
      "flee:s2": 8,
    });
    // 9 neighbours of [2,2,0] less H: [1,1],[2,1],[3,1],[1,2],[1,3],[2,3],[3,3] on level 0, then [2,2,1]
    expect(r.requests.filter((q) => q.kind === "flee").map((q) => q.formula)).toEqual([
      "1d8",
      "1d8",
    ]);
    expect(ofType(r.events, "fishMoved").map((e) => [e.swarm, e.to, e.cause])).toEqual([
      ["s1", [1, 3, 0], "scatter"],
      ["s2", [2, 2, 1], "scatter"],
    ]);
    expect(fisherOf(r.state, "ana").at).toEqual(S);
  });

  test("K16 a Herd of 6 or 10 leaves S's swarms where they are", () => {
    for (const total of [6, 10]) {
      const r = playForced(g(), round({ ana: act.herd(H) }), { "check:ana": total });
      expect(r.state.swarms.map((s) => s.at)).toEqual([S, S]);
      expect(fisherOf(r.state, "ana").at).toEqual(S);
    }
  });

  test("K16 a Herd of 11 moves S's swarms into H at the end of the round, and the herder follows", () => {
    const r = playForced(g(), round({ ana: act.herd(H) }), { "check:ana": 11 });
    expect(r.state.swarms.map((s) => s.at)).toEqual([H, H]);
    expect(fisherOf(r.state, "ana").at).toEqual(H);
    expect(ofType(r.events, "fishMoved").map((e) => [e.cause, e.by, e.audience])).toEqual([
      ["herd", "ana", "all"],
      ["herd", "ana", "all"],
    ]);
  });

  test("K16 an unexplored H is explored after the fish arrive, and its new swarms join them", () => {
    const game = buildGame({ fishers: [{ at: S }], swarms: [{ at: S, fish: 5 }] });
    const r = playForced(game, round({ ana: act.herd(H) }), {
      "check:ana": 14,
      "explore:3,2,0": 3,
      swarmSize: 7,
    });
    const types = r.events.map((e) => e.type);
    expect(types.indexOf("fishMoved")).toBeLessThan(types.indexOf("explored"));
    expect(r.state.swarms.map((s) => [s.id, s.at, s.fish])).toEqual([
      ["s1", H, 5],
      ["s2", H, 7],
    ]);
    expect(swarm(r.state, "s1")!.seen).toBe(true);
  });
});
