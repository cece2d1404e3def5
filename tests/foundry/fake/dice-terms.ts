/**
 * Foundry v13's roll terms (client/dice/terms/term.mjs, numeric.mjs, operator.mjs, dice.mjs): a
 * dice term rolls each die through the client's dice fulfillment (dice.ts), then applies its
 * modifiers in order. Part of the fake's dice (dice.ts describes the whole).
 */
import type { DieResult, Draw, RollEnv } from "./dice.ts";
import type { FakeResolver, FakeRoll } from "./dice-roll.ts";

/** Number.isNumeric (v13 common/utils/primitives.mjs): a number or a numeric string. */
export function isNumeric(n: unknown): boolean {
  if (n === null || n === "" || n === undefined || Array.isArray(n)) return false;
  return +(n as number) === +(n as number);
}

/** RollTerm (v13 client/dice/terms/term.mjs). */
export abstract class RollTerm {
  _evaluated = false;
  /** RollTerm#_root: the Roll at the root of the evaluation (set by Roll#_evaluateASTAsync). */
  _root: FakeRoll | undefined;
  /** RollTerm constructor (v13 client/dice/terms/term.mjs): the options object is kept as given. */
  constructor(public options: Record<string, unknown> = {}) {}
  /** `this.constructor.name` as RollTerm#toJSON writes it (term.mjs). */
  abstract get className(): string;
  /** RollTerm#expression (term.mjs; each class its own). */
  abstract get expression(): string;
  /** RollTerm#total (term.mjs; each class its own). */
  abstract get total(): number | string | undefined;
  /** RollTerm#formula (term.mjs): the expression and its flavor. */
  get formula(): string {
    const flavor = this.options.flavor;
    return typeof flavor === "string" && flavor ? `${this.expression}[${flavor}]` : this.expression;
  }
  /** RollTerm#evaluate (term.mjs): once only. */
  async evaluate(options: EvaluateOptions = {}): Promise<this> {
    if (this._evaluated)
      throw new Error(`The ${this.className} has already been evaluated and is now immutable`);
    this._evaluated = true;
    await this._evaluate(options);
    return this;
  }
  /** RollTerm#_evaluate (term.mjs): nothing to do for a deterministic term. */
  protected async _evaluate(_options: EvaluateOptions): Promise<void> {}
  /** The SERIALIZE_ATTRIBUTES a class adds to RollTerm#toJSON (term.mjs). */
  protected abstract serialized(): Record<string, unknown>;
  /** RollTerm#toJSON (term.mjs): class, options, evaluated, then SERIALIZE_ATTRIBUTES. */
  toJSON(): Record<string, unknown> {
    return {
      class: this.className,
      options: this.options,
      evaluated: this._evaluated,
      ...this.serialized(),
    };
  }
}

/** NumericTerm (v13 client/dice/terms/numeric.mjs). */
export class NumericTerm extends RollTerm {
  /** NumericTerm({number, options}) (numeric.mjs). */
  constructor(
    public number: number,
    options: Record<string, unknown> = {},
  ) {
    super(options);
  }
  /** numeric.mjs: the class name. */
  get className(): string {
    return "NumericTerm";
  }
  /** NumericTerm#expression (numeric.mjs). */
  get expression(): string {
    return String(this.number);
  }
  /** NumericTerm#total (numeric.mjs). */
  get total(): number {
    return this.number;
  }
  /** NumericTerm.SERIALIZE_ATTRIBUTES (numeric.mjs): number. */
  protected serialized(): Record<string, unknown> {
    return { number: this.number };
  }
}

/** OperatorTerm (v13 client/dice/terms/operator.mjs). */
export class OperatorTerm extends RollTerm {
  /** OperatorTerm({operator}) (operator.mjs): always evaluated. */
  constructor(public operator: string) {
    super({});
    this._evaluated = true;
  }
  /** operator.mjs: the class name. */
  get className(): string {
    return "OperatorTerm";
  }
  /** OperatorTerm#expression (operator.mjs): the operator between spaces. */
  get expression(): string {
    return ` ${this.operator} `;
  }
  /** OperatorTerm#total (operator.mjs). */
  get total(): string {
    return ` ${this.operator} `;
  }
  /** OperatorTerm.SERIALIZE_ATTRIBUTES (operator.mjs): operator. */
  protected serialized(): Record<string, unknown> {
    return { operator: this.operator };
  }
}

