/**
 * init: the world settings of the H4 HP-or-effect choice (the answer when no one chooses, and how
 * long to wait), and the choice window's template. The window (apps/hazard-choice-dialog.ts) is
 * given to the fishing host by the composition root (module.ts); the query handler is the
 * runtime's (CONFIG.queries, hooks/init.ts).
 */
import { MODULE_ID } from "../core/constants.ts";
import { CHOICE_SETTING, DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S } from "../fishing/hazard-choice.ts";
import { CHOICE_TEMPLATE } from "../apps/hazard-choice-dialog.ts";
import type { HookSink } from "./hook-list.ts";

const P = "KOLIKOLY.Hazards.Settings";

type Register = (ns: string, key: string, data: Record<string, unknown>) => void;

export function listen(hooks: HookSink): void {
  hooks.once("init", () => {
    const register = (game.settings as unknown as { register: Register }).register.bind(
      game.settings,
    );
    register(MODULE_ID, CHOICE_SETTING.fallback, {
      name: `${P}.hazardChoiceDefault.Name`,
      hint: `${P}.hazardChoiceDefault.Hint`,
      scope: "world",
      config: true,
      type: String,
      choices: {
        hp: `${P}.hazardChoiceDefault.Choices.hp`,
        aim: `${P}.hazardChoiceDefault.Choices.aim`,
      },
      default: "hp",
    });
    register(MODULE_ID, CHOICE_SETTING.timeout, {
      name: `${P}.hazardChoiceTimeout.Name`,
      hint: `${P}.hazardChoiceTimeout.Hint`,
      scope: "world",
      config: true,
      type: Number,
      range: { min: 0, max: MAX_TIMEOUT_S, step: 5 },
      default: DEFAULT_TIMEOUT_S,
    });
    void foundry.applications.handlebars.loadTemplates([CHOICE_TEMPLATE]);
  });
}
