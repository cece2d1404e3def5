/**
 * J6, J9: a Kayanak board's catch in the fishers' characters (core/haul.ts), played by the
 * players' requests in the fake. The oracle is the engine's score: a big fish is two draws, a
 * small one one, so with one item as the catch each character holds exactly its J9 points.
 */
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import type { PlayerTable } from "../players/fake-players.ts";
import { board, playToEnd, view } from "./fixtures.ts";

const PERCH = "Item.perch0000000000";

function setUp(t: PlayerTable): void {
  // a world Item (v13 common/documents/item.mjs), dnd5e-shaped loot
  t.server.addDocument(PERCH, "Item", {
    _id: "perch0000000000",
    name: "Ice perch",
    type: "loot",
    system: { quantity: 1, type: { value: "trade" } },
  });
}

function held(t: PlayerTable, fisher: number): number {
  const a = t.server.truth.actors.find((x) => x._id === t.actorIds[fisher])!;
  return (a.items ?? [])
    .filter((i) => i.name === "Ice perch")
    .reduce((n, i) => n + (i.system.quantity as number), 0);
}

describe("J9: the catch of a Kayanak board lands in the characters' inventories", () => {
  for (const generation of [13, 14] as const)
    test(`v${generation}: each character holds its points in perch; undo takes the last turn's back; the end card lists the haul`, async () => {
      const t = await makePlayerTable({ generation });
      setUp(t);
      const id = await board(t, { catch: PERCH });
      await playToEnd(t, id, 5);
      const end = view(t.gm, id, t.sceneId);
      expect(end.over).toBe(true);
      const points = (f: string) => {
        const s = view(t.gm, id, t.sceneId).fishers.find((x) => x.id === f)!;
        return s.big * 2 + s.small;
      };
      expect(points("f1") + points("f2")).toBeGreaterThan(0);
      expect(held(t, 0)).toBe(points("f1"));
      expect(held(t, 1)).toBe(points("f2"));
      const card = t.server.truth.messages.find(
        (m) => (m.flags[MODULE_ID] as { card?: string } | undefined)?.card === "end",
      )!;
      if (points("f1")) expect(card.content).toContain(`Ana: ${points("f1")} × Ice perch`);
      // undo the last turn: its fish are taken back
      expect((await t.gm.runtime!.kayanak.undoTurn(id)).ok).toBe(true);
      expect(held(t, 0)).toBe(points("f1"));
      expect(held(t, 1)).toBe(points("f2"));
    });
});
