/**
 * K20: the token writes that show players a lake (fishing/projection.ts `tokenOps`), computed
 * against a scene built by hand: exactly the seen swarms' tokens, each written whole once and
 * updated only in what changed; tokens a GM client did not make for this lake are never taken
 * for its swarms; last-seen markers come from earlier public tokens, never from the truth.
 */
import { describe, expect, test } from "vitest";
import type { GameEvent, GameState } from "../../src/rules/index.ts";
import { newGame } from "../../src/rules/index.ts";
import type { PublicLake } from "../../src/foundry/fishing/projection.ts";
import {
  boardLevels,
  lakeFootprint,
  publicLakeView,
  publicLakeFor,
  sceneLakeOp,
  sceneLevelsFor,
  squareAt,
  squareOrigin,
  swarmFlagOf,
  swarmTokenId,
  swarmTokensOf,
  tokenOps,
} from "../../src/foundry/fishing/projection.ts";
import { DISPLAY_ALWAYS, MODULE_ID, SWARM_ICON } from "../../src/foundry/core/constants.ts";
import type { SceneData, TokenData, WriteOp } from "../../src/foundry/core/port.ts";
import { publicLake } from "./fixtures/public-lake.ts";

const pub: PublicLake = publicLake({
  name: "Pond",
  sceneId: "sc",
  origin: { col: 1, row: 2 },
  fishers: [
    { id: "ana", name: "Ana", tokenId: "tokAna", actorId: "actAna" },
    { id: "bo", name: "Bo", tokenId: "tokBo", actorId: "actBo" },
  ],
  swarmActorId: "swarmActor",
});
const G = 100;

/** A new game on `lake`, Ana and Bo where their tokens stand, the swarms on `squares`. */
function gameOn(lake: PublicLake["lake"], squares: Parameters<typeof newGame>[0]["squares"]) {
  return structuredClone(
    newGame({
      seed: 3,
      lake,
      fishers: [
        { id: "ana", at: [0, 0, 0] },
        { id: "bo", at: [2, 1, 0] },
      ],
      squares,
    }),
  ) as GameState;
}

function state(seen: boolean[]): GameState {
  const s = gameOn(pub.lake, [
    { at: [1, 0, 0], swarms: [5, 4] },
    { at: [2, 0, 0], swarms: [3] },
  ]);
  s.swarms.forEach((w, i) => (w.seen = seen[i] ?? false));
  return s;
}

function fisherToken(id: string, at: [number, number]): TokenData {
  return {
    _id: id,
    name: id,
    x: (pub.origin.col + at[0]) * G,
    y: (pub.origin.row + at[1]) * G,
    width: 1,
    height: 1,
    elevation: 0,
    actorId: "x",
    actorLink: true,
    hidden: false,
  };
}

function scene(tokens: TokenData[] = []): SceneData {
  return {
    _id: "sc",
    name: "S",
    flags: {},
    tokens: [fisherToken("tokAna", [0, 0]), fisherToken("tokBo", [2, 1]), ...tokens],
    gridSize: G,
    sceneX: 0,
    sceneY: 0,
    sceneWidth: 4000,
    sceneHeight: 3000,
    gridType: 1, // CONST.GRID_TYPES.SQUARE
  };
}

/** The scene after the ops, as the server would apply them. */
function apply(sc: SceneData, ops: WriteOp[]): SceneData {
  let tokens = [...sc.tokens];
  for (const op of ops) {
    if (op.kind === "tokens.create") tokens.push(...(op.data as TokenData[]));
    else if (op.kind === "tokens.update")
      tokens = tokens.map((t) => {
        const u = op.updates.find((x) => x._id === t._id);
        return u ? ({ ...t, ...u, flags: { ...t.flags, ...u.flags } } as TokenData) : t;
      });
    else if (op.kind === "tokens.delete") tokens = tokens.filter((t) => !op.ids.includes(t._id));
  }
  return { ...sc, tokens };
}

const ops = (sc: SceneData, s: GameState, events: GameEvent[] = [], p: PublicLake = pub) =>
  tokenOps(p, sc, s, events, "Swarm");

