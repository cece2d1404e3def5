/**
 * Issue 10 item 4: is a roll in a chat message one that Foundry's dice could have made? A pure
 * check of a serialised core `Roll` (`Roll#toJSON`, what `message.rolls[i]` holds as data and what
 * a player's client sends): every dice term's results are replayed through the term's modifiers
 * and must come out exactly as stored (which results are active, discarded, rerolled, exploded,
 * what each counts for); the terms, combined with their operators, must add up to the stored
 * total; and a check has exactly one d20 with exactly one active result.
 *
 * It is written after Foundry v13's client dice code (read in the stored public sources):
 * - `Roll#toJSON` (client/dice/roll.mjs): `{class, options, dice, formula, terms, total,
 *   evaluated}`; `Roll#_evaluateASTAsync` totals the terms through `RollParser.toAST`
 *   (client/dice/parser.mjs), a shunting yard over `OperatorTerm.PRECEDENCE` (`+ -` 10,
 *   `* / %` 20, all left-associative); the parser folds a leading minus into the next term, so
 *   serialised terms alternate operand, operator, operand.
 * - `RollTerm#toJSON`: `{class, options, evaluated}` plus each class's `SERIALIZE_ATTRIBUTES`:
 *   `DiceTerm` number, faces, modifiers, results, method; `NumericTerm` number; `OperatorTerm`
 *   operator; `ParentheticalTerm` term, roll; `FunctionTerm` fn, terms, rolls, result.
 * - `DiceTerm#roll` pushes `{result, active: true}`; `DiceTerm#total` sums the active results,
 *   `count` in place of `result` where a modifier set one; `_evaluateModifiers` keeps, after
 *   evaluation, the modifiers it applied, lower-cased, in the order it applied them.
 * - `Die` (client/dice/terms/die.mjs): `reroll` / `rerollRecursive` (r, rr), `explode` /
 *   `explodeOnce` (x, xo), `keep` / `drop` (k, kh, kl, d, dh, dl through
 *   `DiceTerm._keepOrDrop`), `minimum` / `maximum` (min, max: `count` set, `rerolled` flagged).
 *   The replays below follow those loops step for step, quirks included.
 * - dnd5e (foundryvtt/dnd5e, module/dice): `D20Die` and, from 5.3, `BasicDie` (the system's `d`
 *   term) add `adv` / `dis` (`adv2` with Elven Accuracy): the die's number is multiplied up front
 *   (`expandAdvantage`) and the handler keeps the first set with the best (worst) sum
 *   (basic-die.mjs, release-5.3.3); up to 5.2 advantage is `2d20kh` / `3d20kh`, disadvantage
 *   `2d20kl` (d20-die.mjs, release-4.4.4 to 5.2.5). Halfling Lucky is `r1=1`, Reliable Talent
 *   `min10` (d20-roll.mjs configureModifiers).
 * - pf2e (foundryvtt/pf2e src/module/system/check): a `CheckRoll` of core terms,
 *   `1d20+mod`, fortune `2d20kh+mod`, misfortune `2d20kl+mod`.
 *
 * What cannot be checked is refused as `unverifiable` (the GM types the total if it is right):
 * pool terms (`{...}kh`), string terms, dice of other classes (coins, Fate dice, a system's own
 * die), counting modifiers (cs, cf, even, odd, df, sf, ms), dice whose number or faces are
 * themselves rolls, functions other than plain Math ones. Nothing here can tell dice a client
 * really rolled from dice a determined cheater wrote to agree with each other: that residual risk
 * is in the README's threat model.
 */

/** Why a roll was refused (KOLIKOLY.Players.Refusal.<reason> tells the GM). */
export type IntegrityReason =
  | "noRoll"
  | "notEvaluated"
  | "malformed"
  | "dieOutOfRange"
  | "resultCount"
  | "modifierMismatch"
  | "totalMismatch"
  | "noD20"
  | "d20Active"
  | "unverifiable";

export const INTEGRITY_REASONS: readonly IntegrityReason[] = [
  "noRoll",
  "notEvaluated",
  "malformed",
  "dieOutOfRange",
  "resultCount",
  "modifierMismatch",
  "totalMismatch",
  "noD20",
  "d20Active",
  "unverifiable",
];

