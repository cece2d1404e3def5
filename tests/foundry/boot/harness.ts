/**
 * The boot test's machinery: the real module built into a temporary folder (scripts/build.mjs),
 * the fake client and the system stand-ins bundled with Vite, a small `node:http` server for all
 * of it on 127.0.0.1, and one browser context per user whose page is bridged to the Node fake
 * server: `exposeBinding("__kkSocket")` carries the page's socket events to the server (the
 * binding knows the page, so the user: Foundry's session), `page.evaluate(__kkDeliver)` carries
 * the server's events back, in order, one page at a time.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { build } from "vite";
import { REPO, freePort } from "../../e2e/harness.ts";
import type { ClientEvent, Reply, ServerEvent, Source } from "./protocol.ts";
import type { FakeFoundryServer } from "./server.ts";
import type { SystemId } from "./world.ts";
import { systemLang } from "./world.ts";

const HERE = `${REPO}tests/foundry/boot/`;

export interface Built {
  dist: string;
  client: string;
  systems: Map<string, string>;
  manifest: Source;
  cleanup(): void;
}

type Output = { fileName: string; code?: string; source?: string | Uint8Array };

function outputs(result: unknown): Output[] {
  const r = (Array.isArray(result) ? result[0] : result) as { output: Output[] };
  return r.output;
}

/** buildModule (the shipped module) and the two Vite bundles of the fake. */
export async function buildAll(): Promise<Built> {
  const dist = mkdtempSync(path.join(tmpdir(), "kolikoly-boot-"));
  const { buildModule } = (await import(`${REPO}scripts/build.mjs`)) as {
    buildModule(dir: string): Promise<unknown>;
  };
  await buildModule(dist);
  const client = outputs(
    await build({
      configFile: false,
      logLevel: "silent",
      build: {
        write: false,
        minify: false,
        lib: { entry: `${HERE}client/index.ts`, formats: ["iife"], name: "FakeFoundry" },
      },
    }),
  )[0]!.code!;
  const systems = new Map<string, string>();
  for (const o of outputs(
    await build({
      configFile: false,
      logLevel: "silent",
      build: {
        write: false,
        minify: false,
        rollupOptions: {
          input: {
            dnd5e: `${HERE}systems/dnd5e.ts`,
            pf2e: `${HERE}systems/pf2e.ts`,
            "kk-generic": `${HERE}systems/generic.ts`,
          },
          preserveEntrySignatures: "strict",
          output: {
            format: "es",
            entryFileNames: "[name].mjs",
            chunkFileNames: "chunk-[name].mjs",
          },
        },
      },
    }),
  ))
    if (o.code) systems.set(o.fileName, o.code);
  const manifest = JSON.parse(readFileSync(path.join(dist, "module.json"), "utf8")) as Source;
  return {
    dist,
    client,
    systems,
    manifest,
    cleanup: () => rmSync(dist, { recursive: true, force: true }),
  };
}

/**
 * The core `lang/en.json` stand-in: only the core keys the fake's own interface uses (Foundry
 * serves its own lang/en.json; the fake's windows are not Foundry's templates).
 */
const CORE_LANG = {
  SETTINGS: { Title: "Configure Settings" },
  CONTROLS: { GroupToken: "Token Controls", BasicSelect: "Select Tokens" },
  TYPES: { Base: "Base" },
  CHAT: {
    RollPublic: "Public Roll",
    RollPrivate: "Private GM Roll",
    RollBlind: "Blind GM Roll",
    RollSelf: "Self Roll",
    Public: "Public",
    GM: "GM",
    Blind: "Blind",
    Self: "Self",
  },
};

const TYPES: Record<string, string> = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".hbs": "text/plain",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".png": "image/png",
};

export interface Site {
  url: string;
  server: Server;
  /** Which system and generation the next /game page boots (one run at a time). */
  run: { system: string; generation: 13 | 14 };
  /** The module's files served so far (paths inside the module), in order: what pages loaded. */
  served: string[];
}

