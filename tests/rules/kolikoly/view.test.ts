/**
 * K19, K20: secrecy is a projection (kolikoly/view.ts). A player's view holds every fisher's
 * public facts and the seen swarms only; events reach the GM, everyone, or one fisher's player.
 */
import { describe, expect, test } from "vitest";
import type { GameEvent, GameState } from "../../../src/rules/index.ts";
import { canSee, eventsFor, newGame, viewFor } from "../../../src/rules/index.ts";

function state(): GameState {
  const s = structuredClone(
    newGame({
      seed: 5,
      lake: { width: 2, height: 2, levels: 1, verticalAdjacency: true },
      fishers: [
        { id: "ana", at: [0, 0, 0] },
        { id: "bo", at: [1, 1, 0] },
      ],
      squares: [
        { at: [1, 0, 0], swarms: [5] },
        { at: [0, 1, 0], swarms: [3] },
      ],
    }),
  );
  s.round = 4;
  s.swarms[0]!.seen = true;
  s.swarms[1]!.seen = false;
  s.explored = [1, 0, 0, 1];
  s.fishers[0]!.caught = 2;
  s.fishers[0]!.hp = 3;
  s.fishers[1]!.netDropped = true;
  return s;
}

describe("K19 canSee and eventsFor", () => {
  test("the GM sees everything; a public event reaches everyone; a GM event no player", () => {
    expect(canSee("gm", "gm")).toBe(true);
    expect(canSee({ fisher: "ana" }, "gm")).toBe(true);
    expect(canSee("all", "player")).toBe(true);
    expect(canSee("all", { fisher: "ana" })).toBe(true);
    expect(canSee("gm", "player")).toBe(false);
    expect(canSee("gm", { fisher: "ana" })).toBe(false);
  });

  test("a fisher's whisper reaches that fisher's player only", () => {
    expect(canSee({ fisher: "ana" }, { fisher: "ana" })).toBe(true);
    expect(canSee({ fisher: "ana" }, { fisher: "bo" })).toBe(false);
    expect(canSee({ fisher: "ana" }, "player")).toBe(false);
  });

  test("eventsFor keeps the events a viewer may see, in order", () => {
    const log = [
      { type: "a", audience: "all" },
      { type: "b", audience: "gm" },
      { type: "c", audience: { fisher: "ana" } },
      { type: "d", audience: "all" },
    ] as unknown as GameEvent[];
    const types = (v: Parameters<typeof eventsFor>[1]) => eventsFor(log, v).map((e) => e.type);
    expect(types("gm")).toEqual(["a", "b", "c", "d"]);
    expect(types("player")).toEqual(["a", "d"]);
    expect(types({ fisher: "ana" })).toEqual(["a", "c", "d"]);
    expect(types({ fisher: "bo" })).toEqual(["a", "d"]);
  });
});

describe("K20 viewFor", () => {
  test("a player's view: the seen swarms only, each with its public fields", () => {
    const s = state();
    const v = viewFor(s, "player");
    expect(v.viewer).toBe("player");
    expect(v.round).toBe(4);
    expect(v.over).toBe(false);
    expect(v.lake).toEqual(s.lake);
    expect(v.swarms).toEqual([
      { id: s.swarms[0]!.id, at: [1, 0, 0], fish: 5, max: s.swarms[0]!.max, seen: true },
    ]);
    expect(viewFor({ ...s, over: true }, { fisher: "ana" }).over).toBe(true);
    expect(viewFor(s, { fisher: "ana" }).swarms).toHaveLength(1);
  });

  test("the GM's view: every swarm, seen or not", () => {
    const s = state();
    expect(viewFor(s, "gm").swarms.map((w) => [w.id, w.seen])).toEqual([
      [s.swarms[0]!.id, true],
      [s.swarms[1]!.id, false],
    ]);
  });

  test("every fisher's public facts, nothing more; netDropped only while the net is down (H4)", () => {
    const s = state();
    const [ana, bo] = viewFor(s, "player").fishers;
    const f0 = s.fishers[0]!;
    expect(ana).toEqual({
      id: "ana",
      name: f0.name,
      at: [0, 0, 0],
      caught: 2,
      hp: 3,
      maxHp: f0.maxHp,
      condition: f0.condition,
    });
    expect(Object.keys(bo!).sort()).toEqual(
      ["at", "caught", "condition", "hp", "id", "maxHp", "name", "netDropped"].sort(),
    );
    expect(bo!.netDropped).toBe(true);
  });

  test("K21 the explored squares as coordinates, shared by every viewer and frozen", () => {
    const s = state();
    const a = viewFor(s, "player").explored;
    expect(a).toEqual([
      [0, 0, 0],
      [1, 1, 0],
    ]);
    expect(viewFor(s, "gm").explored).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    // another explored list is another projection
    const t = { ...s, explored: [0, 1, 1, 0] };
    expect(viewFor(t, "player").explored).toEqual([
      [1, 0, 0],
      [0, 1, 0],
    ]);
  });
});
