/**
 * J10 secrecy is a projection (kayanak/view.ts): a covered hole's fish reach the GM alone; the
 * rest of the board (bears, scores, tiles, crystals, the turn in progress) is public.
 */
import { describe, expect, test } from "vitest";
import type { KayanakEvent, KayanakState } from "../../../src/rules/kayanak/index.ts";
import { eventsFor, viewFor } from "../../../src/rules/kayanak/index.ts";
import { scoreOf } from "../../../src/rules/kayanak/end.ts";
import { game } from "./helpers.ts";

function board(): KayanakState {
  const s = structuredClone(game()) as KayanakState;
  s.holes[0] = { ...s.holes[0]!, open: true, frozen: false, big: 1, small: 2 };
  s.holes[1] = { ...s.holes[1]!, open: false, frozen: true, big: 2, small: 1 };
  s.holes[2] = { ...s.holes[2]!, open: false, frozen: false, big: 1, small: 1 };
  s.tiles = [1];
  s.turn = 3;
  s.next = 1;
  s.fishers[0]!.big = 1;
  s.fishers[0]!.small = 2;
  return s;
}

describe("J10 viewFor", () => {
  test("a covered hole shows only where it is and its floe, closed and unfrozen, to players", () => {
    const s = board();
    for (const viewer of ["player", { fisher: "ana" }] as const) {
      const holes = viewFor(s, viewer).holes;
      expect(holes[0]).toEqual({
        at: [0, 0],
        floe: 0,
        open: true,
        frozen: false,
        big: 1,
        small: 2,
      });
      expect(holes[1]).toEqual({ at: [1, 0], floe: 0, open: false, frozen: false });
      expect(holes[2]).toEqual({ at: [2, 0], floe: 1, open: false, frozen: false });
    }
    const gm = viewFor(s, "gm").holes;
    expect(gm[1]).toEqual({ at: [1, 0], floe: 0, open: false, frozen: true, big: 2, small: 1 });
    expect(gm[2]).toEqual({ at: [2, 0], floe: 1, open: false, frozen: false, big: 1, small: 1 });
  });

  test("the public board: turn, whose turn, bears and scores, tiles and crystals left, the dropped fish", () => {
    const s = board();
    const v = viewFor(s, "player");
    expect(v.viewer).toBe("player");
    expect(v.turn).toBe(3);
    expect(v.over).toBe(false);
    expect(v.next).toBe(s.fishers[1]!.id);
    expect(v.variant).toBe(s.settings.variant);
    expect([v.width, v.height]).toEqual([4, 3]);
    expect(v.floes).toEqual(s.board.floes);
    expect(v.fishers[0]).toEqual({
      id: "ana",
      name: s.fishers[0]!.name,
      at: s.fishers[0]!.at,
      big: 1,
      small: 2,
      score: scoreOf(s.fishers[0]!, s.settings.variant),
    });
    expect(v.tiles).toEqual([1]);
    expect(v.tiles).not.toBe(s.tiles);
    expect(v.tilesLeft).toBe(s.settings.tiles - 1);
    // one frozen hole: a crystal used (whether players see the hole's ice or not)
    expect(v.crystalsLeft).toBe(s.settings.crystals - 1);
    expect(v.dropped).toEqual(s.dropped);
    expect("endReason" in v).toBe(false);
    expect("pending" in v).toBe(false);
  });

  test("a game over has no next fisher, and tells why and who won (copies)", () => {
    const s = { ...board(), over: true, endReason: "allOpen", winners: ["bo"] } as KayanakState;
    const v = viewFor(s, "player");
    expect("next" in v).toBe(false);
    expect(v.endReason).toBe("allOpen");
    expect(v.winners).toEqual(["bo"]);
    expect(v.winners).not.toBe(s.winners);
  });

  test("the turn in progress is public, and a copy", () => {
    const s = board();
    s.pending = {
      fisher: "bo",
      die: "star",
      dots: 3,
      used: 1,
      fished: [[0, 0]],
    } as unknown as KayanakState["pending"];
    const v = viewFor(s, "player");
    expect(v.pending).toEqual(s.pending);
    expect(v.pending!.fished).not.toBe(s.pending!.fished);
  });

  test("eventsFor: the GM's events to the GM only", () => {
    const log = [
      { type: "dropped", audience: "gm" },
      { type: "rolled", audience: "all" },
      { type: "x", audience: { fisher: "ana" } },
    ] as unknown as KayanakEvent[];
    expect(eventsFor(log, "player").map((e) => e.type)).toEqual(["rolled"]);
    expect(eventsFor(log, { fisher: "ana" }).map((e) => e.type)).toEqual(["rolled", "x"]);
    expect(eventsFor(log, "gm")).toHaveLength(3);
  });
});
