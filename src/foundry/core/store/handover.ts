/**
 * Key hand-over between GM clients (issue 10): a GM client that lacks a key the store names asks
 * every other active GM client for it; one that holds it sends it, not in its answer (an answer
 * goes back to whoever asked, and on v13 a query handler cannot tell who that is) but in a query
 * of its own addressed to that GM user, which the server delivers to that user alone
 * (User#query).
 *
 * The receiving client takes a key when a store revision it read names its id (the store is
 * written by GMs only), or when the GM user the offer says it comes from confirms, in the answer
 * to a query this client sends that user (`keysHeld`: the server routes the answer back from
 * that user alone), that it holds that key. A key's id is a hash of the key, so a key whose id a
 * GM confirmed is that GM's key. Anyone may send `keysGiven` (v13 cannot say who did), so nothing
 * in it is believed: a sender that is not a connected GM per Foundry's user list is refused
 * without a question, and a question costs the GM asked one look in its own key ring, never a
 * store read. Nothing is rationed, so no forgery, before or after, can use up what a genuine
 * offer needs.
 */
import { QUERY } from "../constants.ts";
import type { Port } from "../port.ts";
import type { HandoverStore, KeyHanding } from "./types.ts";
import { keyIdOf } from "./keyring.ts";
import { hexToBytes } from "@noble/hashes/utils.js";

const HEX_KEY = /^[0-9a-f]{64}$/;
const KEY_ID = /^[0-9a-f]{16}$/;
/** The most keys one hand-over carries or asks for. */
const MAX_KEYS = 16;

export interface KeysWanted {
  /** The GM user to send the keys to. */
  readonly for: string;
  readonly ids: readonly string[];
}

export interface KeysGiven {
  readonly keys: Readonly<Record<string, string>>;
  /** The GM user who sends them: a claim, checked by asking that user (`onHeld`). */
  readonly from: string;
}

export interface KeysHeld {
  readonly ids: readonly string[];
}

/**
 * How long a client waits for the GM an offer names to confirm it: below the sender's own wait
 * for the offer (User#query's default, 10 s), so a sender that left does not hold it up longer.
 */
export const CONFIRM_TIMEOUT_MS = 5_000;

export type { KeyHanding } from "./types.ts";

export class KeyHandover implements KeyHanding {
  /** Questions to a GM under way (`confirmed`): the same one asked again while open is one query. */
  private readonly asking = new Map<string, Promise<Set<string>>>();

  constructor(
    private readonly port: Port,
    private readonly store: HandoverStore,
  ) {
    store.askForKeys = (ids) => this.ask(ids);
  }

  /** Whether a user id is another connected GM, per Foundry's user list (not per any message). */
  private isOtherActiveGm(id: unknown): id is string {
    const me = this.port.me().id;
    return this.port.users().some((u) => u.id === id && u.isGM && u.active && u.id !== me);
  }

  private otherActiveGms(): string[] {
    const me = this.port.me().id;
    return this.port
      .users()
      .filter((u) => u.isGM && u.active && u.id !== me)
      .map((u) => u.id);
  }

  /** When each key was last asked for in vain: not asked again for a minute (every read would). */
  private readonly unanswered = new Map<string, number>();

  /** Asks each other active GM client in turn until this client holds every key asked for. */
  async ask(ids: readonly string[]): Promise<void> {
    if (!this.port.me().isGM) return;
    const now = Date.now();
    const want = ids
      .filter((id) => KEY_ID.test(id) && now - (this.unanswered.get(id) ?? -Infinity) > 60_000)
      .slice(0, MAX_KEYS);
    if (!want.length) return;
    try {
      await this.askAll(want);
    } finally {
      for (const id of want)
        if (this.store.ring.get(id)) this.unanswered.delete(id);
        else this.unanswered.set(id, Date.now());
    }
  }

  private async askAll(want: readonly string[]): Promise<void> {
    for (const gm of this.otherActiveGms()) {
      const still = want.filter((id) => !this.store.ring.get(id));
      if (!still.length) return;
      try {
        // answered once the keys were sent to this user (KeysGiven, received before the answer)
        await this.port.query(gm, QUERY.keysWanted, { for: this.port.me().id, ids: still });
      } catch {
        // that GM's client left or does not run the module: the next one is asked
      }
    }
  }

  /**
   * At a GM client's ready: the keys of every lake in the store that this client lacks, asked
   * for; the ids of those still missing after (the GM is told: hooks/ready.ts).
   */
  async askForMissing(): Promise<string[]> {
    if (!this.port.me().isGM) return [];
    const missing = await this.store.missingKeys().catch(() => []);
    if (!missing.length) return [];
    await this.ask(missing);
    return missing.filter((id) => !this.store.ring.get(id));
  }

