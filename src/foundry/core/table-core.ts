/**
 * The table core (issue 19 item 2): one per client, shared by both games. It owns who may change
 * a game (the active GM, authority.ts), the sealed GM store and its keys (store/; the cipher, the
 * passphrase copy and the hand-over loaded on a GM client only: store/crypto.ts), the one commit
 * (commit.ts: the record first, the public side rolled forward from it) and the one channel of a
 * player's requests to the active GM (`QUERY.intent`, registered once, here). The fishing host
 * (fishing/host.ts) and the Kayanak host (kayanak/host.ts) are built on it by the composition
 * root (module.ts, compose.ts); neither reaches the other for any of these.
 */
import type { KeyCopying } from "./store/key-copy.ts";
import { LazyKeyCopy, LazyKeyHandover } from "./store/crypto.ts";
import { QUERY } from "./constants.ts";
import { Authority } from "./authority.ts";
import type { Change, Committed, Publish } from "./commit.ts";
import { commitChange, rollForward } from "./commit.ts";
import type { Port } from "./port.ts";
import type { StoreRecord } from "./record.ts";
import type { Result } from "./result.ts";
import { err } from "./result.ts";
import { GmStore } from "./store/gm-store.ts";
import type { KeyHanding } from "./store/handover.ts";

/** The handler of every player's request to the active GM (players/desk.ts `GmDesk#handle`). */
export type IntentHandler = (data: unknown, options: unknown) => Promise<unknown>;

export type QueryHandler = (data: unknown, options?: unknown) => Promise<unknown>;

/** How long a writer waits for another GM client to take its `storeWritten` (it waits for nothing after). */
export const STORE_POKE_TIMEOUT_MS = 5_000;
/** A game's id as the module makes them (a Foundry-style id). */
const GAME_ID = /^[A-Za-z0-9]{1,64}$/;

export class TableCore {
  readonly authority: Authority;
  readonly store: GmStore;
  readonly keys: KeyHanding;
  /** The passphrase copy of the store's keys (issue 20 item 11, store/key-copy.ts). */
  readonly keyCopy: KeyCopying;
  private keyMade = false;

  constructor(
    readonly port: Port,
    /**
     * The players' side's handler of `QUERY.intent`, asked for when a request arrives (the players'
     * side is built after the hosts it serves; a client without one refuses every request).
     */
    private readonly intents: () => IntentHandler | undefined = () => undefined,
  ) {
    this.authority = new Authority(port);
    this.store = new GmStore(port);
    this.keys = new LazyKeyHandover(port, this.store);
    this.keyCopy = new LazyKeyCopy(port, () => this.store.ring);
  }

  /** Only the active GM changes a game (authority.ts). */
  isAuthority(): boolean {
    return this.authority.isActive();
  }

  /**
   * This (GM) client's reaction when another GM client says it wrote a game's record
   * (`QUERY.storeWritten`): set by the composition root (Runtime#storePoked).
   */
  onStorePoke: ((gameId: string) => void) | undefined;

  /** The one commit of both games (commit.ts); the other GM clients are told of the write. */
  async commit<R extends StoreRecord>(
    change: Change<R>,
    remember: (record: R) => void,
  ): Promise<Result<Committed<R>>> {
    const r = await commitChange(this, change, remember);
    // A courtesy after the write: a client that left meanwhile (or any failure) changes nothing.
    if (r.ok) void this.tellGms(r.value.record.lakeId).catch(() => undefined);
    return r;
  }

  /**
   * Whether Foundry's server sends a compendium write to the other GM clients is not in any
   * source we can read (its server code is not public): so after each write the writer tells every
   * other connected GM user itself, by a targeted query carrying the game's id alone. A GM client
   * that heard the write already reads the store once more; a player's client is never asked.
   */
  private async tellGms(gameId: string): Promise<void> {
    const me = this.port.me().id;
    const gms = this.port.users().filter((u) => u.isGM && u.active && u.id !== me);
    await Promise.all(
      gms.map((u) =>
        this.port
          .query(u.id, QUERY.storeWritten, { game: gameId }, { timeout: STORE_POKE_TIMEOUT_MS })
          .catch(() => undefined),
      ),
    );
  }