/** Roll#evaluate's options (v13 client/dice/roll.mjs). */
export interface EvaluateOptions {
  minimize?: boolean;
  maximize?: boolean;
  allowStrings?: boolean;
  allowInteractive?: boolean;
}

export type Modifier = (this: DiceTerm, modifier: string) => Promise<unknown> | unknown;

/** DiceTerm (v13 client/dice/terms/dice.mjs), its number and faces plain numbers. */
export class DiceTerm extends RollTerm {
  /** DiceTerm.DENOMINATION (dice.mjs); a class of its own letter overrides it. */
  static DENOMINATION = "";
  results: DieResult[] = [];
  modifiers: string[];
  /** The RollResolver's id for this term (roll-resolver.mjs #identifyFulfillableTerms). */
  _id: string | undefined;
  #method: string | undefined;

  /**
   * DiceTerm({number, faces, method, modifiers, results, options}) (dice.mjs), built on the
   * client `env`; `className` the subclass's name as toJSON writes it.
   */
  constructor(
    readonly env: RollEnv,
    public number: number,
    public faces: number,
    o: { modifiers?: string[]; options?: Record<string, unknown>; className?: string } = {},
  ) {
    super(o.options ?? {});
    this.modifiers = o.modifiers ?? [];
    this.name = o.className ?? "DiceTerm";
  }
  private readonly name: string;

  /** `this.constructor.name` (term.mjs toJSON). */
  get className(): string {
    return this.name;
  }

