/**
 * The one place where Foundry v13 and v14 differ for this module (issue 3, item 1):
 * - batched writes: v14 has foundry.documents.modifyBatch (one request for many operations,
 *   all-or-nothing; API docs v14 "modifyBatch"); v13 sends one request per operation;
 * - chat message modes: v13 `rollMode` (publicroll/gmroll/blindroll/selfroll), v14 `messageMode`
 *   (public/gm/blind/self, CONFIG.ChatMessage.modes);
 * - query handlers: v14 passes the calling user to a CONFIG.queries handler, v13 does not.
 */
export type MessageMode = "public" | "gm" | "blind" | "self";

/**
 * The module's own names for a message's visibility (v13's words, which the world's
 * hidden-actions setting stores): on each Foundry generation they are said in that
 * generation's words, at the edge (`messageModeOption`, `rollMessageOptions`, `modeSettingKey`).
 */
export type RollModeName = "publicroll" | "gmroll" | "blindroll" | "selfroll";

const V13_ROLL_MODE: Record<MessageMode, RollModeName> = {
  public: "publicroll",
  gm: "gmroll",
  blind: "blindroll",
  self: "selfroll",
};

const V14_MESSAGE_MODE: Record<RollModeName, MessageMode> = {
  publicroll: "public",
  gmroll: "gm",
  blindroll: "blind",
  selfroll: "self",
};

/** A mode in v14's words (CONFIG.ChatMessage.modes keys: public, gm, blind, self). */
export function toMessageMode(mode: RollModeName): MessageMode {
  return V14_MESSAGE_MODE[mode];
}

/**
 * A mode read from Foundry in either generation's words, in the module's; undefined for a mode
 * the module does not know (v14's `ic`, in-character, is public for a roll: dnd5e
 * basic-roll.mjs `getMessageMode` reads it so).
 */
export function fromMessageMode(v: unknown): RollModeName | undefined {
  if (v === "ic") return "publicroll";
  if (typeof v !== "string") return undefined;
  if (v in V14_MESSAGE_MODE) return v as RollModeName;
  return (V13_ROLL_MODE as Record<string, RollModeName>)[v];
}

/**
 * The core client setting that holds a user's mode: `messageMode` on v14 (v14 renamed it; reading
 * `core.rollMode` there logs a deprecation, and it goes in v16), `rollMode` on v13.
 */
export function modeSettingKey(generation: number): "messageMode" | "rollMode" {
  return generation >= 14 ? "messageMode" : "rollMode";
}

/** The option that sets a message's visibility, for `ChatMessage.create(data, options)`. */
export function messageModeOption(generation: number, mode: MessageMode): Record<string, string> {
  return generation >= 14 ? { messageMode: mode } : { rollMode: V13_ROLL_MODE[mode] };
}

/**
 * `Roll#toMessage`'s visibility option in the generation's words: v14 `messageMode` (its
 * `rollMode` option is deprecated there, mapped by `Roll._mapLegacyRollMode` with a warning on
 * every roll), v13 `rollMode`. None when the mode is not given (the user's own applies).
 */
export function rollMessageOptions(
  mode: RollModeName | undefined,
  generation: number,
): Record<string, string> {
  if (!mode) return {};
  return generation >= 14 ? { messageMode: V14_MESSAGE_MODE[mode] } : { rollMode: mode };
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
