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
import { ShapeCache, indexOf, neighbours, squareCoords, squareCount } from "../lake/geometry.ts";
import type { Declaration } from "../kolikoly/types.ts";
import type { FisherView, LakeView, SwarmView } from "../kolikoly/view.ts";
import type { Bot, BotRandom } from "./bot.ts";
import { botRandom, choose } from "./bot.ts";

/** Herd rather than catch only when the square holds at least this many seen fish. */
export const HERD_MIN_FISH = 10;
/** A neighbour with no news for more than this many rounds is worth a look while searching. */
export const STALE_ROUNDS = 2;

/** The lake's squares as indices, with their neighbours (K2), built once per lake shape. */
interface Board {
  readonly lake: LakeSpec;
  readonly n: number;
  readonly coords: readonly Coord[];
  readonly adj: readonly Int32Array[];
  /** Shortest paths from each start square, computed on first use (the graph never changes). */
  readonly paths: (Paths | undefined)[];
  /**
   * Per square, the seen fish and the fishers able to act in a view (`fishOf`, `fishersOf`):
   * counted again whenever a decision gets lists other than the ones counted, and shared by
   * every bot on the board (decisions run one after another).
   */
  readonly fish: Int32Array;
  readonly fishersAt: Int32Array;
  /** Flags of an explored list that is not frozen, refilled at each such decision. */
  readonly scratch: Uint8Array;
  /** The view lists `fish` and `fishersAt` were last counted from. */
  fishOf: readonly SwarmView[] | undefined;
  fishersOf: readonly FisherView[] | undefined;
  /** The frozen explored list read last, and its flags (`exploredOf`). */
  flagsOf: readonly Coord[] | undefined;
  flags: Uint8Array;
}

interface Memory {
  readonly board: Board;
  /** Per square, 1 when explored: read from the view's explored list (shared, see `exploredOf`). */
  explored: Uint8Array;
  /** 1 while some square is not explored yet, 0 once the whole lake is. */
  unexplored: number;
  /** Per square, the fish of lost swarms that may be there (kept up to date, see `lostSwarms`). */
  readonly hot: Int32Array;
  /** The squares where `hot` is not 0 (0: no lost swarm may be anywhere). */
  hotSquares: number;
  /** The swarms in view at the last decision (the rest of `swarms` are lost). */
  visible: SeenSwarm[];
  /** The view's explored list `explored` was last read from. */
  exploredFrom: readonly Coord[] | undefined;
  /** Per square, the round this player last had news of it (-1: never). */
  readonly lastNews: Int32Array;
  /** The round of the last decision (a view of an earlier round, an undone game: a new memory). */
  round: number;
  /** Swarms seen, by id: where, with how many fish, and the last round they were in view. */
  readonly swarms: Map<string, SeenSwarm>;
}

interface SeenSwarm {
  readonly id: string;
  at: number;
  fish: number;
  round: number;
  /**
   * Out of view since `round`: it may be in any neighbour of `at` with no news since `round`
   * (its fish are counted in those squares' `hot`). News only grows, so a square once closed
   * stays closed.
   */
  lost: boolean;
}

/**
 * An explored list as flags per square. `viewFor` hands every viewer the same frozen list while
 * no square is newly explored, so the bots of a game share the flags of the list read last (kept
 * on the board); a list that is not frozen may change, and is read into the board's scratch.
 */
function exploredOf(board: Board, list: readonly Coord[]): Uint8Array {
  if (list === board.flagsOf && board.flags.length === board.n) return board.flags;
  const shared = Object.isFrozen(list);
  const flags = shared ? new Uint8Array(board.n) : board.scratch.fill(0);
  // by index: the list is frozen, and V8 runs a frozen array's iterator step by step
  for (let i = 0; i < list.length; i++) flags[indexOf(board.lake, list[i]!)] = 1;
  if (shared) {
    board.flagsOf = list;
    board.flags = flags;
  }
  return flags;
}

/** Whether some square of `flags` is still 0 (not explored). */
function someUnexplored(flags: ArrayLike<number>): boolean {
  for (let i = 0; i < flags.length; i++) if (flags[i] !== 1) return true;
  return false;
}