export type Verified<T> =
  | ({ readonly ok: true } & T)
  | { readonly ok: false; readonly reason: IntegrityReason; readonly detail: string };

/**
 * A verified check: its total, the natural face of its one active d20 (none for a check the
 * system makes without a die), its fixed part (`flat`: the total with every die counted 0), what
 * its other dice added (`bonus`) and those dice.
 */
export type VerifiedCheck = Verified<{
  readonly total: number;
  readonly natural?: number;
  readonly flat: number;
  readonly bonus: number;
  readonly bonusDice: readonly { readonly number: number; readonly faces: number }[];
}>;

/**
 * Dice term classes whose results the replay knows: core `Die`, dnd5e's `D20Die` and `BasicDie`.
 * dnd5e 5.3's adv / dis (basic-die.mjs MODIFIERS) are replayed on all three: `BasicRoll.toMessage`
 * stores each roll through `fromData(toJSON())` (basic-roll.mjs, release-5.1.0 on), and
 * `RollTerm.fromData` (client/dice/terms/term.mjs) finds no registered class named `D20Die`, so
 * the message holds the d20 as a core `Die` that still carries `adv` / `dis`; the GM's live roll
 * turns it back into a `D20Die` only when something reads `D20Roll#d20` (a chat render).
 */
const DIE_CLASSES = new Set(["Die", "D20Die", "BasicDie"]);
/** Math functions a FunctionTerm may name that the check recomputes. */
const MATH_FNS: Readonly<Record<string, (...n: number[]) => number>> = {
  abs: Math.abs,
  ceil: Math.ceil,
  floor: Math.floor,
  round: Math.round,
  trunc: Math.trunc,
  sign: Math.sign,
  max: Math.max,
  min: Math.min,
};
const OPERATORS = new Set(["+", "-", "*", "/", "%"]);
/** Foundry refuses to evaluate a dice term of more than 999 results (DiceTerm#_evaluateAsync). */
const MAX_DICE = 999;
/** Nested rolls (parentheticals, functions) deeper than this are not a check anyone rolls. */
const MAX_DEPTH = 8;
const MAX_TERMS = 200;

class Refusal extends Error {
  constructor(
    readonly reason: IntegrityReason,
    readonly detail: string,
  ) {
    super(detail);
  }
}

function refuse(reason: IntegrityReason, detail: string): never {
  throw new Refusal(reason, detail);
}

type Json = Record<string, unknown>;

