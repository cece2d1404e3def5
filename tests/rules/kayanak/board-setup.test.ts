/** J1 board and fish, J11 placement, J12 default dice, J3 the dice as requests. */
import { describe, expect, test } from "vitest";
import type { RollRequest } from "../../../src/rules/dice/requests.ts";
import { Xoshiro128, seedState } from "../../../src/rules/dice/prng.ts";
import {
  DEFAULT_ACTION_DIE,
  DEFAULT_SETTINGS,
  DEFAULT_TEMPERATURE_DIE,
  eventsFor,
  faceOf,
  generateFloes,
  holeIndex,
  holeOf,
  lakeOf,
  neighbourHoles,
  newGame,
  rollDice,
  viewFor,
} from "../../../src/rules/kayanak/index.ts";
import { neighbours } from "../../../src/rules/lake/geometry.ts";
import { game, ok, run, setupOf, bearsAt } from "./helpers.ts";

const defaultGame = (seed: number) =>
  ok(
    newGame({
      seed,
      fishers: bearsAt([0, 0], [7, 5]),
    }),
  );

describe("J1 the ice", () => {
  test("J1 the default board is 8 x 6 holes in 6 floes, each hole in exactly one floe, each floe one piece", () => {
    const { state } = defaultGame(11);
    const { board } = state;
    expect([board.width, board.height, board.floes.length]).toEqual([8, 6, 6]);
    expect(board.floes.flat().length).toBe(48);
    expect(new Set(board.floes.flat().map((h) => `${h[0]},${h[1]}`)).size).toBe(48);
    for (const [i, floe] of board.floes.entries()) {
      // connected through the 4 directions
      const seen = new Set([0]);
      const queue = [floe[0]!];
      while (queue.length) {
        const h = queue.pop()!;
        floe.forEach((o, k) => {
          if (!seen.has(k) && Math.abs(o[0] - h[0]) + Math.abs(o[1] - h[1]) === 1) {
            seen.add(k);
            queue.push(o);
          }
        });
      }
      expect(seen.size, `floe ${i}`).toBe(floe.length);
      for (const h of floe) expect(board.floeOf[holeIndex(board, h)]).toBe(i);
    }
  });

  test("J1 generated floes are of like size (mostly 6 to 10 holes on the default board, never 1)", () => {
    const sizes: number[] = [];
    for (let seed = 0; seed < 200; seed++)
      sizes.push(...generateFloes(8, 6, 6, new Xoshiro128(seedState(seed))).map((f) => f.length));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
    expect(sizes.filter((n) => n >= 6 && n <= 10).length / sizes.length).toBeGreaterThan(0.75);
  });

  test("J1 no generated floe has fewer than 3 holes: 2,000 seeds of the default board, and any board of 8 holes a floe", () => {
    const onePiece = (floe: readonly (readonly [number, number])[]) => {
      const key = (h: readonly [number, number]) => `${h[0]},${h[1]}`;
      const all = new Set(floe.map(key));
      const seen = new Set([key(floe[0]!)]);
      const queue = [floe[0]!];
      for (let q = 0; q < queue.length; q++) {
        const [x, y] = queue[q]!;
        for (const n of [
          [x + 1, y],
          [x - 1, y],
          [x, y + 1],
          [x, y - 1],
        ] as const)
          if (all.has(key(n)) && !seen.has(key(n))) {
            seen.add(key(n));
            queue.push(n);
          }
      }
      return seen.size === floe.length;
    };
    const check = (w: number, h: number, k: number, seed: number) => {
      const floes = generateFloes(w, h, k, new Xoshiro128(seedState(seed)));
      expect(floes.length).toBe(k);
      expect(floes.flat().length).toBe(w * h);
      for (const f of floes) {
        expect(f.length, `${w}x${h}/${k} seed ${seed}`).toBeGreaterThanOrEqual(3);
        expect(onePiece(f), `${w}x${h}/${k} seed ${seed}`).toBe(true);
      }
    };
    for (let seed = 0; seed < 2000; seed++) check(8, 6, 6, seed);
    for (let w = 3; w <= 12; w += 3)
      for (let h = 2; h <= 12; h += 2)
        for (let k = 1; 8 * k <= w * h; k++)
          for (let seed = 0; seed < 10; seed++) check(w, h, k, seed);
  });

  test("J1 15 big and 75 small fish are dropped; every hole starts covered", () => {
    const { state } = defaultGame(3);
    expect(state.holes.every((h) => !h.open && !h.frozen)).toBe(true);
    expect(state.holes.reduce((n, h) => n + h.big, 0)).toBe(15);
    expect(state.holes.reduce((n, h) => n + h.small, 0)).toBe(75);
    expect(state.dropped).toEqual({ big: 15, small: 75 });
    // some holes stay empty and some hold several (over a few seeds)
    const counts = [1, 2, 3, 4, 5].flatMap((s) =>
      defaultGame(s).state.holes.map((h) => h.big + h.small),
    );
    expect(counts).toContain(0);
    expect(Math.max(...counts)).toBeGreaterThan(3);
  });

  test("J1 each fish falls into a uniformly random hole (about 90/48 a hole over many seeds)", () => {
    const total = Array.from({ length: 48 }, () => 0);
    const games = 400;
    for (let s = 0; s < games; s++)
      defaultGame(s).state.holes.forEach((h, i) => (total[i]! += h.big + h.small));
    for (const t of total) expect(t / games).toBeGreaterThan(1.6);
    for (const t of total) expect(t / games).toBeLessThan(2.15);
  });

  test("J1 given floes must hold every hole exactly once (floeMissing, floeOverlap)", () => {
    const missing = newGame(setupOf({ floes: [[[0, 0]]] }));
    expect(missing.ok || missing.error).toMatchObject({
      code: "floeMissing",
      field: "board.floes",
    });
    const twice = newGame(
      setupOf({
        floes: [
          [
            [0, 0],
            [1, 0],
          ],
          [[1, 0]],
        ],
      }),
    );
    expect(twice.ok || twice.error).toMatchObject({
      code: "floeOverlap",
      field: "board.floes[1][0]",
    });
  });

  test("J1 placed fish: the holes named hold them and every other hole is empty; not both ways at once", () => {
    const s = game({ holes: [{ at: [2, 1], big: 1, small: 2 }] });
    expect(s.holes.filter((h) => h.big + h.small > 0)).toEqual([
      { open: false, frozen: false, big: 1, small: 2 },
    ]);
    expect(s.dropped).toEqual({ big: 1, small: 2 });
    const both = newGame(setupOf({ fish: { big: 1, small: 1 } }));
    expect(both.ok || both.error).toMatchObject({ code: "badField", field: "holes" });
  });

  test("J1 a hole is the square [x, y, 0] of a one-level lake: the shared geometry's neighbours", () => {
    const s = game();
    const lake = lakeOf(s.board);
    expect(lake).toMatchObject({ width: 4, height: 3, levels: 1, verticalAdjacency: false });
    expect(neighbourHoles(s.board, [1, 1])).toEqual(
      neighbours(lake, [1, 1, 0]).map((c) => [c[0], c[1]]),
    );
    expect(neighbourHoles(s.board, [0, 0])).toEqual([
      [1, 0],
      [0, 1],
      [1, 1],
    ]);
    expect(holeOf(s.board, holeIndex(s.board, [3, 2]))).toEqual([3, 2]);
  });

  test("J1 shake the box: everyone is shown every hole's fish once (a public event); views still hide them (decision)", () => {
    const r = ok(
      newGame(
        setupOf({ holes: [{ at: [2, 1], big: 1, small: 2 }], settings: { shakeTheBox: true } }),
      ),
    );
    const shaken = eventsFor(r.events, "player").find((e) => e.type === "shaken");
    expect(shaken).toMatchObject({ audience: "all", holes: [{ at: [2, 1], big: 1, small: 2 }] });
    expect(viewFor(r.state, "player").holes.find((h) => h.at[0] === 2 && h.at[1] === 1)).toEqual({
      at: [2, 1],
      floe: 1,
      open: false,
      frozen: false,
    });
    const plain = ok(newGame(setupOf({ holes: [{ at: [2, 1], big: 1, small: 2 }] })));
    expect(plain.events.some((e) => e.type === "shaken")).toBe(false);
  });
});

