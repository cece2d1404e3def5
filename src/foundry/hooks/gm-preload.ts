/**
 * setup: a GM's client starts loading the GM chunks (the GM windows, the store's cipher, the GM
 * desk), so that a GM window opens at once; a player's client never loads them.
 *
 * Not at `init`: Foundry makes `game.user` only when it builds the world's documents, after
 * `init` and `i18nInit` and just before `setup` (v13 client/game.mjs: Game#user is null until
 * Game#setupGame's initializeDocuments; the v14 API documents the same order). A GM test at
 * `init` is false on every client, and the chunks waited for the first window.
 */
import type { HookSink } from "./hook-list.ts";

export function listen(
  hooks: HookSink,
  isGM: () => boolean,
  preloads: readonly (() => void)[],
): void {
  hooks.once("setup", () => {
    if (isGM()) for (const preload of preloads) preload();
  });
}
