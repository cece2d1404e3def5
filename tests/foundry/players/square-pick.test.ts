/**
 * The declaration window's square pick and its Escape keybinding (src/foundry/players/square-pick.ts),
 * outside the browser: what the binding answers Foundry's KeyboardManager, which stops at the
 * first binding that answers true (v13 client/helpers/interaction/keyboard-manager.mjs). The key
 * pressed in Chromium against the fake KeyboardManager is the boot test's.
 */
import { describe, expect, test } from "vitest";
import {
  CANCEL_PICK_ACTION,
  SquarePicks,
  cancelPickBinding,
} from "../../../src/foundry/players/square-pick.ts";

const PRIORITY = 0;

describe("Escape during a square pick", () => {
  test("the binding is fixed on Escape, at the precedence it is given, under its own name", () => {
    const b = cancelPickBinding(() => new SquarePicks(), PRIORITY);
    expect(CANCEL_PICK_ACTION).toBe("cancelPick");
    expect(b.uneditable).toEqual([{ key: "Escape" }]);
    expect(b.precedence).toBe(PRIORITY);
    expect(b.name).toBe("KOLIKOLY.Players.Keys.CancelPick");
  });

  test("no pick: the binding answers false, so Foundry's dismiss still runs", () => {
    const picks = new SquarePicks();
    const b = cancelPickBinding(() => picks, PRIORITY);
    expect(b.onDown()).toBe(false);
  });

  test("during a pick: the pick is cancelled and the answer is true at once, not a promise", () => {
    const picks = new SquarePicks();
    const cancelled: string[] = [];
    picks.begin(() => cancelled.push("a"));
    expect(picks.picking).toBe(true);
    const answer = cancelPickBinding(() => picks, PRIORITY).onDown();
    // a Promise would count as true every time (KeyboardManager#executeKeybind returns it as is)
    expect(answer).toBe(true);
    expect(cancelled).toEqual(["a"]);
    expect(picks.picking).toBe(false);
    // the next Escape is Foundry's again
    expect(picks.escape()).toBe(false);
    expect(cancelled).toEqual(["a"]);
  });

  test("a pick ended by a click leaves nothing for Escape to cancel", () => {
    const picks = new SquarePicks();
    const cancelled: string[] = [];
    const ended = picks.begin(() => cancelled.push("a"));
    ended();
    expect(picks.picking).toBe(false);
    expect(picks.escape()).toBe(false);
    expect(cancelled).toEqual([]);
  });

  test("a second pick cancels the first; the first one's end leaves the second under way", () => {
    const picks = new SquarePicks();
    const cancelled: string[] = [];
    const first = picks.begin(() => cancelled.push("first"));
    picks.begin(() => cancelled.push("second"));
    expect(cancelled).toEqual(["first"]);
    first();
    expect(picks.picking).toBe(true);
    expect(picks.escape()).toBe(true);
    expect(cancelled).toEqual(["first", "second"]);
  });
});