/** Boards are shared by every bot on a lake of the same shape (their graph never changes). */
const boards = new ShapeCache<Board>((lake) => {
  const n = squareCount(lake);
  const coords = squareCoords(lake);
  const adj = coords.map((c) => Int32Array.from(neighbours(lake, c), (d) => indexOf(lake, d)));
  return {
    lake,
    n,
    coords,
    adj,
    paths: new Array<Paths | undefined>(n),
    fish: new Int32Array(n),
    fishersAt: new Int32Array(n),
    scratch: new Uint8Array(n),
    fishOf: undefined,
    fishersOf: undefined,
    flagsOf: undefined,
    flags: new Uint8Array(0),
  };
});

function newMemory(lake: LakeSpec): Memory {
  const board = boards.get(lake);
  const n = board.n;
  return {
    board,
    lastNews: new Int32Array(n).fill(-1),
    round: -1,
    swarms: new Map(),
    explored: board.scratch,
    unexplored: 1,
    hot: new Int32Array(n),
    hotSquares: 0,
    visible: [],
    exploredFrom: undefined,
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
      if (!memory || !sameShape(memory.board.lake, view.lake) || view.round < memory.round)
        memory = newMemory(view.lake);
      memory.round = view.round;
      const me = view.fishers.find((f) => f.id === fisher);
      if (!me || me.condition !== "ok") return undefined;
      if (me.netDropped) return { action: "catch" };
      return choice(view, indexOf(view.lake, me.at), memory, rng);
    },
  };
}

function choice(view: LakeView, here: number, memory: Memory, rng: BotRandom): Declaration {
  const { board, lastNews, hot } = memory;
  if (view.explored !== memory.exploredFrom) {
    memory.explored = exploredOf(board, view.explored);
    memory.unexplored = someUnexplored(memory.explored) ? 1 : 0;
    // a list not frozen may be changed in place, and its flags are in the board's scratch
    memory.exploredFrom = Object.isFrozen(view.explored) ? view.explored : undefined;
  }
  const { explored } = memory;
  const { lake, n, fish, fishersAt } = board;
  const round = view.round;
  // the counts of a view's lists, made once for all the bots deciding from them (a view is
  // read-only: the simulator hands every bot of a round the same lists)
  if (view.swarms !== board.fishOf) {
    fish.fill(0);
    for (const s of view.swarms) fish[indexOf(lake, s.at)]! += s.fish;
    board.fishOf = view.swarms;
  }
  if (view.fishers !== board.fishersOf) {
    fishersAt.fill(0);
    for (const f of view.fishers) if (f.condition === "ok") fishersAt[indexOf(lake, f.at)]!++;
    board.fishersOf = view.fishers;
  }
  // K20: every square with a fisher at the end of the round shows its swarms.
  for (const f of view.fishers)
    if (f.condition !== "dead") news(memory, indexOf(lake, f.at), round);
  lostSwarms(view, memory);
  const around = board.adj[here]!;

  // 1. fish in this square: catch, or herd a big catch toward another fisher next door
  if (fish[here]! > 0) {
    if (fish[here]! >= HERD_MIN_FISH && fishersAt[here] === 1) {
      const to = best(around, fishersAt, 0, 1, rng);
      if (to >= 0) return { action: "herd", toward: board.coords[to]! };
    }
    return { action: "catch" };
  }
  // 2. seen fish next door: the square with most fish
  const withFish = best(around, fish, 0, 1, rng);
  if (withFish >= 0) return { action: "move", to: board.coords[withFish]! };
  // 3. where a lost swarm may be
  const hunt = best(around, hot, 0, 1, rng);
  if (hunt >= 0) return look(memory, hunt, round);
  // 4. an unexplored neighbour: track it (safe exploration)
  const fog = best(around, explored, 1, -1, rng);
  if (fog >= 0) return look(memory, fog, round);
  // 5. toward the nearest seen fish, lost swarm or unexplored square
  const paths = (board.paths[here] ??= bfs(board, here));
  // late in a game there is often none at all: no walk then (the answer is the same)
  if (view.swarms.length > 0 || memory.hotSquares > 0 || memory.unexplored > 0) {
    const goals: number[] = [];
    let goalDist = Infinity;
    const { order, dist } = paths; // nearest first: stop past the nearest goals
    for (let k = 0; k < order.length; k++) {
      const i = order[k]!;
      const d = dist[i]!;
      if (d > goalDist) break;
      if (fish[i] === 0 && hot[i] === 0 && explored[i] === 1) continue;
      goalDist = d;
      goals.push(i);
    }
    if (goals.length) return step(paths, choose(rng, goals), memory, round);
  }
  // 6. search: look at a neighbour with stale news, else walk toward the stalest square
  const stale = best(around, lastNews, round - STALE_ROUNDS, -1, rng);
  if (stale >= 0) return look(memory, stale, round);
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
  return step(paths, choose(rng, far), memory, round);
}

