/**
 * Issue 19 item 1: the module is built in one place (src/foundry/module.ts `createModule`).
 * - The root's hook list: one listener per Foundry hook name, each with what listens on it; this
 *   is the list main.ts registers (and the one the closing note prints). Building it touches
 *   nothing of Foundry: the port is asked for only when `init` runs.
 * - No code assigns a static field of a class (or a field of a module-level object named like
 *   one) from outside that class: what a class holds is given to it by constructor, or closed
 *   over by a class the root makes (swarmSheetClass). A source scan, shown to fire on a plant.
 *
 * module.ts imports the windows and the data model, whose files read `foundry` as they load (an
 * ApplicationV2 base class, the data fields); the list is read with `foundry` stood in by an
 * object that is anything, since nothing here runs a hook. The real module runs in the boot
 * test (tests/foundry/boot).
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { printHooks } from "../../src/foundry/hooks/hook-list.ts";
import { HookParts } from "../../src/foundry/hooks/hook-list.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The hook list as the closing note prints it. */
const HOOK_LIST = [
  "once init: core: swarm model and sheet, settings, queries, panel key; table check and leak watch; players: settings, roll card, HUD, declare window; H4 choice settings; Kayanak dice; public API",
  "once setup: swarm token bar; the swarm type hidden where the system refuses it; GM chunks preloaded",
  "on renderApplicationV2: swarm token bar; the swarm type hidden where the system refuses it",
  "once ready: store, keys, reconcile, boards drawn, news; table check and leak watch; players: settings, roll card, HUD, declare window; declaration window preloaded",
  "on canvasTearDown: store, keys, reconcile, boards drawn, news",
  "on canvasReady: store, keys, reconcile, boards drawn, news",
  "on updateScene: store, keys, reconcile, boards drawn, news; cards filled in for this client; their lake index follows scenes; windows follow scene flags, cards and users; players: settings, roll card, HUD, declare window",
  "on getSceneControlButtons: GM panel and wizard tools",
  "on renderChatMessageHTML: cards filled in for this client; their lake index follows scenes; players: settings, roll card, HUD, declare window",
  "on createScene: cards filled in for this client; their lake index follows scenes",
  "on deleteScene: cards filled in for this client; their lake index follows scenes",
  "on updateJournalEntry: GM cards redrawn from the store; table check and leak watch",
  "on createJournalEntry: GM cards redrawn from the store; table check and leak watch",
  "on createChatMessage: windows follow scene flags, cards and users",
  "on updateChatMessage: windows follow scene flags, cards and users",
  "on deleteChatMessage: windows follow scene flags, cards and users",
  "on userConnected: windows follow scene flags, cards and users; players: settings, roll card, HUD, declare window",
  "on kolikoly.roundResolved: table check and leak watch",
  "on renderTokenHUD: players: settings, roll card, HUD, declare window",
  "once diceSoNiceReady: Kayanak dice",
  "once i18nInit: pack labels localized",
];

