/**
 * v14 writes (issue 3, issue 9): the world operations of one change as one
 * foundry.documents.modifyBatch request, then the GM store's (compendium documents) on their own.
 * Shared by live-port.ts and the behavioural fake, so the fake's modifyBatch is answered in
 * Foundry's shape and this logic is what the tests exercise.
 * - Empty operations are not sent: whether modifyBatch keeps or drops them is not documented,
 *   and a dropped one would shift every result after it (compat.emptyOp).
 * - The answer must account for every operation sent (compat.batchIds); anything else is an
 *   unverified batch: the caller is told that nothing about it can be trusted.
 */
import { UnverifiedBatch, batchIds, emptyOp } from "./compat.ts";
import type { WriteOp } from "./port.ts";
import { WriteError } from "./write-error.ts";

/** The GM store's operations: compendium documents, written on their own after the batch. */
export type StoreOp = Extract<WriteOp, { kind: "store.put" | "store.delete" | "store.copy" }>;

export function isStoreOp(op: WriteOp): op is StoreOp {
  return op.kind === "store.put" || op.kind === "store.delete" || op.kind === "store.copy";
}

export async function writeV14(
  ops: readonly WriteOp[],
  send: (sent: WriteOp[]) => Promise<unknown>,
  putStore: (op: StoreOp) => Promise<void>,
): Promise<string[][]> {
  const sent = ops.filter((o) => !isStoreOp(o) && !emptyOp(o));
  let ids: string[][] = [];
  if (sent.length) {
    let results: unknown;
    try {
      results = await send(sent);
    } catch (e) {
      // all or nothing (API docs v14): nothing of the batch was written
      throw new WriteError(String((e as Error).message), []);
    }
    try {
      ids = batchIds(sent, results);
    } catch (e) {
      if (e instanceof UnverifiedBatch) throw new WriteError(e.message, [], true);
      throw e;
    }
  }
  const done: string[][] = [];
  for (const op of ops) {
    if (!isStoreOp(op)) {
      done.push(sent.includes(op) ? ids[sent.indexOf(op)]! : []);
      continue;
    }
    try {
      await putStore(op);
      done.push([]);
    } catch (e) {
      throw new WriteError(String((e as Error).message), done);
    }
  }
  return done;
}
