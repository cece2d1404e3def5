#!/usr/bin/env node
// npm run build: the installable Foundry module in dist/ and dist/kolikoly-fishing.zip.
//   dist/module.json              the manifest (version from package.json, languages that exist)
//   dist/scripts/kolikoly-fishing.js   one ES module (vite.module.config.ts)
//   dist/scripts/estimate-worker.js    the lake wizard's Web Worker (vite.worker.config.ts)
//   dist/styles/kolikoly-fishing.css
//   dist/templates/, dist/lang/, dist/assets/, dist/packs/<pack> (LevelDB, scripts/build-packs.mjs)
//   dist/LICENSE
// The module's languages are lang/<xx>.json only: the CLI's and the standalone table's strings
// live in lang/cli/ and lang/sandbox/ and are not shipped to Foundry.
// The zip holds one folder, kolikoly-fishing/, with exactly those files: unzip it into
// FoundryData/Data/modules.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { zipSync } from "fflate";
import { buildPacks, sourcePacks } from "./build-packs.mjs";
import { manifestFields, repositoryOf } from "./release.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const ID = "kolikoly-fishing";
const LANGUAGE_NAMES = { en: "English", fr: "Français", de: "Deutsch" };

function copyDir(from, to, filter = () => true) {
  if (!fs.existsSync(from)) return;
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, e.name);
    const dest = path.join(to, e.name);
    if (e.isDirectory()) copyDir(src, dest, filter);
    else if (filter(src)) {
      fs.mkdirSync(to, { recursive: true });
      fs.copyFileSync(src, dest);
    }
  }
}

function listFiles(dir, base = dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory()
      ? listFiles(p, base)
      : [path.relative(base, p).split(path.sep).join("/")];
  });
}

export function manifest() {
  const m = JSON.parse(fs.readFileSync(path.join(ROOT, "module.json"), "utf8"));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  // the version and every address from package.json (the release sets the same in module.json)
  Object.assign(m, manifestFields(repositoryOf(pkg), pkg.version));
  m.languages = fs
    .readdirSync(path.join(ROOT, "lang"))
    .filter((f) => /^[a-z]{2}\.json$/.test(f))
    .sort((a, b) => (a === "en.json" ? -1 : b === "en.json" ? 1 : a.localeCompare(b)))
    .map((f) => {
      const lang = f.slice(0, 2);
      return { lang, name: LANGUAGE_NAMES[lang] ?? lang, path: `lang/${f}` };
    });
  const declared = new Set(m.packs.map((p) => p.name));
  for (const name of sourcePacks())
    if (!declared.has(name))
      throw new Error(`packs/_source/${name} is not declared in module.json`);
  m.packs = m.packs.filter((p) => sourcePacks().includes(p.name));
  return m;
}

/** LevelDB's lock and log files are made when a database is opened; Foundry does not need them shipped. */
export function shipped(file) {
  return !/^packs\/[^/]+\/(LOCK|LOG|LOG\.old)$/.test(file);
}

export async function buildModule(DIST = path.join(ROOT, "dist")) {
  fs.rmSync(DIST, { recursive: true, force: true });
  fs.mkdirSync(DIST, { recursive: true });
  await build({ configFile: path.join(ROOT, "vite.module.config.ts"), build: { outDir: DIST } });
  // the lake wizard's Web Worker, a file of its own (vite.worker.config.ts)
  await build({ configFile: path.join(ROOT, "vite.worker.config.ts"), build: { outDir: DIST } });
  copyDir(path.join(ROOT, "templates"), path.join(DIST, "templates"), (f) => f.endsWith(".hbs"));
  const m = manifest();
  // the module's own language files, the ones module.json declares (not lang/cli, lang/sandbox)
  fs.mkdirSync(path.join(DIST, "lang"), { recursive: true });
  for (const l of m.languages) fs.copyFileSync(path.join(ROOT, l.path), path.join(DIST, l.path));
  fs.copyFileSync(path.join(ROOT, "LICENSE"), path.join(DIST, "LICENSE"));
  copyDir(path.join(ROOT, "assets"), path.join(DIST, "assets"), (f) =>
    /\.(svg|webp|png|jpg)$/.test(f),
  );
  await buildPacks(path.join(DIST, "packs"));
  fs.writeFileSync(path.join(DIST, "module.json"), JSON.stringify(m, null, 2) + "\n");
  const files = {};
  for (const f of listFiles(DIST).filter(shipped))
    files[`${ID}/${f}`] = fs.readFileSync(path.join(DIST, f));
  const zip = zipSync(files, { level: 9, mtime: new Date("2026-01-01T00:00:00Z") });
  fs.writeFileSync(path.join(DIST, `${ID}.zip`), zip);
  return { files: Object.keys(files), zipBytes: zip.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await buildModule();
  console.log(
    `dist/ and dist/${ID}.zip: ${r.files.length} files, zip ${(r.zipBytes / 1024).toFixed(1)} KB`,
  );
}