function isObj(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function finite(v: unknown, what: string): number {
  if (typeof v !== "number" || !Number.isFinite(v)) refuse("malformed", `${what} is not a number`);
  return v;
}

/** A face as Foundry's dice produce it: an integer from 1 to the die's faces. */
function face(v: unknown, faces: number, what: string): number {
  if (typeof v !== "number" || !Number.isInteger(v)) refuse("malformed", `${what} is not a number`);
  if (v < 1 || v > faces) refuse("dieOutOfRange", `${what} is ${v}, not a face of a d${faces}`);
  return v;
}

/** `DiceTerm.compareResult` (dice.mjs): an unknown comparison is false. */
function compare(result: number, comparison: string, target: number | undefined): boolean {
  if (target === undefined) return false;
  switch (comparison) {
    case "=":
      return result === target;
    case "<":
      return result < target;
    case "<=":
      return result <= target;
    case ">":
      return result > target;
    case ">=":
      return result >= target;
    default:
      return false;
  }
}

export interface Replayed {
  result: number;
  active: boolean;
  discarded?: boolean;
  rerolled?: boolean;
  exploded?: boolean;
  count?: number;
}

const isNumeric = (s: string | undefined): s is string => s !== undefined && /^\d+$/.test(s);

/**
 * A reroll's or an explosion's arguments as Die#reroll and Die#explode read them (die.mjs): an
 * optional limit, a comparison, a target; a lone number is the target.
 */
function limitAndTarget(
  re: RegExp,
  modifier: string,
  what: string,
): { maxS?: string; targetS?: string; cmp: string } {
  const match = re.exec(modifier);
  if (!match) refuse("modifierMismatch", `"${modifier}" is not ${what}`);
  const [first, comparison, last] = match.slice(1) as [string?, string?, string?];
  if (first && !(last || comparison)) return { targetS: first, cmp: "=" };
  return {
    ...(first !== undefined ? { maxS: first } : {}),
    ...(last !== undefined ? { targetS: last } : {}),
    cmp: comparison || "=",
  };
}

/** The results a die term stores, replayed from its first `number` draws through its modifiers. */
class DieReplay {
  readonly results: Replayed[] = [];
  private next = 0;
  private advantageDone = false;

  constructor(
    private readonly draws: readonly number[],
    readonly number: number,
    readonly faces: number,
  ) {
    for (let n = 0; n < number; n++) this.roll();
  }

  /** `DiceTerm#roll`: the next stored draw, active. */
  private roll(): void {
    const result = this.draws[this.next];
    if (result === undefined)
      refuse("resultCount", `the d${this.faces} term's modifiers roll more dice than it holds`);
    this.next++;
    this.results.push({ result, active: true });
  }

  get consumed(): number {
    return this.next;
  }

  apply(modifier: string): void {
    const command = /[A-Za-z]+/.exec(modifier)?.[0]?.toLowerCase() ?? "";
    if (command === "adv" || command === "dis") return this.advantageSets(modifier);
    switch (command) {
      case "r":
        return this.reroll(modifier, false);
      case "rr":
        return this.reroll(modifier, true);
      case "x":
        return this.explode(modifier, true);
      case "xo":
        return this.explode(modifier, false);
      case "k":
      case "kh":
      case "kl":
        return this.keep(modifier);
      case "d":
      case "dh":
      case "dl":
        return this.drop(modifier);
      case "min":
        return this.range(modifier, "min");
      case "max":
        return this.range(modifier, "max");
      default:
        refuse("unverifiable", `the die modifier "${modifier}" cannot be checked`);
    }
  }

  /** `Die#reroll` (die.mjs), the loop as Foundry runs it. */
  private reroll(modifier: string, recursive: boolean): void {
    const m = limitAndTarget(/rr?([0-9]+)?([<>=]+)?([0-9]+)?/i, modifier, "a reroll");
    let max = isNumeric(m.maxS) ? parseInt(m.maxS, 10) : null;
    const target = isNumeric(m.targetS) ? parseInt(m.targetS, 10) : 1;
    const cmp = m.cmp;
    let checked = 0;
    const initial = this.results.length;
    while (checked < this.results.length) {
      const r = this.results[checked]!;
      checked++;
      if (!r.active) continue;
      if (max !== null && max <= 0) break;
      if (compare(r.result, cmp, target)) {
        r.rerolled = true;
        r.active = false;
        this.roll();
        if (max !== null) max -= 1;
      }
      if (!recursive && checked >= initial) checked = this.results.length;
      if (checked > 1000) refuse("modifierMismatch", "more than 1000 rerolls");
    }
  }

  /** `Die#explode` (die.mjs). */
  private explode(modifier: string, recursive: boolean): void {
    const m = limitAndTarget(/xo?([0-9]+)?([<>=]+)?([0-9]+)?/i, modifier, "an explosion");
    const maxS = m.maxS;
    const target = isNumeric(m.targetS) ? parseInt(m.targetS, 10) : this.faces;
    const cmp = m.cmp;
    let max = isNumeric(maxS) ? parseInt(maxS, 10) : null;
    let checked = 0;
    const initial = this.results.length;
    while (checked < this.results.length) {
      const r = this.results[checked]!;
      checked++;
      if (!r.active) continue;
      if (max !== null && max <= 0) break;
      if (compare(r.result, cmp, target)) {
        r.exploded = true;
        this.roll();
        if (max !== null) max -= 1;
      }
      if (!recursive && checked === initial) break;
      if (checked > 1000) refuse("modifierMismatch", "more than 1000 explosions");
    }
  }

  /** `Die#keep` (die.mjs). */
  private keep(modifier: string): void {
    const match = /k([hl])?([0-9]+)?/i.exec(modifier)!;
    const direction = match[1] ? match[1].toLowerCase() : "h";
    const n = parseInt(match[2] ?? "", 10) || 1;
    this.keepOrDrop(n, true, direction === "h");
  }

  /** `Die#drop` (die.mjs). */
  private drop(modifier: string): void {
    const match = /d([hl])?([0-9]+)?/i.exec(modifier)!;
    const direction = match[1] ? match[1].toLowerCase() : "l";
    const n = parseInt(match[2] ?? "", 10) || 1;
    this.keepOrDrop(n, false, direction !== "l");
  }

  /** `DiceTerm._keepOrDrop` (dice.mjs), ties included: the earlier of two equal results goes first. */
  private keepOrDrop(number: number, keep: boolean, highest: boolean): void {
    const ascending = keep === highest;
    const values = this.results
      .filter((r) => r.active)
      .map((r) => r.result)
      .sort((a, b) => (ascending ? a - b : b - a));
    const n = Math.min(Math.max(keep ? values.length - number : number, 0), values.length);
    const cut = values[n];
    let discarded = 0;
    const ties: Replayed[] = [];
    const comp = ascending ? "<" : ">";
    for (const r of this.results) {
      if (!r.active) continue;
      if (compare(r.result, comp, cut)) {
        r.discarded = true;
        r.active = false;
        discarded++;
      } else if (r.result === cut) ties.push(r);
    }
    for (const r of ties) {
      if (discarded < n) {
        r.discarded = true;
        r.active = false;
        discarded++;
      }
    }
  }

  /** `Die#minimum` / `Die#maximum` (die.mjs): every result past the bound counts as the bound. */
  private range(modifier: string, kind: "min" | "max"): void {
    const match = new RegExp(`(?:${kind})([0-9]+)`, "i").exec(modifier);
    if (!match) refuse("modifierMismatch", `"${modifier}" has no bound`);
    const target = parseInt(match[1]!, 10);
    for (const r of this.results) {
      if (kind === "min" ? r.result < target : r.result > target) {
        r.count = target;
        r.rerolled = true;
      }
    }
  }

  /**
   * dnd5e 5.3 `BasicDie#advantage` after `expandAdvantage`: the term's number was multiplied by
   * count + 1 before rolling; the first set with the best (adv) or worst (dis) sum stays active.
   * Only the first adv / dis modifier expands the term; a later one finds nothing pending.
   */
  private advantageSets(modifier: string): void {
    const match = /^(adv|dis)(\d*)/i.exec(modifier);
    if (!match) refuse("modifierMismatch", `"${modifier}" is not advantage`);
    if (this.advantageDone) return;
    this.advantageDone = true;
    const count = parseInt(match[2] || "1", 10);
    const adv = match[1]!.toLowerCase() === "adv";
    const size = this.number / (count + 1);
    if (!Number.isInteger(size) || size < 1)
      refuse("resultCount", `${this.number} dice cannot be ${count + 1} sets for "${modifier}"`);
    const sets: { results: Replayed[]; total: number }[] = [];
    let target = adv ? -Infinity : Infinity;
    for (let i = 0; i <= count; i++) {
      const results = this.results.slice(size * i, size * (i + 1));
      const total = results.reduce((t, r) => t + r.result, 0);
      sets.push({ results, total });
      target = adv ? Math.max(target, total) : Math.min(target, total);
    }
    let kept = false;
    for (const { results, total } of sets) {
      if (!kept && total === target) kept = true;
      else
        for (const r of results) {
          r.discarded = true;
          r.active = false;
        }
    }
  }
}

interface Walk {
  /** Every d20 term met: how many results it has active, the first active face, what it adds. */
  readonly d20: { active: number; natural?: number; total: number }[];
  /** Every other dice term met: its number and faces (the bonus dice of a check). */
  readonly other: { number: number; faces: number }[];
  terms: number;
}

/**
 * A term's value three ways: as rolled (`v`), with every dice term counted 0 (`flat`: the fixed
 * modifiers), and with the d20 terms counted 0 (`noD20`: fixed modifiers and bonus dice).
 */
interface Value {
  readonly v: number;
  readonly flat: number;
  readonly noD20: number;
}

const same = (n: number): Value => ({ v: n, flat: n, noD20: n });

/** One dice term: its results replayed and compared; its total as `DiceTerm#total` makes it. */
function verifyDie(t: Json, walk: Walk, where: string): Value {
  if (t._number !== undefined || t._faces !== undefined)
    refuse("unverifiable", `${where}: a die whose number or faces are rolled`);
  const number = t.number;
  const faces = t.faces;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 1 || number > MAX_DICE)
    refuse("malformed", `${where}: number of dice is ${String(number)}`);
  if (typeof faces !== "number" || !Number.isInteger(faces) || faces < 1 || faces > 10000)
    refuse("malformed", `${where}: faces is ${String(faces)}`);
  if (t.evaluated === false) refuse("notEvaluated", `${where} was never rolled`);
  const modifiers = t.modifiers ?? [];
  if (!Array.isArray(modifiers) || !modifiers.every((m) => typeof m === "string"))
    refuse("malformed", `${where}: modifiers`);
  const options = isObj(t.options) ? t.options : {};
  if (options.marginSuccess !== undefined || options.marginFailure !== undefined)
    refuse("unverifiable", `${where}: a margin of success`);
  const results = t.results;
  if (!Array.isArray(results)) refuse("malformed", `${where}: results`);
  const stored = results.map((r, i) => {
    if (!isObj(r)) refuse("malformed", `${where}: result #${i}`);
    face(r.result, faces, `${where}: result #${i}`);
    return r;
  });
  const replay = new DieReplay(
    stored.map((r) => r.result as number),
    number,
    faces,
  );
  for (const m of modifiers as string[]) replay.apply(m);
  if (replay.consumed !== stored.length)
    refuse(
      "resultCount",
      `${where}: ${stored.length} results where ${number}d${faces}${(modifiers as string[]).join("")} rolls ${replay.consumed}`,
    );
  let total = 0;
  let active = 0;
  let natural: number | undefined;
  stored.forEach((r, i) => {
    const e = replay.results[i]!;
    const flag = (k: "discarded" | "rerolled" | "exploded") => (r[k] ?? false) !== (e[k] ?? false);
    if (
      (r.active === true) !== e.active ||
      flag("discarded") ||
      flag("rerolled") ||
      flag("exploded") ||
      r.count !== e.count ||
      r.success !== undefined ||
      r.failure !== undefined
    )
      refuse(
        "modifierMismatch",
        `${where}: result #${i} (${e.result}) is not as ${(modifiers as string[]).join("") || "no modifier"} leaves it`,
      );
    if (!e.active) return;
    active++;
    natural ??= e.result;
    total += e.count ?? e.result;
  });
  if (faces === 20) {
    walk.d20.push({ active, total, ...(natural !== undefined ? { natural } : {}) });
    return { v: total, flat: 0, noD20: 0 };
  }
  walk.other.push({ number, faces });
  return { v: total, flat: 0, noD20: total };
}

