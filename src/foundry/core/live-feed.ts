/**
 * What changed on this client, for the windows that follow it (issue 20 item 3): the GM panel,
 * its Kayanak boards and the players' declaration window re-render when something they show
 * changed, whoever changed it. One feed per client (the runtime's), fed by
 * - the GM store: a GM record's revision written by any GM client (hooks/update-store.ts ->
 *   Runtime#storeChanged; GM clients only, the pack reaches no one else). Every declaration,
 *   withdrawal, check total (typed, rolled or picked up from a sheet by players/desk.ts), lock,
 *   resolution, undo and end is such a write: the record is the commit point.
 * - the hooks in LIVE_HOOKS (hooks/live.ts): a scene's module flags (the public lake or board:
 *   who declared, the round, the end), a module chat card, and a user connecting or leaving
 *   (the active GM may change: a hand-over).
 */
import { MODULE_ID } from "./constants.ts";

export type LiveChange =
  /** A GM record revision of a lake or a Kayanak board (`game` is its id). */
  | { readonly kind: "store"; readonly game: string }
  /** A scene's module flags changed. */
  | { readonly kind: "scene"; readonly sceneId: string }
  /** A module chat card created, updated or deleted (`game` is its lake or board, if it says). */
  | { readonly kind: "chat"; readonly game: string | undefined }
  /** A user connected or left. */
  | { readonly kind: "users" };

export class LiveFeed {
  private readonly listeners = new Set<(c: LiveChange) => void>();

  /** Follows every change; the function returned stops following. */
  subscribe(fn: (c: LiveChange) => void): () => void {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  }

  emit(c: LiveChange): void {
    for (const fn of [...this.listeners])
      try {
        fn(c);
      } catch (e) {
        console.error("kolikoly-fishing | a window could not follow a change", e);
      }
  }

  /** One of LIVE_HOOKS fired on this client, with its arguments. */
  fromHook(name: string, args: readonly unknown[]): void {
    const c = changeOfHook(name, args);
    if (c) this.emit(c);
  }
}

/**
 * The hooks the feed listens to (API docs v13, hookEvents): updateScene(document, changed,
 * options, userId), create/update/deleteChatMessage(message, ...), userConnected(user, connected).
 */
export const LIVE_HOOKS = [
  "updateScene",
  "createChatMessage",
  "updateChatMessage",
  "deleteChatMessage",
  "userConnected",
] as const;

type Flagged = { id?: string | null; _id?: string; flags?: Record<string, unknown> };

/** The change a hook reports, or undefined when it is none of the module's. */
export function changeOfHook(name: string, args: readonly unknown[]): LiveChange | undefined {
  const doc = args[0] as Flagged | undefined;
  if (name === "userConnected") return { kind: "users" };
  if (name === "updateScene") {
    const changed = args[1] as { flags?: Record<string, unknown> } | undefined;
    const sceneId = doc?.id ?? doc?._id;
    return changed?.flags?.[MODULE_ID] !== undefined && sceneId
      ? { kind: "scene", sceneId }
      : undefined;
  }
  if (name.endsWith("ChatMessage")) {
    const flag = doc?.flags?.[MODULE_ID] as { lake?: unknown } | undefined;
    if (!flag) return undefined;
    return { kind: "chat", game: typeof flag.lake === "string" ? flag.lake : undefined };
  }
  return undefined;
}
