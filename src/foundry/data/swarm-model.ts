/**
 * The swarm: a module Actor sub-type (`kolikoly-fishing.swarm`, K4) whose `fish {value, max}`
 * drives the token bar (bar1 = "fish", paths relative to actor.system; foundry-notes.md).
 * Registered from a type-to-class map at init (dnd5e's pattern).
 */
import { SWARM_TYPE } from "../constants.ts";

const fields = foundry.data.fields;

function swarmSchema() {
  return {
    fish: new fields.SchemaField({
      value: new fields.NumberField({
        required: true,
        nullable: false,
        integer: true,
        min: 0,
        initial: 7,
      }),
      max: new fields.NumberField({
        required: true,
        nullable: false,
        integer: true,
        min: 0,
        initial: 7,
      }),
    }),
  };
}

export type SwarmSchema = ReturnType<typeof swarmSchema>;

export class SwarmData extends foundry.abstract.TypeDataModel<SwarmSchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["KOLIKOLY.Foundry.Swarm"];

  static override defineSchema(): SwarmSchema {
    return swarmSchema();
  }
}

/** Actor sub-types this module adds, by their runtime type name. */
export const ACTOR_MODELS = { [SWARM_TYPE]: SwarmData } as const;

/**
 * Registers the sub-type and its token bar. dnd5e (and other systems) replace
 * CONFIG.Actor.trackableAttributes with their own map; we add our key to whatever is there
 * rather than reassigning it, so the bar menu offers `fish` (foundry-notes.md, Documents).
 */
export function registerSwarm(): void {
  const cfg = CONFIG.Actor as unknown as {
    dataModels: Record<string, unknown>;
    trackableAttributes: Record<string, { bar: string[]; value: string[] }>;
  };
  for (const [type, model] of Object.entries(ACTOR_MODELS)) cfg.dataModels[type] = model;
  cfg.trackableAttributes ??= {};
  cfg.trackableAttributes[SWARM_TYPE] = { bar: ["fish"], value: [] };
}
