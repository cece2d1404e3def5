/**
 * renderChatMessageHTML (v13, HTMLElement): a round card is shown in this client's language
 * from the public events it carries; a GM or private placeholder is filled in on a
 * client that may read it: a GM from the GM store, a fisher's owner from the news the GM sent
 * them by query. Other clients keep the placeholder: the message itself holds no secret.
 *
 * The content is swapped asynchronously (after the GM store or the language is read), so
 * whatever else decorates a card (the players' declare button) is added by Runtime#decorate
 * once the content is final; added straight from its own listener, it would be wiped by the
 * swap (Foundry calls the listeners one after another and does not wait for promises:
 * Hooks.callAll, v13 client/helpers/hooks.mjs).
 */
import type { Runtime } from "../runtime.ts";
import type { HookSink } from "./hook-list.ts";
import { cardFlagOf } from "../fishing/cards.ts";
import { authorIdOf } from "../core/compat.ts";

export function listen(rt: () => Runtime, hooks: HookSink): void {
  hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const flags = (message as unknown as { flags: Record<string, unknown> }).flags;
    const flag = cardFlagOf(flags);
    if (!flag || flag.kind === "undo") return;
    const content = (message as unknown as { content: string }).content;
    // ChatMessage#author: the User the server recorded (v13 DocumentAuthorField)
    const shown = { content, flags, author: authorIdOf(message) };
    void rt()
      .messageHtml(shown, () => game.scenes!.contents.map((s) => s.id!))
      .catch((e: unknown) => {
        console.warn("kolikoly-fishing | a card could not be filled in", e);
        return content;
      })
      .then((html2) => {
        const body = html.querySelector(".message-content");
        if (body && html2 !== content) body.innerHTML = html2;
        rt().decorate(shown, html);
      });
  });
  // a scene's lakes are in its flags: the cards' lake index reads a changed scene again
  for (const hook of ["createScene", "updateScene", "deleteScene"])
    hooks.on(hook, (scene: Scene.Implementation) => {
      rt().lakes.sceneChanged(scene.id!);
    });
}
