/**
 * v14 Scene Levels (issue 9): a lake laid out "in place" puts each lake level's tokens on its own
 * Scene Level. A token's level is its `level` field (TokenData.level, a Level document id; API
 * docs v14), so stacking by elevation alone would show every lake level's tokens on one.
 */
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../src/foundry/constants.ts";
import { publicLakeOf } from "../../src/foundry/projection.ts";
import { FakeClient } from "./fake/client.ts";
import { FakeServer } from "./fake/server.ts";
import { fisherToken } from "./fake/world.ts";

async function table(levels: number) {
  const server = new FakeServer();
  server.reset();
  server.generation = 14;
  const gm = server.addUser("Gamemaster", true);
  const actor = server.addActor("Ana", "character", []);
  const scene = server.addScene(
    "Deep lake",
    [fisherToken("Ana", actor)],
    undefined,
    Array.from({ length: levels }, (_, i) => ({
      name: `Level ${i}`,
      bottom: -10 * i,
      top: -10 * i + 9,
    })),
  );
  const client = new FakeClient(server, gm);
  await client.connect();
  return { server, client, scene };
}

describe("v14 Scene Levels (issue 9)", () => {
  test("K1, K2: each lake level's tokens carry their Scene Level's id and sit at its elevation", async () => {
    const { client, scene } = await table(3);
    const host = client.runtime!.host;
    const token = client.scene(scene)!.tokens[0]!;
    const r = await host.createLake({
      sceneId: scene,
      name: "Deep",
      lake: { width: 2, height: 2, levels: 3, verticalAdjacency: true },
      origin: { col: 0, row: 0 },
      layout: "scene-levels",
      fishers: [{ tokenId: token._id, at: [0, 0, 0] }],
      squares: [
        { at: [1, 0, 0], swarms: [3] }, // not Ana's start square, which holds no fish (K3)
        { at: [1, 1, 2], swarms: [4] },
      ],
    });
    if (!r.ok) throw new Error(r.error.code);
    const levels = client.scene(scene)!.levels!;
    const pub = publicLakeOf(client.scene(scene)!, r.value.id)!;
    // lake level 0 (the surface) on the highest Scene Level, deeper ones below
    expect(pub.sceneLevels).toEqual([
      { id: levels[0]!.id, elevation: 0 },
      { id: levels[1]!.id, elevation: -10 },
      { id: levels[2]!.id, elevation: -20 },
    ]);
    const ana = client.scene(scene)!.tokens.find((t) => t._id === token._id)!;
    expect([ana.level, ana.elevation]).toEqual([levels[0]!.id, 0]);
    // K20: fishers see the swarm on their square once the round explores it; force both seen
    const session = host.cached(r.value.id)!;
    for (const w of session.state.swarms) w.seen = true;
    await host.reconcile(r.value.id);
    const swarms = client.scene(scene)!.tokens.filter((t) => t.flags?.[MODULE_ID]);
    expect(swarms.length).toBe(2);
    for (const s of swarms) {
      const at = (s.flags![MODULE_ID] as { at: number[] }).at;
      expect(s.level).toBe(pub.sceneLevels![at[2]!]!.id);
      expect(s.elevation).toBe(pub.sceneLevels![at[2]!]!.elevation);
    }
  });

  test("a lake with more levels than the scene has is refused, named, and nothing is written", async () => {
    const { server, client, scene } = await table(2);
    const token = client.scene(scene)!.tokens[0]!;
    const before = server.requests.length;
    const r = await client.runtime!.host.createLake({
      sceneId: scene,
      name: "Too deep",
      lake: { width: 2, height: 2, levels: 3, verticalAdjacency: true },
      origin: { col: 0, row: 0 },
      layout: "scene-levels",
      fishers: [{ tokenId: token._id, at: [0, 0, 0] }],
    });
    expect(r).toMatchObject({ ok: false, error: { code: "notEnoughLevels", field: "layout" } });
    expect(server.requests.length).toBe(before);
  });
});
