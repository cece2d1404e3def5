/**
 * The swarm: a module Actor sub-type (`kolikoly-fishing.swarm`, K4) whose `fish {value, max}`
 * drives the token bar (bar1 = "fish", paths relative to actor.system; docs/foundry.md,
 * "Documents").
 * Registered from a type-to-class map at init (dnd5e's pattern).
 */
import { SWARM_TYPE } from "../core/constants.ts";
import type { TrackableAttributes } from "./swarm-bar.ts";
import { addSwarmBar } from "./swarm-bar.ts";

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

/** Registers the sub-type's data model (init). */
export function registerSwarm(): void {
  const cfg = CONFIG.Actor as unknown as { dataModels: Record<string, unknown> };
  for (const [type, model] of Object.entries(ACTOR_MODELS)) cfg.dataModels[type] = model;
}

/**
 * The swarm's token bar (`fish`), registered at `setup`, after the game system's own `setup`
 * (system scripts load before module scripts, so its listeners run first): dnd5e reassigns
 * CONFIG.Actor.trackableAttributes there, which would drop a key added at init.
 */
export function registerSwarmBar(): void {
  const cfg = CONFIG.Actor as unknown as { trackableAttributes?: TrackableAttributes };
  addSwarmBar(cfg.trackableAttributes);
}
