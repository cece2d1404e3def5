/** "Open the declaration at round start": the lakes whose public round moved on (issue 4, item 1). */
import { describe, expect, test } from "vitest";
import type { PublicLake } from "../../../src/foundry/fishing/projection.ts";
import { RoundWatch } from "../../../src/foundry/players/round-watch.ts";

const lake = (id: string, round: number, over = false) =>
  ({ id, round, over }) as unknown as PublicLake;

describe("RoundWatch", () => {
  test("K5 a new round or a lake made since ready opens the window once; an unchanged round or a finished game does not", () => {
    const w = new RoundWatch();
    // before ready nothing is known: nothing opens
    expect(w.advanced([lake("a", 0)])).toEqual([]);
    w.prime([lake("a", 0)]);
    expect(w.advanced([lake("a", 0), lake("b", 0)]).map((l) => l.id)).toEqual(["b"]);
    expect(w.advanced([lake("c", 0, true)])).toEqual([]);
    expect(w.advanced([lake("a", 0), lake("b", 3)]).map((l) => l.id)).toEqual(["b"]);
    expect(w.advanced([lake("a", 1), lake("b", 3)]).map((l) => l.id)).toEqual(["a"]);
    expect(w.advanced([lake("a", 1)])).toEqual([]);
    expect(w.advanced([lake("b", 4, true)])).toEqual([]);
    expect(w.advanced([lake("a", 0)])).toEqual([]); // an undo goes back: nothing opens
    expect(w.advanced([lake("a", 1)]).map((l) => l.id)).toEqual(["a"]);
  });
});
