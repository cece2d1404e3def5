/**
 * The table check in Foundry (issue 10 item 1), one `listen` (pf2e's hook registry style):
 * - init: the `leakSeen` world setting, and this client's store-traffic listener on its socket
 *   (`game.socket` exists from the Game constructor, before init: v13 client/game.mjs);
 * - ready: a GM client shows a recorded leak as a permanent error;
 * - `kolikoly.roundResolved` with round 1 (fired on the active GM's client): the check runs;
 * - createJournalEntry / updateJournalEntry in the GM store: Foundry applied a store document on
 *   this client (v13 client/data/client-backend.mjs, #handleCreateDocuments fires the hook on
 *   every client that applies the change), so the watch looks again.
 */
import { HOOK, MODULE_ID, STORE_PACK_ID } from "../core/constants.ts";
import type { Runtime } from "../runtime.ts";
import type { CheckEnv, LeakSeen } from "../core/table-check.ts";
import { LEAK_SETTING } from "../core/table-check.ts";
import { AUTO, chooseAdapter } from "../systems/index.ts";
import { SETTING } from "../players/wire.ts";
import type { GmWindows } from "../apps/windows.ts";
import type { HookSink } from "./hook-list.ts";

type Settings = {
  get(ns: string, key: string): unknown;
  set(ns: string, key: string, value: unknown): Promise<unknown>;
  register(ns: string, key: string, data: object): void;
};
const settings = (): Settings => game.settings as unknown as Settings;

/** A socket.io client socket, as `game.socket` is (v13 Game#socket). */
type Socket = { on(event: string, fn: (...args: unknown[]) => void): unknown };

/** The table check's view of this client, read from Foundry's globals. */
export function liveCheckEnv(): CheckEnv {
  return {
    version: () =>
      (game.modules!.get(MODULE_ID) as unknown as { version?: string } | undefined)?.version ?? "",
    queryNames: () => Object.keys((CONFIG as unknown as { queries?: object }).queries ?? {}),
    adapter: () => {
      const override = settings().get(MODULE_ID, SETTING.adapter);
      return chooseAdapter(game.system!.id, typeof override === "string" ? override : AUTO).id;
    },
    storePack: () => {
      // CompendiumCollection: a Collection of the documents this client holds, and its index
      const p = game.packs?.get(STORE_PACK_ID) as unknown as
        { size: number; index: { size: number } } | undefined;
      return p ? { index: p.index.size, cache: p.size } : undefined;
    },
    // the documents this client's pack holds, each one's module flags (Document#flags)
    storeDocs: () => {
      const p = game.packs?.get(STORE_PACK_ID) as unknown as
        { contents: { id: string; flags?: Record<string, unknown> }[] } | undefined;
      return (p?.contents ?? []).map((d) => ({ id: d.id, content: d.flags?.[MODULE_ID] }));
    },
    now: () => Date.now(),
    leakSeen: () => settings().get(MODULE_ID, LEAK_SETTING),
    saveLeak: async (leak: LeakSeen | null) =>
      void (await settings().set(MODULE_ID, LEAK_SETTING, leak ?? {})),
    // Notifications#error with `permanent` stays until the user closes it (API docs v13, NotifyOptions)
    alarm: (message) => void ui.notifications?.error(message, { permanent: true }),
    generation: () => game.release?.generation ?? 13,
    // the probe's actor: a character of the world (game.actors), a player's first
    probeActor: () => {
      const actors = (game.actors?.contents ?? []) as unknown as {
        id: string;
        type: string;
        hasPlayerOwner?: boolean;
      }[];
      const characters = actors.filter((a) => a.type === "character");
      return (characters.find((a) => a.hasPlayerOwner) ?? characters[0] ?? actors[0])?.id;
    },
    // game.messages.get: held here, and ChatMessage#isContentVisible for this user
    messageSeen: (id) => {
      const m = game.messages?.get(id) as unknown as { isContentVisible?: boolean } | undefined;
      return { held: m !== undefined, visible: m?.isContentVisible === true };
    },
  };
}

export function listen(rt: () => Runtime, hooks: HookSink, windows: () => GmWindows): void {
  hooks.once("init", () => {
    settings().register(MODULE_ID, LEAK_SETTING, {
      scope: "world",
      config: false,
      type: Object,
      default: {},
      // a world setting's onChange runs on every client when its Setting document changes
      // (v13 client/helpers/client-settings.mjs)
      onChange: () => {
        void rt().table.alarmIfLeaked();
        windows().refreshPanel();
      },
    });
    const socket = game.socket as unknown as Socket | undefined;
    const watch = rt().table.watch;
    // v13 ClientDatabaseBackend#activateSocketListeners: socket.on("modifyDocument", response)
    socket?.on("modifyDocument", watch.listener);
    // v14 batches (foundry.documents.modifyBatch): the broadcast's event is not in any source we
    // can read. Other packages' notes name it `modifyDocumentBatch`; the request's own name is
    // `modifyBatch`: both are heard. An array of responses is read, anything else is ignored (the
    // index and cache counts, and the table check's probes, do not depend on it)
    if ((game.release?.generation ?? 13) >= 14)
      for (const event of ["modifyDocumentBatch", "modifyBatch"]) socket?.on(event, watch.listener);
  });
  hooks.once("ready", () => void rt().table.alarmIfLeaked());
  hooks.on(
    HOOK.roundResolved as never,
    ((payload: unknown) => void rt().table.afterRound(payload)) as never,
  );
  const applied = (doc: { pack?: string | null }) => {
    if (doc.pack === STORE_PACK_ID) rt().table.watch.notice();
  };
  hooks.on("createJournalEntry", applied as never);
  hooks.on("updateJournalEntry", applied as never);
}
