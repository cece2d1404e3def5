/**
 * The module's per-client wiring, shared by Foundry (main.ts) and the behavioural fake: the
 * GM's lake host, the player's private cache, the query handlers for CONFIG.queries, and how
 * a chat message is shown on this client.
 */
import { MODULE_ID, QUERY } from "./constants.ts";
import { cardFlagOf, eventLine, publicCardHtml } from "./chat.ts";
import { queryCaller } from "./compat.ts";
import type { Port } from "./port.ts";
import { publicLakeOf } from "./projection.ts";
import { LakeHost } from "./service.ts";
import type { Attestor } from "./transport.ts";
import { PrivateCache, handleIntent } from "./transport.ts";
import { renderCard } from "./chat.ts";

export interface ShownMessage {
  readonly content: string;
  readonly flags: Readonly<Record<string, unknown>>;
}

export class Runtime {
  readonly host: LakeHost;
  readonly cache = new PrivateCache();
  /** Issue 4 replaces this for v13, where a query handler is not told who called. */
  attest: Attestor;

  constructor(readonly port: Port) {
    this.host = new LakeHost(port);
    this.attest = (_intent, options) => queryCaller(port.generation, options);
  }

  /** Handlers to put in CONFIG.queries (keys are the query names). */
  queries(): Record<string, (data: unknown, options?: unknown) => Promise<unknown>> {
    return {
      [QUERY.private]: async (data) => this.cache.accept(data),
      [QUERY.intent]: async (data, options) => handleIntent(this.host, data, options, this.attest),
    };
  }

  /** The HTML a chat message shows on this client: placeholders filled where this client may know. */
  async messageHtml(message: ShownMessage, sceneIds: readonly string[]): Promise<string> {
    const flag = cardFlagOf(message.flags);
    if (!flag) return message.content;
    const pub = sceneIds
      .map((id) => this.port.scene(id))
      .map((s) => s && publicLakeOf(s, flag.lake))
      .find((p) => p);
    const name = (id: string) => pub?.fishers.find((f) => f.id === id)?.name ?? id;
    if (flag.kind === "round" || flag.kind === "end") {
      // re-rendered in this client's language from the public events the card carries
      const events = flag.events?.filter((e) => e.audience === "all");
      if (!events || !pub) return message.content;
      return publicCardHtml(this.port, pub.name, flag.round, events, name);
    }
    if (flag.kind !== "gm" && flag.kind !== "private") return message.content;
    if (this.port.me().isGM) {
      const details = await this.host.gmDetails(flag);
      return details ? message.content + details : message.content;
    }
    if (flag.kind !== "private" || !flag.fisher) return message.content;
    const events = this.cache.get(flag.lake, flag.round, flag.fisher);
    if (!events) return message.content;
    const t = this.port.localize.bind(this.port);
    return (
      message.content +
      (await renderCard(this.port, {
        title: t("KOLIKOLY.Foundry.Chat.DetailsTitle"),
        lines: events.map((e) => eventLine(e, name, t)),
      }))
    );
  }

  /** A user connected: the active GM sends them their private news again (reload loses nothing). */
  async userConnected(userId: string, lakeIds: readonly string[]): Promise<void> {
    for (const lake of lakeIds) await this.host.deliverTo(lake, userId);
  }
}

export { MODULE_ID };
