/**
 * The module's per-client wiring, shared by Foundry (main.ts) and the behavioural fake, both built
 * by the composition root (compose.ts): the table core, the GM's lake host, the Kayanak host, the
 * player's private cache, the query handlers for CONFIG.queries, and how a chat message is shown
 * on this client.
 */
import { MODULE_ID, QUERY } from "./core/constants.ts";
import { cardFlagOf, eventLine, publicCardHtml } from "./fishing/cards.ts";
import type { Port } from "./core/port.ts";
import type { LakeHost } from "./fishing/host.ts";
import type { Loaded, Result } from "./fishing/host.ts";
import { LakeIndex } from "./fishing/lake-index.ts";
import type { LazyKayanak } from "./kayanak/load.ts";
import { PrivateCache, confirmedNews, isNewsConfirm } from "./core/transport.ts";
import { renderCard } from "./fishing/cards.ts";
import type { CheckEnv } from "./core/table-check.ts";
import type { TableCheck } from "./core/table-check.ts";
import type { TableCore } from "./core/table-core.ts";
import type { NotReconciled } from "./core/reconcile.ts";
import { reconcileEach } from "./core/reconcile.ts";
import { LiveFeed } from "./core/live-feed.ts";

/** What the runtime needs of the players' side (players/wire.ts `PlayerWiring`). */
export interface PlayersSide {
  /** The `QUERY.intent` handler (players/desk.ts `GmDesk#handle`). */
  handle(data: unknown, options: unknown): Promise<unknown>;
}

export interface ShownMessage {
  readonly content: string;
  readonly flags: Readonly<Record<string, unknown>>;
  /** The author as the server recorded it (ChatMessage#author): only a GM's card is the module's. */
  readonly author?: string;
}

/** A card's extra on this client, added once its content is final (render-chat-message.ts). */
export type Decorator = (message: ShownMessage, html: HTMLElement) => void;

/** What the composition root builds a runtime from (compose.ts). */
export interface RuntimeParts {
  readonly core: TableCore;
  readonly host: LakeHost;
  readonly kayanak: LazyKayanak;
  readonly table: TableCheck;
  /** The lakes on this world's scenes (their public flags). */
  readonly lakeIds?: () => readonly string[];
  /** The Kayanak boards on this world's scenes (their public flags). */
  readonly boardIds?: () => readonly string[];
  /** The players' side, built on first use (compose.ts), when the module has one. */
  readonly players?: () => PlayersSide | undefined;
  /** What else a card shows on this client (the players' declare button). */
  readonly decorators?: readonly Decorator[];
}

/** The least time between two reads of one game for other GMs' pokes (Runtime#storePoked). */
export const POKE_GAP_MS = 1_000;

export class Runtime {
  readonly port: Port;
  /** The table core: authority, the GM store and keys, the commit, the intent channel. */
  readonly core: TableCore;
  readonly host: LakeHost;
  /**
   * Kayanak boards (issue 11), on the same store, keys and authority as the lakes; the host's
   * code is loaded on first use (kayanak/load.ts, issue 23).
   */
  readonly kayanak: LazyKayanak;
  readonly cache = new PrivateCache();
  /** What changed on this client, for the windows that follow it (core/live-feed.ts). */
  readonly live = new LiveFeed();
  /** The GM store's traffic on this client and the table check (issue 10 item 1). */
  readonly table: TableCheck;
  /** Each lake by id, read from the scenes once (issue 20 item 6): a card reads no scene. */
  readonly lakes: LakeIndex;
  /**
   * Each lake's record as this GM client's cards draw it, loaded once per revision: dropped when
   * the store says the lake changed (storeChanged), so a hundred GM cards load it once.
   */
  private readonly gmLoads = new Map<string, Promise<Result<Loaded>>>();

  private readonly lakeIds: () => readonly string[];
  private readonly boardIds: () => readonly string[];
  private readonly makePlayers: () => PlayersSide | undefined;

  constructor(parts: RuntimeParts) {
    this.core = parts.core;
    this.port = parts.core.port;
    this.host = parts.host;
    this.kayanak = parts.kayanak;
    this.table = parts.table;
    this.lakeIds = parts.lakeIds ?? (() => []);
    this.boardIds = parts.boardIds ?? (() => []);
    this.makePlayers = parts.players ?? (() => undefined);
    this.decorators = parts.decorators ?? [];
    this.lakes = new LakeIndex((id) => this.port.scene(id));
  }

  /**
   * The players' side of this client (players/wire.ts), when the module has one: built on first
   * use, once `init` has registered its settings (it reads them as it starts listening).
   */
  get players(): PlayersSide | undefined {
    return this.makePlayers();
  }

  /**
   * The GM store changed (a record written by this or another GM client): this client's GM
   * cards of that lake were drawn from the record before it, so they are drawn again.
   */
  storeChanged(lakeId: string, round: number): void {
    this.gmLoads.delete(lakeId);
    this.live.emit({ kind: "store", game: lakeId }); // the windows that follow it (issue 20 item 3)
    if (this.port.me().isGM) this.port.rerenderCards(lakeId, [round]);
  }

  /** Games another GM client said it wrote, read again once each (storePoked). */
  private readonly poked = new Map<string, Promise<void>>();
  /** When each game was last read for a poke (storePoked). */
  private readonly pokedAt = new Map<string, number>();

