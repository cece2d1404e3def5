/**
 * The wizard's catch choice (core/haul.ts): nothing (the count only), the module's catch table
 * for this world's system and the GM's language (the kolikoly-catch pack: one table per system
 * and language, D&D 5e and Pathfinder 2e results naming their packs' items, the "any system"
 * table's results told in the card only), a RollTable of the world, or a RollTable or an Item
 * the GM drops on the wizard.
 */
import { MODULE_ID } from "../core/constants.ts";

/** The module's catch tables (packs/_source/kolikoly-catch): their ids by system and language. */
const PACK = `${MODULE_ID}.kolikoly-catch`;
const SYSTEM_KEY: Readonly<Record<string, string>> = { dnd5e: "Dnd", pf2e: "Pf2" };
const LANGS = ["en", "fr", "de"] as const;

export interface CatchChoice {
  readonly uuid: string;
  readonly name: string;
  readonly selected?: boolean;
}

/** The module's table id for a system and language (`kolikolyCatDndEn`...). */
export function moduleTableId(system: string, lang: string): string {
  const l = (LANGS as readonly string[]).includes(lang) ? lang : "en";
  return `kolikolyCat${SYSTEM_KEY[system] ?? "Any"}${l[0]!.toUpperCase()}${l[1]}`;
}

/**
 * What the catch select offers: nothing first, then the module's table for this system (and the
 * any-system one, when the system has its own), then the world's RollTables, then `picked` (a
 * dropped document) if it is none of those. `current` stays selected.
 */
export async function catchChoices(
  current: string,
  picked: CatchChoice | undefined,
): Promise<CatchChoice[]> {
  const out: CatchChoice[] = [];
  const pack = game.packs?.get(PACK) as
    { getIndex(): Promise<{ get(id: string): { name?: string } | undefined }> } | undefined;
  const index = pack ? await pack.getIndex().catch(() => undefined) : undefined;
  const lang = game.i18n?.lang ?? "en";
  const systems = [...new Set([game.system?.id ?? "", "any"])];
  for (const s of systems) {
    const id = moduleTableId(s, lang);
    const entry = index?.get(id);
    if (entry) out.push({ uuid: `Compendium.${PACK}.RollTable.${id}`, name: entry.name ?? id });
  }
  const tables = (game.tables?.contents ?? []) as unknown as { uuid: string; name: string }[];
  for (const t of tables) out.push({ uuid: t.uuid, name: t.name });
  if (picked && !out.some((c) => c.uuid === picked.uuid)) out.push(picked);
  return out.map((c) => ({ ...c, selected: c.uuid === current }));
}

/**
 * A RollTable or an Item dropped on the wizard (TextEditor.getDragEventData: `{type, uuid}`, v13
 * foundry.applications.ux.TextEditor), read with fromUuid: what the select then offers.
 */
export async function droppedCatch(event: DragEvent): Promise<CatchChoice | undefined> {
  const editor = foundry.applications.ux.TextEditor.implementation as unknown as {
    getDragEventData(e: DragEvent): { type?: string; uuid?: string };
  };
  const data = editor.getDragEventData(event);
  if ((data.type !== "Item" && data.type !== "RollTable") || !data.uuid) return undefined;
  const doc = (await fromUuid(data.uuid as never).catch(() => null)) as { name?: string } | null;
  return doc ? { uuid: data.uuid, name: doc.name ?? data.uuid } : undefined;
}

/** The form's catch field: a UUID, or undefined for nothing. */
export function catchField(data: Readonly<Record<string, unknown>>): { catch?: string } {
  const v = data.catch;
  return typeof v === "string" && v !== "" ? { catch: v } : {};
}
