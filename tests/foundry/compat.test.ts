/**
 * The v13/v14 differences (core/compat.ts), and the facts the module trusts from Foundry's own
 * answers: who sent a query, who wrote a message, what a batch created.
 */
import { describe, expect, test } from "vitest";
import {
  UnverifiedBatch,
  authorIdOf,
  batchIds,
  canBatch,
  emptyOp,
  messageModeOption,
  fromMessageMode,
  modeSettingKey,
  queryCaller,
  rollMessageOptions,
} from "../../src/foundry/core/compat.ts";
import { chatGroups } from "../../src/foundry/core/live-writes.ts";

describe("compat: v13 and v14", () => {
  test("message modes: v14 messageMode, v13 rollMode", () => {
    expect(messageModeOption(14, "blind")).toEqual({ messageMode: "blind" });
    expect(messageModeOption(15, "public")).toEqual({ messageMode: "public" });
    expect(messageModeOption(13, "public")).toEqual({ rollMode: "publicroll" });
    expect(messageModeOption(13, "gm")).toEqual({ rollMode: "gmroll" });
    expect(messageModeOption(13, "blind")).toEqual({ rollMode: "blindroll" });
    expect(messageModeOption(13, "self")).toEqual({ rollMode: "selfroll" });
  });

  test("the user's mode: core.messageMode on v14, core.rollMode on v13, read in either's words", () => {
    expect([modeSettingKey(13), modeSettingKey(14)]).toEqual(["rollMode", "messageMode"]);
    expect(["gm", "gmroll", "ic", "public", "weird", 3].map(fromMessageMode)).toEqual([
      "gmroll",
      "gmroll",
      "publicroll",
      "publicroll",
      undefined,
      undefined,
    ]);
    // Roll#toMessage: v14 messageMode (its rollMode is deprecated), v13 rollMode; none when unsaid
    expect(rollMessageOptions("blindroll", 14)).toEqual({ messageMode: "blind" });
    expect(rollMessageOptions("blindroll", 13)).toEqual({ rollMode: "blindroll" });
    expect(rollMessageOptions(undefined, 14)).toEqual({});
  });

  test("every card says its mode: v14 public cards public, whispered ones gm (keeps the list); v13 one create in publicroll", () => {
    const pub = { _id: "c1", content: "a", flags: {}, rolls: [{}] };
    const gm = { _id: "c2", content: "b", flags: {}, whisper: ["gm1"] };
    const owner = { _id: "c3", content: "c", flags: {}, whisper: ["p1"] };
    expect(chatGroups([gm, pub, owner], 14)).toEqual([
      { cards: [pub], options: { messageMode: "public" } },
      { cards: [gm, owner], options: { messageMode: "gm" } },
    ]);
    // v13 applies rollMode to roll messages only: the whispered cards, which carry none, keep
    // their lists; the one create costs no more requests than before
    expect(chatGroups([gm, pub, owner], 13)).toEqual([
      { cards: [gm, pub, owner], options: { rollMode: "publicroll" } },
    ]);
    expect(chatGroups([], 14)).toEqual([]);
    // a whispered card with rolls could not say its mode on v13
    expect(() => chatGroups([{ ...gm, rolls: [{}] }], 13)).toThrow(/whispered card/);
    expect(() => chatGroups([{ ...gm, rolls: [{}] }], 14)).toThrow(/whispered card/);
  });

  test("a batch needs v14 and modifyBatch", () => {
    expect(canBatch(14, true)).toBe(true);
    expect(canBatch(14, false)).toBe(false);
    expect(canBatch(13, true)).toBe(false);
  });

  test("queryCaller: v14's user (document or id); nothing on v13 or a bad option", () => {
    expect(queryCaller(14, { user: { id: "ana" } })).toBe("ana");
    expect(queryCaller(14, { user: "bo" })).toBe("bo");
    expect(queryCaller(13, { user: { id: "ana" } })).toBeUndefined();
    expect(queryCaller(14, null)).toBeUndefined();
    expect(queryCaller(14, "ana")).toBeUndefined();
    expect(queryCaller(14, {})).toBeUndefined();
    expect(queryCaller(14, { user: { id: 7 } })).toBeUndefined();
    expect(queryCaller(14, { user: null })).toBeUndefined();
  });

  test("emptyOp: an operation with no document in it", () => {
    expect(emptyOp({ kind: "tokens.create", data: [] })).toBe(true);
    expect(emptyOp({ kind: "tokens.update", updates: [] })).toBe(true);
    expect(emptyOp({ kind: "tokens.delete", ids: [] })).toBe(true);
    expect(emptyOp({ kind: "tokens.create", data: [{}] })).toBe(false);
    expect(emptyOp({ kind: "tokens.update", updates: [{}] })).toBe(false);
    expect(emptyOp({ kind: "tokens.delete", ids: ["a"] })).toBe(false);
    expect(emptyOp({ kind: "scene.update" })).toBe(false);
  });

  test("batchIds: the created ids per operation, in order; other operations give none", () => {
    const sent = [
      { kind: "tokens.create", data: [{}, {}] },
      { kind: "tokens.update", updates: [{}] },
      { kind: "chat.create", data: [{}] },
    ];
    expect(batchIds(sent, [[{ id: "t1" }, { _id: "t2" }], [{ id: "u" }], [{ _id: "c1" }]])).toEqual(
      [["t1", "t2"], [], ["c1"]],
    );
  });

  test("batchIds: an answer that does not account for every operation throws UnverifiedBatch", () => {
    const sent = [
      { kind: "tokens.create", data: [{}, {}] },
      { kind: "tokens.delete", ids: ["x"] },
    ];
    const bad: [unknown, string][] = [
      [undefined, "modifyBatch answered undefined results for 2 operations"],
      [[[{ id: "a" }, { id: "b" }]], "modifyBatch answered 1 results for 2 operations"],
      [[[{ id: "a" }, { id: "b" }], {}], "no result for operation 1"],
      [[[{ id: "a" }], []], "operation 0 created 1 of 2"],
    ];
    for (const [answer, message] of bad) {
      let thrown: unknown;
      try {
        batchIds(sent, answer);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(UnverifiedBatch);
      expect((thrown as Error).message).toBe(message);
    }
    // a delete answers with what it deleted, however many: only creations are counted
    expect(batchIds(sent, [[{ id: "a" }, { id: "b" }], []])).toEqual([["a", "b"], []]);
  });

  test("authorIdOf: the User document's id or the source's id; nothing else", () => {
    expect(authorIdOf({ author: "gm1" })).toBe("gm1");
    expect(authorIdOf({ author: { id: "gm1" } })).toBe("gm1");
    expect(authorIdOf({ author: { id: 3 } })).toBeUndefined();
    expect(authorIdOf({ author: null })).toBeUndefined();
    expect(authorIdOf({})).toBeUndefined();
    expect(authorIdOf(null)).toBeUndefined();
    expect(authorIdOf({ user: "gm1" })).toBeUndefined();
  });
});
