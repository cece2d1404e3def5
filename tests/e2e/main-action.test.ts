/**
 * The main action in view: at every round start the GM's Resolve round button and Pass the screen
 * are on screen without scrolling, on a 1366x768 laptop and a 390x844 phone. Writes the buttons'
 * bottom edges to test-output/e2e/main-action.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OUT, sandboxPerFile } from "./harness.ts";

const table = sandboxPerFile();

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

describe("the main action in view (Chromium)", () => {
  it("Resolve round and Pass the screen are visible without scrolling at every round start", async () => {
    const figures: Record<string, unknown>[] = [];
    mkdirSync(OUT, { recursive: true });
    for (const viewport of VIEWPORTS) {
      const page = await table.browser.newPage({ viewport });
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      await page.goto(`${table.url}?fishers=4&seed=3`);
      await page.waitForSelector("body[data-ready=true]");
      for (let round = 0; round < 3; round++) {
        await page.evaluate(() => window.scrollTo(0, 0));
        const edges = await page.evaluate(() =>
          ["#ks-resolve", "#ks-pass"].map((sel) => {
            const r = document.querySelector(sel)!.getBoundingClientRect();
            return { sel, top: Math.round(r.top), bottom: Math.round(r.bottom) };
          }),
        );
        figures.push({ ...viewport, round, edges });
        writeFileSync(`${OUT}/main-action.json`, JSON.stringify(figures, null, 2));
        for (const e of edges) {
          expect(e.top, `${e.sel} at ${viewport.width}px, round ${round}`).toBeGreaterThanOrEqual(
            0,
          );
          expect(e.bottom, `${e.sel} at ${viewport.width}px, round ${round}`).toBeLessThanOrEqual(
            viewport.height,
          );
        }
        await page.click("#ks-resolve");
        await page.click("#ks-confirm-yes");
        await page.waitForSelector(`body[data-round="${round + 1}"]`);
      }
      expect(errors).toEqual([]);
      await page.close();
    }
    mkdirSync(OUT, { recursive: true });
    writeFileSync(`${OUT}/main-action.json`, JSON.stringify(figures, null, 2));
  }, 120_000);
});
