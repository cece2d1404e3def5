/**
 * Foundry v13's Roll (client/dice/roll.mjs, parser.mjs) and RollResolver
 * (client/applications/dice/roll-resolver.mjs) for the shapes the systems roll. Part of the
 * fake's dice (dice.ts describes the whole).
 */
import type { RollEnv } from "./dice.ts";
import type { EvaluateOptions, RollTerm } from "./dice-terms.ts";
import { DiceTerm, NumericTerm, OperatorTerm, isNumeric } from "./dice-terms.ts";
import { Die, LetterTerm } from "./die.ts";

/**
 * The RollResolver (v13 client/applications/dice/roll-resolver.mjs) of one roll, its form filled
 * from the client's `typed` queue (test-only) in the order its fields show: term by term, die by
 * die. An empty field (null) is a digital roll: DiceTerm#randomFace.
 */
export class FakeResolver {
  private readonly fulfillable = new Map<string, DiceTerm>();
  private ids = 0;

  /** RollResolver(roll) (roll-resolver.mjs). */
  constructor(readonly roll: FakeRoll) {}

  /**
   * Roll.identifyFulfillableTerms (v13 client/dice/roll.mjs) and #identifyFulfillableTerms
   * (roll-resolver.mjs): dice terms whose method is interactive (manual only with MANUAL_ROLLS)
   * get an id and their method.
   */
  private identify(terms: readonly RollTerm[]): DiceTerm[] {
    const dice = this.roll.env.dice;
    const found: DiceTerm[] = [];
    for (const term of terms) {
      if (!(term instanceof DiceTerm) || !term.number || !term.faces) continue;
      const method = dice.methodFor(term.denomination);
      if (method === "manual" && !dice.hasManualRolls()) continue;
      if (!dice.fulfillment.methods[method]?.interactive) continue;
      found.push(term);
      if (term._id) continue;
      term._id = `resolver${++this.ids}`;
      term.method = method;
      this.fulfillable.set(term._id, term);
    }
    return found;
  }

  /**
   * The form submitted (roll-resolver.mjs _onSubmitForm, _fulfillRoll): each field without a
   * result takes the value entered, an empty one a random face, pushed `{result, active: true}`.
   */
  private submit(terms: readonly DiceTerm[]): void {
    for (const term of terms)
      for (let i = term.results.length; i < Math.max(term.number, 0); i++) {
        const typed = this.roll.env.dice.nextTyped(term);
        const result = typed === null ? term.randomFace() : typed;
        term.results.push({ result, active: true });
        this.roll.env.dice.draws.push({
          faces: term.faces,
          denomination: term.denomination,
          method: term.method ?? "",
          via: typed === null ? "random" : "typed",
          result,
          options: {},
        });
      }
  }

  /** RollResolver#awaitFulfillment (roll-resolver.mjs): the first pass, before evaluation. */
  async awaitFulfillment(): Promise<void> {
    const found = this.identify(this.roll.terms);
    if (found.length) this.submit(found);
  }

  /** RollResolver#addTerm (roll-resolver.mjs): a term met during evaluation. */
  async addTerm(term: DiceTerm): Promise<void> {
    const found = this.identify([term]);
    if (found.length) this.submit(found);
  }

  /**
   * RollResolver#resolveResult (roll-resolver.mjs): one more result of a registered term (a
   * reroll, an explosion), the value entered or, left empty, a random face.
   */
  async resolveResult(
    term: DiceTerm,
    _method: string,
    _o: object = {},
  ): Promise<number | undefined> {
    if (!term._id || !this.fulfillable.has(term._id)) return undefined;
    const typed = term.env.dice.nextTyped(term);
    return typed || term.randomFace();
  }
}

/** A term class for a dice expression: the system's registered `d` class (CONFIG.Dice.terms.d). */
export type DieFactory = (
  env: RollEnv,
  number: number,
  faces: number,
  modifiers: string[],
) => DiceTerm;

/** test-only: how a roll's parser builds terms: the `d` class and the lettered terms registered. */
export interface TermRegistry {
  readonly d: DieFactory;
  readonly letters?: ReadonlyMap<string, { className: string; faces: number }>;
}

