/**
 * The window checks of tests/e2e/geometry.ts that the boot test leans on, each tried in Chromium
 * on a small page drawn well and drawn wrong: a table of boxes that wraps or slides from under
 * its headers, controls with no accessible name or only a mark, a tick box apart from its words.
 * A check that passed everything would make the boot test's "no findings" mean nothing.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkGeometry, unnamedControls } from "./geometry.ts";
import { launch } from "./harness.ts";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 800, height: 600 } });
}, 30_000);

afterAll(async () => {
  await browser?.close();
});

/** A window holding `body`, in a plain page (the checks need no Foundry). */
async function windowOf(body: string, css = "") {
  await page.setContent(
    `<style>body{font:14px sans-serif;margin:0} #w{width:600px;padding:8px} ${css}</style><div id="w">${body}</div>`,
  );
  return page.locator("#w");
}

const GRID = (cellCss: string) => `
  <table class="grid"><thead><tr><th>Fisher</th><th>Net</th><th>Stealth</th></tr></thead>
  <tbody><tr><th><label><input type="checkbox" name="use"> Ana</label></th>
    <td style="${cellCss}"><input type="number" name="net" aria-label="Ana: Net" style="width:3rem"></td>
    <td style="${cellCss}"><input type="number" name="stealth" aria-label="Ana: Stealth" style="width:3rem"></td>
  </tr></tbody></table>`;

describe("window checks (tests/e2e/geometry.ts)", () => {
  test("a table of boxes: one line a row, each box under its header", async () => {
    const win = await windowOf(GRID(""));
    expect(await checkGeometry(win, { headedGrids: [".grid"], keyboard: false })).toEqual([]);
  });

  test("a row whose boxes wrap onto two lines is found", async () => {
    const win = await windowOf(GRID("display:block"));
    const found = await checkGeometry(win, { headedGrids: [".grid"], keyboard: false });
    expect(found.join("\n")).toMatch(/Ana's boxes are not on one line/);
  });

  test("a box slid away from its header is found", async () => {
    const win = await windowOf(GRID(""), ".grid input[name=net]{position:relative;left:150px}");
    const found = await checkGeometry(win, { headedGrids: [".grid"], keyboard: false });
    expect(found).toEqual([
      expect.stringMatching(/input\[name=net\] is not under its header "Net"/),
    ]);
  });

  test("accessible names: Chromium's, words needed, no untranslated key", async () => {
    const win = await windowOf(`
      <label>Name <input type="text" name="named"></label>
      <input type="number" name="aria" aria-label="Ana: Stealth">
      <button type="button">Roll</button>
      <button type="button" aria-label="Enter the total">✓</button>
      <input type="number" name="bare">
      <button type="button" name="mark">✓</button>
      <select name="key" aria-label="KOLIKOLY.Foundry.Panel.Action"><option>a</option></select>
      <input type="number" name="gone" style="display:none">`);
    const found = await unnamedControls(win);
    expect(found).toEqual([
      "no accessible name: input[type=number][name=bare]",
      'no words in the accessible name "✓": button[type=button][name=mark]',
      'no words in the accessible name "KOLIKOLY.Foundry.Panel.Action": select[name=key]',
    ]);
    expect(await win.locator("[data-kk-named]").count(), "its marks are taken away").toBe(0);
  });

  test("a tick box beside its words passes; above them, or with no label, is found", async () => {
    const good = await windowOf(
      `<label style="display:flex;gap:4px;width:120px"><input type="checkbox" name="a" style="flex:none"> Keep fishing when the ten fish are out</label>`,
    );
    expect(await checkGeometry(good, { keyboard: false })).toEqual([]);
    const above = await windowOf(
      `<label style="display:flex;flex-wrap:wrap;width:120px"><input type="checkbox" name="b"><span>Keep fishing when the ten fish are out</span></label>`,
    );
    expect((await checkGeometry(above, { keyboard: false })).join("\n")).toMatch(
      /a tick box apart from its words: label/,
    );
    const far = await windowOf(
      `<label style="display:flex;justify-content:space-between;width:400px"><input type="checkbox" name="c"> Far</label>`,
    );
    expect((await checkGeometry(far, { keyboard: false })).join("\n")).toMatch(
      /a tick box apart from its words/,
    );
    const bare = await windowOf(`<input type="checkbox" name="d" aria-label="Alone"> Alone`);
    expect(await checkGeometry(bare, { keyboard: false })).toEqual([
      "a tick box without a label: input[name=d]",
    ]);
  });
});
