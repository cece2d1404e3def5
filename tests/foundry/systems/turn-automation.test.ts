/**
 * Issue 20 item 7: Kayanak's turn order changes nothing on any actor under dnd5e or pf2e. Both
 * systems run turn automation on the actors of a started Combat at every turn change
 * (fake/systems.ts: Combat5e's uses recovery, EncounterPF2e's end of turn); the board keeps its
 * turn order in its own flag and makes no Combat, so a game of many turns leaves the fishers'
 * actors exactly as they were. The first test of each system shows the stand-in at work on a
 * Combat of the same actors (what Kayanak's earlier Combat of the PCs did to them).
 */
import { describe, expect, test } from "vitest";
import type { ActorDoc } from "../fake/server.ts";
import type { FakeClient } from "../fake/client.ts";
import type { FakeServer } from "../fake/server.ts";
import { combatOfFishers, dnd5eTurns, pf2eTurns } from "../fake/systems.ts";
import type { PlayerTable } from "../players/fake-players.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import { settleClients } from "../players/actors.ts";
import { publicBoardOf } from "../../../src/foundry/kayanak/board.ts";
import { ask, board } from "../kayanak/fixtures.ts";

type Actors = NonNullable<Parameters<typeof makePlayerTable>[0]>["actors"];

const SYSTEMS: {
  id: "dnd5e" | "pf2e";
  install: (s: FakeServer, c: FakeClient) => void;
  actors: Actors;
  /** What the system's turn automation made of the actors after Ana's and Bo's first turns. */
  expected: (before: ActorDoc[]) => ActorDoc[];
}[] = [
  {
    id: "dnd5e",
    install: dnd5eTurns,
    // dnd5e 5.3 item uses (shared/uses-field.mjs: spent, max, recovery [{period, type}]) and an
    // NPC's legendary actions (data/actor/npc.mjs: resources.legact {max, spent})
    actors: [
      {
        items: [
          {
            _id: "itemSecondWind",
            name: "Second Wind",
            type: "feat",
            system: {
              uses: { spent: 1, max: 1, recovery: [{ period: "turnStart", type: "recoverAll" }] },
            },
          },
        ],
      },
      { type: "npc", system: { resources: { legact: { max: 3, spent: 2 } } } },
    ],
    // Ana's turn started: Second Wind back (turnStart, recoverAll); Bo's ended: legact 0 (turnEnd)
    expected: ([ana, bo]) => [
      {
        ...ana!,
        items: [
          {
            ...ana!.items![0]!,
            system: { uses: { ...(ana!.items![0]!.system.uses as object), spent: 0 } },
          },
        ],
      },
      { ...bo!, system: { resources: { legact: { max: 3, spent: 0 } } } },
    ],
  },
  {
    id: "pf2e",
    install: pf2eTurns,
    // a pf2e condition item (src/module/item/condition: system.slug, system.value.value)
    actors: [
      {
        items: [
          {
            _id: "itemFrightened",
            name: "Frightened",
            type: "condition",
            system: { slug: "frightened", value: { value: 2 } },
          },
        ],
      },
      {},
    ],
    // Ana's turn ended: frightened 2 -> 1 (ConditionPF2e#onEndTurn)
    expected: ([ana, bo]) => [
      {
        ...ana!,
        items: [{ ...ana!.items![0]!, system: { slug: "frightened", value: { value: 1 } } }],
      },
      bo!,
    ],
  },
];

async function table(
  id: "dnd5e" | "pf2e",
  actors: Actors,
  install: (s: FakeServer, c: FakeClient) => void,
) {
  const t = await makePlayerTable({ system: id, actors });
  for (const c of [t.gm, ...t.players]) install(t.server, c);
  return t;
}

const actorsOf = (t: PlayerTable) => structuredClone(t.server.truth.actors);

describe("Kayanak's turn order under the systems' turn automation (issue 20 item 7)", () => {
  for (const sys of SYSTEMS) {
    test(`${sys.id}: a Combat of the fishers changes their actors at each turn (the stand-in at work)`, async () => {
      const t = await table(sys.id, sys.actors, sys.install);
      const before = actorsOf(t);
      const combat = combatOfFishers(t);
      // Combat#startCombat, then the tracker's next turn and next round
      t.server.updateCombat(t.userIds.gm, combat, { round: 1, turn: 0 });
      t.server.updateCombat(t.userIds.gm, combat, { round: 1, turn: 1 });
      t.server.updateCombat(t.userIds.gm, combat, { round: 2, turn: 0 });
      await settleClients([t.gm, ...t.players]);
      expect(actorsOf(t)).toEqual(sys.expected(before));
      expect(actorsOf(t)).not.toEqual(before);
    });

    test(`${sys.id}: a Kayanak game of several turns leaves every actor unchanged and makes no Combat`, async () => {
      const t = await table(sys.id, sys.actors, sys.install);
      const before = actorsOf(t);
      const id = await board(t);
      const [pa, pb] = t.players;
      for (let turn = 0; turn < 6; turn++) {
        const v = publicBoardOf(t.gm.scene(t.sceneId)!, id)!.view;
        if (v.over) break;
        const me = v.next!;
        const client = me === "f1" ? pa : pb;
        expect(await ask(client, id, me, v.turn, { kind: "roll" })).toMatchObject({ ok: true });
        expect(await ask(client, id, me, v.turn, { kind: "end" })).toMatchObject({ ok: true });
        await settleClients([t.gm, ...t.players]);
      }
      expect(publicBoardOf(t.gm.scene(t.sceneId)!, id)!.view.turn).toBeGreaterThanOrEqual(4);
      expect(t.server.truth.combats).toEqual([]);
      expect(actorsOf(t)).toEqual(before);
    });
  }
});
