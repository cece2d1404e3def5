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
