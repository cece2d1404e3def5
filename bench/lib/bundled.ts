/**
 * Loads a bench module from one esbuild bundle of it and everything it imports, so that the code
 * it times runs as it does in use: the simulation workers run an esbuild bundle
 * (src/cli/sim-worker-bundle.mjs), the table and Foundry a vite bundle. Run through tsx instead,
 * every import between modules becomes a getter call, and the engine measured about 1.6x slower
 * a round than the same code bundled (bench/README.md).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

export async function loadBundled<T>(entry: URL): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "kolikoly-bench-"));
  try {
    const outfile = join(dir, "bundle.mjs");
    await build({
      entryPoints: [fileURLToPath(entry)],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile,
      logLevel: "silent",
    });
    return (await import(pathToFileURL(outfile).href)) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
