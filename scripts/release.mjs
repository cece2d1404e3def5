#!/usr/bin/env node
// npm run release -- <version> [--root <dir>]
//
// 1. checks the version (semver), the configured repository (package.json "kolikoly.repository")
//    and that CHANGELOG.md has a section for this version, before touching anything;
// 2. sets the version in package.json, package-lock.json and module.json, and writes module.json's
//    fields that name the repository (manifestFields), all derived from its one address:
//      url        <repo>
//      manifest   <repo>/releases/latest/download/module.json   (stable: Foundry re-reads it to
//                                                                  find updates)
//      download   <repo>/releases/download/v<version>/kolikoly-fishing.zip  (this version's zip)
//      bugs       <repo>/issues
//      readme, changelog, license   <repo>/blob/v<version>/README.md, CHANGELOG.md, LICENSE
//    Each value is replaced where it stands in the file's text, so the rest of the file keeps its
//    formatting: a release's diff of module.json is those lines and nothing else;
// 3. builds (npm run build), which writes dist/module.json and dist/kolikoly-fishing.zip;
// 4. checks the zip as Foundry v13 would install it (verifyRelease): the manifest's fields, every
//    path it names present in the zip, each pack a LevelDB folder, the three languages, and
//    nothing in the zip Foundry does not need. Any problem fails the release.
// The release workflow (.github/workflows/release.yml) runs this on a version tag, then
//   node scripts/release.mjs --check <version> [--repository <url>]   the built zip checked again
//   node scripts/release.mjs --notes <version>                        the CHANGELOG section
// and uploads dist/module.json and dist/kolikoly-fishing.zip to the GitHub release v<version>.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { unzipSync } from "fflate";

export const MODULE_ID = "kolikoly-fishing";
export const ZIP_NAME = `${MODULE_ID}.zip`;
export const REQUIRED_LANGUAGES = ["en", "fr", "de"];
/** CONST.COMPENDIUM_DOCUMENT_TYPES (v13). */
export const COMPENDIUM_TYPES = [
  "Actor",
  "Adventure",
  "Cards",
  "Item",
  "JournalEntry",
  "Macro",
  "Playlist",
  "RollTable",
  "Scene",
];
/** Pack types Foundry requires a `system` for (v14 API docs, PackageCompendiumData.system). */
const SYSTEM_PACK_TYPES = ["Actor", "Item", "Adventure"];
const OWNERSHIP_LEVELS = ["NONE", "LIMITED", "OBSERVER", "OWNER"];
const USER_ROLES = ["PLAYER", "TRUSTED", "ASSISTANT", "GAMEMASTER"];

/**
 * What Foundry needs from the zip, and nothing else: the manifest, the files it names, and the
 * folders the module loads at runtime (templates, art, packs, translations). Source maps, sources,
 * tests, pack sources and LevelDB's lock and log files are not needed.
 */
const ALLOWED = [
  /^module\.json$/,
  /^LICENSE(\.md|\.txt)?$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^lang\/[a-z]{2}(-[A-Za-z]+)?\.json$/,
  /^packs\/[a-z0-9-]+\/(CURRENT|MANIFEST-\d+|\d+\.(ldb|log))$/,
  /^templates\/.+\.(hbs|html)$/,
  /^assets\/.+\.(svg|webp|png|jpg|jpeg|json|ogg|mp3|woff2?)$/,
];

export const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

export class ReleaseError extends Error {}

/** The configured repository address, normalised (https, no trailing slash or .git). */
export function repositoryOf(pkg) {
  const repo = pkg?.kolikoly?.repository;
  if (typeof repo !== "string" || !/^https:\/\/[^\s/]+\/[^\s]+$/.test(repo))
    throw new ReleaseError(
      'package.json has no "kolikoly": {"repository": "https://github.com/<owner>/<name>"}; ' +
        "set it with: npm pkg set kolikoly.repository=https://github.com/<owner>/<name>",
    );
  return repo.replace(/\/+$/, "").replace(/\.git$/, "");
}

export function releaseUrls(repository, version) {
  return {
    manifest: `${repository}/releases/latest/download/module.json`,
    download: `${repository}/releases/download/v${version}/${ZIP_NAME}`,
  };
}

/**
 * Every module.json field a release sets: the version and the addresses Foundry's package listing
 * reads (v13 PackageManifestData: url, manifest, download, bugs, readme, changelog, license), all
 * from the one repository address. readme, changelog and license point at this version's tag.
 */
