/**
 * Do a serialised roll's terms add up? Each term is read as Foundry serialises it, its dice
 * replayed (die-replay.ts) and compared with what it stores, and the terms, combined with their
 * operators, must make the stored total. Alongside, the walk notes the d20 terms and the other
 * dice met, and each value is also totalled with the dice counted 0, for the check's shape
 * (roll-integrity.ts) and its bound (check-bound.ts).
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
 */
import { rollJson } from "./fair.ts";
import { refuse } from "./roll-verdict.ts";
import { DieReplay } from "./die-replay.ts";

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

export interface Walk {
  /** Every d20 term met: how many results it has active, the first active face, what it adds. */
  readonly d20: { active: number; natural?: number; total: number }[];
  /** Every other dice term met: its number, faces and what it rolled (the bonus dice of a check). */
  readonly other: { number: number; faces: number; total: number }[];
  terms: number;
}

/**
 * A term's value three ways: as rolled (`v`), with every dice term counted 0 (`flat`: the fixed
 * modifiers), and with the d20 terms counted 0 (`noD20`: fixed modifiers and bonus dice).
 */
export interface Value {
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
  walk.other.push({ number, faces, total });
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
export const agree = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9;

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
export function verifyRollData(roll: unknown, walk: Walk, depth: number): Value {
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
 * it is (JSON drops NaN and Infinity to null, which the checks refuse). fair.ts `rollJson`.
 */
export const rollData = rollJson;
