/**
 * `Roll` and its terms, enough for `1d20+3`, `2d6`, `1d8`, `2d20kh`, `@path` references and
 * flat numbers: v13 client/dice/roll.mjs (Roll: constructor(formula, data, options),
 * evaluate, total, dice, terms, toJSON, fromData, toMessage, render) and client/dice/terms/*
 * (Die, NumericTerm, OperatorTerm). Evaluation is Foundry's, asynchronous: Roll#evaluate
 * evaluates the terms in order, each with `_root` set to the roll; a DiceTerm rolls its dice one
 * at a time, each asked of its dice fulfillment method (CONFIG.Dice.fulfillment, the user's
 * `core.diceConfiguration`, else the default method), whose handler may answer with a face; a
 * die no handler answers is a random face from CONFIG.Dice.randomUniform, which the page seeds
 * (Foundry uses a Mersenne Twister there, client/dice/twister.mjs). No RollResolver: a roll
 * that would ask for an interactive method (manual entry, a physical die) is the fake's misuse.
 */
import { env, misuse } from "./env.ts";
import type { Obj } from "./utils.ts";
import { getProperty, logCompatibilityWarning, mergeObject } from "./utils.ts";

export interface DieResult {
  result: number;
  active: boolean;
  discarded?: boolean;
}

/** CONFIG.Dice.fulfillment's methods (v13 client/config.mjs DiceFulfillmentMethod). */
export interface FulfillmentMethod {
  label: string;
  icon?: string;
  interactive?: boolean;
  handler?: (term: DiceTerm, options: Obj) => number | undefined | Promise<number | undefined>;
}
export interface Fulfillment {
  dice: Record<string, { label: string; icon: string }>;
  methods: Record<string, FulfillmentMethod>;
  defaultMethod: string;
}

/** The evaluation options the fake reads (v13 Roll#evaluate). */
interface EvaluateOptions {
  allowInteractive?: boolean;
  [k: string]: unknown;
}

abstract class RollTerm {
  options: Obj = {};
  _evaluated = false;
  /** RollTerm#_root: the Roll this term is evaluated in, set by Roll#_evaluateASTAsync. */
  _root: Roll | undefined;
  abstract get formula(): string;
  abstract get total(): number | undefined;
  abstract toJSON(): Obj;
  /** A term once evaluated is immutable; a second evaluation throws. */
  // v13 client/dice/terms/term.mjs RollTerm#evaluate
  evaluate(options: EvaluateOptions = {}): this | Promise<this> {
    if (this._evaluated)
      throw new Error(
        `The ${this.constructor.name} has already been evaluated and is now immutable`,
      );
    this._evaluated = true;
    return this._evaluate(options);
  }
  // v13 client/dice/terms/term.mjs RollTerm#_evaluate
  _evaluate(_options: EvaluateOptions): this | Promise<this> {
    return this;
  }
  // v13 client/dice/terms/term.mjs RollTerm#isDeterministic
  get isDeterministic(): boolean {
    return true;
  }
}

/** NumericTerm (terms/numeric.mjs). */
export class NumericTerm extends RollTerm {
  // v13 client/dice/terms/numeric.mjs NumericTerm#constructor
  constructor(public number: number) {
    super();
  }
  // v13 client/dice/terms/numeric.mjs NumericTerm#formula
  get formula(): string {
    return String(this.number);
  }
  // v13 client/dice/terms/numeric.mjs NumericTerm#total
  get total(): number {
    return this.number;
  }
  // v13 client/dice/terms/numeric.mjs NumericTerm#toJSON
  toJSON(): Obj {
    return {
      class: "NumericTerm",
      options: this.options,
      evaluated: this._evaluated,
      number: this.number,
    };
  }
}

