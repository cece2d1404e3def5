/**
 * The lake wizard's form (issue 3 item 3): what it offers for a scene, and its submitted data
 * turned into `createLake` options. Pure, so it is tested without Foundry.
 */
import type { Coord, HazardMode, Mods } from "../../rules/index.ts";
import { HAZARD_MODES } from "../../rules/index.ts";
import type { SceneData } from "../port.ts";
import type { Layout, MarkerMode } from "../projection.ts";
import { squareAt } from "../projection.ts";
import type { CreateLakeOptions, Result } from "../lake-host.ts";
import { err } from "../lake-host.ts";

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

export interface WizardContext {
  readonly scenes: { id: string; name: string; selected: boolean }[];
  readonly sceneId: string;
  readonly defaults: WizardDefaults;
  readonly tokens: { id: string; name: string; x: number; y: number; use: boolean }[];
  readonly hazardModes: { value: string; selected: boolean }[];
}

export function wizardContext(
  scenes: readonly SceneData[],
  sceneId: string,
  defaults: WizardDefaults,
  /** Tokens to offer ticked (the selected ones); every fisher token when absent. */
  preselect?: ReadonlySet<string>,
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
        return { id: t._id, name: t.name, x: at?.[0] ?? 0, y: at?.[1] ?? 0, use };
      }),
    hazardModes: HAZARD_MODES.map((m) => ({ value: m, selected: m === defaults.hazardMode })),
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
      if (blank(raw)) continue; // an empty modifier box: the system's (or 0)
      const m = int(raw);
      if (m === undefined || Math.abs(m) > 30) return err("badField", `fisher.${t._id}.${k}`);
      mods[k] = m;
    }
    const at: Coord = [x, y, 0];
    fishers.push({ tokenId: t._id, at, mods });
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
      settings: {
        catchAC,
        netDamage: String(data.netDamage ?? ""),
        swarmSize: String(data.swarmSize ?? ""),
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
  return field.split(".").length === 2 ? who : `${who}, ${own(input)}`;
}