  /** DiceTerm#method (dice.mjs): set once, and only to a method CONFIG.Dice.fulfillment knows. */
  get method(): string | undefined {
    return this.#method;
  }
  /** DiceTerm#method setter (dice.mjs): once, and only a method of CONFIG.Dice.fulfillment. */
  set method(method: string | undefined) {
    if (this.#method || method === undefined || !(method in this.env.dice.fulfillment.methods))
      return;
    this.#method = method;
  }

  /** The modifiers this class knows, as DiceTerm.MODIFIERS maps them to methods (dice.mjs). */
  protected modifierTable(): Record<string, Modifier> {
    return {};
  }

  /** DiceTerm#denomination (dice.mjs): the class's DENOMINATION. */
  get denomination(): string {
    return (this.constructor as typeof DiceTerm).DENOMINATION;
  }

  /** DiceTerm#expression (dice.mjs): `${number}d${faces or letter}${modifiers}`. */
  get expression(): string {
    const letter = (this.constructor as typeof DiceTerm).DENOMINATION;
    const x = letter === "d" ? String(this.faces) : letter;
    return `${this.number}d${x}${this.modifiers.join("")}`;
  }

  /** DiceTerm#total (dice.mjs): the active results, `count` where a modifier set one. */
  get total(): number | undefined {
    if (!this._evaluated) return undefined;
    let total = this.results.reduce((t, r) => {
      if (!r.active) return t;
      return t + (r.count !== undefined ? r.count : r.result);
    }, 0);
    if (this.number < 0) total *= -1;
    return total;
  }

  /** DiceTerm#values (dice.mjs): the active results. */
  get values(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }

  /** RollTerm#resolver (term.mjs): the root roll's RollResolver. */
  get resolver(): FakeResolver | undefined {
    return this._root?._resolver;
  }

  /** DiceTerm#_evaluateAsync (dice.mjs); the synchronous path (maximize, minimize) is not ported. */
  protected override async _evaluate(options: EvaluateOptions): Promise<void> {
    if (options.minimize || options.maximize)
      throw new Error("fake DiceTerm: minimize / maximize are not ported");
    await this._evaluateAsync(options);
  }

  /**
   * DiceTerm#_evaluateAsync (dice.mjs): a term the resolver has not met is added to it, then a
   * result is rolled for each die not yet fulfilled, then the modifiers apply in order.
   */
  protected async _evaluateAsync(options: EvaluateOptions): Promise<void> {
    if (Math.abs(this.number) > 999)
      throw new Error("You may not evaluate a DiceTerm with more than 999 requested results");
    if (this.resolver && !this._id) await this.resolver.addTerm(this);
    for (let n = this.results.length; n < Math.abs(this.number); n++) await this.roll(options);
    await this._evaluateModifiers();
  }

  /**
   * DiceTerm#roll (dice.mjs): the fulfillment's result, else a random face; pushed to results.
   */
  async roll({
    minimize = false,
    maximize = false,
    ...options
  }: EvaluateOptions & { reroll?: boolean; explode?: boolean } = {}): Promise<DieResult> {
    const roll: DieResult = { result: 0, active: true };
    const fulfilled = await this._roll(options);
    let via: Draw["via"] = fulfilled.via;
    let result = fulfilled.result;
    if (minimize) result = Math.min(1, this.faces);
    else if (maximize) result = this.faces;
    else if (result === undefined) {
      result = this.randomFace();
      via = "random";
    }
    roll.result = result;
    this.results.push(roll);
    this.env.dice.draws.push({
      faces: this.faces,
      denomination: this.denomination,
      method: fulfilled.method,
      via,
      result,
      options,
    });
    return roll;
  }

  /**
   * DiceTerm#_roll and #invokeFulfillmentHandler (dice.mjs): the method is the user's
   * diceConfiguration for the denomination or CONFIG.Dice.fulfillment.defaultMethod; manual
   * without MANUAL_ROLLS gives nothing; an interactive method with a resolver asks it, else the
   * method's handler (none for manual or "") is awaited.
   */
  protected async _roll(
    options: object,
  ): Promise<{ result: number | undefined; via: Draw["via"]; method: string }> {
    const dice = this.env.dice;
    const method = dice.methodFor(this.denomination);
    if (method === "manual" && !dice.hasManualRolls())
      return { result: undefined, via: "random", method };
    const { handler, interactive } = dice.fulfillment.methods[method] ?? {};
    if (interactive && this.resolver)
      return {
        result: await this.resolver.resolveResult(this, method, options),
        via: "typed",
        method,
      };
    return { result: await handler?.(this, options), via: "handler", method };
  }

  /**
   * DiceTerm#randomFace (dice.mjs): mapRandomFace(CONFIG.Dice.randomUniform()); the fake's face
   * source gives the face itself.
   */
  randomFace(): number {
    return this.env.random(this.faces);
  }

  /**
   * DiceTerm#_evaluateModifiers (dice.mjs): each requested modifier by its command, a compound
   * one split greedily on the longest known prefixes; the applied ones kept lower-cased.
   */
  async _evaluateModifiers(): Promise<void> {
    const table = this.modifierTable();
    const requested = [...this.modifiers];
    this.modifiers = [];
    const all = Object.keys(table).sort((a, b) => b.length - a.length);
    for (const m of requested) {
      let command = (/[A-z]+/.exec(m)?.[0] ?? "").toLowerCase();
      if (command in table) {
        await this._evaluateModifier(command, m);
        continue;
      }
      while (command) {
        const modifier = all.find((x) => command.startsWith(x));
        if (!modifier) break;
        await this._evaluateModifier(modifier, modifier);
        command = command.replace(modifier, "");
      }
    }
  }

  /** DiceTerm#_evaluateModifier (dice.mjs): kept unless the method returns false (or the term). */
  async _evaluateModifier(command: string, modifier: string): Promise<void> {
    const fn = this.modifierTable()[command];
    if (!fn) return;
    const result = await fn.call(this, modifier);
    if (result !== false && result !== this) this.modifiers.push(modifier.toLowerCase());
  }

  /** DiceTerm.SERIALIZE_ATTRIBUTES (dice.mjs): number, faces, modifiers, results, method. */
  protected serialized(): Record<string, unknown> {
    return {
      number: this.number,
      faces: this.faces,
      modifiers: this.modifiers,
      results: this.results,
      method: this.method,
    };
  }
}
