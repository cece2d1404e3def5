// ESLint flat config. src/rules must stay pure (docs/architecture.md): no Foundry globals, no DOM,
// no node:* imports, no Math.random, no Date.now, no imports from outside src/rules.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

const foundryGlobals = [
  "game",
  "Hooks",
  "CONFIG",
  "canvas",
  "ui",
  "foundry",
  "window",
  "document",
  "process",
];

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "test-output/", "coverage/", "dist-sandbox/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["src/sandbox/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["src/rules/**/*.ts"],
    languageOptions: { globals: {} },
    rules: {
      "no-restricted-globals": ["error", ...foundryGlobals],
      "no-restricted-properties": [
        "error",
        {
          object: "Math",
          property: "random",
          message: "Every die is a request (docs/architecture.md).",
        },
        { object: "Date", property: "now", message: "The rules are deterministic." },
      ],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["node:*", "fs", "path", "worker_threads", "os"],
              message: "src/rules is pure.",
            },
            {
              group: ["../../*", "!../../rules/*"],
              message: "src/rules imports nothing outside itself.",
            },
            {
              group: ["**/foundry/**", "**/sandbox/**", "**/cli/**"],
              message: "src/rules imports nothing outside itself.",
            },
          ],
        },
      ],
    },
  },
);
