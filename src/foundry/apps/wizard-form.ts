/**
 * The lake wizard's form (issue 3 item 3): what it offers for a scene, and its submitted data
 * turned into `createLake` options. Pure, so it is tested without Foundry.
 */
import { catchField } from "./wizard-catch.ts";
import { fairDiceField } from "./wizard-dice.ts";
import type { Coord, HazardMode, Mods } from "../../rules/index.ts";
import {
  DEFAULT_AC,
  DEFAULT_HP,
  DEFAULT_MODS,
  HAZARD_MODES,
  LAKE_LIMITS,
} from "../../rules/index.ts";
import type { SceneData } from "../core/port.ts";
import type { Layout, MarkerMode } from "../fishing/projection.ts";
import { gridCellAt, lakeFootprint, squareAt } from "../fishing/projection.ts";
import { boardMisfit, misfitError } from "../core/grid.ts";
import type { CreateLakeOptions, Result } from "../fishing/host.ts";
import type { CharacterStats } from "../fishing/options.ts";
import { err } from "../fishing/host.ts";
import type { Hole, Variant } from "../../rules/kayanak/index.ts";
// the limits' own file, not the rules' index: the wizard is in the module's entry, Kayanak's
// rules in a chunk loaded when the wizard picks Kayanak (issue 23, kayanak/load.ts)
import { DEFAULT_FISH, KAYANAK_LIMITS } from "../../rules/kayanak/limits.ts";
import type { KayanakBoardOptions } from "../kayanak/host.ts";
import type { PublicBoard } from "../kayanak/board.ts";
import type { Runtime } from "../runtime.ts";

export interface WizardDefaults {
  readonly width: number;
  readonly height: number;
  readonly levels: number;
  readonly verticalAdjacency: boolean;
  readonly catchAC: number;
  readonly netDamage: string;
  readonly swarmSize: string;
  readonly hazardMode: HazardMode;
  readonly markers: MarkerMode;
}

/** One box of a fisher's row in the wizard's grid: its field, its value or the sheet's, in grey. */
export interface FisherCell {
  readonly key: string;
  /** The column's name (each box's accessible name is "<fisher>: <label>"). */
  readonly label: string;
  /** What the box holds when drawn: the start square's column and row; empty for the others. */
  readonly value?: string;
  /** What an empty box means: the character's value (or the rules' default where it has none). */
  readonly placeholder: string;
  readonly min?: number;
}

/** The wizard's fisher columns: start square, K6 modifiers, then H2-H5 defence (labels' keys). */
export const FISHER_COLUMNS: readonly {
  readonly key: string;
  readonly labelKey: string;
  readonly titleKey: string;
}[] = [
  {
    key: "x",
    labelKey: "KOLIKOLY.Foundry.Wizard.StartXShort",
    titleKey: "KOLIKOLY.Foundry.Wizard.StartX",
  },
  {
    key: "y",
    labelKey: "KOLIKOLY.Foundry.Wizard.StartYShort",
    titleKey: "KOLIKOLY.Foundry.Wizard.StartY",
  },
  {
    key: "attack",
    labelKey: "KOLIKOLY.Foundry.Wizard.Col.attack",
    titleKey: "KOLIKOLY.Foundry.Check.attack",
  },
  {
    key: "survival",
    labelKey: "KOLIKOLY.Foundry.Wizard.Col.survival",
    titleKey: "KOLIKOLY.Foundry.Check.survival",
  },
  {
    key: "stealth",
    labelKey: "KOLIKOLY.Foundry.Wizard.Col.stealth",
    titleKey: "KOLIKOLY.Foundry.Check.stealth",
  },
  {
    key: "animalHandling",
    labelKey: "KOLIKOLY.Foundry.Wizard.Col.animalHandling",
    titleKey: "KOLIKOLY.Foundry.Check.animalHandling",
  },
  {
    key: "initiative",
    labelKey: "KOLIKOLY.Foundry.Wizard.Col.initiative",
    titleKey: "KOLIKOLY.Foundry.Wizard.Initiative",
  },
  { key: "ac", labelKey: "KOLIKOLY.Foundry.Wizard.Col.ac", titleKey: "KOLIKOLY.Foundry.Wizard.Ac" },
  {
    key: "armor",
    labelKey: "KOLIKOLY.Foundry.Wizard.Col.armor",
    titleKey: "KOLIKOLY.Foundry.Wizard.Armor",
  },
  { key: "hp", labelKey: "KOLIKOLY.Foundry.Wizard.Col.hp", titleKey: "KOLIKOLY.Foundry.Wizard.Hp" },
];

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

