/**
 * The greedy bot: a sensible player. In order:
 * 0. its net dropped (H4 disarm): Catch, which spends the round recovering it;
 * 1. seen fish in its square: catch (K9), or herd them toward other fishers (K16) when the
 *    swarms are big, no one else is in the square and another fisher stands next to it;
 * 2. seen fish next to it: move in (K14; a Move of 17+ catches at once);
 * 3. a neighbour where a swarm it saw and lost may be: look there. A swarm that fled went to a
 *    neighbour of where it was (K17, K18) and stays there until something disturbs it;
 * 4. an unexplored square next to it: track it (K12, K13: a Track of 8+ explores it safely);
 * 5. otherwise walk toward the nearest square with seen fish, a lost swarm, or still unexplored;
 * 6. with every square explored and nothing in sight: search, looking into or walking toward
 *    the square it has had no news of for longest.
 * "Looking" into an explored square is moving in (a Move always enters and the fisher sees the
 * square's swarms at the end of the round, K20); into an unexplored one, tracking it.
 * Ties are broken with the bot's own PRNG. Its memory holds only what its views showed: the
 * round it last had news of each square, and where and when it last saw each swarm.
 */
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import { coordOf, indexOf, neighbours, squareCount } from "../lake/geometry.ts";
import type { Declaration } from "../kolikoly/types.ts";
import type { LakeView } from "../kolikoly/view.ts";
import type { Bot, BotRandom } from "./bot.ts";
import { botRandom, choose } from "./bot.ts";

/** Herd rather than catch only when the square holds at least this many seen fish. */
export const HERD_MIN_FISH = 10;
/** A neighbour with no news for more than this many rounds is worth a look while searching. */
export const STALE_ROUNDS = 2;

/** The lake's squares as indices, with their neighbours (K2), built once per bot. */
interface Board {
  readonly lake: LakeSpec;
  readonly n: number;
  readonly coords: readonly Coord[];
  readonly adj: readonly Int32Array[];
  /** Shortest paths from each start square, computed on first use (the graph never changes). */
  readonly paths: (Paths | undefined)[];
}

interface Memory {
  readonly board: Board;
  /** Scratch arrays, one per square, refilled every decision (no allocation per round). */
  readonly explored: Uint8Array;
  readonly fish: Int32Array;
  readonly fishersAt: Int32Array;
  readonly hot: Int32Array;
  /** Per square, the round this player last had news of it (-1: never). */
  readonly lastNews: Int32Array;
  /** Swarms seen, by id: where, with how many fish, and the last round they were in view. */
  readonly swarms: Map<string, SeenSwarm>;
}

interface SeenSwarm {
  readonly id: string;
  at: number;
  fish: number;
  round: number;
}

const boards = new Map<string, Board>();

/** Boards are shared by every bot on a lake of the same shape (they are never changed). */
function boardOf(lake: LakeSpec): Board {
  const key = `${lake.width}x${lake.height}x${lake.levels}:${lake.verticalAdjacency}`;
  const hit = boards.get(key);
  if (hit) return hit;
  const n = squareCount(lake);
  const coords = Array.from({ length: n }, (_, i) => coordOf(lake, i));
  const adj = coords.map((c) => Int32Array.from(neighbours(lake, c), (d) => indexOf(lake, d)));
  const board: Board = { lake, n, coords, adj, paths: new Array<Paths | undefined>(n) };
  if (boards.size < 64) boards.set(key, board);
  return board;
}

function newMemory(lake: LakeSpec): Memory {
  const board = boardOf(lake);
  const n = board.n;
  return {
    board,
    lastNews: new Int32Array(n).fill(-1),
    swarms: new Map(),
    explored: new Uint8Array(n),
    fish: new Int32Array(n),
    fishersAt: new Int32Array(n),
    hot: new Int32Array(n),
  };
}

function sameShape(a: LakeSpec, b: LakeSpec): boolean {
  return (
    a.width === b.width &&
    a.height === b.height &&
    a.levels === b.levels &&
    a.verticalAdjacency === b.verticalAdjacency
  );
}

export function greedyBot(fisher: string, seed: number): Bot {
  const rng = botRandom(seed);
  let memory: Memory | undefined;
  return {
    kind: "greedy",
    fisher,
    decide(view: LakeView): Declaration | undefined {
      if (!memory || !sameShape(memory.board.lake, view.lake)) memory = newMemory(view.lake);
      const me = view.fishers.find((f) => f.id === fisher);
      if (!me || me.condition !== "ok") return undefined;
      if (me.netDropped) return { action: "catch" };
      return choice(view, indexOf(view.lake, me.at), memory, rng);
    },
  };
}