/**
 * "Looking" into square `i` (news of it from this round on): moving into an explored square
 * (a Move always enters, and the fisher sees its swarms at the end of the round, K20), tracking
 * an unexplored one.
 */
function look(memory: Memory, i: number, round: number): Declaration {
  news(memory, i, round);
  const c = memory.board.coords[i]!;
  return memory.explored[i] === 1 ? { action: "move", to: c } : { action: "track", target: c };
}

/**
 * Updates the memory of swarms from the view, and `hot`: per square, the fish of lost swarms
 * that may be there (a neighbour of where a swarm was last seen, with no news of it since).
 * Kept up to date as things change (a swarm lost, a swarm found again: `found`, news of a
 * square: `news`) rather than walked every round: a lost swarm can wait a long time in squares
 * nobody visits. No list of open squares is kept: a square is open to a lost swarm while it is
 * a neighbour of where the swarm was and has had no news since (news only grows, and rounds
 * only go forward within one memory), and news of a square closes it to every lost swarm.
 */
function lostSwarms(view: LakeView, memory: Memory): void {
  const { board, lastNews, swarms } = memory;
  const round = view.round;
  const visible: SeenSwarm[] = [];
  for (const s of view.swarms) {
    const at = indexOf(board.lake, s.at);
    let known = swarms.get(s.id);
    if (!known) {
      known = { id: s.id, at, fish: s.fish, round, lost: false };
      swarms.set(s.id, known);
    } else {
      if (known.lost) found(memory, known);
      known.at = at;
      known.fish = s.fish;
      known.round = round;
    }
    visible.push(known);
  }
  for (const s of memory.visible) {
    if (s.round === round) continue;
    // lost: fish move only when disturbed (K17), so it waits in one of these squares
    const adj = board.adj[s.at]!;
    let open = 0;
    for (let k = 0; k < adj.length; k++) {
      const i = adj[k]!;
      if (lastNews[i]! > s.round) continue; // news of it since
      addHot(memory, i, s.fish);
      open++;
    }
    if (open === 0)
      swarms.delete(s.id); // nowhere left to look: forgotten
    else s.lost = true;
  }
  memory.visible = visible;
}

/** Adds `fish` to square `i`'s count of lost fish, keeping `hotSquares` right. */
function addHot(memory: Memory, i: number, fish: number): void {
  const before = memory.hot[i]!;
  const after = (memory.hot[i] = before + fish);
  if ((before === 0) !== (after === 0)) memory.hotSquares += after === 0 ? -1 : 1;
}

/** A lost swarm is in view again: its fish leave the squares still open to it. */
function found(memory: Memory, s: SeenSwarm): void {
  const adj = memory.board.adj[s.at]!;
  for (let k = 0; k < adj.length; k++) {
    const i = adj[k]!;
    if (memory.lastNews[i]! <= s.round) addHot(memory, i, -s.fish);
  }
  s.lost = false;
}

/**
 * News of square `i` this round: every lost swarm that may have been there was last seen in an
 * earlier round, so none of them is there any longer.
 */
function news(memory: Memory, i: number, round: number): void {
  memory.lastNews[i] = round;
  if (memory.hot[i] !== 0) {
    memory.hot[i] = 0;
    memory.hotSquares--;
  }
}

/** Scratch for `best`'s tied candidates (a square has at most 10 neighbours, K2). */
let picks = new Int32Array(16);

/**
 * The candidate with the highest positive score (ties at random), or -1. The score of square `i`
 * is `base + sign * values[i]` (no closure per call: this runs several times a decision).
 */
function best(
  list: Int32Array,
  values: ArrayLike<number>,
  base: number,
  sign: 1 | -1,
  rng: BotRandom,
): number {
  let top = 0;
  let count = 0;
  if (picks.length < list.length) picks = new Int32Array(list.length);
  for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    const s = base + sign * values[i]!;
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
  /** The squares reachable from the start, nearest first, then by index. */
  readonly order: Int32Array;
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
  const order = queue.slice(0, tail).sort((a, b) => dist[a]! - dist[b]! || a - b);
  return { dist, first, order };
}

/** One step along a shortest path toward `goal`; the last step looks into it. */
function step(paths: Paths, goal: number, memory: Memory, round: number): Declaration {
  if (paths.dist[goal] === 1) return look(memory, goal, round);
  return { action: "move", to: memory.board.coords[paths.first[goal]!]! };
}
