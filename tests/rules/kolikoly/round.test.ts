import { describe, expect, test } from "vitest";
import { ROUND_STEPS, eventsFor } from "../../../src/rules/index.ts";
import {
  act,
  buildGame,
  fisherOf,
  ofType,
  playForced,
  round,
  tryRound,
} from "../../fixtures/builders.ts";

const mods = { attack: 1, survival: 2, stealth: 3, animalHandling: 4, initiative: 5, damage: 0 };

describe("K5 declaration", () => {
  test("K5 declarations are made public only when the round resolves, and an undeclared fisher takes no action (said in chat)", () => {
    const g = buildGame({
      fishers: [{ id: "ana" }, { id: "bo", at: [3, 3, 0] }],
      explored: [[1, 0, 0]],
    });
    const r = playForced(g, round({ ana: act.move([1, 0, 0]) }), { "check:ana": 9 });
    expect(ofType(r.events, "declared")).toEqual([
      {
        round: 1,
        audience: "all",
        type: "declared",
        fisher: "ana",
        declaration: act.move([1, 0, 0]),
      },
    ]);
    expect(ofType(r.events, "noAction")).toEqual([
      { round: 1, audience: "all", type: "noAction", fisher: "bo", reason: "undeclared" },
    ]);
    expect(fisherOf(r.state, "bo").at).toEqual([3, 3, 0]);
    expect(r.requests.map((q) => q.key)).toEqual(["check:ana"]); // bo rolls nothing
  });

  test("K5 each fisher declares exactly one action of catch, track, move or herd; anything else is refused before any die", () => {
    const g = buildGame();
    for (const [input, field, code] of [
      [{ actions: { ana: { action: "swim" } } }, "actions.ana.action", "badAction"],
      [{ actions: { zed: { action: "catch" } } }, "actions.zed", "unknownFisher"],
      [{ actions: { ana: { action: "track" } } }, "actions.ana.target", "badCoord"],
      [
        { actions: { ana: { action: "herd", toward: [1, 0, 0], attack: false } } },
        "actions.ana.attack",
        "badField",
      ],
      [{ actions: [] }, "actions", "badField"],
    ] as const) {
      const r = tryRound(g, input);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error).toMatchObject({ field, code });
        expect(r.requests).toEqual([]);
      }
    }
  });
});

test("K5 a declaration keyed by an object's own machinery (__proto__, constructor) is an unknown fisher", () => {
  for (const key of ["__proto__", "constructor"]) {
    const input: unknown = JSON.parse(`{"actions":{"${key}":{"action":"catch"}}}`);
    const r = tryRound(buildGame(), input);
    expect(!r.ok && r.error).toMatchObject({ code: "unknownFisher", field: `actions.${key}` });
  }
  expect(() => buildGame({ fishers: [{ id: "constructor" }] })).toThrow(/reserved/);
});

describe("K6 checks", () => {
  test("K6 each action rolls its check: catch the net attack, track Survival, move Stealth, herd Animal Handling (d20 + modifier)", () => {
    const g = buildGame({
      fishers: [
        { id: "a", at: [0, 0, 0], mods },
        { id: "b", at: [5, 0, 0], mods },
        { id: "c", at: [0, 5, 0], mods },
        { id: "d", at: [5, 5, 0], mods },
      ],
      explored: "all",
    });
    const r = playForced(
      g,
      round({
        a: act.catch(),
        b: act.track([4, 0, 0]),
        c: act.move([0, 4, 0]),
        d: act.herd([4, 4, 0]),
      }),
      { "attack:a": 5, "check:b": 5, "check:c": 5, "check:d": 8 },
    );
    expect(r.requests.map((q) => [q.kind, q.key, q.formula, q.d20])).toEqual([
      ["attack", "attack:a", "1d20+1", true],
      ["check", "check:b", "1d20+2", true],
      ["check", "check:c", "1d20+3", true],
      ["check", "check:d", "1d20+4", true],
    ]);
    expect(ofType(r.events, "check").map((e) => [e.fisher, e.total, e.band])).toEqual([
      ["a", 5, "miss"],
      ["b", 5, "none"],
      ["c", 5, "quiet"],
      ["d", 8, "stay"],
    ]);
  });

  test("K6 a check rolled from the seed is d20 + modifier, and its natural is kept", () => {
    const g = buildGame({ fishers: [{ mods: { stealth: 7 } }], explored: [[1, 0, 0]] });
    const r = playForced(g, round({ ana: act.move([1, 0, 0]) }), { "check:ana": { natural: 4 } });
    expect(ofType(r.events, "check")[0]).toMatchObject({ total: 11, natural: 4, band: "quiet" });
  });
});