  /**
   * `QUERY.storeWritten` on this client: a GM client re-reads that game from the store. Anyone may
   * send it (a v13 handler is not told who asked), so it carries nothing to believe: the store is
   * read as it is, and the answer says nothing.
   */
  private storePoked(data: unknown): { ok: boolean } {
    const game = (data as { game?: unknown } | null)?.game;
    if (!this.port.me().isGM || typeof game !== "string" || !GAME_ID.test(game))
      return { ok: false };
    this.onStorePoke?.(game);
    return { ok: true };
  }

  /** The public side put in line with a record (commit.ts), orphan cards read against the store. */
  rollForward(record: StoreRecord, publish: Publish): Promise<boolean> {
    return rollForward(this.port, record, publish, this.store);
  }

  /**
   * A new game was sealed with a key: the other GM clients get it at once (any of them may have to
   * take over), and a key made in this browser is remembered for the wizard's one warning.
   */
  async newKey(key: { key: { id: string }; made: boolean }): Promise<void> {
    if (!key.made) return;
    this.keyMade = true;
    await this.keys.offer([key.key.id]);
  }

  /** Whether the last game made this world's first key in this browser (asked once: the wizard). */
  takeKeyMade(): boolean {
    const made = this.keyMade;
    this.keyMade = false;
    return made;
  }

  /**
   * The GM store's keys as the text of a file (GM only): kept by the GM, it opens every game's
   * secrets in another browser (importKeys) when no GM client holding them is connected.
   */
  exportKeys(): Result<string> {
    if (!this.port.me().isGM) return err("notGm");
    if (!this.store.ring.size) return err("noKeys");
    return { ok: true, value: this.store.ring.export() };
  }

  /** Takes the keys of an exported file (GM only), whole or not at all; how many it held, how many are still missing. */
  async importKeys(text: unknown): Promise<Result<{ keys: number; missing: number }>> {
    if (!this.port.me().isGM) return err("notGm");
    if (typeof text !== "string") return err("badKeyFile", "file");
    const r = this.store.ring.import(text);
    if (!r.ok) return err("badKeyFile", r.field);
    return { ok: true, value: { keys: r.ids.length, missing: await this.missingKeys() } };
  }

  /**
   * The keys opened from the passphrase copy in the store (store/key-copy.ts), taken whole or not
   * at all; how many of the store's keys are still missing after.
   */
  async unlockKeys(passphrase: unknown): Promise<Result<{ keys: number; missing: number }>> {
    const r = await this.keyCopy.unlock(passphrase);
    if (!r.ok) return r;
    return { ok: true, value: { keys: r.value.keys, missing: await this.missingKeys() } };
  }

  private async missingKeys(): Promise<number> {
    return (await this.store.missingKeys().catch(() => [])).length;
  }

  /** The core's CONFIG.queries handlers: the one intent channel and the GM-to-GM key hand-over. */
  queries(): Record<string, QueryHandler> {
    return {
      // every request of a player to the active GM, of both games (players/protocol.ts)
      [QUERY.intent]: async (data, options) => {
        const handle = this.intents();
        return handle
          ? handle(data, options)
          : { ok: false, error: { code: "badIntent", field: "", message: "badIntent" } };
      },
      // a record written by another GM client (tellGms)
      [QUERY.storeWritten]: async (data) => this.storePoked(data),
      // GM store keys, GM client to GM client (store/handover.ts)
      [QUERY.keysWanted]: async (data) => this.keys.onWanted(data),
      [QUERY.keysGiven]: async (data) => this.keys.onGiven(data),
      [QUERY.keysHeld]: async (data) => this.keys.onHeld(data),
    };
  }
}
