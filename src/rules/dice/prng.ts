/**
 * The seeded number source: xoshiro128** (Blackman & Vigna), seeded through splitmix32.
 * Its whole state is four unsigned 32-bit integers, kept in the game state (`GameState.rng`)
 * so that a saved game resumes the same sequence.
 */
export type PrngState = [number, number, number, number];

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Seeds from any safe integer (the high bits are folded in, so 2^32 + 1 differs from 1). */
export function seedState(seed: number): PrngState {
  const hi = Math.floor(seed / 0x100000000) >>> 0;
  const next = splitmix32((seed >>> 0) ^ Math.imul(hi, 0x27d4eb2d));
  const st: PrngState = [next(), next(), next(), next()];
  if ((st[0] | st[1] | st[2] | st[3]) === 0) st[0] = 1;
  return st;
}

/** A mutable generator over a copy of `state`; `state()` reads the current state back. */
export class Xoshiro128 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(state: Readonly<PrngState>) {
    // read by index: a destructuring would run the array's iterator (a game makes one a round)
    this.a = state[0];
    this.b = state[1];
    this.c = state[2];
    this.d = state[3];
  }
  /** Next unsigned 32-bit integer. */
  nextU32(): number {
    const r = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return r;
  }
  /** Uniform integer in 1..n (multiply-shift; bias below 2^-32 * n, negligible for dice). */
  die(n: number): number {
    return Math.floor((this.nextU32() / 0x100000000) * n) + 1;
  }
  state(): PrngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
