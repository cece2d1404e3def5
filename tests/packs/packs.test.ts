/**
 * The compendium packs as Foundry reads them: compiled from packs/_source with the real Foundry CLI
 * and read back with classic-level. Every document is checked: its type against its pack, `_id`
 * against its LevelDB key, ownership, links, file paths, and that each language holds the same
 * content (docs/gm-guide.md, "Languages").
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hazardsFromResults } from "../../src/foundry/fishing/hazard-table.ts";
import { DEFAULT_HAZARDS } from "../../src/rules/hazards/table.ts";
import type { BuiltPack, Doc, Lang } from "./read-packs.ts";
import {
  buildAndRead,
  COLLECTION_TYPE,
  LANGS,
  links,
  MODULE_ID,
  ROOT,
  sourcePacks,
  strings,
} from "./read-packs.ts";

/** What each pack must hold (besides its language folders). */
const PACK_TYPES: Record<string, string> = {
  "kolikoly-rules": "JournalEntry",
  "kolikoly-macros": "Macro",
  "kolikoly-hazards": "RollTable",
  "kolikoly-catch": "RollTable",
  "kolikoly-catch-dnd5e": "Item",
  "kolikoly-catch-pf2e": "Item",
};

/**
 * The game system an Item pack is for: Foundry's server opens a module's pack that names a system
 * only in a world of that system (v13 build 351, World#getActivePacks).
 */
const PACK_SYSTEMS: Record<string, string> = {
  "kolikoly-catch-dnd5e": "dnd5e",
  "kolikoly-catch-pf2e": "pf2e",
};

/**
 * Foundry core icons the packs show: files of the server's own public icons/ folder, not the
 * module's. Each is in the file list of Foundry v13 build 351's public/icons/ (the application's
 * files). v14's list could not be read here; a path that is not listed below fails the test.
 */
const CORE_ICONS = new Set([
  "icons/commodities/leather/boot-torn-tan.webp",
  "icons/environment/creatures/fish-striped-gold-brown.webp",
  "icons/environment/creatures/fish-trout-grey.webp",
  "icons/equipment/finger/ring-band-engraved-silver.webp",
  "icons/tools/fishing/hook-curved-barbed-steel-white.webp",
]);

let out = "";
let packs: Map<string, BuiltPack>;