/** OperatorTerm (terms/operator.mjs): + and - between terms. */
export class OperatorTerm extends RollTerm {
  // v13 client/dice/terms/operator.mjs OperatorTerm#constructor ("Operator terms are always evaluated")
  constructor(public operator: "+" | "-") {
    super();
    this._evaluated = true;
  }
  // v13 client/dice/terms/operator.mjs OperatorTerm#formula
  get formula(): string {
    return ` ${this.operator} `;
  }
  // v13 client/dice/terms/operator.mjs OperatorTerm#total
  get total(): undefined {
    return undefined;
  }
  // v13 client/dice/terms/operator.mjs OperatorTerm#toJSON
  toJSON(): Obj {
    return {
      class: "OperatorTerm",
      options: this.options,
      evaluated: this._evaluated,
      operator: this.operator,
    };
  }
}

/**
 * DiceTerm (terms/dice.mjs): `number` dice of `faces` sides, `results` with `active`; the
 * `kh`/`kl` modifiers keep the highest or lowest and mark the others discarded. Its
 * denomination is the class's `DENOMINATION` (Die's own is `d<faces>`, die.mjs); `d` is Die (a
 * number of faces follows), any other letter a term registered in CONFIG.Dice.terms (a module's
 * own die, `1dk`).
 */
export class DiceTerm extends RollTerm {
  static DENOMINATION = "";
  /** The modifiers the fake applies (Die.MODIFIERS, die.mjs): keep highest and lowest only. */
  static MODIFIERS: Record<string, string> = {};
  results: DieResult[] = [];
  number: number;
  faces: number;
  modifiers: string[];

