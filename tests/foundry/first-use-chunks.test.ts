/**
 * Issue 23: what a client loads on first use, not at start (core/lazy-chunk.ts). The chunk's
 * import is made to fail here as it does when the Foundry server cannot be reached for a moment:
 * the person who asked is told so in their language, nothing is written or sent, and the next use
 * loads it after all. The boot test loads the real chunks in a browser (tests/foundry/boot).
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { LazyChunk } from "../../src/foundry/core/lazy-chunk.ts";
import { makeApi } from "../../src/foundry/api.ts";
import { DeclareWindows } from "../../src/foundry/players/declare-windows.ts";
import { SquarePicks } from "../../src/foundry/players/square-pick.ts";
import { publicLakeOf } from "../../src/foundry/fishing/projection.ts";
import * as playerPreload from "../../src/foundry/hooks/player-preload.ts";
import type { HookSink } from "../../src/foundry/hooks/hook-list.ts";
import { lakeOn, makePlayerTable } from "./players/fake-players.ts";

const offline = vi.hoisted(() => ({ create: false, declare: false, declareImports: 0 }));

vi.mock("../../src/foundry/fishing/create.ts", async (original) => {
  if (offline.create) throw new TypeError("Failed to fetch dynamically imported module");
  return original();
});

vi.mock("../../src/foundry/players/declare-dialog.ts", () => {
  offline.declareImports++;
  if (offline.declare) throw new TypeError("Failed to fetch dynamically imported module");
  // the window itself needs Foundry's ApplicationV2: a stand-in that renders
  return {
    makeDeclareDialog: async (_w: unknown, _p: unknown, pub: { id: string }) => ({
      lakeId: pub.id,
      controller: { load: async () => undefined },
      render: async () => undefined,
    }),
  };
});

const CHUNK_FAILED =
  "Part of the module could not be loaded from the Foundry server; nothing was changed. Check the connection and try again, or reload.";

afterEach(() => {
  offline.create = false;
  offline.declare = false;
  vi.restoreAllMocks();
});

describe("a chunk loaded on first use (core/lazy-chunk.ts)", () => {
  test("imported once; a failed import is tried again at the next use, not remembered", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let tries = 0;
    const c = new LazyChunk("a test chunk", async () => {
      tries++;
      if (tries === 1) throw new Error("offline");
      return { n: tries };
    });
    await expect(c.get()).rejects.toThrow("offline");
    expect(c.now()).toBeUndefined();
    const ran: number[] = [];
    const r = await c.withChunk((m) => (ran.push(m.n), { ok: true as const, value: m.n }));
    expect(r).toEqual({ ok: true, value: 2 });
    expect(await c.get()).toBe(await c.get());
    expect(tries).toBe(2);
    expect(ran).toEqual([2]);
  });

  test("a failed import answers chunkFailed without running what needed the chunk", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const c = new LazyChunk("a test chunk", () => Promise.reject(new Error("offline")));
    const ran: unknown[] = [];
    const r = await c.withChunk((m) => (ran.push(m), { ok: true as const, value: 1 }));
    expect(r).toMatchObject({ ok: false, error: { code: "chunkFailed", field: "a test chunk" } });
    expect(ran).toEqual([]);
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe("the lake set-up and scenario files (fishing/create.ts, a GM's first lake)", () => {
  test("not loaded: the GM is told in their language and nothing is written; then it loads", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const t = await makePlayerTable();
    const a = makeApi(t.gm.runtime!, { panel: () => undefined, wizard: () => undefined });
    const before = t.server.requests.length;
    const scenes = JSON.stringify(t.server.truth.scenes);
    offline.create = true;
    const o = {
      sceneId: t.sceneId,
      scenario: { format: "kolikoly-scenario/1" },
      origin: { col: 1, row: 1 },
    };
    const r = await a.createFromScenario(o);
    expect(r).toMatchObject({ ok: false, error: { code: "chunkFailed", message: CHUNK_FAILED } });
    expect(t.server.requests.length).toBe(before);
    expect(JSON.stringify(t.server.truth.scenes)).toBe(scenes);
    // the server back: the same request reaches the engine, whose refusal names the file's field
    offline.create = false;
    const again = await a.createFromScenario(o);
    expect(again).toMatchObject({ ok: false, error: { field: "lake" } });
    expect(await lakeOn(t)).toMatch(/^lake/);
  });
});

describe("the declaration window (players/declare-windows.ts)", () => {
  test("not loaded: the player is told in their language, no window and nothing sent; then it opens", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    const [ana] = t.players;
    const pub = publicLakeOf(ana.scene(t.sceneId)!, lake)!;
    const windows = new DeclareWindows(() => ana.wiring, new SquarePicks());
    const before = t.server.requests.length;
    offline.declare = true;
    expect(await windows.show(pub, t.sceneId)).toBeUndefined();
    expect(ana.errors).toEqual([CHUNK_FAILED]);
    expect(t.server.requests.length).toBe(before);
    offline.declare = false;
    const w = await windows.show(pub, t.sceneId);
    expect(w).toMatchObject({ lakeId: lake });
    // one window per lake: shown again, the same window, the chunk not asked for again
    const imports = offline.declareImports;
    expect(await windows.show(pub, t.sceneId)).toBe(w);
    expect(offline.declareImports).toBe(imports);
  });

  test("a player's client asks for it after ready, when the browser idles; a GM's never", () => {
    for (const gm of [false, true]) {
      const added: { name: string; fn: () => unknown }[] = [];
      const hooks: HookSink = {
        on: () => undefined,
        once: (name, fn) => void added.push({ name, fn: fn as () => unknown }),
      };
      const idled: number[] = [];
      const loaded: string[] = [];
      playerPreload.listen(
        hooks,
        () => gm,
        [() => loaded.push("declare")],
        (fn, o) => {
          idled.push(o.timeout);
          fn();
        },
      );
      expect(added.map((a) => a.name)).toEqual(["ready"]);
      expect(loaded).toEqual([]);
      added[0]!.fn();
      expect(loaded).toEqual(gm ? [] : ["declare"]);
      expect(idled).toEqual(gm ? [] : [playerPreload.IDLE_TIMEOUT_MS]);
    }
  });
});
