/**
 * The catch with the module's own compendium (packs/_source/kolikoly-catch*): the tables and
 * items as shipped, loaded into the fake by UUID the way fromUuid finds them, played through a
 * lake in each system and language the packs hold. Not a fixture written for the code: the data
 * a GM's world receives.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import { moduleTableId } from "../../src/foundry/apps/wizard-catch.ts";
import type { Table } from "./fake/world.ts";
import { makeTable } from "./fake/world.ts";
import { createLakeViaWizard } from "./fake/wizard.ts";
import { declareAll } from "./fake/measure.ts";

const SOURCE = path.resolve(import.meta.dirname, "../../packs/_source");
type Doc = Record<string, unknown> & { _id: string; _key: string; name: string };

function docs(pack: string): Doc[] {
  return fs
    .readdirSync(path.join(SOURCE, pack))
    .filter((f) => f.endsWith(".yml") && !f.startsWith("folder-"))
    .map((f) => parse(fs.readFileSync(path.join(SOURCE, pack, f), "utf8")) as Doc);
}

const flag = (d: Doc) => (d.flags as Record<string, Record<string, unknown>>)[MODULE_ID]!;

/** Every catch table and item as fromUuid finds it in a world with the module. */
function shipCatch(t: Table): void {
  for (const pack of ["kolikoly-catch-dnd5e", "kolikoly-catch-pf2e"])
    for (const d of docs(pack)) {
      const { _key: _k, ...source } = d;
      t.server.addDocument(`Compendium.${MODULE_ID}.${pack}.Item.${d._id}`, "Item", source);
    }
  for (const d of docs("kolikoly-catch")) {
    const { _key: _k, ...source } = d;
    t.server.addDocument(
      `Compendium.${MODULE_ID}.kolikoly-catch.RollTable.${d._id}`,
      "RollTable",
      source,
    );
  }
}

describe("the module's catch compendium", () => {
  test("the wizard offers, for each system and language, the table the pack holds for it", () => {
    const tables = docs("kolikoly-catch");
    expect(tables.length).toBe(9);
    for (const d of tables) {
      const f = flag(d);
      const system = (f.catchTable as { system: string }).system;
      // "any": the table a system with none of its own is offered (here: a world of "cowboys")
      expect(moduleTableId(system === "any" ? "cowboys" : system, String(f.lang))).toBe(d._id);
    }
    // a language the packs do not hold falls back to English
    expect(moduleTableId("dnd5e", "pt-BR")).toBe("kolikolyCatDndEn");
  });

  for (const [system, lang, type] of [
    ["dnd5e", "en", "loot"],
    ["dnd5e", "de", "loot"],
    ["pf2e", "fr", "treasure"],
    ["any", "en", undefined],
  ] as const)
    test(`K13 with the shipped ${system} table (${lang}): the fish become the system's own ${type ?? "card lines"}, chosen in the wizard`, async () => {
      const t = await makeTable({ generation: 14 });
      shipCatch(t);
      const uuid = `Compendium.${MODULE_ID}.kolikoly-catch.RollTable.${moduleTableId(system === "any" ? "x" : system, lang)}`;
      const made = await createLakeViaWizard(
        t,
        {
          width: "4",
          [`fisher.${t.tokenIds[0]}.x`]: "0",
          [`fisher.${t.tokenIds[1]}.x`]: "1",
          [`fisher.${t.tokenIds[0]}.attack`]: "12",
          [`fisher.${t.tokenIds[1]}.attack`]: "12",
          catch: uuid,
        },
        { catchChoices: [{ uuid, name: "Lake catch" }] },
      );
      if (!made.ok) throw new Error(made.error.code);
      const host = t.gm.runtime!.host;
      const id = made.value.id;
      expect(t.server.truth.store.get(id)!.catch?.entries.length).toBe(5);
      // the players play (a seeded random pick from what each may see) until a net comes up full
      let caught = 0;
      for (let round = 0; round < 60 && caught < 3 && !host.cached(id)!.state.over; round++) {
        await declareAll(host, id, round);
        const r = await host.resolveRound(id);
        if (!r.ok) throw new Error(r.error.code);
        caught = host.cached(id)!.state.fishers.reduce((n, f) => n + f.caught, 0);
      }
      expect(caught).toBeGreaterThan(0);
      const held = t.server.truth.actors.flatMap((a) => a.items ?? []);
      const total = held.reduce((n, i) => n + (i.system.quantity as number), 0);
      if (type) {
        expect(total).toBe(caught);
        for (const i of held) {
          expect(i.type).toBe(type);
          expect(flag(i as unknown as Doc).lang).toBe(lang);
        }
      } else expect(held).toEqual([]);
      if (caught) {
        const card = t.server.truth.messages.find(
          (m) => (m.flags[MODULE_ID] as { kind?: string }).kind === "haul",
        )!;
        expect(card).toBeDefined();
        if (!type) expect(card.content).toContain("×");
      }
    });
});
