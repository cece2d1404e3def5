/**
 * i18nInit: the module's compendium packs named in the user's language wherever Foundry shows
 * them.
 *
 * module.json gives each pack's label as a localization key (`KOLIKOLY.Packs.*`), so that a French
 * or German table reads its own words; a literal label would read right everywhere, but in
 * English only. Foundry localizes the label in some places and not others: the sidebar's list
 * does (v13 client/applications/sidebar/tabs/compendium-directory.mjs), while
 * CompendiumCollection#title is the raw label (v13
 * client/documents/collections/compendium-collection.mjs), and the compendium window's title
 * (foundryvtt#10664) and v14's search results (foundryvtt#14048) showed the key itself.
 *
 * So once the translations are loaded (`i18nInit`), each of the module's pack entries in the
 * world data gets its label in the user's language. Foundry builds the packs from those entries
 * after this hook and keeps each entry as the pack's metadata (v13 client/game.mjs:
 * Game#setupGame calls initializePacks after Localization#initialize has fired i18nInit), so
 * whatever reads a pack's label, core or another module, reads the words; Foundry's own localize
 * of them gives them back unchanged.
 */
import { MODULE_ID } from "../core/constants.ts";
import type { HookSink } from "./hook-list.ts";

/** A pack entry of the world data (`game.data.packs`), as far as its label goes. */
export interface PackEntry {
  packageName: string;
  label: string;
}

/** Localizes the label of each of this module's packs; another package's are left as they are. */
export function localizePackLabels(
  packs: readonly PackEntry[],
  localize: (key: string) => string,
): void {
  for (const pack of packs) if (pack.packageName === MODULE_ID) pack.label = localize(pack.label);
}

export function listen(hooks: HookSink): void {
  hooks.once("i18nInit", () => {
    localizePackLabels(game.data!.packs as PackEntry[], (key) => game.i18n!.localize(key));
  });
}