describe("K20 tokenOps", () => {
  test("a seen swarm's token, written whole; unseen swarms get none; then nothing to write", () => {
    const s = state([true, false, false]);
    const first = ops(scene(), s);
    expect(first).toEqual([
      {
        kind: "tokens.create",
        sceneId: "sc",
        data: [
          {
            _id: swarmTokenId("lake1", "s1"),
            name: "Swarm",
            x: (1 + 1) * G,
            y: 2 * G,
            width: 0.5,
            height: 0.5,
            elevation: 0,
            actorId: "swarmActor",
            actorLink: false,
            hidden: false,
            texture: { src: SWARM_ICON },
            bar1: { attribute: "fish" },
            displayBars: DISPLAY_ALWAYS,
            delta: { system: { fish: { value: 5, max: 5 } } },
            flags: { [MODULE_ID]: { lake: "lake1", swarm: "s1", at: [1, 0, 0] } },
          },
        ],
      },
    ]);
    expect(ops(apply(scene(), first), s)).toEqual([]);
  });

  test("swarms on one square share it by quarters", () => {
    const s = state([true, true, true]);
    s.swarms[2]!.at = [1, 0, 0];
    const data = (ops(scene(), s)[0] as { data: TokenData[] }).data;
    expect(data.map((d) => [d.x, d.y])).toEqual([
      [200, 200],
      [250, 200],
      [200, 250],
    ]);
  });

  test("each square has its own slots: swarms on different squares each take the first", () => {
    const s = state([true, false, true]);
    const data = (ops(scene(), s)[0] as { data: TokenData[] }).data;
    expect(data.map((d) => [d.x, d.y])).toEqual([
      [200, 200],
      [300, 200],
    ]);
  });

  test("each square has its own slots on a lake 12 wide: squares (1, 11) and (11, 1) are two", () => {
    const wide = { ...pub, lake: { width: 12, height: 12, levels: 1, verticalAdjacency: true } };
    const s = gameOn(wide.lake, [
      { at: [1, 11, 0], swarms: [5] },
      { at: [11, 1, 0], swarms: [4] },
    ]);
    s.swarms.forEach((w) => (w.seen = true));
    const data = (ops(scene(), s, [], wide)[0] as { data: TokenData[] }).data;
    // each on its square's top-left quarter (origin: column 1, row 2)
    expect(data.map((d) => [d.x, d.y])).toEqual([
      [(1 + 1) * G, (2 + 11) * G],
      [(1 + 11) * G, (2 + 1) * G],
    ]);
  });

  test("on a v14 stacked lake a swarm's token moved down a level is updated onto that Scene Level", () => {
    const stacked: PublicLake = {
      ...pub,
      lake: { ...pub.lake, levels: 2 },
      layout: "scene-levels",
      sceneLevels: [
        { id: "L0", elevation: 0 },
        { id: "L1", elevation: -10 },
      ],
    };
    const s = gameOn(stacked.lake, [{ at: [1, 0, 0], swarms: [5] }]);
    s.swarms[0]!.seen = true;
    const made = ops(scene(), s, [], stacked);
    const id = swarmTokenId("lake1", "s1");
    const created = (made.find((o) => o.kind === "tokens.create") as { data: TokenData[] }).data;
    expect(created).toMatchObject([{ _id: id, x: 200, y: 200, elevation: 0, level: "L0" }]);
    s.swarms[0]!.at = [1, 0, 1];
    const moved = ops(apply(scene(), made), s, [], stacked);
    const updates = (moved.find((o) => o.kind === "tokens.update") as { updates: TokenData[] })
      .updates;
    expect(updates.filter((u) => u._id === id)).toMatchObject([
      { _id: id, x: 200, y: 200, elevation: -10, level: "L1" },
    ]);
  });

  test("each change of a swarm's token is an update of that token; the rest is left alone", () => {
    const s = state([true, false, false]);
    const sc = apply(scene(), ops(scene(), s));
    const id = swarmTokenId("lake1", "s1");
    const tok = sc.tokens.find((t) => t._id === id)!;
    const changed: Partial<TokenData>[] = [
      { x: tok.x + 1 },
      { y: tok.y + 1 },
      { elevation: 2 },
      { level: "L1" },
      { delta: { system: { fish: { value: 4, max: 5 } } } },
      { delta: { system: { fish: { value: 5, max: 6 } } } },
      { delta: {} },
      { flags: { [MODULE_ID]: { lake: "lake1", swarm: "s1", at: [1, 0, 0], stale: true } } },
      { flags: { [MODULE_ID]: { lake: "lake1", swarm: "s1", at: [0, 0, 0] } } },
    ];
    for (const c of changed) {
      const moved = { ...sc, tokens: sc.tokens.map((t) => (t._id === id ? { ...t, ...c } : t)) };
      const out = ops(moved, s);
      expect(out, JSON.stringify(c)).toEqual([
        {
          kind: "tokens.update",
          sceneId: "sc",
          updates: [
            {
              _id: id,
              x: 200,
              y: 200,
              elevation: 0,
              delta: { system: { fish: { value: 5, max: 5 } } },
              flags: { [MODULE_ID]: { lake: "lake1", swarm: "s1", at: [1, 0, 0], stale: false } },
            },
          ],
        },
      ]);
      // (a level the lake does not want is not cleared by the update: a side-by-side lake's
      // tokens carry none, so only a hand-made level shows this)
      if (!("level" in c)) expect(ops(apply(moved, out), s), JSON.stringify(c)).toEqual([]);
    }
  });

  test("a fisher's token follows the fisher; one not on the scene is skipped", () => {
    const s = state([false, false, false]);
    expect(ops(scene(), s)).toEqual([]);
    s.fishers[0]!.at = [1, 1, 0];
    expect(ops(scene(), s)).toEqual([
      {
        kind: "tokens.update",
        sceneId: "sc",
        updates: [{ _id: "tokAna", x: 200, y: 300, elevation: 0 }],
      },
    ]);
    for (const c of [{ x: 101 }, { y: 201 }, { elevation: 1 }, { level: "L1" }]) {
      const sc = scene();
      const moved = {
        ...sc,
        tokens: sc.tokens.map((t) => (t._id === "tokBo" ? { ...t, ...c } : t)),
      };
      const s2 = state([false, false, false]);
      const out = ops(moved, s2);
      expect(out, JSON.stringify(c)).toEqual([
        {
          kind: "tokens.update",
          sceneId: "sc",
          updates: [{ _id: "tokBo", x: 300, y: 300, elevation: 0 }],
        },
      ]);
    }
    const noBo = { ...scene(), tokens: scene().tokens.filter((t) => t._id !== "tokBo") };
    const s3 = state([false, false, false]);
    s3.fishers[1]!.at = [0, 1, 0];
    expect(ops(noBo, s3)).toEqual([]);
    const p = { ...pub, fishers: pub.fishers.filter((f) => f.id !== "bo") };
    expect(ops(scene(), s3, [], p)).toEqual([]);
  });

  test("a swarm no longer seen loses its token; create, update and delete come in that order", () => {
    const both = state([true, true, false]);
    const sc = apply(scene(), ops(scene(), both));
    const s = state([false, true, true]);
    s.swarms[1]!.at = [0, 1, 0];
    s.fishers[0]!.at = [1, 1, 0];
    const out = ops(sc, s);
    expect(out.map((o) => o.kind)).toEqual(["tokens.create", "tokens.update", "tokens.delete"]);
    expect(out.every((o) => (o as { sceneId: string }).sceneId === "sc")).toBe(true);
    expect((out[2] as { ids: string[] }).ids).toEqual([swarmTokenId("lake1", "s1")]);
    expect((out[1] as { updates: { _id: string }[] }).updates.map((u) => u._id)).toEqual([
      swarmTokenId("lake1", "s2"),
      "tokAna",
    ]);
  });

  test("a token is the lake's swarm token only by its id and actor, both a GM's: flags are not enough", () => {
    const s = state([false, false, false]);
    const flags = { [MODULE_ID]: { lake: "lake1", swarm: "s1", at: [1, 0, 0] } };
    const real = {
      ...fisherToken(swarmTokenId("lake1", "s1"), [1, 0]),
      actorId: "swarmActor",
      flags,
    };
    const forged: TokenData[] = [
      { ...real, _id: "playerMade000001" },
      { ...real, actorId: "actAna" },
      { ...real, flags: { [MODULE_ID]: { ...flags[MODULE_ID], lake: "other" } } },
      { ...real, flags: { [MODULE_ID]: { lake: "lake1", swarm: 5 } } },
      { ...real, flags: { [MODULE_ID]: { swarm: "s1" } } },
      { ...real, flags: {} },
    ];
    for (const f of forged) {
      expect(swarmTokensOf(pub, scene([f])), JSON.stringify(f)).toEqual([]);
      expect(ops(scene([f]), s), JSON.stringify(f)).toEqual([]);
    }
    expect(swarmTokensOf(pub, scene([real]))).toEqual([real]);
    expect(ops(scene([real]), s)).toEqual([
      { kind: "tokens.delete", sceneId: "sc", ids: [real._id] },
    ]);
    // a fisher's own token carrying the swarm id and actor is still the fisher's
    const p = {
      ...pub,
      fishers: [...pub.fishers, { id: "cy", name: "Cy", tokenId: real._id, actorId: null }],
    };
    expect(swarmTokensOf(p, scene([real]))).toEqual([]);
    expect(swarmTokenId("lake1", "s1")).toMatch(/^[0-9a-f]{16}$/);
    expect(swarmTokenId("lake1", "s1")).not.toBe(swarmTokenId("lake2", "s1"));
    expect(swarmTokenId("lake1", "s1")).not.toBe(swarmTokenId("lake1", "s2"));
  });
});