  // v13 client/dice/terms/dice.mjs DiceTerm#constructor({number=1, faces=6, modifiers=[], results=[], options={}})
  constructor({
    number = 1,
    faces = 6,
    modifiers = [],
    results = [],
    options = {},
  }: {
    number?: number;
    faces?: number;
    modifiers?: string[];
    results?: DieResult[];
    options?: Obj;
  } = {}) {
    super();
    this.number = number;
    this.faces = faces;
    this.modifiers = modifiers;
    this.results = results;
    this.options = options;
    if (results.length) this._evaluated = true;
  }
  // v13 client/dice/terms/dice.mjs DiceTerm#denomination
  get denomination(): string {
    return (this.constructor as typeof DiceTerm).DENOMINATION;
  }
  // v13 client/dice/terms/dice.mjs DiceTerm#expression (Die: the faces; another term: its letter)
  get formula(): string {
    const d = (this.constructor as typeof DiceTerm).DENOMINATION;
    return `${this.number}d${d === "d" ? this.faces : d}${this.modifiers.join("")}`;
  }
  // v13 client/dice/terms/dice.mjs DiceTerm#total
  get total(): number | undefined {
    if (!this._evaluated) return undefined;
    return this.results.filter((r) => r.active).reduce((n, r) => n + r.result, 0);
  }
  // v13 client/dice/terms/dice.mjs DiceTerm#isDeterministic
  override get isDeterministic(): boolean {
    return false;
  }
  /** Minimized or maximized rolls (the synchronous path) are not in the fake. */
  // v13 client/dice/terms/dice.mjs DiceTerm#_evaluate
  override _evaluate(options: EvaluateOptions = {}): Promise<this> {
    if (options.minimize || options.maximize)
      throw misuse("the fake Roll evaluates no minimized or maximized roll");
    return this._evaluateAsync(options);
  }
  /** The dice one at a time, each awaited (a fulfillment handler may answer later), then the modifiers. */
  // v13 client/dice/terms/dice.mjs DiceTerm#_evaluateAsync
  async _evaluateAsync(options: EvaluateOptions = {}): Promise<this> {
    if (Math.abs(this.number) > 999)
      throw new Error("You may not evaluate a DiceTerm with more than 999 requested results");
    for (let n = this.results.length; n < Math.abs(this.number); n++) await this.roll(options);
    await this._evaluateModifiers();
    return this;
  }
  /** One die: the fulfillment method's answer, else a random face; pushed to the results. */
  // v13 client/dice/terms/dice.mjs DiceTerm#roll
  async roll(options: EvaluateOptions = {}): Promise<DieResult> {
    const roll = { result: undefined as number | undefined, active: true };
    roll.result = await this._roll(options);
    if (roll.result === undefined) roll.result = this.randomFace();
    this.results.push(roll as DieResult);
    return roll as DieResult;
  }
  // v13 client/dice/terms/dice.mjs DiceTerm#_roll
  async _roll(options: EvaluateOptions = {}): Promise<number | undefined> {
    return this.invokeFulfillmentHandler(options);
  }
  /**
   * The method of this die: the user's dice configuration for its denomination, else
   * CONFIG.Dice.fulfillment.defaultMethod; `manual` only for a user with MANUAL_ROLLS; the
   * method's handler is awaited (an interactive method goes to the roll's RollResolver, which the
   * fake has none of: Roll#_evaluate refuses such a roll before its first die).
   */
  // v13 client/dice/terms/dice.mjs DiceTerm#invokeFulfillmentHandler
  private async invokeFulfillmentHandler(options: EvaluateOptions): Promise<number | undefined> {
    const method = methodOf(this.denomination);
    if (method === "manual" && !env.game.user.hasPermission("MANUAL_ROLLS")) return undefined;
    const { handler } = fulfillment().methods[method] ?? {};
    return handler?.(this, options);
  }
  // v13 client/dice/terms/dice.mjs DiceTerm#mapRandomFace
  mapRandomFace(randomUniform: number): number {
    return Math.ceil((1 - randomUniform) * this.faces);
  }
  // v13 client/dice/terms/dice.mjs DiceTerm#randomFace
  randomFace(): number {
    const uniform = (env.CONFIG.Dice as { randomUniform: () => number }).randomUniform;
    return this.mapRandomFace(uniform());
  }
  /**
   * The requested modifiers applied in order, each kept (lower-cased) once applied; a modifier
   * the class does not know is the fake's misuse (Foundry would skip it).
   */
  // v13 client/dice/terms/dice.mjs DiceTerm#_evaluateModifiers
  async _evaluateModifiers(): Promise<void> {
    const cls = this.constructor as typeof DiceTerm;
    const requested = [...this.modifiers];
    this.modifiers = [];
    for (const m of requested) {
      const command = (/[A-z]+/.exec(m)?.[0] ?? "").toLowerCase();
      if (!(command in cls.MODIFIERS))
        throw misuse(`unsupported die modifier "${m}" in the fake Roll`);
      const keep = /^k([hl])?(\d*)$/i.exec(m)!;
      keepOrDrop(this.results, Number(keep[2] || 1), (keep[1] ?? "h").toLowerCase() === "h");
      this.modifiers.push(m.toLowerCase());
    }
  }
  // v13 client/dice/terms/dice.mjs DiceTerm#getResultLabel
  getResultLabel(result: DieResult): string {
    return String(result.result);
  }
  // v13 client/dice/terms/dice.mjs DiceTerm#getResultCSS
  getResultCSS(result: DieResult): (string | null)[] {
    return [
      this.constructor.name.toLowerCase(),
      `d${this.faces}`,
      result.discarded ? "discarded" : null,
      result.result === 1 ? "min" : null,
      result.result === this.faces ? "max" : null,
    ];
  }
  // v13 client/dice/terms/term.mjs RollTerm#toJSON with DiceTerm.SERIALIZE_ATTRIBUTES (dice.mjs)
  toJSON(): Obj {
    return {
      class: this.constructor.name,
      options: this.options,
      evaluated: this._evaluated,
      number: this.number,
      faces: this.faces,
      modifiers: this.modifiers,
      results: this.results.map((r) => ({ ...r })),
    };
  }
}

/** Die (terms/die.mjs): the `d` denomination; its keep modifiers (`k`, `kh`, `kl`). */
export class Die extends DiceTerm {
  static override DENOMINATION = "d";
  static override MODIFIERS: Record<string, string> = { k: "keep", kh: "keep", kl: "keep" };
  /** A die's denomination names its faces (`d20`), as the dice configuration lists them. */
  // v13 client/dice/terms/die.mjs Die#denomination
  override get denomination(): string {
    return `d${this.faces}`;
  }
}

/**
 * DiceTerm._keepOrDrop with keep = true (v13 client/dice/terms/dice.mjs): the active values
 * sorted, a cut at the number to discard, results past the cut discarded, then ties at the cut
 * discarded in result order until enough are (so of two equal results the earlier one goes).
 */
