/**
 * Kolikoly Fishing for Foundry VTT. The module is built in one place, its composition root
 * (module.ts `createModule`), from the live port and what it reads of Foundry; this file only
 * registers the root's hook list, one listener per hook (docs/architecture.md).
 */
import "../../styles/module.css";
import { MODULE_ID, STORE_PACK_ID } from "./core/constants.ts";
import { livePort } from "./core/live-port.ts";
import { livePlayerPort } from "./players/live-port.ts";
import { boardIds, lakeIds } from "./hooks/ready.ts";
import { liveCheckEnv } from "./hooks/table-check.ts";
import { createModule } from "./module.ts";

const module = createModule(livePort, {
  lakeIds,
  boardIds,
  checkEnv: liveCheckEnv,
  playerPort: livePlayerPort,
});
for (const h of module.hooks) Hooks[h.once ? "once" : "on"](h.name as never, h.fn as never);

// Quench batches (tests/quench) are a separate chunk, loaded only when Quench is active.
Hooks.once(
  "quenchReady" as never,
  (async (quench: unknown) => {
    const { registerBatches } = await import("../../tests/quench/index.ts");
    registerBatches(quench as Parameters<typeof registerBatches>[0], {
      moduleId: MODULE_ID,
      storePackId: STORE_PACK_ID,
    });
  }) as never,
);
