#!/usr/bin/env node
// Which behaviours of the Foundry fake name their source (issue 9): every function, method,
// getter and constructor in the fake's files either carries a citation in its comment or body
// (a Foundry or system source path such as `client/documents/user.mjs` or
// `module/dice/basic-roll.mjs`, an API docs page, a foundryvtt issue, fvtt-types) or is marked
// "test-only:" in its leading comment (instrumentation a test reads, no Foundry behaviour).
// `node scripts/fake-sources.mjs` prints the share and the uncited ones; the test
// tests/foundry/fake-sources.test.ts fails on any uncited behaviour.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The fake's files: the Node fake, the players' additions, the system stand-ins, the browser fake. */
export const FAKE_FILES = [
  "tests/foundry/fake/server.ts",
  "tests/foundry/fake/client.ts",
  "tests/foundry/fake/form-data.ts",
  "tests/foundry/fake/util.ts",
  "tests/foundry/fake/store-traffic.ts",
  "tests/foundry/fake/dice.ts",
  "tests/foundry/fake/dice-terms.ts",
  "tests/foundry/fake/die.ts",
  "tests/foundry/fake/dice-roll.ts",
  "tests/foundry/players/fake-players.ts",
  "tests/fixtures/systems/system-fakes.ts",
  "tests/fixtures/systems/dnd5e.ts",
  "tests/fixtures/systems/pf2e.ts",
  "tests/fixtures/systems/stand-in.ts",
  "tests/fixtures/systems/dnd5e-dice.ts",
  "tests/fixtures/systems/pf2e-fakes.ts",
];

export const CITATION =
  /(\.mjs\b|\bclient\/|\bcommon\/|\bmodule\/|src\/module|API docs|foundryvtt#\d+|fvtt-types|hookEvents\.)/;

function dirFiles(dir) {
  const abs = path.join(ROOT, dir);
  if (!fs.existsSync(abs)) return [];
  return fs
    .readdirSync(abs, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => path.join(dir, f).split(path.sep).join("/"));
}

export function fakeFiles() {
  return [
    ...FAKE_FILES,
    ...dirFiles("tests/foundry/boot/client"),
    ...dirFiles("tests/foundry/boot/systems"),
    "tests/foundry/boot/server.ts",
  ].filter((f) => fs.existsSync(path.join(ROOT, f)));
}

export function audit(files = fakeFiles()) {
  const out = { cited: [], uncited: [], testOnly: [] };
  for (const file of files) {
    const text = fs.readFileSync(path.join(ROOT, file), "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
    const visit = (node) => {
      const isBehaviour =
        ts.isMethodDeclaration(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isGetAccessor(node) ||
        ts.isSetAccessor(node) ||
        ts.isConstructorDeclaration(node);
      if (isBehaviour && node.body) {
        const name = node.name ? node.name.getText(sf) : "constructor";
        const where = `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1} ${name}`;
        const lead = text.slice(node.getFullStart(), node.getStart(sf));
        const whole = text.slice(node.getFullStart(), node.getEnd());
        if (/test-only:/i.test(lead)) out.testOnly.push(where);
        else if (CITATION.test(whole)) out.cited.push(where);
        else out.uncited.push(where);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = audit();
  const n = r.cited.length + r.uncited.length;
  console.log(
    `fake behaviours citing a source: ${r.cited.length}/${n} (${((100 * r.cited.length) / Math.max(n, 1)).toFixed(1)}%); test-only instruments: ${r.testOnly.length}`,
  );
  for (const u of r.uncited) console.log(`  uncited: ${u}`);
}
