/**
 * scripts/release.mjs without a build: URLs from the configured repository, the CHANGELOG gate, and
 * verifyRelease (the v13 manifest check) against zips built here with the real Foundry CLI packs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import { unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  changelogEntry,
  manifestFields,
  releaseUrls,
  repositoryOf,
  setJsonFields,
  setVersion,
  verifyRelease,
} from "../../scripts/release.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const REPO = "https://github.com/kolikoly/kolikoly-fishing";
const enc = (s: string) => new TextEncoder().encode(s);

describe("release URLs and CHANGELOG", () => {
  it("derives the manifest (stable, latest) and download (this version) URLs from one address", () => {
    expect(releaseUrls(REPO, "0.1.0")).toEqual({
      manifest: `${REPO}/releases/latest/download/module.json`,
      download: `${REPO}/releases/download/v0.1.0/kolikoly-fishing.zip`,
    });
    expect(repositoryOf({ kolikoly: { repository: `${REPO}.git/` } })).toBe(REPO);
    expect(() => repositoryOf({})).toThrow(/kolikoly.repository/);
    expect(() => repositoryOf({ kolikoly: { repository: "github.com/x" } })).toThrow();
  });

  it("the repository's package.json names the repository and the release script", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(repositoryOf(pkg)).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+$/);
    expect(pkg.scripts.release).toBe("node scripts/release.mjs");
  });

  it("finds a version's CHANGELOG section in its usual spellings, and only with a body", () => {
    const text = "# Changelog\n\n## [0.2.0] - 2026-11-29\n\n- more fish\n\n## v0.1.0\n\n- first\n";
    expect(changelogEntry(text, "0.2.0")).toBe("- more fish");
    expect(changelogEntry(text, "0.1.0")).toBe("- first");
    expect(changelogEntry(text, "0.1")).toBeUndefined();
    expect(changelogEntry(text, "0.1.00")).toBeUndefined();
    expect(changelogEntry("## 1.0.0\n\n## 0.9.0\n- x\n", "1.0.0")).toBeUndefined();
    expect(
      changelogEntry(fs.readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8"), "0.1.0"),
    ).toBeTruthy();
  });
});

describe("module.json's addresses (issue 23)", () => {
  const committed = JSON.parse(fs.readFileSync(path.join(ROOT, "module.json"), "utf8"));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));

  it("every address Foundry's listing reads comes from package.json's one repository", () => {
    const tagged = (file: string) => `${REPO}/blob/v1.2.3/${file}`;
    expect(manifestFields(REPO, "1.2.3")).toEqual({
      version: "1.2.3",
      url: REPO,
      manifest: `${REPO}/releases/latest/download/module.json`,
      download: `${REPO}/releases/download/v1.2.3/kolikoly-fishing.zip`,
      bugs: `${REPO}/issues`,
      readme: tagged("README.md"),
      changelog: tagged("CHANGELOG.md"),
      license: tagged("LICENSE"),
    });
    // the committed manifest holds them for its version, as a release writes them
    for (const [k, v] of Object.entries(manifestFields(repositoryOf(pkg), pkg.version)))
      expect(committed[k], k).toBe(v);
  });

  it("recommends Dice So Nice, a module, with a reason shown to the GM", () => {
    expect(committed.relationships.recommends).toEqual([
      { id: "dice-so-nice", type: "module", reason: expect.stringMatching(/\w{3,}/) },
    ]);
    expect(committed.relationships.requires).toEqual([]);
  });

  it("LICENSE is the MIT licence package.json names", () => {
    expect(pkg.license).toBe("MIT");
    const text = fs.readFileSync(path.join(ROOT, "LICENSE"), "utf8");
    expect(text).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} The Kolikoly Fishing authors\n/);
    expect(text).toMatch(/THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND/);
  });

  it("setJsonFields replaces values where they stand and adds missing ones, nothing else", () => {
    const text = '{\n  "a": "x",\n  "n": { "a": "inner" },\n  "l": [{ "a": "y" }],\n  "b": 1\n}\n';
    expect(setJsonFields(text, { a: 'z"q', c: "new" })).toBe(
      '{\n  "a": "z\\"q",\n  "n": { "a": "inner" },\n  "l": [{ "a": "y" }],\n  "b": 1,\n  "c": "new"\n}\n',
    );
    expect(() => setJsonFields(text, { b: "2" })).toThrow(/b is not a string field/);
    expect(() => setJsonFields("[]", { a: "x" })).toThrow(/not a JSON object/);
  });

  it("a release rewrites only the lines of the fields it sets: the rest keeps its formatting", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-release-fields-"));
    try {
      for (const f of ["module.json", "package.json", "package-lock.json"])
        fs.copyFileSync(path.join(ROOT, f), path.join(tmp, f));
      const before = fs.readFileSync(path.join(tmp, "module.json"), "utf8");
      const pkgBefore = fs.readFileSync(path.join(tmp, "package.json"), "utf8");
      await setVersion(tmp, "7.8.9", REPO);
      const after = fs.readFileSync(path.join(tmp, "module.json"), "utf8");
      const a = before.split("\n");
      const b = after.split("\n");
      expect(b.length).toBe(a.length);
      const changed = a.flatMap((line, i) => (line === b[i] ? [] : [b[i]!.trim()]));
      const fields = manifestFields(REPO, "7.8.9");
      // the version and the four addresses that name it; url, manifest and bugs stay as they were
      expect(changed.sort()).toEqual(
        ["version", "download", "readme", "changelog", "license"]
          .map((k) => `${JSON.stringify(k)}: ${JSON.stringify(fields[k as keyof typeof fields])},`)
          .map((l) => (l.startsWith('"license"') ? l.slice(0, -1) : l))
          .sort(),
      );
      const pkgAfter = fs.readFileSync(path.join(tmp, "package.json"), "utf8");
      expect(pkgAfter).toBe(pkgBefore.replace(/"version": "[^"]+"/, '"version": "7.8.9"'));
      // and the same version again writes the committed file back byte for byte
      await setVersion(tmp, JSON.parse(pkgBefore).version, REPO);
      expect(fs.readFileSync(path.join(tmp, "module.json"), "utf8")).toBe(before);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe("npm run release refuses before changing anything", () => {
  let tmp = "";
  const files = ["package.json", "module.json", "CHANGELOG.md"];
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-release-pre-"));
    fs.mkdirSync(path.join(tmp, "scripts"));
    fs.copyFileSync(path.join(ROOT, "scripts/release.mjs"), path.join(tmp, "scripts/release.mjs"));
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(tmp, "node_modules"));
    fs.writeFileSync(
      path.join(tmp, "package.json"),
      JSON.stringify({ name: "x", version: "0.0.1", kolikoly: { repository: REPO } }, null, 2) +
        "\n",
    );
    fs.writeFileSync(
      path.join(tmp, "module.json"),
      JSON.stringify({ id: "kolikoly-fishing", version: "0.0.1" }),
    );
    fs.writeFileSync(path.join(tmp, "CHANGELOG.md"), "# Changelog\n\n## 0.0.1\n\n- old\n");
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  const release = (...args: string[]) =>
    spawnSync(process.execPath, [path.join(tmp, "scripts/release.mjs"), ...args], {
      cwd: tmp,
      encoding: "utf8",
    });
  const snapshot = () => files.map((f) => fs.readFileSync(path.join(tmp, f), "utf8"));

  it("fails clearly without a CHANGELOG entry for the version", () => {
    const before = snapshot();
    const r = release("0.2.0");
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/CHANGELOG\.md has no entry for 0\.2\.0: add a "## 0\.2\.0" section/);
    expect(snapshot()).toEqual(before);
  });

  it("fails clearly on a version that is not semver, or none", () => {
    const before = snapshot();
    for (const v of [["1.2"], ["v1.2.3"], []]) {
      const r = release(...v);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/is not a version like 1\.2\.3/);
    }
    expect(snapshot()).toEqual(before);
  });
});

describe("verifyRelease: module.json against the zip, as Foundry v13 reads it", () => {
  let packDir = "";
  let base: Record<string, Uint8Array> = {};
  const manifest = {
    id: "kolikoly-fishing",
    title: "Kolikoly Fishing",
    compatibility: { minimum: "13", verified: "14" },
    esmodules: ["kolikoly-fishing.js"],
    styles: ["kolikoly-fishing.css"],
    languages: [
      { lang: "en", name: "English", path: "lang/en.json" },
      { lang: "fr", name: "Français", path: "lang/fr.json" },
      { lang: "de", name: "Deutsch", path: "lang/de.json" },
    ],
    packs: [
      {
        name: "kolikoly-rules",
        label: "KOLIKOLY.Packs.Rules",
        path: "packs/kolikoly-rules",
        type: "JournalEntry",
        ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
      },
    ],
    packFolders: [{ name: "Kolikoly Fishing", packs: ["kolikoly-rules"], folders: [] }],
    relationships: {
      recommends: [{ id: "dice-so-nice", type: "module", reason: "3D dice" }],
    },
    ...manifestFields(REPO, "0.1.0"),
  };
  const zip = (m: object, extra: Record<string, Uint8Array | null> = {}) => {
    const files: Record<string, Uint8Array> = { ...base, "module.json": enc(JSON.stringify(m)) };
    for (const [k, v] of Object.entries(extra)) {
      if (v === null) delete files[k];
      else files[k] = v;
    }
    return zipSync(files);
  };

  beforeAll(async () => {
    packDir = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-verify-"));
    await compilePack(path.join(ROOT, "packs/_source/kolikoly-rules"), packDir, { yaml: true });
    base = {
      "kolikoly-fishing.js": enc("export {};"),
      "kolikoly-fishing.css": enc(".kolikoly-x{}"),
      "lang/en.json": enc("{}"),
      "lang/fr.json": enc("{}"),
      "lang/de.json": enc("{}"),
      "templates/panel.hbs": enc("<div></div>"),
      "assets/packs/adjacency-en.svg": enc("<svg/>"),
    };
    for (const f of fs.readdirSync(packDir))
      if (!["LOCK", "LOG", "LOG.old"].includes(f))
        base[`packs/kolikoly-rules/${f}`] = fs.readFileSync(path.join(packDir, f));
  });
  afterAll(() => fs.rmSync(packDir, { recursive: true, force: true }));

  it("accepts a complete zip, flat or in one kolikoly-fishing/ folder", () => {
    expect(verifyRelease(zip(manifest), { version: "0.1.0", repository: REPO })).toEqual([]);
    const nested = Object.fromEntries(
      Object.entries(unzipSync(zip(manifest))).map(([k, v]) => [`kolikoly-fishing/${k}`, v]),
    );
    expect(verifyRelease(zipSync(nested), { version: "0.1.0", repository: REPO })).toEqual([]);
    // a chunk the module imports at runtime, beside its declared script
    const chunk = zip(manifest, { "quench.js": enc("export {};") });
    expect(verifyRelease(chunk, { version: "0.1.0", repository: REPO })).toEqual([]);
  });

  const cases: Array<[string, () => Uint8Array, RegExp]> = [
    [
      "a missing esmodule",
      () => zip(manifest, { "kolikoly-fishing.js": null }),
      /esmodules: kolikoly-fishing\.js is not in the zip/,
    ],
    [
      "a missing language file",
      () => zip(manifest, { "lang/de.json": null }),
      /lang\/de\.json is not in the zip/,
    ],
    [
      "a language left out",
      () => zip({ ...manifest, languages: manifest.languages.slice(0, 2) }),
      /languages: de is missing/,
    ],
    [
      "a bad locale",
      () =>
        zip({
          ...manifest,
          languages: [
            ...manifest.languages,
            { lang: "not a locale!", name: "x", path: "lang/en.json" },
          ],
        }),
      /is not a locale/,
    ],
    [
      "a pack that is not LevelDB",
      () =>
        zip(
          manifest,
          Object.fromEntries(
            Object.keys(base)
              .filter((k) => k.startsWith("packs/"))
              .map((k) => [k, null]),
          ),
        ),
      /CURRENT is not in the zip/,
    ],
    [
      "an Actor pack without a system",
      () => zip({ ...manifest, packs: [{ ...manifest.packs[0], type: "Actor" }] }),
      /Actor packs must name a system/,
    ],
    [
      "an unknown pack type",
      () => zip({ ...manifest, packs: [{ ...manifest.packs[0], type: "Token" }] }),
      /not a compendium type/,
    ],
    [
      "a pack name with a period",
      () => zip({ ...manifest, packs: [{ ...manifest.packs[0], name: "a.b" }] }),
      /slug without periods/,
    ],
    [
      "an undeclared pack folder",
      () => zip({ ...manifest, packs: [] }),
      /packs\/kolikoly-rules is in the zip but not declared/,
    ],
    [
      "a pack folder naming an unknown pack",
      () => zip({ ...manifest, packFolders: [{ name: "K", packs: ["nope"] }] }),
      /pack nope is not declared/,
    ],
    [
      "the wrong download URL",
      () => zip({ ...manifest, download: `${REPO}/archive/main.zip` }),
      /download must be/,
    ],
    [
      "a bugs address of another repository",
      () => zip({ ...manifest, bugs: "https://github.com/someone/else/issues" }),
      /bugs must be https:\/\/github\.com\/kolikoly\/kolikoly-fishing\/issues/,
    ],
    [
      "no readme address",
      () => zip({ ...manifest, readme: "" }),
      /readme must be .*\/blob\/v0\.1\.0\/README\.md/,
    ],
    [
      "a recommended module without a type",
      () => zip({ ...manifest, relationships: { recommends: [{ id: "dice-so-nice" }] } }),
      /relationships\.recommends: dice-so-nice needs a type/,
    ],
    [
      "the wrong version",
      () => zip({ ...manifest, version: "0.0.9" }),
      /version is 0\.0\.9, expected 0\.1\.0/,
    ],
    [
      "compatibility before v13",
      () => zip({ ...manifest, compatibility: { minimum: "12" } }),
      /minimum must be 13/,
    ],
    [
      "sources in the zip",
      () => zip(manifest, { "src/foundry/main.ts": enc("") }),
      /src\/foundry\/main\.ts is in the zip but Foundry does not need it/,
    ],
    [
      "a script outside the module's script folder",
      () => zip(manifest, { "tests/quench/index.js": enc("") }),
      /tests\/quench\/index\.js is in the zip but Foundry does not need it/,
    ],
    [
      "a source map",
      () => zip(manifest, { "kolikoly-fishing.js.map": enc("{}") }),
      /\.map is in the zip but Foundry does not need it/,
    ],
    [
      "LevelDB's lock file",
      () => zip(manifest, { "packs/kolikoly-rules/LOCK": enc("") }),
      /LOCK is in the zip but Foundry does not need it/,
    ],
    [
      "module.json two folders deep",
      () => zipSync({ "a/kolikoly-fishing/module.json": enc("{}") }),
      /neither at the root of the zip nor in its one top folder/,
    ],
    [
      "a top folder not named after the module",
      () => zipSync({ "fishing/module.json": enc("{}") }),
      /must be kolikoly-fishing\//,
    ],
  ];
  for (const [what, make, problem] of cases) {
    it(`refuses ${what}`, () => {
      const problems = verifyRelease(make(), { version: "0.1.0", repository: REPO });
      expect(problems.join("\n")).toMatch(problem);
    });
  }
});