/** `Roll#_evaluateASTAsync` over infix terms: `* / %` before `+ -`, left to right. */
function combine(values: number[], ops: string[]): number {
  const sums: number[] = [values[0]!];
  const signs: string[] = [];
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    const v = values[i + 1]!;
    if (op === "+" || op === "-") {
      signs.push(op);
      sums.push(v);
    } else {
      const left = sums.pop()!;
      sums.push(op === "*" ? left * v : op === "/" ? left / v : left % v);
    }
  }
  return sums.reduce((acc, v, i) => (i === 0 ? v : signs[i - 1] === "-" ? acc - v : acc + v), 0);
}

/** Two numbers equal within rounding; false when either is NaN (a NaN must never pass). */
const agree = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9;

function verifyTerm(t: unknown, walk: Walk, depth: number, where: string): Value {
  if (!isObj(t)) refuse("malformed", `${where} is not a term`);
  const cls = t.class;
  if (typeof cls !== "string") refuse("malformed", `${where} names no class`);
  if (cls === "NumericTerm") return same(finite(t.number, `${where} (a number)`));
  if (DIE_CLASSES.has(cls)) return verifyDie(t, walk, where);
  if (cls === "ParentheticalTerm") {
    if (!isObj(t.roll)) refuse("unverifiable", `${where}: a parenthetical without its roll`);
    return verifyRollData(t.roll, walk, depth + 1);
  }
  if (cls === "FunctionTerm") {
    const fn = typeof t.fn === "string" ? MATH_FNS[t.fn] : undefined;
    if (!fn || !Array.isArray(t.rolls))
      refuse("unverifiable", `${where}: the function ${String(t.fn)} cannot be checked`);
    // FunctionTerm's constructor keeps `rolls` only when there is one per argument in `terms`,
    // else it makes new, unevaluated ones (client/dice/terms/function.mjs): a result without
    // its rolls is not one Foundry computed
    if (!Array.isArray(t.terms) || t.terms.length !== t.rolls.length || t.rolls.length === 0)
      refuse("malformed", `${where}: ${String(t.fn)}() without one roll per argument`);
    const args = t.rolls.map((r) => verifyRollData(r, walk, depth + 1));
    const result = finite(t.result, `${where} (a function's result)`);
    const computed = fn(...args.map((a) => a.v));
    if (!agree(computed, result))
      refuse(
        "totalMismatch",
        `${where}: ${String(t.fn)}(${args.map((a) => a.v).join(", ")}) is ${computed}, not ${result}`,
      );
    return {
      v: result,
      flat: fn(...args.map((a) => a.flat)),
      noD20: fn(...args.map((a) => a.noD20)),
    };
  }
  if (cls === "OperatorTerm") refuse("malformed", `${where}: an operator where a value belongs`);
  refuse("unverifiable", `${where}: a ${cls} cannot be checked`);
}

