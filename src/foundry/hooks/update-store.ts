/**
 * updateJournalEntry / createJournalEntry in the GM store (world compendium, GM clients only):
 * another GM client wrote a lake record, so this client's GM cards of that lake are drawn again
 * from it (Runtime#storeChanged). Records are named by their lake id (live-port.ts putRecord).
 */
import { STORE_PACK_ID } from "../constants.ts";
import type { Runtime } from "../runtime.ts";

export function listen(rt: () => Runtime): void {
  const changed = (doc: { pack?: string | null; name?: string | null }) => {
    if (doc.pack === STORE_PACK_ID && doc.name) rt().storeChanged(doc.name);
  };
  Hooks.on("updateJournalEntry", changed as never);
  Hooks.on("createJournalEntry", changed as never);
}
