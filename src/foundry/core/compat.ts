/**
 * The one place where Foundry v13 and v14 differ for this module (issue 3, item 1):
 * - batched writes: v14 has foundry.documents.modifyBatch (one request for many operations,
 *   all-or-nothing; API docs v14 "modifyBatch"); v13 sends one request per operation;
 * - chat message modes: v13 `rollMode` (publicroll/gmroll/blindroll/selfroll), v14 `messageMode`
 *   (public/gm/blind/self, CONFIG.ChatMessage.modes);
 * - query handlers: v14 passes the calling user to a CONFIG.queries handler, v13 does not.
 */
export type MessageMode = "public" | "gm" | "blind" | "self";

const V13_ROLL_MODE: Record<MessageMode, string> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
};

/** The option that sets a message's visibility, for `ChatMessage.create(data, options)`. */
export function messageModeOption(generation: number, mode: MessageMode): Record<string, string> {
  return generation >= 14 ? { messageMode: mode } : { rollMode: V13_ROLL_MODE[mode] };
}

/** Whether this Foundry can write a list of operations as one request. */
export function canBatch(generation: number, hasModifyBatch: boolean): boolean {
  return generation >= 14 && hasModifyBatch;
}

/**
 * The user who sent a query, where Foundry says so (v14: the handler's second argument carries
 * `user`). Undefined on v13: callers must then establish the sender another way (issue 4).
 */
export function queryCaller(generation: number, options: unknown): string | undefined {
  if (generation < 14 || typeof options !== "object" || options === null) return undefined;
  const u = (options as { user?: { id?: unknown } | string }).user;
  if (typeof u === "string") return u;
  return typeof u?.id === "string" ? u.id : undefined;
}

/** The kinds of write the v14 batch carries (everything but the GM store). */
interface BatchableOp {
  readonly kind: string;
  readonly data?: readonly unknown[];
  readonly updates?: readonly unknown[];
  readonly ids?: readonly string[];
}

/** How many documents an operation touches; 0 is an operation not worth sending. */
function itemsOf(op: BatchableOp): number | undefined {
  return op.data?.length ?? op.updates?.length ?? op.ids?.length;
}

/** An operation with nothing in it: never sent, since modifyBatch may drop it and shift the results. */
export function emptyOp(op: BatchableOp): boolean {
  return itemsOf(op) === 0;
}

/** A batch whose answer does not account for every operation sent: nothing about it can be trusted. */
export class UnverifiedBatch extends Error {}

/**
 * The ids each sent operation created, from modifyBatch's answer: one array of documents per
 * operation, in order (API docs v14, foundry.documents.modifyBatch). An answer of another shape
 * (public reports: foundryvtt#14356, a failed batch surfacing only as a notification; #14174,
 * part of a batch applied) throws UnverifiedBatch instead of guessing.
 */
export function batchIds(sent: readonly BatchableOp[], results: unknown): string[][] {
  if (!Array.isArray(results) || results.length !== sent.length)
    throw new UnverifiedBatch(
      `modifyBatch answered ${Array.isArray(results) ? results.length : typeof results} results for ${sent.length} operations`,
    );
  return sent.map((op, i) => {
    const docs = results[i] as unknown;
    if (!Array.isArray(docs)) throw new UnverifiedBatch(`no result for operation ${i}`);
    if (op.kind.endsWith(".create") && docs.length !== itemsOf(op))
      throw new UnverifiedBatch(`operation ${i} created ${docs.length} of ${itemsOf(op)}`);
    return op.kind.endsWith(".create")
      ? docs.map((d) =>
          String((d as { id?: unknown; _id?: unknown }).id ?? (d as { _id?: unknown })._id),
        )
      : [];
  });
}

/**
 * A chat message's author as the server recorded it: ChatMessage#author is the User document in
 * v12+ (v13 client/documents/chat-message.mjs), an id in the message's source; either is read.
 */
export function authorIdOf(message: unknown): string | undefined {
  const a = (message as { author?: unknown } | null)?.author;
  if (typeof a === "string") return a;
  const id = (a as { id?: unknown } | null | undefined)?.id;
  return typeof id === "string" ? id : undefined;
}
