/**
 * `npm run release -- 0.1.0` end to end, in a copy of the repository (so the real dist/ and
 * manifests are never touched): the real build, then the zip read back the way Foundry installs
 * it. module.json is checked against the v13 manifest fields (verifyRelease), each pack is opened
 * from the zip with classic-level and its documents checked against the declared type, and every
 * module file a pack document or preset names is in the zip.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unzipSync, zipSync } from "fflate";
import {
  changelogEntry,
  readZip,
  releaseUrls,
  repositoryOf,
  verifyRelease,
} from "../../scripts/release.mjs";
import { COLLECTION_TYPE, readPack } from "../packs/read-packs.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const VERSION = "0.1.0";
const SKIP = new Set(["node_modules", ".git", "dist", "dist-sandbox", "test-output", "coverage"]);

let tmp = "";
const rootVersions = () =>
  ["package.json", "module.json"].map((f) => {
    const file = path.join(ROOT, f);
    if (!fs.existsSync(file)) return null;
    const j = JSON.parse(fs.readFileSync(file, "utf8"));
    return [j.version, j.manifest ?? null, j.download ?? null];
  });
let rootBefore: ReturnType<typeof rootVersions> = [];
let result: ReturnType<typeof spawnSync>;
let zip: Record<string, Uint8Array> = {};
let zipBytes: Uint8Array = new Uint8Array();
const text = (name: string) => new TextDecoder().decode(zip[name]);

beforeAll(() => {
  rootBefore = rootVersions();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-release-"));
  fs.cpSync(ROOT, tmp, {
    recursive: true,
    filter: (src) => !SKIP.has(path.relative(ROOT, src).split(path.sep)[0]!),
  });
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(tmp, "node_modules"));
  result = spawnSync(process.execPath, ["scripts/release.mjs", VERSION], {
    cwd: tmp,
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  const file = path.join(tmp, "dist", "kolikoly-fishing.zip");
  if (fs.existsSync(file)) {
    zipBytes = fs.readFileSync(file);
    zip = readZip(zipBytes).files;
  }
}, 240_000);
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe("npm run release -- 0.1.0", () => {
  it("succeeds and writes dist/module.json and dist/kolikoly-fishing.zip", () => {
    expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(fs.existsSync(path.join(tmp, "dist/module.json"))).toBe(true);
    expect(Object.keys(zip).length).toBeGreaterThan(10);
  });

  it("sets the version everywhere and derives both URLs from package.json's repository", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(tmp, "package.json"), "utf8"));
    const lock = JSON.parse(fs.readFileSync(path.join(tmp, "package-lock.json"), "utf8"));
    const manifest = JSON.parse(fs.readFileSync(path.join(tmp, "module.json"), "utf8"));
    const dist = JSON.parse(fs.readFileSync(path.join(tmp, "dist/module.json"), "utf8"));
    const urls = releaseUrls(repositoryOf(pkg), VERSION);
    expect([pkg.version, lock.version, lock.packages[""].version]).toEqual([
      VERSION,
      VERSION,
      VERSION,
    ]);
    for (const m of [manifest, dist, JSON.parse(text("module.json"))]) {
      expect(m.version).toBe(VERSION);
      expect(m.manifest).toBe(urls.manifest);
      expect(m.download).toBe(urls.download);
    }
  });

  it("the zip passes the v13 manifest check: every path present, packs, languages, nothing extra", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(tmp, "package.json"), "utf8"));
    expect(verifyRelease(zipBytes, { version: VERSION, repository: repositoryOf(pkg) })).toEqual(
      [],
    );
    const m = JSON.parse(text("module.json"));
    expect(m.languages.map((l: { lang: string }) => l.lang).sort()).toEqual(["de", "en", "fr"]);
    for (const l of m.languages)
      expect(text(l.path)).toBe(fs.readFileSync(path.join(ROOT, l.path), "utf8"));
  });

  it("each declared pack opens from the zip with classic-level and holds documents of its type", async () => {
    const m = JSON.parse(text("module.json"));
    const declared = (m.packs as Array<{ name: string; type: string; path: string }>)
      .map((p) => p.name)
      .sort();
    expect(declared).toEqual(fs.readdirSync(path.join(ROOT, "packs/_source")).sort());
    for (const p of m.packs as Array<{ name: string; type: string; path: string }>) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kolikoly-zip-${p.name}-`));
      try {
        for (const [name, bytes] of Object.entries(zip))
          if (name.startsWith(`${p.path}/`))
            fs.writeFileSync(path.join(dir, path.basename(name)), bytes);
        const built = await readPack(p.name, dir);
        const docs = [...built.docs.values()].filter((d) => d.__collection !== "folders");
        const types = new Set(docs.map((d) => COLLECTION_TYPE[d.__collection] ?? d.__collection));
        const n = docs.length;
        expect([...types], p.name).toEqual([p.type]);
        expect(n, p.name).toBeGreaterThanOrEqual(3);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it("every module file the packs name (art, diagrams, icons) is in the zip", () => {
    const named = new Set<string>();
    const scan = (s: string) => {
      for (const x of s.matchAll(
        /modules\/kolikoly-fishing\/([A-Za-z0-9_./-]+\.(?:svg|webp|png|json))/g,
      ))
        named.add(x[1]!);
    };
    for (const pack of fs.readdirSync(path.join(ROOT, "packs/_source")))
      for (const f of fs.readdirSync(path.join(ROOT, "packs/_source", pack)))
        scan(fs.readFileSync(path.join(ROOT, "packs/_source", pack, f), "utf8"));
    expect(named.size).toBeGreaterThan(8);
    for (const f of named) expect(zip[f], f).toBeDefined();
  });

  it("writes module.json as committed, byte for byte (same version: no diff at all)", () => {
    expect(fs.readFileSync(path.join(tmp, "module.json"), "utf8")).toBe(
      fs.readFileSync(path.join(ROOT, "module.json"), "utf8"),
    );
  });

  it("ships the LICENSE (MIT) in the zip", () => {
    expect(text("LICENSE")).toBe(fs.readFileSync(path.join(ROOT, "LICENSE"), "utf8"));
    expect(text("LICENSE")).toMatch(/^MIT License/);
  });

  it("ships only the module's language files, never the CLI's or the table's", () => {
    const langs = Object.keys(zip).filter((n) => n.startsWith("lang/"));
    expect(langs.sort()).toEqual(["lang/de.json", "lang/en.json", "lang/fr.json"]);
  });

  // the release workflow's steps after the build (.github/workflows/release.yml)
  const step = (...args: string[]) =>
    spawnSync(process.execPath, ["scripts/release.mjs", ...args], { cwd: tmp, encoding: "utf8" });

  it("--check passes the built zip for this version and this repository", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(tmp, "package.json"), "utf8"));
    const r = step("--check", VERSION, "--repository", repositoryOf(pkg));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(`dist/ checked for ${VERSION}`);
  });

  it("--check refuses another version, or a repository the manifest URLs do not name", () => {
    const other = step("--check", "0.1.1");
    expect(other.status).toBe(1);
    expect(other.stderr).toMatch(/version is 0\.1\.0, expected 0\.1\.1/);
    const fork = step("--check", VERSION, "--repository", "https://github.com/someone/fork");
    expect(fork.status).toBe(1);
    expect(fork.stderr).toMatch(/package\.json's repository is https:\/\/github\.com\/kolikoly/);
  });

  it("--check refuses a zip that lost a file its manifest names", () => {
    const file = path.join(tmp, "dist", "kolikoly-fishing.zip");
    const saved = fs.readFileSync(file);
    try {
      const files = unzipSync(saved);
      delete files["kolikoly-fishing/lang/fr.json"];
      fs.writeFileSync(file, zipSync(files));
      const r = step("--check", VERSION);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/languages: lang\/fr\.json is not in the zip/);
    } finally {
      fs.writeFileSync(file, saved);
    }
  });

  it("--notes prints this version's CHANGELOG section, the release's text", () => {
    const r = step("--notes", VERSION);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(
      changelogEntry(fs.readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8"), VERSION),
    );
    expect(step("--notes", "9.9.9").status).toBe(1);
  });

  it("leaves the repository's own package.json and module.json alone", () => {
    expect(rootVersions()).toEqual(rootBefore);
  });
});