// v13 client/dice/terms/dice.mjs DiceTerm._keepOrDrop
function keepOrDrop(results: DieResult[], keep: number, highest: boolean): void {
  const values = results
    .filter((r) => r.active)
    .map((r) => r.result)
    .sort((a, b) => (highest ? a - b : b - a));
  const n = Math.min(Math.max(values.length - keep, 0), values.length);
  const cut = values[n];
  let discarded = 0;
  const ties: DieResult[] = [];
  for (const r of results) {
    if (!r.active || cut === undefined) continue;
    if (highest ? r.result < cut : r.result > cut) {
      Object.assign(r, { active: false, discarded: true });
      discarded++;
    } else if (r.result === cut) ties.push(r);
  }
  for (const r of ties)
    if (discarded < n) {
      Object.assign(r, { active: false, discarded: true });
      discarded++;
    }
}

type Term = DiceTerm | NumericTerm | OperatorTerm;

/** CONFIG.Dice.fulfillment (v13 client/config.mjs): the dice, the methods, the default method. */
// v13 client/config.mjs CONFIG.Dice.fulfillment
function fulfillment(): Fulfillment {
  const f = (env.CONFIG.Dice as { fulfillment?: Fulfillment }).fulfillment;
  if (!f) throw misuse("CONFIG.Dice.fulfillment is missing");
  return f;
}

/** A denomination's method: `core.diceConfiguration` for it, else the default method. */
// v13 client/dice/terms/dice.mjs DiceTerm#invokeFulfillmentHandler (config[denomination] || defaultMethod)
function methodOf(denomination: string): string {
  const config = env.game.settings.get("core", DICE_CONFIGURATION_SETTING) as Record<
    string,
    string
  >;
  return config[denomination] || fulfillment().defaultMethod;
}

/** The dice of these terms an interactive method fulfils (`manual` only with MANUAL_ROLLS). */
// v13 client/dice/roll.mjs Roll.identifyFulfillableTerms
function identifyFulfillableTerms(terms: readonly Term[]): DiceTerm[] {
  const allowManual = env.game.user.hasPermission("MANUAL_ROLLS");
  return terms.filter((term): term is DiceTerm => {
    if (!(term instanceof DiceTerm) || !term.number || !term.faces) return false;
    const method = methodOf(term.denomination);
    if (method === "manual" && !allowManual) return false;
    return Boolean(fulfillment().methods[method]?.interactive);
  });
}

/** Roll.DICE_CONFIGURATION_SETTING (roll.mjs): the core client setting of each die's method. */
export const DICE_CONFIGURATION_SETTING = "diceConfiguration";

/**
 * CONFIG.Dice.fulfillment as core leaves it (v13 client/config.mjs): the dice the configuration
 * lists, the methods `mersenne` (the page's seeded generator stands in for the twister) and
 * `manual` (interactive), and no default method (every die a random face).
 */
// v13 client/config.mjs CONFIG.Dice.fulfillment
export function coreFulfillment(): Fulfillment {
  const icon = (d: string) => `<i class="fa-solid fa-dice-${d}"></i>`;
  return {
    dice: {
      d4: { label: "d4", icon: icon("d4") },
      d6: { label: "d6", icon: icon("d6") },
      d8: { label: "d8", icon: icon("d8") },
      d10: { label: "d10", icon: icon("d10") },
      d12: { label: "d12", icon: icon("d12") },
      d20: { label: "d20", icon: icon("d20") },
      d100: { label: "d100", icon: '<i class="fa-solid fa-percent"></i>' },
    },
    methods: {
      mersenne: {
        label: "DICE.FULFILLMENT.Mersenne",
        interactive: false,
        handler: (term) =>
          term.mapRandomFace((env.CONFIG.Dice as { randomUniform: () => number }).randomUniform()),
      },
      manual: {
        label: "DICE.FULFILLMENT.Manual",
        icon: '<i class="fa-solid fa-keyboard"></i>',
        interactive: true,
      },
    },
    defaultMethod: "",
  };
}

