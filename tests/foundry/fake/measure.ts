/**
 * Shared by the write-count tests and bench/foundry.ts: a lake with a given number of fishers
 * and prepared swarms, random legal declarations, and the write requests each round costs.
 */
import type { Coord } from "../../../src/rules/index.ts";
import { neighbours, viewFor } from "../../../src/rules/index.ts";
import type { LakeHost } from "../../../src/foundry/fishing/host.ts";
import type { Table } from "./world.ts";
import { makeTable, randomDeclaration, rngFor } from "./world.ts";

export async function setUpLake(
  t: Table,
  swarms: number,
  width = 6,
): Promise<{ host: LakeHost; id: string }> {
  const host = t.gm.runtime!.host;
  const squares: { at: Coord; swarms: number[] }[] = [];
  for (let i = 0; i < swarms; i++) {
    const at: Coord = [i % width, 1 + (Math.floor(i / width) % (width - 1)), 0];
    const sq = squares.find((s) => s.at.join() === at.join());
    if (sq) sq.swarms.push(5 + (i % 4));
    else squares.push({ at, swarms: [5 + (i % 4)] });
  }
  const r = await host.createLake({
    sceneId: t.sceneId,
    name: "Mirror lake",
    lake: { width, height: width, levels: 2, verticalAdjacency: true },
    origin: { col: 0, row: 0 },
    fishers: t.tokenIds.map((tokenId, i) => ({ tokenId, at: [i % width, 0, 0] as Coord })),
    squares,
    seed: 3,
  });
  if (!r.ok) throw new Error(r.error.code);
  return { host, id: r.value.id };
}

export async function declareAll(host: LakeHost, id: string, seed: number): Promise<void> {
  const rng = rngFor(seed);
  const s = host.cached(id)!;
  for (const f of s.state.fishers) {
    const d = randomDeclaration(viewFor(s.state, { fisher: f.id }), f.id, rng);
    if (d) await host.setDeclaration(id, f.id, d);
  }
}

/** Document write requests per resolved round (the resolution only: declarations are separate). */
export async function writesPerRound(
  generation: 13 | 14,
  fishers: number,
  swarms: number,
  rounds = 12,
): Promise<number[]> {
  const t = await makeTable({ generation, fishers, seed: 9 });
  const { host, id } = await setUpLake(t, swarms);
  const out: number[] = [];
  for (let r = 0; r < rounds && !host.cached(id)!.state.over; r++) {
    await declareAll(host, id, r);
    const before = t.server.requests.length;
    const res = await host.resolveRound(id);
    if (!res.ok) throw new Error(res.error.code);
    out.push(t.server.requests.length - before);
  }
  return out;
}

/**
 * A long game (issue 20 item 5): every fisher tracks a square next to them each round (no catch,
 * so the lake never empties), then the round is resolved; `each` runs after every round.
 */
export async function playLong(
  t: Table,
  rounds: number,
  each: (round: number) => void = () => undefined,
): Promise<{ host: LakeHost; id: string }> {
  const { host, id } = await setUpLake(t, 3);
  for (let r = 1; r <= rounds; r++) {
    const s = host.cached(id)!;
    for (const f of s.state.fishers) {
      const me = viewFor(s.state, { fisher: f.id }).fishers.find((x) => x.id === f.id)!;
      if (me.condition !== "ok") continue;
      const near = neighbours(s.state.lake, me.at);
      const d = await host.setDeclaration(id, f.id, {
        action: "track",
        target: near[(r + f.id.length) % near.length]!,
      });
      if (!d.ok) throw new Error(d.error.code);
    }
    const res = await host.resolveRound(id);
    if (!res.ok) throw new Error(res.error.code);
    each(r);
  }
  return { host, id };
}

/**
 * Issue 20 item 6: a world whose chat holds a lake's cards (`rounds` resolved rounds) and, beside
 * the lake's scene, `extraScenes` scenes of 100 tokens each.
 */
export async function cardWorld(extraScenes: number, rounds: number): Promise<Table> {
  const t = await makeTable({ fishers: 2, seed: 4 });
  const { host, id } = await setUpLake(t, 4, 4);
  for (let r = 0; r < rounds; r++) {
    await declareAll(host, id, 40 + r);
    const res = await host.resolveRound(id);
    if (!res.ok) throw new Error(res.error.code);
  }
  for (let s = 0; s < extraScenes; s++)
    t.server.addScene(
      `Scene ${s}`,
      Array.from({ length: 100 }, (_, i) => ({
        name: `Token ${i}`,
        x: (i % 10) * 100,
        y: Math.floor(i / 10) * 100,
        width: 1,
        height: 1,
        elevation: 0,
        actorId: t.actorIds[i % t.actorIds.length]!,
        actorLink: false,
        hidden: false,
      })),
    );
  // everyone logs in again: the new scenes are in the world data
  await t.gm.reload();
  for (const p of t.players) await p.reload();
  return t;
}
