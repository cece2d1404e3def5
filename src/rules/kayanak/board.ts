/**
 * J1 The ice sheet: holes on a one-level lake, grouped into floes. A hole `[x, y]` is the lake
 * square `[x, y, 0]` of `lakeOf(board)` (one level, no vertical neighbours), so neighbours are
 * the shared geometry's (K2 on one level: the 8 around, never off the edge, row by row).
 */
import type { Xoshiro128 } from "../dice/prng.ts";
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import { adjacent, neighbours } from "../lake/geometry.ts";
import type { Board, Hole } from "./types.ts";

export const DEFAULT_WIDTH = 8;
export const DEFAULT_HEIGHT = 6;
/** J1: a generated board has 6 floes unless told otherwise. */
export const DEFAULT_FLOES = 6;

const lakes = new WeakMap<Board, LakeSpec>();

/** The one-level lake a board lives on (cached per board object, so neighbour tables are shared). */
export function lakeOf(board: Pick<Board, "width" | "height">): LakeSpec {
  const b = board as Board;
  let lake = lakes.get(b);
  if (!lake) {
    lake = { width: board.width, height: board.height, levels: 1, verticalAdjacency: false };
    lakes.set(b, lake);
  }
  return lake;
}

export const coordOfHole = (h: Hole): Coord => [h[0], h[1], 0];
export const holeOfCoord = (c: Coord): Hole => [c[0], c[1]];

export function holeIndex(board: Pick<Board, "width">, h: Hole): number {
  return h[0] + board.width * h[1];
}
export function holeOf(board: Pick<Board, "width">, i: number): Hole {
  return [i % board.width, Math.floor(i / board.width)];
}
export function holeKey(h: Hole): string {
  return `${h[0]},${h[1]}`;
}
export function sameHole(a: Hole, b: Hole): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
export function isHole(v: unknown): v is Hole {
  return Array.isArray(v) && v.length === 2 && v.every((n) => Number.isInteger(n));
}
export function onBoard(board: Pick<Board, "width" | "height">, h: Hole): boolean {
  return h[0] >= 0 && h[1] >= 0 && h[0] < board.width && h[1] < board.height;
}

/** J4-J6: the up to 8 holes around `h`, in the shared fixed order (row by row). */
export function neighbourHoles(board: Board, h: Hole): Hole[] {
  return neighbours(lakeOf(board), coordOfHole(h)).map(holeOfCoord);
}
export function areNeighbours(board: Board, a: Hole, b: Hole): boolean {
  return adjacent(lakeOf(board), coordOfHole(a), coordOfHole(b));
}

/**
 * A board from its floes. Throws on a bad partition (callers check first: `checkFloes`).
 * Floes are stored with their holes sorted row by row, so a board is the same whatever order
 * a file lists them in.
 */
export function makeBoard(
  width: number,
  height: number,
  floes: readonly (readonly Hole[])[],
): Board {
  const floeOf: number[] = Array.from({ length: width * height }, () => -1);
  const sorted = floes.map((f) =>
    [...f].map((h): Hole => [h[0], h[1]]).sort((a, b) => a[1] - b[1] || a[0] - b[0]),
  );
  sorted.forEach((f, i) =>
    f.forEach((h) => {
      const k = h[0] + width * h[1];
      if (floeOf[k] !== -1) throw new Error(`hole ${holeKey(h)} is in two floes`);
      floeOf[k] = i;
    }),
  );
  if (floeOf.includes(-1)) throw new Error("a hole is in no floe");
  return { width, height, floes: sorted, floeOf };
}

/** Why these floes are not a partition of the board, as [field, code, message], or undefined. */
export function checkFloes(
  width: number,
  height: number,
  floes: readonly (readonly unknown[])[],
  field: string,
): [string, string, string] | undefined {
  const seen = new Map<number, number>();
  for (const [i, f] of floes.entries()) {
    if (f.length === 0) return [`${field}[${i}]`, "badField", "a floe needs at least one hole"];
    for (const [j, h] of f.entries()) {
      const hf = `${field}[${i}][${j}]`;
      if (!isHole(h))
        return [hf, "badCoord", `must be [x, y] whole numbers (got ${JSON.stringify(h)})`];
      if (!onBoard({ width, height }, h))
        return [hf, "offBoard", `${JSON.stringify(h)} is off the board`];
      const k = h[0] + width * h[1];
      if (seen.has(k))
        return [hf, "floeOverlap", `${JSON.stringify(h)} is already in floe ${seen.get(k)}`];
      seen.set(k, i);
    }
  }
  for (let k = 0; k < width * height; k++)
    if (!seen.has(k))
      return [field, "floeMissing", `hole ${JSON.stringify(holeOf({ width }, k))} is in no floe`];
  return undefined;
}