/** CONFIG.Dice.terms: the term class of a denomination (v13 client/config.mjs, `d` is Die). */
// v13 client/dice/terms/dice.mjs DiceTerm.fromParseNode looks the denomination up in CONFIG.Dice.terms
function termClass(denomination: string): typeof DiceTerm {
  const terms = (env.CONFIG.Dice as { terms?: Record<string, typeof DiceTerm> }).terms ?? {};
  const cls = terms[denomination];
  if (!cls) throw new Error(`Unknown denomination "d${denomination}" (CONFIG.Dice.terms)`);
  return cls;
}

/** Roll.replaceFormulaData (roll.mjs): `@path` from the roll data; a missing path counts 0. */
export function replaceFormulaData(formula: string, data: Obj): string {
  return formula.replace(/@([a-zA-Z.0-9_-]+)/g, (_w, path: string) => {
    const v = getProperty(data, path);
    return typeof v === "number" || (typeof v === "string" && v.trim() !== "") ? String(v) : "0";
  });
}

// v13 client/dice/roll.mjs#parse
function parse(formula: string): Term[] {
  const tokens =
    formula.replace(/\s+/g, "").match(/(\d*d(?:\d+|[a-zA-Z])(?:k[hl]\d*)*)|(\d+)|([+-])/g) ?? [];
  if (tokens.join("") !== formula.replace(/\s+/g, ""))
    throw new Error(`Unable to parse the formula "${formula}" (the fake Roll's grammar)`);
  const terms: Term[] = [];
  for (const t of tokens) {
    const die = /^(\d*)d(\d+|[a-zA-Z])((?:k[hl]\d*)*)$/.exec(t);
    // the v13 grammar: a number of faces is Die; one letter is the term registered under it
    if (die) {
      const lettered = /^[a-zA-Z]$/.test(die[2]!);
      const Cls = termClass(lettered ? die[2]! : "d");
      terms.push(
        new Cls({
          number: Number(die[1] || 1),
          ...(lettered ? {} : { faces: Number(die[2]) }),
          modifiers: die[3]?.match(/k[hl]\d*/g) ?? [],
        }),
      );
    } else if (t === "+" || t === "-") terms.push(new OperatorTerm(t));
    else terms.push(new NumericTerm(Number(t)));
  }
  return terms;
}

