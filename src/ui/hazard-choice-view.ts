/**
 * H4's question in words, for every table that asks it: the Foundry module's window
 * (src/foundry/hazard-choice.ts) and the standalone table. The facts are the engine's
 * (`hazardChoice:<fisher>` decision, rules hazards/resolve.ts); the words are the
 * `KOLIKOLY.Hazards.Choice.*` strings.
 */
import type { CountKeys } from "./count-key.ts";
import { countKey } from "./count-key.ts";
import type { Localize } from "./handlebars-helpers.ts";
import { coordLabel } from "./handlebars-helpers.ts";

/** What the engine tells about the hit. */
export interface HazardChoiceFacts {
  readonly name: string;
  readonly aim: string;
  readonly damage: number;
  readonly hp: number;
  /** The square where it struck (the fisher's), labelled as every square is: `[x,y,level]`. */
  readonly at: readonly number[];
}

export interface HazardChoiceText {
  readonly title: string;
  readonly question: string;
  readonly hpLabel: string;
  readonly aimLabel: string;
}

/** The aims the module words (rules hazards/table.ts AIMS); any other reads as the generic one. */
const AIM_KEYS = new Set(["disarm", "drawOut", "pushBack", "restrain", "seize", "throw"]);
export function aimKey(aim: string): string {
  return AIM_KEYS.has(aim) ? aim : "other";
}

/**
 * H4: a hazard's damage in words ("1 dégât", "4 dégâts"), for every sentence that tells it: the
 * question, the round card's and the table log's. A hazard's die shows at least 1, so there is
 * no wording for none.
 */
const DAMAGE_KEY: CountKeys = {
  one: "KOLIKOLY.Hazards.DamageOne",
  many: "KOLIKOLY.Hazards.Damage",
};
export function damageWords(damage: number, t: Localize): string {
  return t(countKey(DAMAGE_KEY, damage), { damage });
}

/** The question's title, its sentence and both answers, in the viewer's language. */
export function hazardChoiceText(
  f: HazardChoiceFacts,
  fisher: string,
  t: Localize,
): HazardChoiceText {
  return {
    title: t("KOLIKOLY.Hazards.Choice.Title", { fisher }),
    question: t("KOLIKOLY.Hazards.Choice.Question", {
      hazard: f.name,
      fisher,
      at: coordLabel(f.at),
      damage: damageWords(f.damage, t),
      hp: f.hp,
    }),
    hpLabel: t("KOLIKOLY.Hazards.Choice.Hp", {
      damage: f.damage,
      left: Math.max(0, f.hp - f.damage),
    }),
    aimLabel: t("KOLIKOLY.Hazards.Choice.Aim", {
      effect: t(`KOLIKOLY.Hazards.Aim.${aimKey(f.aim)}`),
    }),
  };
}
