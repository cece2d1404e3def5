/** init: data models, the swarm sheet, settings, queries, keybinding, templates. */
import { MODULE_ID, TEMPLATE_ROOT } from "../core/constants.ts";
import { registerSwarm } from "../fishing/swarm-model.ts";
import { registerSettings } from "../core/settings.ts";
import { registerKolikolyHelpers } from "../../ui/handlebars-helpers.ts";
import type { Runtime } from "../runtime.ts";
import type { GmWindows } from "../apps/windows.ts";
import { SwarmSheet, swarmSheetClass } from "../apps/swarm-sheet.ts";
import type { HookSink } from "./hook-list.ts";

export function listen(rt: () => Runtime, hooks: HookSink, windows: () => GmWindows): void {
  hooks.once("init", () => {
    registerSwarm();
    SwarmSheet.register(swarmSheetClass(rt()));
    registerSettings();
    // CONFIG.queries handlers must be registered at init (docs/foundry.md, "User#query").
    const queries = CONFIG.queries as unknown as Record<
      string,
      (data: unknown, options?: unknown) => Promise<unknown>
    >;
    for (const [name, handler] of Object.entries(rt().queries())) queries[name] = handler;
    game.keybindings!.register(MODULE_ID, "openPanel", {
      name: "KOLIKOLY.Foundry.Control.Keybinding",
      // KeyboardManager.MODIFIER_KEYS.SHIFT is "Shift" (API docs v13)
      editable: [{ key: "KeyK", modifiers: ["Shift" as never] }],
      restricted: true,
      onDown: () => {
        void windows().panel();
        return true;
      },
    });
    registerKolikolyHelpers(Handlebars as unknown as Parameters<typeof registerKolikolyHelpers>[0]);
    void foundry.applications.handlebars.loadTemplates([
      `${TEMPLATE_ROOT}/card.hbs`,
      `${TEMPLATE_ROOT}/gm-panel.hbs`,
      `${TEMPLATE_ROOT}/lake-wizard.hbs`,
      `${TEMPLATE_ROOT}/swarm-sheet.hbs`,
      `${TEMPLATE_ROOT}/table-check.hbs`,
    ]);
  });
}
