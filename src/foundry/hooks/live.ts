/**
 * The hooks the windows follow (core/live-feed.ts LIVE_HOOKS: a scene's module flags, module
 * cards, users coming and going), into this client's LiveFeed; the GM store's writes reach it
 * through hooks/update-store.ts (Runtime#storeChanged).
 */
import { LIVE_HOOKS } from "../core/live-feed.ts";
import type { Runtime } from "../runtime.ts";
import type { HookSink } from "./hook-list.ts";

export function listen(rt: () => Runtime, hooks: HookSink): void {
  for (const name of LIVE_HOOKS)
    hooks.on(name, ((...args: unknown[]) => rt().live.fromHook(name, args)) as never);
}
