/**
 * Kayanak's dice as Foundry dice terms (issue 11, J3, J8, J12). The action die and the
 * temperature die are subclasses of `foundry.dice.terms.DiceTerm` (v13
 * client/dice/terms/dice.mjs), registered in `CONFIG.Dice.terms` under one letter each: the v13
 * roll grammar reads a single letter after the `d` as the denomination (the rest as modifiers;
 * `DiceTerm.fromParseNode` looks the letter up in CONFIG.Dice.terms), so `1dk` is the action die
 * and `1dt` the temperature die. A result is the face's number, 1 to 6 (the engine's answer);
 * `getResultLabel` shows the face (its symbol and dots, with the face's name as a title: the
 * plain text that stays when no icon font or image is there) and `getResultCSS` adds a class per
 * face. Dice So Nice, where installed, gets the same faces as a preset (`diceSoNiceReady`,
 * `dice3d.addSystem` / `addDicePreset` with type `dk` / `dt` on the d6 shape).
 *
 * The terms have the box's faces (J12). A game whose die has other faces rolls a plain `1dN`
 * core die, and its chat card names the face in words.
 */
import type { AsyncDriver, RollAnswer, RollRequest } from "../../rules/index.ts";
import type { ActionFace, KayanakSettings, TemperatureFace } from "../../rules/kayanak/index.ts";
// straight from the rules' dice file, not their index: this file is in the module's entry, which
// would otherwise take every Kayanak rule with it (issue 23, kayanak/load.ts)
import { DEFAULT_ACTION_DIE, DEFAULT_TEMPERATURE_DIE } from "../../rules/kayanak/dice.ts";
import { HOOK, TEMPLATE_ROOT } from "../core/constants.ts";
import type { Port } from "../core/port.ts";
import { allowRoll } from "../core/dice.ts";

export const ACTION_DENOMINATION = "k";
export const TEMPERATURE_DENOMINATION = "t";

/** A symbol per face, the plain text the chat shows (and Dice So Nice paints). */
export const FACE_SYMBOL: Readonly<Record<string, string>> = {
  bear: "🐻",
  pickax: "⛏",
  fish: "🐟",
  star: "★",
  tile: "🚫",
  crystal: "❄",
  dots: "•",
};

/**
 * An icon per face, from the Font Awesome (free, solid) set Foundry ships with every client: the
 * chat card, a result's tooltip and the turn bar draw these, so a face reads on a machine without
 * an emoji font. Plain text (Dice So Nice's labels) keeps FACE_SYMBOL.
 */
export const FACE_ICON: Readonly<Record<string, string>> = {
  bear: "fa-paw",
  pickax: "fa-hammer",
  fish: "fa-fish",
  star: "fa-star",
  tile: "fa-ban",
  crystal: "fa-snowflake",
  dots: "fa-circle",
};

/** A face's icon as HTML: decorative, its name said in words beside it. */
export function faceIcon(face: string): string {
  return `<i class="fa-solid ${FACE_ICON[face] ?? "fa-dice-d6"}" aria-hidden="true"></i>`;
}

type Face = ActionFace | TemperatureFace;

const sameFaces = (a: readonly Face[], b: readonly Face[]) =>
  a.length === b.length && a.every((f, i) => f.face === b[i]!.face && f.dots === b[i]!.dots);

/** The formula a request is rolled with: the module's term when the die has the box's faces. */
export function kayanakFormula(request: RollRequest, settings: KayanakSettings): string {
  if (request.kind === "actionDie" && sameFaces(settings.actionDie, DEFAULT_ACTION_DIE))
    return `1d${ACTION_DENOMINATION}`;
  if (
    request.kind === "temperatureDie" &&
    sameFaces(settings.temperatureDie, DEFAULT_TEMPERATURE_DIE)
  )
    return `1d${TEMPERATURE_DENOMINATION}`;
  return request.formula;
}

/** The face a result of a term shows (1-based), undefined off the die. */
export function faceOfResult(denomination: string, result: number): Face | undefined {
  const faces = denomination === ACTION_DENOMINATION ? DEFAULT_ACTION_DIE : DEFAULT_TEMPERATURE_DIE;
  return faces[result - 1];
}