describe("K7 conflicts and initiative", () => {
  const two = (o: { aInit?: number; bInit?: number } = {}) =>
    buildGame({
      fishers: [
        { id: "ana", at: [2, 2, 0], mods: { initiative: o.aInit ?? 0 } },
        { id: "bo", at: [2, 2, 0], mods: { initiative: o.bInit ?? 0 } },
      ],
      swarms: [{ at: [2, 2, 0], fish: 5 }],
    });

  test("K7 two catches in one square conflict: the higher initiative catches first, and the second only gets what is left", () => {
    const r = playForced(two(), round({ ana: act.catch(), bo: act.catch() }), {
      "attack:ana": 12,
      "attack:bo": 12,
      "initiative:ana": 8,
      "initiative:bo": 15,
      "damage:bo": 4,
      "damage:ana": 4,
    });
    expect(ofType(r.events, "conflict")).toEqual([
      { round: 1, audience: "all", type: "conflict", at: [2, 2, 0], order: ["bo", "ana"] },
    ]);
    expect(ofType(r.events, "caught").map((e) => [e.fisher, e.fish])).toEqual([
      ["bo", 4],
      ["ana", 1],
    ]);
    expect(r.requests.map((q) => q.key)).toEqual([
      "attack:ana",
      "attack:bo",
      "initiative:ana",
      "initiative:bo",
      "damage:bo",
      "damage:ana",
    ]);
  });

  test("K7 an initiative tie goes to the higher initiative modifier", () => {
    const r = playForced(
      two({ aInit: 1, bInit: 3 }),
      round({ ana: act.catch(), bo: act.catch() }),
      {
        "attack:ana": 3,
        "attack:bo": 3,
        "initiative:ana": 14,
        "initiative:bo": 14,
        "flee:s1": 1,
      },
    );
    expect(ofType(r.events, "conflict")[0]!.order).toEqual(["bo", "ana"]);
    expect(r.requests.find((q) => q.key === "initiative:bo")?.formula).toBe("1d20+3");
  });

  test("K7 an initiative tie with equal modifiers is settled by roll-offs, repeated until they differ", () => {
    const r = playForced(
      two({ aInit: 2, bInit: 2 }),
      round({ ana: act.catch(), bo: act.catch() }),
      {
        "attack:ana": 3,
        "attack:bo": 3,
        "initiative:ana": 14,
        "initiative:bo": 14,
        "rolloff:ana": [9, 17],
        "rolloff:bo": [9, 4],
        "flee:s1": 1,
      },
    );
    expect(ofType(r.events, "conflict")[0]!.order).toEqual(["ana", "bo"]);
    expect(ofType(r.events, "initiative")).toEqual([
      {
        round: 1,
        audience: "all",
        type: "initiative",
        fisher: "ana",
        total: 14,
        rollOffs: [9, 17],
      },
      { round: 1, audience: "all", type: "initiative", fisher: "bo", total: 14, rollOffs: [9, 4] },
    ]);
  });

  test("K7 after 20 tied roll-offs the tie goes to fisher order", () => {
    const tie = Array<number>(20).fill(7);
    const r = playForced(
      two({ aInit: 1, bInit: 1 }),
      round({ ana: act.catch(), bo: act.catch() }),
      {
        "attack:ana": 3,
        "attack:bo": 3,
        "initiative:ana": 9,
        "initiative:bo": 9,
        "rolloff:ana": tie,
        "rolloff:bo": tie,
        "flee:s1": 1,
      },
    );
    expect(ofType(r.events, "conflict")[0]!.order).toEqual(["ana", "bo"]);
  });

  test("K7 a herd and a catch attack on the same square conflict, and so do two herds of it", () => {
    const herdCatch = playForced(two(), round({ ana: act.herd([3, 2, 0]), bo: act.catch() }), {
      "check:ana": 8,
      "attack:bo": 4,
      "initiative:ana": 10,
      "initiative:bo": 11,
      "flee:s1": 1,
    });
    expect(ofType(herdCatch.events, "conflict")[0]!.order).toEqual(["bo", "ana"]);
    const twoHerds = playForced(
      two(),
      round({ ana: act.herd([3, 2, 0]), bo: act.herd([1, 2, 0]) }),
      {
        "check:ana": 8,
        "check:bo": 9,
        "initiative:ana": 10,
        "initiative:bo": 2,
      },
    );
    expect(ofType(twoHerds.events, "conflict")[0]!.order).toEqual(["ana", "bo"]);
  });

  test("K7 a Track 17+ attack joins the catch on its target square; a Move 17+ that declined its attack does not", () => {
    const g = buildGame({
      fishers: [
        { id: "ana", at: [2, 2, 0] },
        { id: "bo", at: [3, 2, 0] },
        { id: "cy", at: [1, 2, 0] },
      ],
      swarms: [{ at: [2, 2, 0], fish: 9 }],
    });
    const r = playForced(
      g,
      round({ ana: act.catch(), bo: act.track([2, 2, 0]), cy: act.move([2, 2, 0], false) }),
      {
        "attack:ana": 4,
        "check:bo": 17,
        "check:cy": 20,
        "initiative:ana": 3,
        "initiative:bo": 5,
        "attack:bo": 4,
        "flee:s1": 2,
      },
    );
    expect(ofType(r.events, "conflict")).toMatchObject([{ at: [2, 2, 0], order: ["bo", "ana"] }]);
    expect(ofType(r.events, "attack").map((e) => [e.fisher, e.source])).toEqual([
      ["bo", "track"],
      ["ana", "catch"],
    ]);
  });

  test("K7 a lone catch rolls no initiative, and catches on different squares do not conflict", () => {
    const g = buildGame({
      fishers: [
        { id: "ana", at: [0, 0, 0] },
        { id: "bo", at: [5, 5, 0] },
      ],
      swarms: [
        { at: [0, 0, 0], fish: 2 },
        { at: [5, 5, 0], fish: 2 },
      ],
    });
    const r = playForced(g, round({ ana: act.catch(), bo: act.catch() }), {
      "attack:ana": 15,
      "attack:bo": 15,
      "damage:ana": 2,
      "damage:bo": 2,
    });
    expect(ofType(r.events, "conflict")).toEqual([]);
    expect(r.requests.some((q) => q.kind === "initiative")).toBe(false);
  });

  test("K7 outside conflicts, fisher order does not change the outcome", () => {
    const build = (order: string[]) =>
      buildGame({
        fishers: order.map((id) => ({
          id,
          at: id === "ana" ? ([0, 0, 0] as const) : ([2, 0, 0] as const),
        })),
        swarms: [{ at: [1, 0, 0], fish: 6 }],
      });
    const forced = {
      "check:ana": 12,
      "check:bo": 17,
      "attack:bo": 15,
      "damage:bo": 2,
      "flee:s1": 3,
    };
    // ana tracks the square bo moves into and catches from: tracks resolve first either way
    const input = round({ ana: act.track([1, 0, 0]), bo: act.move([1, 0, 0]) });
    const a = playForced(build(["ana", "bo"]), input, forced);
    const b = playForced(build(["bo", "ana"]), input, forced);
    const strip = (s: typeof a.state) => ({
      ...s,
      fishers: [...s.fishers].sort((x, y) => x.id.localeCompare(y.id)),
    });
    expect(strip(b.state)).toEqual(strip(a.state));
    expect(ofType(a.events, "tracked")[0]).toMatchObject({ fish: 6 });
    const key = (e: object) => JSON.stringify(e);
    expect(b.events.map(key).sort()).toEqual(a.events.map(key).sort());
  });
});

