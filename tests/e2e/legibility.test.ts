/**
 * The table at any size (issue 12 item 4), measured in Chromium at 1400, 1920 and 390 CSS px:
 * every text of the page (the lake's level titles, square numbers, fish counts and initials
 * included) is drawn at LEGIBLE_PX or more, read as the computed font size times the SVG's scale
 * on screen; a big lake (12x12x5) scrolls in its box instead of shrinking; a phone shows one level
 * at a time with a level switcher. Screenshots and the measured sizes go to test-output/e2e/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session } from "../../src/rules/index.ts";
import { exportScenario, startSession } from "../../src/rules/index.ts";
import { createBot } from "../../src/rules/bots/index.ts";
import { LEGIBLE_PX, MIN_ZOOM } from "../../src/ui/lake-svg.ts";
import type { NewTableOptions } from "../../src/sandbox/table.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import { OUT, launch, pageErrors, startSandbox } from "./harness.ts";
import { playBots } from "../sandbox/fixtures.ts";

let server: ViteDevServer;
let url: string;
let browser: Browser;
const measured: Record<string, unknown> = {};

beforeAll(async () => {
  ({ server, url } = await startSandbox());
  browser = await launch();
}, 60_000);
afterAll(async () => {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}/legibility.json`, JSON.stringify(measured, null, 2) + "\n");
  await browser?.close();
  await server?.close();
});

/** A game some rounds in (greedy bots): swarms with counts, explored squares, last round's arrows. */
function gameOn(o: NewTableOptions, rounds: number): Session {
  const s = startSession(setupFor(o));
  const bots = s.state.fishers.map((f, i) => createBot("greedy", f.id, o.seed * 7 + i));
  return playBots(s, bots, rounds);
}

async function load(page: Page, session: Session): Promise<void> {
  await page.setInputFiles("#ks-load", {
    name: "game.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(exportScenario(session))),
  });
  await page.waitForSelector(`body[data-round="${session.state.round}"]`);
}

async function open(width: number, query: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  (page as unknown as { kolikolyErrors: string[] }).kolikolyErrors = errors;
  await page.goto(url + query);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}

interface Sizes {
  /** The smallest drawn size of each kind of text, CSS px. */
  readonly lake: Record<string, number>;
  /** The smallest drawn size of any text on the page, and what it was. */
  readonly page: { readonly px: number; readonly what: string };
  readonly count: number;
}

/** Drawn font sizes: computed font-size times the on-screen scale of the SVG the text is in. */
function measure(page: Page): Promise<Sizes> {
  return page.evaluate(() => {
    const drawn = (el: Element): number => {
      const fs = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGGraphicsElement) {
        const m = el.getScreenCTM();
        return m ? fs * Math.min(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d)) : fs;
      }
      return fs;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== "hidden";
    };
    const min: Record<string, number> = {};
    const kinds: [string, string][] = [
      ["levelTitle", ".kolikoly-level__label"],
      ["squareNumber", ".kolikoly-axis__n"],
      ["initials", ".kolikoly-fisher__label"],
      ["fishCount", ".kolikoly-swarm__count"],
      ["fog", ".kolikoly-sq__fog"],
    ];
    for (const [kind, sel] of kinds)
      for (const el of document.querySelectorAll(sel))
        if (visible(el)) min[kind] = Math.min(min[kind] ?? Infinity, drawn(el));
    // Every element of the page that holds text of its own.
    let page = { px: Infinity, what: "" };
    let count = 0;
    const all = document.querySelectorAll("body *");
    for (const el of all) {
      if (el.closest(".ks-visually-hidden, .ks-skip, script, style, title, desc, option")) continue;
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim() !== "");
      if (!own || !visible(el)) continue;
      count++;
      const px = drawn(el);
      if (px < page.px) page = { px, what: el.outerHTML.slice(0, 120) };
    }
    return { lake: min, page, count };
  });
}

const GAMES = {
  "6x6x3": gameOn({ width: 6, height: 6, levels: 3, fishers: 4, seed: 5 }, 10),
  "12x12x5": gameOn({ width: 12, height: 12, levels: 5, fishers: 6, seed: 3 }, 12),
};

