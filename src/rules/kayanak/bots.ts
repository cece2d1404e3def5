/**
 * Bots for `kolikoly simulate --game kayanak`. A bot sees only what its player may know: its own
 * fisher's view (`viewFor(state, {fisher})`, J10) and the steps allowed now (`legalSteps`, which
 * depend only on public facts: open holes, bears, tiles, crystals). Its own randomness comes
 * from a generator of its own, never the game's.
 * - `greedy`: fishes the richest open hole within reach, else hacks the ice nearest to it, else
 *   walks toward where the known fish and the unopened ice are (when none is worth the walk, to
 *   the nearest hole beside covered ice or a fish, so no bear stalls); in the weather variant it thaws
 *   a frozen hole it could fish and freezes the best hole beside a rival.
 * - `random`: any allowed step, each equally likely, until none is left.
 */
import type { Xoshiro128 } from "../dice/prng.ts";
import { holeIndex, neighbourHoles, sameHole } from "./board.ts";
import type { Board, Hole, HoleView, KayanakView, Step } from "./types.ts";

export type BotName = "greedy" | "random";

export interface KayanakBot {
  readonly name: BotName;
  /** J11: the hole to put the bear on, given the holes already taken. */
  place(board: Board, taken: readonly Hole[], rng: Xoshiro128): Hole;
  /** The next step of the rolled turn, or undefined to end it. */
  step(view: KayanakView, me: string, legal: readonly Step[], rng: Xoshiro128): Step | undefined;
}

const pick = <T>(list: readonly T[], rng: Xoshiro128): T => list[rng.die(list.length) - 1]!;

function freeHoles(board: Board, taken: readonly Hole[]): Hole[] {
  const out: Hole[] = [];
  for (let y = 0; y < board.height; y++)
    for (let x = 0; x < board.width; x++)
      if (!taken.some((t) => t[0] === x && t[1] === y)) out.push([x, y]);
  return out;
}

export const randomBot: KayanakBot = {
  name: "random",
  place: (board, taken, rng) => pick(freeHoles(board, taken), rng),
  step: (_view, _me, legal, rng) => (legal.length ? pick(legal, rng) : undefined),
};

/** What a fish in a hole is worth to the score (J7 any fish 1; J9 big 2, small 1). */
function valueOf(h: Pick<HoleView, "big" | "small">, weather: boolean): number {
  return (weather ? 2 : 1) * (h.big ?? 0) + (h.small ?? 0);
}

/** Expected score under one covered hole, from what the player knows: the box's count less what is seen or caught. */
function coveredValue(v: KayanakView, weather: boolean): number {
  let unseen = valueOf(v.dropped, weather);
  let covered = 0;
  for (const h of v.holes)
    if (h.open) unseen -= valueOf(h, weather);
    else covered++;
  for (const f of v.fishers) unseen -= valueOf(f, weather);
  return covered > 0 ? Math.max(0, unseen) / covered : 0;
}

function kindOf(s: Step): string {
  return Object.keys(s).find((k) => ["move", "hack", "fish", "tile", "crystal"].includes(k))!;
}

/** Steps from `from` to every hole a bear may walk to (no bear, no tiled floe), by breadth-first search. */
function distances(v: KayanakView, board: Board, from: Hole, me: string): number[] {
  const dist = Array.from({ length: v.width * v.height }, () => Infinity);
  const blocked = (h: Hole) =>
    v.fishers.some((f) => f.id !== me && sameHole(f.at, h)) ||
    v.tiles.includes(board.floeOf[holeIndex(board, h)]!);
  dist[holeIndex(board, from)] = 0;
  const queue: Hole[] = [from];
  for (let i = 0; i < queue.length; i++) {
    const h = queue[i]!;
    const d = dist[holeIndex(board, h)]!;
    for (const n of neighbourHoles(board, h)) {
      const k = holeIndex(board, n);
      if (dist[k] !== Infinity || blocked(n)) continue;
      dist[k] = d + 1;
      queue.push(n);
    }
  }
  return dist;
}

const boards = new WeakMap<KayanakView["floes"], Board>();
function boardOf(v: KayanakView): Board {
  let b = boards.get(v.floes);
  if (!b) {
    const floeOf: number[] = [];
    v.floes.forEach((f, i) => f.forEach((h) => (floeOf[h[0] + v.width * h[1]] = i)));
    b = { width: v.width, height: v.height, floes: v.floes, floeOf };
    boards.set(v.floes, b);
  }
  return b;
}

/** How good a hole is to stand on: the best fish within reach, and unopened ice around. */
function standValue(
  v: KayanakView,
  board: Board,
  at: Hole,
  me: string,
  guess: number,
  weather: boolean,
): number {
  let best = 0;
  let ice = 0;
  for (const n of neighbourHoles(board, at)) {
    if (v.fishers.some((f) => f.id !== me && sameHole(f.at, n))) continue;
    const h = v.holes[holeIndex(board, n)]!;
    if (h.open && !h.frozen) best = Math.max(best, valueOf(h, weather));
    if (!h.open) ice++;
  }
  // unopened ice is always worth a little: the game ends only when the ice is open (J7, J9)
  return Math.min(best, 3) + (guess + 0.05) * Math.min(ice, 3) * 0.6;
}

/** Whether a hole has something to do beside it: covered ice or an open hole's fish (no other bear there). */
function worthStanding(
  v: KayanakView,
  board: Board,
  at: Hole,
  me: string,
  weather: boolean,
): boolean {
  return neighbourHoles(board, at).some((n) => {
    if (v.fishers.some((f) => f.id !== me && sameHole(f.at, n))) return false;
    const h = v.holes[holeIndex(board, n)]!;
    return !h.open || (!h.frozen && valueOf(h, weather) > 0);
  });
}

