/**
 * What a swarm token's actor is, per game system (K4: a swarm is a token whose bar is its fish).
 * - Everywhere it can be: the module's own Actor sub-type (`kolikoly-fishing.swarm`), its fish
 *   in `system.fish {value, max}` (data/swarm-model.ts), with its own sheet.
 * - pf2e constructs only its own actor types: its Actor class is a proxy that throws for any
 *   type missing from CONFIG.PF2E.Actor.documentClasses, module sub-types included (pf2e
 *   src/module/actor/base.ts, ActorProxyPF2e). There the swarm is a pf2e hazard, its fish the
 *   hazard's hit points, a bar pf2e's token config offers (it keeps `attributes.*` paths,
 *   TokenDocumentPF2e.getTrackedAttributes).
 * Which body a lake uses is chosen once, when the lake is made, and kept in its public flag.
 */
import { SWARM_TYPE } from "./constants.ts";

export type { SwarmBody } from "./documents.ts";
import type { SwarmBody } from "./documents.ts";

export const MODULE_BODY: SwarmBody = { type: SWARM_TYPE, bar: "fish" };
export const PF2E_BODY: SwarmBody = { type: "hazard", bar: "attributes.hp" };

/** The body for a world whose Actor class does or does not construct module sub-types. */
export function swarmBody(refusesModuleTypes: boolean): SwarmBody {
  return refusesModuleTypes ? PF2E_BODY : MODULE_BODY;
}

/**
 * Whether the world's Actor class refuses the module's sub-type, read from CONFIG: pf2e's
 * ActorProxyPF2e constructs only the types of CONFIG.PF2E.Actor.documentClasses and throws
 * "Actor type … does not exist and actor module sub-types are not supported" for any other
 * (src/module/actor/base.ts, the proxy's `construct`); no other system here does that.
 */
export function refusesModuleTypes(config: unknown): boolean {
  const classes = (config as { PF2E?: { Actor?: { documentClasses?: object } } } | undefined)?.PF2E
    ?.Actor?.documentClasses;
  return classes !== undefined && !(SWARM_TYPE in classes);
}

/** `{value, max}` at the bar's path of a token's actor delta (`delta.system`). */
export function fishAt(
  system: Readonly<Record<string, unknown>> | undefined,
  bar: string,
): { value: number; max: number } | undefined {
  let v: unknown = system;
  for (const k of bar.split(".")) v = (v as Record<string, unknown> | undefined)?.[k];
  const f = v as { value?: unknown; max?: unknown } | undefined;
  return typeof f?.value === "number" && typeof f.max === "number"
    ? { value: f.value, max: f.max }
    : undefined;
}

/** The delta's `system` that sets the bar to `{value, max}` (nested along the bar's path). */
export function fishSystem(bar: string, value: number, max: number): Record<string, unknown> {
  return bar
    .split(".")
    .reduceRight<Record<string, unknown>>((inner, k) => ({ [k]: inner }), { value, max } as never);
}