export class Roll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  readonly data: Obj;
  options: Obj;
  terms: Term[];
  _evaluated = false;
  _total: number | undefined;
  /** Set by systems (dnd5e 5.x BasicRoll.buildPost) to the created message. */
  parent: unknown;

  // v13 client/dice/roll.mjs Roll#constructor
  constructor(formula: string, data: Obj = {}, options: Obj = {}) {
    this.data = data;
    this.options = options;
    this.terms = parse(replaceFormulaData(formula, data));
  }

  // v13 client/dice/roll.mjs Roll#formula
  get formula(): string {
    return this.terms
      .map((t) => t.formula)
      .join("")
      .trim();
  }
  // v13 client/dice/roll.mjs Roll#dice
  get dice(): DiceTerm[] {
    return this.terms.filter((t): t is DiceTerm => t instanceof DiceTerm);
  }
  // v13 client/dice/roll.mjs Roll#total
  get total(): number | undefined {
    return this._total;
  }
  // v13 client/dice/roll.mjs Roll#isDeterministic
  get isDeterministic(): boolean {
    return this.dice.length === 0;
  }

  /** Roll#_root: the outer roll a nested roll is evaluated in (the fake's rolls are never nested). */
  _root: Roll | undefined;

  /** Roll#evaluate (roll.mjs): once; a second evaluation throws (a Roll is immutable). */
  // v13 client/dice/roll.mjs Roll#evaluate
  async evaluate({
    minimize = false,
    maximize = false,
    allowStrings = false,
    allowInteractive = true,
  }: EvaluateOptions = {}): Promise<this> {
    if (this._evaluated)
      throw new Error(
        `The ${this.constructor.name} has already been evaluated and is now immutable`,
      );
    this._evaluated = true;
    return this._evaluate({ minimize, maximize, allowStrings, allowInteractive });
  }

  /**
   * A RollResolver for the dice an interactive method fulfils (RollResolver#awaitFulfillment
   * returns at once when there are none); the fake has no resolver, so such a roll is its
   * misuse. Then the terms.
   */
  // v13 client/dice/roll.mjs Roll#_evaluate
  async _evaluate(options: EvaluateOptions = {}): Promise<this> {
    const { allowInteractive, minimize, maximize } = options;
    if (!this._root && allowInteractive !== false && maximize !== true && minimize !== true) {
      const asked = identifyFulfillableTerms(this.terms);
      if (asked.length)
        throw misuse(
          `the fake has no RollResolver for the interactive dice of "${this.formula}" (${asked.map((t) => t.denomination).join(", ")})`,
        );
    }
    this._total = await this._evaluateASTAsync(options);
    return this;
  }

  /**
   * The terms in order (the fake's formulas are sums: its AST is the terms as written, left
   * operand first), each not yet evaluated given `_root` and awaited; the total with the signs.
   */
  // v13 client/dice/roll.mjs Roll#_evaluateASTAsync
  async _evaluateASTAsync(options: EvaluateOptions = {}): Promise<number> {
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
      total += sign * (node.total ?? 0);
    }
    return total;
  }

  /** Roll#toJSON (roll.mjs): class, options, formula, terms, total, evaluated. */
  toJSON(): Obj {
    return {
      class: this.constructor.name,
      options: this.options,
      dice: [],
      formula: this.formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }

  /** Roll.fromData (roll.mjs): the class named in `data.class` among CONFIG.Dice.rolls. */
  static fromData(data: Obj): Roll {
    const rolls = (env.CONFIG.Dice as { rolls: (typeof Roll)[] }).rolls;
    const cls = rolls.find((c) => c.name === data.class) ?? Roll;
    const roll = Object.create(cls.prototype) as Roll;
    Object.assign(roll, {
      data: {},
      options: (data.options as Obj) ?? {},
      _evaluated: Boolean(data.evaluated),
      _total: data.total as number | undefined,
      parent: undefined,
    });
    roll.terms = ((data.terms as Obj[]) ?? []).map((t) => {
      if (t.class === "OperatorTerm") return new OperatorTerm(t.operator as "+" | "-");
      if (t.class === "NumericTerm") return new NumericTerm(t.number as number);
      // RollTerm.fromData (term.mjs): CONFIG.Dice.termTypes by class name, else the
      // CONFIG.Dice.terms class of that name, else Die
      const dice = env.CONFIG.Dice as {
        termTypes?: Record<string, typeof DiceTerm>;
        terms?: Record<string, typeof DiceTerm>;
      };
      const name = String(t.class);
      const Cls =
        dice.termTypes?.[name] ??
        Object.values(dice.terms ?? {}).find((c) => c.name === name) ??
        Die;
      const d = new Cls({
        number: t.number as number,
        faces: t.faces as number,
        modifiers: (t.modifiers as string[]) ?? [],
        results: ((t.results as DieResult[]) ?? []).map((r) => ({ ...r })),
        options: (t.options as Obj) ?? {},
      });
      d._evaluated = Boolean(t.evaluated);
      return d;
    });
    return roll;
  }

  /** Roll.fromJSON (roll.mjs). */
  static fromJSON(json: string): Roll {
    return Roll.fromData(JSON.parse(json) as Obj);
  }

  /**
   * Roll#render (roll.mjs with templates/dice/roll.html): formula and total, or "???" when the
   * viewer may not see it (isPrivate).
   */
  async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
    const dice = this.dice
      .map((d) =>
        d.results
          .map(
            (r) =>
              // DiceTerm#getTooltipData (dice.mjs): each result's label and classes
              `<li class="roll ${d.getResultCSS(r).filter(Boolean).join(" ")}${r.active ? "" : " discarded"}">${d.getResultLabel(r)}</li>`,
          )
          .join(""),
      )
      .join("");
    return `<div class="dice-roll"><div class="dice-formula">${isPrivate ? "???" : this.formula}</div>${
      isPrivate ? "" : `<ol class="dice-rolls">${dice}</ol>`
    }<h4 class="dice-total">${isPrivate ? "?" : String(this._total)}</h4></div>`;
  }

  /**
   * Roll#toMessage(messageData, options) (roll.mjs): evaluates if needed, merges
   * `{author, content: total}` under the caller's data, attaches this roll, and creates the
   * message in a mode.
   * - v13 (lines 903-936): `rollMode` ("roll" meaning none), else core.rollMode; created with
   *   `{rollMode}`. Any other option is not read.
   * - v14: `messageMode`, else core.messageMode; created with `{messageMode}`. A `rollMode` option
   *   still works but logs "The rollMode option of Roll#toMessage is deprecated in favor of
   *   messageMode, a string value in CONFIG.ChatMessage.modes" (since 14, until 16) on every roll
   *   and is mapped by Roll._mapLegacyRollMode.
   */
  async toMessage(
    messageData: Obj = {},
    {
      rollMode,
      messageMode,
      create = true,
    }: { rollMode?: string; messageMode?: string; create?: boolean } = {},
  ): Promise<unknown> {
    if (!this._evaluated) await this.evaluate();
    const game = env.game;
    const data: Obj = mergeObject(
      { author: game.user.id, content: String(this._total) } as Obj,
      messageData,
      {
        inplace: false,
      },
    );
    data.rolls = [this.toJSON()];
    const Chat = env.CONFIG.ChatMessage as { documentClass: ChatLike };
    if (!create) return data;
    if (game.release.generation < 14) {
      const mode =
        (rollMode === "roll" ? undefined : rollMode) ??
        String(game.settings.get("core", "rollMode"));
      return Chat.documentClass.create(data, { rollMode: mode });
    }
    let mode = messageMode;
    if (rollMode !== undefined) {
      logCompatibilityWarning(
        "The rollMode option of Roll#toMessage is deprecated in favor of messageMode, a string value in CONFIG.ChatMessage.modes",
        { since: 14, until: 16 },
      );
      mode ??= mapLegacyRollMode(rollMode);
    }
    mode ||= String(game.settings.get("core", "messageMode"));
    return Chat.documentClass.create(data, { messageMode: mode });
  }
}

