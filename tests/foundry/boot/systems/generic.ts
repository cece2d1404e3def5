/**
 * A generic system (Simple Worldbuilding-like): one actor type, `character`, with a data model
 * (abilities' modifiers, hp); no CONFIG.Actor.trackableAttributes (so Foundry infers token bars
 * from the data models, facts §3), no roll API of its own (the module's generic adapter rolls
 * core `Roll`s from the GM's formulas), and the core actor sheet left in place.
 */
import { globals } from "./globals.ts";

const G = globals();
const { fields } = G.foundry.data;

const ability = () =>
  new fields.SchemaField({
    mod: new fields.NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
  });

class CharacterData extends G.foundry.abstract.TypeDataModel {
  // v13 common/abstract/data.mjs DataModel.defineSchema
  static override defineSchema() {
    return {
      abilities: new fields.SchemaField({ dex: ability(), wis: ability(), con: ability() }),
      hp: new fields.SchemaField({
        value: new fields.NumberField({
          required: true,
          nullable: false,
          integer: true,
          initial: 10,
        }),
        max: new fields.NumberField({
          required: true,
          nullable: false,
          integer: true,
          initial: 10,
        }),
      }),
    };
  }
}

G.Hooks.once("init", () => {
  G.CONFIG.Actor.dataModels.character = CharacterData;
});
