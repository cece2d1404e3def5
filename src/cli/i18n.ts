/**
 * The CLI's words come from lang/en.json like the module's (KOLIKOLY.Cli.*), formatted the
 * way Foundry's `game.i18n.format` does: `{name}` placeholders. A missing key is a bug: it throws.
 */
import { readFileSync } from "node:fs";

type Tree = { [k: string]: string | Tree };

let strings: Tree | undefined;

function load(): Tree {
  strings ??= JSON.parse(
    readFileSync(new URL("../../lang/en.json", import.meta.url), "utf8"),
  ) as Tree;
  return strings;
}

export function t(key: string, data: Readonly<Record<string, string | number>> = {}): string {
  let node: string | Tree | undefined = load();
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`lang/en.json has no string ${key}`);
  return node.replace(/\{(\w+)\}/g, (m, name: string) =>
    data[name] === undefined ? m : String(data[name]),
  );
}
