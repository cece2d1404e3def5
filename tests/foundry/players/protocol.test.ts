/**
 * The players' intent parser (players/protocol.ts `parseIntent`): a request from a player's
 * console is checked field by field and rebuilt from the fields a player may send, nothing more
 * (issue 19 item 4). Each refusal names its field; the kept fields are exactly the known ones.
 */
import { describe, expect, test } from "vitest";
import { PLAYER_QUERY, parseIntent } from "../../../src/foundry/players/protocol.ts";
import { QUERY } from "../../../src/foundry/core/constants.ts";

const field = (raw: unknown) => {
  const r = parseIntent(raw);
  return r.ok ? "ok" : `${r.error.code}:${r.error.field}`;
};

describe("parseIntent: the shape of a player's intent (issue 19 item 4)", () => {
  test("one channel for every intent of both games", () => {
    expect(PLAYER_QUERY).toBe(QUERY.intent);
  });

  test("not an object: refused with no field", () => {
    for (const raw of [null, undefined, 3, "declare", [], [{ type: "view" }]])
      expect(field(raw)).toBe("badIntent:");
  });

  test("an unknown or missing type is refused on `type`", () => {
    expect(field({ type: "resolve", lake: "l1", fisher: "f1" })).toBe("badIntent:type");
    expect(field({ type: 7, lake: "l1", fisher: "f1" })).toBe("badIntent:type");
    expect(field({ lake: "l1", fisher: "f1" })).toBe("badIntent:type");
    expect(field({ type: "toString", lake: "l1", fisher: "f1" })).toBe("badIntent:type");
  });

  test("each known type passes with its fields", () => {
    expect(field({ type: "view", lake: "l1", fisher: "f1" })).toBe("ok");
    expect(field({ type: "declare", lake: "l1", fisher: "f1", round: 1, declaration: null })).toBe(
      "ok",
    );
    expect(field({ type: "withdraw", lake: "l1", fisher: "f1", round: 2 })).toBe("ok");
    expect(field({ type: "checks", lake: "l1", round: 1 })).toBe("ok");
    expect(field({ type: "rolled", lake: "l1", round: 1, messageId: "m.1_x-Y" })).toBe("ok");
    expect(field({ type: "kayanak", lake: "b1", fisher: "f1", round: 0, request: {} })).toBe("ok");
  });

  test("the lake id: a string of 1 to 64 id characters, whole", () => {
    expect(field({ type: "view", fisher: "f1" })).toBe("badIntent:lake");
    expect(field({ type: "view", lake: 5, fisher: "f1" })).toBe("badIntent:lake");
    expect(field({ type: "view", lake: "", fisher: "f1" })).toBe("badIntent:lake");
    expect(field({ type: "view", lake: "a".repeat(64), fisher: "f1" })).toBe("ok");
    expect(field({ type: "view", lake: "a".repeat(65), fisher: "f1" })).toBe("badIntent:lake");
    // anchored at both ends: one bad character anywhere refuses it
    expect(field({ type: "view", lake: " l1", fisher: "f1" })).toBe("badIntent:lake");
    expect(field({ type: "view", lake: "l1 ", fisher: "f1" })).toBe("badIntent:lake");
    expect(field({ type: "view", lake: "l/1", fisher: "f1" })).toBe("badIntent:lake");
  });

  test("the fisher: required for every type but checks and rolled, and an id", () => {
    for (const type of ["view", "declare", "withdraw", "kayanak"]) {
      expect(field({ type, lake: "l1", round: 1 })).toBe("badIntent:fisher");
      expect(field({ type, lake: "l1", fisher: 9, round: 1 })).toBe("badIntent:fisher");
      expect(field({ type, lake: "l1", fisher: "f 1", round: 1 })).toBe("badIntent:fisher");
      expect(field({ type, lake: "l1", fisher: "x".repeat(65), round: 1 })).toBe(
        "badIntent:fisher",
      );
    }
    expect(field({ type: "checks", lake: "l1", round: 1 })).toBe("ok");
    expect(field({ type: "rolled", lake: "l1", round: 1, messageId: "m1" })).toBe("ok");
  });

  test("the round: an integer from 1 (from 0 for Kayanak's turns played); none for view", () => {
    for (const type of ["declare", "withdraw", "checks"]) {
      const base = { type, lake: "l1", fisher: "f1", declaration: null };
      expect(field({ ...base })).toBe("badIntent:round");
      expect(field({ ...base, round: 0 })).toBe("badIntent:round");
      expect(field({ ...base, round: 1.5 })).toBe("badIntent:round");
      expect(field({ ...base, round: "1" })).toBe("badIntent:round");
      expect(field({ ...base, round: 1 })).toBe("ok");
    }
    expect(field({ type: "view", lake: "l1", fisher: "f1", round: -3 })).toBe("ok");
    const k = { type: "kayanak", lake: "b1", fisher: "f1", request: { kind: "roll" } };
    expect(field({ ...k, round: 0 })).toBe("ok");
    expect(field({ ...k, round: -1 })).toBe("badIntent:round");
    expect(field({ ...k, round: 0.5 })).toBe("badIntent:round");
    expect(field({ ...k })).toBe("badIntent:round");
  });

  test("a Kayanak request must be an object", () => {
    const k = { type: "kayanak", lake: "b1", fisher: "f1", round: 0 };
    expect(field({ ...k })).toBe("badIntent:request");
    expect(field({ ...k, request: null })).toBe("badIntent:request");
    expect(field({ ...k, request: "roll" })).toBe("badIntent:request");
  });

  test("rolled names its message by id", () => {
    const r = { type: "rolled", lake: "l1", round: 1 };
    expect(field({ ...r })).toBe("badIntent:messageId");
    expect(field({ ...r, messageId: 12 })).toBe("badIntent:messageId");
    expect(field({ ...r, messageId: "m 1" })).toBe("badIntent:messageId");
    // a message id matters only to rolled
    expect(field({ type: "checks", lake: "l1", round: 1, messageId: "m 1" })).toBe("ok");
  });

  test("declare carries a declaration field (its meaning is the engine's to judge)", () => {
    const d = { type: "declare", lake: "l1", fisher: "f1", round: 1 };
    expect(field(d)).toBe("badIntent:declaration");
    expect(field({ ...d, declaration: undefined })).toBe("ok");
    expect(field({ type: "withdraw", lake: "l1", fisher: "f1", round: 1 })).toBe("ok");
  });

  test("the intent is rebuilt from the known fields only: anything else a player adds is dropped", () => {
    const r = parseIntent({
      type: "declare",
      lake: "l1",
      fisher: "f1",
      round: 1,
      declaration: { action: "track" },
      auth: { sig: "x" },
      isGM: true,
      total: 30,
    });
    expect(r).toEqual({
      ok: true,
      value: {
        type: "declare",
        lake: "l1",
        fisher: "f1",
        round: 1,
        declaration: { action: "track" },
      },
    });
    const k = parseIntent({
      type: "kayanak",
      lake: "b1",
      fisher: "f1",
      round: 0,
      request: { kind: "roll" },
      messageId: "m1",
      extra: 1,
    });
    expect(k.ok && Object.keys(k.value).sort()).toEqual([
      "fisher",
      "lake",
      "messageId",
      "request",
      "round",
      "type",
    ]);
  });
});
