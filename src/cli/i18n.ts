/**
 * The CLI's words come from lang/<language>.json like the module's (KOLIKOLY.Cli.*), formatted
 * the way Foundry's `game.i18n.format` does: `{name}` placeholders. The language is English
 * unless the environment variable KOLIKOLY_LANG names another file in lang/ (`fr`, `de`); a key
 * missing there falls back to English. A key missing in English is a bug: it throws.
 */
import { existsSync, readFileSync } from "node:fs";

type Tree = { [k: string]: string | Tree };

const cache = new Map<string, Tree>();

function load(language: string): Tree | undefined {
  if (!/^[a-z]{2}(-[A-Za-z]{2})?$/.test(language)) return undefined;
  const hit = cache.get(language);
  if (hit) return hit;
  const file = new URL(`../../lang/${language}.json`, import.meta.url);
  if (!existsSync(file)) return undefined;
  const tree = JSON.parse(readFileSync(file, "utf8")) as Tree;
  cache.set(language, tree);
  return tree;
}

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  // own keys only: a key built from input (`Faces.constructor`) finds nothing, not Object's function
  for (const part of key.split("."))
    node = typeof node === "object" && Object.hasOwn(node, part) ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

export function t(key: string, data: Readonly<Record<string, string | number>> = {}): string {
  const language = process.env.KOLIKOLY_LANG ?? "en";
  const text = lookup(load(language), key) ?? lookup(load("en"), key);
  if (text === undefined) throw new Error(`lang/en.json has no string ${key}`);
  return text.replace(/\{(\w+)\}/g, (m, name: string) =>
    data[name] === undefined ? m : String(data[name]),
  );
}
