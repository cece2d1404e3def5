/**
 * updateJournalEntry / createJournalEntry in the GM store (world compendium, GM clients only):
 * a GM client wrote a lake record's revision, so this client's GM cards of that lake are drawn again
 * from it (Runtime#storeChanged).
 */
import { MODULE_ID, STORE_PACK_ID } from "../core/constants.ts";
import { isStoreDoc } from "../core/store/sealed.ts";
import type { Runtime } from "../runtime.ts";
import type { HookSink } from "./hook-list.ts";

export function listen(rt: () => Runtime, hooks: HookSink): void {
  const changed = (doc: { pack?: string | null; flags?: Record<string, unknown> }) => {
    if (doc.pack !== STORE_PACK_ID) return;
    const revision = (doc.flags?.[MODULE_ID] as { revision?: unknown } | undefined)?.revision;
    // the cards of the record's newest round (the one just resolved) are drawn again
    if (isStoreDoc(revision)) rt().storeChanged(revision.lakeId, revision.rounds);
  };
  hooks.on("updateJournalEntry", changed as never);
  hooks.on("createJournalEntry", changed as never);
}