/** A serialised roll's terms replayed and totalled; the stored total must be that sum. */
function verifyRollData(roll: unknown, walk: Walk, depth: number): Value {
  if (depth > MAX_DEPTH) refuse("unverifiable", "rolls nested too deep");
  if (!isObj(roll)) refuse("malformed", "the roll is not an object");
  if (roll.evaluated === false) refuse("notEvaluated", "the roll was never evaluated");
  const total = finite(roll.total, "the roll's total");
  const terms = roll.terms;
  if (!Array.isArray(terms) || terms.length === 0) refuse("malformed", "the roll has no terms");
  walk.terms += terms.length;
  if (walk.terms > MAX_TERMS) refuse("unverifiable", "more terms than any check has");
  if (terms.length % 2 === 0)
    refuse("malformed", "the terms do not alternate values and operators");
  const values: Value[] = [];
  const ops: string[] = [];
  terms.forEach((t, i) => {
    if (i % 2 === 1) {
      const op = isObj(t) && t.class === "OperatorTerm" ? t.operator : undefined;
      if (typeof op !== "string" || !OPERATORS.has(op))
        refuse("malformed", `term ${i} is not an operator`);
      ops.push(op);
    } else values.push(verifyTerm(t, walk, depth, `term ${i}`));
  });
  const sum = combine(
    values.map((x) => x.v),
    ops,
  );
  if (!Number.isFinite(sum) || !agree(sum, total))
    refuse("totalMismatch", `the terms make ${sum}, the roll says ${total}`);
  return {
    v: total,
    flat: combine(
      values.map((x) => x.flat),
      ops,
    ),
    noD20: combine(
      values.map((x) => x.noD20),
      ops,
    ),
  };
}

