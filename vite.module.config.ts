/**
 * Vite for the Foundry module: src/foundry/main.ts as an ES module (dist/scripts/) and its CSS
 * (dist/styles/). Two chunks are imported only when needed: the Quench batches (tests/quench)
 * when Quench is active, and Kayanak (src/foundry/kayanak/kayanak-chunk.ts, through
 * kayanak/load.ts) when a scene holds a board or the wizard picks Kayanak. What the entry and the
 * Kayanak chunk share is a common chunk, scripts/shared-<hash>.js, which the entry imports
 * statically: every client loads it at start (`npm run bench` counts it there).
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
      output: {
        chunkFileNames: (c) =>
          c.isDynamicEntry ? "scripts/[name].js" : "scripts/shared-[hash].js",
        minify: true,
      },
    },
  },
});