/** A face as text: its symbol and its dots ("🐻 2"). */
export function faceText(f: Face): string {
  return `${FACE_SYMBOL[f.face] ?? f.face} ${f.dots}`;
}

/** The label a chat tooltip shows for a result: the face, its name as the title (plain text). */
export function resultLabel(
  denomination: string,
  result: number,
  name: (face: string) => string,
): string {
  const f = faceOfResult(denomination, result);
  if (!f) return String(result);
  const title = `${name(f.face)} ${f.dots}`;
  return `<span class="kolikoly-kayanak-face" data-face="${f.face}" title="${title}">${faceIcon(f.face)} ${f.dots}</span>`;
}

/** The CSS classes of a result: the core's, without min/max (a face is not a number), and the face's. */
export function resultCss(
  denomination: string,
  result: number,
  core: readonly (string | null)[],
): (string | null)[] {
  const f = faceOfResult(denomination, result);
  return [
    ...core.filter((c) => c !== "min" && c !== "max"),
    "kolikoly-kayanak-die",
    f ? `kolikoly-face-${f.face}` : null,
  ];
}

/** The structural part of DiceTerm the subclasses rely on (v13 client/dice/terms/dice.mjs). */
export interface DiceTermBase {
  new (termData: { number?: number; faces?: number; [k: string]: unknown }): {
    getResultCSS(result: { result: number }): (string | null)[];
  };
  DENOMINATION: string;
}

/**
 * The two term classes, made on a given DiceTerm (Foundry's at init; a stand-in in the tests):
 * six faces whatever the data says, the denomination as a static, the labels and classes above.
 */
export function makeTerms(Base: DiceTermBase, name: (face: string) => string) {
  const make = (denomination: string, className: string) => {
    const Term = class extends Base {
      static override DENOMINATION = denomination;
      constructor(termData: { number?: number; faces?: number; [k: string]: unknown } = {}) {
        super({ ...termData, faces: 6 });
      }
      getResultLabel(result: { result: number }): string {
        return resultLabel(denomination, result.result, name);
      }
      override getResultCSS(result: { result: number }): (string | null)[] {
        return resultCss(denomination, result.result, super.getResultCSS(result));
      }
    };
    // RollTerm.fromData finds a serialized term's class by its name (v13 client/dice/terms/term.mjs)
    Object.defineProperty(Term, "name", { value: className });
    return Term;
  };
  return {
    action: make(ACTION_DENOMINATION, "KayanakActionDie"),
    temperature: make(TEMPERATURE_DENOMINATION, "KayanakTemperatureDie"),
  };
}

/** Dice So Nice's interface, as far as the module uses it (guarded: the module may be absent). */
export interface Dice3d {
  addSystem(system: { id: string; name: string }, mode?: string | boolean): void;
  addDicePreset(preset: { type: string; labels: string[]; system: string }, shape?: string): void;
}

export const DSN_SYSTEM = "kolikoly-kayanak";

/** Dice So Nice faces: the symbols and dots of each face, on a d6. */
export function registerDiceSoNice(dice3d: Dice3d | undefined): boolean {
  if (!dice3d || typeof dice3d.addDicePreset !== "function") return false;
  dice3d.addSystem({ id: DSN_SYSTEM, name: "Kayanak" }, "default");
  dice3d.addDicePreset(
    {
      type: `d${ACTION_DENOMINATION}`,
      labels: DEFAULT_ACTION_DIE.map(faceText),
      system: DSN_SYSTEM,
    },
    "d6",
  );
  dice3d.addDicePreset(
    {
      type: `d${TEMPERATURE_DENOMINATION}`,
      labels: DEFAULT_TEMPERATURE_DIE.map(faceText),
      system: DSN_SYSTEM,
    },
    "d6",
  );
  return true;
}

// ---------------------------------------------------------------- the roll on the chat card

/**
 * Issue 20 item 2: a Kayanak die shows its face on the chat card, never the face's index. Core's
 * Roll#render (v13 client/dice/roll.mjs, with templates/dice/roll.hbs) prints the roll's total
 * under its formula; a die's total is the face's place on the die (1 to 6), which means nothing
 * to a reader. Each action or temperature die roll is stored as a `KayanakRoll` instead, the face
 * it showed in its options; Roll.fromData finds a stored roll's class among CONFIG.Dice.rolls by
 * the JSON's `class` (v13 client/dice/roll.mjs), so every client draws it with this class, whose
 * `render` draws the module's template in the reader's language.
 */
