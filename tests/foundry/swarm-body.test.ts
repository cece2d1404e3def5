/**
 * K4 under pf2e (issue 9): pf2e's Actor class refuses module sub-types (ActorProxyPF2e), so a
 * lake there makes its swarms pf2e hazards whose hit points are the fish; elsewhere the module's
 * own swarm type. Either way the token's bar is the fish count.
 */
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import { publicLakeOf } from "../../src/foundry/fishing/projection.ts";
import { fishAt, fishSystem } from "../../src/foundry/core/swarm-body.ts";
import { setUpLake, declareAll } from "./fake/measure.ts";
import { makeTable } from "./fake/world.ts";

describe("K4 the swarm's body per system (issue 9)", () => {
  test("fish at a bar path, written and read back", () => {
    expect(fishSystem("fish", 3, 7)).toEqual({ fish: { value: 3, max: 7 } });
    expect(fishSystem("attributes.hp", 3, 7)).toEqual({ attributes: { hp: { value: 3, max: 7 } } });
    expect(fishAt(fishSystem("attributes.hp", 3, 7), "attributes.hp")).toEqual({
      value: 3,
      max: 7,
    });
    expect(fishAt({ fish: { value: 1 } }, "fish")).toBeUndefined();
  });

  test("K4, K9: a system that refuses module actor types gets hazard swarms whose hit points are the fish", async () => {
    for (const refuses of [false, true]) {
      const t = await makeTable({ fishers: 2 });
      t.server.refusesModuleTypes = refuses;
      const { host, id } = await setUpLake(t, 6, 4);
      for (let round = 1; round <= 8; round++) {
        await declareAll(host, id, round);
        expect((await host.resolveRound(id)).ok).toBe(true);
      }
      const scene = t.players[0].scene(t.sceneId)!;
      const pub = publicLakeOf(scene, id)!;
      const actor = t.server.truth.actors.find((a) => a._id === pub.swarmActorId)!;
      expect(actor.type).toBe(refuses ? "hazard" : `${MODULE_ID}.swarm`);
      const bar = refuses ? "attributes.hp" : "fish";
      const session = host.cached(id)!;
      const swarms = scene.tokens.filter((x) => x.flags?.[MODULE_ID]);
      expect(swarms.length).toBeGreaterThan(0);
      for (const s of swarms) {
        expect(s.bar1).toEqual({ attribute: bar });
        const w = session.state.swarms.find(
          (x) => host.alias(id)(x.id) === (s.flags![MODULE_ID] as { swarm: string }).swarm,
        )!;
        expect(fishAt(s.delta?.system, bar)).toEqual({ value: w.fish, max: w.max });
      }
    }
  });
});
