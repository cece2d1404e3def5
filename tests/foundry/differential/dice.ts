/**
 * The dice of a differential game: what the engine answered, made into the faces Foundry's dice
 * would have to show for the module to get the same answers. A real table's dice are one
 * sequence in time, so the faces are one queue, drawn by whichever client rolls (the active
 * GM's core `Roll`, a system's own d20 on the GM's client, a player's sheet roll). Every draw
 * says what the engine asked for next; a roll the engine did not ask for there (another
 * formula, another order) is a difference, reported and thrown so the module's resolution
 * fails instead of going on with a wrong game.
 */
import type { RollRequest } from "../../../src/rules/index.ts";
import { parseFormula } from "../../../src/rules/index.ts";

/** One die roll the module should make, as the engine asked for it. */
export interface Draw {
  readonly key: string;
  readonly formula: string;
  /** Rolled by the game system (K7 initiative, a K9 net attack, a K6 check at resolution). */
  readonly system: boolean;
  /** The faces, in the order the core fake draws them (its first die first). */
  readonly faces: readonly number[];
  /** The d20's face of a system roll (a d20 request). */
  readonly natural?: number;
}

/**
 * The faces a numbers-only formula shows for a total (and its first d20's natural), in the
 * core fake's order; undefined when no roll of that formula gives that total (a file may force
 * any number; a table's dice cannot).
 */
export function facesFor(
  formula: string,
  total: number,
  natural?: number,
): readonly number[] | undefined {
  const p = parseFormula(formula);
  if (!p.ok || p.formula.refs.length) return undefined;
  const dice = p.formula.dice.flatMap((d) =>
    Array.from({ length: d.count }, () => ({ sign: d.sign, faces: d.faces })),
  );
  if (dice.some((d) => d.sign < 0)) return undefined;
  const faces = dice.map(() => 1);
  if (natural !== undefined) {
    if (!p.formula.d20 || natural < 1 || natural > 20) return undefined;
    faces[0] = natural;
  }
  let rest = total - p.formula.constant - faces.reduce((a, b) => a + b, 0);
  for (let i = natural !== undefined ? 1 : 0; i < faces.length && rest > 0; i++) {
    const up = Math.min(rest, dice[i]!.faces - faces[i]!);
    faces[i]! += up;
    rest -= up;
  }
  return rest === 0 ? faces : undefined;
}

/** A request as the module's Foundry dice roll it: its draw, or why a table could not. */
/**
 * Requests whose natural the engine never reads (only their total counts: K7 initiative, H3 a
 * hazard's attack, H5 a save): a file that forces their total alone is a d20 a table shows as
 * the total less the modifier. Where the natural counts (K9 attacks, K6 checks) it must be given.
 */
const TOTAL_ONLY = new Set<RollRequest["kind"]>(["initiative", "hazardAttack", "save"]);

export function drawFor(
  request: Pick<RollRequest, "key" | "kind" | "formula" | "d20" | "modifier" | "ruleModifier">,
  given: { total: number; natural?: number },
  system: boolean,
): Draw | string {
  const derived = given.total - request.modifier;
  const answer =
    given.natural === undefined &&
    request.d20 &&
    TOTAL_ONLY.has(request.kind) &&
    derived >= 1 &&
    derived <= 20
      ? { total: given.total, natural: derived }
      : given;
  if (system) {
    // the system rolls d20 + the sheet's modifier (the set-up's); the engine adds the rules'
    if (answer.natural === undefined) return `${request.key}: a system's roll always has a natural`;
    const expected = answer.natural + request.modifier;
    if (expected !== answer.total)
      return `${request.key}: ${answer.total} is not the natural ${answer.natural} + ${request.modifier}`;
    return {
      key: request.key,
      formula: request.formula,
      system,
      faces: [answer.natural],
      natural: answer.natural,
    };
  }
  if (request.d20 && answer.natural === undefined)
    return `${request.key}: a d20 roll always has a natural`;
  const faces = facesFor(request.formula, answer.total, request.d20 ? answer.natural : undefined);
  if (!faces) return `${request.key}: no roll of ${request.formula} gives ${answer.total}`;
  return { key: request.key, formula: request.formula, system, faces };
}

const norm = (f: string) => f.replace(/\s+/g, "");

/** The queue of faces every client of the table draws from, with what went wrong. */
export class DiceQueue {
  private queue: Draw[] = [];
  readonly differences: string[] = [];
  /** Every draw taken, for the report. */
  taken = 0;

  push(...draws: readonly Draw[]): void {
    this.queue.push(...draws);
  }

  /** Draws still waiting (the module rolled fewer dice than the engine asked for). */
  left(): readonly Draw[] {
    return this.queue;
  }

  clear(): void {
    this.queue = [];
  }

  private fail(message: string): never {
    this.differences.push(message);
    throw new Error(`differential dice: ${message}`);
  }

  /**
   * A core Roll of `formula` on a client (FakeClient#roll): the next draw's faces. A system
   * roll made through core Roll (a generic or pf2e check with no roll method) shows the
   * system draw's d20 first; its modifier is the client's own from the sheet.
   */
  core(formula: string): readonly number[] {
    const d = this.queue.shift();
    if (!d) return this.fail(`the module rolled ${formula}, which the engine did not ask for`);
    this.taken++;
    if (d.system) {
      if (!/^1d20/.test(norm(formula)))
        return this.fail(`the module rolled ${formula} where the engine asked ${d.key} (a d20)`);
      return [d.natural!];
    }
    if (norm(formula) !== norm(d.formula))
      return this.fail(
        `the module rolled ${formula} where the engine asked ${d.key}: ${d.formula}`,
      );
    return d.faces;
  }

  /** A game system's own d20 (a sheet's skill, initiative, a net attack): the next draw's natural. */
  d20(): number {
    const d = this.queue.shift();
    if (!d) return this.fail("a system rolled a d20 the engine did not ask for");
    this.taken++;
    if (!d.system || d.natural === undefined)
      return this.fail(`a system rolled a d20 where the engine asked ${d.key}: ${d.formula}`);
    return d.natural;
  }
}
