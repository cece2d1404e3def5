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
import { LakeHost } from "./lake-host.ts";
import { LazyKayanak } from "./kayanak/load.ts";
import type { Attestor } from "./transport.ts";
import type { PrivateNews } from "./transport.ts";
import { PrivateCache, handleIntent } from "./transport.ts";
import { renderCard } from "./chat.ts";
import type { CheckEnv } from "./table-check.ts";
import { TableCheck } from "./table-check.ts";

export interface ShownMessage {
  readonly content: string;
  readonly flags: Readonly<Record<string, unknown>>;
}

export class Runtime {
  readonly host: LakeHost;
  /**
   * Kayanak boards (issue 11), on the same store, keys and authority as the lakes; the host's
   * code is loaded on first use (kayanak/load.ts, issue 23).
   */
  readonly kayanak: LazyKayanak;
  readonly cache = new PrivateCache();
  /** Issue 4 replaces this for v13, where a query handler is not told who called. */
  attest: Attestor;
  /** The GM store's traffic on this client and the table check (issue 10 item 1). */
  readonly table: TableCheck;

  constructor(
    readonly port: Port,
    /** The lakes on this world's scenes (their public flags). */
    private readonly lakeIds: () => readonly string[] = () => [],
    /** What the table check reads of this client (hooks/table-check.ts on Foundry). */
    checkEnv: CheckEnv = bareCheckEnv(),
  ) {
    this.host = new LakeHost(port);
    this.kayanak = new LazyKayanak(this.host);
    this.table = new TableCheck(port, checkEnv);
    this.attest = (_intent, options) => queryCaller(port.generation, options);
  }

  /**
   * The GM store changed (a record written by this or another GM client): this client's GM
   * cards of that lake were drawn from the record before it, so they are drawn again.
   */
  storeChanged(lakeId: string, round: number): void {
    if (this.port.me().isGM) this.port.rerenderCards(lakeId, [round]);
  }

  /** What else a card shows on this client, added once its content is final (render-chat-message.ts). */
  readonly decorators: ((message: ShownMessage, html: HTMLElement) => void)[] = [];

  decorate(message: ShownMessage, html: HTMLElement): void {
    for (const d of this.decorators) d(message, html);
  }

  /** Handlers to put in CONFIG.queries (keys are the query names). */
  queries(): Record<string, (data: unknown, options?: unknown) => Promise<unknown>> {
    return {
      // the private card was drawn when it was created, before its news arrived: draw it again
      [QUERY.private]: async (data) => {
        const ok = this.cache.accept(data);
        if (ok) {
          const news = data as PrivateNews;
          this.port.rerenderCards(news.lake, [...new Set(news.events.map((e) => e.round))]);
        }
        return ok;
      },
      [QUERY.intent]: async (data, options) => handleIntent(this.host, data, options, this.attest),
      [QUERY.news]: async (data) => this.sendNews(data),
      // GM store keys, GM client to GM client (store/handover.ts)
      [QUERY.keysWanted]: async (data) => this.host.keys.onWanted(data),
      [QUERY.keysGiven]: async (data) => this.host.keys.onGiven(data),
      // H4: the active GM asks a fisher's owner "HP or the hazard's aim?" (hazard-choice.ts)
      [QUERY.hazardChoice]: async (data) => this.host.choices.answer(data),
      ...this.table.queries(),
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

  /**
   * The active GM's `QUERY.news` handler: a player whose client is ready asks for their private
   * news again (a reload empties the client's memory). The news goes to the named user by their
   * own targeted query and holds only fishers that user owns, so naming someone else only sends
   * them what is theirs. Answered only by the active GM, for a connected user.
   */
  async sendNews(raw: unknown): Promise<{ ok: boolean }> {
    if (!this.host.isAuthority()) return { ok: false };
    const user = (raw as { user?: unknown } | null)?.user;
    if (typeof user !== "string" || !this.port.users().some((u) => u.id === user && u.active))
      return { ok: false };
    for (const lake of this.lakeIds()) await this.host.deliverTo(lake, user);
    return { ok: true };
  }

  /**
   * `ready` on a player's client: its query handlers are registered (at init), so it asks the
   * active GM for its news now. Pushing news on `userConnected` instead fails: other clients hear
   * of the connection before the newcomer has run its init (Users#_handleUserActivity, v13).
   */
  async askForNews(): Promise<void> {
    const me = this.port.me();
    const gm = this.port.activeGmId();
    if (me.isGM || !gm) return;
    try {
      await this.port.query(gm, QUERY.news, { user: me.id });
    } catch (e) {
      // no GM client ready yet: the GM's own ready sends everyone their news (newsForAll)
      console.warn("kolikoly-fishing | private news not received yet", e);
    }
  }

  /** `ready` on the active GM's client: every connected player gets their news again. */
  async newsForAll(): Promise<void> {
    if (!this.host.isAuthority()) return;
    for (const u of this.port.users())
      if (u.active && !u.isGM)
        for (const lake of this.lakeIds()) await this.host.deliverTo(lake, u.id);
  }
}

/** A client that reads nothing of Foundry (a Runtime built without one): nothing held, nothing kept. */
function bareCheckEnv(): CheckEnv {
  let leak: unknown = null;
  return {
    version: () => "",
    queryNames: () => [],
    adapter: () => "",
    storePack: () => undefined,
    now: () => Date.now(),
    leakSeen: () => leak,
    saveLeak: async (l) => void (leak = l),
    alarm: (m) => console.error(m),
  };
}

export { MODULE_ID };