describe("K19 last-seen markers", () => {
  const lastSeen = { ...pub, markers: "lastSeen" as const };
  function seenThenLost(): { sc: SceneData; s: GameState } {
    const s = state([true, false, false]);
    const sc = apply(scene(), ops(scene(), s, [], lastSeen));
    const lost = state([false, false, false]);
    lost.swarms[0]!.at = [0, 1, 0];
    lost.swarms[0]!.fish = 2;
    return { sc, s: lost };
  }

  test("a swarm lost from sight leaves its token as a marker where it was seen, with the count seen", () => {
    const { sc, s } = seenThenLost();
    const out = ops(sc, s, [], lastSeen);
    expect(out).toEqual([
      {
        kind: "tokens.update",
        sceneId: "sc",
        updates: [
          {
            _id: swarmTokenId("lake1", "s1"),
            x: 200,
            y: 200,
            elevation: 0,
            delta: { system: { fish: { value: 5, max: 5 } } },
            flags: { [MODULE_ID]: { lake: "lake1", swarm: "s1", at: [1, 0, 0], stale: true } },
          },
        ],
      },
    ]);
    expect(ops(apply(sc, out), s, [], lastSeen)).toEqual([]);
    // with markers off it goes
    expect(ops(sc, s).map((o) => o.kind)).toEqual(["tokens.delete"]);
  });

  test("a seen swarm's token is its live token, never also a marker; a marker stays beside a seen swarm", () => {
    const s = state([true, true, false]);
    const sc = apply(scene(), ops(scene(), s, [], lastSeen));
    expect(ops(sc, s, [], lastSeen)).toEqual([]);
    const lost = state([false, true, false]);
    const out = ops(sc, lost, [], lastSeen);
    const ups = (
      out[0] as { updates: { _id: string; flags: Record<string, { stale: boolean }> }[] }
    ).updates;
    expect(out.map((o) => o.kind)).toEqual(["tokens.update"]);
    // the two share square (1, 0, 0): the live one takes the first slot, the marker the next
    expect(ups.map((u) => [u._id, u.flags[MODULE_ID]!.stale])).toEqual([
      [swarmTokenId("lake1", "s2"), false],
      [swarmTokenId("lake1", "s1"), true],
    ]);
  });

  test("tokens without an actor delta: a marker reads no fish, a live token is written its count", () => {
    const s = state([true, false, false]);
    const sc = apply(scene(), ops(scene(), s, [], lastSeen));
    const id = swarmTokenId("lake1", "s1");
    const bare = {
      ...sc,
      tokens: sc.tokens.map((t) => {
        if (t._id !== id) return t;
        const { delta: _d, ...rest } = t;
        return rest as TokenData;
      }),
    };
    const live = ops(bare, s, [], lastSeen) as { updates: TokenData[] }[];
    expect(live[0]!.updates[0]!.delta).toEqual({ system: { fish: { value: 5, max: 5 } } });
    const lost = state([false, false, false]);
    const marker = ops(bare, lost, [], lastSeen) as { updates: TokenData[] }[];
    expect(marker[0]!.updates[0]!.delta).toEqual({ system: { fish: { value: 0, max: 0 } } });
  });

  test("a marker goes when the swarm is publicly caught out, not for another swarm or a partial catch", () => {
    const { sc, s } = seenThenLost();
    const caught = (swarm: string, left: number) =>
      [{ type: "swarmCaught", swarm, left, audience: "all" }] as unknown as GameEvent[];
    expect(ops(sc, s, caught("s1", 0), lastSeen).map((o) => o.kind)).toEqual(["tokens.delete"]);
    expect(ops(sc, s, caught("s1", 2), lastSeen).map((o) => o.kind)).toEqual(["tokens.update"]);
    expect(ops(sc, s, caught("s2", 0), lastSeen).map((o) => o.kind)).toEqual(["tokens.update"]);
    const other = [
      { type: "swarmFled", swarm: "s1", left: 0, audience: "all" },
    ] as unknown as GameEvent[];
    expect(ops(sc, s, other, lastSeen).map((o) => o.kind)).toEqual(["tokens.update"]);
  });

  test("a marker's square is read as data: one off the board or malformed is dropped; no fish reads 0", () => {
    const { sc, s } = seenThenLost();
    const id = swarmTokenId("lake1", "s1");
    for (const at of [[1, 0], [9, 0, 0], "1,0,0", [1, 0, 0, 0]]) {
      const bad = {
        ...sc,
        tokens: sc.tokens.map((t) =>
          t._id === id ? { ...t, flags: { [MODULE_ID]: { lake: "lake1", swarm: "s1", at } } } : t,
        ),
      };
      expect(ops(bad, s, [], lastSeen), JSON.stringify(at)).toEqual([
        { kind: "tokens.delete", sceneId: "sc", ids: [id] },
      ]);
    }
    const empty = { ...sc, tokens: sc.tokens.map((t) => (t._id === id ? { ...t, delta: {} } : t)) };
    const out = ops(empty, s, [], lastSeen) as { kind: string; updates: TokenData[] }[];
    expect(out[0]!.updates[0]!.delta).toEqual({ system: { fish: { value: 0, max: 0 } } });
  });
});

