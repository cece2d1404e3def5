/**
 * Every die is a request (docs/architecture.md). A round is a program that yields a
 * `RollRequest` for each die and receives the `RollAnswer` (`asProgram` makes one of the
 * synchronous rule code); a driver answers. The seeded driver answers synchronously from the
 * PRNG (CLI, tests, simulator); the Foundry driver answers with core `Roll`s (asynchronously);
 * the forced layer answers from a table of given values (scenario files, totals the GM typed)
 * and passes everything else to the driver beneath it.
 */
import type { Coord } from "../lake/geometry.ts";
import type { ParsedFormula } from "./formula.ts";
import { parseFormula } from "./formula.ts";
import type { Xoshiro128 } from "./prng.ts";

export type Audience = "all" | "gm" | { readonly fisher: string };

export type RollKind =
  | "check"
  | "attack"
  | "damage"
  | "initiative"
  | "explore"
  | "swarmSize"
  | "flee"
  | "hazard"
  | "hazardAttack"
  | "hazardDamage"
  | "save"
  | "displace"
  /** H4: not a die but the player's decision, HP or the hazard's aim (`decision` below). */
  | "hazardChoice"
  /** Kayanak J3, J8: the action and temperature dice (the total is the face's index, 1-based). */
  | "actionDie"
  | "temperatureDie"
  /** Kayanak J6: which fish comes up from a hole holding both sizes (1..big is big). */
  | "land"
  /** Kayanak J6 setting: the dexterity check to land a fish. */
  | "landCheck";

/**
 * A request that is a player's decision, not a die (H4: lose HP or accept the hazard's aim).
 * It is asked, answered, recorded, forced and exported exactly like a roll (its answer is a
 * whole number within `formula`), so a replay is exact; but the seeded driver answers it with
 * `fallback`, without touching the PRNG, and a live table asks the player (src/foundry).
 */
export interface Decision {
  /** The answer when no one decides: the fisher's standing choice. */
  readonly fallback: number;
  /** What the one deciding is told (all of it public once the round resolves); a square as a `Coord`. */
  readonly facts: Readonly<Record<string, string | number | Coord>>;
}

export interface RollRequest {
  readonly kind: RollKind;
  /** Identity for forcing and export: `check:ana`, `attack:ana`, `explore:1,0,0`, `flee:s3`... */
  readonly key: string;
  /** Numbers only (references already bound): `1d20+5`, `2d6+3`, `1d8`. */
  readonly formula: string;
  /** The formula's first term is the d20 whose face is the roll's natural. */
  readonly d20: boolean;
  /** The constant part of the formula (the check's modifier). */
  readonly modifier: number;
  readonly fisher?: string;
  /** Who may see this roll: a driver never shows it to anyone else. */
  readonly audience: Audience;
  /** Set when the request is a decision rather than a die. */
  readonly decision?: Decision;
  /**
   * The part of `modifier` that a rule adds, not the character (H4: a thrown fisher's -4 on the
   * next check); absent when none. A game system's own roll of the check does not carry it:
   * `systemAnswer` adds it, so the engine's rules apply however the check was rolled.
   */
  readonly ruleModifier?: number;
}

export interface RollAnswer {
  readonly total: number;
  /** The d20's face, for d20 requests; absent when unknown (a typed total). */
  readonly natural?: number;
}

export interface RollRecord extends RollAnswer {
  readonly key: string;
}

export type RollProgram<T> = Generator<RollRequest, T, RollAnswer>;

export interface SyncDriver {
  roll(request: RollRequest): RollAnswer;
}
export interface AsyncDriver {
  roll(request: RollRequest): RollAnswer | Promise<RollAnswer>;
}

export function makeRequest(
  kind: RollKind,
  key: string,
  formula: string,
  audience: Audience,
  fisher?: string,
  ruleModifier = 0,
): RollRequest {
  const parsed = parseFormula(formula);
  if (!parsed.ok) throw new Error(`bad formula ${formula}: ${parsed.reason}`);
  const f = parsed.formula;
  // two whole literals rather than a conditional spread
  const request: RollRequest = fisher
    ? { kind, key, formula, d20: f.d20, modifier: f.constant, audience, fisher }
    : { kind, key, formula, d20: f.d20, modifier: f.constant, audience };
  return ruleModifier === 0 ? request : { ...request, ruleModifier };
}

/**
 * A request answered by a game system's own roll (a character sheet's check, in Foundry): its
 * total has the character's modifier but none of the rules' (`ruleModifier`), which is added
 * here (H4's -4 on a thrown fisher's check); its natural counts for a d20 request only.
 */
export function systemAnswer(request: RollRequest, raw: RollAnswer): RollAnswer {
  const total = raw.total + (request.ruleModifier ?? 0);
  return raw.natural === undefined || !request.d20 ? { total } : { total, natural: raw.natural };
}

/** Runs a program to its end with a synchronous driver; returns its value and every roll made. */
export function runSync<T>(program: RollProgram<T>, driver: SyncDriver, rolls?: RollRecord[]): T {
  let step = program.next(undefined as unknown as RollAnswer);
  while (!step.done) {
    const answer = driver.roll(step.value);
    rolls?.push(record(step.value.key, answer));
    step = program.next(answer);
  }
  return step.value;
}

