/**
 * updateJournalEntry / createJournalEntry in the GM store (world compendium, GM clients only):
 * another GM client wrote a lake record, so this client's GM cards of that lake are drawn again
 * from it (Runtime#storeChanged).
 */
import { MODULE_ID, STORE_PACK_ID } from "../constants.ts";
import { isGmRecord } from "../record.ts";
import type { Runtime } from "../runtime.ts";

export function listen(rt: () => Runtime): void {
  const changed = (doc: { pack?: string | null; flags?: Record<string, unknown> }) => {
    if (doc.pack !== STORE_PACK_ID) return;
    const record = (doc.flags?.[MODULE_ID] as { record?: unknown } | undefined)?.record;
    // the cards of the record's newest round (the one just resolved) are drawn again
    if (isGmRecord(record)) rt().storeChanged(record.lakeId, record.rounds.length);
  };
  Hooks.on("updateJournalEntry", changed as never);
  Hooks.on("createJournalEntry", changed as never);
}
