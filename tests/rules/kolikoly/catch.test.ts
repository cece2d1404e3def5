import { describe, expect, test } from "vitest";
import { attackHits, takeFish } from "../../../src/rules/index.ts";
import {
  act,
  buildGame,
  fisherOf,
  fishIn,
  ofType,
  playForced,
  round,
} from "../../fixtures/builders.ts";

const oneSwarm = (fish = 9, o: Parameters<typeof buildGame>[0] = {}) =>
  buildGame({
    fishers: [{ mods: { attack: 2, damage: 3 } }],
    swarms: [{ at: [0, 0, 0], fish }],
    ...o,
  });

describe("K9 attack", () => {
  test("K9 the net attack hits AC 10 at a total of 10 and misses at 9", () => {
    const hit = playForced(oneSwarm(), round({ ana: act.catch() }), {
      "attack:ana": 10,
      "damage:ana": 4,
      "flee:s1": 1,
    });
    expect(ofType(hit.events, "attack")[0]).toMatchObject({
      total: 10,
      hit: true,
      critical: false,
      result: "hit",
    });
    expect(hit.requests.find((q) => q.key === "damage:ana")?.formula).toBe("1d6+3");
    const miss = playForced(oneSwarm(), round({ ana: act.catch() }), {
      "attack:ana": 9,
      "flee:s1": 1,
    });
    expect(ofType(miss.events, "attack")[0]).toMatchObject({
      total: 9,
      hit: false,
      result: "miss",
    });
    expect(miss.requests.some((q) => q.kind === "damage")).toBe(false);
  });

  test("K9 a natural 1 misses whatever the total", () => {
    const r = playForced(oneSwarm(), round({ ana: act.catch() }), {
      "attack:ana": { total: 25, natural: 1 },
      "flee:s1": 1,
    });
    expect(ofType(r.events, "attack")[0]).toMatchObject({ natural: 1, hit: false, result: "miss" });
    expect(attackHits(25, 1, 10)).toBe(false);
  });

  test("K9 a natural 20 hits whatever the total and doubles the damage dice (not the modifier)", () => {
    const r = playForced(oneSwarm(20), round({ ana: act.catch() }), {
      "attack:ana": { total: 5, natural: 20 },
      "damage:ana": 15,
      "flee:s1": 1,
    });
    expect(ofType(r.events, "attack")[0]).toMatchObject({ hit: true, critical: true });
    expect(r.requests.find((q) => q.key === "damage:ana")?.formula).toBe("2d6+3");
    expect(ofType(r.events, "caught")[0]).toMatchObject({ fish: 15, damage: 15 });
  });

  test("K9 a forced total with no natural is never a natural 1 or 20", () => {
    const r = playForced(oneSwarm(), round({ ana: act.catch() }), {
      "attack:ana": 20,
      "damage:ana": 4,
      "flee:s1": 1,
    });
    expect(ofType(r.events, "attack")[0]).toMatchObject({ hit: true, critical: false });
    expect(ofType(r.events, "attack")[0]).not.toHaveProperty("natural");
    expect(r.requests.find((q) => q.key === "damage:ana")?.formula).toBe("1d6+3");
  });

  test("K9 the catch AC and net damage are settings, and an equipped net's own damage wins", () => {
    const g = oneSwarm(9, { settings: { catchAC: 14, netDamage: "1d4+@mod" } });
    const miss = playForced(g, round({ ana: act.catch() }), { "attack:ana": 13, "flee:s1": 1 });
    expect(ofType(miss.events, "attack")[0]!.hit).toBe(false);
    const hit = playForced(g, round({ ana: act.catch() }), {
      "attack:ana": 14,
      "damage:ana": 5,
      "flee:s1": 1,
    });
    expect(hit.requests.find((q) => q.key === "damage:ana")?.formula).toBe("1d4+3");
    const net = buildGame({
      fishers: [{ mods: { damage: 3 }, netDamage: "2d8" }],
      swarms: [{ at: [0, 0, 0], fish: 30 }],
    });
    const own = playForced(net, round({ ana: act.catch() }), {
      "attack:ana": 14,
      "damage:ana": 16,
      "flee:s1": 1,
    });
    expect(own.requests.find((q) => q.key === "damage:ana")?.formula).toBe("2d8");
  });
});