  /**
   * Another GM client wrote a game's record and told this one (`QUERY.storeWritten`, whether or
   * not Foundry sent this client the write): the record is read from the store as it stands and
   * the cards of its newest round drawn again. Pokes that arrive while one is read are one read.
   */
  storePoked(gameId: string): Promise<void> {
    if (!this.port.me().isGM) return Promise.resolve();
    const running = this.poked.get(gameId);
    if (running) return running;
    // anyone may send the poke: a game is read at most once a POKE_GAP_MS, the last poke of a
    // burst read after the gap, so a console loop costs this client one read a second
    const now = Date.now();
    for (const [id, t] of this.pokedAt) if (now - t >= POKE_GAP_MS) this.pokedAt.delete(id);
    const wait = Math.max(0, (this.pokedAt.get(gameId) ?? -Infinity) + POKE_GAP_MS - now);
    const read = (async () => {
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      this.pokedAt.set(gameId, Date.now());
      const r = await this.core.store.get(gameId).catch(() => undefined);
      if (r?.ok && r.value) this.storeChanged(gameId, r.value.rounds.length);
    })().finally(() => this.poked.delete(gameId));
    this.poked.set(gameId, read);
    return read;
  }

  /** What else a card shows on this client, added once its content is final (render-chat-message.ts). */
  private readonly decorators: readonly Decorator[];

  decorate(message: ShownMessage, html: HTMLElement): void {
    if (!this.byGm(message)) return;
    for (const d of this.decorators) d(message, html);
  }

  /**
   * Whether a message was written by a GM client. A card, a lock or a result counts only then: a
   * player may create a message with the module's flags (anyone may create a chat message as
   * themselves, BaseChatMessage), and it is then shown as the player wrote it, nothing more.
   */
  byGm(message: Pick<ShownMessage, "author">): boolean {
    const author = message.author;
    return !!author && this.port.users().some((u) => u.id === author && u.isGM);
  }

  /**
   * The active GM's `ready` and hand-over: every game's scene and chat brought in line with its
   * record (core/commit.ts), each game on its own (core/reconcile.ts); a finished game is left as
   * the GM left it (issue 20 item 4).
   */
  async reconcileAll(): Promise<NotReconciled[]> {
    if (!this.host.isAuthority()) return [];
    const o = { leaveFinished: true };
    return reconcileEach([
      ...this.lakeIds().map((id) => ({ id, run: () => this.host.reconcile(id, o) })),
      ...this.boardIds().map((id) => ({ id, run: () => this.kayanak.reconcile(id, o) })),
    ]);
  }

  /** Handlers to put in CONFIG.queries (keys are the query names). */
  queries(): Record<string, (data: unknown, options?: unknown) => Promise<unknown>> {
    return {
      // the one intent channel and the GM store's key hand-over (core/table-core.ts)
      ...this.core.queries(),
      // the private card was drawn when it was created, before its news arrived: draw it again
      // taken only from the active GM, who confirms it sent this (core/transport.ts)
      [QUERY.private]: async (data) => {
        const news = await confirmedNews(this.port, data);
        const ok = !!news && this.cache.accept(news);
        if (ok) this.port.rerenderCards(news.lake, [...new Set(news.events.map((e) => e.round))]);
        return ok;
      },
      [QUERY.news]: async (data) => this.sendNews(data),
      // H4: the active GM asks a fisher's owner "HP or the hazard's aim?" (hazard-choice.ts)
      [QUERY.hazardChoice]: async (data) => this.host.choices.answer(data),
      ...this.table.queries(),
    };
  }

  /** The HTML a chat message shows on this client: placeholders filled where this client may know. */
  async messageHtml(
    message: ShownMessage,
    /** The world's scene ids, asked for only when the lake index is built. */
    sceneIds: () => readonly string[],
  ): Promise<string> {
    const flag = cardFlagOf(message.flags);
    if (!flag || !this.byGm(message)) return message.content;
    const pub = this.lakes.find(flag.lake, sceneIds)?.pub;
    const name = (id: string) => pub?.fishers.find((f) => f.id === id)?.name ?? id;
    if (flag.kind === "round" || flag.kind === "end") {
      // re-rendered in this client's language from the public events the card carries
      const events = flag.events?.filter((e) => e.audience === "all");
      if (!events || !pub) return message.content;
      return publicCardHtml(this.port, pub.name, flag.round, events, name, flag.haul);
    }
    if (flag.kind !== "gm" && flag.kind !== "private") return message.content;
    if (this.port.me().isGM) {
      let loaded = this.lakes.enabled ? this.gmLoads.get(flag.lake) : undefined;
      if (!loaded) {
        const load = this.host.load(flag.lake);
        loaded = load;
        this.gmLoads.set(flag.lake, load);
        // a failure (a key still missing, say) is not kept: the next card asks again
        void load.then((l) => {
          if (!l.ok && this.gmLoads.get(flag.lake) === load) this.gmLoads.delete(flag.lake);
        });
      }
      const details = await this.host.gmDetails(flag, loaded);
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
    // a player's client asks whether news it was sent is this GM's (core/transport.ts)
    if (isNewsConfirm(raw)) return { ok: this.host.delivery.ledger.confirm(raw) };
    const user = (raw as { user?: unknown } | null)?.user;
    if (typeof user !== "string" || !this.port.users().some((u) => u.id === user && u.active))
      return { ok: false };
    for (const lake of this.lakeIds()) await this.host.deliverTo(lake, user, true);
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

/** A client that reads nothing of Foundry (a table built without one): nothing held, nothing kept. */
export function bareCheckEnv(): CheckEnv {
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
