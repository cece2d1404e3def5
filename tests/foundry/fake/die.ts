/**
 * Foundry v13's Die (client/dice/terms/die.mjs) and its modifiers, and a lettered dice term of
 * CONFIG.Dice.terms. Part of the fake's dice (dice.ts describes the whole).
 */
import type { DieResult, RollEnv } from "./dice.ts";
import { DiceTerm, isNumeric } from "./dice-terms.ts";
import type { Modifier } from "./dice-terms.ts";

/** DiceTerm.compareResult (dice.mjs). */
export function compareResult(result: number, comparison: string, target: number): boolean {
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
  }
  return false;
}

/** DiceTerm._keepOrDrop (dice.mjs): discards the active results beyond the cut, ties in order. */
function keepOrDrop(results: DieResult[], n: number, keep: boolean, highest: boolean): void {
  const ascending = keep === highest;
  const values = results
    .filter((r) => r.active)
    .map((r) => r.result)
    .sort((a, b) => (ascending ? a - b : b - a));
  const number = Math.min(Math.max(keep ? values.length - n : n, 0), values.length);
  const cut = values[number]!;
  let discarded = 0;
  const ties: DieResult[] = [];
  const comp = ascending ? "<" : ">";
  for (const r of results) {
    if (!r.active) continue;
    if (compareResult(r.result, comp, cut)) {
      r.discarded = true;
      r.active = false;
      discarded++;
    } else if (r.result === cut) ties.push(r);
  }
  for (const r of ties)
    if (discarded < number) {
      r.discarded = true;
      r.active = false;
      discarded++;
    }
}

/** A modifier's limit, comparison and target as Die#reroll / Die#explode read them (die.mjs). */
function limitAndTarget(match: RegExpMatchArray, lone: number) {
  const comparison = match[2];
  let [max, target] = [match[1] as string | undefined | null, match[3]];
  if (max && !(target || comparison)) {
    target = max;
    max = null;
  }
  return {
    max: isNumeric(max) ? parseInt(max!) : null,
    target: isNumeric(target) ? parseInt(target!) : lone,
    comparison: comparison || "=",
  };
}

/** Die (v13 client/dice/terms/die.mjs): the ported modifiers r, rr, x, xo, k, kh, kl, d, dh, dl, min, max. */
export class Die extends DiceTerm {
  static override DENOMINATION = "d";

  /** Die: a `d` term of `faces` faces (die.mjs); `className` Die unless a subclass names it. */
  constructor(
    env: RollEnv,
    number: number,
    faces: number,
    o: { modifiers?: string[]; options?: Record<string, unknown>; className?: string } = {},
  ) {
    super(env, number, faces, { ...o, className: o.className ?? "Die" });
  }

  /** Die#denomination (die.mjs): `d${faces}`. */
  override get denomination(): string {
    return `d${this.faces}`;
  }

  /** Die.MODIFIERS (die.mjs); the counting ones (cs, cf, df, sf, ms, even, odd) are not ported. */
  protected override modifierTable(): Record<string, Modifier> {
    const no = (name: string) => () => {
      throw new Error(`fake Die: the ${name} modifier is not ported`);
    };
    return {
      r: Die.prototype.reroll,
      rr: Die.prototype.rerollRecursive,
      x: Die.prototype.explode,
      xo: Die.prototype.explodeOnce,
      k: Die.prototype.keep,
      kh: Die.prototype.keep,
      kl: Die.prototype.keep,
      d: Die.prototype.drop,
      dh: Die.prototype.drop,
      dl: Die.prototype.drop,
      min: Die.prototype.minimum,
      max: Die.prototype.maximum,
      ...Object.fromEntries(["even", "odd", "cs", "cf", "df", "sf", "ms"].map((m) => [m, no(m)])),
    } as Record<string, Modifier>;
  }

  /**
   * The loop Die#reroll and Die#explode share (die.mjs), quirks included: each active result
   * up to the limit that matches is acted on, the new results appended and walked in turn; an
   * inactive result is skipped before the non-recursive stop is checked.
   */
  private async walk(
    match: RegExpMatchArray,
    lone: number,
    stop: (checked: number, initial: number) => boolean,
    act: (r: DieResult) => Promise<unknown>,
  ): Promise<void> {
    const { target, comparison, ...limit } = limitAndTarget(match, lone);
    let max = limit.max;
    let checked = 0;
    const initial = this.results.length;
    while (checked < this.results.length) {
      const r = this.results[checked]!;
      checked++;
      if (!r.active) continue;
      if (max !== null && max <= 0) break;
      if (compareResult(r.result, comparison, target)) {
        await act(r);
        if (max !== null) max -= 1;
      }
      if (stop(checked, initial)) break;
      if (checked > 1000)
        throw new Error("Maximum recursion depth for exploding dice roll exceeded");
    }
  }

