/**
 * The GM chunks' preload (src/foundry/hooks/gm-preload.ts): asked at `setup`, the first hook
 * where Foundry has made `game.user` (v13 client/game.mjs: null during `init` and `i18nInit`),
 * and only on a GM's client. The boot test checks the fetches on the pages themselves.
 */
import { describe, expect, test } from "vitest";
import { listen } from "../../src/foundry/hooks/gm-preload.ts";
import type { HookSink } from "../../src/foundry/hooks/hook-list.ts";

function sink() {
  const added: { name: string; once: boolean; fn: () => unknown }[] = [];
  const s: HookSink = {
    on: (name, fn) => void added.push({ name, once: false, fn: fn as () => unknown }),
    once: (name, fn) => void added.push({ name, once: true, fn: fn as () => unknown }),
  };
  return { s, added };
}

describe("the GM chunks' preload", () => {
  test("listens once, at setup, and at no earlier hook", () => {
    const { s, added } = sink();
    listen(s, () => true, []);
    expect(added.map((a) => [a.name, a.once])).toEqual([["setup", true]]);
  });

  test("a GM's client loads every GM chunk at setup; a player's none", () => {
    for (const gm of [true, false]) {
      const { s, added } = sink();
      const loaded: string[] = [];
      listen(s, () => gm, [() => loaded.push("windows"), () => loaded.push("cipher")]);
      expect(loaded).toEqual([]);
      added[0]!.fn();
      expect(loaded).toEqual(gm ? ["windows", "cipher"] : []);
    }
  });
});
