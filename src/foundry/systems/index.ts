/// <reference types="vite/client" />
/**
 * Chooses the system adapter: the GM's override setting when set, else `game.system.id`, else the
 * generic formulas. Adding a system is one new file in this folder that exports
 * `adapter: RollAdapter` whose `id` is the system's id (see docs/players.md), and its line in
 * FILES below (a test names any adapter file left out).
 */
import type { GenericFormulas } from "./generic.ts";
import { DEFAULT_GENERIC_FORMULAS, genericAdapter } from "./generic.ts";
import type { RollAdapter } from "./types.ts";
import { adapter as dnd5e } from "./dnd5e.ts";
import { adapter as pf2e } from "./pf2e.ts";

/** The folder's shared files: the interface, the readers, the formulas, the set-up bound. */
const NOT_ADAPTERS = new Set([
  "./index.ts",
  "./types.ts",
  "./common.ts",
  "./generic.ts",
  "./check-bound.ts",
]);

/**
 * Every system adapter in this folder, by its file. Written out rather than globbed: the bench
 * and the CLI load these files without Vite, and a test (tests/foundry/systems/adapters.test.ts)
 * fails on an adapter file of this folder missing here.
 */
const FILES: Readonly<Record<string, { adapter?: RollAdapter }>> = {
  "./dnd5e.ts": { adapter: dnd5e },
  "./pf2e.ts": { adapter: pf2e },
};

/** Every system adapter in this folder, by id. */
export const SYSTEM_ADAPTERS: ReadonlyMap<string, RollAdapter> = (() => {
  const files = FILES;
  const out = new Map<string, RollAdapter>();
  for (const [path, mod] of Object.entries(files)) {
    if (NOT_ADAPTERS.has(path) || path.endsWith(".d.ts")) continue;
    const a = mod.adapter;
    if (!a || typeof a.id !== "string" || typeof a.mods !== "function")
      throw new Error(`${path} must export \`adapter: RollAdapter\` (docs/players.md)`);
    if (out.has(a.id)) throw new Error(`two adapters claim the system id "${a.id}"`);
    out.set(a.id, a);
  }
  return out;
})();

/** The override setting's value that means "follow the world's system". */
export const AUTO = "auto";

/** The override setting's choices: auto, every system adapter, and the generic formulas. */
export function adapterChoices(): Record<string, string> {
  const out: Record<string, string> = { [AUTO]: "KOLIKOLY.Systems.Auto" };
  for (const a of SYSTEM_ADAPTERS.values()) out[a.id] = a.labelKey;
  out.generic = "KOLIKOLY.Systems.Generic";
  return out;
}

/**
 * The adapter for a world: `override` (a setting) wins unless it is `auto`; then the adapter for
 * `systemId`; the generic formulas for any other system.
 */
export function chooseAdapter(
  systemId: string,
  override: string = AUTO,
  formulas: GenericFormulas = DEFAULT_GENERIC_FORMULAS,
): RollAdapter {
  const id = override && override !== AUTO ? override : systemId;
  if (id === "generic") return genericAdapter(formulas);
  return SYSTEM_ADAPTERS.get(id) ?? genericAdapter(formulas);
}

export type { RollAdapter };
