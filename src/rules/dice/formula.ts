/**
 * Dice formulas as this engine needs them: sums of `NdM` terms, integers and `@name`
 * references (`1d6+@mod`, `1d7+3`, `2d4 - 1`). Anything else is refused with a reason, so a
 * GM's typo in a setting is caught when it is set, not mid-round.
 */
export interface DiceTerm {
  readonly sign: 1 | -1;
  readonly count: number;
  readonly faces: number;
}
export interface ParsedFormula {
  readonly dice: readonly DiceTerm[];
  readonly constant: number;
  readonly refs: readonly { sign: 1 | -1; name: string }[];
  /** The first term is one d20 added, whose face is the roll's natural (K9, H3). */
  readonly d20: boolean;
}

const TERM = /^(?:(\d*)d(\d+)|(\d+)|@([A-Za-z][A-Za-z0-9_.]*))$/;
/** Formulas read so far, with the result handed out for them (the same object each time). */
const cache = new Map<string, { ok: true; formula: ParsedFormula }>();

export type FormulaResult = { ok: true; formula: ParsedFormula } | { ok: false; reason: string };

export function parseFormula(src: string): FormulaResult {
  const hit = cache.get(src);
  if (hit) return hit;
  const text = src.replace(/\s+/g, "");
  if (text === "") return { ok: false, reason: "empty formula" };
  const parts = text.match(/[+-]?[^+-]+/g);
  if (!parts || parts.join("") !== text) return { ok: false, reason: `cannot read "${src}"` };
  const dice: DiceTerm[] = [];
  const refs: { sign: 1 | -1; name: string }[] = [];
  let constant = 0;
  for (const part of parts) {
    const sign: 1 | -1 = part.startsWith("-") ? -1 : 1;
    const body = part.replace(/^[+-]/, "");
    const m = TERM.exec(body);
    if (!m) return { ok: false, reason: `"${body}" is not a die, a number or an @reference` };
    if (m[2] !== undefined) {
      const count = m[1] === "" || m[1] === undefined ? 1 : Number(m[1]);
      const faces = Number(m[2]);
      if (count < 1 || count > 100 || faces < 1 || faces > 1000)
        return { ok: false, reason: `"${body}" is out of range (1-100 dice of 1-1000 faces)` };
      dice.push({ sign, count, faces });
    } else if (m[3] !== undefined) constant += sign * Number(m[3]);
    else refs.push({ sign, name: m[4]! });
  }
  const first = dice[0];
  const d20 = first !== undefined && first.count === 1 && first.faces === 20 && first.sign === 1;
  const result = { ok: true as const, formula: { dice, constant, refs, d20 } };
  if (cache.size < 1000) cache.set(src, result);
  return result;
}

/** `1dN` as text for N in 1..100, made once (flee, hazard and displacement picks ask one each). */
const ONE_DIE = Array.from({ length: 101 }, (_, n) => `1d${n}`);

/** `1dN`: one die of `faces` faces. */
export function dieFormula(faces: number): string {
  return ONE_DIE[faces] ?? `1d${faces}`;
}

/** Bound formulas of the one-reference kind every catch attack binds (`1d6+@mod`), by source. */
const boundCache = new Map<string, Map<number, string>>();

/** Resolves @references to numbers and writes the formula back as text Foundry's `Roll` reads. */
export function bindFormula(
  src: string,
  data: Readonly<Record<string, number>>,
  critical = false,
): string {
  // K9's net damage, bound for every hit of every simulated round: remembered when the formula
  // has exactly one reference, by (value, critical); the text is the same as written below
  const refs = parseFormula(src);
  if (refs.ok && refs.formula.refs.length === 1) {
    const v = data[refs.formula.refs[0]!.name];
    if (v !== undefined && Number.isSafeInteger(v) && Math.abs(v) < 1e6) {
      let byValue = boundCache.get(src);
      if (!byValue && boundCache.size < 100) boundCache.set(src, (byValue = new Map()));
      const k = critical ? 2 * v + 1 : 2 * v;
      const hit = byValue?.get(k);
      if (hit !== undefined) return hit;
      const text = writeBound(src, data, critical);
      if (byValue && byValue.size < 1000) byValue.set(k, text);
      return text;
    }
  }
  return writeBound(src, data, critical);
}

function writeBound(
  src: string,
  data: Readonly<Record<string, number>>,
  critical: boolean,
): string {
  const parsed = parseFormula(src);
  if (!parsed.ok) throw new Error(`bindFormula: ${parsed.reason}`);
  const f = parsed.formula;
  let constant = f.constant;
  for (const r of f.refs) {
    const v = data[r.name];
    if (v === undefined) throw new Error(`bindFormula: @${r.name} has no value`);
    constant += r.sign * v;
  }
  const terms = f.dice.map((d, i) => {
    const count = critical ? d.count * 2 : d.count;
    const op = d.sign < 0 ? "-" : i === 0 ? "" : "+";
    return `${op}${count}d${d.faces}`;
  });
  let out = terms.join("");
  if (constant !== 0 || out === "")
    out += out === "" ? `${constant}` : constant > 0 ? `+${constant}` : `${constant}`;
  return out;
}

/** Minimum and maximum of a formula with no references (for validating settings). */
export function formulaRange(src: string): { min: number; max: number } | undefined {
  const parsed = parseFormula(src);
  if (!parsed.ok || parsed.formula.refs.length > 0) return undefined;
  let min = parsed.formula.constant;
  let max = parsed.formula.constant;
  for (const d of parsed.formula.dice) {
    if (d.sign > 0) {
      min += d.count;
      max += d.count * d.faces;
    } else {
      min -= d.count * d.faces;
      max -= d.count;
    }
  }
  return { min, max };
}