describe("K8 fish move last", () => {
  test("K8 the steps of a round run in one written order: actions, then fish movement, then end-of-round exploration", () => {
    expect(ROUND_STEPS.map((s) => s.name)).toEqual([
      "declare",
      "checks",
      "conflicts and initiative",
      "tracks",
      "entries",
      "catch attacks",
      "herds",
      "fish movement",
      "end-of-round exploration",
      "seen",
      "end check",
    ]);
  });

  test("K8 fish move after every action, and a herder's new square is explored after the fish arrive", () => {
    const g = buildGame({
      fishers: [
        { id: "ana", at: [0, 0, 0] },
        { id: "bo", at: [0, 0, 0] },
      ],
      swarms: [{ at: [0, 0, 0], fish: 5 }],
    });
    const r = playForced(g, round({ ana: act.herd([1, 0, 0]), bo: act.catch() }), {
      "check:ana": 11,
      "attack:bo": 12,
      "initiative:ana": 5,
      "initiative:bo": 6,
      "damage:bo": 2,
      "explore:1,0,0": 2,
    });
    const types = r.events.map((e) => e.type);
    expect(types.indexOf("caught")).toBeLessThan(types.indexOf("fishMoved"));
    expect(types.indexOf("fishMoved")).toBeLessThan(types.lastIndexOf("moved"));
    expect(types.lastIndexOf("moved")).toBeLessThan(types.indexOf("explored"));
    expect(types.at(-1)).toBe("roundEnd");
    expect(eventsFor(r.events, "player").map((e) => e.type)).toEqual(types); // a herd is public
  });
});
