/**
 * ready: the GM store exists, the active GM puts every lake's scene in line with its record, and
 * private news reaches players again after a reload (Runtime#askForNews, #newsForAll).
 */
import { MODULE_ID } from "../core/constants.ts";
import type { Runtime } from "../runtime.ts";
import { drawBoard, tearDownBoard } from "../fishing/layer.ts";
import { drawKayanak, tearDownKayanak } from "../kayanak/load.ts";
import type { PlayerSend } from "../kayanak/layer.ts";
import type { HookSink } from "./hook-list.ts";
import { missingKeysText } from "../apps/key-words.ts";

export function lakeIds(): string[] {
  return game.scenes!.contents.flatMap((s) =>
    Object.keys(
      ((s.flags as Record<string, { lakes?: object }>)[MODULE_ID]?.lakes ?? {}) as object,
    ),
  );
}

export function boardIds(): string[] {
  return game.scenes!.contents.flatMap((s) =>
    Object.keys(
      ((s.flags as Record<string, { boards?: object }>)[MODULE_ID]?.boards ?? {}) as object,
    ),
  );
}

/** `asPlayer`: how a player's click on a Kayanak hole is sent (the players' query, module.ts). */
export function listen(rt: () => Runtime, hooks: HookSink, asPlayer: PlayerSend): void {
  hooks.once("ready", async () => {
    await (await import("../core/live-writes.ts")).ensureStore();
    const r = rt();
    // a GM client without the keys of the store's lakes asks the other GM clients for them
    const missing = await r.host.keys.askForMissing();
    // said at once and kept on screen: this browser cannot open some lakes' secrets
    if (missing.length)
      ui.notifications?.error(
        missingKeysText(missing.length, (k, d) => game.i18n!.format(k, d)),
        { permanent: true },
      );
    await r.reconcileAll();
    await drawBoard(r);
    // issue 23: the Kayanak chunk is loaded here when a scene holds a board
    drawKayanak(r, game.scenes!.contents, asPlayer);
    // private news after a reload: a player asks for it once its handlers exist; a GM sends it
    await r.askForNews();
    await r.newsForAll();
  });
  // the boards' textures are freed with the canvas they were drawn on (v13 client/canvas/board.mjs:
  // Canvas#tearDown calls canvasTearDown before the groups destroy their children; on v14 a
  // change of the viewed Level tears down too), not held until the next draw
  hooks.on("canvasTearDown", () => {
    tearDownBoard();
    tearDownKayanak();
  });
  hooks.on("canvasReady", () => {
    void drawBoard(rt());
    drawKayanak(rt(), game.scenes!.contents, asPlayer);
  });
  hooks.on("updateScene", (scene: Scene.Implementation, change: object) => {
    if (scene.id === canvas?.scene?.id && JSON.stringify(change).includes(MODULE_ID)) {
      void drawBoard(rt());
      // issue 11: the Kayanak board, from its public flag
      drawKayanak(rt(), game.scenes!.contents, asPlayer);
    }
  });
}
