/**
 * Vite for the lake wizard's Web Worker (src/foundry/estimate-worker.ts): one self-contained ES
 * module, dist/scripts/estimate-worker.js, with its own copy of the simulator. Built after the
 * module by scripts/build.mjs, apart from it so that the module stays one file.
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
      entry: fileURLToPath(new URL("./src/foundry/estimate-worker.ts", import.meta.url)),
      formats: ["es"],
      fileName: () => "scripts/estimate-worker.js",
    },
  },
});
