/**
 * The declaration window (issue 4, item 1) in a DOM (jsdom 26): the real templates rendered with
 * real Handlebars (templates/foundry/players/declare-dialog.hbs around the shared
 * templates/declare-action.hbs), driven by the keyboard, talking to the GM through the
 * behavioural fake's three clients.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { publicLakeOf } from "../../../src/foundry/fishing/projection.ts";
import type { FocusKey } from "../../../src/foundry/players/declare-form.ts";
import {
  DECLARE_PARTIAL,
  DeclareController,
  restoreFocus,
} from "../../../src/foundry/players/declare-form.ts";
import { makeHandlebars, strictLocalize } from "../fake/client.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const hb = makeHandlebars();
hb.registerPartial(DECLARE_PARTIAL, readFileSync(`${ROOT}templates/declare-action.hbs`, "utf8"));
const dialog = hb.compile(
  readFileSync(`${ROOT}templates/foundry/players/declare-dialog.hbs`, "utf8"),
  { strict: false },
);

async function open(t: PlayerTable, client: PlayerClient, lake: string, fishers: string[]) {
  const dom = new JSDOM(`<!doctype html><html><body><main id="app"></main></body></html>`);
  const doc = dom.window.document;
  const root = doc.getElementById("app")!;
  const picks: string[] = [];
  const controller = new DeclareController({
    lake,
    lakeName: "Mirror lake",
    fishers,
    desk: client.wiring!.player,
    declaredNames: () => {
      const pub = publicLakeOf(client.scene(t.sceneId)!, lake)!;
      return pub.declared.map((id) => pub.fishers.find((f) => f.id === id)!.name);
    },
    localize: strictLocalize,
    pickOnCanvas: async (fisher) => {
      picks.push(fisher);
      return [1, 0, 0];
    },
  });
  let renders = 0;
  const render = async (focus?: FocusKey): Promise<void> => {
    renders += 1;
    root.innerHTML = dialog(controller.context());
    controller.bind(root, render);
    restoreFocus(root, focus);
  };
  await controller.load();
  await render();
  const key = (el: Element, k: string) =>
    el.dispatchEvent(
      new dom.window.KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }),
    );
  const active = () => doc.activeElement as HTMLInputElement;
  /** Waits for the window's queued actions (a GM round trip each) and the GM's desk. */
  const settle = async () => {
    await controller.idle();
    await t.gm.wiring?.gm.idle();
  };
  return { dom, doc, root, controller, key, active, picks, settle, renders: () => renders };
}

