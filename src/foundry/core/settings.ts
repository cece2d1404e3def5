/**
 * World settings for every setting-marked rule (K1, K2, K4, K9, K19 markers, H1, H2) and the
 * round limit: world
 * scope, so changed only by users with the SETTINGS_MODIFY permission (assistant GMs and up by
 * default), localized. They hold defaults only, never game state: every client loads world
 * settings (docs/foundry.md, "What every client receives").
 */
import { HAZARD_MODES, LAKE_LIMITS } from "../../rules/index.ts";
import { DEFAULT_SETTINGS, SESSION_LAKE } from "../../rules/index.ts";
import { MODULE_ID } from "./constants.ts";

type Def =
  | {
      key: string;
      type: typeof Number;
      default: number;
      range?: { min: number; max: number; step: number };
    }
  | { key: string; type: typeof String; default: string; choices?: Record<string, string> }
  | { key: string; type: typeof Boolean; default: boolean };

const P = "KOLIKOLY.Foundry.Settings";

export const SETTINGS: readonly Def[] = [
  {
    key: "catchAC",
    type: Number,
    default: DEFAULT_SETTINGS.catchAC,
    range: { min: 1, max: LAKE_LIMITS.catchAC, step: 1 },
  },
  { key: "netDamage", type: String, default: DEFAULT_SETTINGS.netDamage },
  { key: "swarmSize", type: String, default: DEFAULT_SETTINGS.swarmSize },
  {
    key: "hazardMode",
    type: String,
    default: DEFAULT_SETTINGS.hazardMode,
    choices: Object.fromEntries(HAZARD_MODES.map((m) => [m, `${P}.hazardMode.Choices.${m}`])),
  },
  { key: "verticalAdjacency", type: Boolean, default: SESSION_LAKE.verticalAdjacency },
  { key: "width", type: Number, default: SESSION_LAKE.width, range: { min: 1, max: 32, step: 1 } },
  {
    key: "height",
    type: Number,
    default: SESSION_LAKE.height,
    range: { min: 1, max: 32, step: 1 },
  },
  { key: "levels", type: Number, default: SESSION_LAKE.levels, range: { min: 1, max: 9, step: 1 } },
  {
    key: "markers",
    type: String,
    default: "remove",
    choices: { remove: `${P}.markers.Choices.remove`, lastSeen: `${P}.markers.Choices.lastSeen` },
  },
  { key: "hazardTable", type: String, default: "" },
  // a game that fits the session: ended (final card) once this many rounds are played; 0 = never
  { key: "roundLimit", type: Number, default: 0, range: { min: 0, max: 500, step: 1 } },
];

export function registerSettings(): void {
  for (const d of SETTINGS) {
    const reg = game.settings!.register as unknown as (
      ns: string,
      key: string,
      data: object,
    ) => void;
    reg.call(game.settings, MODULE_ID, d.key, {
      name: `${P}.${d.key}.Name`,
      hint: `${P}.${d.key}.Hint`,
      scope: "world",
      config: true,
      type: d.type,
      default: d.default,
      ...("range" in d && d.range ? { range: d.range } : {}),
      ...("choices" in d && d.choices ? { choices: d.choices } : {}),
    });
  }
}
