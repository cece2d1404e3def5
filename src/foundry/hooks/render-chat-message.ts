/**
 * renderChatMessageHTML (v13, HTMLElement): a round card is shown in this client's language
 * from the public events it carries; a GM or private placeholder is filled in on a
 * client that may read it: a GM from the GM store, a fisher's owner from the news the GM sent
 * them by query. Other clients keep the placeholder: the message itself holds no secret.
 */
import type { Runtime } from "../runtime.ts";
import { cardFlagOf } from "../chat.ts";

export function listen(rt: () => Runtime): void {
  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const flags = (message as unknown as { flags: Record<string, unknown> }).flags;
    const flag = cardFlagOf(flags);
    if (!flag || flag.kind === "undo") return;
    const content = (message as unknown as { content: string }).content;
    void rt()
      .messageHtml(
        { content, flags },
        game.scenes!.contents.map((s) => s.id!),
      )
      .then((shown) => {
        const body = html.querySelector(".message-content");
        if (body && shown !== content) body.innerHTML = shown;
      });
  });
}
