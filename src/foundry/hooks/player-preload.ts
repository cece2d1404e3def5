/**
 * ready: a player's client starts loading the declaration window's code (players/declare-windows.ts)
 * once the browser is idle, so that the window opens at once when the player first declares,
 * without its code being part of what every client loads before the world is drawn. A
 * GM's client does not: a GM declares through the panel, and a window a GM opens loads it then.
 *
 * `ready`, not `setup`: Foundry draws the world first; idle (requestIdleCallback, with a time-out
 * so that a busy page still gets it within seconds), not at once, so the scene's first drawing
 * does not share the connection with it.
 */
import type { HookSink } from "./hook-list.ts";

/** At most this long after ready before the window's code is asked for, idle or not. */
export const IDLE_TIMEOUT_MS = 3_000;

type Idle = (fn: () => void, o: { timeout: number }) => unknown;

export function listen(
  hooks: HookSink,
  isGM: () => boolean,
  preloads: readonly (() => void)[],
  idle: Idle | undefined = (globalThis as { requestIdleCallback?: Idle }).requestIdleCallback,
): void {
  hooks.once("ready", () => {
    if (isGM()) return;
    const run = () => {
      for (const preload of preloads) preload();
    };
    if (idle) idle(run, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(run, 0);
  });
}
