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
import { MODULE_ID } from "./constants.ts";
import type { WriteOp } from "./documents.ts";
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

/** The scene flag a reach canary writes (a random value: public, meaningless). */
export const REACH_FLAG = "batchReach";

/**
 * What the other clients' answers to a reach canary say (TableCheck#reachProbe): `everyone`
 * when any of them holds the canary's value (a random value no client can know without receiving
 * it, so this answer cannot be forged, and foundryvtt#13656 would keep it from every client
 * alike); `writer` when none holds it and a GM client or more than one player says so; `doubt`
 * when one player alone says so (a word a player's console can forge); undefined: no answer.
 */
export type ReachVerdict = "everyone" | "writer" | "doubt" | undefined;

/**
 * Whether this session's v14 batches reach the other clients. foundryvtt#13656 ("Batched
 * document modifications are not broadcast to users other than the users that made them") is
 * open in the snapshots we can read, so it is detected, not assumed: before the first batch that
 * touches a scene, the writer sends a canary batch (one scene flag, `REACH_FLAG`, set to a fresh
 * value) and asks the other connected clients which value they hold (`probe`, the table check's
 * query). No single player decides for the table: one player's "not received" makes this client
 * write one operation per request until the round ends (`nextRound`), then asks again; only a GM
 * client's word, or more than one player's, settles it for the session. No one to ask: asked
 * again before a later batch.
 */
export class BatchReach {
  state: "unknown" | "everyone" | "writer" = "unknown";
  /** Whether `writer` rests on one player's word alone (it lasts until the round ends). */
  private doubted = false;
  /** Asks the other clients (ReachVerdict). */
  probe: ((sceneId: string, value: string) => Promise<ReachVerdict>) | undefined;
  private checking: Promise<void> | undefined;

  /** Whether `ops` may go as one batch (`send` writes a batch, as for the ops themselves). */
  async mayBatch(
    ops: readonly WriteOp[],
    send: (sent: WriteOp[]) => Promise<unknown>,
  ): Promise<boolean> {
    if (this.state === "unknown" && this.probe) {
      const scene = ops.find((o) => "sceneId" in o && typeof o.sceneId === "string") as
        { sceneId: string } | undefined;
      if (scene) {
        this.checking ??= this.check(scene.sceneId, send).finally(() => {
          this.checking = undefined;
        });
        await this.checking;
      }
    }
    return this.state !== "writer";
  }

  /**
   * A round (a fishing round resolved, a Kayanak turn ended) is over: a verdict that rested on
   * one player's word is dropped, and the next batch asks again. A false "not received" costs
   * the table one round of one-at-a-time writes, no more.
   */
  nextRound(): void {
    if (this.state === "writer" && this.doubted) {
      this.state = "unknown";
      this.doubted = false;
    }
  }

  private async check(sceneId: string, send: (sent: WriteOp[]) => Promise<unknown>): Promise<void> {
    const a = new Uint32Array(2);
    globalThis.crypto.getRandomValues(a);
    const value = `r${a[0]!.toString(36)}${a[1]!.toString(36)}`;
    try {
      await send([
        {
          kind: "scene.update",
          sceneId,
          update: { flags: { [MODULE_ID]: { [REACH_FLAG]: value } } },
        },
      ]);
    } catch {
      return; // the canary did not go out: nothing learnt
    }
    const verdict = await this.probe!(sceneId, value).catch(() => undefined);
    if (verdict === undefined) return;
    this.state = verdict === "everyone" ? "everyone" : "writer";
    this.doubted = verdict === "doubt";
    if (verdict === "writer")
      console.warn(
        "kolikoly-fishing | v14 batches do not reach the other clients here (foundryvtt#13656): writing one change at a time this session",
      );
    else if (verdict === "doubt")
      console.warn(
        "kolikoly-fishing | one player's client says a v14 batch did not reach it: writing one change at a time until the round ends, then asking again",
      );
  }
}
