/**
 * Vite for the standalone table (src/sandbox): `npm start` serves it (Vite prints the URL),
 * `vite build` writes it to dist-sandbox/. The Foundry module has its own vite.module.config.ts.
 * Nothing is fetched from the network at run time: styles use system fonts, the language file
 * and the templates are bundled.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const repo = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL("./src/sandbox", import.meta.url)),
  base: "./",
  publicDir: false,
  clearScreen: false,
  server: {
    host: "127.0.0.1",
    port: 5173,
    // The page imports lang/, templates/ and styles/ from the repository root.
    fs: { allow: [repo] },
  },
  preview: { host: "127.0.0.1", port: 4173 },
  // Pre-bundle handlebars up front so the dev server never reloads the page mid-session to add it.
  optimizeDeps: { include: ["handlebars"] },
  worker: { format: "es" },
  build: {
    outDir: fileURLToPath(new URL("./dist-sandbox", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: true,
  },
});
