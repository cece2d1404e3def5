/**
 * The working data of one round being resolved. Only `round.ts` creates it; rule steps fill it in.
 *
 * The working state `g` is the caller's state copied on write: its top-level object and its
 * `fishers` and `swarms` arrays are the round's own from the start, but a fisher or a swarm is
 * copied only when a rule first changes it (`ownFisher`, `ownSwarm`), and the `explored` list
 * only when a square is first explored (`markExplored`). The caller's state is never changed;
 * the new state shares the objects the round did not touch (they are never changed afterwards
 * either: every round copies before it writes).
 */
import type { Audience, RollAnswer, RollRequest } from "../dice/requests.ts";
import { makeRequest } from "../dice/requests.ts";
import type { Coord } from "../lake/geometry.ts";
import { indexOf, sameSquare } from "../lake/geometry.ts";
import { copyFisher, copySwarm } from "./state.ts";
import type {
  Band,
  Declaration,
  FisherState,
  GameEvent,
  GameState,
  RoundInput,
  SwarmFacts,
  SwarmState,
} from "./types.ts";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type EventBody = DistributiveOmit<GameEvent, "round" | "audience">;

export interface CheckResult {
  readonly total: number;
  readonly natural?: number;
  readonly band: Band;
}

/** A catch attack this round (K9): from Catch, Track 17+ or Move 17+. */
export interface AttackPlan {
  readonly fisher: string;
  readonly at: Coord;
  readonly source: "catch" | "track" | "move";
}

/** Answers one request, synchronously (the seeded driver, or an answer already known). */
export type Roller = (request: RollRequest) => RollAnswer;

export interface RoundContext {
  /** The working state, copied on write (see above): change a fisher or swarm only through `ownFisher` / `ownSwarm`. */
  readonly g: GameState;
  readonly round: number;
  readonly input: RoundInput;
  readonly events: GameEvent[];
  /** Every die of the round is asked here (docs/architecture.md, "Every die is a request"). */
  readonly roll: Roller;
  /** By fisher index (the order of `g.fishers`): what each fisher acting this round declared (K5). */
  readonly acting: (Declaration | undefined)[];
  /** By fisher index: each acting fisher's check (K6). */
  readonly checks: (CheckResult | undefined)[];
  /** Fishers in a conflict group, by square index, highest initiative first (K7). */
  readonly conflictOrder: Map<number, string[]>;
  readonly attacks: AttackPlan[];
  /** Squares whose swarms flee at the end of the round: a catch attack with fish there (K11), a noisy Move in (K14). */
  readonly flee: Map<number, "catch" | "noisy">;
  /** Squares whose swarms scatter (K16 1-5), with the squares they may not flee to. */
  readonly scatter: Map<number, Coord[]>;
  /** Successful herds (K16 11+) by square, highest initiative first. */
  readonly herds: Map<number, { fisher: string; toward: Coord }[]>;
  /** The fishers and swarms of `g` this round has copied (and so may change): a few a round, so a list. */
  readonly owned: object[];
  /** Whether `g.explored` is already the round's own copy. */
  exploredOwned: boolean;
}

/** A new round's context over `state` (which is never changed). */
export function newContext(state: GameState, input: RoundInput, roll: Roller): RoundContext {
  const fishers = state.fishers.slice();
  const swarms = state.swarms.slice();
  const rng: GameState["rng"] = [state.rng[0], state.rng[1], state.rng[2], state.rng[3]];
  // one literal, key for key as `newGame` writes them, so that every working state has one shape
  // (a game that has ended, the only kind with `endReason`, resolves no round: spread, to be safe)
  const g: GameState =
    state.endReason === undefined
      ? {
          round: state.round,
          over: state.over,
          lake: state.lake,
          settings: state.settings,
          fishers,
          swarms,
          explored: state.explored,
          nextSwarm: state.nextSwarm,
          rng,
        }
      : { ...state, fishers, swarms, rng };
  return {
    g,
    round: state.round + 1,
    input,
    events: [],
    roll,
    acting: [],
    checks: [],
    conflictOrder: new Map(),
    attacks: [],
    flee: new Map(),
    scatter: new Map(),
    herds: new Map(),
    owned: [],
    exploredOwned: false,
  };
}

/** Appends an event (the round and audience first, so serialised logs keep their key order). */
export function emit(ctx: RoundContext, audience: Audience, body: EventBody): void {
  ctx.events.push({ round: ctx.round, audience, ...body } as GameEvent);
}

export function fisherIndex(ctx: RoundContext, id: string): number {
  const list = ctx.g.fishers;
  for (let i = 0; i < list.length; i++) if (list[i]!.id === id) return i;
  throw new Error(`no fisher ${id}`);
}

/** The fisher as it stands now (read only: change it through `ownFisher`). */
export function fisher(ctx: RoundContext, id: string): FisherState {
  return ctx.g.fishers[fisherIndex(ctx, id)]!;
}

/** Fisher `id` as the round's own copy, which rule steps may change. */
export function ownFisher(ctx: RoundContext, id: string): FisherState {
  const list = ctx.g.fishers;
  const i = fisherIndex(ctx, id);
  const f = list[i]!;
  if (ctx.owned.includes(f)) return f;
  const copy = copyFisher(f);
  list[i] = copy;
  ctx.owned.push(copy);
  return copy;
}

/**
 * Swarm `s` (as it stands in `g.swarms` now) as the round's own copy, which rule steps may
 * change. Holding on to the old object after this is a programming error, caught here.
 */
export function ownSwarm(ctx: RoundContext, s: SwarmState): SwarmState {
  if (ctx.owned.includes(s)) return s;
  const list = ctx.g.swarms;
  const i = list.indexOf(s);
  if (i < 0) throw new Error(`swarm ${s.id} is not in the working state`);
  const copy = copySwarm(s);
  list[i] = copy;
  ctx.owned.push(copy);
  return copy;
}

/** A swarm the round creates: its own from the start. */
export function addSwarm(ctx: RoundContext, s: SwarmState): void {
  ctx.g.swarms.push(s);
  ctx.owned.push(s);
}

/** K21: square `i` is explored from now on. */
export function markExplored(ctx: RoundContext, i: number): void {
  if (!ctx.exploredOwned) {
    ctx.g.explored = ctx.g.explored.slice();
    ctx.exploredOwned = true;
  }
  ctx.g.explored[i] = 1;
}

export function swarmsAt(ctx: RoundContext, at: Coord): SwarmState[] {
  const out: SwarmState[] = [];
  for (const s of ctx.g.swarms) if (sameSquare(s.at, at)) out.push(s);
  return out;
}

export function fishAt(ctx: RoundContext, at: Coord): number {
  let n = 0;
  for (const s of ctx.g.swarms) if (sameSquare(s.at, at)) n += s.fish;
  return n;
}

export function facts(s: SwarmState): SwarmFacts {
  return { id: s.id, at: s.at, fish: s.fish, max: s.max };
}

export function idx(ctx: RoundContext, at: Coord): number {
  return indexOf(ctx.g.lake, at);
}

export function request(
  kind: RollRequest["kind"],
  key: string,
  formula: string,
  audience: Audience,
  fisherId?: string,
): RollRequest {
  return makeRequest(kind, key, formula, audience, fisherId);
}

/** A fisher who can act: conscious and on the lake (H5). */
export function canAct(f: FisherState): boolean {
  return f.condition === "ok";
}
