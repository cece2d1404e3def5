#!/usr/bin/env node
// Mutation testing of the security-critical code (docs/mutation.md): StrykerJS with its vitest
// runner, one batch at a time, each batch's files mutated against the fast tests that cover
// them (vitest.mutation.config.ts reads the list from KOLIKOLY_MUTATION_TESTS). Reports go to
// reports/mutation/<batch>.html and .json (gitignored); the score per file is printed at the end.
// Usage: npm run mutation                 every batch
//        npm run mutation -- views store  the named batches
//        KOLIKOLY_MUTATION_CONCURRENCY=1 npm run mutation -- commit   one test runner
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Stryker } from "@stryker-mutator/core";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(ROOT, "reports/mutation");

/** Each batch: the files (or line ranges) mutated, and the test files run against them. */
export const BATCHES = {
  views: {
    mutate: [
      "src/rules/kolikoly/view.ts",
      "src/rules/kayanak/view.ts",
      "src/foundry/fishing/projection.ts",
    ],
    tests: [
      "tests/rules/kolikoly/view.test.ts",
      "tests/rules/kayanak/view.test.ts",
      "tests/rules/kayanak/turn.test.ts",
      "tests/foundry/projection.test.ts",
      "tests/foundry/projection-ops.test.ts",
      "tests/foundry/levels.test.ts",
      "tests/foundry/aliases.test.ts",
      "tests/foundry/swarm-body.test.ts",
      "tests/foundry/adversarial/console.test.ts",
    ],
  },
  store: {
    mutate: ["src/foundry/core/store/gm-store.ts", "src/foundry/core/store/sealed.ts"],
    // not tests/foundry/store-seeded.test.ts: its 500 seeded writes and 250-round game take
    // seconds each and would run again for nearly every mutant
    tests: [
      "tests/foundry/store.test.ts",
      "tests/foundry/store-small.test.ts",
      "tests/foundry/store-units.test.ts",
      "tests/foundry/sealed-units.test.ts",
      "tests/foundry/gm-store-units.test.ts",
      "tests/foundry/adversarial/planted-bugs.test.ts",
    ],
  },
  keys: {
    mutate: ["src/foundry/core/store/keyring.ts", "src/foundry/core/store/handover.ts"],
    tests: [
      "tests/foundry/store-units.test.ts",
      "tests/foundry/key-handover.test.ts",
      "tests/foundry/key-handover-units.test.ts",
      "tests/foundry/adversarial/console.test.ts",
    ],
  },
  authority: {
    mutate: [
      "src/foundry/core/authority.ts",
      "src/foundry/core/compat.ts",
      // the players' desk: the rate limit, who is the GM, who owns a fisher, which card and
      // which roll a GM wrote, and the answer to a player's query; by line, so checked against
      // the file whenever it moves: `allow` to `resolved`, `owns` to `owed`, `pickUp` to
      // countRoll's "otherRequest" refusal
      "src/foundry/players/desk.ts:121-163",
      "src/foundry/players/desk.ts:185-325",
      "src/foundry/players/desk.ts:412-492",
    ],
    tests: [
      "tests/foundry/authority.test.ts",
      "tests/foundry/compat.test.ts",
      "tests/foundry/players/table.test.ts",
      "tests/foundry/players/integrity.test.ts",
      "tests/foundry/players/desk.test.ts",
      "tests/foundry/players/desk-pickup.test.ts",
      "tests/foundry/adversarial/console.test.ts",
    ],
  },
  intents: {
    mutate: ["src/foundry/players/protocol.ts", "src/foundry/kayanak/requests.ts"],
    tests: [
      "tests/foundry/players/protocol.test.ts",
      "tests/foundry/kayanak/requests.test.ts",
      "tests/foundry/adversarial/console.test.ts",
    ],
  },
  commit: {
    mutate: ["src/foundry/core/commit.ts"],
    tests: [
      "tests/foundry/commit.test.ts",
      "tests/foundry/writes.test.ts",
      "tests/foundry/adversarial/planted-bugs.test.ts",
    ],
  },
};

/** The score of a set of mutants: killed and timed out over all valid (Stryker's definition). */
function score(mutants) {
  const n = (s) => mutants.filter((m) => m.status === s).length;
  const detected = n("Killed") + n("Timeout");
  const valid = detected + n("Survived") + n("NoCoverage");
  return { detected, survived: n("Survived"), noCoverage: n("NoCoverage"), valid };
}

async function runBatch(name, batch) {
  process.env.KOLIKOLY_MUTATION_TESTS = JSON.stringify(batch.tests);
  const started = Date.now();
  const stryker = new Stryker({
    configFile: path.join(ROOT, "stryker.config.json"),
    mutate: batch.mutate,
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    // two test runners by default (stryker.config.json); fewer on a busy machine
    ...(process.env.KOLIKOLY_MUTATION_CONCURRENCY
      ? { concurrency: Number(process.env.KOLIKOLY_MUTATION_CONCURRENCY) }
      : {}),
  });
  const results = await stryker.runMutationTest();
  return { results, seconds: Math.round((Date.now() - started) / 1000) };
}

const asked = process.argv.slice(2);
for (const a of asked)
  if (!(a in BATCHES)) throw new Error(`no batch "${a}": ${Object.keys(BATCHES)}`);
const names = asked.length ? asked : Object.keys(BATCHES);
fs.mkdirSync(OUT, { recursive: true });
const rows = [];
for (const name of names) {
  const { results, seconds } = await runBatch(name, BATCHES[name]);
  const byFile = new Map();
  for (const m of results) byFile.set(m.fileName, [...(byFile.get(m.fileName) ?? []), m]);
  for (const [file, mutants] of byFile) rows.push({ batch: name, file, ...score(mutants) });
  rows.push({ batch: name, file: `(batch, ${seconds} s)`, ...score(results) });
}
const all = rows.filter((r) => !r.file.startsWith("("));
const total = all.reduce(
  (a, r) => ({
    detected: a.detected + r.detected,
    survived: a.survived + r.survived,
    noCoverage: a.noCoverage + r.noCoverage,
    valid: a.valid + r.valid,
  }),
  { detected: 0, survived: 0, noCoverage: 0, valid: 0 },
);
rows.push({ batch: "all", file: "(every file)", ...total });
const pct = (r) => (r.valid ? ((100 * r.detected) / r.valid).toFixed(1) : "n/a");
console.log("\nbatch\tscore %\tkilled\tsurvived\tno coverage\tfile");
for (const r of rows)
  console.log(
    `${r.batch}\t${pct(r)}\t${r.detected}\t${r.survived}\t${r.noCoverage}\t${r.file.startsWith("(") ? r.file : path.relative(ROOT, r.file)}`,
  );
fs.writeFileSync(path.join(OUT, "scores.json"), JSON.stringify(rows, null, 2));