const CORE_TERMS: TermRegistry = { d: (env, n, f, m) => new Die(env, n, f, { modifiers: m }) };

/**
 * Roll.replaceFormulaData (v13 client/dice/roll.mjs) as Roll.parse calls it (`missing: "0"`):
 * each `@path` replaced by its value in the data, a string trimmed.
 */
export function replaceFormulaData(formula: string, data: Record<string, unknown>): string {
  return formula.replace(/@([a-z.0-9_-]+)/gi, (_m, path: string) => {
    let v: unknown = data;
    for (const k of path.split(".")) v = (v as Record<string, unknown> | undefined)?.[k];
    if (v === null || v === undefined) return "0";
    if (typeof v === "string") return v.trim();
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    throw new Error(`fake Roll: @${path} is not a number or a formula`);
  });
}

/**
 * Roll.parse (v13 client/dice/roll.mjs, client/dice/parser.mjs) for the shapes the systems
 * roll: dice terms (DiceTerm.REGEXP and MODIFIER_REGEXP, dice.mjs), numbers and `+` / `-`,
 * runs of operators collapsed (RollParser#_collapseOperators: `+ -` is `-`), a leading `-`
 * negating a number (_wrapNegativeTerm). Parentheses, functions, pools, `*` and `/` are not ported.
 */
export function parseTerms(formula: string, env: RollEnv, registry: TermRegistry): RollTerm[] {
  const tokens = formula.match(/[+-]|[^\s+-]+/g) ?? [];
  const terms: RollTerm[] = [];
  let ops: string[] = [];
  const collapse = (list: string[]) =>
    list
      .slice(0, -1)
      .reduce((head, o) => (o === "-" ? (head === "+" ? "-" : "+") : head), list.at(-1)!);
  for (const t of tokens) {
    if (t === "+" || t === "-") {
      ops.push(t);
      continue;
    }
    let term: RollTerm;
    const dice = /^([0-9]+)?[dD]([A-z]|[0-9]+)([^ (){}[\]+\-*/]+)?$/.exec(t);
    if (dice) {
      const number = dice[1] === undefined ? 1 : parseInt(dice[1]);
      const modifiers = Array.from((dice[3] ?? "").matchAll(/([A-z]+)([^A-z\s()+\-*/]+)?/g)).map(
        (m) => m[0],
      );
      const letter = dice[2]!.toLowerCase();
      const registered = registry.letters?.get(letter);
      if (isNumeric(letter)) term = registry.d(env, number, parseInt(letter), modifiers);
      else if (registered && modifiers.length === 0)
        term = new LetterTerm(env, number, registered.faces, letter, registered.className);
      else throw new Error(`fake Roll: no dice term ${letter} in CONFIG.Dice.terms`);
    } else if (isNumeric(t)) term = new NumericTerm(Number(t));
    else throw new Error(`fake Roll: cannot read "${t}" in "${formula}"`);
    if (ops.length) {
      const op = collapse(ops);
      if (terms.length) terms.push(new OperatorTerm(op));
      else if (op === "-" && term instanceof NumericTerm) term.number = -term.number;
      else if (op === "-") throw new Error(`fake Roll: a leading minus before ${t} is not ported`);
      ops = [];
    } else if (terms.length)
      throw new Error(`fake Roll: two terms without an operator in "${formula}"`);
    terms.push(term);
  }
  if (ops.length || terms.length === 0) throw new Error(`fake Roll: cannot read "${formula}"`);
  return terms;
}

/**
 * Roll (v13 client/dice/roll.mjs): a formula's terms, evaluated on one client (`env`); the
 * system's Roll subclasses name themselves through `className` ("D20Roll", "CheckRoll").
 */
export class FakeRoll {
  terms: RollTerm[];
  _formula: string;
  _total: number | undefined;
  _evaluated = false;
  _root: FakeRoll | undefined;
  _resolver: FakeResolver | undefined;
  readonly _dice: DiceTerm[] = [];
  readonly className: string;

