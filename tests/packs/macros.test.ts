/**
 * The kolikoly-macros commands, run the way Foundry runs a script macro (an AsyncFunction over the
 * command, v13 Macro#_executeScript) against a small behavioural fake of the globals they touch:
 * game, ui, canvas (scene flags, token placeables), Hooks, CONST, Folder, Actor,
 * foundry.utils.saveDataToFile. The fake answers from the real lang/en.json, holds the public lake
 * where the module's projection puts it (flags["kolikoly-fishing"].lakes / .active), and offers
 * exactly the API methods src/foundry/api.ts declares (a test below keeps the two in step).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSource, sourceFiles } from "../../scripts/normalize-packs.mjs";
import { refusesModuleTypes, swarmBody } from "../../src/foundry/core/swarm-body.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MODULE_ID = "kolikoly-fishing";
const en = JSON.parse(fs.readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
const lookup = (key: string): string | undefined =>
  key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], en) as
    string | undefined;

interface MacroDoc {
  name: string;
  command: string;
  flags: Record<string, { macro: string; lang: string }>;
}
const macros = sourceFiles()
  .filter((f) => f.includes("kolikoly-macros") && !path.basename(f).startsWith("folder-"))
  .map((f) => parseSource(fs.readFileSync(f, "utf8"), f) as MacroDoc)
  .filter((m) => m.flags[MODULE_ID]!.lang === "en");
const command = (which: string) => macros.find((m) => m.flags[MODULE_ID]!.macro === which)!.command;

/** The API's methods, read from the KolikolyApi interface in src/foundry/api.ts. */
const apiSource = fs.readFileSync(path.join(ROOT, "src/foundry/api.ts"), "utf8");
const apiInterface = /export interface KolikolyApi \{([\s\S]*?)\n\}/.exec(apiSource)?.[1] ?? "";
/** The interface's `readonly kayanak: {...}` block (issue 11): the Kayanak methods, `api.kayanak.x(`. */
const kayanakBlock = /^ {2}readonly kayanak: \{([\s\S]*?)\n {2}\};/m.exec(apiInterface)?.[1] ?? "";
const KAYANAK_METHODS = new Set([...kayanakBlock.matchAll(/^\s+(\w+)\(/gm)].map((m) => m[1]!));
const API_METHODS = new Set(
  [...apiInterface.replace(kayanakBlock, "").matchAll(/^\s+(\w+)\(/gm)].map((m) => m[1]!),
);
/** The players' side adds openDeclare to the same object at ready (src/foundry/hooks/players.ts). */
const playersHooks = fs.readFileSync(path.join(ROOT, "src/foundry/hooks/players.ts"), "utf8");
if (/Object\.assign\(mod\.api, \{[\s\S]*?\bopenDeclare:/.test(playersHooks))
  API_METHODS.add("openDeclare");

type Call = [string, ...unknown[]];
interface FakeToken {
  id: string;
  isOwner: boolean;
  controlled: boolean;
}
interface WorldOptions {
  gm?: boolean;
  active?: boolean;
  /** what api.openDeclare() gives back: the window, or undefined (no fisher of this user) */
  declareResult?: unknown;
  tokens?: FakeToken[];
  lake?: { id: string; fishers: string[] } | null;
  /** A Kayanak board on the scene (issue 11): where board.ts puts it, boards.<id> and activeBoard. */
  board?: { id: string } | null;
  exportResult?: unknown;
  /** The game system (default: one that builds module sub-types, as dnd5e). */
  system?: "dnd5e" | "pf2e";
}

/** pf2e's actor types (src/module/config/index.ts, CONFIG.PF2E.Actor.documentClasses). */
const PF2E_ACTOR_TYPES = [
  "army",
  "character",
  "npc",
  "hazard",
  "loot",
  "familiar",
  "party",
  "vehicle",
];

function world(o: WorldOptions = {}) {
  const { gm = true, active = true, tokens = [], lake = null, board = null } = o;
  const calls: Call[] = [];
  const notes: Array<[string, string]> = [];
  const saved: unknown[][] = [];
  const hooks = new Map<number, [string, (...a: unknown[]) => void]>();
  const folders: Array<{
    id: string;
    type: string;
    flags: Record<string, Record<string, unknown>>;
  }> = [];
  const actors: Array<Record<string, unknown> & { folder: { id: string } | null }> = [];
  const methods = new Set(API_METHODS);
  // CONFIG as the system leaves it: pf2e registers its own Actor classes (src/module/config/index.ts)
  const CONFIG =
    o.system === "pf2e"
      ? {
          PF2E: {
            Actor: { documentClasses: Object.fromEntries(PF2E_ACTOR_TYPES.map((t) => [t, {}])) },
          },
        }
      : {};
  const kayanak = new Proxy(
    {},
    {
      get: (_t, name: string) => {
        if (!KAYANAK_METHODS.has(name)) return undefined;
        return (...args: unknown[]) => {
          calls.push([`kayanak.${name}`, ...args]);
          if (name === "exportScenario")
            return Promise.resolve(
              o.exportResult ?? { ok: true, value: { format: "kayanak-scenario/1" } },
            );
          return undefined;
        };
      },
    },
  );
  const api = new Proxy(
    {},
    {
      get: (_t, name: string) => {
        if (name === "kayanak") return kayanak;
        if (!methods.has(name)) return undefined;
        return (...args: unknown[]) => {
          calls.push([name, ...args]);
          if (name === "exportScenario")
            return Promise.resolve(o.exportResult ?? { ok: true, value: { format: "kolikoly/1" } });
          if (name === "openDeclare") return Promise.resolve(o.declareResult);
          // as the module's api.ts: the live port's body, from the world's CONFIG
          if (name === "swarmBody") return swarmBody(refusesModuleTypes(CONFIG));
          return undefined;
        };
      },
    },
  );
  const localize = (k: string) => {
    const v = lookup(k);
    if (typeof v !== "string") throw new Error(`missing i18n key ${k}`);
    return v;
  };
  const getFlag =
    (flags: Record<string, Record<string, unknown>>) => (scope: string, key: string) =>
      flags[scope]?.[key];
  const scene = {
    id: "scene00000000001",
    flags:
      lake || board
        ? {
            [MODULE_ID]: {
              ...(lake
                ? {
                    active: lake.id,
                    lakes: {
                      [lake.id]: {
                        id: lake.id,
                        fishers: lake.fishers.map((t) => ({ tokenId: t })),
                      },
                    },
                  }
                : {}),
              ...(board ? { activeBoard: board.id, boards: { [board.id]: { id: board.id } } } : {}),
            },
          }
        : {},
  };
  const placeables = tokens.map((t) => ({
    ...t,
    document: { id: t.id, parent: scene },
  }));
  let nextHook = 1;
  const globals = {
    game: {
      modules: new Map(active ? [[MODULE_ID, { active: true, api }]] : []),
      user: { isGM: gm },
      i18n: {
        localize,
        has: (k: string) => typeof lookup(k) === "string",
        format: (k: string, data: Record<string, unknown>) =>
          localize(k).replace(/\{(\w+)\}/g, (_, n: string) => String(data[n])),
      },
      folders: {
        find: (fn: (f: unknown) => boolean) =>
          folders.map((f) => ({ ...f, getFlag: getFlag(f.flags) })).find(fn),
      },
      actors: {
        filter: (fn: (a: unknown) => boolean) =>
          actors.map((a) => ({ ...a, getFlag: getFlag(a.flags as never) })).filter(fn),
      },
    },
    ui: {
      notifications: {
        info: (m: string) => notes.push(["info", m]),
        warn: (m: string) => notes.push(["warn", m]),
        error: (m: string) => notes.push(["error", m]),
      },
    },
    canvas: {
      scene,
      tokens: { controlled: placeables.filter((t) => t.controlled), placeables },
    },
    Hooks: {
      on: (name: string, fn: (...a: unknown[]) => void) => {
        hooks.set(nextHook, [name, fn]);
        return nextHook++;
      },
      off: (name: string, id: number) => {
        expect(hooks.get(id)?.[0]).toBe(name);
        hooks.delete(id);
      },
    },
    CONST: {
      TOKEN_DISPLAY_MODES: {
        NONE: 0,
        CONTROL: 10,
        OWNER_HOVER: 20,
        HOVER: 30,
        OWNER: 40,
        ALWAYS: 50,
      },
      TOKEN_DISPOSITIONS: { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 },
    },
    Folder: {
      implementation: {
        create: async (data: { type: string; flags: Record<string, Record<string, unknown>> }) => {
          const f = { ...data, id: `folder${folders.length}` };
          folders.push(f);
          return f;
        },
      },
    },
    CONFIG,
    Actor: {
      implementation: {
        createDocuments: async (data: Array<Record<string, unknown>>) => {
          // pf2e's Actor class is ActorProxyPF2e: constructing a type missing from
          // CONFIG.PF2E.Actor.documentClasses throws, before anything is sent (src/module/actor/
          // base.ts, the proxy's `construct`; Document.createDocuments constructs each first)
          if (o.system === "pf2e")
            for (const d of data)
              if (!PF2E_ACTOR_TYPES.includes(d.type as string))
                throw new Error(
                  `Actor type ${String(d.type)} does not exist and actor module sub-types are not supported`,
                );
          for (const d of data) actors.push({ ...d, folder: { id: d.folder as string } });
          return data;
        },
      },
    },
    foundry: {
      utils: {
        saveDataToFile: (...a: unknown[]) => saved.push(a),
        // foundry.utils.setProperty (v13 common/utils/helpers.mjs): a dotted path, made as needed
        setProperty: (obj: Record<string, unknown>, key: string, value: unknown) => {
          const parts = key.split(".");
          let node = obj;
          for (const k of parts.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
          node[parts.at(-1)!] = value;
          return true;
        },
      },
    },
  };
  /** Fire a hook as Foundry would (Hooks.callAll). */
  const fire = (name: string, ...args: unknown[]) => {
    for (const [n, fn] of [...hooks.values()]) if (n === name) fn(...args);
  };
  const run = async (cmd: string) => {
    const AsyncFunction = (async () => {}).constructor as new (
      ...a: string[]
    ) => (...v: unknown[]) => Promise<unknown>;
    const names = Object.keys(globals);
    const fn = new AsyncFunction(
      "speaker",
      "actor",
      "token",
      "character",
      "scope",
      ...names,
      `{${cmd}\n}`,
    );
    return fn({}, null, null, null, {}, ...names.map((n) => globals[n as keyof typeof globals]));
  };
  return { calls, notes, saved, hooks, folders, actors, placeables, scene, fire, run };
}

const tok = (id: string, isOwner = true, controlled = false): FakeToken => ({
  id,
  isOwner,
  controlled,
});

describe("kolikoly-macros commands", () => {
  it("call only methods the module's API offers (src/foundry/api.ts, and the players' openDeclare)", () => {
    expect(API_METHODS.size).toBeGreaterThan(3);
    expect(KAYANAK_METHODS).toContain("exportScenario");
    for (const m of macros) {
      for (const [, name] of m.command.matchAll(/\bapi\.(\w+)\(/g))
        expect(API_METHODS, `${m.name}: api.${name}`).toContain(name);
      for (const [, name] of m.command.matchAll(/\bapi\.kayanak\.(\w+)\(/g))
        expect(KAYANAK_METHODS, `${m.name}: api.kayanak.${name}`).toContain(name);
    }
  });

  it("open the GM panel: calls api.openPanel()", async () => {
    const w = world();
    await w.run(command("openPanel"));
    expect(w.calls).toEqual([["openPanel"]]);
  });

  it("set up a lake: opens the wizard on the selected tokens' scene with only them ticked", async () => {
    const w = world({ tokens: [tok("t1", true, true), tok("t2", true, true), tok("t3")] });
    await w.run(command("openWizard"));
    expect(w.calls).toEqual([["openWizard", { sceneId: w.scene.id, tokens: ["t1", "t2"] }]]);
    expect(w.hooks.size).toBe(0); // the API takes the selection: no hook on the wizard's DOM
  });

  it("set up a lake with nothing selected: every token stays offered; players are refused", async () => {
    const w = world({ tokens: [tok("t1")] });
    await w.run(command("openWizard"));
    expect(w.calls).toEqual([["openWizard", { sceneId: w.scene.id, tokens: [] }]]);
    expect(w.hooks.size).toBe(0);
    const p = world({ gm: false });
    await p.run(command("openWizard"));
    expect(p.calls).toEqual([]);
    expect(p.notes).toEqual([["warn", lookup("KOLIKOLY.Macros.GMOnly")]]);
  });

  it("set up a Kayanak board: the wizard in Kayanak mode on the selected tokens' scene; players are refused", async () => {
    const w = world({ tokens: [tok("t1", true, true), tok("t2", true, true), tok("t3")] });
    await w.run(command("openKayanakWizard"));
    expect(w.calls).toEqual([
      ["openWizard", { sceneId: w.scene.id, tokens: ["t1", "t2"], mode: "kayanak" }],
    ]);
    const p = world({ gm: false });
    await p.run(command("openKayanakWizard"));
    expect(p.calls).toEqual([]);
    expect(p.notes).toEqual([["warn", lookup("KOLIKOLY.Macros.GMOnly")]]);
  });

  it("declare for my fisher: api.openDeclare() on a scene with a lake", async () => {
    const lake = { id: "lake000000000001", fishers: ["t1"] };
    const w = world({ gm: false, lake, declareResult: { id: "kolikoly-declare" } });
    expect(await w.run(command("openDeclare"))).toEqual({ id: "kolikoly-declare" });
    expect(w.calls).toEqual([["openDeclare"]]);
    expect(w.notes).toEqual([]);
  });

  it("declare for my fisher: says why when there is no lake here or no fisher of mine", async () => {
    const noLake = world({ gm: false });
    await noLake.run(command("openDeclare"));
    expect(noLake.calls).toEqual([]);
    expect(noLake.notes).toEqual([["warn", lookup("KOLIKOLY.Foundry.Error.noLake")]]);
    const notMine = world({ gm: false, lake: { id: "lake000000000001", fishers: ["t1"] } });
    await notMine.run(command("openDeclare"));
    expect(notMine.calls).toEqual([["openDeclare"]]);
    expect(notMine.notes).toEqual([["warn", lookup("KOLIKOLY.Players.Dialog.NoFishers")]]);
  });

  it("export the game: the active lake's scenario as a real download, GM only", async () => {
    const lake = { id: "lake000000000001", fishers: [] };
    const w = world({ lake });
    await w.run(command("exportScenario"));
    expect(w.calls).toEqual([["exportScenario", lake.id]]);
    expect(w.saved).toEqual([
      [
        JSON.stringify({ format: "kolikoly/1" }, null, 2),
        "application/json",
        `${lake.id}.kolikoly.json`,
      ],
    ]);
    const refused = world({
      lake,
      exportResult: { ok: false, error: { code: "gameOver", field: "", message: "x" } },
    });
    await refused.run(command("exportScenario"));
    expect(refused.saved).toEqual([]);
    expect(refused.notes).toEqual([["error", lookup("KOLIKOLY.Foundry.Error.gameOver")]]);
    const p = world({ gm: false, lake });
    await p.run(command("exportScenario"));
    expect(p.calls).toEqual([]);
    const noGame = world();
    await noGame.run(command("exportScenario"));
    expect(noGame.calls).toEqual([]);
    expect(noGame.notes).toEqual([["warn", lookup("KOLIKOLY.Kayanak.Foundry.Error.noGame")]]);
    // a lake and a board on one scene: the active lake is the game exported
    const both = world({ lake, board: { id: "board0000000001" } });
    await both.run(command("exportScenario"));
    expect(both.calls).toEqual([["exportScenario", lake.id]]);
  });

  it("export the game: with no lake, the scene's Kayanak board (api.kayanak.exportScenario), GM only", async () => {
    const board = { id: "board0000000001" };
    const w = world({ board });
    expect(await w.run(command("exportScenario"))).toEqual({ format: "kayanak-scenario/1" });
    expect(w.calls).toEqual([["kayanak.exportScenario", board.id]]);
    expect(w.saved).toEqual([
      [
        JSON.stringify({ format: "kayanak-scenario/1" }, null, 2),
        "application/json",
        `${board.id}.kayanak.json`,
      ],
    ]);
    expect(w.notes).toEqual([]);
    // a refusal in the Kayanak host's words, localized
    const refused = world({
      board,
      exportResult: { ok: false, error: { code: "unknownBoard", field: "board", message: "x" } },
    });
    await refused.run(command("exportScenario"));
    expect(refused.saved).toEqual([]);
    expect(refused.notes).toEqual([
      ["error", lookup("KOLIKOLY.Kayanak.Foundry.Error.unknownBoard")],
    ]);
    const p = world({ gm: false, board });
    await p.run(command("exportScenario"));
    expect(p.calls).toEqual([]);
    expect(p.notes).toEqual([["warn", lookup("KOLIKOLY.Macros.GMOnly")]]);
  });

  it("every macro says so, localized, when the module is not active", async () => {
    for (const m of macros) {
      const w = world({ active: false });
      await w.run(m.command);
      expect(w.calls, m.name).toEqual([]);
      expect(w.notes, m.name).toEqual([["error", lookup("KOLIKOLY.Macros.NotActive")]]);
    }
  });

  for (const [system, type, bar] of [
    ["dnd5e", `${MODULE_ID}.swarm`, "fish"],
    // issue 20 item 7: what the lake makes there (core/swarm-body.ts), a hazard whose HP are the fish
    ["pf2e", "hazard", "attributes.hp"],
  ] as const)
    it(`swarm presets (${system}): one swarm actor per look and size, of the lake's kind, once`, async () => {
      const w = world({ system });
      await w.run(command("stockPresets"));
      const LOOKS = 4;
      const SIZES = 3;
      expect(w.notes.filter(([k]) => k === "error")).toEqual([]);
      expect(w.actors).toHaveLength(LOOKS * SIZES);
      expect(new Set(w.actors.map((a) => a.img)).size).toBe(LOOKS);
      const fishOf = (a: Record<string, unknown>) =>
        bar.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], a.system) as {
          value: number;
          max: number;
        };
      expect(new Set(w.actors.map((a) => fishOf(a).max))).toEqual(new Set([4, 7, 10]));
      expect(w.folders).toHaveLength(1);
      expect(new Set(w.actors.map((a) => a.name)).size).toBe(w.actors.length);
      for (const a of w.actors) {
        expect(a.type).toBe(type);
        const fish = fishOf(a);
        expect(fish.value).toBe(fish.max);
        expect(fish.max).toBeGreaterThanOrEqual(4); // K4: 1d7+3
        expect(fish.max).toBeLessThanOrEqual(10);
        const token = a.prototypeToken as {
          bar1: { attribute: string };
          actorLink: boolean;
          texture: { src: string };
        };
        expect(token.bar1.attribute).toBe(bar);
        expect(token.actorLink).toBe(false);
        expect(
          fs.existsSync(path.join(ROOT, token.texture.src.replace(`modules/${MODULE_ID}/`, ""))),
        ).toBe(true);
        expect(a.name).not.toMatch(/KOLIKOLY|\{/);
      }
      expect(w.notes).toEqual([["info", `${w.actors.length} swarm actors created.`]]);
      // run again: nothing new, the same folder
      await w.run(command("stockPresets"));
      expect(w.actors).toHaveLength(LOOKS * SIZES);
      expect(w.folders).toHaveLength(1);
      expect(w.notes.at(-1)).toEqual(["info", "0 swarm actors created."]);
    });

  it("pf2e refuses the module's sub-type: the presets as they were made before would throw", async () => {
    const w = world({ system: "pf2e" });
    const old = command("stockPresets").replace("type: body.type,", `type: "${MODULE_ID}.swarm",`);
    expect(old).not.toBe(command("stockPresets"));
    await expect(w.run(old)).rejects.toThrow(/module sub-types are not supported/);
    expect(w.actors).toEqual([]);
  });
});
