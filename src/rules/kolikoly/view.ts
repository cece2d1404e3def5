/**
 * Secrecy is a projection: `viewFor` and `eventsFor` are the only filters between the GM's
 * truth and anything a player receives (chat, sockets, the sandbox's player view, `replay --as`).
 */
import type { Audience } from "../dice/requests.ts";
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import { squareCoords } from "../lake/geometry.ts";
import type { Condition, GameEvent, GameState } from "./types.ts";

/** The GM; any player (only public facts); or the player of one fisher (public facts and that fisher's own). */
export type Viewer = "gm" | "player" | { readonly fisher: string };

export interface FisherView {
  readonly id: string;
  readonly name: string;
  readonly at: Coord;
  readonly caught: number;
  readonly hp: number;
  readonly maxHp: number;
  readonly condition: Condition;
  /** H4 disarm: present (true) while the net is dropped. */
  readonly netDropped?: true;
}
export interface SwarmView {
  readonly id: string;
  readonly at: Coord;
  readonly fish: number;
  readonly max: number;
  readonly seen: boolean;
}
export interface LakeView {
  readonly viewer: Viewer;
  readonly round: number;
  readonly over: boolean;
  readonly lake: LakeSpec;
  readonly fishers: FisherView[];
  /** For players: only seen swarms (K20). */
  readonly swarms: SwarmView[];
  readonly explored: Coord[];
}

export function canSee(audience: Audience, viewer: Viewer): boolean {
  if (viewer === "gm" || audience === "all") return true;
  if (audience === "gm" || viewer === "player") return false;
  return audience.fisher === viewer.fisher;
}

export function eventsFor(log: readonly GameEvent[], viewer: Viewer): GameEvent[] {
  return log.filter((e) => canSee(e.audience, viewer));
}

const exploredLists = new WeakMap<readonly number[], Coord[]>();

/**
 * The explored squares as coordinates, made once per `explored` list: a round that explores
 * nothing hands the next state the same list (kolikoly/context.ts), so the views of every
 * viewer, round after round, share one (frozen: views are read-only).
 */
function exploredCoords(state: GameState): Coord[] {
  const ex = state.explored;
  let list = exploredLists.get(ex);
  if (!list) {
    const coords = squareCoords(state.lake);
    list = [];
    for (let i = 0; i < ex.length; i++) if (ex[i] === 1) list.push(coords[i]!);
    Object.freeze(list);
    exploredLists.set(ex, list);
  }
  return list;
}

export function viewFor(state: GameState, viewer: Viewer): LakeView {
  const gm = viewer === "gm";
  const explored = exploredCoords(state);
  return {
    viewer,
    round: state.round,
    over: state.over,
    lake: state.lake,
    fishers: state.fishers.map(fisherView),
    swarms: swarmViews(state, gm),
    explored,
  };
}

/** For the GM every swarm, for players the seen ones (K20): one loop, one list. */
function swarmViews(state: GameState, gm: boolean): SwarmView[] {
  const out: SwarmView[] = [];
  for (const s of state.swarms)
    if (gm || s.seen) out.push({ id: s.id, at: s.at, fish: s.fish, max: s.max, seen: s.seen });
  return out;
}

/** Two whole literals rather than a conditional spread (this runs for every fisher of every view). */
function fisherView(f: GameState["fishers"][number]): FisherView {
  const { id, name, at, caught, hp, maxHp, condition } = f;
  return f.netDropped
    ? { id, name, at, caught, hp, maxHp, condition, netDropped: true }
    : { id, name, at, caught, hp, maxHp, condition };
}
