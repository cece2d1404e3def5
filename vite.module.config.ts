/**
 * Vite for the Foundry module: src/foundry/main.ts as one ES module (dist/scripts/) and its CSS
 * (dist/styles/). Quench batches (tests/quench) are a chunk imported only when Quench is active.
 * scripts/build.mjs runs this, then copies templates, lang, assets and compiles the packs.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: false,
  clearScreen: false,
  logLevel: "warn",
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: false,
    target: "es2022",
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    lib: {
      entry: fileURLToPath(new URL("./src/foundry/main.ts", import.meta.url)),
      formats: ["es"],
      fileName: () => "scripts/kolikoly-fishing.js",
      cssFileName: "styles/kolikoly-fishing",
    },
    rollupOptions: {
      // Library mode leaves ES output's whitespace for a later bundler; Foundry loads this file
      // as it is, so it gets the whole minification (about a third of its gzipped size).
      output: { chunkFileNames: "scripts/[name].js", minify: true },
    },
  },
});
