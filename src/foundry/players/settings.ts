/**
 * Settings of the players' side: which system's rolls the checks use (a GM override of
 * game.system.id), the generic formulas (any system), whether checks are made in a private mode
 * until the round resolves (hidden-actions.ts), and whether the declaration window opens
 * by itself at round start (each user's own choice: client scope).
 */
import { MODULE_ID } from "../core/constants.ts";
import { DEFAULT_GENERIC_FORMULAS, formatFormulas, parseFormulas } from "../systems/generic.ts";
import { AUTO, adapterChoices } from "../systems/index.ts";
import type { HIDDEN_ACTION_CHOICES } from "./hidden-actions.ts";
import { SETTING } from "./wire.ts";

const P = "KOLIKOLY.Players.Settings";
const ADAPTER_SETTING = SETTING.adapter;
const FORMULAS_SETTING = SETTING.formulas;
export const OPEN_SETTING = SETTING.openAtRoundStart;
const HIDDEN_SETTING = SETTING.hiddenActions;

type Register = (ns: string, key: string, data: Record<string, unknown>) => void;

export function registerPlayerSettings(): void {
  const register = (game.settings as unknown as { register: Register }).register.bind(
    game.settings,
  );
  register(MODULE_ID, ADAPTER_SETTING, {
    name: `${P}.systemAdapter.Name`,
    hint: `${P}.systemAdapter.Hint`,
    scope: "world",
    config: true,
    type: String,
    choices: adapterChoices(),
    default: AUTO,
  });
  register(MODULE_ID, FORMULAS_SETTING, {
    name: `${P}.genericFormulas.Name`,
    hint: `${P}.genericFormulas.Hint`,
    scope: "world",
    config: true,
    type: String,
    default: formatFormulas(DEFAULT_GENERIC_FORMULAS),
    onChange: (v: unknown) => {
      const r = parseFormulas(String(v));
      if (!r.ok)
        ui.notifications?.error(
          `${game.i18n!.localize(`${P}.genericFormulas.Name`)}: ${r.error.field} — ${r.error.message}`,
        );
    },
  });
  // issue 10 item 6: checks in a private mode until the round resolves (hidden-actions.ts)
  register(MODULE_ID, HIDDEN_SETTING, {
    name: `${P}.hiddenActions.Name`,
    hint: `${P}.hiddenActions.Hint`,
    scope: "world",
    config: true,
    type: String,
    choices: {
      off: "KOLIKOLY.Players.Settings.hiddenActions.Choices.off",
      gmroll: "KOLIKOLY.Players.Settings.hiddenActions.Choices.gmroll",
      blindroll: "KOLIKOLY.Players.Settings.hiddenActions.Choices.blindroll",
    } satisfies Record<(typeof HIDDEN_ACTION_CHOICES)[number], string>,
    default: "off",
  });
  register(MODULE_ID, OPEN_SETTING, {
    name: `${P}.openDeclareAtRoundStart.Name`,
    hint: `${P}.openDeclareAtRoundStart.Hint`,
    scope: "client",
    config: true,
    type: Boolean,
    default: true,
  });
}
