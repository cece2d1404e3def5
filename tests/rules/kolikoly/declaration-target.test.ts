import { describe, expect, test } from "vitest";
import { declarationTarget } from "../../../src/rules/index.ts";

describe("declarationTarget", () => {
  test("K12, K14, K16: a Track, Move or Herd names its square; K9 a Catch names none", () => {
    expect(declarationTarget({ action: "track", target: [1, 2, 0] })).toEqual([1, 2, 0]);
    expect(declarationTarget({ action: "move", to: [0, 1, 1], attack: false })).toEqual([0, 1, 1]);
    expect(declarationTarget({ action: "herd", toward: [2, 2, 0] })).toEqual([2, 2, 0]);
    expect(declarationTarget({ action: "catch" })).toBeUndefined();
  });
});