describe("legible at any size (Chromium)", () => {
  for (const width of [1400, 1920, 390])
    for (const name of ["6x6x3", "12x12x5"] as const)
      it(`${width} px, ${name}: no text below ${LEGIBLE_PX} px; the lake is not shrunk`, async () => {
        // The big lake from the URL (as the issue tried it), then a game on it loaded from a file.
        const page = await open(
          width,
          name === "12x12x5" ? "?width=12&height=12&levels=5&fishers=6&seed=3" : "",
        );
        await load(page, GAMES[name]);
        const sizes = await measure(page);
        measured[`${width}px ${name}`] = sizes;
        expect(sizes.count).toBeGreaterThan(50);
        for (const kind of ["levelTitle", "squareNumber", "initials", "fishCount", "fog"])
          expect(sizes.lake[kind], kind).toBeGreaterThanOrEqual(LEGIBLE_PX - 0.01);
        expect(sizes.page.px, sizes.page.what).toBeGreaterThanOrEqual(LEGIBLE_PX - 0.01);
        // Each level is drawn at its zoom (never below MIN_ZOOM), not squeezed into the box.
        const boards = await page.$$eval("svg.kolikoly-level__board", (svgs) =>
          svgs.map((s) => ({
            drawn: s.getBoundingClientRect().width,
            units: Number(s.getAttribute("viewBox")!.split(" ")[2]),
          })),
        );
        for (const b of boards) expect(b.drawn / b.units).toBeGreaterThanOrEqual(MIN_ZOOM - 0.001);
        const box = await page.$eval("#ks-lake", (e) => ({
          scrollW: e.scrollWidth,
          clientW: e.clientWidth,
          scrollH: e.scrollHeight,
          clientH: e.clientHeight,
        }));
        if (name === "12x12x5")
          // Too big for its box at any width here: it scrolls, sideways or down.
          expect(box.scrollW > box.clientW || box.scrollH > box.clientH).toBe(true);
        // The page itself never gets wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        const levels = await page.$$eval(".kolikoly-level", (ls) => ls.length);
        if (width === 390) {
          // A phone: one level at a time, with a switcher.
          expect(levels).toBe(1);
          await page.selectOption("#ks-level", "1");
          await page.waitForSelector('.kolikoly-level[data-level="1"]');
          await page.click("#ks-level-down");
          await page.waitForSelector('.kolikoly-level[data-level="2"]');
          expect(await page.$$eval(".kolikoly-level", (ls) => ls.length)).toBe(1);
          await page.click("#ks-level-up");
          await page.waitForSelector('.kolikoly-level[data-level="1"]');
          // Page Up / Page Down on a square show the level above or below.
          await page.focus(".kolikoly-sq[tabindex='0']");
          await page.keyboard.press("PageDown");
          await page.waitForSelector('.kolikoly-level[data-level="2"]');
          expect(
            await page.evaluate(() =>
              (document.activeElement as SVGGElement | null)?.dataset.at?.endsWith(",2"),
            ),
          ).toBe(true);
          await page.selectOption("#ks-level", "0");
          await page.waitForSelector('.kolikoly-level[data-level="0"]');
        } else {
          const expectedLevels = name === "6x6x3" ? 3 : 5;
          expect(levels).toBe(expectedLevels);
        }
        await page.screenshot({ path: `${OUT}/legibility-${width}-${name}.png`, fullPage: true });
        // Zooming out as far as it goes keeps the floor; zooming in grows the lake.
        for (let i = 0; i < 8; i++) await page.click("#ks-zoom-out");
        const out = await measure(page);
        expect(out.page.px, out.page.what).toBeGreaterThanOrEqual(LEGIBLE_PX - 0.01);
        expect(out.lake.initials).toBeGreaterThanOrEqual(LEGIBLE_PX - 0.01);
        measured[`${width}px ${name} zoomed out`] = out.lake;
        await page.click("#ks-zoom-in");
        await page.click("#ks-zoom-in");
        const bigger = await measure(page);
        expect(bigger.lake.initials).toBeGreaterThan(out.lake.initials!);
        await page.click("#ks-zoom-fit");
        expect(pageErrors(page)).toEqual([]);
        await page.close();
      });

  it("390 px: the balance panel's charts stay legible too, and the mean label clears the 90% line", async () => {
    const page = await open(390, "?width=3&height=3&levels=2&fishers=2&seed=4");
    await page.fill("#ks-balance-form input[name=games]", "40");
    await page.click("#ks-balance-run");
    await page.waitForSelector("#ks-chart-rounds .ks-chart__bar", { timeout: 60_000 });
    const sizes = await measure(page);
    measured["390px balance"] = sizes.page;
    expect(sizes.page.px, sizes.page.what).toBeGreaterThanOrEqual(LEGIBLE_PX - 0.01);
    // No mark label crosses another mark's line (the mean's label ran into the 90% line).
    const crossings = await page.$$eval(".ks-chart", (charts) =>
      charts.flatMap((svg) => {
        const lines = [...svg.querySelectorAll("line[stroke-dasharray]")].map((l) =>
          Number(l.getAttribute("x1")),
        );
        return [...svg.querySelectorAll<SVGTextElement>(".ks-chart__mark")].flatMap((t, i) => {
          const b = t.getBBox();
          return lines
            .filter((x, j) => j !== i && x > b.x && x < b.x + b.width)
            .map((x) => `${t.textContent} over the line at ${x}`);
        });
      }),
    );
    expect(crossings).toEqual([]);
    await page.locator("#ks-balance").screenshot({ path: `${OUT}/legibility-390-balance.png` });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
