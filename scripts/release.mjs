#!/usr/bin/env node
// npm run release -- <version> [--root <dir>]
//
// 1. checks the version (semver), the configured repository (package.json "kolikoly.repository")
//    and that CHANGELOG.md has a section for this version, before touching anything;
// 2. sets the version in package.json, package-lock.json and module.json, and writes module.json's
//    `manifest` and `download` URLs derived from the repository address:
//      manifest  <repo>/releases/latest/download/module.json   (stable: Foundry re-reads it to
//                                                                 find updates)
//      download  <repo>/releases/download/v<version>/kolikoly-fishing.zip  (this version's zip)
// 3. builds (npm run build), which writes dist/module.json and dist/kolikoly-fishing.zip;
// 4. checks the zip as Foundry v13 would install it (verifyRelease): the manifest's fields, every
//    path it names present in the zip, each pack a LevelDB folder, the three languages, and
//    nothing in the zip Foundry does not need. Any problem fails the release.
// Upload dist/module.json and dist/kolikoly-fishing.zip to the GitHub release tagged v<version>.
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

async function writeJson(file, data, root) {
  let text = JSON.stringify(data, null, 2) + "\n";
  try {
    // keep the file as the project's formatter would write it (prettier is a dev dependency)
    const prettier = await import("prettier");
    const options = (await prettier.resolveConfig(path.join(root, "x.json"))) ?? {};
    text = await prettier.format(text, { ...options, filepath: file });
  } catch {
    // no prettier: plain JSON.stringify output is still valid
  }
  fs.writeFileSync(file, text);
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
  const pkgFile = path.join(root, "package.json");
  const pkg = readJson(pkgFile);
  pkg.version = version;
  await writeJson(pkgFile, pkg, root);
  const lockFile = path.join(root, "package-lock.json");
  if (fs.existsSync(lockFile)) {
    const lock = readJson(lockFile);
    lock.version = version;
    if (lock.packages?.[""]) lock.packages[""].version = version;
    fs.writeFileSync(lockFile, JSON.stringify(lock, null, 2) + "\n"); // npm's own format
  }
  const manFile = path.join(root, "module.json");
  const manifest = readJson(manFile);
  manifest.version = version;
  Object.assign(manifest, releaseUrls(repository, version));
  await writeJson(manFile, manifest, root);
  return manifest;
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
    const urls = releaseUrls(repository, m.version);
    need(m.manifest === urls.manifest, `manifest must be ${urls.manifest}`);
    need(m.download === urls.download, `download must be ${urls.download}`);
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
    for (const k of ["systems", "requires", "recommends", "conflicts"])
      if (m.relationships[k] !== undefined)
        need(Array.isArray(m.relationships[k]), `relationships.${k} must be an array`);
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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf("--root");
  const root = path.resolve(
    at >= 0 ? args[at + 1] : path.join(path.dirname(fileURLToPath(import.meta.url)), ".."),
  );
  const version = args.filter((a, i) => !a.startsWith("--") && (at < 0 || i !== at + 1))[0];
  try {
    await release(root, version);
  } catch (e) {
    if (!(e instanceof ReleaseError)) throw e;
    console.error(`kolikoly release failed: ${e.message}`);
    process.exit(1);
  }
}
