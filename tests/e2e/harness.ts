/**
 * End-to-end harness: a Vite dev server for the sandbox on a free localhost port, and Debian's
 * Chromium driven by playwright-core (DEVELOPERS.md: never `npx playwright install`).
 */
import { mkdirSync } from "node:fs";
import { createServer as netServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { chromium } from "playwright-core";
import type { ViteDevServer } from "vite";
import { createServer } from "vite";
import { afterAll, beforeAll } from "vitest";

export const REPO = fileURLToPath(new URL("../..", import.meta.url));
export const OUT = `${REPO}test-output/e2e`;
export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = netServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startSandbox(): Promise<{ server: ViteDevServer; url: string }> {
  const port = await freePort();
  const server = await createServer({
    configFile: `${REPO}vite.config.ts`,
    logLevel: "silent",
    server: { port, strictPort: true, host: "127.0.0.1", hmr: false },
  });
  await server.listen();
  return { server, url: `http://127.0.0.1:${port}/` };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export async function openTable(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  (page as unknown as { kolikolyErrors: string[] }).kolikolyErrors = errors;
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  return page;
}

export function pageErrors(page: Page): string[] {
  return (page as unknown as { kolikolyErrors: string[] }).kolikolyErrors;
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
}

/**
 * A test file's table: one Vite server and one Chromium for the whole file, started before its
 * first test and stopped after its last. Read `url` and `browser` inside tests.
 */
export function sandboxPerFile(): { readonly url: string; readonly browser: Browser } {
  const ctx: { url: string; browser: Browser; server?: ViteDevServer } = {
    url: "",
    browser: undefined as unknown as Browser,
  };
  beforeAll(async () => {
    const { server, url } = await startSandbox();
    Object.assign(ctx, { server, url, browser: await launch() });
  }, 60_000);
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.server?.close();
  });
  return ctx;
}

/**
 * Writes a picture of the table for the docs (`file`, from the repository's root): the page at
 * `search` on a 1440x900 screen, `scenario` loaded through the file input `load` and the
 * selector `loaded` awaited, then `pose` done; the picture is cut just below the `main` element.
 */
export async function docsPicture(o: {
  readonly file: string;
  readonly search: string;
  readonly load: string;
  readonly scenario: unknown;
  readonly loaded: string;
  readonly pose: (page: Page) => Promise<void>;
  readonly main: string;
  /** The page's width in CSS px (1440 unless given). */
  readonly width?: number;
}): Promise<void> {
  const width = o.width ?? 1440;
  const { server, url } = await startSandbox();
  const browser = await launch();
  try {
    const page = await browser.newPage({
      viewport: { width, height: 900 },
      deviceScaleFactor: 1,
    });
    await page.goto(`${url}${o.search}`);
    await page.waitForSelector("body[data-ready=true]");
    await page.setInputFiles(o.load, {
      name: "picture.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(o.scenario)),
    });
    await page.waitForSelector(o.loaded);
    await o.pose(page);
    const main = await page.locator(o.main).boundingBox();
    await page.screenshot({
      path: `${REPO}${o.file}`,
      clip: { x: 0, y: 0, width, height: Math.min(900, (main!.y + main!.height + 12) | 0) },
    });
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Picks a view in a "Viewing as" select as the GM would: a player's view reaches the GM's or another
 * player's only through the GM gate (no passphrase set: the GM confirms they are at the screen).
 */
export async function viewAs(page: Page, select: string, value: string): Promise<void> {
  await page.selectOption(select, value);
  await passGate(page);
}

/** The GM answers the gate when it is open (the GM's word, no passphrase set). */
export async function passGate(page: Page): Promise<void> {
  if (await page.isVisible("#ks-gate")) {
    await page.click("#ks-gate-yes");
    await page.waitForSelector("#ks-gate", { state: "hidden" });
  }
}

/** Switches the game shown (from a player's view the GM gate asks, and the GM answers). */
export const pickGame = (page: Page, game: string): Promise<void> => viewAs(page, "#ks-game", game);
