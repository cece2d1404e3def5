/**
 * The declaration window's keyboard path in real Chromium (playwright-core, Debian's
 * /usr/bin/chromium, DEVELOPERS.md): the browser's own Tab order and radio keys, the module's
 * compass keys, Enter on the button. The DeclareController runs in the page (bundled by Vite);
 * its desk, renderer and strings are bridges to Node, where the three-client fake and real
 * Handlebars render templates/foundry/players/declare-dialog.hbs.
 */
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publicLakeOf } from "../../../src/foundry/fishing/projection.ts";
import { DECLARE_PARTIAL } from "../../../src/foundry/players/declare-form.ts";
import { REPO, launch } from "../../e2e/harness.ts";
import { makeHandlebars, strictLocalize } from "../fake/client.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";

const hb = makeHandlebars();
hb.registerPartial(DECLARE_PARTIAL, readFileSync(`${REPO}templates/declare-action.hbs`, "utf8"));
const dialog = hb.compile(
  readFileSync(`${REPO}templates/foundry/players/declare-dialog.hbs`, "utf8"),
  {
    strict: false,
  },
);

let bundle = "";
let browser: Browser;

beforeAll(async () => {
  const out = await build({
    configFile: false,
    logLevel: "silent",
    build: {
      write: false,
      minify: false,
      lib: {
        entry: `${REPO}tests/foundry/players/chromium/entry.ts`,
        formats: ["iife"],
        name: "KolikolyDeclare",
      },
    },
  });
  const result = Array.isArray(out) ? out[0]! : out;
  bundle = (result as { output: { code?: string }[] }).output[0]!.code!;
  browser = await launch();
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe("the declaration window in Chromium (keyboard only)", () => {
  test("Tab, the browser's arrow keys on the actions, the compass keys, Enter: a Track is declared", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    const a = t.players[0];
    const page: Page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const desk = a.wiring!.player as unknown as Record<string, (arg: unknown) => Promise<unknown>>;
    await page.exposeFunction("deskCall", (method: string, arg: unknown) =>
      desk[method]!.call(a.wiring!.player, arg),
    );
    await page.exposeFunction("renderDialog", (ctx: object) => dialog(ctx));
    await page.exposeFunction("localize", (k: string) => strictLocalize(k));
    await page.exposeFunction("declaredNames", () => {
      const pub = publicLakeOf(a.scene(t.sceneId)!, lake)!;
      return pub.declared.map((id) => pub.fishers.find((f) => f.id === id)!.name);
    });
    await page.setContent(
      `<!doctype html><html lang="en"><body><main id="app"></main></body></html>`,
    );
    await page.addScriptTag({ content: bundle });
    await page.evaluate(([l]) => window.kolikolyOpen(l!, ["f1"]), [lake]);
    const idle = () => page.evaluate(() => window.kolikolyIdle());
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | HTMLButtonElement | null;
        return {
          tag: el?.tagName ?? "",
          name: (el as HTMLInputElement | null)?.name ?? "",
          value: el?.value ?? "",
        };
      });

    // Tab enters the action group on its first radio; the browser's ArrowDown checks the next one
    await page.keyboard.press("Tab");
    expect(await focused()).toMatchObject({ name: "action", value: "catch" });
    await page.keyboard.press("ArrowDown");
    await idle();
    expect(await focused()).toMatchObject({ name: "action", value: "track" });
    expect(await page.isChecked('input[name="action"][value="track"]')).toBe(true);

    // Tab reaches the compass (its first legal square: east), the module's keys walk it
    await page.keyboard.press("Tab");
    expect(await focused()).toMatchObject({ name: "target", value: "1,0,0" });
    await page.keyboard.press("ArrowDown");
    await idle();
    expect(await focused()).toMatchObject({ name: "target", value: "1,1,0" });
    await page.keyboard.press("ArrowLeft");
    await idle();
    expect(await focused()).toMatchObject({ name: "target", value: "0,1,0" });
    await page.keyboard.press("PageDown");
    await idle();
    expect(await focused()).toMatchObject({ name: "target", value: "0,0,1" });
    expect(await page.isChecked('input[name="target"][value="0,0,1"]')).toBe(true);

    // Tab to the button, Enter: declared; the status line says so
    await page.keyboard.press("Tab");
    expect(await focused()).toMatchObject({ tag: "BUTTON" });
    await page.keyboard.press("Enter");
    await idle();
    expect(t.server.truth.store.get(lake)!.pending.actions).toEqual({
      f1: { action: "track", target: [0, 0, 1] },
    });
    expect(await page.textContent(".kolikoly-declare-dialog__status")).toBe(
      strictLocalize("KOLIKOLY.Players.Dialog.Sent"),
    );
    expect(await page.getAttribute(".kolikoly-declare-dialog__status", "aria-live")).toBe("polite");
    expect(errors).toEqual([]);
    await page.close();
  });
});