/** The HTTP side: the game page, the fake's bundles, the built module, the core lang stub. */
export async function serve(built: Built): Promise<Site> {
  const port = await freePort();
  const run = { system: "dnd5e", generation: 13 as 13 | 14 };
  const served: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const send = (status: number, body: string | Buffer, type = "text/plain") => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
      res.end(body);
    };
    const p = url.pathname;
    if (p === "/game") {
      const seed = Number(url.searchParams.get("seed") ?? 1);
      return send(
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${url.searchParams.get("user") ?? ""}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="modules/kolikoly-fishing/styles/kolikoly-fishing.css">
<script>window.__kkBoot = ${JSON.stringify({ generation: run.generation, seed })};</script>
<script src="boot/client.js"></script>
<script type="module" src="systems/${run.system}/${run.system}.mjs"></script>
<script type="module" src="modules/kolikoly-fishing/scripts/kolikoly-fishing.js"></script>
</head><body></body></html>`,
        "text/html",
      );
    }
    if (p === "/boot/client.js") return send(200, built.client, TYPES[".js"]);
    if (p === "/lang/en.json") return send(200, JSON.stringify(CORE_LANG), TYPES[".json"]);
    const lang = /^\/systems\/([^/]+)\/lang\/en\.json$/.exec(p);
    if (lang) return send(200, JSON.stringify(systemLang(lang[1] as SystemId)), TYPES[".json"]);
    const sys = /^\/systems\/[^/]+\/([^/]+)$/.exec(p);
    if (sys) {
      const code = built.systems.get(sys[1]!);
      return code ? send(200, code, TYPES[".mjs"]) : send(404, "not found");
    }
    const mod = /^\/modules\/kolikoly-fishing\/(.+)$/.exec(p);
    if (mod) {
      const file = path.join(built.dist, decodeURIComponent(mod[1]!));
      if (!file.startsWith(built.dist)) return send(403, "no");
      served.push(decodeURIComponent(mod[1]!));
      try {
        return send(
          200,
          readFileSync(file),
          TYPES[path.extname(file)] ?? "application/octet-stream",
        );
      } catch {
        return send(404, "not found");
      }
    }
    return send(404, "not found");
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, server, run, served };
}

export interface UserPage {
  readonly userId: string;
  readonly page: Page;
  readonly context: BrowserContext;
  /**
   * Console errors, page errors (unhandled rejections included), failed requests, deprecation
   * warnings and the module's fair-dice warnings.
   */
  readonly errors: string[];
  /** Waits for every event delivered so far to have reached the page. */
  delivered(): Promise<void>;
  reload(): Promise<void>;
}

/**
 * Opens one user's page: a browser context of its own (its own localStorage, as another
 * player's browser), the socket bridge, then /game until the page says it is ready.
 */
export async function openUser(
  browser: Browser,
  site: Site,
  server: () => FakeFoundryServer,
  userId: string,
  seed: number,
): Promise<UserPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  const errors: string[] = [];
  let session = "";
  let chain: Promise<unknown> = Promise.resolve();
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console.error: ${m.text()}`);
    // foundry.utils.logCompatibilityWarning's text: a deprecated API used on this generation
    if (m.type() === "warning" && m.text().includes("Deprecated since Version"))
      errors.push(`deprecation: ${m.text()}`);
    // the module's word that fair dice failed here: no CONFIG.Dice.fulfillment to give dice
    // through (players/live-port.ts fulfillDice), a fair check not drawn (players/fair-dice.ts),
    // a player's roll refused on the GM's page (players/roll-pickup.ts)
    if (
      m.type() === "warning" &&
      /^kolikoly-fishing \| (CONFIG\.Dice\.fulfillment|fair dice|refused the roll)/.test(m.text())
    )
      errors.push(`fair dice: ${m.text()}`);
  });
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
  // a navigation of the page (a reload) closes its socket
  page.on("framenavigated", (f) => {
    if (f === page.mainFrame() && session) server().disconnect(userId, session);
  });
  const deliver = (e: ServerEvent) => {
    chain = chain
      .then(() => page.evaluate((ev) => window.__kkDeliver?.(ev), e))
      .catch(() => undefined);
  };
  await page.exposeBinding("__kkSocket", async (_source, e: ClientEvent): Promise<Reply> => {
    if (e.event === "connect") {
      session = e.session;
      return { ok: true, value: server().connect({ userId, session: e.session, send: deliver }) };
    }
    return server().handle(userId, session, e);
  });
  const load = async () => {
    await page.goto(`${site.url}/game?user=${userId}&seed=${seed}`);
    await page.waitForSelector("body[data-ready=true]", { state: "attached", timeout: 20_000 });
  };
  await load();
  return {
    userId,
    page,
    context,
    errors,
    delivered: async () => {
      let last: Promise<unknown> | undefined;
      while (last !== chain) {
        last = chain;
        await last;
      }
    },
    reload: async () => {
      await page.reload();
      await page.waitForSelector("body[data-ready=true]", { state: "attached", timeout: 20_000 });
    },
  };
}
