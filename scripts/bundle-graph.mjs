// What a Foundry client loads of the built module (issue 23), read from dist/scripts as built:
// the entry and every file it imports statically (loaded at start, before the module runs), and
// each chunk it imports with import() and what that chunk brings that is not loaded already
// (loaded on first use). Used by `npm run bench` (bench/foundry.ts) and tests/foundry/build.test.ts.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** The relative imports of a built ES module: static (`from"./x.js"`, `import"./x.js"`) and import(). */
export function importsOf(code) {
  const rel = (s) => s.replace(/^\.\//, "");
  const statics = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+)["']/g)].map((m) =>
    rel(m[1]),
  );
  const dynamic = [...code.matchAll(/\bimport\(\s*[`"'](\.\/[^`"']+)[`"']\s*\)/g)].map((m) =>
    rel(m[1]),
  );
  return { statics: [...new Set(statics)], dynamic: [...new Set(dynamic)] };
}

/** Files loaded with `file`: itself and, recursively, its static imports (paths relative to dir). */
export function staticClosure(dir, file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(dir, file), "utf8");
  for (const f of importsOf(code).statics)
    staticClosure(dir, path.posix.join(path.posix.dirname(file), f), seen);
  return seen;
}

/** Every import() reachable from `file` through static and dynamic imports. */
export function dynamicChunks(dir, file) {
  const out = new Set();
  const walk = (f, seen = new Set()) => {
    if (seen.has(f)) return;
    seen.add(f);
    const { statics, dynamic } = importsOf(fs.readFileSync(path.join(dir, f), "utf8"));
    const at = (x) => path.posix.join(path.posix.dirname(f), x);
    for (const s of statics) walk(at(s), seen);
    for (const d of dynamic) {
      out.add(at(d));
      walk(at(d), seen);
    }
  };
  walk(file);
  return [...out];
}

export const gzipBytes = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * The figures: at start (the entry's static closure and the stylesheet), and for each dynamic
 * chunk what its first use adds (its own static closure less what is loaded already), in gzip bytes.
 */
export function loadFigures(dist, { entry = "scripts/kolikoly-fishing.js", styles = [] } = {}) {
  const size = (f) => gzipBytes(fs.readFileSync(path.join(dist, f)));
  const start = [...staticClosure(dist, entry), ...styles];
  const startBytes = start.reduce((n, f) => n + size(f), 0);
  const chunks = dynamicChunks(dist, entry).map((chunk) => {
    const files = [...staticClosure(dist, chunk)].filter((f) => !start.includes(f));
    return { chunk, files, bytes: files.reduce((n, f) => n + size(f), 0) };
  });
  return { start, startBytes, chunks };
}
