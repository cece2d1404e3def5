/**
 * The system actors each fake client holds in the players' tests: dnd5e's Ana and Bo with roll
 * methods that post through that client (tests/fixtures/systems), their dice drawn through that
 * client's dice fulfillment (fake/dice.ts), a d20's random face from one queue shared by every
 * client, as a real table's dice are one sequence in time.
 */
import { expect } from "vitest";
import type { ActorLike } from "../../../src/foundry/systems/types.ts";
import { dnd5eAna, dnd5eBo } from "../../fixtures/systems/dnd5e.ts";
import type { SystemFakeOptions } from "../../fixtures/systems/system-fakes.ts";
import { withDnd5eRolls } from "../../fixtures/systems/system-fakes.ts";
import type { PlayerClient, PlayerServer, PlayerTable } from "./fake-players.ts";

/**
 * The stand-in release a fake table's system actors imitate: the server's game.system.version
 * and generation (makePlayerTable sets the release tables run on each generation).
 */
export function standIn(
  server: PlayerServer,
): Pick<SystemFakeOptions, "dnd5e" | "pf2e" | "generation"> {
  const v = server.systemVersion;
  const generation = server.generation >= 14 ? 14 : 13;
  return {
    generation,
    dnd5e: v.startsWith("6.") ? "6.0.6" : v.startsWith("4.") ? "4.4.4" : "5.3.3",
    pf2e: v.startsWith("8.") ? "8.5.1" : "7.12.2",
  };
}

/**
 * test-only: the stand-in options of a system actor held by client `c`: posts through it, its
 * Hooks.call / callAll, its dice (fake/dice.ts), its ChatMessage#delete, the table's release;
 * a d20's random face from `d20`.
 */
export function standInOn(
  c: PlayerClient,
  server: PlayerServer,
  d20: () => number,
): SystemFakeOptions {
  return {
    ...standIn(server),
    // dnd5e's BasicRoll.toMessage falls back to the user's mode setting
    post: (d, m) => c.postRoll(d, m),
    d20,
    userId: () => c.userId,
    callAll: (h, ...a) => c.hooks.callAll(h, ...a),
    call: (h, ...a) => c.hooks.call(h, ...a),
    dice: c.clientDice,
    deleteMessage: (id) => c.deleteMessage(id),
  };
}

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
        standInOn(c, t.server, d20),
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

/**
 * Round 1 as the roll tests set it up: Ana tracks to [1, 1, 0] (a Survival check), Bo catches
 * (an attack with the net), and the GM locks the round, which posts the roll card.
 */
export async function declareTrackAndCatch(t: PlayerTable, lake: string): Promise<void> {
  const declarations = [
    { fisher: "f1", declaration: { action: "track", target: [1, 1, 0] } },
    { fisher: "f2", declaration: { action: "catch" } },
  ] as const;
  for (const [i, d] of declarations.entries())
    expect(await t.players[i]!.wiring!.player.declare({ lake, round: 1, ...d })).toMatchObject({
      ok: true,
    });
  expect(await t.gm.wiring!.gm.lock(lake)).toMatchObject({ ok: true });
}