/**
 * J1 generated floes: `count` connected floes of near-equal size, grown from the seed. Seeds
 * are `count` distinct random holes, 3 or more holes apart where the board allows, else among
 * the free holes farthest from the seeds drawn so far; then, again and again, the smallest floe that can still
 * grow (the first such in order) takes one random free hole beside it (4 directions, so floes
 * are solid pieces). Every hole ends in a floe, since the board is connected.
 */
export function generateFloes(
  width: number,
  height: number,
  count: number,
  prng: Xoshiro128,
): Hole[][] {
  const n = width * height;
  const k = Math.max(1, Math.min(count, n));
  const floeOf = Array.from({ length: n }, () => -1);
  const floes: number[][] = [];
  const free = Array.from({ length: n }, (_, i) => i);
  const seeds: number[] = [];
  /** How far a hole is from the nearest seed (Chebyshev: 1 is beside it, diagonals too). */
  const gap = (i: number) =>
    Math.min(
      Infinity,
      ...seeds.map((j) =>
        Math.max(
          Math.abs((i % width) - (j % width)),
          Math.abs(Math.floor(i / width) - Math.floor(j / width)),
        ),
      ),
    );
  for (let f = 0; f < k; f++) {
    // seeds at least 3 holes apart where the board allows, so no floe is walled in at birth;
    // where it does not, the free holes farthest from every seed (one draw either way)
    const gaps = free.map(gap);
    const widest = Math.max(...gaps);
    const from = free.filter((_, i) => gaps[i]! >= Math.min(3, widest));
    const pick = from[prng.die(from.length) - 1]!;
    free.splice(free.indexOf(pick), 1);
    seeds.push(pick);
    floeOf[pick] = f;
    floes.push([pick]);
  }
  const frontier = (f: number): number[] => {
    const out = new Set<number>();
    for (const i of floes[f]!) {
      const x = i % width;
      const y = (i - x) / width;
      for (const [dx, dy] of [
        [0, -1],
        [-1, 0],
        [1, 0],
        [0, 1],
      ] as const) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const j = nx + width * ny;
        if (floeOf[j] === -1) out.add(j);
      }
    }
    return [...out].sort((a, b) => a - b);
  };
  let left = n - k;
  while (left > 0) {
    const order = floes
      .map((f, i) => [f.length, i] as const)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [, f] of order) {
      const options = frontier(f);
      if (options.length === 0) continue;
      const j = options[prng.die(options.length) - 1]!;
      floeOf[j] = f;
      floes[f]!.push(j);
      left--;
      break;
    }
  }
  if (n >= MIN_FLOE * k) mendSmallFloes(width, height, floes, floeOf);
  return floes.map((f) => f.map((i) => holeOf({ width }, i)));
}

/** The fewest holes a generated floe has where the board has room (`MIN_FLOE` x floes holes). */
export const MIN_FLOE = 3;

/**
 * A floe walled in while still small (other floes grew round it) takes holes from a bigger
 * neighbour, one at a time: the biggest neighbouring floe with more than `MIN_FLOE` holes gives
 * the lowest-numbered hole beside the small floe whose loss leaves it in one piece. No draw from
 * the seed: a board with no small floe is left as it was grown.
 */
function mendSmallFloes(width: number, height: number, floes: number[][], floeOf: number[]) {
  const around = (i: number): number[] => {
    const x = i % width;
    const y = (i - x) / width;
    const out: number[] = [];
    if (y > 0) out.push(i - width);
    if (x > 0) out.push(i - 1);
    if (x < width - 1) out.push(i + 1);
    if (y < height - 1) out.push(i + width);
    return out;
  };
  const onePieceWithout = (f: number, gone: number): boolean => {
    const left = floes[f]!.filter((i) => i !== gone);
    const seen = new Set([left[0]!]);
    const queue = [left[0]!];
    for (let q = 0; q < queue.length; q++)
      for (const j of around(queue[q]!))
        if (j !== gone && floeOf[j] === f && !seen.has(j)) {
          seen.add(j);
          queue.push(j);
        }
    return seen.size === left.length;
  };
  for (let guard = width * height * MIN_FLOE; guard > 0; guard--) {
    const small = floes
      .map((f, i) => [f.length, i] as const)
      .filter(([size]) => size < MIN_FLOE)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
    if (!small) return;
    const f = small[1];
    const offers = new Set<number>();
    for (const i of floes[f]!) for (const j of around(i)) if (floeOf[j] !== f) offers.add(j);
    const gift = [...offers]
      .filter((j) => floes[floeOf[j]!]!.length > MIN_FLOE && onePieceWithout(floeOf[j]!, j))
      .sort((a, b) => floes[floeOf[b]!]!.length - floes[floeOf[a]!]!.length || a - b)[0];
    if (gift === undefined) return;
    const donor = floeOf[gift]!;
    floes[donor] = floes[donor]!.filter((i) => i !== gift);
    floes[f]!.push(gift);
    floeOf[gift] = f;
  }
}
