/**
 * GM -> player news over Foundry's User#query (docs/foundry.md: the one targeted channel; the
 * server hands a query to one user and the answer to the caller only): a fisher's private news
 * (`QUERY.private`), kept in the player's memory. The player -> active GM channel
 * (`QUERY.intent`) is the players' desk's (players/protocol.ts: the one union of every request
 * of both games and its parser; players/desk.ts: its one handler).
 */
import type { GameEvent } from "../../rules/index.ts";
import { QUERY } from "./constants.ts";
import type { Port } from "./port.ts";

export interface PrivateNews {
  readonly lake: string;
  readonly fisher: string;
  readonly events: readonly GameEvent[];
}

/** News as the active GM sends it: `id` names this one sending (Delivery#deliverPrivate). */
export interface SentNews extends PrivateNews {
  readonly id: string;
}

/**
 * A player's question to the active GM (`QUERY.news` with `confirm`): "did you send me, `user`,
 * this news under this id?" The answer goes to the asker alone (User#query).
 */
export interface NewsConfirm {
  readonly confirm: string;
  readonly user: string;
  readonly news: PrivateNews;
}

const NEWS_ID = /^[A-Za-z0-9]{8,64}$/;
/** How long a player's client waits for the active GM to confirm news (within PRIVATE_TIMEOUT_MS). */
export const CONFIRM_TIMEOUT_MS = 2_000;
/** How many sendings the active GM remembers unconfirmed (a player who never asks is forgotten). */
const SENT_KEPT = 500;

/** The news's shape: a lake, a fisher and events of that fisher's audience. */
export function parseNews(raw: unknown): PrivateNews | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const n = raw as Partial<PrivateNews>;
  if (typeof n.lake !== "string" || typeof n.fisher !== "string" || !Array.isArray(n.events))
    return undefined;
  for (const e of n.events as GameEvent[]) {
    if (typeof e !== "object" || e === null || typeof e.round !== "number") return undefined;
    if (typeof e.audience !== "object" || e.audience.fisher !== n.fisher) return undefined;
  }
  return { lake: n.lake, fisher: n.fisher, events: n.events };
}

/** What is compared of news: the same lake, fisher and events, in the same order. */
function digest(n: PrivateNews): string {
  return JSON.stringify([n.lake, n.fisher, n.events]);
}

function newsId(): string {
  const a = new Uint32Array(4);
  globalThis.crypto.getRandomValues(a);
  return Array.from(a, (x) => x.toString(16).padStart(8, "0")).join("");
}

/**
 * The active GM's memory of the news it sent, by sending: to whom and what. On v13 a query
 * handler is not told who called (docs/foundry.md, "User#query"), so a player's client cannot
 * tell the active GM's news from a forgery another player's console sends it; it asks the active
 * GM, by a query whose answer only it receives, whether this news under this id was sent to it.
 * The id is drawn at random and sent to that user alone: no one else can name it, and news meant
 * for one player and passed on to another is refused (the user differs).
 */
export class NewsLedger {
  private readonly sent = new Map<string, { user: string; digest: string }>();

  /** Remembers news sent to `user`; the id the sending carries. */
  record(user: string, news: PrivateNews): string {
    const id = newsId();
    this.sent.set(id, { user, digest: digest(news) });
    while (this.sent.size > SENT_KEPT) this.sent.delete(this.sent.keys().next().value!);
    return id;
  }

  /** The `QUERY.news` confirmation: true once, for the user and news the id was sent with. */
  confirm(raw: NewsConfirm): boolean {
    const news = parseNews(raw.news);
    const got = this.sent.get(raw.confirm);
    if (!news || !got || got.user !== raw.user || got.digest !== digest(news)) return false;
    this.sent.delete(raw.confirm);
    return true;
  }
}

/** A `QUERY.news` request that asks for a confirmation (NewsLedger#confirm). */
export function isNewsConfirm(raw: unknown): raw is NewsConfirm {
  const o = raw as Partial<NewsConfirm> | null;
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.confirm === "string" &&
    NEWS_ID.test(o.confirm) &&
    typeof o.user === "string"
  );
}

/**
 * The `QUERY.private` handler's check, on the receiving client: news is taken only by a player's
 * client (a GM client answers no query meant for players), only well-formed, and only once the
 * active GM confirms it sent exactly this to this user (NewsLedger). Undefined otherwise.
 */
export async function confirmedNews(
  port: Pick<Port, "me" | "activeGmId" | "query">,
  raw: unknown,
): Promise<PrivateNews | undefined> {
  const me = port.me();
  if (me.isGM) return undefined;
  const news = parseNews(raw);
  const id = (raw as { id?: unknown }).id;
  const gm = port.activeGmId();
  if (!news || typeof id !== "string" || !NEWS_ID.test(id) || !gm) return undefined;
  const ask: NewsConfirm = { confirm: id, user: me.id, news };
  try {
    const r = await port.query(gm, QUERY.news, ask, { timeout: CONFIRM_TIMEOUT_MS });
    return (r as { ok?: unknown } | null)?.ok === true ? news : undefined;
  } catch {
    return undefined; // no answer: the news is asked for again at this client's next ready
  }
}

/** What this player's client was told privately, by lake, round and fisher. Memory only. */
export class PrivateCache {
  private readonly byKey = new Map<string, GameEvent[]>();

  private static key(lake: string, round: number, fisher: string): string {
    return `${lake}|${round}|${fisher}`;
  }

  /** Keeps well-formed news (whose sender `confirmedNews` established). */
  accept(raw: unknown): boolean {
    const n = parseNews(raw);
    if (!n) return false;
    for (const e of n.events) {
      const k = PrivateCache.key(n.lake, e.round, n.fisher);
      const list = this.byKey.get(k) ?? [];
      if (!list.some((x) => JSON.stringify(x) === JSON.stringify(e))) list.push(e);
      this.byKey.set(k, list);
    }
    return true;
  }

  get(lake: string, round: number, fisher: string): readonly GameEvent[] | undefined {
    return this.byKey.get(PrivateCache.key(lake, round, fisher));
  }

  reset(): void {
    this.byKey.clear();
  }
}
