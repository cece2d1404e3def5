/** The working data of one round being resolved. Only `round.ts` creates it; rule steps fill it in. */
import type { Audience, RollRequest } from "../dice/requests.ts";
import { makeRequest } from "../dice/requests.ts";
import type { Coord } from "../lake/geometry.ts";
import { indexOf, sameSquare } from "../lake/geometry.ts";
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

export interface RoundContext {
  /** A private copy of the state: steps may change it; the caller's state is never touched. */
  readonly g: GameState;
  readonly round: number;
  readonly input: RoundInput;
  readonly events: GameEvent[];
  /** Fishers acting this round and what they declared (K5). */
  readonly acting: Map<string, Declaration>;
  readonly checks: Map<string, CheckResult>;
  /** Fishers in a conflict group, by square index, highest initiative first (K7). */
  readonly conflictOrder: Map<number, string[]>;
  readonly attacks: AttackPlan[];
  /** Squares whose swarms flee at the end of the round: a catch attack with fish there (K11), a noisy Move in (K14). */
  readonly flee: Map<number, "catch" | "noisy">;
  /** Squares whose swarms scatter (K16 1-5), with the squares they may not flee to. */
  readonly scatter: Map<number, Coord[]>;
  /** Successful herds (K16 11+) by square, highest initiative first. */
  readonly herds: Map<number, { fisher: string; toward: Coord }[]>;
}

export function emit(ctx: RoundContext, audience: Audience, body: EventBody): void {
  ctx.events.push({ round: ctx.round, audience, ...body } as GameEvent);
}

export function fisher(ctx: RoundContext, id: string): FisherState {
  const f = ctx.g.fishers.find((x) => x.id === id);
  if (!f) throw new Error(`no fisher ${id}`);
  return f;
}

export function swarmsAt(ctx: RoundContext, at: Coord): SwarmState[] {
  return ctx.g.swarms.filter((s) => sameSquare(s.at, at));
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
