/**
 * setup: what must outlast the game system's own set-up. Foundry loads the system's scripts
 * before the modules' (the order of game.system.esmodules, then each module's, in the page
 * Foundry serves), so the system's `setup` listeners run before this one.
 */
import { registerSwarmBar } from "../fishing/swarm-model.ts";
import type { HookSink } from "./hook-list.ts";

export function listen(hooks: HookSink): void {
  // dnd5e reassigns CONFIG.Actor.trackableAttributes in its setup hook (swarm-bar.ts)
  hooks.once("setup", () => registerSwarmBar());
}