/**
 * The roll as data: a live `Roll` (a ChatMessage's `rolls` are instances on a Foundry client)
 * serialises through `toJSON` exactly as the message data that carried it; plain data stays as
 * it is (JSON drops NaN and Infinity to null, which the checks refuse).
 */
export function rollData(roll: unknown): unknown {
  if (roll === undefined || roll === null) return roll;
  try {
    return JSON.parse(JSON.stringify(roll)) as unknown;
  } catch {
    return undefined;
  }
}

/** Any roll: its terms add up to its total. */
export function verifyRoll(roll: unknown): Verified<{ readonly total: number }> {
  try {
    if (roll === undefined || roll === null) refuse("noRoll", "no roll");
    const { v } = verifyRollData(rollData(roll), { d20: [], other: [], terms: 0 }, 0);
    return { ok: true, total: v };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.reason, detail: e.detail };
    throw e;
  }
}

export interface CheckOptions {
  /**
   * The system makes this check without a die for this fisher (pf2e Assurance: a fixed 10 plus
   * the proficiency bonus, check.ts `CheckPF2e.roll` substituting the d20): a roll of numbers
   * alone verifies then, with no natural face.
   */
  readonly noDie?: boolean;
}

/**
 * A check (K6, K7): a roll that adds up, with exactly one d20 term keeping one result and counted
 * once in the total (or, where `noDie` allows it, no dice at all).
 */