  /** After this client made a new key: the other GM clients are given it at once. */
  async offer(ids: readonly string[]): Promise<void> {
    const keys = this.store.ring.hexes(ids);
    if (!Object.keys(keys).length) return;
    const given: KeysGiven = { keys, from: this.port.me().id };
    for (const gm of this.otherActiveGms())
      await this.port.query(gm, QUERY.keysGiven, given).catch(() => undefined);
  }

  /** QUERY.keysWanted on a GM client: sends the keys it holds to the GM user named, never back. */
  async onWanted(data: unknown): Promise<{ sent: number }> {
    if (!this.port.me().isGM) return { sent: 0 };
    const d = data as Partial<KeysWanted> | null;
    if (typeof d?.for !== "string" || !Array.isArray(d.ids)) return { sent: 0 };
    const to = this.port.users().find((u) => u.id === d.for);
    // only to another GM, connected: the server delivers the query to that user alone
    if (!to?.isGM || !to.active || to.id === this.port.me().id) return { sent: 0 };
    const keys = this.store.ring.hexes(d.ids.filter((x): x is string => typeof x === "string"));
    const n = Object.keys(keys).length;
    const given: KeysGiven = { keys, from: this.port.me().id };
    if (n) await this.port.query(to.id, QUERY.keysGiven, given);
    return { sent: n };
  }

  /**
   * QUERY.keysHeld on a GM client: which of these key ids it holds. Ids only, never a key (an id
   * is a hash of its key and tells nothing of it), so the answer may go to anyone who asks.
   */
  async onHeld(data: unknown): Promise<{ held: string[] }> {
    if (!this.port.me().isGM) return { held: [] };
    const ids = (data as Partial<KeysHeld> | null)?.ids;
    if (!Array.isArray(ids)) return { held: [] };
    const held = ids
      .slice(0, MAX_KEYS)
      .filter((id): id is string => typeof id === "string" && KEY_ID.test(id))
      .filter((id) => this.store.ring.get(id));
    return { held };
  }

  /**
   * QUERY.keysGiven on a GM client: takes the keys a store revision it read names, and those the
   * GM user the offer names confirms it holds (`onHeld`); nothing else. No store read.
   */
  async onGiven(data: unknown): Promise<{ taken: number }> {
    if (!this.port.me().isGM) return { taken: 0 };
    const d = data as Partial<KeysGiven> | null;
    const keys = d?.keys;
    if (typeof keys !== "object" || keys === null) return { taken: 0 };
    // a world has a few keys: a message with more is not a hand-over (v13 cannot say who sent it)
    const offered = Object.values(keys)
      .slice(0, MAX_KEYS)
      .filter((hex): hex is string => typeof hex === "string" && HEX_KEY.test(hex))
      .map((hex) => ({ hex, id: keyIdOf(hexToBytes(hex)) }))
      .filter(
        (k, i, all) => !this.store.ring.get(k.id) && all.findIndex((x) => x.id === k.id) === i,
      );
    if (!offered.length) return { taken: 0 };
    // keys asked for (askAll) are named already: taken without a question
    const named = offered.filter((k) => this.store.namedAlready(k.id));
    const rest = offered.filter((k) => !this.store.namedAlready(k.id));
    const held =
      rest.length && this.isOtherActiveGm(d?.from)
        ? await this.confirmed(
            d.from as string,
            rest.map((k) => k.id),
          )
        : new Set<string>();
    let taken = 0;
    // another offer of the same key may have been taken while this one waited for its answer
    for (const k of [...named, ...rest.filter((r) => held.has(r.id))])
      if (!this.store.ring.get(k.id) && this.store.ring.add(k.hex) !== undefined) taken++;
    return { taken };
  }

  /**
   * The ids among `ids` that the GM user `gm` says it holds, in the answer to this client's own
   * query, which the server takes to that user and brings back from it alone. A GM that does not
   * answer (it left, or stalls) confirms nothing.
   */
  private confirmed(gm: string, ids: readonly string[]): Promise<Set<string>> {
    const key = `${gm}|${[...ids].sort().join(",")}`;
    const open = this.asking.get(key);
    if (open) return open;
    const ask = this.port
      .query(gm, QUERY.keysHeld, { ids } satisfies KeysHeld, { timeout: CONFIRM_TIMEOUT_MS })
      .then((answer) => {
        const held = (answer as { held?: unknown } | null)?.held;
        return new Set(
          Array.isArray(held) ? held.filter((id): id is string => ids.includes(id as string)) : [],
        );
      })
      .catch(() => new Set<string>())
      .finally(() => this.asking.delete(key));
    this.asking.set(key, ask);
    return ask;
  }
}
