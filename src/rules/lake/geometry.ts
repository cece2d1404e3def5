/** Board geometry every mode shares (K1, K2). Grid queries take the lake; there is no global board. */
export type Coord = readonly [x: number, y: number, level: number];

export interface LakeSpec {
  readonly width: number;
  readonly height: number;
  readonly levels: number;
  /** K2 setting: the squares directly above and below are neighbours (default on). */
  readonly verticalAdjacency: boolean;
}

export const DEFAULT_LAKE: LakeSpec = { width: 6, height: 6, levels: 3, verticalAdjacency: true };

/**
 * The lake a GM is offered first (the Foundry wizard's world-setting defaults): one that 4
 * fishers empty in about 20-30 rounds, an evening's game. Simulated, 1,000 games of greedy
 * bots each (median, 90th percentile): 2 fishers 36 and 48 rounds, 4 fishers 18 and 27, 6
 * fishers 10 and 17. The rules' own default (K1) stays DEFAULT_LAKE, which 4 fishers take
 * about 250 rounds to empty.
 */
export const SESSION_LAKE: LakeSpec = { width: 3, height: 2, levels: 2, verticalAdjacency: true };

export function squareCount(lake: LakeSpec): number {
  return lake.width * lake.height * lake.levels;
}

export function onBoard(lake: LakeSpec, c: Coord): boolean {
  const x = c[0];
  const y = c[1];
  const l = c[2];
  return (
    Number.isInteger(x) &&
    Number.isInteger(y) &&
    Number.isInteger(l) &&
    x >= 0 &&
    y >= 0 &&
    l >= 0 &&
    x < lake.width &&
    y < lake.height &&
    l < lake.levels
  );
}

/** Flat index of a square: x + width * (y + height * level). */
export function indexOf(lake: LakeSpec, c: Coord): number {
  return c[0] + lake.width * (c[1] + lake.height * c[2]);
}

export function coordOf(lake: LakeSpec, i: number): Coord {
  const x = i % lake.width;
  // whole numbers kept as small integers (| 0): an array holding a quotient as a double would
  // give V8 a second kind of coordinate array, and slow every read of every coordinate
  const rest = ((i - x) / lake.width) | 0;
  const y = rest % lake.height;
  return [x, y, ((rest - y) / lake.height) | 0];
}

const coordTables = new WeakMap<LakeSpec, readonly Coord[]>();

/**
 * Every square's coordinate by index, made once per lake object. The engine keeps these in
 * its states (a validated declaration names one, see kolikoly/declare.ts) and views share them,
 * instead of a fresh coordinate for every move and every view: read-only, like all state.
 */
export function squareCoords(lake: LakeSpec): readonly Coord[] {
  let table = coordTables.get(lake);
  if (!table) {
    table = Array.from({ length: squareCount(lake) }, (_, i) => coordOf(lake, i));
    coordTables.set(lake, table);
  }
  return table;
}

export function sameSquare(a: Coord, b: Coord): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

export function squareKey(c: Coord): string {
  return `${c[0]},${c[1]},${c[2]}`;
}

const neighbourCache = new WeakMap<LakeSpec, Coord[][]>();
/** The lake asked for last, and its table: a game asks for the same one again and again. */
let lastLake: LakeSpec | undefined;
let lastTable: Coord[][] | undefined;

/**
 * K2: the 8 squares around on the same level (diagonals count), plus directly above and
 * below when vertical adjacency is on, never off the board. Fixed order: same level row by
 * row (y then x), then above, then below; random picks (K18) index into this order.
 */
export function neighbours(lake: LakeSpec, c: Coord): readonly Coord[] {
  let table = lake === lastLake ? lastTable : neighbourCache.get(lake);
  if (!table) {
    table = new Array<Coord[]>(squareCount(lake)); // as long as the lake: filled in, it stays a fast array
    neighbourCache.set(lake, table);
  }
  lastLake = lake;
  lastTable = table;
  const i = indexOf(lake, c);
  let list = table[i];
  if (!list) {
    list = [];
    const [x, y, l] = c;
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const n: Coord = [x + dx, y + dy, l];
        if (onBoard(lake, n)) list.push(n);
      }
    if (lake.verticalAdjacency) {
      if (l > 0) list.push([x, y, l - 1]);
      if (l + 1 < lake.levels) list.push([x, y, l + 1]);
    }
    table[i] = list;
  }
  return list;
}

export function adjacent(lake: LakeSpec, a: Coord, b: Coord): boolean {
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  const dl = Math.abs(a[2] - b[2]);
  if (dl === 0) return dx <= 1 && dy <= 1 && dx + dy > 0;
  return lake.verticalAdjacency && dl === 1 && dx === 0 && dy === 0;
}

/** Chebyshev steps on a level plus level changes: the least number of moves between squares. */
export function distance(lake: LakeSpec, a: Coord, b: Coord): number {
  const flat = Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1]));
  const dl = Math.abs(a[2] - b[2]);
  return lake.verticalAdjacency || dl === 0 ? flat + dl : Infinity;
}
