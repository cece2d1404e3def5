/**
 * Issue 10 (small leaks): swarm ids as players see them carry no count or order. The engine
 * numbers swarms s1..sN; everything that reaches a player carries keyed-hash ids instead.
 */
import { describe, expect, test } from "vitest";
import { aliasEvents, aliasFor, newAliasKey } from "../../src/foundry/fishing/aliases.ts";
import type { GameEvent } from "../../src/rules/index.ts";
import { declareAll, setUpLake } from "./fake/measure.ts";
import { makeTable } from "./fake/world.ts";

describe("public swarm ids (issue 10)", () => {
  test("K20: stable per lake, different between lakes, and not in the engine's order", () => {
    const a = aliasFor(newAliasKey());
    const b = aliasFor(newAliasKey());
    expect(a("s1")).toBe(a("s1"));
    expect(a("s1")).not.toBe(b("s1"));
    expect(a("s1")).toMatch(/^w[0-9a-f]{12}$/);
    const ids = Array.from({ length: 40 }, (_, i) => a(`s${i + 1}`));
    expect(new Set(ids).size).toBe(40);
    expect([...ids].sort()).not.toEqual(ids);
    const e = {
      type: "swarmCaught",
      swarm: "s2",
      at: [0, 0, 0],
      fish: 1,
      left: 2,
      round: 1,
      audience: "all",
    } as unknown as GameEvent;
    expect(aliasEvents([e], a)[0]).toMatchObject({ swarm: a("s2") });
  });

  test("K19, K20: over a played game, no engine swarm id reaches any player's client", async () => {
    const t = await makeTable({ fishers: 2, seed: 11 });
    const { host, id } = await setUpLake(t, 8, 4);
    for (let round = 1; round <= 12; round++) {
      await declareAll(host, id, round);
      expect((await host.resolveRound(id)).ok).toBe(true);
    }
    // the engine's ids exist, and the players' payloads (tokens, cards, news, views) hold none
    expect(host.cached(id)!.state.swarms.length).toBeGreaterThan(3);
    for (const p of t.players) {
      const text = JSON.stringify(p.received);
      expect(text).not.toMatch(/"(swarm|id)":"s\d+"/);
      expect(text).toMatch(/"swarm":"w[0-9a-f]{12}"/);
    }
  });
});
