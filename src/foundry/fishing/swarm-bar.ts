/**
 * Where the swarm's `fish` bar is declared (K4: the token's bar is its fish count). Foundry v13
 * (client/documents/token.mjs, TokenDocument.getTrackedAttributes and
 * _getConfiguredTrackedAttributes) reads CONFIG.Actor.trackableAttributes only when it is not
 * empty: then an actor type with no entry of its own gets the union of every configured type.
 * When it is empty, Foundry infers the bars from each type's data model, where `fish
 * {value, max}` is a bar already. So the key is added only to a map the system filled itself
 * (dnd5e, pf2e): in an empty one it would become the only bar every other actor type offers.
 */
import { SWARM_TYPE } from "../core/constants.ts";

export type TrackableAttributes = Record<string, { bar: string[]; value: string[] }>;

/** Adds the swarm's bar to a system's non-empty map, in place (never reassigned). */
export function addSwarmBar(trackable: TrackableAttributes | undefined | null): boolean {
  if (!trackable || Object.keys(trackable).length === 0) return false;
  trackable[SWARM_TYPE] = { bar: ["fish"], value: [] };
  return true;
}
