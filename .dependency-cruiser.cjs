/**
 * The layering of the code, checked in `npm run lint` (dependency-cruiser). docs/architecture.md
 * explains each rule; a rule here is the executable form of a sentence there. Imports of types
 * count (`tsPreCompilationDeps: true`): a type shared both ways is still two files that must be
 * read together, so no loop of imports is allowed, whatever the imports carry.
 */
const F = "^src/foundry/";
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles anywhere: each folder can be read bottom-up.",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "rules-stand-alone",
      severity: "error",
      comment: "src/rules is the game alone: it imports nothing outside itself, no package.",
      from: { path: "^src/rules/" },
      to: { pathNot: "^src/rules/" },
    },
    {
      name: "dice-stand-alone",
      severity: "error",
      comment:
        "src/dice reads Foundry's roll data and makes fair dice as pure functions: the module and the CLI share it, so it imports only itself and the hash library.",
      from: { path: "^src/dice/" },
      to: { pathNot: "^src/dice/|^node_modules/@noble/hashes/" },
    },
    {
      name: "no-foundry-outside-the-module",
      severity: "error",
      comment: "The table, the CLI and the shared UI never reach into the Foundry module.",
      from: { path: "^src/(sandbox|cli|ui)/" },
      to: { path: F },
    },
    {
      name: "core-is-the-bottom",
      severity: "error",
      comment: "The table core knows no game, no window and no players' side.",
      from: { path: `${F}core/` },
      to: { path: `${F}(fishing|kayanak|players|apps|hooks|systems)/|${F}(main|api|module)\\.ts$` },
    },
    {
      name: "systems-know-only-core",
      severity: "error",
      comment: "A system adapter speaks for the game system, not for a game mode.",
      from: { path: `${F}systems/` },
      to: { path: `${F}(fishing|kayanak|players|apps|hooks)/|${F}(main|api|module)\\.ts$` },
    },
    {
      name: "games-are-side-by-side",
      severity: "error",
      comment:
        "The fishing game and Kayanak are two adapters of the core: neither imports the other.",
      from: { path: `${F}(fishing|kayanak)/` },
      to: { path: `${F}(players|apps|hooks)/|${F}(main|api|module)\\.ts$` },
    },
    {
      name: "fishing-not-kayanak",
      severity: "error",
      from: { path: `${F}fishing/` },
      to: { path: `${F}kayanak/` },
    },
    {
      name: "kayanak-not-fishing",
      severity: "error",
      from: { path: `${F}kayanak/` },
      to: { path: `${F}fishing/` },
    },
    {
      name: "players-below-windows",
      severity: "error",
      comment: "The players' side serves the windows and hooks, never the other way round.",
      from: { path: `${F}players/` },
      to: { path: `${F}(apps|hooks)/|${F}(main|api|module)\\.ts$` },
    },
    {
      name: "windows-below-the-root",
      severity: "error",
      from: { path: `${F}apps/` },
      to: { path: `${F}hooks/|${F}(main|module)\\.ts$` },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules|\\.d\\.ts$" },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".mts", ".js", ".mjs"] },
  },
};