describe("the composition root's hook list", () => {
  beforeAll(() => {
    // whatever a file reads of `foundry` as it loads: a stand-in that is any path, call or class
    const anything: unknown = new Proxy(function () {}, {
      get: (target, key) => (key === "prototype" ? {} : anything),
      apply: () => anything,
      construct: () => ({}),
    });
    vi.stubGlobal("foundry", anything);
  });
  afterAll(() => vi.unstubAllGlobals());

  test("one listener per Foundry hook, each saying who listens; nothing built before init", async () => {
    const { createModule } = await import("../../src/foundry/module.ts");
    const asked: string[] = [];
    const m = createModule(
      () => {
        asked.push("port");
        throw new Error("the port is asked for before init");
      },
      {
        lakeIds: () => [],
        boardIds: () => [],
        checkEnv: () => {
          throw new Error("read before init");
        },
        playerPort: () => {
          throw new Error("read before init");
        },
      },
    );
    const names = m.hooks.map((h) => h.name);
    expect(new Set(names).size).toBe(names.length);
    expect(printHooks(m.hooks)).toEqual(HOOK_LIST);
    expect(asked).toEqual([]);
    expect(m.table()).toBeUndefined();
  });

  test("a hook's parts run in order; one that throws or rejects is reported and the next runs", async () => {
    const parts = new HookParts();
    const ran: string[] = [];
    parts.part("a").once("init", () => void ran.push("a"));
    parts.part("b").once("init", () => {
      ran.push("b");
      throw new Error("b failed");
    });
    parts.part("c").once("init", async () => {
      ran.push("c");
      throw new Error("c failed");
    });
    parts.part("d").once("init", () => void ran.push("d"));
    parts.part("e").on("ready", () => void ran.push("e"));
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const list = parts.listeners();
    expect(list.map((h) => [h.name, h.once, h.parts])).toEqual([
      ["init", true, ["a", "b", "c", "d"]],
      ["ready", false, ["e"]],
    ]);
    list[0]!.fn();
    await new Promise((r) => setTimeout(r, 0));
    expect(ran).toEqual(["a", "b", "c", "d"]);
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([
      "kolikoly-fishing | init (b) failed",
      "kolikoly-fishing | init (c) failed",
    ]);
    errors.mockRestore();
  });

  test("a hook listened to both once and always is refused", () => {
    const parts = new HookParts();
    parts.part("a").once("ready", () => undefined);
    parts.part("b").on("ready", () => undefined);
    expect(() => parts.listeners()).toThrow(/both once and always/);
  });
});

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** The text of each `class Name ... { ... }` body in a source, by name (braces matched). */
function classBodies(source: string): { name: string; start: number; end: number }[] {
  const out: { name: string; start: number; end: number }[] = [];
  for (const m of source.matchAll(/\bclass\s+([A-Z]\w*)[^{]*\{/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < source.length && depth > 0; i++) {
      if (source[i] === "{") depth++;
      else if (source[i] === "}") depth--;
    }
    out.push({ name: m[1]!, start: m.index, end: i });
  }
  return out;
}

/**
 * Assignments `Name.field = …` (also `??=`, `||=`, `+=`…) to a PascalCase name, made outside the
 * body of `class Name` in the same file: a static field (or a field of a module-level object
 * named like a class) set from outside it.
 */
export function staticAssignments(source: string): string[] {
  const bodies = classBodies(source);
  const found: string[] = [];
  for (const m of source.matchAll(/\b([A-Z][a-z]\w*)\.(\w+)\s*(?:\?\?|\|\||&&|[-+*/])?=(?!=)/g)) {
    const inside = bodies.some((b) => b.name === m[1] && m.index > b.start && m.index < b.end);
    if (!inside) found.push(`${m[1]}.${m[2]}`);
  }
  return found;
}

describe("no static field of a class is assigned from outside it", () => {
  test("the scan fires on a plant, and leaves a class's own statics alone", () => {
    const planted = `
      class GmPanel { static lock; static open() { GmPanel.instance ??= 1; } }
      export function wire() { GmPanel.lock = async () => undefined; LakeWizard.dexFor ??= f; }
      const x = GmPanel.lock === undefined;`;
    expect(staticAssignments(planted)).toEqual(["GmPanel.lock", "LakeWizard.dexFor"]);
  });

  test("src/ assigns none", () => {
    const found = tsFiles(join(ROOT, "src")).flatMap((f) =>
      staticAssignments(readFileSync(f, "utf8")).map((a) => `${relative(ROOT, f)}: ${a}`),
    );
    expect(found).toEqual([]);
  });
});

describe("one table core under both games (issue 19 item 2)", () => {
  test("the hosts and the runtime share one core; a Kayanak board making the world's first key warns once", async () => {
    const { makePlayerTable } = await import("./players/fake-players.ts");
    const { board } = await import("./kayanak/fixtures.ts");
    const t = await makePlayerTable();
    const rt = t.gm.runtime!;
    const kayanak = await rt.kayanak.host();
    expect(rt.host.core).toBe(rt.core);
    expect(kayanak.games.core).toBe(rt.core);
    expect(rt.host.store).toBe(rt.core.store);
    // no lake yet: the board seals the world's first key in this browser (the wizard asks for a copy)
    expect(rt.core.store.ring.size).toBe(0);
    await board(t);
    expect(rt.host.takeKeyMade()).toBe(true);
    expect(rt.host.takeKeyMade()).toBe(false);
  });
});
