/**
 * The kolikoly-macros commands, run the way Foundry runs a script macro (an AsyncFunction over the
 * command, v13 Macro#_executeScript) against a small fake of the globals they touch: game, ui,
 * canvas, CONST, Folder, Actor. The fake answers from the real lang/en.json.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseSource, sourceFiles } from "../../scripts/normalize-packs.mjs";

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

type Call = [string, ...unknown[]];
/** A fake world: a behavioural stand-in, stateful, failing loudly on anything the macros should not use. */
function world({ gm = true, active = true, controlled = [] as object[] } = {}) {
  const calls: Call[] = [];
  const notes: Array<[string, string]> = [];
  const folders: Array<{
    id: string;
    type: string;
    name: string;
    flags: Record<string, Record<string, unknown>>;
  }> = [];
  const actors: Array<Record<string, unknown> & { folder: { id: string } | null }> = [];
  const api = new Proxy(
    {},
    {
      get: (_t, name: string) => {
        if (!["openPanel", "openWizard", "openDeclare", "exportScenario"].includes(name))
          throw new Error(`the macro used api.${name}, which the module does not offer`);
        return (...args: unknown[]) => {
          calls.push([name, ...args]);
          return Promise.resolve(true);
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
  const globals = {
    game: {
      modules: new Map(active ? [[MODULE_ID, { active: true, api }]] : []),
      user: { isGM: gm },
      i18n: {
        localize,
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
    canvas: { tokens: { controlled } },
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
        create: async (data: {
          name: string;
          type: string;
          flags: Record<string, Record<string, unknown>>;
        }) => {
          const f = { ...data, id: `folder${folders.length}` };
          folders.push(f);
          return f;
        },
      },
    },
    Actor: {
      implementation: {
        createDocuments: async (data: Array<Record<string, unknown>>) => {
          for (const d of data) actors.push({ ...d, folder: { id: d.folder as string } });
          return data;
        },
      },
    },
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
  return { calls, notes, folders, actors, run };
}

describe("kolikoly-macros commands", () => {
  it("open the GM panel: calls api.openPanel()", async () => {
    const w = world();
    await w.run(command("openPanel"));
    expect(w.calls).toEqual([["openPanel"]]);
  });

  it("set up a lake: hands the selected tokens to api.openWizard, GM only", async () => {
    const tokens = [{ id: "t1" }, { id: "t2" }];
    const w = world({ controlled: tokens });
    await w.run(command("openWizard"));
    expect(w.calls).toEqual([["openWizard", { tokens }]]);
    const p = world({ gm: false, controlled: tokens });
    await p.run(command("openWizard"));
    expect(p.calls).toEqual([]);
    expect(p.notes).toEqual([["warn", lookup("KOLIKOLY.Macros.GMOnly")]]);
  });

  it("declare for my fisher: calls api.openDeclare() for a player", async () => {
    const w = world({ gm: false });
    await w.run(command("openDeclare"));
    expect(w.calls).toEqual([["openDeclare"]]);
  });

  it("export the game: calls api.exportScenario(), GM only", async () => {
    const w = world();
    await w.run(command("exportScenario"));
    expect(w.calls).toEqual([["exportScenario"]]);
    const p = world({ gm: false });
    await p.run(command("exportScenario"));
    expect(p.calls).toEqual([]);
  });

  it("every macro says so, localized, when the module is not active", async () => {
    for (const m of macros) {
      const w = world({ active: false });
      await w.run(m.command);
      expect(w.calls, m.name).toEqual([]);
      expect(w.notes, m.name).toEqual([["error", lookup("KOLIKOLY.Macros.NotActive")]]);
    }
  });

  it("swarm presets: creates one swarm actor per look and size, once, in any system", async () => {
    const w = world();
    await w.run(command("stockPresets"));
    const LOOKS = 4;
    const SIZES = 3;
    expect(w.actors).toHaveLength(LOOKS * SIZES);
    expect(new Set(w.actors.map((a) => a.img)).size).toBe(LOOKS);
    expect(new Set(w.actors.map((a) => (a.system as { fish: { max: number } }).fish.max))).toEqual(
      new Set([4, 7, 10]),
    );
    expect(w.folders).toHaveLength(1);
    const names = new Set(w.actors.map((a) => a.name));
    expect(names.size).toBe(w.actors.length);
    for (const a of w.actors) {
      expect(a.type).toBe(`${MODULE_ID}.swarm`);
      const fish = (a.system as { fish: { value: number; max: number } }).fish;
      expect(fish.value).toBe(fish.max);
      expect(fish.max).toBeGreaterThanOrEqual(4); // K4: 1d7+3
      expect(fish.max).toBeLessThanOrEqual(10);
      const token = a.prototypeToken as {
        bar1: { attribute: string };
        actorLink: boolean;
        texture: { src: string };
      };
      expect(token.bar1.attribute).toBe("fish");
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
});