/** Thrown through synchronous rule code to stop it at a die not answered yet (`asProgram`). */
const SUSPEND: unique symbol = Symbol("suspend");

/**
 * Synchronous rule code that asks for each die with `roll(request)`, as a program that yields
 * each request. Until a request is answered, the code is stopped there; once it is, the code is
 * run again from the start with the answers known so far, and goes one request further. The
 * driver is asked for each die exactly once, in the order the code asks for them. `body` must
 * be deterministic (the same answers give the same requests) and change nothing it did not
 * create, as rule code is and does (its scratch lists aside, which it writes before it reads);
 * a round asks for about ten dice, so the repeated runs cost little beside a driver that waits
 * for dice on a table.
 */
export function* asProgram<T>(
  body: (roll: (request: RollRequest) => RollAnswer) => T,
): RollProgram<T> {
  const answers: RollAnswer[] = [];
  for (;;) {
    let asked = 0;
    let pending: RollRequest | undefined;
    let value: T;
    try {
      value = body((request) => {
        if (asked < answers.length) return answers[asked++]!;
        pending = request;
        throw SUSPEND;
      });
    } catch (e) {
      if (e !== SUSPEND || pending === undefined) throw e;
      answers.push(yield pending);
      continue;
    }
    return value;
  }
}

/** The same with a driver that may answer asynchronously (Foundry's dice). */
export async function runAsync<T>(
  program: RollProgram<T>,
  driver: AsyncDriver,
  rolls?: RollRecord[],
): Promise<T> {
  let step = program.next(undefined as unknown as RollAnswer);
  while (!step.done) {
    const answer = await driver.roll(step.value);
    rolls?.push(record(step.value.key, answer));
    step = program.next(answer);
  }
  return step.value;
}

function record(key: string, a: RollAnswer): RollRecord {
  return a.natural === undefined
    ? { key, total: a.total }
    : { key, total: a.total, natural: a.natural };
}

/** Rolls a numbers-only formula with the PRNG. */
export function rollFormula(prng: Xoshiro128, request: RollRequest): RollAnswer {
  const parsed = parseFormula(request.formula);
  if (!parsed.ok || parsed.formula.refs.length > 0)
    throw new Error(`unbound formula ${request.formula}`);
  return rollParsed(prng, parsed.formula, request.d20);
}

/**
 * Rolls a parsed numbers-only formula with the PRNG, term by term and die by die; with `d20`
 * the first face is the answer's natural. `rollFormula` and the rules' seeded fast path
 * (`ask` in kolikoly/context.ts) both draw here, so they draw alike.
 */
export function rollParsed(prng: Xoshiro128, f: ParsedFormula, d20: boolean): RollAnswer {
  let total = f.constant;
  let natural: number | undefined;
  for (let t = 0; t < f.dice.length; t++) {
    const d = f.dice[t]!;
    for (let i = 0; i < d.count; i++) {
      const face = prng.die(d.faces);
      if (t === 0 && i === 0 && d20) natural = face;
      total += d.sign * face;
    }
  }
  return natural === undefined ? { total } : { total, natural };
}

/** Rolls with the PRNG; a decision gets its fallback, and the PRNG does not advance for it. */
export function seededDriver(prng: Xoshiro128): SyncDriver {
  return {
    roll: (request) =>
      request.decision ? { total: request.decision.fallback } : rollFormula(prng, request),
  };
}

/** A table of forced answers by request key, each key a queue taken in order. */
export type ForcedTable = ReadonlyMap<string, readonly ForcedValue[]>;
export interface ForcedValue {
  readonly total?: number;
  readonly natural?: number;
}

/**
 * Answers from `table` where it has a value for the request's key, else asks `inner`. With
 * `advanceInner` (synchronous drivers only: the seeded PRNG), `inner` is asked for every request
 * and its answer dropped when a forced value replaces it, so the seeded sequence advances exactly
 * as if nothing had been forced: a replay with every roll forced ends with the same PRNG state as
 * the game it replays, and forcing one die does not reshuffle the unforced ones.
 */
export function forcedLayer<D extends SyncDriver | AsyncDriver>(
  inner: D,
  table: ForcedTable,
  options: { advanceInner?: boolean } = {},
): D {
  const used = new Map<string, number>();
  const take = (request: RollRequest): RollAnswer | undefined => {
    const queue = table.get(request.key);
    const i = used.get(request.key) ?? 0;
    const v = queue?.[i];
    if (!v) return undefined;
    used.set(request.key, i + 1);
    return forcedAnswer(request, v);
  };
  if (options.advanceInner)
    return {
      roll: (request: RollRequest) => {
        const own = (inner as SyncDriver).roll(request);
        return take(request) ?? own;
      },
    } as D;
  return { roll: (request: RollRequest) => take(request) ?? inner.roll(request) } as D;
}

/**
 * A forced value as an answer: a total alone has no natural (a typed total is never a natural
 * 1 or 20); a natural alone makes the total natural + modifier.
 */
export function forcedAnswer(request: RollRequest, v: ForcedValue): RollAnswer {
  if (v.total !== undefined) {
    return v.natural !== undefined && request.d20
      ? { total: v.total, natural: v.natural }
      : { total: v.total };
  }
  if (v.natural !== undefined) return { total: v.natural + request.modifier, natural: v.natural };
  throw new Error(`forced value for ${request.key} has neither total nor natural`);
}