export const greedyBot: KayanakBot = {
  name: "greedy",
  place(board, taken, rng) {
    const free = freeHoles(board, taken);
    const score = (h: Hole) => {
      const around = neighbourHoles(board, h).length;
      const apart = taken.length
        ? Math.min(...taken.map((t) => Math.max(Math.abs(t[0] - h[0]), Math.abs(t[1] - h[1]))))
        : 4;
      return around * 10 + Math.min(apart, 4);
    };
    const best = Math.max(...free.map(score));
    return pick(
      free.filter((h) => score(h) === best),
      rng,
    );
  },
  step(v, me, legal, rng) {
    if (legal.length === 0) return undefined;
    const weather = v.variant === "weather";
    const board = boardOf(v);
    const self = v.fishers.find((f) => f.id === me)!;
    const hole = (h: Hole) => v.holes[holeIndex(board, h)]!;
    const of = (kind: string) => legal.filter((s) => kindOf(s) === kind);
    const fish = of("fish") as { fish: Hole }[];
    const hacks = of("hack") as { hack: Hole }[];
    const moves = of("move") as { move: Hole }[];
    const crystals = of("crystal") as { crystal: "place" | "remove"; at: Hole }[];
    const tiles = of("tile") as { tile: "place" | "remove"; floe: number }[];
    const rivals = v.fishers.filter((f) => f.id !== me);
    const near = (a: Hole, b: Hole) => Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) <= 1;
    const canFish =
      fish.length > 0 || v.pending?.die.face === "fish" || v.pending?.die.face === "star";

    // before the action steps: thaw a hole with fish beside me, or lift a tile in my way
    const thaw = crystals.find(
      (c) =>
        c.crystal === "remove" &&
        near(c.at, self.at) &&
        canFish &&
        valueOf(hole(c.at), weather) > 0,
    );
    if (thaw) return thaw;
    // a tile beside the bear may wall it in (floes are long): lift it
    const lift = tiles.find(
      (t) =>
        t.tile === "remove" &&
        neighbourHoles(board, self.at).some((n) => board.floeOf[holeIndex(board, n)] === t.floe),
    );
    if (lift) return lift;

    const bestFish = fish
      .map((s) => ({ s, value: valueOf(hole(s.fish), weather) }))
      .filter((x) => x.value > 0)
      .sort((a, b) => b.value - a.value)[0];
    if (bestFish) return bestFish.s;

    if (hacks.length) {
      const far = (h: Hole) =>
        Math.min(
          99,
          ...rivals.map((r) => Math.max(Math.abs(r.at[0] - h[0]), Math.abs(r.at[1] - h[1]))),
        );
      const ranked = [...hacks].sort((a, b) => far(b.hack) - far(a.hack));
      return ranked[0]!;
    }

    if (moves.length) {
      const guess = coveredValue(v, weather);
      const dist = distances(v, board, self.at, me);
      let target: Hole = self.at;
      let best = standValue(v, board, self.at, me, guess, weather);
      for (let i = 0; i < dist.length; i++) {
        const d = dist[i]!;
        if (d === 0 || d === Infinity) continue;
        const at: Hole = [i % v.width, Math.floor(i / v.width)];
        const value = standValue(v, board, at, me, guess, weather) - 0.35 * d;
        if (value > best) {
          best = value;
          target = at;
        }
      }
      // Nothing worth the walk in reach (the last covered holes far away: the walk's cost outweighs
      // any hole's worth), and nothing to do here: head for the nearest hole beside covered ice or
      // a fish, else no bear would ever move again and a "keep fishing" game would never end.
      if (sameHole(target, self.at) && !worthStanding(v, board, self.at, me, weather)) {
        let nearest = Infinity;
        for (let i = 0; i < dist.length; i++) {
          const d = dist[i]!;
          if (d === 0 || d >= nearest) continue;
          const at: Hole = [i % v.width, Math.floor(i / v.width)];
          if (worthStanding(v, board, at, me, weather)) {
            nearest = d;
            target = at;
          }
        }
      }
      if (!sameHole(target, self.at)) {
        // one step that brings the bear nearer the target
        const back = distances(v, board, target, me);
        const step = moves
          .map((m) => ({ m, d: back[holeIndex(board, m.move)]! }))
          .sort((a, b) => a.d - b.d)[0];
        if (step && step.d < back[holeIndex(board, self.at)]!) return step.m;
      }
    }

    // after the action steps: freeze the best hole beside a rival and not beside me
    const freeze = crystals
      .filter(
        (c) =>
          c.crystal === "place" && !near(c.at, self.at) && rivals.some((r) => near(r.at, c.at)),
      )
      .map((c) => ({ c, value: valueOf(hole(c.at), weather) }))
      .filter((x) => x.value > 0)
      .sort((a, b) => b.value - a.value)[0];
    if (freeze) return freeze.c;
    const ban = tiles.filter((t) => t.tile === "place");
    if (ban.length && rivals.length) {
      const leader = [...rivals].sort((a, b) => b.score - a.score)[0]!;
      const close = ban
        .map((t) => ({
          t,
          d: Math.min(
            ...board.floes[t.floe]!.map((h) =>
              Math.max(Math.abs(h[0] - leader.at[0]), Math.abs(h[1] - leader.at[1])),
            ),
          ),
        }))
        .sort((a, b) => a.d - b.d)[0]!;
      if (close.d <= 1) return close.t;
    }
    void rng;
    return undefined;
  },
};

export const BOTS: Readonly<Record<BotName, KayanakBot>> = { greedy: greedyBot, random: randomBot };
