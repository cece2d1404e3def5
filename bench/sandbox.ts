/**
 * The sandbox's figures (issue 5, Performance), from a production build served locally and
 * Debian's Chromium: the page's JS+CSS size gzipped (target <= 250 KB) and the time from
 * navigation to the lake drawn (target < 1 s), read from the page's own
 * `performance.mark("kolikoly-lake-drawn")` (milliseconds since navigation start).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { build, preview } from "vite";
import { CHROMIUM, CHROMIUM_ARGS, freePort } from "../tests/e2e/harness.ts";
import type { BenchOptions, BenchRow } from "./lib/types.ts";
import { ISSUE_LAKES } from "./estimate.ts";
import { timePageEstimates } from "./lib/estimate-page.ts";

const CONFIG = fileURLToPath(new URL("../vite.config.ts", import.meta.url));
const LIMIT_KB = 250;
const LIMIT_MS = 1000;
const ESTIMATE_MS = 250;

const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** gzip sizes of the JS and CSS the page loads at first, and of every JS/CSS file (the balance worker too). */
function sizes(outDir: string): { initial: number; all: number } {
  const html = readFileSync(join(outDir, "index.html"), "utf8");
  const referenced = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  const assets = readdirSync(join(outDir, "assets")).filter((f) => /\.(js|css)$/.test(f));
  const initial = referenced.reduce((n, f) => n + gz(join(outDir, f)), 0);
  const all = assets.reduce((n, f) => n + gz(join(outDir, "assets", f)), 0);
  if (referenced.length === 0) throw new Error("the built page references no JS or CSS");
  return { initial, all };
}

export async function run(opts: BenchOptions): Promise<BenchRow[]> {
  const outDir = mkdtempSync(join(tmpdir(), "kolikoly-sandbox-bench-"));
  const rows: BenchRow[] = [];
  try {
    await build({ configFile: CONFIG, logLevel: "silent", build: { outDir, emptyOutDir: true } });
    const size = sizes(outDir);
    rows.push({
      name: "sandbox page JS+CSS, gzip (loaded at start)",
      value: kb(size.initial),
      target: `<= ${LIMIT_KB} KB`,
      ok: size.initial <= LIMIT_KB * 1024,
    });
    rows.push({
      name: "sandbox JS+CSS, gzip (with the balance worker)",
      value: kb(size.all),
      target: `<= ${LIMIT_KB} KB`,
      ok: size.all <= LIMIT_KB * 1024,
    });

    // A baseline beside the page: a static file with one inline mark, served the same way, so
    // the lake's time can be read against what any navigation costs on this machine and load.
    writeFileSync(
      join(outDir, "baseline.html"),
      '<!doctype html><title>baseline</title><p>baseline</p><script>performance.mark("kolikoly-lake-drawn")</script>',
    );
    const port = await freePort();
    const server = await preview({
      configFile: CONFIG,
      logLevel: "silent",
      build: { outDir },
      preview: { port, strictPort: true, host: "127.0.0.1" },
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const runs = opts.smoke ? 3 : 9;
      /** Median ms from navigation start to the page's `kolikoly-lake-drawn` mark, cold cache each time. */
      const timeTo = async (path: (i: number) => string, ready: string) => {
        const times: number[] = [];
        // Run -1 warms Chromium up and is not counted.
        for (let i = -1; i < runs; i++) {
          const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
          const page = await context.newPage();
          await page.goto(`http://127.0.0.1:${port}/${path(i)}`);
          await page.waitForSelector(ready);
          const ms = await page.evaluate(
            () => performance.getEntriesByName("kolikoly-lake-drawn")[0]!.startTime,
          );
          if (i >= 0) times.push(ms);
          await context.close();
        }
        return median(times);
      };
      const baseline = await timeTo(() => "baseline.html", "p");
      for (const [w, h, l, f] of [
        [6, 6, 3, 4],
        [12, 12, 5, 6],
      ] as const) {
        const ms = await timeTo(
          (i) => `?width=${w}&height=${h}&levels=${l}&fishers=${f}&seed=${i + 2}`,
          "body[data-ready=true] .kolikoly-lake",
        );
        rows.push({
          name: `sandbox navigation to lake drawn, ${w}x${h}x${l}, ${f} fishers (median of ${runs}, cold cache)`,
          value: `${ms.toFixed(0)} ms (${(ms / baseline).toFixed(1)}x a static page's ${baseline.toFixed(0)} ms)`,
          target: `< ${LIMIT_MS} ms`,
          ok: ms < LIMIT_MS,
        });
      }
      // issue 22: the length estimate's answer in the table's worker, target <= 250 ms
      const big = ISSUE_LAKES[ISSUE_LAKES.length - 1]!;
      const asked = [...ISSUE_LAKES, [big[0], 1] as const];
      const timings = await timePageEstimates(browser, `http://127.0.0.1:${port}/`, asked);
      for (const t of timings) {
        const { width, height, levels } = t.lake;
        rows.push({
          name: `length estimate in Chromium, ${width}x${height}x${levels}, ${t.fishers} fishers (the table's worker)`,
          value: `${t.ms.toFixed(0)} ms (${(t.ms / ESTIMATE_MS).toFixed(2)}x the target)`,
          target: `<= ${ESTIMATE_MS} ms`,
          ok: t.ms <= ESTIMATE_MS,
        });
      }
    } finally {
      await browser.close();
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return rows;
}