function choice(view: LakeView, here: number, memory: Memory, rng: BotRandom): Declaration {
  const { board, lastNews, explored, fish, fishersAt } = memory;
  const { lake, n } = board;
  const round = view.round;
  explored.fill(0);
  for (const c of view.explored) explored[indexOf(lake, c)] = 1;
  fish.fill(0);
  for (const s of view.swarms) fish[indexOf(lake, s.at)]! += s.fish;
  // K20: every square with a fisher at the end of the round shows its swarms.
  fishersAt.fill(0);
  for (const f of view.fishers) {
    if (f.condition === "dead") continue;
    const i = indexOf(lake, f.at);
    lastNews[i] = round;
    if (f.condition === "ok") fishersAt[i]!++;
  }
  const hot = lostSwarms(view, memory);
  const around = board.adj[here]!;
  const look = (i: number): Declaration => {
    lastNews[i] = round;
    const c = board.coords[i]!;
    return explored[i] === 1 ? { action: "move", to: c } : { action: "track", target: c };
  };

  // 1. fish in this square: catch, or herd a big catch toward another fisher next door
  if (fish[here]! > 0) {
    if (fish[here]! >= HERD_MIN_FISH && fishersAt[here] === 1) {
      const to = best(around, (i) => fishersAt[i]!, rng);
      if (to >= 0) return { action: "herd", toward: board.coords[to]! };
    }
    return { action: "catch" };
  }
  // 2. seen fish next door: the square with most fish
  const withFish = best(around, (i) => fish[i]!, rng);
  if (withFish >= 0) return { action: "move", to: board.coords[withFish]! };
  // 3. where a lost swarm may be
  const hunt = best(around, (i) => hot[i]!, rng);
  if (hunt >= 0) return look(hunt);
  // 4. an unexplored neighbour: track it (safe exploration)
  const fog = best(around, (i) => 1 - explored[i]!, rng);
  if (fog >= 0) return look(fog);
  // 5. toward the nearest seen fish, lost swarm or unexplored square
  const paths = (board.paths[here] ??= bfs(board, here));
  const goals: number[] = [];
  let goalDist = Infinity;
  for (let i = 0; i < n; i++) {
    if (fish[i] === 0 && hot[i] === 0 && explored[i] === 1) continue;
    const d = paths.dist[i]!;
    if (d < 0 || d > goalDist) continue;
    if (d < goalDist) goals.length = 0;
    goalDist = d;
    goals.push(i);
  }
  if (goals.length) return step(paths, choose(rng, goals), look, board);
  // 6. search: look at a neighbour with stale news, else walk toward the stalest square
  const stale = best(around, (i) => round - STALE_ROUNDS - lastNews[i]!, rng);
  if (stale >= 0) return look(stale);
  let oldest = Infinity;
  let far: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i === here || paths.dist[i]! < 0) continue;
    const news = lastNews[i]!;
    if (news < oldest) {
      oldest = news;
      far = [i];
    } else if (news === oldest) far.push(i);
  }
  if (far.length === 0) return { action: "catch" };
  return step(paths, choose(rng, far), look, board);
}

/**
 * Updates the memory of swarms from the view and returns, per square, the fish of lost swarms
 * that may be there: a neighbour of where a swarm was last seen, with no news of it since.
 */
function lostSwarms(view: LakeView, memory: Memory): Int32Array {
  const { board, lastNews, swarms, hot } = memory;
  hot.fill(0);
  for (const s of view.swarms) {
    const at = indexOf(board.lake, s.at);
    const known = swarms.get(s.id);
    if (!known) swarms.set(s.id, { id: s.id, at, fish: s.fish, round: view.round });
    else {
      known.at = at;
      known.fish = s.fish;
      known.round = view.round;
    }
  }
  for (const s of swarms.values()) {
    if (s.round === view.round) continue;
    // fish move only when disturbed (K17), so a lost swarm waits in one of these squares
    let open = 0;
    const adj = board.adj[s.at]!;
    for (let k = 0; k < adj.length; k++) {
      const i = adj[k]!;
      if (lastNews[i]! <= s.round) {
        hot[i]! += s.fish;
        open++;
      }
    }
    if (open === 0) swarms.delete(s.id);
  }
  return hot;
}

/** Scratch for `best`'s tied candidates (a square has at most 10 neighbours, K2). */
let picks = new Int32Array(16);

/** The candidate with the highest positive score (ties at random), or -1. */
function best(list: Int32Array, score: (i: number) => number, rng: BotRandom): number {
  let top = 0;
  let count = 0;
  if (picks.length < list.length) picks = new Int32Array(list.length);
  for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    const s = score(i);
    if (s <= 0 || s < top) continue;
    if (s > top) {
      top = s;
      count = 0;
    }
    picks[count++] = i;
  }
  return count === 0 ? -1 : picks[rng.pick(count)]!;
}

interface Paths {
  /** Moves from the start (K2 adjacency), -1 where unreachable. */
  readonly dist: Int32Array;
  /** The neighbour of the start on a shortest path to each square. */
  readonly first: Int32Array;
}

function bfs(board: Board, start: number): Paths {
  const dist = new Int32Array(board.n).fill(-1);
  const first = new Int32Array(board.n).fill(-1);
  const queue = new Int32Array(board.n);
  let head = 0;
  let tail = 0;
  dist[start] = 0;
  queue[tail++] = start;
  while (head < tail) {
    const i = queue[head++]!;
    const adj = board.adj[i]!;
    for (let k = 0; k < adj.length; k++) {
      const j = adj[k]!;
      if (dist[j] !== -1) continue;
      dist[j] = dist[i]! + 1;
      first[j] = i === start ? j : first[i]!;
      queue[tail++] = j;
    }
  }
  return { dist, first };
}

/** One step along a shortest path toward `goal`; the last step looks into it. */
function step(
  paths: Paths,
  goal: number,
  look: (i: number) => Declaration,
  board: Board,
): Declaration {
  if (paths.dist[goal] === 1) return look(goal);
  return { action: "move", to: board.coords[paths.first[goal]!]! };
}
