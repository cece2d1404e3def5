#!/usr/bin/env node
// Keeps the compendium sources in packs/_source/<pack>/ clean, so that a diff shows content and
// nothing else. For every source file (one document per file, YAML or JSON):
//   - `_stats` is dropped at every level (creation/modification times, core and system versions,
//     source UUIDs: volatile data Foundry refills when it loads a document);
//   - ownership is reset: primary documents `{default: 0}`, journal pages `{default: -1}`
//     (inherit from the entry); folders and table results have none;
//   - every embedded document's `_key` is derived from its parent (`!journal.pages!<entry>.<page>`),
//     and a primary document's `_key` must agree with its `_id` (the Foundry CLI silently skips a
//     file without `_key`, and keys the LevelDB entry by it);
//   - keys are sorted at every level and the file is re-serialised in one canonical form.
// Usage: node scripts/normalize-packs.mjs            rewrite what is not normalised
//        node scripts/normalize-packs.mjs --check    list what is not normalised, exit 1 if any
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

export const SOURCE_ROOT = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../packs/_source",
);

/** Embedded collections per primary collection (the Foundry CLI's own hierarchy, lib/package.mjs). */
export const EMBEDDED = {
  actors: ["items", "effects"],
  items: ["effects"],
  journal: ["pages", "categories"],
  tables: ["results"],
  cards: ["cards"],
  playlists: ["sounds"],
};

/** Collections whose documents carry an ownership record, and its reset value. */
const OWNERSHIP = {
  actors: { default: 0 },
  items: { default: 0 },
  journal: { default: 0 },
  macros: { default: 0 },
  tables: { default: 0 },
  cards: { default: 0 },
  playlists: { default: 0 },
  scenes: { default: 0 },
  pages: { default: -1 },
};

const ID = /^[a-zA-Z0-9]{16}$/;

/** Parse `!collection!id` or `!parent.embedded!parentId.id`. */
export function parseKey(key) {
  const m = /^!([a-z]+)(?:\.([a-z]+))?!([a-zA-Z0-9]{16})(?:\.([a-zA-Z0-9]{16}))?$/.exec(key ?? "");
  if (!m) return undefined;
  return m[2]
    ? { collection: m[2], parent: m[1], parentId: m[3], id: m[4] }
    : { collection: m[1], id: m[3] };
}

function sortDeep(value) {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === "object") {
    const out = {};
    for (const k of Object.keys(value).sort()) out[k] = sortDeep(value[k]);
    return out;
  }
  return value;
}

/**
 * Normalise one document in place-free fashion; returns {doc, problems}. `problems` are things the
 * normaliser cannot fix by itself (a missing or wrong primary `_key`, a malformed id).
 */
export function normalizeDocument(raw) {
  const problems = [];
  const doc = structuredClone(raw);
  const key = parseKey(doc._key);
  if (!key || key.parent) {
    problems.push(
      `_key ${JSON.stringify(doc._key)} is not a primary key like !journal!<16-char id>`,
    );
    return { doc: sortDeep(doc), problems };
  }
  if (doc._id !== key.id) problems.push(`_id ${doc._id} does not match _key ${doc._key}`);
  const walk = (d, collection, keyPath) => {
    delete d._stats;
    if (!ID.test(d._id ?? ""))
      problems.push(`${keyPath}: _id ${JSON.stringify(d._id)} is not 16 letters/digits`);
    if (OWNERSHIP[collection]) d.ownership = { ...OWNERSHIP[collection] };
    else delete d.ownership;
    for (const emb of EMBEDDED[collection] ?? []) {
      if (!Array.isArray(d[emb])) continue;
      for (const child of d[emb]) {
        child._key = `!${collection}.${emb}!${d._id}.${child._id}`;
        walk(child, emb, `${keyPath}.${emb}.${child._id}`);
      }
    }
  };
  walk(doc, key.collection, doc._key);
  return { doc: sortDeep(doc), problems };
}

export function serialize(doc, file) {
  if (file.endsWith(".json")) return JSON.stringify(doc, null, 2) + "\n";
  return YAML.stringify(doc, { lineWidth: 0, blockQuote: "literal", singleQuote: false });
}

export function parseSource(text, file) {
  return file.endsWith(".json") ? JSON.parse(text) : YAML.parse(text);
}

/** Every source file under packs/_source/<pack>/ (not recursive: the CLI compiles one folder). */
export function sourceFiles(root = SOURCE_ROOT) {
  if (!fs.existsSync(root)) return [];
  const out = [];
  for (const pack of fs.readdirSync(root, { withFileTypes: true })) {
    if (!pack.isDirectory()) continue;
    for (const f of fs.readdirSync(path.join(root, pack.name)).sort())
      if (/\.(ya?ml|json)$/.test(f)) out.push(path.join(root, pack.name, f));
  }
  return out;
}

/** Check (and, with write, fix) every source file. Returns a list of human-readable findings. */
export function normalizeAll({ root = SOURCE_ROOT, write = false } = {}) {
  const findings = [];
  const seen = new Map();
  for (const file of sourceFiles(root)) {
    const rel = path.relative(root, file);
    const text = fs.readFileSync(file, "utf8");
    let raw;
    try {
      raw = parseSource(text, file);
    } catch (e) {
      findings.push(`${rel}: cannot parse: ${e.message}`);
      continue;
    }
    const { doc, problems } = normalizeDocument(raw);
    for (const p of problems) findings.push(`${rel}: ${p}`);
    const packKey = `${path.basename(path.dirname(file))}/${doc._key}`;
    if (seen.has(packKey))
      findings.push(`${rel}: _key ${doc._key} also used by ${seen.get(packKey)}`);
    seen.set(packKey, rel);
    const clean = serialize(doc, file);
    if (clean !== text) {
      if (write) fs.writeFileSync(file, clean);
      else findings.push(`${rel}: not normalised (run node scripts/normalize-packs.mjs)`);
    }
  }
  return findings;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  const findings = normalizeAll({ write: !check });
  for (const f of findings) console.error(f);
  if (findings.length) process.exit(1);
  console.log(check ? "pack sources are normalised" : "pack sources normalised");
}
