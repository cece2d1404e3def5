/**
 * updateCombat (issue 11): a Kayanak board's combat tracker moved. Every client hears it
 * (API docs v13, hookEvents.updateDocument: `updateCombat(document, changed, options, userId)`);
 * the active GM's puts a tracker moved by hand (next/previous turn, Combat#nextTurn in v13
 * client/documents/combat.mjs) back on the board's current fisher (KayanakHost#trackerMoved).
 */
import type { Runtime } from "../runtime.ts";
import type { HookSink } from "./hook-list.ts";

export function listen(rt: () => Runtime, hooks: HookSink): void {
  hooks.on("updateCombat", (combat: Combat.Implementation, changed: object) => {
    const r = rt();
    if (!r.kayanak.isAuthority()) return;
    void r.kayanak.trackerMoved(
      {
        id: combat.id,
        // the `scene` field (a ForeignDocumentField): the Scene on a client, its id in the source
        scene: sceneIdOf(combat.scene as unknown),
        round: combat.round,
        turn: combat.turn,
        flags: combat.flags as Record<string, unknown>,
      },
      changed as Record<string, unknown>,
    );
  });
}

function sceneIdOf(scene: unknown): string | null {
  if (typeof scene === "string") return scene;
  const id = (scene as { id?: unknown } | null)?.id;
  return typeof id === "string" ? id : null;
}
