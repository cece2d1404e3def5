/**
 * The public projection (K19, K20): board shapes from the public lake only, square <-> pixel
 * mapping, and the "last seen" markers built from earlier public tokens, never from the truth.
 */
import { describe, expect, test } from "vitest";
import type { PublicLake } from "../../src/foundry/fishing/projection.ts";
import { JSDOM } from "jsdom";
import { lakePictures } from "../../src/foundry/fishing/lake-art.ts";
import {
  publicLakeOf,
  squareAt,
  squareOrigin,
  swarmFlagOf,
} from "../../src/foundry/fishing/projection.ts";
import { makeTable } from "./fake/world.ts";
import { publicLake } from "./fixtures/public-lake.ts";

const pub: PublicLake = publicLake({
  name: "L",
  lake: { width: 3, height: 2, levels: 2, verticalAdjacency: true },
  origin: { col: 2, row: 1 },
  explored: [0, 4],
});
const grid = { gridSize: 100, sceneX: 50, sceneY: 60 };

describe("board", () => {
  test("K1: levels side by side with a gap, square (0,0) at the origin, every square maps back", () => {
    expect(squareOrigin(pub, grid, [0, 0, 0])).toEqual({ x: 50 + 200, y: 60 + 100, elevation: 0 });
    expect(squareOrigin(pub, grid, [1, 1, 1])).toEqual({
      x: 50 + (2 + 4 + 1) * 100,
      y: 60 + 200,
      elevation: 0,
    });
    for (let l = 0; l < 2; l++)
      for (let y = 0; y < 2; y++)
        for (let x = 0; x < 3; x++) {
          const o = squareOrigin(pub, grid, [x, y, l]);
          expect(squareAt(pub, grid, o.x + 10, o.y + 10)).toEqual([x, y, l]);
        }
    // the gap column and outside the board are no square
    expect(squareAt(pub, grid, 50 + 5 * 100 + 1, 60 + 100)).toBeUndefined();
    expect(squareAt(pub, grid, 0, 0)).toBeUndefined();
    expect(squareOrigin({ ...pub, layout: "scene-levels" }, grid, [1, 1, 1])).toEqual({
      x: 50 + 300,
      y: 60 + 200,
      elevation: -1,
    });
  });

  test("K21: each level a titled picture pinned to its square (0, 0), fog on the 10 unexplored squares, nothing else", () => {
    const pictures = lakePictures(pub, grid, (l) => `Level ${l}`);
    expect(pictures.map((p) => [p.x, p.y, p.elevation])).toEqual([
      [50 + 200, 60 + 100, 0],
      [50 + 600, 60 + 100, 0],
    ]);
    const fogged: string[] = [];
    for (const [l, p] of pictures.entries()) {
      const doc = new JSDOM(p.art.svg, { contentType: "image/svg+xml" }).window.document;
      expect(doc.querySelector(".kolikoly-art__title")?.textContent).toBe(`Level ${l}`);
      fogged.push(
        ...[...doc.querySelectorAll(".kolikoly-sq--fog")].map((g) => g.getAttribute("data-at")!),
      );
      // no token of any kind, no control: the scene's tokens show fishers and swarms
      expect(doc.querySelectorAll(".kolikoly-fisher, .kolikoly-swarm, [tabindex]")).toHaveLength(0);
    }
    // explored [0, 4] are squares [0,0,0] and [1,1,0]
    expect(fogged.sort()).toEqual(
      [
        "2,0,0",
        "0,1,0",
        "2,1,0",
        "0,0,1",
        "1,0,1",
        "2,0,1",
        "0,1,1",
        "1,1,1",
        "2,1,1",
        "1,0,0",
      ].sort(),
    );
  });
});

describe("last-seen markers (K19 setting)", () => {
  test("a swarm that flees out of sight leaves a faded marker where it was last seen, with the count players saw", async () => {
    const t = await makeTable();
    const host = t.gm.runtime!.host;
    const r = await host.createLake({
      sceneId: t.sceneId,
      name: "Pond",
      lake: { width: 3, height: 3, levels: 1, verticalAdjacency: true },
      origin: { col: 0, row: 0 },
      fishers: [
        { tokenId: t.tokenIds[0]!, at: [1, 0, 0] },
        { tokenId: t.tokenIds[1]!, at: [0, 0, 0] },
      ],
      squares: [{ at: [1, 1, 0], swarms: [5] }], // K3: not on a start square
      markers: "lastSeen",
    });
    if (!r.ok) throw new Error(r.error.code);
    const id = r.value.id;
    const swarmTokens = () => t.players[0].scene(t.sceneId)!.tokens.filter((x) => swarmFlagOf(x));
    // round 1: Ana moves quietly onto the swarm (K14 5-16), so it is seen (K20)
    await host.setDeclaration(id, "f1", { action: "move", to: [1, 1, 0] });
    await host.setTotal(id, "f1", { total: 10 });
    expect((await host.resolveRound(id)).ok).toBe(true);
    expect(swarmTokens().map((x) => swarmFlagOf(x))).toEqual([
      { lake: id, swarm: host.alias(id)("s1"), at: [1, 1, 0] },
    ]);
    // round 2: Ana casts and misses; the swarm flees in secret (K11, K19)
    await host.setDeclaration(id, "f1", { action: "catch" });
    await host.setTotal(id, "f1", { total: 2, natural: 2 });
    expect((await host.resolveRound(id)).ok).toBe(true);
    const truth = host.cached(id)!.state.swarms[0]!;
    expect(truth.seen).toBe(false);
    const [marker] = swarmTokens();
    expect(swarmFlagOf(marker!)).toEqual({
      lake: id,
      swarm: host.alias(id)("s1"),
      at: [1, 1, 0],
      stale: true,
    });
    expect(marker!.delta?.system?.fish).toEqual({ value: 5, max: 5 });
    // nothing anywhere on the players' scene says where it went
    expect(truth.at).not.toEqual([1, 1, 0]);
    const o = squareOrigin(
      publicLakeOf(t.players[0].scene(t.sceneId)!, id)!,
      t.players[0].scene(t.sceneId)!,
      truth.at,
    );
    expect(swarmTokens().some((x) => x.x === o.x && x.y === o.y)).toBe(false);
    // round 3: Bo tracks where it went with 10: seen again, the marker becomes its live token
    await host.setDeclaration(id, "f2", { action: "track", target: truth.at });
    await host.setTotal(id, "f2", { total: 10 });
    const f2at = host.cached(id)!.state.fishers[1]!.at;
    expect(Math.max(Math.abs(f2at[0] - truth.at[0]), Math.abs(f2at[1] - truth.at[1]))).toBe(1); // seeded dice: it fled next to Bo
    {
      expect((await host.resolveRound(id)).ok).toBe(true);
      const s1 = swarmTokens().filter((x) => swarmFlagOf(x)!.swarm === host.alias(id)("s1"));
      expect(s1.map((x) => swarmFlagOf(x))).toEqual([
        { lake: id, swarm: host.alias(id)("s1"), at: [...truth.at], stale: false },
      ]);
    }
  });
});
