/**
 * Issue 12, a game that fits an evening, at the table in real Chromium: the new-game form says
 * how long the lake in it lasts for the party in it (the simulator in the page's Web Worker, the
 * same seeded figures as src/rules/sim/estimate.ts gives here), proposes a size for a wanted
 * number of rounds, and refuses what it cannot answer without changing anything.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { strings as en } from "../../src/sandbox/i18n.ts";
import { LAKE_LIMITS, SESSION_LAKE } from "../../src/rules/index.ts";
import type { LakeSpec } from "../../src/rules/index.ts";
import { estimateLength, proposeLake } from "../../src/rules/sim/index.ts";
import { TABLE_DEFAULTS } from "../../src/sandbox/table.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import { ESTIMATE_PAGE_GAMES, estimateText } from "../../src/ui/length-estimate.ts";
import { openTable, pageErrors, screenshot, sandboxPerFile } from "./harness.ts";

const L = makeLocalize(en);
const table = sandboxPerFile();

const lake = (width: number, height: number, levels: number): LakeSpec => ({
  width,
  height,
  levels,
  verticalAdjacency: true,
});
const expected = (l: LakeSpec, fishers: number) =>
  estimateText(estimateLength(l, fishers, ESTIMATE_PAGE_GAMES), (k, d) => L(k, d));

/** Waits for the estimate line to settle (not "playing test games"), then reads it. */
async function settled(page: Page): Promise<string> {
  await page.waitForFunction(() => {
    const e = document.querySelector<HTMLElement>("#ks-estimate");
    return e && e.dataset.state && e.dataset.state !== "busy";
  });
  return (await page.textContent("#ks-estimate"))!.trim();
}
const formValue = (page: Page, name: string) => page.inputValue(`#ks-new input[name="${name}"]`);

describe("the table's length estimate (issue 12, Chromium)", () => {
  it("the table starts on the session lake with 4 fishers and says how long it lasts", async () => {
    expect(TABLE_DEFAULTS).toMatchObject({
      width: SESSION_LAKE.width,
      height: SESSION_LAKE.height,
      levels: SESSION_LAKE.levels,
      fishers: 4,
    });
    const page = await openTable(table.browser, table.url);
    expect(await formValue(page, "width")).toBe("3");
    expect(await formValue(page, "levels")).toBe("2");
    const text = await settled(page);
    expect(text).toBe(expected(SESSION_LAKE, 4));
    // the session lake lasts an evening: 4 fishers finish it in about 20-30 rounds or fewer
    const median = Number(await page.getAttribute("#ks-estimate", "data-median"));
    expect(median).toBeGreaterThanOrEqual(10);
    expect(median).toBeLessThanOrEqual(30);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it("a changed size or party gets its own estimate; a size out of range gets none", async () => {
    const page = await openTable(table.browser, table.url);
    await settled(page);
    await page.fill('#ks-new input[name="width"]', "4");
    await page.fill('#ks-new input[name="height"]', "4");
    await page.fill('#ks-new input[name="fishers"]', "2");
    expect(await settled(page)).toBe(expected(lake(4, 4, 2), 2));
    await page.fill('#ks-new input[name="width"]', "99");
    // One cause, and no promise the form then breaks: New game refuses 99 too.
    expect(await settled(page)).toBe(
      L("KOLIKOLY.Sandbox.Length.OutOfRange", {
        field: L("KOLIKOLY.Sandbox.Width"),
        min: 1,
        max: LAKE_LIMITS.side,
      }),
    );
    expect(await page.getAttribute("#ks-estimate", "data-median")).toBe("");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('issue 22: games past the cap are said as "more than" the cap, never as a length, up to the largest lake', async () => {
    const page = await openTable(table.browser, table.url);
    await settled(page);
    const fill = async (w: number, h: number, l: number, f: number) => {
      for (const [name, v] of [
        ["width", w],
        ["height", h],
        ["levels", l],
        ["fishers", f],
      ] as const)
        await page.fill(`#ks-new input[name="${name}"]`, String(v));
    };
    // the case: on 12x12x5 every test game of 6 fishers runs to the cap
    await fill(12, 12, 5, 6);
    const capped = estimateLength(lake(12, 12, 5), 6, ESTIMATE_PAGE_GAMES);
    expect(capped.capped).toBe(capped.games);
    const text = await settled(page);
    expect(text).toBe(expected(lake(12, 12, 5), 6));
    expect(text).toContain(
      `lasts more than ${capped.cap} rounds: 100% of ${capped.games} test games`,
    );
    expect(text).not.toContain(`${capped.cap} to ${capped.cap}`);
    // the largest lake and party the table takes: answered, and as "more than" its cap
    await fill(LAKE_LIMITS.side, LAKE_LIMITS.side, LAKE_LIMITS.levels, LAKE_LIMITS.fishers);
    const big = lake(LAKE_LIMITS.side, LAKE_LIMITS.side, LAKE_LIMITS.levels);
    expect(await settled(page)).toBe(expected(big, LAKE_LIMITS.fishers));
    expect(await page.textContent("#ks-estimate")).toContain("lasts more than");
    // the page timed the GM's wait for each answer (bench/sandbox.ts reads it)
    const waits = await page.evaluate(() =>
      performance.getEntriesByName("kolikoly-estimate").map((m) => m.duration),
    );
    expect(waits.length).toBeGreaterThanOrEqual(3);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it("proposes a size for a wanted length: the form is filled, the game on the table is not touched", async () => {
    const page = await openTable(table.browser, table.url);
    await settled(page);
    const before = await page.getAttribute("body", "data-round");
    const squares = () => page.$$eval(".kolikoly-sq", (s) => s.length);
    const lakeBefore = await squares();
    await page.fill('#ks-new input[name="fishers"]', "2");
    await page.fill("#ks-target", "40");
    await page.click("#ks-propose");
    const p = proposeLake(40, 2);
    const text = await settled(page);
    expect(text).toBe(estimateText(p, (k, d) => L(k, d)));
    expect([
      await formValue(page, "width"),
      await formValue(page, "height"),
      await formValue(page, "levels"),
    ]).toEqual([String(p.lake.width), String(p.lake.height), String(p.lake.levels)]);
    expect(await page.getAttribute("body", "data-round")).toBe(before);
    expect(await squares()).toBe(lakeBefore);
    expect(lakeBefore).toBe(3 * 2 * 2);
    await screenshot(page, "table-length-estimate");
    // the GM starts the proposed game with the form's own button
    await page.click('#ks-new button[type="submit"]');
    const last = `${p.lake.width - 1},${p.lake.height - 1},${p.lake.levels - 1}`;
    await page.waitForSelector(`.kolikoly-sq[data-at="${last}"]`);
    expect(await page.$$eval(".kolikoly-sq", (s) => s.length)).toBe(
      p.lake.width * p.lake.height * p.lake.levels,
    );
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 120_000);

  it("a wanted length out of 3-400 is refused by name and nothing changes", async () => {
    const page = await openTable(table.browser, table.url);
    await settled(page);
    const sizes = async () =>
      Promise.all(["width", "height", "levels"].map((n) => formValue(page, n)));
    const before = await sizes();
    for (const bad of ["2", "401", "12.5"]) {
      await page.fill("#ks-target", bad);
      await page.click("#ks-propose");
      expect(await settled(page)).toBe(L("KOLIKOLY.Length.BadTarget", { field: "target" }));
      expect(await page.getAttribute("#ks-target", "aria-invalid")).toBe("true");
      expect(await sizes()).toEqual(before);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  }, 60_000);
});
