/** How a write to Foundry fails: part way, unverified, or refused as stale (store/gm-store.ts). */
import { STALE_RECORD } from "./record.ts";

export class WriteError extends Error {
  constructor(
    message: string,
    /** The ids each operation created, for the operations that were written. */
    readonly done: string[][],
    /** The write's outcome is unknown (a v14 batch whose answer did not add up): look, don't trust. */
    readonly unverified = false,
  ) {
    super(message);
  }
}

/** A write refused because another GM client wrote that revision of the record first. */
export function isStale(e: unknown): boolean {
  return e instanceof Error && e.message.startsWith(STALE_RECORD);
}
