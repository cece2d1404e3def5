/**
 * Key hand-over between GM clients (issue 10): a GM client that lacks a key the store names asks
 * every other active GM client for it; one that holds it sends it, not in its answer (an answer
 * goes back to whoever asked, and on v13 a query handler cannot tell who that is) but in a query
 * of its own addressed to that GM user, which the server delivers to that user alone
 * (User#query). The receiving client takes only keys whose id a store revision names, and the
 * store is written by GMs only, so a player can neither obtain a key nor slip one in.
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
}

/** How often a hand-over of keys the store is not yet known to name may look at the store. */
const LOOK_MS = 10_000;

export type { KeyHanding } from "./types.ts";

export class KeyHandover implements KeyHanding {
  private lastLook = -Infinity;

  constructor(
    private readonly port: Port,
    private readonly store: HandoverStore,
  ) {
    store.askForKeys = (ids) => this.ask(ids);
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
    for (const gm of this.otherActiveGms())
      await this.port.query(gm, QUERY.keysGiven, { keys }).catch(() => undefined);
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
    if (n) await this.port.query(to.id, QUERY.keysGiven, { keys });
    return { sent: n };
  }

  /** QUERY.keysGiven on a GM client: takes the keys a store revision names, nothing else. */
  async onGiven(data: unknown): Promise<{ taken: number }> {
    if (!this.port.me().isGM) return { taken: 0 };
    const keys = (data as Partial<KeysGiven> | null)?.keys;
    if (typeof keys !== "object" || keys === null) return { taken: 0 };
    // a world has a few keys: a message with more is not a hand-over (v13 cannot say who sent it)
    const offered = Object.values(keys)
      .slice(0, MAX_KEYS)
      .filter((hex): hex is string => typeof hex === "string" && HEX_KEY.test(hex))
      .map((hex) => ({ hex, id: keyIdOf(hexToBytes(hex)) }))
      .filter((k) => !this.store.ring.get(k.id));
    if (!offered.length) return { taken: 0 };
    // one look at the store for the whole message, and at most one every LOOK_MS for keys the
    // store is not yet known to name: a player may send this query as often as they like (v13
    // cannot say who sent it), and each look reads the store's index and newest revisions
    const known = offered.every((k) => this.store.namedAlready(k.id));
    const now = Date.now();
    if (!known && now - this.lastLook < LOOK_MS) return { taken: 0 };
    if (!known) this.lastLook = now;
    const inUse = known ? new Set(offered.map((k) => k.id)) : await this.store.keyIdsInUse();
    let taken = 0;
    for (const k of offered)
      if (inUse.has(k.id)) {
        this.store.ring.add(k.hex);
        taken++;
      }
    return { taken };
  }
}