/**
 * A fisher's boxes: the start square (its value drawn), and each modifier, armour class, armour
 * and hit points empty, the character's value shown in grey (what an empty box takes), else the
 * rules' default (modifier 0, AC 10, no armour, 10 hit points).
 */
export function fisherCells(
  at: { x: number; y: number },
  stats: CharacterStats | undefined,
  label: (key: string) => string,
): FisherCell[] {
  const mods = { ...DEFAULT_MODS, ...(stats?.mods ?? {}) };
  const hint: Record<string, string> = {
    attack: signed(mods.attack),
    survival: signed(mods.survival),
    stealth: signed(mods.stealth),
    animalHandling: signed(mods.animalHandling),
    initiative: signed(mods.initiative),
    ac: String(stats?.ac ?? DEFAULT_AC),
    armor: String(stats?.armor ?? 0),
    hp: String(stats?.hp ?? DEFAULT_HP),
  };
  return FISHER_COLUMNS.map((c) =>
    c.key === "x" || c.key === "y"
      ? { key: c.key, label: label(c.titleKey), value: String(at[c.key]), placeholder: "", min: 0 }
      : { key: c.key, label: label(c.titleKey), placeholder: hint[c.key]! },
  );
}

export interface WizardContext {
  readonly scenes: { id: string; name: string; selected: boolean }[];
  readonly sceneId: string;
  readonly defaults: WizardDefaults;
  readonly columns: { label: string; title: string }[];
  readonly tokens: {
    id: string;
    name: string;
    x: number;
    y: number;
    use: boolean;
    cells: FisherCell[];
  }[];
  readonly hazardModes: { value: string; selected: boolean }[];
  /** The inputs' bounds: the rules' own (LAKE_LIMITS, KAYANAK_LIMITS). */
  readonly limits: typeof LAKE_LIMITS;
  readonly kayanakLimits: typeof KAYANAK_LIMITS;
}

export function wizardContext(
  scenes: readonly SceneData[],
  sceneId: string,
  defaults: WizardDefaults,
  /** Tokens to offer ticked (the selected ones); every fisher token when absent. */
  preselect?: ReadonlySet<string>,
  /** A character's values as the lake's set-up takes them (LakeHost#statsOf), for the grey hints. */
  statsOf: (actorId: string | null) => CharacterStats | undefined = () => undefined,
  /** game.i18n.localize: the columns' names. */
  label: (key: string) => string = (k) => k,
): WizardContext {
  const scene = scenes.find((s) => s._id === sceneId) ?? scenes[0];
  const origin = {
    origin: { col: 0, row: 0 },
    layout: "side-by-side" as const,
    gap: 1,
    lake: { ...defaults },
  };
  return {
    scenes: scenes.map((s) => ({ id: s._id, name: s.name, selected: s._id === scene?._id })),
    sceneId: scene?._id ?? "",
    defaults,
    tokens: (scene?.tokens ?? [])
      .filter((t) => t.actorId && !(t.flags?.["kolikoly-fishing"] as object | undefined))
      .map((t) => {
        const at = scene ? squareAt(origin, scene, t.x, t.y) : undefined;
        const use = !preselect || preselect.size === 0 || preselect.has(t._id);
        const x = at?.[0] ?? 0;
        const y = at?.[1] ?? 0;
        return {
          id: t._id,
          name: t.name,
          x,
          y,
          use,
          cells: fisherCells({ x, y }, statsOf(t.actorId), label),
        };
      }),
    columns: FISHER_COLUMNS.map((c) => ({ label: label(c.labelKey), title: label(c.titleKey) })),
    hazardModes: HAZARD_MODES.map((m) => ({ value: m, selected: m === defaults.hazardMode })),
    limits: LAKE_LIMITS,
    kayanakLimits: KAYANAK_LIMITS,
  };
}

