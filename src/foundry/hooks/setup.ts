/**
 * setup: what must outlast the game system's own set-up. Foundry loads the system's scripts
 * before the modules' (the order of game.system.esmodules, then each module's, in the page
 * Foundry serves), so the system's `setup` listeners run before this one.
 */
import { SWARM_TYPE } from "../core/constants.ts";
import { refusesModuleTypes } from "../core/swarm-body.ts";
import { registerSwarmBar } from "../fishing/swarm-model.ts";
import type { HookSink } from "./hook-list.ts";
import { withoutTypes } from "../apps/refused-types.ts";

export function listen(hooks: HookSink): void {
  hooks.once("setup", () => {
    // dnd5e reassigns CONFIG.Actor.trackableAttributes in its setup hook (swarm-bar.ts)
    registerSwarmBar();
  });
  // issue 20 item 7: where the system refuses the swarm sub-type (pf2e), no window offers it
  hooks.on("renderApplicationV2", (_app: unknown, element: HTMLElement) => {
    if (refusesModuleTypes(CONFIG)) withoutTypes(element, [SWARM_TYPE]);
  });
}
