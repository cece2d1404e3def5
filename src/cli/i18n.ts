/**
 * The CLI's words (KOLIKOLY.Cli.*) come from lang/cli/<language>.json, the rest (the engine's
 * errors, KOLIKOLY.Error.*, and any other key the module shares) from the module's
 * lang/<language>.json; Foundry loads only the module's files (issue 23: the CLI's strings are not
 * sent to every Foundry client). Formatted the way Foundry's `game.i18n.format` does: `{name}`
 * placeholders. The language is English unless the environment variable KOLIKOLY_LANG names
 * another language (`fr`, `de`); a key missing there falls back to English. A key missing in
 * English is a bug: it throws.
 */
import { existsSync, readFileSync } from "node:fs";

type Tree = { [k: string]: string | Tree };

const cache = new Map<string, Tree | undefined>();

/** The CLI's own file (`cli/`) or the module's (`""`), for one language. */
function load(dir: "cli/" | "", language: string): Tree | undefined {
  if (!/^[a-z]{2}(-[A-Za-z]{2})?$/.test(language)) return undefined;
  const id = `${dir}${language}`;
  if (cache.has(id)) return cache.get(id);
  const file = new URL(`../../lang/${id}.json`, import.meta.url);
  const tree = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Tree) : undefined;
  cache.set(id, tree);
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
  const find = (l: string) => lookup(load("cli/", l), key) ?? lookup(load("", l), key);
  const text = find(language) ?? find("en");
  if (text === undefined)
    throw new Error(`lang/cli/en.json and lang/en.json have no string ${key}`);
  return text.replace(/\{(\w+)\}/g, (m, name: string) =>
    data[name] === undefined ? m : String(data[name]),
  );
}
