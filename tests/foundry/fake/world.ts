/** A table for the tests: one GM and two players, each with a fisher's token on one scene. */
import type { Coord, Declaration, LakeView } from "../../../src/rules/index.ts";
import { adjacent, neighbours, Xoshiro128, seedState } from "../../../src/rules/index.ts";
import { FakeClient } from "./client.ts";
import { FakeServer } from "./server.ts";

export interface Table {
  readonly server: FakeServer;
  readonly gm: FakeClient;
  readonly players: readonly [FakeClient, FakeClient];
  readonly sceneId: string;
  /** Fisher tokens, one per fisher; the first two are the players'. */
  readonly tokenIds: string[];
  readonly actorIds: string[];
}

/** A fisher's token as the table's scenes hold it: a linked, visible 1x1 token at the origin. */
export function fisherToken(name: string, actorId: string) {
  return {
    name,
    x: 0,
    y: 0,
    width: 1,
    height: 1,
    elevation: 0,
    actorId,
    actorLink: true,
    hidden: false,
  };
}

export async function makeTable(
  opts: { generation?: 13 | 14; fishers?: number; seed?: number } = {},
): Promise<Table> {
  const server = new FakeServer();
  server.reset();
  server.generation = opts.generation ?? 13;
  const gmId = server.addUser("Gamemaster", true);
  const p1 = server.addUser("Ana's player", false);
  const p2 = server.addUser("Bo's player", false);
  const n = opts.fishers ?? 2;
  const actorIds: string[] = [];
  const tokens = [];
  for (let i = 0; i < n; i++) {
    const owner = i === 0 ? [p1] : i === 1 ? [p2] : [];
    const name = ["Ana", "Bo", "Cy", "Di", "Ed", "Fa", "Gu", "Ha"][i] ?? `F${i}`;
    const actorId = server.addActor(name, "character", owner);
    actorIds.push(actorId);
    tokens.push(fisherToken(name, actorId));
  }
  const sceneId = server.addScene("Mirror lake", tokens);
  const seed = opts.seed ?? 7;
  const gm = new FakeClient(server, gmId, seed);
  const a = new FakeClient(server, p1, seed + 1);
  const b = new FakeClient(server, p2, seed + 2);
  await gm.connect();
  await a.connect();
  await b.connect();
  const tokenIds = gm.scene(sceneId)!.tokens.map((t) => t._id);
  return { server, gm, players: [a, b], sceneId, tokenIds, actorIds };
}

/** A player's pick from what their fisher's player may see (a simple random strategy). */
export function randomDeclaration(
  view: LakeView,
  fisher: string,
  rng: Xoshiro128,
): Declaration | undefined {
  const me = view.fishers.find((f) => f.id === fisher);
  if (!me || me.condition !== "ok") return undefined;
  const near = neighbours(view.lake, me.at);
  const pick = (): Coord => near[rng.die(near.length) - 1]!;
  const here = view.swarms.some(
    (s) => s.at[0] === me.at[0] && s.at[1] === me.at[1] && s.at[2] === me.at[2],
  );
  switch (rng.die(here ? 5 : 4)) {
    case 1:
      return { action: "catch" };
    case 2:
      return { action: "track", target: pick() };
    case 3:
    case 5:
      return here ? { action: "catch" } : { action: "move", to: pick() };
    default: {
      const to = pick();
      return adjacent(view.lake, me.at, to) ? { action: "herd", toward: to } : undefined;
    }
  }
}

export function rngFor(seed: number): Xoshiro128 {
  return new Xoshiro128(seedState(seed));
}