describe("the public lake and its square geometry", () => {
  test("publicLakeFor: round, end, explored squares by index, who declared, catches", () => {
    const s = state([false, false, false]);
    s.round = 2;
    s.over = true;
    s.explored = [0, 1, 0, 0, 0, 1];
    s.fishers[1]!.caught = 3;
    const declared = ["ana"];
    const p = publicLakeFor(pub, s, declared);
    expect(p).toEqual({
      ...pub,
      round: 2,
      over: true,
      explored: [1, 5],
      declared: ["ana"],
      catches: { ana: 0, bo: 3 },
    });
    expect(p.declared).not.toBe(declared);
  });

  test("sceneLakeOp writes the lake under its id and makes it the active one", () => {
    expect(sceneLakeOp(scene(), pub)).toEqual({
      kind: "scene.update",
      sceneId: "sc",
      update: { [`flags.${MODULE_ID}.lakes.lake1`]: pub, [`flags.${MODULE_ID}.active`]: "lake1" },
    });
  });

  test("squareAt: only squares of the board; side by side, the gap and the levels past the lake are none", () => {
    const grid = { gridSize: G, sceneX: 0, sceneY: 0 };
    const two = { ...pub, lake: { ...pub.lake, levels: 2 } };
    expect(squareAt(two, grid, 150, 250)).toEqual([0, 0, 0]);
    expect(squareAt(two, grid, 350, 350)).toEqual([2, 1, 0]);
    expect(squareAt(two, grid, 550, 250)).toEqual([0, 0, 1]);
    expect(squareAt(two, grid, 450, 250)).toBeUndefined(); // the gap
    expect(squareAt(two, grid, 950, 250)).toBeUndefined(); // a third level
    expect(squareAt(two, grid, 50, 250)).toBeUndefined(); // left of the board
    expect(squareAt(two, grid, 150, 150)).toBeUndefined(); // above
    expect(squareAt(two, grid, 150, 450)).toBeUndefined(); // below
    const stacked = { ...two, layout: "scene-levels" as const };
    expect(squareAt(stacked, grid, 350, 250)).toEqual([2, 0, 0]);
    expect(squareAt(stacked, grid, 450, 250)).toBeUndefined();
    // stacked levels have no columns past the lake: no second level to the right
    expect(squareAt(stacked, grid, 550, 250)).toBeUndefined();
    // two columns left of the board is not the last column of a level before it
    expect(squareAt(two, grid, -50, 250)).toBeUndefined();
  });

  test("a side-by-side lake ignores Scene Levels: its levels are columns, at elevation 0", () => {
    const grid = { gridSize: G, sceneX: 0, sceneY: 0 };
    const p = { ...pub, sceneLevels: [{ id: "L0", elevation: 5 }] };
    expect(squareOrigin(p, grid, [0, 0, 0])).toEqual({ x: 100, y: 200, elevation: 0 });
  });

  test("swarmFlagOf: a flag whose lake and swarm are strings, else none", () => {
    const t = (flag: unknown) => ({ ...fisherToken("t", [0, 0]), flags: { [MODULE_ID]: flag } });
    expect(swarmFlagOf(t({ lake: "l", swarm: "s1" }))).toEqual({ lake: "l", swarm: "s1" });
    expect(swarmFlagOf(t({ lake: "l", swarm: 5 }))).toBeUndefined();
    expect(swarmFlagOf(t({ lake: 5, swarm: "s1" }))).toBeUndefined();
    expect(swarmFlagOf(t({ swarm: "s1" }))).toBeUndefined();
    expect(swarmFlagOf(t(undefined))).toBeUndefined();
    expect(swarmFlagOf(fisherToken("t", [0, 0]))).toBeUndefined();
  });

  test("K21 boardLevels: each level's square (0, 0) where it is drawn, on its own Level when stacked", () => {
    const grid = { gridSize: G, sceneX: 0, sceneY: 0 };
    const two = { ...pub, lake: { ...pub.lake, levels: 2 }, explored: [] };
    expect(boardLevels(two, grid)).toEqual([
      { level: 0, x: 100, y: 200, elevation: 0, rows: true },
      { level: 1, x: 500, y: 200, elevation: 0, rows: true },
    ]);
    // levels right beside each other: the second one's row numbers would cover the first's squares
    expect(boardLevels({ ...two, gap: 0 }, grid).map((b) => [b.x, b.rows])).toEqual([
      [100, true],
      [400, false],
    ]);
    // stacked on v14 Scene Levels: every level at the same place, each on its own Level at that
    // Level's elevation, with its row numbers (no level lies beside it)
    const sceneLevels = [
      { id: "top", elevation: 10 },
      { id: "low", elevation: 0 },
    ];
    expect(boardLevels({ ...two, gap: 0, layout: "scene-levels", sceneLevels }, grid)).toEqual([
      { level: 0, x: 100, y: 200, elevation: 10, rows: true, sceneLevel: "top" },
      { level: 1, x: 100, y: 200, elevation: 0, rows: true, sceneLevel: "low" },
    ]);
    // stacked without Levels named: its levels would share one spot of one Level, the surface only
    expect(
      boardLevels({ ...two, layout: "scene-levels" }, grid).map((b) => [b.level, b.sceneLevel]),
    ).toEqual([[0, undefined]]);
  });

  test("K1 lakeFootprint: the squares a lake takes from its origin, levels side by side or stacked", () => {
    const lake = { width: 4, height: 3, levels: 3 };
    // 3 levels of 4 columns, 2 gaps of 2
    expect(lakeFootprint(lake, "side-by-side", 2)).toEqual({ width: 16, height: 3 });
    expect(lakeFootprint(lake, "side-by-side", 0)).toEqual({ width: 12, height: 3 });
    expect(lakeFootprint({ ...lake, levels: 1 }, "side-by-side", 5)).toEqual({
      width: 4,
      height: 3,
    });
    // stacked (v14 Scene Levels): one level's width, whatever the gap
    expect(lakeFootprint(lake, "scene-levels", 2)).toEqual({ width: 4, height: 3 });
  });

  test("K20 publicLakeView: the explored squares of the flag, and no swarm or fisher", () => {
    const three = {
      ...pub,
      lake: { ...pub.lake, levels: 2 },
      explored: [0, 7],
      round: 4,
      over: true,
    };
    expect(publicLakeView(three)).toEqual({
      viewer: "player",
      round: 4,
      over: true,
      lake: three.lake,
      fishers: [],
      swarms: [],
      explored: [
        [0, 0, 0],
        [1, 0, 1],
      ],
    });
  });

  test("sceneLevelsFor: the scene's Levels highest first, as many as the lake has; none when too few", () => {
    const levels = [
      { id: "low", name: "Low", bottom: -10, top: 0 },
      { id: "high", name: "High", bottom: 10, top: 20 },
      { id: "mid", name: "Mid", bottom: 0, top: 10 },
    ];
    expect(sceneLevelsFor({ levels }, 2)).toEqual([
      { id: "high", elevation: 10 },
      { id: "mid", elevation: 0 },
    ]);
    expect(sceneLevelsFor({ levels }, 4)).toBeUndefined();
    expect(sceneLevelsFor({}, 1)).toBeUndefined();
    expect(sceneLevelsFor({}, 0)).toEqual([]);
  });
});
