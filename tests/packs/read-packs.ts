/**
 * Compiles packs/_source/<pack> with the real Foundry CLI (compilePack, LevelDB) into a temp dir and
 * reads the result back with classic-level, the store Foundry's server opens. Shared by the pack
 * and i18n tests.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { ClassicLevel } from "classic-level";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const SOURCE = path.join(ROOT, "packs/_source");
export const MODULE_ID = "kolikoly-fishing";
export const LANGS = ["en", "fr", "de"] as const;
export type Lang = (typeof LANGS)[number];

/** Document type of each primary LevelDB sublevel (the CLI's TYPE_COLLECTION_MAP). */
export const COLLECTION_TYPE: Record<string, string> = {
  actors: "Actor",
  items: "Item",
  journal: "JournalEntry",
  macros: "Macro",
  tables: "RollTable",
  folders: "Folder",
  scenes: "Scene",
  cards: "Cards",
  playlists: "Playlist",
  adventures: "Adventure",
};

export type Doc = Record<string, unknown> & { _id: string };

export interface Entry {
  key: string;
  value: Doc;
}

export interface BuiltPack {
  name: string;
  dir: string;
  entries: Entry[];
  /** Primary documents by id (folders included), with embedded arrays re-expanded. */
  docs: Map<string, Doc & { __collection: string }>;
}

/** Pack folders under packs/_source. */
export function sourcePacks(): string[] {
  return fs
    .readdirSync(SOURCE, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

export async function readPack(name: string, dir: string): Promise<BuiltPack> {
  const db = new ClassicLevel<string, Doc>(dir, { keyEncoding: "utf8", valueEncoding: "json" });
  const entries: Entry[] = [];
  for await (const [key, value] of db.iterator()) entries.push({ key, value });
  await db.close();
  const byKey = new Map(entries.map((e) => [e.key, e.value]));
  const docs = new Map<string, Doc & { __collection: string }>();
  for (const { key, value } of entries) {
    const m = /^!([a-z]+)!([a-zA-Z0-9]{16})$/.exec(key);
    if (!m) continue;
    const doc = structuredClone(value) as Doc & { __collection: string };
    doc.__collection = m[1]!;
    // The CLI stores embedded documents under their own keys and leaves their ids in the parent.
    for (const [field, ids] of Object.entries(doc)) {
      if (!Array.isArray(ids) || !ids.every((i) => typeof i === "string")) continue;
      const children = ids.map((id) => byKey.get(`!${m[1]}.${field}!${m[2]}.${id}`));
      if (children.length && children.every(Boolean)) doc[field] = children;
    }
    docs.set(doc._id, doc);
  }
  return { name, dir, entries, docs };
}

/** Compile every source pack into a fresh temp dir and read each back. */
export async function buildAndRead(): Promise<{ out: string; packs: Map<string, BuiltPack> }> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-packs-"));
  const packs = new Map<string, BuiltPack>();
  for (const name of sourcePacks()) {
    const dir = path.join(out, name);
    await compilePack(path.join(SOURCE, name), dir, { yaml: true });
    packs.set(name, await readPack(name, dir));
  }
  return { out, packs };
}

/** Every string anywhere inside a value, with its path. */
export function strings(value: unknown, at = ""): Array<[string, string]> {
  if (typeof value === "string") return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${at}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));
  return [];
}

/** `@UUID[...]` and `@Compendium[...]` targets in a text. */
export function links(text: string): string[] {
  return [...text.matchAll(/@(UUID|Compendium)\[([^\]]+)\]/g)].map((m) =>
    m[1] === "Compendium" ? `Compendium.${m[2]}` : m[2]!,
  );
}
