/**
 * K4: the swarm token's bar is its fish count. Foundry uses CONFIG.Actor.trackableAttributes only
 * when it is not empty (TokenDocument._getConfiguredTrackedAttributes, v13), so the module adds
 * its key only to a map the system filled itself.
 */
import { describe, expect, test } from "vitest";
import { addSwarmBar } from "../../src/foundry/fishing/swarm-bar.ts";
import type { TrackableAttributes } from "../../src/foundry/fishing/swarm-bar.ts";

describe("K4 swarm bar registration (issue 9)", () => {
  test("K4 a system's map (dnd5e's, rebuilt at its setup) gains fish and keeps its own types", () => {
    const dnd5e: TrackableAttributes = {
      character: { bar: ["attributes.hp"], value: ["attributes.ac.value"] },
      npc: { bar: ["attributes.hp"], value: [] },
    };
    const same = dnd5e;
    expect(addSwarmBar(dnd5e)).toBe(true);
    expect(dnd5e).toBe(same);
    expect(dnd5e["kolikoly-fishing.swarm"]).toEqual({ bar: ["fish"], value: [] });
    expect(dnd5e.character).toEqual({ bar: ["attributes.hp"], value: ["attributes.ac.value"] });
  });

  test("K4 an empty map stays empty, so Foundry keeps inferring every type's bars from its model", () => {
    const generic: TrackableAttributes = {};
    expect(addSwarmBar(generic)).toBe(false);
    expect(generic).toEqual({});
    expect(addSwarmBar(undefined)).toBe(false);
  });
});
