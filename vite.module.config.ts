/**
 * Vite for the Foundry module: src/foundry/main.ts as an ES module (dist/scripts/) and its CSS
 * (dist/styles/). Chunks are imported only when needed: the Quench batches (tests/quench)
 * when Quench is active, and Kayanak (src/foundry/kayanak/kayanak-chunk.ts, through
 * kayanak/load.ts) when a scene holds a board or the wizard picks Kayanak, and the GM windows
 * (src/foundry/apps/gm-windows.ts, through apps/windows.ts) and the GM store's cipher
 * (src/foundry/core/store/gm-crypto.ts, through core/store/crypto.ts) and the GM desk
 * (src/foundry/players/gm-desk-chunk.ts, through players/gm-desk-load.ts) on a GM client, the lake
 * set-up and scenario files (src/foundry/fishing/create.ts, through fishing/host.ts) on a GM
 * client (at setup), and the declaration window (src/foundry/players/declare-dialog.ts,
 * through players/declare-windows.ts) on a player's client after ready. What the entry and
 * the chunks share are common chunks, scripts/shared-<hash>.js; those the entry imports
 * statically every client loads at start (`npm run bench` counts them there).
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
      // The rules engine is pure (no module of src/rules does anything when imported: the house
      // style's first rule, docs/architecture.md), so a module of it counts only where something
      // of it is used. Without this, every module src/rules/index.ts re-exports would be part of
      // what the entry loads at start as soon as any chunk used it (issue 23: the scenario
      // format, which only a GM making a lake or exporting one needs).
      treeshake: { moduleSideEffects: (id) => !/[\\/]src[\\/]rules[\\/]/.test(id) },
      // Library mode leaves ES output's whitespace for a later bundler; Foundry loads this file
      // as it is, so it gets the whole minification (about a third of its gzipped size).
      output: {
        chunkFileNames: (c) =>
          c.isDynamicEntry ? "scripts/[name].js" : "scripts/shared-[hash].js",
        minify: true,
        // issue 23: everything the entry loads at start that a chunk shares is one file, not
        // one per set of chunks sharing it (gzip compresses one file better than seven)
        codeSplitting: {
          groups: [{ name: "shared", tags: ["$initial"] }],
        },
      },
    },
  },
});