describe("J11 placing the bears", () => {
  test("J11 bears go on holes in turn order, never two on one hole", () => {
    const r = newGame(
      setupOf({
        fishers: bearsAt([1, 1], [1, 1]),
      }),
    );
    expect(r.ok || r.error).toMatchObject({ code: "occupied", field: "fishers[1].at" });
    const s = game();
    expect(s.fishers.map((f) => [f.id, f.at])).toEqual([
      ["ana", [0, 0]],
      ["bo", [3, 2]],
    ]);
    expect(s.next).toBe(0);
  });

  test("J11 one hole stays free: more bears than the holes less one are refused (tooManyFishers)", () => {
    const one = newGame({ seed: 1, width: 1, height: 1, fishers: bearsAt([0, 0]) });
    expect(one.ok || one.error).toMatchObject({ code: "tooManyFishers", field: "fishers" });
    const full = newGame({
      seed: 1,
      width: 2,
      height: 2,
      fishers: bearsAt([0, 0], [1, 0], [0, 1], [1, 1]),
    });
    expect(full.ok || full.error).toMatchObject({ code: "tooManyFishers", field: "fishers" });
    const room = newGame({
      seed: 1,
      width: 2,
      height: 2,
      fishers: bearsAt([0, 0], [1, 0], [0, 1]),
    });
    expect(room.ok).toBe(true);
  });

  test("J11 a bear may be placed on a hole holding fish (it stays covered)", () => {
    const s = game({ holes: [{ at: [0, 0], big: 2, small: 0 }] });
    expect(s.holes[0]).toEqual({ open: false, frozen: false, big: 2, small: 0 });
  });
});

