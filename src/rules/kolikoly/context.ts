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
import { parseFormula } from "../dice/formula.ts";
import type { Xoshiro128 } from "../dice/prng.ts";
import type { Audience, RollAnswer, RollKind, RollRequest } from "../dice/requests.ts";
import { makeRequest, rollParsed } from "../dice/requests.ts";
import type { Coord } from "../lake/geometry.ts";
import { indexOf, squareKey } from "../lake/geometry.ts";
import { copyFisher, copySwarm } from "./state.ts";
import { ALL_EVENTS } from "./types.ts";
import type {
  Band,
  Declaration,
  EventFilter,
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

/**
 * A map from square index to `V` for the few squares a round marks (fleeing, scattering,
 * herded, in conflict): looked up by a scan, which for a handful of keys costs less than a
 * `Map`'s hashing (the fish movement looks up every swarm's square). Insertion order, like a `Map`.
 */
export class SquareMap<V> {
  private readonly keys: number[] = [];
  private readonly list: V[] = [];
  get size(): number {
    return this.keys.length;
  }
  get(square: number): V | undefined {
    const keys = this.keys;
    for (let i = 0; i < keys.length; i++) if (keys[i] === square) return this.list[i];
    return undefined;
  }
  has(square: number): boolean {
    return this.keys.includes(square);
  }
  set(square: number, value: V): this {
    const i = this.keys.indexOf(square);
    if (i >= 0) this.list[i] = value;
    else {
      this.keys.push(square);
      this.list.push(value);
    }
    return this;
  }
  /** The values, in the order their squares were first set. */
  values(): readonly V[] {
    return this.list;
  }
}

/** Answers one request, synchronously (the seeded driver, or an answer already known). */
export type Roller = (request: RollRequest) => RollAnswer;

export interface RoundContext {
  /** The working state, copied on write (see above): change a fisher or swarm only through `ownFisher` / `ownSwarm`. */
  readonly g: GameState;
  readonly round: number;
  readonly input: RoundInput;
  readonly events: GameEvent[];
  /** Which events this round builds (`ALL_EVENTS` but for a reader that asks for fewer): test `log[type]` before making one. */
  readonly log: EventFilter;
  /** Every die of the round is asked here (docs/architecture.md, "Every die is a request"), through `ask`. */
  readonly roll: Roller;
  /**
   * Set when `roll` is the plain seeded driver and nothing reads the requests (no forced
   * values, no roll record): `ask` then draws each die here at once, without making its request.
   */
  readonly prng: Xoshiro128 | undefined;
  /** By fisher index (the order of `g.fishers`): what each fisher acting this round declared (K5). */
  readonly acting: (Declaration | undefined)[];
  /** By fisher index: each acting fisher's check (K6). */
  readonly checks: (CheckResult | undefined)[];
  /** Fishers in a conflict group, by square index, highest initiative first (K7); made at the first conflict. */
  conflictOrder: SquareMap<string[]> | undefined;
  readonly attacks: AttackPlan[];
  /** Squares whose swarms flee at the end of the round: a catch attack with fish there (K11), a noisy Move in (K14). Made at the first. */
  flee: SquareMap<"catch" | "noisy"> | undefined;
  /** Squares whose swarms scatter (K16 1-5), with the squares they may not flee to. Made at the first. */
  scatter: SquareMap<Coord[]> | undefined;
  /** Successful herds (K16 11+) by square, highest initiative first. Made at the first. */
  herds: SquareMap<{ fisher: string; toward: Coord }[]> | undefined;
  /** The fishers and swarms of `g` this round has copied (and so may change): a few a round, so a list. */
  readonly owned: object[];
  /** Whether `g.explored` is already the round's own copy. */
  exploredOwned: boolean;
}

/**
 * A list with an unset entry per fisher, filled in by index: made whole from the start (not
 * grown by index, which leaves holes V8 then checks on every read).
 */
function unsetPerFisher<T>(n: number): (T | undefined)[] {
  const list: (T | undefined)[] = [];
  for (let i = 0; i < n; i++) list.push(undefined);
  return list;
}

/** A new round's context over `state` (which is never changed). */
export function newContext(
  state: GameState,
  input: RoundInput,
  roll: Roller,
  prng?: Xoshiro128,
  log: EventFilter = ALL_EVENTS,
): RoundContext {
  const fishers = state.fishers.slice();
  const swarms = state.swarms.slice();
  // the state's own PRNG state, shared: never changed in place, and the driver sets the new
  // state's own when the round is over (`resolveSeeded`, `playRoundAsync`)
  const rng = state.rng;
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
    log,
    roll,
    prng,
    acting: unsetPerFisher<Declaration>(fishers.length),
    checks: unsetPerFisher<CheckResult>(fishers.length),
    conflictOrder: undefined,
    attacks: [],
    flee: undefined,
    scatter: undefined,
    herds: undefined,
    owned: [],
    exploredOwned: false,
  };
}

/** Appends an event (the round and audience first, so serialised logs keep their key order). */
export function emit(ctx: RoundContext, audience: Audience, body: EventBody): void {
  if (ctx.log[body.type]) ctx.events.push({ round: ctx.round, audience, ...body } as GameEvent);
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

export function facts(s: SwarmState): SwarmFacts {
  return { id: s.id, at: s.at, fish: s.fish, max: s.max };
}

export function idx(ctx: RoundContext, at: Coord): number {
  return indexOf(ctx.g.lake, at);
}

/**
 * Asks for one die: a request of `kind` keyed `key:subject` (`key` alone without a subject; a
 * square as subject is written `x,y,level`), answered by `ctx.roll`. On the seeded path with
 * nothing reading requests (`ctx.prng`), the formula is drawn at once, die by die as the seeded
 * driver draws it (`rollParsed`), and the request, its key and its audience are never made.
 */
export function ask(
  ctx: RoundContext,
  kind: RollKind,
  subject: string | Coord | undefined,
  formula: string,
  audience: Audience,
  fisherId?: string,
  key: string = kind,
  ruleModifier = 0,
): RollAnswer {
  const prng = ctx.prng;
  if (prng) {
    const parsed = parseFormula(formula);
    if (!parsed.ok || parsed.formula.refs.length > 0) throw new Error(`unbound formula ${formula}`);
    return rollParsed(prng, parsed.formula, parsed.formula.d20);
  }
  const full =
    subject === undefined
      ? key
      : `${key}:${typeof subject === "string" ? subject : squareKey(subject)}`;
  return ctx.roll(makeRequest(kind, full, formula, audience, fisherId, ruleModifier));
}

/** Square `sq`'s swarms flee at the end of the round (K11, K14), for `cause`. */
export function setFlee(ctx: RoundContext, sq: number, cause: "catch" | "noisy"): void {
  (ctx.flee ??= new SquareMap()).set(sq, cause);
}

/** A fisher who can act: conscious and on the lake (H5). */
export function canAct(f: FisherState): boolean {
  return f.condition === "ok";
}