  /**
   * new Roll(formula, data, options) (roll.mjs): the options object kept as given, the formula
   * parsed with the data (Roll.parse), `_formula` from the parsed terms (resetFormula).
   */
  constructor(
    formula: string,
    readonly data: Record<string, unknown>,
    public options: Record<string, unknown>,
    readonly env: RollEnv,
    o: { className?: string; terms?: TermRegistry } = {},
  ) {
    this.className = o.className ?? "Roll";
    this.registry = o.terms ?? CORE_TERMS;
    this.terms = parseTerms(replaceFormulaData(formula, data), env, this.registry);
    this._formula = this.resetFormula();
  }
  protected readonly registry: TermRegistry;

  /** Roll#resetFormula (roll.mjs): Roll.getFormula of the terms, each term's formula joined. */
  resetFormula(): string {
    return (this._formula = this.terms.map((t) => t.formula).join(""));
  }

  /** Roll#formula (roll.mjs). */
  get formula(): string {
    return this.terms.map((t) => t.formula).join("");
  }

  /** Roll#total (roll.mjs): `Number(this._total) || 0`. */
  get total(): number {
    return Number(this._total) || 0;
  }

  /** Roll#dice (roll.mjs): the dice terms. */
  get dice(): DiceTerm[] {
    return [...this._dice, ...this.terms.filter((t): t is DiceTerm => t instanceof DiceTerm)];
  }

  /** Roll#clone (roll.mjs): a new roll of the same formula, data and options object. */
  clone(): FakeRoll {
    return new FakeRoll(this._formula, this.data, this.options, this.env, {
      className: this.className,
      terms: this.registry,
    });
  }

  /** Roll#evaluate (roll.mjs): once only; allowInteractive defaults to true. */
  async evaluate({
    minimize = false,
    maximize = false,
    allowStrings = false,
    allowInteractive = true,
  }: EvaluateOptions = {}): Promise<this> {
    if (this._evaluated)
      throw new Error(`The ${this.className} has already been evaluated and is now immutable`);
    this._evaluated = true;
    await this._evaluate({ minimize, maximize, allowStrings, allowInteractive });
    return this;
  }

  /**
   * Roll#_evaluate and #_evaluateASTAsync (roll.mjs): a root roll allowing interactive dice
   * opens its RollResolver first; then each term, left to right, gets `_root` and is evaluated;
   * the total folds the terms (`+` and `-` left to right).
   */
  protected async _evaluate(options: EvaluateOptions): Promise<void> {
    let resolver: FakeResolver | undefined;
    if (
      !this._root &&
      options.allowInteractive !== false &&
      !options.maximize &&
      !options.minimize
    ) {
      resolver = new FakeResolver(this);
      this._resolver = resolver;
      await resolver.awaitFulfillment();
    }
    let total = 0;
    let sign = 1;
    for (const node of this.terms) {
      if (node instanceof OperatorTerm) {
        sign = node.operator === "-" ? -1 : 1;
        continue;
      }
      if (!node._evaluated) {
        node._root = this._root ?? this;
        await node.evaluate(options);
      }
      total += sign * Number(node.total);
    }
    this._total = total;
  }

  /** Roll#toJSON (roll.mjs): class, options, dice, formula, terms, total, evaluated. */
  toJSON(): Record<string, unknown> {
    return {
      class: this.className,
      options: this.options,
      dice: this._dice,
      formula: this._formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }
}

/**
 * The roll as a ChatMessage stores it: `rolls` is an array of JSONFields (v13
 * common/documents/chat-message.mjs), so the roll is kept as JSON.stringify leaves it.
 */
export function asStored(roll: FakeRoll): Record<string, unknown> {
  return JSON.parse(JSON.stringify(roll)) as Record<string, unknown>;
}

/**
 * The roll after RollTerm.fromData of each term (v13 client/dice/terms/term.mjs): a class found
 * neither in CONFIG.Dice.termTypes nor by name among CONFIG.Dice.terms becomes a core `Die`
 * (dnd5e's D20Die, never registered by name: basic-roll.mjs toMessage stores
 * `fromData(roll.toJSON())` from 5.1).
 */
export function refoundTerms(
  json: Record<string, unknown>,
  registered: ReadonlySet<string>,
): Record<string, unknown> {
  const terms = (json.terms as Record<string, unknown>[]).map((t) =>
    Array.isArray(t.results) && !registered.has(t.class as string) ? { ...t, class: "Die" } : t,
  );
  return { ...json, terms };
}