/**
 * v14 Roll._mapLegacyRollMode (client/dice/roll.mjs): publicroll, gmroll, blindroll, selfroll to
 * public, gm, blind, self; "roll" to the current core.messageMode; anything else unchanged.
 */
export function mapLegacyRollMode(mode: string): string {
  if (mode === "roll") return String(env.game.settings.get("core", "messageMode"));
  return (
    (
      { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" } as Record<
        string,
        string
      >
    )[mode] ?? mode
  );
}

interface ChatLike {
  create(data: Obj, options: Obj): Promise<unknown>;
}

/** Guards the fake's own grammar: a formula it cannot read is a misuse to fix here. */
// v13 client/dice/roll.mjs#assertRollable
export function assertRollable(formula: string): void {
  try {
    parse(formula);
  } catch (e) {
    throw misuse(String((e as Error).message));
  }
}

/** A seeded uniform generator for CONFIG.Dice.randomUniform (mulberry32). */
// v13 client/dice/roll.mjs#seededUniform
export function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * test-only: the page's random bytes (`crypto.getRandomValues`) drawn from its seed and from how
 * many times this tab has loaded the page (sessionStorage survives a reload), so that what the
 * module draws from them (a player's fair-dice secret and the GM's nonce, src/dice/fair.ts; a new
 * lake's id and seed, fishing/create.ts) is the same every run, while a reloaded page does not
 * draw its first load's bytes again. Foundry's pages use the browser's own source.
 */
export function seedRandomBytes(seed: number): void {
  const key = "kk-boot-loads";
  const loads = Number(sessionStorage.getItem(key) ?? 0) + 1;
  sessionStorage.setItem(key, String(loads));
  const next = seededUniform((seed ^ 0x5bd1e995) + Math.imul(loads, 0x9e3779b9));
  const fill = <T extends ArrayBufferView | null>(array: T): T => {
    if (!array) return array;
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
    return array;
  };
  Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fill, configurable: true });
}