describe("the declaration window (K5) in a DOM", () => {
  test("keyboard only: pick Track, walk the compass with the arrows and Page Down, declare with Enter", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    const a = t.players[0];
    const w = await open(t, a, lake, ["f1"]);
    const form = w.root.querySelector<HTMLFormElement>("form.kolikoly-declare")!;
    // labelled form, legends for both groups, a status region
    expect(form.getAttribute("aria-labelledby")).toBe(`${form.id}-title`);
    expect(w.doc.getElementById(`${form.id}-title`)!.textContent).toBe("Ana declares");
    expect([...form.querySelectorAll("legend")].map((l) => l.textContent)).toEqual([
      "Action",
      "No square needed",
    ]);
    expect(w.root.querySelector('[role="status"][aria-live="polite"]')).not.toBeNull();
    // no target needed yet: the compass is disabled, the submit waits for an action
    expect(form.querySelector("fieldset.kolikoly-declare__targets")!.hasAttribute("disabled")).toBe(
      true,
    );
    expect(form.querySelector<HTMLButtonElement>("button[type=submit]")!.disabled).toBe(true);

    // Space on the focused Track radio (jsdom runs the radio's activation: click)
    const track = form.querySelector<HTMLInputElement>('input[name="action"][value="track"]')!;
    track.focus();
    track.click();
    await w.settle();
    // re-rendered with focus kept on Track; the compass opened with only legal squares enabled
    expect(w.active().value).toBe("track");
    const f2 = w.root.querySelector<HTMLFormElement>("form.kolikoly-declare")!;
    expect(f2.querySelector("fieldset.kolikoly-declare__targets")!.hasAttribute("disabled")).toBe(
      false,
    );
    const enabled = [...f2.querySelectorAll<HTMLInputElement>('input[name="target"]')].filter(
      (i) => !i.disabled,
    );
    // Ana at [0,0,0] on a 3x3x2 lake: east, south-east, south and down
    expect(enabled.map((i) => i.closest("[data-dir]")!.getAttribute("data-dir")).sort()).toEqual([
      "down",
      "e",
      "s",
      "se",
    ]);

    // Tab reaches the compass (its first legal square), then the arrows walk it
    f2.querySelector<HTMLInputElement>('[data-dir="e"] input')!.focus();
    w.key(w.active(), "ArrowDown");
    await w.settle();
    expect(w.active().value).toBe("1,1,0"); // south-east
    expect(w.active().checked).toBe(true);
    w.key(w.active(), "ArrowLeft");
    await w.settle();
    expect(w.active().value).toBe("0,1,0"); // south
    w.key(w.active(), "ArrowLeft"); // south-west is off the lake: stays
    await w.settle();
    expect(w.active().value).toBe("0,1,0");
    w.key(w.active(), "PageUp"); // no level above level 0: stays
    await w.settle();
    expect(w.active().value).toBe("0,1,0");
    w.key(w.active(), "PageDown");
    await w.settle();
    expect(w.active().value).toBe("0,0,1");
    w.key(w.active(), "ArrowUp"); // from the square below, up goes to north of here: off the lake
    await w.settle();
    w.key(w.active(), "ArrowRight");
    await w.settle();
    expect(w.active().value).toBe("1,0,0"); // east

    // Enter: the form's implicit submission presses its submit button
    const submit = w.root.querySelector<HTMLButtonElement>("button[type=submit]")!;
    expect(submit.disabled).toBe(false);
    submit.click();
    await w.settle();
    expect(t.server.truth.store.get(lake)!.pending.actions).toEqual({
      f1: { action: "track", target: [1, 0, 0] },
    });
    const status = w.root.querySelector(".kolikoly-declare-dialog__status")!;
    expect(status.getAttribute("role")).toBe("status");
    expect(status.textContent).toBe(strictLocalize("KOLIKOLY.Players.Dialog.Sent"));
    expect(w.root.querySelector(".kolikoly-declare-dialog__declared")!.textContent).toBe(
      "Declared so far: Ana",
    );
    // the button now says the declaration can be changed, and focus is back on it
    expect(w.root.querySelector("button[type=submit]")!.textContent).toBe("Change declaration");
    expect(w.active().tagName).toBe("BUTTON");
  });

  test("reopened, the window shows the fisher's own declaration; after the lock it is closed", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    const a = t.players[0];
    await a.wiring!.player.declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "herd", toward: [0, 1, 0] },
    });
    const w = await open(t, a, lake, ["f1"]);
    expect(w.root.querySelector<HTMLInputElement>('input[name="action"]:checked')!.value).toBe(
      "herd",
    );
    expect(w.root.querySelector<HTMLInputElement>('input[name="target"]:checked')!.value).toBe(
      "0,1,0",
    );
    // Bo's window knows that Ana declared, not what
    const wb = await open(t, t.players[1], lake, ["f2"]);
    expect(wb.root.querySelector(".kolikoly-declare-dialog__declared")!.textContent).toBe(
      "Declared so far: Ana",
    );
    expect(wb.root.innerHTML).not.toContain('herd" checked');
    // withdraw, then declare again from the canvas pick
    w.root.querySelector<HTMLButtonElement>("[data-kolikoly-withdraw]")!.click();
    await w.settle();
    expect(t.server.truth.store.get(lake)!.pending.actions).toEqual({});
    w.root.querySelector<HTMLButtonElement>("[data-kolikoly-pick]")!.click();
    await w.settle();
    expect(w.picks).toEqual(["f1"]);
    expect(w.root.querySelector<HTMLInputElement>('input[name="target"]:checked')!.value).toBe(
      "1,0,0",
    );
    // the GM locks: the window shows why declarations are closed, without the fields
    await t.gm.wiring!.gm.lock(lake);
    const locked = await open(t, a, lake, ["f1"]);
    expect(locked.root.querySelector('input[name="action"]')).toBeNull();
    expect(locked.root.querySelector(".kolikoly-declare__blocked")!.textContent).toBe(
      strictLocalize("KOLIKOLY.Players.Dialog.Locked"),
    );
  });

  test("a user with several fishers gets one form each, and an error is announced in their language", async () => {
    const t = await makePlayerTable({ anaOwnsBoth: true });
    const lake = await lakeOn(t);
    const a = t.players[0];
    const w = await open(t, a, lake, ["f1", "f2"]);
    const forms = [...w.root.querySelectorAll<HTMLFormElement>("form.kolikoly-declare")];
    expect(forms.map((f) => f.dataset.fisher)).toEqual(["f1", "f2"]);
    expect(new Set(forms.map((f) => f.id)).size).toBe(2);
    // Bo's fisher catches; the round moves on under the window: its declaration is stale
    forms[1]!.querySelector<HTMLInputElement>('input[value="catch"]')!.click();
    await w.settle();
    await t.gm.wiring!.gm.lock(lake);
    w.root.querySelectorAll<HTMLButtonElement>("button[type=submit]")[1]!.click();
    await w.settle();
    expect(w.root.querySelector(".kolikoly-declare-dialog__status")!.textContent).toBe(
      strictLocalize("KOLIKOLY.Players.Error.locked"),
    );
  });
});
