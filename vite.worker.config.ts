/**
 * Vite for the lake wizard's Web Worker (src/foundry/fishing/estimate-worker.ts): the module's build
 * settings (vite.module.config.ts) with another entry, one self-contained ES module,
 * dist/scripts/estimate-worker.js, carrying its own copy of the simulator. Built after the module
 * by scripts/build.mjs, apart from it so that the module stays one file.
 */
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vite";
import moduleConfig from "./vite.module.config.ts";

export default defineConfig(
  mergeConfig(
    { ...moduleConfig, build: { ...moduleConfig.build, lib: false, rollupOptions: {} } },
    {
      build: {
        lib: {
          entry: fileURLToPath(
            new URL("./src/foundry/fishing/estimate-worker.ts", import.meta.url),
          ),
          formats: ["es"],
          fileName: () => "scripts/estimate-worker.js",
        },
      },
    },
  ),
);
