/**
 * Every KOLIKOLY.Sandbox.* / KOLIKOLY.Declare.* key the sandbox and the shared template use exists
 * in the table's strings (lang/sandbox/en.json over lang/en.json), and every one there is used.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { strings as en } from "../../src/sandbox/i18n.ts";
import { lookup } from "../../src/ui/handlebars-helpers.ts";
import { readRepo } from "./fixtures.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const p = join(dir, name);
    return statSync(join(ROOT, p)).isDirectory() ? files(p) : [p];
  });
}
function keysIn(o: unknown, prefix: string): string[] {
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === "object" && v !== null ? keysIn(v, `${prefix}.${k}`) : [`${prefix}.${k}`],
  );
}

describe("lang/sandbox/en.json and lang/en.json for the sandbox and the declaration form", () => {
  const sources = [...files("src/sandbox"), ...files("src/ui"), "templates/declare-action.hbs"];
  const text = sources.map((f) => readRepo(f)).join("\n");
  const used = new Set(text.match(/KOLIKOLY\.(?:Sandbox|Declare)\.[A-Za-z0-9.]+[A-Za-z0-9]/g));

  it("has every key used", () => {
    expect(used.size).toBeGreaterThan(100);
    for (const k of used) expect(lookup(en, k), k).toBeTypeOf("string");
  });

  it("uses every key it defines", () => {
    const K = (en as { KOLIKOLY: Record<string, unknown> }).KOLIKOLY;
    const defined = [
      ...keysIn(K.Sandbox, "KOLIKOLY.Sandbox"),
      ...keysIn(K.Declare, "KOLIKOLY.Declare"),
    ];
    for (const k of defined) expect(used.has(k), k).toBe(true);
  });
});
