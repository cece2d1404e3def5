/**
 * The length estimate in Chromium as the GM waits for it (issue 22): the table's New game form
 * filled with a lake and party, and the page's own measure of the wait (`kolikoly-estimate`,
 * src/sandbox/length.ts: from the question to the answer shown, the 250 ms the form waits for
 * typing to settle not counted). The table's worker answers, from the production build.
 */
import type { Browser } from "playwright-core";
import type { LakeSpec } from "../../src/rules/index.ts";

export interface PageTiming {
  readonly lake: LakeSpec;
  readonly fishers: number;
  readonly ms: number;
  readonly text: string;
}

/** Asks each lake once in one page, in order (each shape set up cold, as a GM's first ask is). */
export async function timePageEstimates(
  browser: Browser,
  url: string,
  lakes: readonly (readonly [LakeSpec, number])[],
): Promise<PageTiming[]> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const done = () =>
    page.waitForFunction(() => {
      const e = document.querySelector<HTMLElement>("#ks-estimate");
      return e?.dataset.state === "done" || e?.dataset.state === "none";
    });
  const measures = () =>
    page.evaluate(() => performance.getEntriesByName("kolikoly-estimate").length);
  try {
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true] .kolikoly-lake");
    await done(); // the session lake's estimate, which also starts the worker
    const out: PageTiming[] = [];
    for (const [lake, fishers] of lakes) {
      const before = await measures();
      // one event for the four fields: the form asks once, a moment after
      await page.evaluate(
        ([w, h, l, f]) => {
          for (const [name, v] of Object.entries({ width: w, height: h, levels: l, fishers: f })) {
            const input = document.querySelector<HTMLInputElement>(
              `#ks-new input[name="${name}"]`,
            )!;
            input.value = String(v);
          }
          document
            .querySelector<HTMLInputElement>('#ks-new input[name="fishers"]')!
            .dispatchEvent(new Event("input", { bubbles: true }));
        },
        [lake.width, lake.height, lake.levels, fishers] as const,
      );
      await page.waitForFunction(
        (n) => performance.getEntriesByName("kolikoly-estimate").length > n,
        before,
      );
      await done();
      const ms = await page.evaluate(() => {
        const all = performance.getEntriesByName("kolikoly-estimate");
        return all[all.length - 1]!.duration;
      });
      out.push({ lake, fishers, ms, text: (await page.textContent("#ks-estimate"))!.trim() });
    }
    return out;
  } finally {
    await context.close();
  }
}
