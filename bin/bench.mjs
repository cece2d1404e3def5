#!/usr/bin/env node
// `npm run bench [-- --smoke] [-- --strict] [-- section...]`: runs every bench/*.ts section
// (each exports `run(opts)`, see bench/README.md) and prints one table of figures.
import { readdirSync } from "node:fs";
import { register } from "tsx/esm/api";

register();
const args = process.argv.slice(2);
const smoke = args.includes("--smoke");
const strict = args.includes("--strict");
const only = args.filter((a) => !a.startsWith("--"));
const dir = new URL("../bench/", import.meta.url);
const sections = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
  .map((f) => f.slice(0, -3))
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

const unknown = only.filter((name) => !sections.includes(name));
if (unknown.length) {
  process.stderr.write(`bench: no section ${unknown.join(", ")} in bench/\n`);
  process.exit(2);
}

const rows = [];
let failed = false;
const started = performance.now();
for (const section of sections) {
  process.stderr.write(`bench: ${section}${smoke ? " (smoke)" : ""}...\n`);
  const t0 = performance.now();
  try {
    const mod = await import(new URL(`${section}.ts`, dir).href);
    if (typeof mod.run !== "function") throw new Error("exports no run(opts)");
    for (const row of await mod.run({ smoke })) rows.push({ section, ...row });
  } catch (e) {
    failed = true;
    rows.push({ section, name: "error", value: String(e?.message ?? e).split("\n")[0], ok: false });
  }
  process.stderr.write(
    `bench: ${section} took ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
  );
}

const table = [
  ["section", "figure", "value", "target", "ok"],
  ...rows.map((r) => [
    r.section,
    r.name,
    r.value,
    r.target ?? "",
    r.ok === undefined ? "" : r.ok ? "yes" : "NO",
  ]),
];
const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
const line = (row) =>
  row
    .map((cell, c) => cell.padEnd(widths[c]))
    .join(" | ")
    .trimEnd();
process.stdout.write(
  [line(table[0]), widths.map((w) => "-".repeat(w)).join("-|-"), ...table.slice(1).map(line)].join(
    "\n",
  ) + "\n",
);
process.stdout.write(
  `(${smoke ? "smoke run, " : ""}${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
);
const missed = rows.some((r) => r.ok === false);
process.exitCode = failed || (strict && missed) ? 1 : 0;