export const KAYANAK_ROLL = "KayanakRoll";
export const KAYANAK_ROLL_TEMPLATE = `${TEMPLATE_ROOT}/kayanak-roll.hbs`;

/** What a Kayanak roll keeps in its options: which die, and the face it showed. */
export interface RolledFace {
  readonly die: "actionDie" | "temperatureDie";
  readonly face: string;
  readonly dots: number;
}

/** Roll JSON (Roll#toJSON) as a Kayanak roll with its face, for a message's `rolls`. */
export function asKayanakRoll(json: object, face: RolledFace): object {
  const options = (json as { options?: object }).options ?? {};
  return { ...json, class: KAYANAK_ROLL, options: { ...options, kolikoly: face } };
}

/** The face a die request's answer shows on the game's die (undefined for any other roll). */
export function rolledFace(
  request: RollRequest,
  total: number,
  settings: KayanakSettings,
): RolledFace | undefined {
  if (request.kind !== "actionDie" && request.kind !== "temperatureDie") return undefined;
  const faces: readonly Face[] =
    request.kind === "actionDie" ? settings.actionDie : settings.temperatureDie;
  const f = faces[total - 1];
  return f ? { die: request.kind, face: f.face, dots: f.dots } : undefined;
}

/** The template's context: the die's name and the face (its icon, name and dots), or "?". */
export function kayanakRollContext(
  options: { kolikoly?: RolledFace } | undefined,
  isPrivate: boolean,
  t: (key: string) => string,
): Record<string, unknown> {
  const f = options?.kolikoly;
  if (!f || isPrivate) return { hidden: true };
  return {
    hidden: false,
    die: t(`KOLIKOLY.Kayanak.Foundry.Die.${f.die}`),
    face: f.face,
    icon: FACE_ICON[f.face] ?? "fa-dice-d6",
    name: t(`KOLIKOLY.Kayanak.Foundry.Face.${f.face}`),
    dots: f.dots > 0 ? `${f.dots} ${t("KOLIKOLY.Kayanak.Foundry.Face.dots")}` : "",
  };
}

/** The structural part of Roll the roll class relies on (v13 client/dice/roll.mjs). */
export interface RollBase {
  new (...args: never[]): { options: object };
}

/** The Kayanak roll class on a given Roll (Foundry's at init; a stand-in in the tests). */
export function makeRollClass(
  Base: RollBase,
  render: (template: string, context: object) => Promise<string>,
  t: (key: string) => string,
) {
  const KayanakRoll = class extends Base {
    // Roll#render({flavor, template, isPrivate}) (v13 client/dice/roll.mjs): the chat log's call
    async render({ isPrivate = false }: { isPrivate?: boolean } = {}): Promise<string> {
      return render(
        KAYANAK_ROLL_TEMPLATE,
        kayanakRollContext(this.options as { kolikoly?: RolledFace }, isPrivate, t),
      );
    }
  };
  Object.defineProperty(KayanakRoll, "name", { value: KAYANAK_ROLL });
  return KayanakRoll;
}

export interface KayanakDriver extends AsyncDriver {
  /** Roll JSON of every roll made (all Kayanak dice are public), for the chat card. */
  readonly rolls: object[];
}

/** The engine's requests answered with Foundry rolls of the module's terms (or plain dice). */
export function kayanakDriver(port: Port, settings: KayanakSettings): KayanakDriver {
  const rolls: object[] = [];
  return {
    rolls,
    async roll(request: RollRequest): Promise<RollAnswer> {
      allowRoll(port, request);
      const r = await port.roll(kayanakFormula(request, settings));
      const face = rolledFace(request, r.total, settings);
      rolls.push(face ? asKayanakRoll(r.json, face) : r.json);
      const answer: RollAnswer = { total: r.total };
      port.callAllHook(HOOK.roll, request, answer);
      return answer;
    },
  };
}
