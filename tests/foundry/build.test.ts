/**
 * npm run build (issue 3 item 1): the manifest, one ES module and its CSS, templates, lang,
 * packs compiled by the Foundry CLI and readable as LevelDB, and a zip with only what Foundry
 * needs. Also: every KOLIKOLY.Foundry key the module uses exists, and none is left unused.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ClassicLevel } from "classic-level";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, test } from "vitest";
import { buildModule, shipped } from "../../scripts/build.mjs";
import { link } from "../../scripts/link.mjs";
import { loadFigures } from "../../scripts/bundle-graph.mjs";
import { SETTINGS } from "../../src/foundry/core/settings.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
let out: string;
let zip: Record<string, Uint8Array>;

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-build-"));
  await buildModule(out);
  zip = unzipSync(fs.readFileSync(path.join(out, "kolikoly-fishing.zip")));
}, 120_000);

describe("the built module", () => {
  test("manifest: id, v13 minimum, 14.369 verified, no maximum, swarm sub-type, every pack compiled", () => {
    const m = JSON.parse(fs.readFileSync(path.join(out, "module.json"), "utf8"));
    expect(m.id).toBe("kolikoly-fishing");
    expect(m.compatibility).toEqual({ minimum: "13", verified: "14.369" });
    expect(m.documentTypes.Actor.swarm).toBeDefined();
    expect(m.esmodules).toEqual(["scripts/kolikoly-fishing.js"]);
    expect(m.relationships.systems).toEqual([]);
    expect(m.version).toBe(
      JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version,
    );
    for (const f of [
      ...m.esmodules,
      ...m.styles,
      ...m.languages.map((l: { path: string }) => l.path),
    ])
      expect(zip[`kolikoly-fishing/${f}`], f).toBeDefined();
    for (const p of m.packs)
      expect(zip[`kolikoly-fishing/${p.path}/CURRENT`], p.name).toBeDefined();
  });

  test("the zip holds one folder with only what Foundry loads", () => {
    const names = Object.keys(zip);
    expect(names.every((n) => n.startsWith("kolikoly-fishing/"))).toBe(true);
    const top = new Set(names.map((n) => n.split("/")[1]));
    expect([...top].sort()).toEqual([
      "LICENSE",
      "assets",
      "lang",
      "module.json",
      "packs",
      "scripts",
      "styles",
      "templates",
    ]);
    expect(names.filter((n) => !shipped(n.slice("kolikoly-fishing/".length)))).toEqual([]);
    expect(zip["kolikoly-fishing/assets/swarm.svg"]).toBeDefined();
    // the entry and what it shares with the chunks, the chunks it imports only when needed
    // (Kayanak, the GM's, the lake set-up, the declaration window, the pictures, Quench), and the
    // lake wizard's Web Worker, a file of its own
    expect(
      [
        ...new Set(
          names
            .filter((n) => n.includes("/scripts/"))
            .map((n) => n.replace(/shared-[\w-]+\.js$/, "shared-<hash>.js")),
        ),
      ].sort(),
    ).toEqual([
      "kolikoly-fishing/scripts/create.js",
      "kolikoly-fishing/scripts/declare-dialog.js",
      "kolikoly-fishing/scripts/estimate-worker.js",
      "kolikoly-fishing/scripts/fair-proof.js",
      "kolikoly-fishing/scripts/fair-start.js",
      "kolikoly-fishing/scripts/gm-crypto.js",
      "kolikoly-fishing/scripts/gm-desk-chunk.js",
      "kolikoly-fishing/scripts/gm-windows.js",
      "kolikoly-fishing/scripts/kayanak-chunk.js",
      "kolikoly-fishing/scripts/kolikoly-fishing.js",
      "kolikoly-fishing/scripts/lake-art.js",
      "kolikoly-fishing/scripts/live-writes.js",
      "kolikoly-fishing/scripts/quench.js",
      "kolikoly-fishing/scripts/shared-<hash>.js",
      "kolikoly-fishing/scripts/table-check-gm.js",
    ]);
    expect(zip["kolikoly-fishing/templates/foundry/card.hbs"]).toBeDefined();
  });

  test("issue 23: Kayanak is a chunk loaded only with import(), never by the entry at start", () => {
    const fig = loadFigures(out);
    const js = (f: string) => fs.readFileSync(path.join(out, f), "utf8");
    // at start: the entry and the shared chunks it imports, nothing else
    expect([...new Set(fig.start.map((f) => f.replace(/shared-[\w-]+/, "shared")))]).toEqual([
      "scripts/kolikoly-fishing.js",
      "scripts/shared.js",
    ]);
    expect(fig.chunks.map((c) => c.chunk).sort()).toEqual([
      "scripts/create.js",
      "scripts/declare-dialog.js",
      // fair dice: a player's first fair roll, a round card's check (players/fair-*.ts)
      "scripts/fair-proof.js",
      "scripts/fair-start.js",
      "scripts/gm-crypto.js",
      "scripts/gm-desk-chunk.js",
      "scripts/gm-windows.js",
      "scripts/kayanak-chunk.js",
      "scripts/lake-art.js",
      "scripts/live-writes.js",
      "scripts/quench.js",
      "scripts/table-check-gm.js",
    ]);
    // a chunk brings only itself and what it shares with another chunk
    for (const c of fig.chunks)
      expect(
        c.files.filter((f) => f !== c.chunk && !/^scripts\/shared-[\w-]+\.js$/.test(f)),
        c.chunk,
      ).toEqual([]);
    // the one import() of the Kayanak chunk is kayanak/load.ts's
    const startText = fig.start.map(js).join("\n");
    expect(startText.match(/import\(`\.\/kayanak-chunk\.js`\)/g)).toHaveLength(1);
    // the host, the canvas layer and the Kayanak rules are in the chunk only
    for (const marker of ["kolikoly.kayanakTurn", "kolikoly-kayanak-board", "kayanak-scenario/1"]) {
      expect(startText, marker).not.toContain(marker);
      expect(js("scripts/kayanak-chunk.js"), marker).toContain(marker);
    }
    // what Foundry reads before ready stays at start: the dice terms' faces
    expect(startText).toContain("KOLIKOLY.Kayanak.Foundry.Face.");
  });

  test("issue 20 item 2: the boards' pictures are a chunk loaded with import(), never at start", () => {
    const fig = loadFigures(out);
    const js = (f: string) => fs.readFileSync(path.join(out, f), "utf8");
    const startText = fig.start.map(js).join("\n");
    // the one import() of the lake's pictures is fishing/layer.ts's; none at start is static
    expect(startText.match(/import\(`\.\/lake-art\.js`\)/g)).toHaveLength(1);
    expect(startText).not.toMatch(/(?:from|import)\s*["']\.\/lake-art\.js["']/);
    // the drawing (its styles, its fog) and the sprites: in the chunks only, not at start
    const art = fig.chunks.find((c) => c.chunk === "scripts/lake-art.js")!;
    const chunkText = art.files.map(js).join("\n");
    for (const marker of ["kolikoly-art__title", "kolikoly-sq__fog", "image/svg+xml"]) {
      expect(startText, marker).not.toContain(marker);
      expect(chunkText, marker).toContain(marker);
    }
  });

  test("issue 23: the GM windows are a chunk loaded only with import(), never by the entry at start", () => {
    const fig = loadFigures(out);
    const js = (f: string) => fs.readFileSync(path.join(out, f), "utf8");
    const startText = fig.start.map(js).join("\n");
    // the one import() of the GM windows' chunk is apps/windows.ts's; no file at start imports it
    expect(startText.match(/import\(`\.\/gm-windows\.js`\)/g)).toHaveLength(1);
    expect(startText).not.toMatch(/(?:from|import)\s*["']\.\/gm-windows\.js["']/);
    // the panel and the wizard (its Kayanak form too): in the chunk only
    for (const marker of [
      "kolikoly-gm-panel",
      "kolikoly-lake-wizard",
      "KOLIKOLY.Kayanak.Foundry.Wizard.Title",
    ]) {
      expect(startText, marker).not.toContain(marker);
      expect(js("scripts/gm-windows.js"), marker).toContain(marker);
    }
  });

  test("issue 23: the GM store's cipher and scrypt are a chunk loaded only with import(), never at start", () => {
    const fig = loadFigures(out);
    const js = (f: string) => fs.readFileSync(path.join(out, f), "utf8");
    const startText = fig.start.map(js).join("\n");
    // the one import() of the crypto chunk is core/store/crypto.ts's; no file at start imports it
    expect(startText.match(/import\(`\.\/gm-crypto\.js`\)/g)).toHaveLength(1);
    expect(startText).not.toMatch(/(?:from|import)\s*["']\.\/gm-crypto\.js["']/);
    // XChaCha20's constant ("expand 32-byte k"), scrypt's memory bound, the key copy's refusal:
    // in the chunk only
    for (const marker of ["expand 32-byte k", "maxmem", "copyHoldsMore"]) {
      expect(startText, marker).not.toContain(marker);
      expect(js("scripts/gm-crypto.js"), marker).toContain(marker);
    }
  });

  test("issue 23: the GM desk and its roll checks are a chunk loaded only with import(), never at start", () => {
    const fig = loadFigures(out);
    const js = (f: string) => fs.readFileSync(path.join(out, f), "utf8");
    const startText = fig.start.map(js).join("\n");
    // the one import() of the GM desk's chunk is players/gm-desk-load.ts's; none at start is static
    expect(startText.match(/import\(`\.\/gm-desk-chunk\.js`\)/g)).toHaveLength(1);
    expect(startText).not.toMatch(/(?:from|import)\s*["']\.\/gm-desk-chunk\.js["']/);
    // the integrity checks' reasons (systems/roll-integrity.ts): in the chunk only; the roll
    // card's template, which every client reads, at start
    for (const marker of ["modifierMismatch", "aboveFixedCheck"]) {
      expect(startText, marker).not.toContain(marker);
      expect(js("scripts/gm-desk-chunk.js"), marker).toContain(marker);
    }
    expect(startText).toContain("players/roll-card.hbs");
  });

  test("issue 23: a lake's set-up and the scenario files are a chunk loaded only with import(), never at start", () => {
    const fig = loadFigures(out);
    const js = (f: string) => fs.readFileSync(path.join(out, f), "utf8");
    const startText = fig.start.map(js).join("\n");
    // the one import() of the set-up's chunk is fishing/host.ts's; none at start is static
    expect(startText.match(/import\(`\.\/create\.js`\)/g)).toHaveLength(1);
    expect(startText).not.toMatch(/(?:from|import)\s*["']\.\/create\.js["']/);
    // the scenario format's checks, the strict JSON reader and the import card: never at start
    const create = fig.chunks.find((c) => c.chunk === "scripts/create.js")!;
    const chunkText = create.files.map(js).join("\n");
    for (const marker of [
      "kolikoly-scenario/1",
      "duplicateKey",
      "KOLIKOLY.Foundry.Chat.ImportTitle",
    ]) {
      expect(startText, marker).not.toContain(marker);
      expect(chunkText, marker).toContain(marker);
    }
    // what a refusal to load says, at start (every client may need to say it)
    expect(startText).toContain("KOLIKOLY.Foundry.Error.chunkFailed");
  });

  test("issue 23: the declaration window is a chunk loaded only with import(), never at start", () => {
    const fig = loadFigures(out);
    const js = (f: string) => fs.readFileSync(path.join(out, f), "utf8");
    const startText = fig.start.map(js).join("\n");
    expect(startText.match(/import\(`\.\/declare-dialog\.js`\)/g)).toHaveLength(1);
    expect(startText).not.toMatch(/(?:from|import)\s*["']\.\/declare-dialog\.js["']/);
    // the window, its form and the shared form's view: in the chunk only; the templates' names,
    // which every client loads at init, at start
    const declare = fig.chunks.find((c) => c.chunk === "scripts/declare-dialog.js")!;
    const chunkText = declare.files.map(js).join("\n");
    for (const marker of ["kolikoly-declare-window", "KOLIKOLY.Players.Dialog.Picking"]) {
      expect(startText, marker).not.toContain(marker);
      expect(chunkText, marker).toContain(marker);
    }
    expect(startText).toContain("players/declare-dialog.hbs");
  });

  test("the wizard's worker is self-contained: it imports nothing, and carries the simulator", () => {
    const js = fs.readFileSync(path.join(out, "scripts/estimate-worker.js"), "utf8");
    expect(js).not.toMatch(/\bimport\s*[{("'*]|from\s*"|require\(|process\.env/);
    expect(js).toContain("onmessage");
  });

  test("the ES module imports nothing from node and carries no test fake", () => {
    // the entry and every chunk it loads (the Quench batches are tests, and say so)
    const js = [
      ...loadFigures(out).start,
      "scripts/kayanak-chunk.js",
      "scripts/lake-art.js",
      "scripts/gm-windows.js",
      "scripts/gm-crypto.js",
      "scripts/gm-desk-chunk.js",
      "scripts/create.js",
      "scripts/declare-dialog.js",
      "scripts/fair-proof.js",
      "scripts/fair-start.js",
    ]
      .map((f) => fs.readFileSync(path.join(out, f), "utf8"))
      .join("\n");
    expect(js).not.toMatch(/from\s*"node:|require\(|process\.env/);
    expect(js).not.toContain("fake server");
    expect(js).toContain("kolikoly.preResolveRound");
  });

  test("npm run link -- <FoundryData> links the build as Data/modules/kolikoly-fishing", () => {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-foundrydata-"));
    fs.mkdirSync(path.join(data, "Data/modules"), { recursive: true });
    const target = link(data, out);
    expect(target).toBe(path.join(data, "Data/modules/kolikoly-fishing"));
    expect(fs.readFileSync(path.join(target, "module.json"), "utf8")).toContain(
      '"kolikoly-fishing"',
    );
    expect(() => link(path.join(data, "nowhere"), out)).toThrow(/does not exist/);
  });

  test("packs are real LevelDB databases the Foundry CLI wrote", async () => {
    const m = JSON.parse(fs.readFileSync(path.join(out, "module.json"), "utf8"));
    for (const p of m.packs) {
      const db = new ClassicLevel(path.join(out, p.path), { valueEncoding: "json" });
      let n = 0;
      for await (const _ of db.keys()) n++;
      await db.close();
      expect(n, p.name).toBeGreaterThan(0);
    }
  });
});

describe("lang/en.json, KOLIKOLY.Foundry", () => {
  const lang = JSON.parse(fs.readFileSync(path.join(ROOT, "lang/en.json"), "utf8"));
  const flat = (o: object, p: string): string[] =>
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === "object" ? flat(v, `${p}.${k}`) : [`${p}.${k}`],
    );
  const defined = new Set(flat(lang.KOLIKOLY.Foundry, "KOLIKOLY.Foundry"));
  const files = [
    ...fs
      .readdirSync(path.join(ROOT, "src/foundry"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && !f.startsWith("players") && !f.startsWith("systems"))
      .map((f) => path.join(ROOT, "src/foundry", f)),
    ...["card.hbs", "gm-panel.hbs", "lake-wizard.hbs", "swarm-sheet.hbs", "table-check.hbs"].map(
      (f) => path.join(ROOT, "templates/foundry", f),
    ),
  ];
  const text = files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
  const used = new Set(text.match(/KOLIKOLY\.Foundry\.[A-Za-z.]+[A-Za-z]/g) ?? []);
  /** Keys built at run time from a value: the families and the values they take. */
  const dynamic = ["Event", "Action", "Reason", "Band", "Effect", "Check", "Error", "Settings"];

  test("every key the module uses is defined", () => {
    const missing = [...used].filter(
      (k) => !defined.has(k) && ![...defined].some((d) => d.startsWith(`${k}.`)),
    );
    expect(missing).toEqual([]);
  });

  test("no key is defined and never used", () => {
    const unused = [...defined].filter((k) => {
      if (used.has(k)) return false;
      const family = k.split(".")[2]!;
      // DataModel fields: LOCALIZATION_PREFIXES + ".FIELDS.<path>.label|hint" (API docs v13, DataModel)
      if (k.startsWith("KOLIKOLY.Foundry.Swarm.FIELDS."))
        return !text.includes('LOCALIZATION_PREFIXES = ["KOLIKOLY.Foundry.Swarm"]');
      if (family === "Settings")
        return !SETTINGS.some((s) => k.startsWith(`KOLIKOLY.Foundry.Settings.${s.key}.`));
      return !dynamic.includes(family);
    });
    expect(unused).toEqual([]);
  });
});