export function manifestFields(repository, version) {
  return {
    version,
    url: repository,
    ...releaseUrls(repository, version),
    bugs: `${repository}/issues`,
    readme: `${repository}/blob/v${version}/README.md`,
    changelog: `${repository}/blob/v${version}/CHANGELOG.md`,
    license: `${repository}/blob/v${version}/LICENSE`,
  };
}

/**
 * Sets top-level string fields of a JSON text where they stand, leaving every other byte as it
 * was (a field not there yet is added before the closing brace, on a line of its own). Throws on a
 * text whose top level is not an object, or a field whose value is not a string.
 */
export function setJsonFields(text, fields) {
  const spans = new Map(); // key -> [start, end) of its string value
  let depth = 0;
  let key;
  let expectValue = false;
  let close = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (depth === 1 && expectValue) {
        spans.set(key, [i, j + 1]);
        expectValue = false;
      } else if (depth === 1 && !expectValue) key = JSON.parse(text.slice(i, j + 1));
      i = j;
    } else if (c === ":" && depth === 1) expectValue = true;
    else if (c === "{" || c === "[") {
      if (depth === 1) expectValue = false;
      depth++;
    } else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) close = i;
    } else if (depth === 1 && expectValue && /[^\s,]/.test(c)) expectValue = false;
  }
  if (close < 0 || text.trimStart()[0] !== "{") throw new Error("not a JSON object");
  const parsed = JSON.parse(text);
  let out = text;
  const edits = [];
  const added = [];
  for (const [k, v] of Object.entries(fields)) {
    if (!(k in parsed)) added.push([k, v]);
    else if (typeof parsed[k] !== "string" || !spans.has(k))
      throw new Error(`${k} is not a string field`);
    else edits.push([...spans.get(k), JSON.stringify(v)]);
  }
  if (added.length) {
    const body = out.slice(0, close).replace(/\s*$/, "");
    const indent = /\n([ \t]+)"/.exec(out)?.[1] ?? "  ";
    const lines = added.map(([k, v]) => `${indent}${JSON.stringify(k)}: ${JSON.stringify(v)}`);
    const sep = body.endsWith("{") ? "" : ",";
    out = `${body}${sep}\n${lines.join(",\n")}\n${out.slice(close)}`;
  }
  for (const [start, end, value] of edits.sort((a, b) => b[0] - a[0]))
    out = out.slice(0, start) + value + out.slice(end);
  return out;
}

