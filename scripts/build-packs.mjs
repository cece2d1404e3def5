#!/usr/bin/env node
// Compiles every compendium source folder packs/_source/<pack>/ (YAML or JSON, one document per
// file, each with its `_key`) into a LevelDB pack at dist/packs/<pack> with the Foundry CLI's
// compilePack. Compiled packs are build output, never committed (docs/architecture.md, Tooling).
// Usage: node scripts/build-packs.mjs [outDir]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SOURCE = path.join(ROOT, "packs/_source");

/** The pack folders there are, by name. */
export function sourcePacks() {
  if (!fs.existsSync(SOURCE)) return [];
  return fs
    .readdirSync(SOURCE, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** Compiles each pack; a source file without `_key` is an error here (the CLI would skip it silently). */
export async function buildPacks(outDir = path.join(ROOT, "dist/packs")) {
  const built = [];
  for (const name of sourcePacks()) {
    const src = path.join(SOURCE, name);
    for (const f of fs.readdirSync(src)) {
      if (!/\.(ya?ml|json)$/.test(f)) continue;
      const text = fs.readFileSync(path.join(src, f), "utf8");
      if (!/^_key:|"_key"\s*:/m.test(text))
        throw new Error(`${name}/${f} has no _key: the Foundry CLI would skip it`);
    }
    const dest = path.join(outDir, name);
    fs.rmSync(dest, { recursive: true, force: true });
    await compilePack(src, dest, { yaml: true, recursive: true, log: false });
    built.push(name);
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const built = await buildPacks(out);
  console.log(`packs: ${built.join(", ") || "(none)"}`);
}
