/**
 * Issue 20 item 3: the pieces the live windows are built from, alone: the debounced redraw
 * (core/live-refresh.ts) on a fake clock, the hooks the feed reads (core/live-feed.ts), and the
 * draft a re-render keeps (apps/form-draft.ts) in a DOM.
 */
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import type { LiveClock } from "../../src/foundry/core/live-refresh.ts";
import { LiveRefresh } from "../../src/foundry/core/live-refresh.ts";
import { LiveFeed, changeOfHook } from "../../src/foundry/core/live-feed.ts";
import { captureDraft, restoreDraft } from "../../src/foundry/apps/form-draft.ts";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";

/** A clock the test moves by hand: timers fire only in `advance`. */
function manualClock(): LiveClock & { advance(ms: number): void } {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    set: (fn, ms) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clear: (h) => void timers.delete(h as number),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = end;
    },
  };
}

describe("LiveRefresh", () => {
  test("a burst of changes is one drawing, after the wait since the last of them", () => {
    const clock = manualClock();
    const r = new LiveRefresh(
      async () => undefined,
      () => true,
      150,
      1000,
      clock,
    );
    for (let i = 0; i < 5; i++) {
      r.poke();
      clock.advance(100);
    }
    expect(r.draws).toBe(0);
    clock.advance(150);
    expect(r.draws).toBe(1);
  });

  test("steady changes still draw once every maximum wait", async () => {
    const clock = manualClock();
    const r = new LiveRefresh(
      async () => undefined,
      () => true,
      150,
      1000,
      clock,
    );
    for (let i = 0; i < 30; i++) {
      r.poke();
      clock.advance(100);
      await new Promise((ok) => setTimeout(ok, 0)); // a drawing that started has finished
    }
    expect(r.draws).toBe(3);
  });

  test("a change during a drawing gives one more drawing after it, not two at once", async () => {
    const clock = manualClock();
    let release!: () => void;
    let drawing = 0;
    const r = new LiveRefresh(
      () => {
        drawing++;
        return new Promise<void>((ok) => (release = ok));
      },
      () => true,
      150,
      1000,
      clock,
    );
    r.poke();
    clock.advance(150);
    expect(drawing).toBe(1);
    r.poke();
    r.poke();
    clock.advance(500);
    expect(drawing).toBe(1);
    release();
    await new Promise((ok) => setTimeout(ok, 0));
    clock.advance(150);
    expect(drawing).toBe(2);
  });

  test("it follows only the changes that concern it, and nothing once stopped", () => {
    const clock = manualClock();
    const feed = new LiveFeed();
    const r = new LiveRefresh(
      async () => undefined,
      (c) => c.kind === "scene" && c.sceneId === "s1",
      150,
      1000,
      clock,
    );
    r.follow(feed);
    feed.emit({ kind: "scene", sceneId: "s2" });
    clock.advance(200);
    expect(r.draws).toBe(0);
    feed.emit({ kind: "scene", sceneId: "s1" });
    clock.advance(200);
    expect(r.draws).toBe(1);
    feed.emit({ kind: "scene", sceneId: "s1" });
    r.stop();
    clock.advance(200);
    feed.emit({ kind: "scene", sceneId: "s1" });
    clock.advance(200);
    expect(r.draws).toBe(1);
  });
});

describe("changeOfHook", () => {
  test("the module's scene flags, cards and users count; other changes do not", () => {
    const flags = { [MODULE_ID]: { lake: "l1", kind: "round" } };
    expect(changeOfHook("updateScene", [{ id: "s1" }, { flags: { [MODULE_ID]: {} } }])).toEqual({
      kind: "scene",
      sceneId: "s1",
    });
    expect(changeOfHook("updateScene", [{ id: "s1" }, { darkness: 0.5 }])).toBeUndefined();
    expect(changeOfHook("createChatMessage", [{ flags }])).toEqual({ kind: "chat", game: "l1" });
    expect(changeOfHook("deleteChatMessage", [{ flags: {} }])).toBeUndefined();
    expect(changeOfHook("userConnected", [{ id: "u" }, true])).toEqual({ kind: "users" });
  });
});

describe("a draft kept across a re-render", () => {
  test("edited fields and the focus come back; untouched ones take the new drawing's values", () => {
    const dom = new JSDOM(`<!doctype html><main id="app"></main>`);
    const root = dom.window.document.getElementById("app")!;
    const draw = (total: string, other: string) =>
      (root.innerHTML = `<input name="total.f1" value="${total}"><input name="total.f2" value="${other}">
        <select name="action.f1"><option value="">-</option><option value="catch">catch</option></select>
        <input type="checkbox" name="revive.f1">`);
    draw("", "");
    const t1 = root.querySelector<HTMLInputElement>('[name="total.f1"]')!;
    t1.value = "12";
    t1.focus();
    root.querySelector<HTMLInputElement>('[name="revive.f1"]')!.checked = true;
    const draft = captureDraft(root);
    draw("", "9");
    restoreDraft(root, draft);
    expect(root.querySelector<HTMLInputElement>('[name="total.f1"]')!.value).toBe("12");
    expect(root.querySelector<HTMLInputElement>('[name="total.f2"]')!.value).toBe("9");
    expect(root.querySelector<HTMLSelectElement>('[name="action.f1"]')!.value).toBe("");
    expect(root.querySelector<HTMLInputElement>('[name="revive.f1"]')!.checked).toBe(true);
    expect(dom.window.document.activeElement).toBe(root.querySelector('[name="total.f1"]'));
  });
});