/** A CHANGELOG section for the version: a heading "## 0.1.0", "## [0.1.0]" or "## v0.1.0". */
export function changelogEntry(text, version) {
  const esc = version.replace(/[.+-]/g, "\\$&");
  const heading = new RegExp(`^##\\s+\\[?v?${esc}\\]?(?=\\s|$).*$`, "m");
  const m = heading.exec(text);
  if (!m) return undefined;
  const rest = text.slice(m.index + m[0].length);
  const next = rest.search(/^##\s/m);
  const body = (next === -1 ? rest : rest.slice(0, next)).trim();
  return body || undefined;
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

/** The fields set in the file's own text (setJsonFields): nothing else of it changes. */
function editJson(file, fields) {
  fs.writeFileSync(file, setJsonFields(fs.readFileSync(file, "utf8"), fields));
}

/** Check everything before changing anything. */
export function preflight(root, version) {
  if (!SEMVER.test(version ?? ""))
    throw new ReleaseError(
      `"${version ?? ""}" is not a version like 1.2.3: npm run release -- <version>`,
    );
  const pkg = readJson(path.join(root, "package.json"));
  const repository = repositoryOf(pkg);
  const changelog = path.join(root, "CHANGELOG.md");
  if (!fs.existsSync(changelog))
    throw new ReleaseError(`CHANGELOG.md is missing: add it with a "## ${version}" section`);
  if (!changelogEntry(fs.readFileSync(changelog, "utf8"), version))
    throw new ReleaseError(
      `CHANGELOG.md has no entry for ${version}: add a "## ${version}" section saying what changed`,
    );
  if (!fs.existsSync(path.join(root, "module.json")))
    throw new ReleaseError("module.json is missing");
  return { repository };
}

export async function setVersion(root, version, repository) {
  editJson(path.join(root, "package.json"), { version });
  const lockFile = path.join(root, "package-lock.json");
  if (fs.existsSync(lockFile)) {
    const lock = readJson(lockFile);
    lock.version = version;
    if (lock.packages?.[""]) lock.packages[""].version = version;
    fs.writeFileSync(lockFile, JSON.stringify(lock, null, 2) + "\n"); // npm's own format
  }
  const manFile = path.join(root, "module.json");
  editJson(manFile, manifestFields(repository, version));
  return readJson(manFile);
}

const isLocale = (s) => {
  try {
    return typeof s === "string" && Intl.getCanonicalLocales(s).length === 1;
  } catch {
    return false;
  }
};
const isUrl = (s) => typeof s === "string" && /^https?:\/\//.test(s);

/**
 * The zip's files, relative to the package folder. Foundry's installer takes module.json at the
 * root of the archive or inside one top-level folder (GitHub's own source archives are laid out
 * that way); a folder must be named after the module id, which is also what unzipping by hand into
 * Data/modules needs.
 */
export function readZip(zipBytes) {
  const raw = unzipSync(zipBytes);
  const all = Object.keys(raw).filter((n) => !n.endsWith("/"));
  let prefix = "";
  if (!raw["module.json"]) {
    const tops = new Set(all.map((n) => n.split("/")[0]));
    const [top] = tops;
    if (tops.size === 1 && raw[`${top}/module.json`]) prefix = `${top}/`;
    else
      throw new ReleaseError(
        "module.json is neither at the root of the zip nor in its one top folder",
      );
    if (top !== MODULE_ID)
      throw new ReleaseError(
        `the zip's top folder is ${top}/, it must be ${MODULE_ID}/ (the module id)`,
      );
  }
  const files = {};
  for (const n of all) files[n.slice(prefix.length)] = raw[n];
  return { prefix, files };
}

/**
 * Validate a built zip as Foundry v13 would read it (fields from BasePackage/BaseModule's schema in
 * the v13 API and fvtt-types). Returns a list of problems (empty: installable).
 */
export function verifyRelease(zipBytes, { version, repository } = {}) {
  const problems = [];
  let zip;
  try {
    zip = readZip(zipBytes);
  } catch (e) {
    return [e instanceof ReleaseError ? e.message : `the zip cannot be read: ${e.message}`];
  }
  const files = zip.files;
  const names = Object.keys(files);
  const has = (p) => names.includes(p.replace(/^\/+/, "").replace(/^\.\//, ""));
  const dirHas = (d) => names.some((n) => n.startsWith(d.replace(/\/?$/, "/")));
  let m;
  try {
    m = JSON.parse(new TextDecoder().decode(files["module.json"]));
  } catch (e) {
    return [`module.json is not JSON: ${e.message}`];
  }
  const need = (ok, msg) => ok || problems.push(msg);
  need(m.id === MODULE_ID, `id must be "${MODULE_ID}", not ${JSON.stringify(m.id)}`);
  need(typeof m.title === "string" && m.title.trim() !== "", "title must be a non-empty string");
  need(typeof m.version === "string" && SEMVER.test(m.version), "version must be a semver string");
  if (version) need(m.version === version, `version is ${m.version}, expected ${version}`);
  if (repository) {
    // every address the listing reads, from the one repository (manifestFields)
    const { version: _v, ...urls } = manifestFields(repository, m.version);
    for (const [k, url] of Object.entries(urls)) need(m[k] === url, `${k} must be ${url}`);
  } else {
    need(isUrl(m.manifest), "manifest must be a URL");
    need(isUrl(m.download), "download must be a URL");
  }
  const c = m.compatibility ?? {};
  need(
    typeof c.minimum === "string" && /^\d+/.test(c.minimum),
    "compatibility.minimum must be a version string",
  );
  need(Number.parseInt(c.minimum, 10) >= 13, "compatibility.minimum must be 13 or later");
  if (c.verified !== undefined)
    need(typeof c.verified === "string", "compatibility.verified must be a string");
  if (c.maximum !== undefined)
    need(typeof c.maximum === "string", "compatibility.maximum must be a string");
  for (const field of ["esmodules", "scripts", "styles"]) {
    if (m[field] === undefined) continue;
    need(Array.isArray(m[field]), `${field} must be an array`);
    for (const p of m[field] ?? []) need(has(p), `${field}: ${p} is not in the zip`);
  }
  need((m.esmodules ?? []).length > 0, "esmodules must name the module's script");
  // languages
  const langs = m.languages ?? [];
  for (const l of langs) {
    need(isLocale(l.lang), `languages: ${JSON.stringify(l.lang)} is not a locale`);
    need(typeof l.name === "string" && l.name !== "", `languages: ${l.lang} has no name`);
    if (!has(l.path ?? "")) need(false, `languages: ${l.path} is not in the zip`);
    else {
      try {
        JSON.parse(new TextDecoder().decode(files[l.path.replace(/^\.?\//, "")]));
      } catch {
        need(false, `languages: ${l.path} is not JSON`);
      }
    }
  }
  for (const lang of REQUIRED_LANGUAGES)
    need(
      langs.some((l) => l.lang === lang),
      `languages: ${lang} is missing`,
    );
  // packs
  const packNames = new Set();
  for (const p of m.packs ?? []) {
    const where = `packs: ${p.name}`;
    need(
      typeof p.name === "string" && /^[a-z0-9-]+$/.test(p.name),
      `${where}: name must be a slug without periods`,
    );
    need(!packNames.has(p.name), `${where}: declared twice`);
    packNames.add(p.name);
    need(typeof p.label === "string" && p.label !== "", `${where}: label is required`);
    need(COMPENDIUM_TYPES.includes(p.type), `${where}: type ${p.type} is not a compendium type`);
    if (SYSTEM_PACK_TYPES.includes(p.type))
      need(
        typeof p.system === "string" && p.system !== "",
        `${where}: ${p.type} packs must name a system`,
      );
    need(p.path === `packs/${p.name}`, `${where}: path should be packs/${p.name}`);
    const dir = (p.path ?? "").replace(/^\.?\//, "");
    need(has(`${dir}/CURRENT`), `${where}: ${dir}/CURRENT is not in the zip (not a LevelDB pack)`);
    need(
      names.some((n) => n.startsWith(`${dir}/MANIFEST-`)),
      `${where}: no LevelDB MANIFEST in ${dir}`,
    );
    need(
      names.some((n) => n.startsWith(`${dir}/`) && /\.(ldb|log)$/.test(n)),
      `${where}: no LevelDB table in ${dir}`,
    );
    for (const [role, level] of Object.entries(p.ownership ?? {})) {
      need(USER_ROLES.includes(role), `${where}: ownership role ${role} is unknown`);
      need(OWNERSHIP_LEVELS.includes(level), `${where}: ownership level ${level} is unknown`);
    }
  }
  for (const d of names.filter((n) => n.startsWith("packs/")).map((n) => n.split("/")[1]))
    need(packNames.has(d), `packs/${d} is in the zip but not declared in module.json`);
  const walkFolders = (folders, at) => {
    for (const f of folders ?? []) {
      need(typeof f.name === "string" && f.name !== "", `${at}: a pack folder has no name`);
      for (const p of f.packs ?? []) need(packNames.has(p), `${at}: pack ${p} is not declared`);
      walkFolders(f.folders, `${at}/${f.name}`);
    }
  };
  walkFolders(m.packFolders, "packFolders");
  // documentTypes, relationships, media and other paths
  if (m.documentTypes !== undefined)
    need(
      typeof m.documentTypes === "object" && !Array.isArray(m.documentTypes),
      "documentTypes must be an object",
    );
  if (m.relationships !== undefined) {
    for (const k of ["systems", "requires", "recommends", "conflicts"]) {
      if (m.relationships[k] === undefined) continue;
      need(Array.isArray(m.relationships[k]), `relationships.${k} must be an array`);
      // RelatedPackageData (v13): an id and a package type; a reason is shown to the GM
      for (const r of Array.isArray(m.relationships[k]) ? m.relationships[k] : []) {
        need(typeof r?.id === "string" && r.id !== "", `relationships.${k}: an entry has no id`);
        need(
          ["module", "system", "world"].includes(r?.type),
          `relationships.${k}: ${r?.id} needs a type (module, system or world)`,
        );
      }
    }
  }
  for (const k of ["url", "bugs", "changelog", "readme", "license"]) {
    const v = m[k];
    if (v === undefined || v === "") continue;
    need(typeof v === "string", `${k} must be a string`);
    if (typeof v === "string" && !isUrl(v)) need(has(v), `${k}: ${v} is not in the zip`);
  }
  for (const media of m.media ?? [])
    if (media.url && !isUrl(media.url))
      need(has(media.url), `media: ${media.url} is not in the zip`);
  for (const a of m.authors ?? [])
    need(typeof a.name === "string" && a.name !== "", "authors: every author needs a name");
  // only what Foundry needs: what the manifest names, and the folders the module loads at runtime
  const named = new Set(
    [...(m.esmodules ?? []), ...(m.scripts ?? []), ...(m.styles ?? []), ...langs.map((l) => l.path)]
      .filter((p) => typeof p === "string")
      .map((p) => p.replace(/^\.?\//, "")),
  );
  // chunks the module imports at runtime sit beside its declared scripts and styles
  const codeDirs = new Set(
    [...named].filter((p) => /\.(m?js|css)$/.test(p)).map((p) => path.posix.dirname(p)),
  );
  const isChunk = (n) => /\.(m?js|css)$/.test(n) && codeDirs.has(path.posix.dirname(n));
  for (const n of names)
    need(
      named.has(n) || isChunk(n) || ALLOWED.some((re) => re.test(n)),
      `${n} is in the zip but Foundry does not need it`,
    );
  need(!dirHas("packs/_source"), "pack sources are in the zip");
  return problems;
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: "inherit", shell: false });
  if (r.status !== 0) throw new ReleaseError(`${cmd} ${args.join(" ")} failed (exit ${r.status})`);
}

export async function release(root, version, { build = true, log = console.log } = {}) {
  const { repository } = preflight(root, version);
  await setVersion(root, version, repository);
  log(`kolikoly release: version ${version}, manifest and download URLs from ${repository}`);
  if (build) run(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"], root);
  const zip = path.join(root, "dist", ZIP_NAME);
  const distManifest = path.join(root, "dist", "module.json");
  if (!fs.existsSync(zip)) throw new ReleaseError(`the build wrote no dist/${ZIP_NAME}`);
  if (!fs.existsSync(distManifest)) throw new ReleaseError("the build wrote no dist/module.json");
  const bytes = fs.readFileSync(zip);
  const problems = verifyRelease(bytes, { version, repository });
  let inZip;
  try {
    inZip = readZip(bytes).files["module.json"];
  } catch {
    inZip = undefined;
  }
  if (
    inZip &&
    new TextDecoder().decode(inZip).trim() !== fs.readFileSync(distManifest, "utf8").trim()
  )
    problems.push("dist/module.json differs from the module.json inside the zip");
  if (problems.length)
    throw new ReleaseError(`the release is not installable:\n  - ${problems.join("\n  - ")}`);
  log(`kolikoly release: dist/module.json and dist/${ZIP_NAME} ready (${bytes.length} bytes)`);
  log(`upload both to the GitHub release tagged v${version}`);
  return { zip, manifest: distManifest };
}

/**
 * `--check <version>`: the built dist/ checked again, without building: the zip as Foundry
 * installs it (verifyRelease, every address from the repository), dist/module.json the same as
 * the zip's, and, where the release workflow passes `--repository` (its own address, from
 * GitHub's context), package.json's repository that one, so that the manifest URL answers this
 * repository's releases.
 */
export function checkBuilt(root, version, { repository: expected, log = console.log } = {}) {
  if (!SEMVER.test(version ?? ""))
    throw new ReleaseError(`"${version ?? ""}" is not a version like 1.2.3`);
  const repository = repositoryOf(readJson(path.join(root, "package.json")));
  const problems = [];
  if (expected !== undefined && repository !== expected.replace(/\/+$/, ""))
    problems.push(`package.json's repository is ${repository}, but this is ${expected}`);
  const zip = path.join(root, "dist", ZIP_NAME);
  const distManifest = path.join(root, "dist", "module.json");
  if (!fs.existsSync(zip) || !fs.existsSync(distManifest))
    throw new ReleaseError(`no dist/${ZIP_NAME} and dist/module.json: run npm run release first`);
  const bytes = fs.readFileSync(zip);
  problems.push(...verifyRelease(bytes, { version, repository }));
  const inZip = problems.length ? undefined : readZip(bytes).files["module.json"];
  if (inZip && new TextDecoder().decode(inZip) !== fs.readFileSync(distManifest, "utf8"))
    problems.push("dist/module.json differs from the module.json inside the zip");
  if (problems.length)
    throw new ReleaseError(`the release is not installable:\n  - ${problems.join("\n  - ")}`);
  log(`kolikoly release: dist/ checked for ${version} (${repository})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const valued = new Set(["--root", "--repository"]);
  const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  const root = path.resolve(
    opt("--root") ?? path.join(path.dirname(fileURLToPath(import.meta.url)), ".."),
  );
  const version = args.filter(
    (a, i) => !a.startsWith("--") && !(i > 0 && valued.has(args[i - 1])),
  )[0];
  try {
    if (args.includes("--check")) checkBuilt(root, version, { repository: opt("--repository") });
    else if (args.includes("--notes")) {
      const changelog = path.join(root, "CHANGELOG.md");
      const notes = fs.existsSync(changelog)
        ? changelogEntry(fs.readFileSync(changelog, "utf8"), version ?? "")
        : undefined;
      if (!notes) throw new ReleaseError(`CHANGELOG.md has no entry for ${version ?? ""}`);
      process.stdout.write(`${notes}\n`);
    } else await release(root, version);
  } catch (e) {
    if (!(e instanceof ReleaseError)) throw e;
    console.error(`kolikoly release failed: ${e.message}`);
    process.exit(1);
  }
}