/**
 * Whether a form value is "not given": FormDataExtended#object gives `null` for an empty number
 * input (v13 client/applications/ux/form-data-extended.mjs, the number branch of its input
 * processing), `""` for an empty text input; a missing key is `undefined`.
 */
export function blank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
}

function int(v: unknown): number | undefined {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

const MOD_KEYS: readonly (keyof Mods)[] = [
  "attack",
  "survival",
  "stealth",
  "animalHandling",
  "initiative",
];

/**
 * FormDataExtended#object gives flat keys: `sceneId`, `name`, `width`..., and per token
 * `fisher.<tokenId>.use`, `.x`, `.y`, `.attack`.... Bad input comes back as one error naming the field.
 */
export function parseWizardForm(
  data: Readonly<Record<string, unknown>>,
  scene: SceneData | undefined,
): Result<CreateLakeOptions> {
  if (!scene) return err("unknownScene", "sceneId");
  const num = (k: string): number | undefined => int(data[k]);
  const width = num("width");
  const height = num("height");
  const levels = num("levels");
  if (width === undefined) return err("badLakeSize", "width");
  if (height === undefined) return err("badLakeSize", "height");
  if (levels === undefined) return err("badLakeSize", "levels");
  const col = num("originCol");
  const row = num("originRow");
  if (col === undefined || row === undefined) return err("badOrigin", "origin");
  const layout: Layout = data.layout === "scene-levels" ? "scene-levels" : "side-by-side";
  const gap = num("gap") ?? 1;
  const fishers: CreateLakeOptions["fishers"][number][] = [];
  for (const t of scene.tokens) {
    const use = data[`fisher.${t._id}.use`];
    if (use !== true && use !== "on" && use !== "true") continue;
    const x = int(data[`fisher.${t._id}.x`]);
    const y = int(data[`fisher.${t._id}.y`]);
    if (x === undefined || y === undefined) return err("badStart", `fisher.${t._id}`);
    const mods: Partial<Record<keyof Mods, number>> = {};
    for (const k of MOD_KEYS) {
      const raw = data[`fisher.${t._id}.${k}`];
      if (blank(raw)) continue; // an empty modifier box: the character's (or 0)
      const m = int(raw);
      if (m === undefined || m < LAKE_LIMITS.modMin || m > LAKE_LIMITS.mod)
        return err("badField", `fisher.${t._id}.${k}`);
      mods[k] = m;
    }
    // H2-H5: an empty box is the character's value (or the rules' default)
    const defence: { ac?: number; armor?: number; hp?: number } = {};
    for (const [k, min, max] of [
      ["ac", LAKE_LIMITS.acMin, LAKE_LIMITS.ac],
      ["armor", LAKE_LIMITS.armorMin, LAKE_LIMITS.armor],
      ["hp", 1, LAKE_LIMITS.hp],
    ] as const) {
      const raw = data[`fisher.${t._id}.${k}`];
      if (blank(raw)) continue;
      const v = int(raw);
      if (v === undefined || v < min || v > max) return err("badField", `fisher.${t._id}.${k}`);
      defence[k] = v;
    }
    const at: Coord = [x, y, 0];
    fishers.push({ tokenId: t._id, at, mods, ...defence });
  }
  const hazardMode = String(data.hazardMode ?? "size-and-wounds") as HazardMode;
  if (!HAZARD_MODES.includes(hazardMode)) return err("badField", "hazardMode");
  const catchAC = num("catchAC");
  if (catchAC === undefined) return err("badField", "catchAC");
  return {
    ok: true,
    value: {
      sceneId: scene._id,
      name: String(data.name ?? "").trim(),
      lake: {
        width,
        height,
        levels,
        verticalAdjacency: data.verticalAdjacency === true || data.verticalAdjacency === "on",
      },
      origin: { col, row },
      layout,
      gap,
      fishers,
      // what a catch grants (apps/wizard-catch.ts): a table's or an item's UUID, or nothing
      ...catchField(data),
      // fair dice for the players' checks (apps/wizard-dice.ts)
      ...fairDiceField(data),
      settings: {
        catchAC,
        // a formula left blank is the world's (or the rules') default, never an empty formula
        ...(blank(data.netDamage) ? {} : { netDamage: String(data.netDamage) }),
        ...(blank(data.swarmSize) ? {} : { swarmSize: String(data.swarmSize) }),
        hazardMode,
      },
      markers: data.markers === "lastSeen" ? "lastSeen" : "remove",
    },
  };
}

/** The input an error's field names (`origin` is the origin column; `fisher.<id>` its tick box). */
export function fieldInput(form: ParentNode, field: string): HTMLElement | null {
  const name =
    field === "origin" ? "originCol" : /^fisher\.[^.]+$/.test(field) ? `${field}.x` : field;
  const quoted = name.replace(/["\\]/g, "\\$&");
  return name ? form.querySelector<HTMLElement>(`[name="${quoted}"]`) : null;
}

/**
 * What the GM reads for a field: its label as rendered (so in the GM's language), with the
 * fisher's name for a fisher's field ("Ana, Attack"); "" when the form has no such field.
 */
export function fieldLabel(form: ParentNode, field: string): string {
  const input = fieldInput(form, field);
  if (!input) return "";
  const own = (el: Element | null): string => {
    if (!el) return "";
    const aria = el.getAttribute("aria-label");
    if (aria) return aria.trim();
    const label = el.closest("label");
    return (label?.textContent ?? "").replace(/\s+/g, " ").trim();
  };
  const row = input.closest(".kolikoly-wizard-fisher");
  if (!row) return own(input);
  const who = own(row.querySelector("input[type=checkbox]"));
  if (field.split(".").length === 2) return who;
  // a box of the fishers' grid names its fisher itself ("Ana: Attack")
  return input.getAttribute("aria-label") ? own(input) : `${who}, ${own(input)}`;
}

// ------------------------------------------------------------------ Kayanak (issue 11 item 4)

/** The wizard's two modes: a fishing lake, or a Kayanak board. */
export type WizardMode = "kolikoly" | "kayanak";

/** The Kayanak fields' defaults: the box's board (J1, J12) and the J6 setting off. */
export const KAYANAK_WIZARD_DEFAULTS = {
  width: 8,
  height: 6,
  floes: 6,
  big: DEFAULT_FISH.big,
  small: DEFAULT_FISH.small,
  variant: "basic" as Variant,
  keepFishing: false,
  shakeTheBox: false,
} as const;

export interface KayanakWizardContext {
  readonly scenes: { id: string; name: string; selected: boolean }[];
  readonly sceneId: string;
  readonly kayanak: true;
  readonly kayanakDefaults: typeof KAYANAK_WIZARD_DEFAULTS;
  readonly variants: { value: Variant; selected: boolean }[];
  /** The bears: a start hole each (J11), the token's square on the board clamped onto it. */
  readonly tokens: {
    id: string;
    name: string;
    x: number;
    y: number;
    use: boolean;
    /** The system's dexterity modifier (J6 setting), shown as the box's placeholder. */
    dex: number;
  }[];
}

/** What the Kayanak form offers for a scene; `dexFor` reads a token's actor's modifier. */
export function kayanakWizardContext(
  scenes: readonly SceneData[],
  sceneId: string,
  preselect?: ReadonlySet<string>,
  dexFor?: (actorId: string) => number | undefined,
): KayanakWizardContext {
  const scene = scenes.find((s) => s._id === sceneId) ?? scenes[0];
  const d = KAYANAK_WIZARD_DEFAULTS;
  const clamp = (v: number, n: number) => Math.min(Math.max(v, 0), n - 1);
  const taken = new Set<number>();
  return {
    scenes: scenes.map((s) => ({ id: s._id, name: s.name, selected: s._id === scene?._id })),
    sceneId: scene?._id ?? "",
    kayanak: true,
    kayanakDefaults: d,
    variants: (["basic", "weather"] as const).map((v) => ({
      value: v,
      selected: v === d.variant,
    })),
    tokens: (scene?.tokens ?? [])
      .filter((t) => t.actorId && !(t.flags?.["kolikoly-fishing"] as object | undefined))
      .map((t) => {
        const { col, row } = scene ? gridCellAt(scene, t.x, t.y) : { col: 0, row: 0 };
        const use = !preselect || preselect.size === 0 || preselect.has(t._id);
        const dex = (t.actorId && dexFor?.(t.actorId)) || 0;
        // J11: one bear a hole; a square already offered gives way to the next free one
        let i = clamp(col, d.width) + d.width * clamp(row, d.height);
        while (taken.has(i) && taken.size < d.width * d.height) i = (i + 1) % (d.width * d.height);
        taken.add(i);
        return { id: t._id, name: t.name, x: i % d.width, y: Math.floor(i / d.width), use, dex };
      }),
  };
}

/**
 * The Kayanak form's data as `createBoard` options: the ticked tokens in the order listed (J2:
 * the turn order), each on its start hole (J11), with its dexterity modifier where typed (blank:
 * the system's, filled in by the wizard). A bad field comes back as one error naming it; the
 * engine judges the rest (a hole off the board, two bears on one hole), its field mapped back
 * onto the form by `kayanakFormField`.
 */
export function parseKayanakForm(
  data: Readonly<Record<string, unknown>>,
  scene: SceneData | undefined,
): Result<KayanakBoardOptions> {
  if (!scene) return err("unknownScene", "sceneId");
  const num = (k: string): number | undefined => int(data[k]);
  const name = String(data.name ?? "").trim();
  if (!name) return err("boardName", "name");
  const col = num("originCol");
  const row = num("originRow");
  if (col === undefined || col < 0) return err("boardOrigin", "originCol");
  if (row === undefined || row < 0) return err("boardOrigin", "originRow");
  const sizes: Record<string, number> = {};
  for (const k of ["width", "height", "floes", "big", "small"] as const) {
    const v = num(k);
    if (v === undefined || v < (k === "big" || k === "small" ? 0 : 1)) return err("badField", k);
    sizes[k] = v;
  }
  const variant = String(data.variant ?? "basic");
  if (variant !== "basic" && variant !== "weather") return err("badField", "variant");
  let landCheck: number | null = null;
  if (!blank(data.landCheck)) {
    const dc = int(data.landCheck);
    if (dc === undefined || dc < 1 || dc > KAYANAK_LIMITS.dc) return err("badField", "landCheck");
    landCheck = dc;
  }
  // J1: a seed makes the engine's own board for it, floes and fish (blank: drawn in secret)
  let seed: number | undefined;
  if (!blank(data.seed)) {
    seed = int(data.seed);
    if (seed === undefined || seed < 0 || !Number.isSafeInteger(seed))
      return err("badField", "seed");
  }
  const on = (v: unknown) => v === true || v === "on" || v === "true";
  const fishers: { tokenId: string; at: Hole; dex?: number }[] = [];
  for (const t of scene.tokens) {
    if (!on(data[`fisher.${t._id}.use`])) continue;
    const x = int(data[`fisher.${t._id}.x`]);
    const y = int(data[`fisher.${t._id}.y`]);
    if (x === undefined || y === undefined) return err("holeStart", `fisher.${t._id}`);
    const raw = data[`fisher.${t._id}.dex`];
    let dex: number | undefined;
    if (!blank(raw)) {
      dex = int(raw);
      if (dex === undefined || Math.abs(dex) > KAYANAK_LIMITS.dex)
        return err("badField", `fisher.${t._id}.dex`);
    }
    fishers.push({ tokenId: t._id, at: [x, y], ...(dex !== undefined ? { dex } : {}) });
  }
  if (fishers.length === 0) return err("noFishers", "fishers");
  return {
    ok: true,
    value: {
      sceneId: scene._id,
      name,
      origin: { col, row },
      width: sizes.width!,
      height: sizes.height!,
      floes: sizes.floes!,
      fish: { big: sizes.big!, small: sizes.small! },
      variant,
      keepFishing: on(data.keepFishing),
      shakeTheBox: on(data.shakeTheBox),
      landCheck,
      fishers,
      ...(seed !== undefined ? { seed } : {}),
      ...catchField(data),
    },
  };
}

/**
 * The form field an error of `createBoard` (or the engine's set-up check) names: `fishers[1].at`
 * is the second ticked fisher's start hole, `fish.big` the big fish box, `board.floeCount` the
 * floes box. Anything else is left as it is.
 */
export function kayanakFormField(
  field: string,
  options: Pick<KayanakBoardOptions, "fishers">,
): string {
  const m = /^fishers\[(\d+)\](?:\.(\w+))?/.exec(field);
  if (m) {
    const tokenId = options.fishers[Number(m[1])]?.tokenId;
    if (!tokenId) return "fishers";
    return m[2] === "dex" ? `fisher.${tokenId}.dex` : `fisher.${tokenId}`;
  }
  if (field === "fish.big" || field === "fish.small") return field.slice(5);
  if (field === "board.floeCount" || field === "floeCount") return "floes";
  return field.replace(/^(settings|board)\./, "");
}

/**
 * The Kayanak form's data made into a board (issue 11): parsed, each blank Dexterity box filled
 * from the fisher's actor (J6 setting), created by the Kayanak host; an error names the form's
 * field (kayanakFormField). Used by the wizard and the fake's tests.
 */
export async function createBoardFromForm(
  rt: Pick<Runtime, "kayanak">,
  data: Readonly<Record<string, unknown>>,
  scene: SceneData | undefined,
  dexFor?: (actorId: string) => number | undefined,
): Promise<Result<PublicBoard>> {
  const parsed = parseKayanakForm(data, scene);
  if (!parsed.ok) return parsed;
  const options = {
    ...parsed.value,
    fishers: parsed.value.fishers.map((f) => {
      if (f.dex !== undefined) return f;
      const actorId = scene?.tokens.find((t) => t._id === f.tokenId)?.actorId;
      const dex = actorId ? dexFor?.(actorId) : undefined;
      return dex !== undefined ? { ...f, dex } : f;
    }),
  };
  const r = await rt.kayanak.createBoard(options);
  if (r.ok) return r;
  // the engine's words for a hole, not the fishing game's for a square
  const code = r.error.code === "offBoard" ? "holeOffBoard" : r.error.code;
  return {
    ok: false,
    error: { ...r.error, code, field: kayanakFormField(r.error.field, options) },
  };
}

// ------------------------------------------------- what the GM typed, across a Game switch

/** What the GM typed into one field: a box's text, a tick, a choice. */
export type TypedValue = string | boolean;

/** Fields that are the window's own choices, never carried: the scene and the Game. */
const NOT_TYPED = new Set(["sceneId", "mode"]);

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function namedFields(form: ParentNode): Field[] {
  // a file input's value is the browser's to set (a script may only clear it): never carried
  return [...form.querySelectorAll<Field>("input[name], select[name], textarea[name]")].filter(
    (el) =>
      !NOT_TYPED.has(el.name) && el.type !== "submit" && el.type !== "button" && el.type !== "file",
  );
}

function isCheckbox(el: Field): el is HTMLInputElement {
  return el.tagName === "INPUT" && el.type === "checkbox";
}

/** A field's value, and whether it differs from what the form was rendered with (its default). */
function valueOf(el: Field): { value: TypedValue; typed: boolean } {
  if (isCheckbox(el)) return { value: el.checked, typed: el.checked !== el.defaultChecked };
  if (el.tagName === "SELECT") {
    const options = [...(el as HTMLSelectElement).options];
    const initial = options.find((o) => o.defaultSelected) ?? options[0];
    return { value: el.value, typed: el.value !== (initial?.value ?? "") };
  }
  const input = el as HTMLInputElement | HTMLTextAreaElement;
  return { value: input.value, typed: input.value !== input.defaultValue };
}

/**
 * Issue 11: the wizard re-renders when the GM switches the Game (fishing lake, Kayanak board);
 * before it does, what the GM typed is kept here by field name: every field whose value differs
 * from the one it was rendered with (a field put back to its default is forgotten). The fields
 * both forms have (name, origin, width and height, each token's tick and start square) carry
 * over; a field only one form has waits in `memory` for a switch back.
 */
export function keepTyped(memory: Map<string, TypedValue>, form: ParentNode): void {
  for (const el of namedFields(form)) {
    const { value, typed } = valueOf(el);
    if (typed) memory.set(el.name, value);
    else memory.delete(el.name);
  }
}

/** Puts what the GM typed back into a freshly rendered form, in the fields it still has. */
export function restoreTyped(form: ParentNode, memory: ReadonlyMap<string, TypedValue>): void {
  for (const el of namedFields(form)) {
    if (!memory.has(el.name)) continue;
    const v = memory.get(el.name)!;
    if (isCheckbox(el)) el.checked = v === true;
    else if (typeof v === "string") el.value = v;
  }
}

/**
 * Issue 20 item 8: whether the board the form asks for fits its scene, said before the GM
 * submits: the same check as createLake's and createBoard's (core/grid.ts `boardMisfit`), on the
 * form's origin and size (a fishing lake's levels side by side with their gap, or stacked), its
 * refusal written in the form's `[data-scene-fit]` message and the submit button disabled until
 * it fits. A field that is not a number yet says nothing here (the submit names it). The
 * message, or undefined when the board fits.
 */
export function showSceneFit(
  form: ParentNode,
  scene: SceneData | undefined,
  localize: (key: string, data?: Readonly<Record<string, unknown>>) => string,
): string | undefined {
  const value = (name: string) =>
    (form.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLSelectElement | null)?.value;
  const num = (name: string) => int(value(name));
  const origin = { col: num("originCol"), row: num("originRow") };
  const width = num("width");
  const height = num("height");
  const levels = num("levels");
  let message: string | undefined;
  if (scene && width !== undefined && height !== undefined) {
    // the fishing form has levels; the Kayanak form a flat board of width x height holes
    const foot =
      levels === undefined
        ? { width, height }
        : lakeFootprint(
            { width, height, levels },
            value("layout") === "scene-levels" ? "scene-levels" : "side-by-side",
            num("gap") ?? 1,
          );
    const at = { col: origin.col ?? 0, row: origin.row ?? 0 };
    const misfit =
      origin.col === undefined || origin.row === undefined
        ? undefined
        : boardMisfit(scene, at, foot.width, foot.height);
    if (misfit) message = misfitError(misfit, scene, { origin: at, ...foot }, localize).message;
  }
  const out = form.querySelector<HTMLElement>("[data-scene-fit]");
  if (out) {
    out.textContent = message ?? "";
    out.hidden = message === undefined;
  }
  form.querySelectorAll<HTMLButtonElement>('button[type="submit"]').forEach((b) => {
    b.disabled = message !== undefined;
  });
  return message;
}
