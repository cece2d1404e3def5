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

/**
 * Tables that depend only on a lake's shape (size and vertical adjacency), made once per shape:
 * not per lake object, as every game of a simulation has a lake object of its own, all of one
 * shape. The lake asked for last is remembered, so that a game asking again and again (every
 * round) does not even build the shape's key.
 */
export class ShapeCache<T> {
  private readonly byShape = new Map<string, T>();
  private lastLake: LakeSpec | undefined;
  private last: T | undefined;
  constructor(private readonly make: (lake: LakeSpec) => T) {}
  get(lake: LakeSpec): T {
    if (lake === this.lastLake) return this.last!;
    const key = `${lake.width}x${lake.height}x${lake.levels}:${lake.verticalAdjacency}`;
    let table = this.byShape.get(key);
    if (table === undefined) {
      table = this.make(lake);
      // a long-lived page (the wizard's estimates) may see many shapes: keep the last 64
      if (this.byShape.size >= 64) this.byShape.delete(this.byShape.keys().next().value!);
      this.byShape.set(key, table);
    }
    this.lastLake = lake;
    this.last = table;
    return table;
  }
}

const coordTables = new ShapeCache<readonly Coord[]>((lake) =>
  Array.from({ length: squareCount(lake) }, (_, i) => coordOf(lake, i)),
);

/**
 * Every square's coordinate by index, made once per lake shape. The engine keeps these in its
 * states (a validated declaration names one, see kolikoly/declare.ts, and so do neighbours) and
 * views share them, instead of a fresh coordinate for every move and every view: read-only, like
 * all state.
 */
export function squareCoords(lake: LakeSpec): readonly Coord[] {
  return coordTables.get(lake);
}

export function sameSquare(a: Coord, b: Coord): boolean {
  // the engine's coordinates are mostly the lake's own (`squareCoords`): one object per square
  return a === b || (a[0] === b[0] && a[1] === b[1] && a[2] === b[2]);
}

export function squareKey(c: Coord): string {
  return `${c[0]},${c[1]},${c[2]}`;
}

const neighbourTables = new ShapeCache<readonly (readonly Coord[])[]>((lake) => {
  const coords = squareCoords(lake);
  return coords.map((c) => {
    const list: Coord[] = [];
    const x = c[0];
    const y = c[1];
    const l = c[2];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        if (dx === 0 && dy === 0) continue;
        const n: Coord = [x + dx, y + dy, l];
        if (onBoard(lake, n)) list.push(coords[indexOf(lake, n)]!);
      }
    if (lake.verticalAdjacency) {
      if (l > 0) list.push(coords[indexOf(lake, [x, y, l - 1])]!);
      if (l + 1 < lake.levels) list.push(coords[indexOf(lake, [x, y, l + 1])]!);
    }
    return list;
  });
});

/**
 * K2: the 8 squares around on the same level (diagonals count), plus directly above and
 * below when vertical adjacency is on, never off the board. Fixed order: same level row by
 * row (y then x), then above, then below; random picks (K18) index into this order. The lists
 * are made once per lake shape, of the lake's own coordinates (`squareCoords`).
 */
export function neighbours(lake: LakeSpec, c: Coord): readonly Coord[] {
  return onBoard(lake, c) ? neighbourTables.get(lake)[indexOf(lake, c)]! : [];
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
