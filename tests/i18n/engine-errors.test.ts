/**
 * Every error code the rules engine can return reaches a player or GM localized: each code
 * has a key in the chain the module looks up (KOLIKOLY.Players.Error, .Foundry.Error, .Error)
 * in every language.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { UNKNOWN_ERROR_KEY, errorKey } from "../../src/foundry/players/protocol.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
  });
}

/** Codes written as `fail("code", ...)` or `code: "code"` anywhere in src/rules. */
function engineCodes(): string[] {
  const codes = new Set<string>();
  for (const f of walk(path.join(ROOT, "src/rules")))
    for (const m of fs.readFileSync(f, "utf8").matchAll(/(?:\bfail\(|\bcode:)\s*"([A-Za-z]+)"/g))
      codes.add(m[1]!);
  return [...codes].sort();
}

function has(lang: string): (key: string) => boolean {
  const data: unknown = JSON.parse(fs.readFileSync(path.join(ROOT, `lang/${lang}.json`), "utf8"));
  return (key) => {
    let node: unknown = data;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || node === null) return false;
      node = (node as Record<string, unknown>)[part];
    }
    return typeof node === "string";
  };
}

describe("engine errors are localized", () => {
  const codes = engineCodes();
  test("the scan finds the engine's codes (it can fail)", () => {
    expect(codes).toEqual(
      expect.arrayContaining(["notAdjacent", "duplicateKey", "startSquare", "cannotRevive"]),
    );
    expect(codes.length).toBeGreaterThan(15);
  });
  for (const lang of ["en", "fr", "de"])
    test(`every engine error code has a message in ${lang}`, () => {
      const missing = codes.filter((c) => errorKey(c, has(lang)) === UNKNOWN_ERROR_KEY);
      expect(missing).toEqual([]);
    });
});
