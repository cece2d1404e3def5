// Bundles the simulation worker (sim-worker.ts) into one CommonJS file in the folder given as
// the first argument, with a manifest of every file it was made from and a hash of each (see
// workerScript in run-sim.ts, which runs this script in a process of its own so that the CLI's
// process never loads esbuild). The second argument is the bundle format's tag, kept in the
// manifest. Files are written under temporary names, then renamed into place, so that two runs
// at once never read half a bundle.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";

const [dir, format] = process.argv.slice(2);
if (!dir || !format) throw new Error("usage: sim-worker-bundle.mjs DIR FORMAT");
const entry = fileURLToPath(new URL("./sim-worker.ts", import.meta.url));
const base = dirname(entry);
const sha1 = (path) => createHash("sha1").update(readFileSync(path)).digest("hex");

mkdirSync(dir, { recursive: true });
const tag = `${process.pid}-${Date.now()}`;
const tmp = join(dir, `sim-worker.${tag}.cjs`);
const result = buildSync({
  entryPoints: [entry],
  bundle: true,
  platform: "node",
  format: "cjs",
  outfile: tmp,
  metafile: true,
  logLevel: "silent",
  absWorkingDir: base,
});
const inputs = Object.keys(result.metafile.inputs).map((p) => {
  const path = resolve(base, p);
  return { path, sha1: sha1(path) };
});
renameSync(tmp, join(dir, "sim-worker.cjs"));
const manifest = join(dir, `manifest.${tag}.json`);
writeFileSync(manifest, JSON.stringify({ format, inputs }));
renameSync(manifest, join(dir, "manifest.json"));
