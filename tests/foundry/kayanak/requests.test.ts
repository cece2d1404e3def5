/**
 * A Kayanak request from a player (kayanak/requests.ts), rebuilt from the fields a player may
 * send (issue 19 item 4): a step's outcome (`lands`, `check`) is never a player's to say (J4-J6),
 * the sender must own the fisher's actor, and the host is asked only for a well-formed request.
 */
import { describe, expect, test } from "vitest";
import { kayanakIntent, parseRequest, playerStep } from "../../../src/foundry/kayanak/requests.ts";
import type { KayanakHosting } from "../../../src/foundry/kayanak/requests.ts";
import type { Port } from "../../../src/foundry/core/port.ts";

describe("playerStep: a step as a player may ask for it (J4-J8)", () => {
  test("move, hack and fish take one hole of two safe integers", () => {
    expect(playerStep({ move: [1, 2] })).toEqual({ move: [1, 2] });
    expect(playerStep({ hack: [0, 3] })).toEqual({ hack: [0, 3] });
    expect(playerStep({ fish: [4, 0] })).toEqual({ fish: [4, 0] });
    for (const bad of [[1], [1, 2, 3], [1, 2.5], ["1", 2], [1, Number.MAX_SAFE_INTEGER + 1], "1,2"])
      for (const k of ["move", "hack", "fish"]) expect(playerStep({ [k]: bad })).toBeUndefined();
  });

  test("J4-J6: a fish step carrying a landing's outcome or check is refused, not trimmed", () => {
    expect(playerStep({ fish: [1, 1], lands: true })).toBeUndefined();
    expect(playerStep({ fish: [1, 1], check: { total: 40 } })).toBeUndefined();
    expect(playerStep({ move: [1, 1], lands: true })).toBeUndefined();
    expect(playerStep({ hack: [1, 1], at: [1, 1] })).toBeUndefined();
  });

  test("J8: a tile action names a floe; a crystal action names a hole", () => {
    expect(playerStep({ tile: "place", floe: 2 })).toEqual({ tile: "place", floe: 2 });
    expect(playerStep({ tile: "remove", floe: 0 })).toEqual({ tile: "remove", floe: 0 });
    expect(playerStep({ tile: "flip", floe: 0 })).toBeUndefined();
    expect(playerStep({ tile: "place", floe: 1.5 })).toBeUndefined();
    expect(playerStep({ tile: "place" })).toBeUndefined();
    expect(playerStep({ tile: "place", floe: 1, at: [0, 0] })).toBeUndefined();
    expect(playerStep({ crystal: "place", at: [0, 1] })).toEqual({ crystal: "place", at: [0, 1] });
    expect(playerStep({ crystal: "remove", at: [2, 1] })).toEqual({
      crystal: "remove",
      at: [2, 1],
    });
    expect(playerStep({ crystal: "grow", at: [0, 1] })).toBeUndefined();
    expect(playerStep({ crystal: "place", at: [0] })).toBeUndefined();
    expect(playerStep({ crystal: "place" })).toBeUndefined();
    expect(playerStep({ crystal: "place", at: [0, 1], floe: 1 })).toBeUndefined();
  });

  test("anything else is no step", () => {
    for (const raw of [null, undefined, 3, "move", [], [[1, 1]], {}, { jump: [1, 1] }])
      expect(playerStep(raw)).toBeUndefined();
  });
});

describe("parseRequest: roll, a step, end the turn", () => {
  test("roll and end carry nothing else", () => {
    expect(parseRequest({ kind: "roll" })).toEqual({ kind: "roll" });
    expect(parseRequest({ kind: "end" })).toEqual({ kind: "end" });
    expect(parseRequest({ kind: "roll", dice: [6, 6] })).toBeUndefined();
    expect(parseRequest({ kind: "end", step: { move: [1, 1] } })).toBeUndefined();
  });

  test("a step is rebuilt by playerStep; one with more fields is refused", () => {
    expect(parseRequest({ kind: "step", step: { move: [1, 1] } })).toEqual({
      kind: "step",
      step: { move: [1, 1] },
    });
    expect(parseRequest({ kind: "step", step: { fish: [1, 1], lands: true } })).toBeUndefined();
    expect(parseRequest({ kind: "step", step: { move: [1, 1] }, turn: 3 })).toBeUndefined();
    expect(parseRequest({ kind: "step" })).toBeUndefined();
  });

  test("anything else is no request", () => {
    for (const raw of [null, "roll", 1, [], [{ kind: "roll" }], {}, { kind: "undo" }])
      expect(parseRequest(raw)).toBeUndefined();
  });
});

describe("kayanakIntent: only the fisher's owner, only a well-formed request", () => {
  const pub = {
    fishers: [
      { id: "f1", actorId: "a1" },
      { id: "f2", actorId: null },
    ],
  };
  function fixture(load: unknown = { ok: true, value: { pub } }) {
    const asked: unknown[][] = [];
    const host = {
      load: async () => load,
      request: async (...args: unknown[]) => {
        asked.push(args);
        return { ok: true, value: { view: { turn: 7 } } };
      },
    } as unknown as KayanakHosting;
    const port = { ownersOf: (id: string) => (id === "a1" ? ["ana"] : []) } as unknown as Port;
    return { host, port, asked };
  }
  const intent = (over: object = {}) => ({
    lake: "b1",
    fisher: "f1",
    round: 3,
    request: { kind: "roll" },
    ...over,
  });

  test("the owner's request is played with the turn it was made for", async () => {
    const { host, port, asked } = fixture();
    expect(await kayanakIntent(port, host, intent(), "ana")).toEqual({
      ok: true,
      value: { turn: 7 },
    });
    expect(asked).toEqual([["b1", "f1", { kind: "roll" }, 3]]);
  });

  test("refusals ask nothing of the host", async () => {
    const cases: [object, string, string][] = [
      [{ request: { kind: "roll", n: 1 } }, "ana", "badIntent:request"],
      [{ fisher: "f9" }, "ana", "unknownFisher:fisher"],
      [{}, "bo", "notOwner:fisher"],
      [{ fisher: "f2" }, "ana", "notOwner:fisher"],
      [{ round: 1.5 }, "ana", "badIntent:round"],
    ];
    for (const [over, sender, want] of cases) {
      const { host, port, asked } = fixture();
      const r = await kayanakIntent(port, host, intent(over), sender);
      expect(r.ok ? "ok" : `${r.error.code}:${r.error.field}`).toBe(want);
      expect(asked).toEqual([]);
    }
  });

  test("a board that does not load, or a refused request, is answered as it is", async () => {
    const missing = { ok: false, error: { code: "unknownBoard", field: "board", message: "" } };
    const a = fixture(missing);
    expect(await kayanakIntent(a.port, a.host, intent(), "ana")).toBe(missing);
    const refused = { ok: false, error: { code: "staleTurn", field: "round", message: "" } };
    const b = fixture();
    (b.host as { request: unknown }).request = async () => refused;
    expect(await kayanakIntent(b.port, b.host, intent(), "ana")).toBe(refused);
  });
});