  /**
   * Die#reroll (die.mjs): each matching active result rerolled, the new one appended; not
   * recursive, it stops once the first results are checked (`checked >= initial`).
   */
  async reroll(modifier: string, { recursive = false } = {}): Promise<false | void> {
    const match = modifier.match(/rr?([0-9]+)?([<>=]+)?([0-9]+)?/i);
    if (!match) return false;
    await this.walk(
      match,
      1,
      (checked, initial) => !recursive && checked >= initial,
      (r) => {
        r.rerolled = true;
        r.active = false;
        return this.roll({ reroll: true });
      },
    );
  }

  /** Die#rerollRecursive (die.mjs). */
  async rerollRecursive(modifier: string): Promise<false | void> {
    return this.reroll(modifier, { recursive: true });
  }

  /**
   * Die#explode (die.mjs): each matching active result explodes, the new one appended; explode
   * once stops only when exactly the first results are checked (`checked === initial`).
   */
  async explode(modifier: string, { recursive = true } = {}): Promise<false | void> {
    const match = modifier.match(/xo?([0-9]+)?([<>=]+)?([0-9]+)?/i);
    if (!match) return false;
    await this.walk(
      match,
      this.faces,
      (checked, initial) => !recursive && checked === initial,
      (r) => {
        r.exploded = true;
        return this.roll({ explode: true });
      },
    );
  }

  /** Die#explodeOnce (die.mjs). */
  async explodeOnce(modifier: string): Promise<false | void> {
    return this.explode(modifier, { recursive: false });
  }

  /** Die#keep (die.mjs): k, kh (highest) or kl, one by default. */
  keep(modifier: string): false | void {
    const match = modifier.match(/k([hl])?([0-9]+)?/i);
    if (!match) return false;
    const direction = match[1] ? match[1].toLowerCase() : "h";
    keepOrDrop(this.results, parseInt(match[2] ?? "") || 1, true, direction === "h");
  }

  /** Die#drop (die.mjs): d, dl (lowest) or dh, one by default. */
  drop(modifier: string): false | void {
    const match = modifier.match(/d([hl])?([0-9]+)?/i);
    if (!match) return false;
    const direction = match[1] ? match[1].toLowerCase() : "l";
    keepOrDrop(this.results, parseInt(match[2] ?? "") || 1, false, direction !== "l");
  }

  /** Die#minimum (die.mjs): a result below counts the minimum, flagged rerolled. */
  minimum(modifier: string): false | void {
    const match = modifier.match(/(?:min)([0-9]+)/i);
    if (!match) return false;
    const target = parseInt(match[1]!);
    for (const r of this.results)
      if (r.result < target) {
        r.count = target;
        r.rerolled = true;
      }
  }

  /** Die#maximum (die.mjs): a result above counts the maximum, flagged rerolled. */
  maximum(modifier: string): false | void {
    const match = modifier.match(/(?:max)([0-9]+)/i);
    if (!match) return false;
    const target = parseInt(match[1]!);
    for (const r of this.results)
      if (r.result > target) {
        r.count = target;
        r.rerolled = true;
      }
  }
}

/**
 * A dice term of a lettered denomination registered in CONFIG.Dice.terms (v13
 * client/dice/terms/dice.mjs DiceTerm.fromParseNode: `CONFIG.Dice.terms[letter]`), with no
 * modifiers of its own (the module's Kayanak dice, kayanak/dice.ts).
 */
export class LetterTerm extends DiceTerm {
  /** test-only: a registered DiceTerm subclass of `letter`, `faces` faces and `className`. */
  constructor(
    env: RollEnv,
    number: number,
    faces: number,
    readonly letter: string,
    className: string,
  ) {
    super(env, number, faces, { className });
  }
  /** DiceTerm#denomination (dice.mjs): the class's DENOMINATION letter. */
  override get denomination(): string {
    return this.letter;
  }
  /** DiceTerm#expression (dice.mjs): the letter stands for the faces. */
  override get expression(): string {
    return `${this.number}d${this.letter}${this.modifiers.join("")}`;
  }
}
