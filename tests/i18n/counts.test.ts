/**
 * Counted sentences (src/ui/count-key.ts): the i18n layers have no plurals, so each count picks
 * its own wording, and no string in lang/ falls back on "swarm(s)".
 */
import { describe, expect, it } from "vitest";
import { countKey, exploredKey, swarmCountKey } from "../../src/ui/count-key.ts";

describe("the wording a count picks", () => {
  it("nought, one, several; nought reads as several where the sentence has no wording of its own", () => {
    const keys = { none: "N", one: "O", many: "M" };
    expect([0, 1, 2, 7, 1000].map((n) => countKey(keys, n))).toEqual(["N", "O", "M", "M", "M"]);
    expect([0, 1, 2].map((n) => countKey({ one: "O", many: "M" }, n))).toEqual(["M", "O", "M"]);
  });

  it("K4 K13 swarms: none, one of a single fish, one, several", () => {
    const keys = { none: "N", oneFish: "F", oneSwarm: "S", swarms: "W" };
    expect(
      [
        [0, 0],
        [1, 1],
        [1, 4],
        [2, 7],
      ].map(([s, f]) => swarmCountKey(keys, s!, f!)),
    ).toEqual(["N", "F", "S", "W"]);
    expect(swarmCountKey({ oneFish: "F", oneSwarm: "S", swarms: "W" }, 0, 0)).toBe("W");
  });

  it("K4 K22 an exploration: bad and empty read as themselves, fish counted by swarm and fish", () => {
    const outcome = { bad: "B", empty: "E" };
    const fish = { oneFish: "F", oneSwarm: "S", swarms: "W" };
    const e = (o: "bad" | "empty" | "fish", sizes: number[]) => ({
      outcome: o,
      swarms: sizes.map((n) => ({ fish: n })),
    });
    expect(
      [e("bad", []), e("empty", []), e("fish", [1]), e("fish", [5]), e("fish", [2, 3])].map((x) =>
        exploredKey(x, outcome, fish),
      ),
    ).toEqual(["B", "E", "F", "S", "W"]);
  });
});
