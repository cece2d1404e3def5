/**
 * The system actors each fake client holds in the players' tests: dnd5e's Ana and Bo with roll
 * methods that post through that client (tests/fixtures/systems), their d20 faces drawn from one
 * queue shared by every client, as a real table's dice are one sequence in time.
 */
import type { ActorLike } from "../../../src/foundry/systems/types.ts";
import { dnd5eAna, dnd5eBo } from "../../fixtures/systems/dnd5e.ts";
import { withDnd5eRolls } from "../../fixtures/systems/system-fakes.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";

export function dnd5eActors(t: PlayerTable, faces: number[] | (() => number)): void {
  const queue = Array.isArray(faces) ? [...faces] : [];
  const d20 = Array.isArray(faces) ? () => queue.shift() ?? 10 : faces;
  const fixtures: ActorLike[] = [
    { ...dnd5eAna, id: t.actorIds[0]! },
    { ...dnd5eBo, id: t.actorIds[1]! },
  ];
  for (const c of [t.gm, t.gm2, ...t.players]) {
    for (const f of fixtures) {
      const actor = withDnd5eRolls(
        { ...f, items: structuredClone([...(f.items ?? [])]) },
        {
          // dnd5e's BasicRoll.toMessage falls back to the user's core rollMode setting
          post: (d, m) => c.postRoll(d, m ?? c.mode),
          d20,
          userId: () => c.userId,
          callAll: (h, ...a) => c.hooks.callAll(h, ...a),
        },
      );
      c.attachActor(f.id!, actor);
    }
  }
}

/**
 * Lets queued hook handlers (fire-and-forget in Foundry) finish: a few turns of the event loop
 * and every client's GM desk queue.
 */
export async function settleClients(clients: readonly PlayerClient[]): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await new Promise((r) => setTimeout(r, 0));
    for (const c of clients) await c.wiring?.gm.idle();
  }
}
