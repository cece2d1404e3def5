/**
 * Kolikoly Fishing for Foundry VTT: registers everything from one place (docs/architecture.md).
 * One file per hook, each exporting listen().
 */
import "../../styles/module.css";
import { MODULE_ID, STORE_PACK_ID } from "./core/constants.ts";
import { livePort } from "./core/live-port.ts";
import { Runtime } from "./runtime.ts";
import { makeApi } from "./api.ts";
import { GmPanel } from "./apps/gm-panel.ts";
import { LakeWizard } from "./apps/lake-wizard.ts";
import { SwarmSheet } from "./apps/swarm-sheet.ts";
import * as init from "./hooks/init.ts";
import * as setup from "./hooks/setup.ts";
import * as ready from "./hooks/ready.ts";
import { boardIds, lakeIds } from "./hooks/ready.ts";
import * as controls from "./hooks/get-scene-controls.ts";
import * as chat from "./hooks/render-chat-message.ts";
import * as store from "./hooks/update-store.ts";
import * as players from "./hooks/players.ts";
import { playersOf } from "./hooks/players.ts";
import * as tableCheck from "./hooks/table-check.ts";
import { liveCheckEnv } from "./hooks/table-check.ts";
import { runTableCheck } from "./apps/table-check-dialog.ts";
import * as hazardChoice from "./hooks/hazard-choice.ts";
import * as kayanakDice from "./hooks/kayanak-dice.ts";

let runtime: Runtime | undefined;

/** Created on first use (at init): game.user exists from then on. */
function rt(): Runtime {
  if (!runtime) {
    runtime = new Runtime(livePort(), lakeIds, liveCheckEnv(), boardIds, playersOf);
    GmPanel.runtime = runtime;
    SwarmSheet.runtime = runtime;
    LakeWizard.runtime = runtime;
  }
  return runtime;
}

init.listen(rt);
setup.listen();
ready.listen(rt);
controls.listen();
chat.listen(rt);
store.listen(rt);
// issue 10 item 1: the store-traffic listener from init, the table check, the leak warning
tableCheck.listen(rt);
// issue 4, after init.listen: its init runs after the core init and answers QUERY.intent
players.listen(rt);
// H4: the HP-or-effect choice's settings and window
hazardChoice.listen(rt);
// issue 11: Kayanak's dice terms and their Dice So Nice faces
kayanakDice.listen();

Hooks.once("init", () => {
  const mod = game.modules!.get(MODULE_ID) as unknown as { api?: unknown } | undefined;
  if (mod)
    mod.api = makeApi(rt(), {
      panel: () => GmPanel.open(),
      wizard: (s, t, m) => LakeWizard.open(s, t, m),
      tableCheck: (show) => runTableCheck(rt(), show),
    });
});

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