describe("K10 catching", () => {
  test("K10 damage spills to the next swarm, oldest first, never more than the square holds", () => {
    const g = buildGame({
      fishers: [{ mods: { damage: 0 } }],
      swarms: [
        { at: [0, 0, 0], fish: 2 },
        { at: [0, 0, 0], fish: 3 },
        { at: [1, 0, 0], fish: 7 },
      ],
    });
    const r = playForced(g, round({ ana: act.catch() }), { "attack:ana": 15, "damage:ana": 6 });
    expect(ofType(r.events, "swarmCaught").map((e) => [e.swarm, e.fish, e.left])).toEqual([
      ["s1", 2, 0],
      ["s2", 3, 0],
    ]);
    expect(ofType(r.events, "caught")[0]).toMatchObject({ fish: 5, damage: 6, totalCaught: 5 });
    expect(fisherOf(r.state, "ana").caught).toBe(5);
    expect(fishIn(r.state, [1, 0, 0])).toBe(7); // the next square is untouched
    expect(takeFish([2, 3, 4], 4)).toEqual([2, 2, 0]);
    expect(takeFish([2, 3], -1)).toEqual([0, 0]);
  });

  test("K10 caught fish are credited to the fisher and add up over rounds", () => {
    const g = buildGame({ fishers: [{ caught: 4 }], swarms: [{ at: [0, 0, 0], fish: 9 }] });
    const r = playForced(g, round({ ana: act.catch() }), {
      "attack:ana": 15,
      "damage:ana": 3,
      "flee:s1": 4,
    });
    expect(ofType(r.events, "caught")[0]!.totalCaught).toBe(7);
    expect(fisherOf(r.state, "ana").caught).toBe(7);
  });
});

describe("K11 leftovers flee", () => {
  test("K11 leftovers flee after a missed catch", () => {
    const r = playForced(oneSwarm(5), round({ ana: act.catch() }), {
      "attack:ana": 2,
      "flee:s1": 3,
    });
    expect(ofType(r.events, "fishMoved")).toMatchObject([
      { swarm: "s1", cause: "catch", to: [1, 1, 0] },
    ]);
    expect(r.state.swarms[0]!.at).toEqual([1, 1, 0]);
  });

  test("K11 leftovers flee after a hit, every swarm still in the square", () => {
    const g = buildGame({
      swarms: [
        { at: [0, 0, 0], fish: 2 },
        { at: [0, 0, 0], fish: 4 },
        { at: [0, 0, 0], fish: 4 },
      ],
    });
    const r = playForced(g, round({ ana: act.catch() }), {
      "attack:ana": 12,
      "damage:ana": 3,
      "flee:s2": 4,
      "flee:s3": 1,
    });
    expect(ofType(r.events, "fishMoved").map((e) => [e.swarm, e.to, e.fish])).toEqual([
      ["s2", [0, 0, 1], 3],
      ["s3", [1, 0, 0], 4],
    ]);
    expect(fishIn(r.state, [0, 0, 0])).toBe(0);
  });

  test("K11 a catch in a square with no fish catches nothing, and nothing flees", () => {
    const g = buildGame({ swarms: [{ at: [1, 0, 0], fish: 5 }] });
    const r = playForced(g, round({ ana: act.catch() }), { "attack:ana": 18 });
    expect(ofType(r.events, "attack")[0]).toMatchObject({ result: "noFish", hit: false });
    expect(ofType(r.events, "fishMoved")).toEqual([]);
    expect(r.requests.map((q) => q.key)).toEqual(["attack:ana"]);
  });
});