beforeAll(async () => {
  ({ out, packs } = await buildAndRead());
});
afterAll(() => {
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

type Typed = Doc & { __collection: string };
const pack = (name: string) => packs.get(name)!;
const primaries = (name: string): Typed[] =>
  [...pack(name).docs.values()].filter((d) => d.__collection !== "folders");
const langOf = (d: Doc): string =>
  (d.flags as Record<string, Record<string, string>>)[MODULE_ID]!.lang!;
const byLang = (name: string, lang: Lang): Typed[] =>
  primaries(name)
    .filter((d) => langOf(d) === lang)
    .sort((a, b) => (a.sort as number) - (b.sort as number));
const flag = (d: Doc, key: string): unknown =>
  ((d.flags as Record<string, Record<string, unknown>> | undefined)?.[MODULE_ID] ?? {})[key];

/** Resolve a `Compendium.<package>.<pack>.<Type>.<id>[.<EmbeddedType>.<id>]` UUID in the built packs. */
function resolve(uuid: string): Doc | undefined {
  const parts = uuid.split(".");
  if (parts[0] !== "Compendium" || parts[1] !== MODULE_ID) return undefined;
  const p = packs.get(parts[2]!);
  if (!p) return undefined;
  let doc: Doc | undefined = p.docs.get(parts[4]!);
  if (!doc || COLLECTION_TYPE[(doc as Typed).__collection] !== parts[3]) return undefined;
  for (let i = 5; i < parts.length; i += 2) {
    const field = { JournalEntryPage: "pages", TableResult: "results" }[parts[i]!];
    const children: Doc[] | undefined = field ? (doc?.[field] as Doc[] | undefined) : undefined;
    doc = children?.find((c: Doc) => c._id === parts[i + 1]);
    if (!doc) return undefined;
  }
  return doc;
}

describe("compendium packs built by the Foundry CLI", () => {
  it("compiles every source pack, and only the packs the module ships", () => {
    expect(sourcePacks()).toEqual(Object.keys(PACK_TYPES).sort());
    for (const name of sourcePacks()) expect(pack(name).entries.length).toBeGreaterThan(0);
  });

  it("module.json declares each pack with its type, path and a label every language translates", () => {
    const m = JSON.parse(fs.readFileSync(path.join(ROOT, "module.json"), "utf8"));
    const declared = m.packs as Array<{
      name: string;
      type: string;
      path: string;
      label: string;
      system?: string;
    }>;
    expect(declared.map((p) => p.name).sort()).toEqual(sourcePacks());
    // the "Kolikoly Fishing" folder of the compendium sidebar holds each pack once
    const folders = m.packFolders as Array<{ name: string; packs: string[] }>;
    expect(folders.map((f) => f.name)).toEqual(["Kolikoly Fishing"]);
    expect([...folders[0]!.packs].sort()).toEqual(sourcePacks());
    for (const p of declared) {
      expect(p.type, p.name).toBe(PACK_TYPES[p.name]);
      expect(p.path, p.name).toBe(`packs/${p.name}`);
      expect(p.system, `${p.name} system`).toBe(PACK_SYSTEMS[p.name]);
      for (const lang of LANGS) {
        const dict = JSON.parse(fs.readFileSync(path.join(ROOT, `lang/${lang}.json`), "utf8"));
        const label = p.label.split(".").reduce<unknown>((o, k) => (o as never)?.[k], dict);
        expect(typeof label, `${p.name} label ${p.label} in ${lang}`).toBe("string");
      }
    }
  });

  it("every document has the pack's type (folders of that type aside)", () => {
    for (const [name, type] of Object.entries(PACK_TYPES)) {
      for (const d of pack(name).docs.values()) {
        if (d.__collection === "folders") expect(d.type, `${name} folder ${d._id}`).toBe(type);
        else expect(COLLECTION_TYPE[d.__collection], `${name} ${d._id}`).toBe(type);
      }
    }
  });

  it("every LevelDB key agrees with its document's _id, and every embedded key with its parent", () => {
    for (const p of packs.values()) {
      const keys = new Set(p.entries.map((e) => e.key));
      for (const { key, value } of p.entries) {
        expect(value._id, key).toMatch(/^[a-zA-Z0-9]{16}$/);
        const primary = /^!([a-z]+)!(\w{16})$/.exec(key);
        const embedded = /^!([a-z]+)\.([a-z]+)!(\w{16})\.(\w{16})$/.exec(key);
        expect(primary ?? embedded, `${p.name}: malformed key ${key}`).toBeTruthy();
        if (primary) expect(value._id).toBe(primary[2]);
        if (embedded) {
          expect(value._id).toBe(embedded[4]);
          const parent = p.entries.find((e) => e.key === `!${embedded[1]}!${embedded[3]}`);
          expect(parent, `${key} has no parent`).toBeTruthy();
          expect(parent!.value[embedded[2]!] as string[]).toContain(value._id);
        }
        expect("_key" in value, `${key} kept its _key`).toBe(false);
      }
      // and the reverse: every embedded id a parent lists is stored
      for (const { key, value } of p.entries) {
        const m = /^!([a-z]+)!(\w{16})$/.exec(key);
        if (!m) continue;
        for (const field of ["pages", "results", "items", "effects"]) {
          for (const id of (value[field] as string[] | undefined) ?? [])
            expect(keys.has(`!${m[1]}.${field}!${m[2]}.${id}`), `${key}.${field}.${id}`).toBe(true);
        }
      }
    }
  });

  it("no stray ownership or volatile stats: documents default 0, pages inherit, nothing per user", () => {
    for (const p of packs.values()) {
      for (const { key, value } of p.entries) {
        expect(value._stats, `${key} _stats`).toBeUndefined();
        if (key.startsWith("!folders!") || key.startsWith("!tables.results!")) {
          expect(value.ownership, key).toBeUndefined();
        } else if (key.startsWith("!journal.pages!")) {
          expect(value.ownership, key).toEqual({ default: -1 });
        } else {
          expect(value.ownership, key).toEqual({ default: 0 });
        }
      }
    }
  });

  it("every @UUID / @Compendium link resolves to a document of the named type in the built packs", () => {
    let count = 0;
    for (const p of packs.values()) {
      for (const { key, value } of p.entries) {
        for (const [at, text] of strings(value)) {
          for (const uuid of links(text)) {
            count++;
            expect(resolve(uuid), `${p.name} ${key} ${at}: ${uuid}`).toBeTruthy();
          }
        }
      }
    }
    expect(count).toBeGreaterThan(30);
  });

  it("every file a document names is one of ours and exists, or a listed core icon (img, src)", () => {
    const prefix = `modules/${MODULE_ID}/`;
    let count = 0;
    const core = new Set<string>();
    for (const p of packs.values()) {
      for (const { key, value } of p.entries) {
        for (const [at, s] of strings(value)) {
          if (!/(^|\.)(img|src)$/.test(at) || s === "") continue;
          count++;
          if (CORE_ICONS.has(s)) {
            core.add(s);
            continue;
          }
          expect(s.startsWith(prefix), `${key} ${at}: ${s}`).toBe(true);
          expect(fs.existsSync(path.join(ROOT, s.slice(prefix.length))), `${key} ${at}: ${s}`).toBe(
            true,
          );
        }
      }
    }
    expect(count).toBeGreaterThan(20);
    expect([...core].sort(), "every listed core icon is used").toEqual([...CORE_ICONS].sort());
  });

  it("documents sit in the folder of their language", () => {
    for (const p of packs.values()) {
      for (const d of p.docs.values()) {
        if (d.__collection === "folders") continue;
        const folder = p.docs.get(d.folder as string);
        expect(folder?.__collection, `${p.name} ${d._id}`).toBe("folders");
        expect(langOf(folder!)).toBe(langOf(d));
      }
    }
  });
});

describe("kolikoly-rules: the rules journals (fishing, then Kayanak) in every language", () => {
  const ids = (html: string, re: RegExp) => [...new Set(html.match(re) ?? [])].sort();
  const pageText = (pg: Doc): string =>
    pg.type === "image"
      ? `${(pg.image as { caption: string }).caption}`
      : (pg.text as { content: string }).content;

  /** Each language's journals in order: the fishing game's, then Kayanak's (flag `game`). */
  const journals = (lang: Lang) => byLang("kolikoly-rules", lang);
  const journalOf = (lang: Lang, game: "kolikoly" | "kayanak") =>
    journals(lang).find((j) => (flag(j, "game") ?? "kolikoly") === game)!;

  it("two journals per language (fishing, Kayanak), each with the same pages in the same order", () => {
    const shape = (lang: Lang) =>
      byLang("kolikoly-rules", lang).map((j) =>
        (j.pages as Doc[]).map((pg) => [flag(pg, "page"), pg.type, pg.sort]),
      );
    expect(journals("en").map((j) => flag(j, "game") ?? "kolikoly")).toEqual([
      "kolikoly",
      "kayanak",
    ]);
    for (const lang of LANGS) expect(shape(lang), lang).toEqual(shape("en"));
  });

  it("every text page is well-formed HTML: each element closed, nothing but the tags a journal shows", () => {
    const allowed = new Set([
      "p",
      "h2",
      "ol",
      "ul",
      "li",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "strong",
      "em",
    ]);
    for (const lang of LANGS)
      for (const pg of journals(lang).flatMap((j) => j.pages as Doc[])) {
        if (pg.type !== "text") continue;
        const html = (pg.text as { content: string }).content;
        const stack: string[] = [];
        for (const [, close, tag] of html.matchAll(/<(\/?)([a-z0-9]+)[^>]*>/g)) {
          expect(allowed.has(tag!), `${lang} ${String(flag(pg, "page"))}: <${tag}>`).toBe(true);
          if (!close) stack.push(tag!);
          else expect(stack.pop(), `${lang} ${String(flag(pg, "page"))}: </${tag}>`).toBe(tag);
        }
        expect(stack, `${lang} ${String(flag(pg, "page"))}: unclosed`).toEqual([]);
      }
  });

  it("the English journal states every rule K1-K23 and H1-H6 by its id", () => {
    const all = (journalOf("en", "kolikoly").pages as Doc[]).map(pageText).join("\n");
    for (let k = 1; k <= 23; k++) expect(all, `K${k}`).toMatch(new RegExp(`K${k}(?!\\d)`));
    for (let h = 1; h <= 6; h++) expect(all, `H${h}`).toMatch(new RegExp(`H${h}(?!\\d)`));
  });

  it("the English Kayanak journal states every rule J1-J12 by its id, with J12's default faces", () => {
    const all = (journalOf("en", "kayanak").pages as Doc[]).map(pageText).join("\n");
    for (let j = 1; j <= 12; j++) expect(all, `J${j}`).toMatch(new RegExp(`J${j}(?!\\d)`));
    expect(all).toContain("bear 2, bear 3, pickaxe 2, pickaxe 3, fish 2, star 2");
    expect(all).toContain("15 big and 75 small");
    expect(all).toContain("8 by 6 holes in 6 floes");
  });

  it("every page is localized: translated text, the same rule ids, tables, links and image per page", () => {
    for (const game of ["kolikoly", "kayanak"] as const)
      for (const lang of LANGS.filter((l) => l !== "en")) {
        const en = journalOf("en", game).pages as Doc[];
        const journal = journalOf(lang, game);
        expect(journal.name).not.toBe(journalOf("en", game).name);
        const pages = journal.pages as Doc[];
        pages.forEach((pg, i) => {
          const ref = en[i]!;
          const where = `${lang} page ${String(flag(pg, "page"))}`;
          expect(pg.name, where).not.toBe(ref.name);
          const text = pageText(pg);
          const refText = pageText(ref);
          expect(text.length, where).toBeGreaterThan(refText.length * 0.6);
          expect(text, where).not.toBe(refText);
          const prose = text.replace(/@UUID\[[^\]]*\]/g, "").replace(/<[^>]*>/g, " ");
          expect(prose, `${where}: English left`).not.toMatch(/\b(the|and|you|your|with|when)\b/i);
          expect(ids(text, /\b[KHJ]\d+\b/g), `${where}: rule ids`).toEqual(
            ids(refText, /\b[KHJ]\d+\b/g),
          );
          expect((text.match(/<tr>/g) ?? []).length, `${where}: table rows`).toBe(
            (refText.match(/<tr>/g) ?? []).length,
          );
          // links point at the same targets, in this language's documents
          const swap = (u: string) =>
            u
              .replace(/(kolikoly[A-Za-z]+?)En(0*)\b/g, `$1${lang[0]!.toUpperCase()}${lang[1]}$2`)
              .replace(/\.enPg/g, `.${lang}Pg`);
          expect(links(text), `${where}: links`).toEqual(links(refText).map(swap));
          if (pg.type === "image")
            expect(pg.src).toBe((ref.src as string).replace("-en.", `-${lang}.`));
        });
      }
  });
});

describe("kolikoly-macros", () => {
  it("each language has the same macros, with the same command and its own name", () => {
    const en = byLang("kolikoly-macros", "en");
    expect(en.map((m) => flag(m, "macro"))).toEqual([
      "openPanel",
      "openWizard",
      "openKayanakWizard",
      "openDeclare",
      "exportScenario",
      "stockPresets",
    ]);
    for (const lang of LANGS) {
      const ms = byLang("kolikoly-macros", lang);
      expect(ms.map((m) => [flag(m, "macro"), m.command, m.type, m.img])).toEqual(
        en.map((m) => [flag(m, "macro"), m.command, m.type, m.img]),
      );
      if (lang !== "en") ms.forEach((m, i) => expect(m.name).not.toBe(en[i]!.name));
    }
  });
});

describe("kolikoly-hazards: H1's table in every language", () => {
  it("holds the engine's hazards with their stats, one result per face of its formula", () => {
    for (const lang of LANGS) {
      const [table] = byLang("kolikoly-hazards", lang);
      const results = table!.results as Doc[];
      expect(table!.formula).toBe(`1d${DEFAULT_HAZARDS.length}`);
      expect(results.map((r) => r.range)).toEqual(DEFAULT_HAZARDS.map((_, i) => [i + 1, i + 1]));
      expect(results.map((r) => flag(r, "hazard"))).toEqual(
        DEFAULT_HAZARDS.map(({ id, size, hp, mod, attacks, aim }) => ({
          id,
          size,
          hp,
          mod,
          attacks,
          aim,
        })),
      );
      for (const r of results) expect(r.type).toBe("text");
      const read = hazardsFromResults(results as never);
      expect(read.ok, `${lang}: the module reads the table`).toBe(true);
    }
    const en = byLang("kolikoly-hazards", "en")[0]!.results as Doc[];
    expect(en.map((r) => r.name)).toEqual(DEFAULT_HAZARDS.map((h) => h.name));
    // what the module reads when a lake uses this table (src/foundry/fishing/hazard-table.ts)
    const read = hazardsFromResults(en as never);
    expect(read.ok && read.value).toEqual(DEFAULT_HAZARDS);
    for (const lang of ["fr", "de"] as const) {
      const rs = byLang("kolikoly-hazards", lang)[0]!.results as Doc[];
      rs.forEach((r, i) => {
        expect(r.name).not.toBe(en[i]!.name);
        expect(r.description).not.toBe(en[i]!.description);
      });
    }
  });
});

/*
 * The catch: a table per game system (kolikoly-catch) and the items its results name, one Item
 * pack per system (kolikoly-catch-dnd5e, kolikoly-catch-pf2e). What the checks below rest on:
 *
 * - TableResult, Foundry v13 common/documents/table-result.mjs (BaseTableResult.defineSchema,
 *   schemaVersion 13.341) and the fvtt-types 13.345 TableResult.Schema: `type` ("text" or
 *   "document", CONST.TABLE_RESULT_TYPES), `name`, `img`, `description`, `documentUuid`, `weight`
 *   (a positive integer), `range` ([low, high], high >= low), `drawn`. v13 migrates v12's `text`,
 *   `documentId`, `documentCollection` and the "pack" type on load: none of them is written here.
 *   v14: the API documentation's CONST.TABLE_RESULT_TYPES is {DOCUMENT: "document", TEXT: "text"}
 *   (its TableResultData page still lists v12's fields, an old typedef); dnd5e 5.3.3, verified on
 *   v14, ships its table results in v13's shape (packs/_source/tables/feather-token.yml: type
 *   "document", documentUuid "Compendium.dnd5e.items.Item.<id>", name, img, description "").
 * - dnd5e 5.3.3 (branches 5.3.x and 6.0.x, commit 965ad2d0): module/data/item/loot.mjs (LootData:
 *   description, identifiable, item type {value, subtype}, physical item, properties),
 *   module/data/item/templates/physical-item.mjs (quantity an integer >= 0, weight {value, units},
 *   price {value, denomination}, rarity may be blank), module/data/item/fields/item-type-field.mjs,
 *   module/config.mjs (DND5E.lootTypes, itemRarity, weightUnits, currencies).
 * - pf2e 7 and 8: src/module/item/treasure/data.ts (TreasureSystemData.defineSchema: category one
 *   of TREASURE_CATEGORIES or null, bulk 0.1 (light) or an integer, traits.value only "precious",
 *   rarity, size, level 0-30, hp, hardness, material, price; the source has no stackGroup nor usage,
 *   stackGroup being read from the category), src/module/item/treasure/values.ts
 *   (TREASURE_CATEGORIES), src/module/item/treasure/document.ts (isCoinage: a "coin" treasure goes
 *   into the purse), src/module/item/base/data/model.ts (ItemSystemModel: description {value, gm},
 *   rules, slug), packs/pf2e/equipment/alabaster-idol.json (a treasure as pf2e's own pack has it).
 */

/** dnd5e module/config.mjs DND5E.lootTypes (5.3.3; "trade" since 5.2, where 4.4-5.1 show "Loot"). */
const DND5E_LOOT_TYPES = [
  "art",
  "gear",
  "gem",
  "junk",
  "material",
  "resource",
  "trade",
  "treasure",
];
/** dnd5e module/config.mjs DND5E.itemRarity, and "" (physical-item.mjs: blank allowed; mundane). */
const DND5E_RARITIES = ["", "common", "uncommon", "rare", "veryRare", "legendary", "artifact"];
/** dnd5e module/config.mjs DND5E.weightUnits and DND5E.currencies. */
const DND5E_WEIGHT_UNITS = ["lb", "tn", "kg", "Mg"];
const DND5E_CURRENCIES = ["pp", "gp", "ep", "sp", "cp"];
/** pf2e src/module/item/treasure/values.ts TREASURE_CATEGORIES. */
const PF2E_TREASURE_CATEGORIES = ["art-object", "coin", "gem", "material", "credstick"];
/** pf2e: RarityField, the treasure's size choices and PriceField's coins. */
const PF2E_RARITIES = ["common", "uncommon", "rare", "unique"];
const PF2E_SIZES = ["tiny", "med", "lg", "huge", "grg"];
const PF2E_COINS = ["pp", "gp", "sp", "cp"];

/** The catch, in the order of the tables' results, and the faces of 1d20 each takes. */
const CATCH = ["perch", "trout", "eel", "boot", "ring"];
const CATCH_RANGES = [
  [1, 8],
  [9, 14],
  [15, 17],
  [18, 19],
  [20, 20],
];
const CATCH_SYSTEMS = ["dnd5e", "pf2e", "any"] as const;
const ITEM_PACKS = ["kolikoly-catch-dnd5e", "kolikoly-catch-pf2e"];

describe("the catch: a table per game system, and the dnd5e and pf2e items it names", () => {
  const tables = (lang: Lang) => byLang("kolikoly-catch", lang);
  const tableOf = (lang: Lang, system: string) =>
    tables(lang).find((t) => (flag(t, "catchTable") as { system: string }).system === system)!;
  const catchId = (d: Doc) => (flag(d, "catch") as { id: string }).id;
  const html = /^<p>[^<]+<\/p>$/;

  it("players may open the catch packs; the hazard tables stay the GM's", () => {
    const m = JSON.parse(fs.readFileSync(path.join(ROOT, "module.json"), "utf8"));
    const ownership = (name: string) =>
      (m.packs as Array<{ name: string; ownership: Record<string, string> }>).find(
        (p) => p.name === name,
      )!.ownership;
    for (const name of ["kolikoly-catch", ...ITEM_PACKS])
      expect(ownership(name), name).toEqual({
        PLAYER: "OBSERVER",
        TRUSTED: "OBSERVER",
        ASSISTANT: "OWNER",
      });
    expect(ownership("kolikoly-hazards").PLAYER).toBe("NONE");
  });

  it("three tables per language, for dnd5e, pf2e and any system, each rolled with 1d20", () => {
    for (const lang of LANGS) {
      const ts = tables(lang);
      expect(
        ts.map((t) => flag(t, "catchTable")),
        lang,
      ).toEqual(CATCH_SYSTEMS.map((system) => ({ system })));
      for (const t of ts) {
        expect(t.formula, `${lang} ${t.name}`).toBe("1d20");
        expect((t.results as Doc[]).map(catchId), `${lang} ${t.name}`).toEqual(CATCH);
      }
    }
    expect(tables("en").map((t) => t.name)).toEqual([
      "Lake catch (D&D 5e)",
      "Lake catch (Pathfinder 2e)",
      "Lake catch (any system)",
    ]);
  });

  it("each table's ranges cover its formula's faces once each, and weigh what they cover", () => {
    for (const lang of LANGS)
      for (const t of tables(lang)) {
        const where = `${lang} ${String(t.name)}`;
        const [, n, sides] = /^(\d+)d(\d+)$/.exec(t.formula as string)!.map(Number);
        const [low, high] = [n!, n! * sides!];
        const results = t.results as Doc[];
        for (const r of results) {
          const [a, b] = r.range as number[];
          expect(Number.isInteger(a) && Number.isInteger(b) && a! <= b!, where).toBe(true);
          expect(a! >= low && b! <= high, `${where}: ${a}-${b} off the dice`).toBe(true);
          expect(r.weight, `${where}: weight of ${a}-${b}`).toBe(b! - a! + 1);
          expect(r.drawn, where).toBe(false);
        }
        for (let face = low; face <= high; face++) {
          const hits = results.filter((r) => {
            const [a, b] = r.range as number[];
            return a! <= face && face <= b!;
          });
          expect(hits.length, `${where}: face ${face}`).toBe(1);
        }
        expect(
          results.map((r) => r.range),
          where,
        ).toEqual(CATCH_RANGES);
      }
  });

  it("each dnd5e or pf2e result is that system's item in the same language: uuid, name, img", () => {
    for (const lang of LANGS)
      for (const system of ["dnd5e", "pf2e"]) {
        for (const r of tableOf(lang, system).results as Doc[]) {
          const uuid = r.documentUuid as string;
          const where = `${lang} ${system} ${catchId(r)}`;
          expect(r.type, where).toBe("document");
          expect(uuid, where).toMatch(
            new RegExp(`^Compendium\\.${MODULE_ID}\\.kolikoly-catch-${system}\\.Item\\.\\w{16}$`),
          );
          const item = resolve(uuid);
          expect(item, `${where}: ${uuid}`).toBeTruthy();
          expect(langOf(item!), where).toBe(lang);
          expect(catchId(item!), where).toBe(catchId(r));
          expect([r.name, r.img], where).toEqual([item!.name, item!.img]);
        }
      }
  });

  it("the any-system table is text: each result a name and a description, no document", () => {
    for (const lang of LANGS) {
      const items = byLang("kolikoly-catch-dnd5e", lang);
      (tableOf(lang, "any").results as Doc[]).forEach((r, i) => {
        const where = `${lang} any ${catchId(r)}`;
        expect(r.type, where).toBe("text");
        expect(r.documentUuid ?? null, where).toBeNull();
        expect([r.name, r.img], where).toEqual([items[i]!.name, items[i]!.img]);
        expect(r.description, where).toBe(
          (items[i]!.system as { description: { value: string } }).description.value,
        );
      });
    }
  });

  it("the dnd5e items are dnd5e loot: a loot type dnd5e lists, quantity, weight, price, rarity", () => {
    const items = primaries("kolikoly-catch-dnd5e");
    expect(items).toHaveLength(CATCH.length * LANGS.length);
    const kinds: Record<string, string> = {};
    for (const it of items) {
      const where = `${it._id} (${catchId(it)})`;
      expect(it.type, where).toBe("loot");
      const s = it.system as {
        description: { value: string; chat: string };
        quantity: number;
        weight: { value: number; units: string };
        price: { value: number; denomination: string };
        rarity: string;
        type: { value: string; subtype: string };
        identified: boolean;
      };
      expect(DND5E_LOOT_TYPES, where).toContain(s.type.value);
      expect(s.quantity, where).toBe(1);
      expect(s.weight.value >= 0 && DND5E_WEIGHT_UNITS.includes(s.weight.units), where).toBe(true);
      expect(s.price.value >= 0 && DND5E_CURRENCIES.includes(s.price.denomination), where).toBe(
        true,
      );
      expect(DND5E_RARITIES, where).toContain(s.rarity);
      expect(s.description.value, where).toMatch(html);
      expect(s.identified, where).toBe(true);
      kinds[catchId(it)] = s.type.value;
    }
    // fish are trade goods (dnd5e's own chicken is one), the boot junk, the ring treasure
    expect(kinds).toEqual({
      perch: "trade",
      trout: "trade",
      eel: "trade",
      boot: "junk",
      ring: "treasure",
    });
  });

  it("the pf2e items are pf2e treasure: category, quantity, bulk, price, level, traits, size", () => {
    const items = primaries("kolikoly-catch-pf2e");
    expect(items).toHaveLength(CATCH.length * LANGS.length);
    for (const it of items) {
      const where = `${it._id} (${catchId(it)})`;
      expect(it.type, where).toBe("treasure");
      const s = it.system as Record<string, unknown> & {
        category: string | null;
        quantity: number;
        bulk: { value: number };
        price: { value: Record<string, number> };
        level: { value: number };
        traits: { value: string[]; rarity: string; otherTags: string[] };
        description: { value: string; gm: string };
        size: string;
      };
      if (s.category !== null) expect(PF2E_TREASURE_CATEGORIES, where).toContain(s.category);
      // a coin would be folded into the purse on pickup (TreasurePF2e#isCoinage)
      expect(s.category, where).not.toBe("coin");
      expect(s.quantity, where).toBe(1);
      expect(s.bulk.value === 0.1 || Number.isInteger(s.bulk.value), where).toBe(true);
      const coins = Object.entries(s.price.value);
      expect(coins.length, where).toBeGreaterThan(0);
      for (const [coin, n] of coins) {
        expect(PF2E_COINS, where).toContain(coin);
        expect(Number.isInteger(n) && n >= 0, `${where}: ${coin}`).toBe(true);
      }
      expect(Number.isInteger(s.level.value) && s.level.value >= 0 && s.level.value <= 30).toBe(
        true,
      );
      expect(
        s.traits.value.every((t) => t === "precious"),
        where,
      ).toBe(true);
      expect(PF2E_RARITIES, where).toContain(s.traits.rarity);
      expect(PF2E_SIZES, where).toContain(s.size);
      expect(s.description.value, where).toMatch(html);
      expect(typeof s.description.gm, where).toBe("string");
      expect("stackGroup" in s || "usage" in s, `${where}: pf2e 6 fields`).toBe(false);
    }
  });

  it("every language has the same catch, translated: items, tables and results", () => {
    const itemShape = (name: string, lang: Lang) =>
      byLang(name, lang).map((it) => {
        const { description: _d, ...system } = it.system as Record<string, unknown>;
        return [flag(it, "catch"), it.type, it.img, system];
      });
    for (const name of ITEM_PACKS) {
      expect(byLang(name, "en").map(catchId), name).toEqual(CATCH);
      for (const lang of LANGS)
        expect(itemShape(name, lang), `${name} ${lang}`).toEqual(itemShape(name, "en"));
    }
    // the same names in both systems' packs
    for (const lang of LANGS)
      expect(byLang("kolikoly-catch-pf2e", lang).map((it) => it.name)).toEqual(
        byLang("kolikoly-catch-dnd5e", lang).map((it) => it.name),
      );
    // results alike but for their words, each document result naming this language's item
    const resultShape = (lang: Lang) =>
      tables(lang).map((t) =>
        (t.results as Doc[]).map((r) => [
          r.type,
          r.range,
          r.weight,
          r.img,
          flag(r, "catch"),
          (r.documentUuid as string | undefined)?.replace(`.Item.${lang}`, ".Item.<lang>"),
        ]),
      );
    for (const lang of LANGS) expect(resultShape(lang), lang).toEqual(resultShape("en"));
    for (const lang of ["fr", "de"] as const) {
      for (const name of ITEM_PACKS)
        byLang(name, lang).forEach((it, i) => {
          const en = byLang(name, "en")[i]!;
          const text = (d: Doc) =>
            (d.system as { description: { value: string } }).description.value;
          expect(it.name, `${name} ${lang} ${catchId(it)}`).not.toBe(en.name);
          expect(text(it), `${name} ${lang} ${catchId(it)}`).not.toBe(text(en));
        });
      tables(lang).forEach((t, i) => {
        const en = tables("en")[i]!;
        expect(t.name).not.toBe(en.name);
        expect(t.description).not.toBe(en.description);
        expect([t.formula, t.img, t.replacement, t.displayRoll]).toEqual([
          en.formula,
          en.img,
          en.replacement,
          en.displayRoll,
        ]);
      });
    }
  });
});
