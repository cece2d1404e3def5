/**
 * src/rules is pure (docs/architecture.md): it imports nothing outside itself and no node:* or
 * package, and never uses Math.random, Date.now or a Foundry/DOM/Node global. ESLint says the
 * same; this test reads every file with the TypeScript parser so the rule holds even where lint
 * is not run.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "..");
const RULES = join(ROOT, "src", "rules");
const FORBIDDEN_GLOBALS = new Set([
  "game",
  "Hooks",
  "CONFIG",
  "canvas",
  "ui",
  "foundry",
  "window",
  "document",
  "process",
  "require",
  "globalThis",
  "self",
  "localStorage",
  "fetch",
]);
const FORBIDDEN_MEMBERS: [string, string][] = [
  ["Math", "random"],
  ["Date", "now"],
  ["performance", "now"],
  ["crypto", "getRandomValues"],
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : /\.(ts|mts|js|mjs)$/.test(name) ? [p] : [];
  });
}

/** Every impurity in one source file, as readable lines. */
export function impurities(file: string, text: string, rulesDir = RULES): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const where = (n: ts.Node) =>
    `${relative(ROOT, file)}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const declared = new Set<string>();
  const checkSpecifier = (spec: string, n: ts.Node) => {
    if (!spec.startsWith(".")) {
      found.push(`${where(n)} imports "${spec}" (only relative imports inside src/rules)`);
      return;
    }
    const target = resolve(dirname(file), spec);
    if (!(target + "/").startsWith(rulesDir + "/"))
      found.push(`${where(n)} imports "${spec}" from outside src/rules`);
  };
  const collect = (n: ts.Node): void => {
    if (
      (ts.isVariableDeclaration(n) ||
        ts.isFunctionDeclaration(n) ||
        ts.isParameter(n) ||
        ts.isClassDeclaration(n)) &&
      n.name &&
      ts.isIdentifier(n.name)
    )
      declared.add(n.name.text);
    if (ts.isBindingElement(n) && ts.isIdentifier(n.name)) declared.add(n.name.text);
    if (ts.isImportSpecifier(n) || ts.isImportClause(n) || ts.isNamespaceImport(n))
      if (n.name) declared.add(n.name.text);
    n.forEachChild(collect);
  };
  collect(src);
  const visit = (n: ts.Node): void => {
    if (
      (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) &&
      n.moduleSpecifier &&
      ts.isStringLiteral(n.moduleSpecifier)
    )
      checkSpecifier(n.moduleSpecifier.text, n);
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = n.arguments[0];
      if (arg && ts.isStringLiteral(arg)) checkSpecifier(arg.text, n);
      else found.push(`${where(n)} has a dynamic import of a computed name`);
    }
    if (
      ts.isImportTypeNode(n) &&
      ts.isLiteralTypeNode(n.argument) &&
      ts.isStringLiteral(n.argument.literal)
    )
      checkSpecifier(n.argument.literal.text, n);
    if (ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression))
      for (const [obj, prop] of FORBIDDEN_MEMBERS)
        if (n.expression.text === obj && n.name.text === prop && !declared.has(obj))
          found.push(`${where(n)} uses ${obj}.${prop}`);
    if (ts.isIdentifier(n) && FORBIDDEN_GLOBALS.has(n.text) && !declared.has(n.text)) {
      const p = n.parent;
      const isName =
        (ts.isPropertyAccessExpression(p) && p.name === n) ||
        (ts.isPropertyAssignment(p) && p.name === n) ||
        (ts.isPropertySignature(p) && p.name === n) ||
        (ts.isPropertyDeclaration(p) && p.name === n) ||
        (ts.isMethodDeclaration(p) && p.name === n) ||
        (ts.isQualifiedName(p) && p.right === n) ||
        ts.isLiteralTypeNode(p);
      if (!isName) found.push(`${where(n)} uses the global ${n.text}`);
    }
    n.forEachChild(visit);
  };
  visit(src);
  return found;
}

describe("src/rules is pure", () => {
  test("no file in src/rules imports from outside it, or uses Math.random, Date.now or a Foundry, DOM or Node global", () => {
    const files = filesUnder(RULES);
    expect(files.length).toBeGreaterThan(20);
    const found = files.flatMap((f) => impurities(f, readFileSync(f, "utf8")));
    expect(found).toEqual([]);
  });

  test("the scan finds each kind of impurity (so the test above can fail)", () => {
    const file = join(RULES, "kolikoly", "bad.ts");
    const text = [
      'import { readFileSync } from "node:fs";',
      'import { x } from "../../foundry/api.ts";',
      'import { y } from "./ok.ts";',
      'export { z } from "lodash";',
      "const a = Math.random();",
      "const b = Date.now();",
      "game.settings.get('x', 'y');",
      "Hooks.on('ready', () => {});",
      "const c = { game: 1 }.game;",
      "function f(ui: number) { return ui + 1; }",
      "const d = await import('node:os');",
    ].join("\n");
    const found = impurities(file, text);
    expect(found.map((l) => l.replace(/^.*?:(\d+) /, "$1 "))).toEqual([
      '1 imports "node:fs" (only relative imports inside src/rules)',
      '2 imports "../../foundry/api.ts" from outside src/rules',
      '4 imports "lodash" (only relative imports inside src/rules)',
      "5 uses Math.random",
      "6 uses Date.now",
      "7 uses the global game",
      "8 uses the global Hooks",
      '11 imports "node:os" (only relative imports inside src/rules)',
    ]);
  });
});