describe("J12 default dice, J3 dice as requests", () => {
  test("J12 the action die is bear 2, bear 3, pickax 2, pickax 3, fish 2, star 2", () => {
    expect(DEFAULT_ACTION_DIE.map((f) => `${f.face} ${f.dots}`)).toEqual([
      "bear 2",
      "bear 3",
      "pickax 2",
      "pickax 3",
      "fish 2",
      "star 2",
    ]);
    expect(DEFAULT_SETTINGS.actionDie).toBe(DEFAULT_ACTION_DIE);
  });

  test("J12 the temperature die is no trespassing +1 twice, ice crystal +1 twice, 1 dot, 2 dots", () => {
    expect(DEFAULT_TEMPERATURE_DIE.map((f) => `${f.face} ${f.dots}`)).toEqual([
      "tile 1",
      "tile 1",
      "crystal 1",
      "crystal 1",
      "dots 1",
      "dots 2",
    ]);
  });

  test("J3 the action die is a request 1d6 (actionDie:<fisher>, seen by all); answer N is face N", () => {
    const asked: RollRequest[] = [];
    const r = ok(run(rollDice(game(), { fisher: "ana" }), [4], asked));
    expect(asked).toEqual([
      expect.objectContaining({
        kind: "actionDie",
        key: "actionDie:ana",
        formula: "1d6",
        audience: "all",
      }),
    ]);
    expect(r.state.pending?.die).toEqual({ face: "pickax", dots: 3 });
    expect(faceOf(DEFAULT_ACTION_DIE, 6)).toEqual({ face: "star", dots: 2 });
  });

  test("J3 the faces are a setting: a die of 4 faces is asked as 1d4", () => {
    const asked: RollRequest[] = [];
    const s = game({
      settings: {
        actionDie: [
          { face: "star", dots: 5 },
          { face: "fish", dots: 1 },
          { face: "bear", dots: 1 },
          { face: "pickax", dots: 1 },
        ],
      },
    });
    const r = ok(run(rollDice(s, { fisher: "ana" }), [1], asked));
    expect(asked[0]!.formula).toBe("1d4");
    expect(r.state.pending).toMatchObject({ die: { face: "star", dots: 5 }, dots: 5 });
  });

  test("J3 a forced face replaces the die's answer, and the die is still asked for (the seed advances alike)", () => {
    const asked: RollRequest[] = [];
    const r = ok(
      run(rollDice(game(), { fisher: "ana", die: { face: "star", dots: 3 } }), [1], asked),
    );
    expect(asked).toHaveLength(1);
    expect(r.state.pending?.die).toEqual({ face: "star", dots: 3 });
  });

  test("J3 an answer outside the die is refused (badRoll)", () => {
    const r = run(rollDice(game(), { fisher: "ana" }), [7]);
    expect(r.ok || r.error).toMatchObject({ code: "badRoll", field: "die" });
  });
});