export function verifyCheckRoll(roll: unknown, opts: CheckOptions = {}): VerifiedCheck {
  try {
    if (roll === undefined || roll === null) refuse("noRoll", "the message holds no roll");
    const walk: Walk = { d20: [], other: [], terms: 0 };
    const value = verifyRollData(rollData(roll), walk, 0);
    if (!Number.isFinite(value.flat) || !Number.isFinite(value.noD20))
      refuse("unverifiable", "the roll's fixed part cannot be told from its dice");
    const shape = { total: value.v, flat: value.flat, bonusDice: walk.other };
    if (walk.d20.length === 0 && walk.other.length === 0 && opts.noDie)
      return { ok: true, ...shape, bonus: 0 };
    if (walk.d20.length !== 1)
      refuse("noD20", `${walk.d20.length} d20 terms where a check has one`);
    const d20 = walk.d20[0]!;
    if (d20.active !== 1 || d20.natural === undefined)
      refuse("d20Active", `the d20 has ${d20.active} active results where a check keeps one`);
    // the d20 adds itself once: not doubled, halved or subtracted by the terms around it
    if (!agree(value.v - value.noD20, d20.total))
      refuse("unverifiable", `the d20 (${d20.total}) adds ${value.v - value.noD20} to the total`);
    return { ok: true, ...shape, natural: d20.natural, bonus: value.noD20 - value.flat };
  } catch (e) {
    if (e instanceof Refusal) return { ok: false, reason: e.reason, detail: e.detail };
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Issue 21 item 4: a roll that replays can still carry more than the fisher has. The module knows
// each fisher's modifiers from the lake's set-up; a check whose fixed part is above them, or that adds dice no system adds to a check, is not
// counted silently: the GM is shown the difference and decides (types the total, or not).

/** Why a verified check is not counted without the GM (KOLIKOLY.Players.Refusal.<reason>). */
export type BoundReason = "aboveModifier" | "unknownBonusDie" | "aboveFixedCheck";
export const BOUND_REASONS: readonly BoundReason[] = [
  "aboveModifier",
  "unknownBonusDie",
  "aboveFixedCheck",
];

/** What the module knows of a fisher's check before it is rolled. */
export interface KnownCheck {
  /** The check's modifier (K6) in the lake's set-up. */
  readonly modifier: number;
  /** The total of a check the system makes without a die for this fisher (pf2e Assurance). */
  readonly fixed?: number;
}

/**
 * Bonus dice the systems add to a check: dnd5e Guidance, Bless and Bane (`1d4`, typed in the roll
 * dialog's situational bonus or from an effect's `bonuses.abilities.check`, actor.mjs
 * `_buildSkillToolConfig`), Bardic Inspiration (`1d6` to `1d12`, typed). One die a term.
 */
const BONUS_FACES = new Set([4, 6, 8, 10, 12]);

export type Bounded =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly reason: BoundReason;
      readonly detail: string;
      /** For the GM's message: what the roll claims and what the module knows. */
      readonly data: { readonly claimed: string; readonly known: string };
    };

const signed = (n: number): string => (n < 0 ? `${n}` : `+${n}`);

/** A verified check against what the module knows of the fisher (item 4). */
export function boundCheck(v: Extract<VerifiedCheck, { ok: true }>, known: KnownCheck): Bounded {
  if (v.natural === undefined) {
    const fixed = known.fixed;
    return fixed !== undefined && v.total <= fixed
      ? { ok: true }
      : {
          ok: false,
          reason: "aboveFixedCheck",
          detail: `a check without a die of ${v.total}; without one the fisher's check makes ${fixed ?? "nothing"}`,
          data: { claimed: String(v.total), known: fixed === undefined ? "-" : String(fixed) },
        };
  }
  const odd = v.bonusDice.find((d) => d.number !== 1 || !BONUS_FACES.has(d.faces));
  if (odd)
    return {
      ok: false,
      reason: "unknownBonusDie",
      detail: `a ${odd.number}d${odd.faces} in the check`,
      data: { claimed: `${odd.number}d${odd.faces}`, known: "1d4 … 1d12" },
    };
  if (v.flat > known.modifier)
    return {
      ok: false,
      reason: "aboveModifier",
      detail: `fixed modifiers of ${signed(v.flat)} where the fisher's check has ${signed(known.modifier)}`,
      data: { claimed: signed(v.flat), known: signed(known.modifier) },
    };
  return { ok: true };
}
