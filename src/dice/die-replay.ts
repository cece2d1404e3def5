/**
 * One dice term's results, replayed: given the faces a term stores, in order, which of them a
 * Foundry die would have left active, discarded, rerolled or exploded, and what each counts for.
 * The roll checker (roll-terms.ts) compares the replay with what the term stores.
 *
 * It is written after Foundry v13's client dice code (read in the stored public sources):
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
 */
import { refuse } from "./roll-verdict.ts";

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
export class DieReplay {
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
