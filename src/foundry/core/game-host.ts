/**
 * What the two games' hosts share (the fishing game's LakeHost, Kayanak's KayanakHost), written
 * once: who may change a game and one change at a time (the authority), the session each
 * revision of a game stands for on this client, and the three ways a change reaches the core's
 * one commit (commit.ts):
 * - a new game: its key made or handed over first, the record written, the other GM clients
 *   given the new key at once (any of them may have to take over);
 * - a change of the revision read: a compare-and-set; refused as stale when another GM client
 *   wrote meanwhile, and then the scene is brought in line with the newer record instead;
 * - the public side rolled forward from the record (a reload, a hand-over, the GM's Reconcile).
 * A host keeps only what its game's record is and how a request changes it.
 */
import type { ChatCreate, Port } from "./port.ts";
import type { Publish, ReconcileOptions } from "./commit.ts";
import type { StoreRecord } from "./record.ts";
import type { Result } from "./result.ts";
import type { TableCore } from "./table-core.ts";

export type { ReconcileOptions };

export class GameHosting<S> {
  private readonly sessions = new Map<string, { rev: number; session: S }>();

  constructor(
    readonly core: TableCore,
    /** The field a key-missing error names: "lake" or "board". */
    private readonly field: string,
    /** After a stale refusal: the scene in line with the newest record (the host's, guarded). */
    private readonly catchUp: (id: string) => Promise<unknown>,
  ) {}

  get port(): Port {
    return this.core.port;
  }

  /** Only the active GM changes a game (authority.ts). */
  isAuthority(): boolean {
    return this.core.authority.isActive();
  }

  gmIds(): string[] {
    return this.core.authority.gmIds();
  }

  /** An operation that changes a game: the active GM's client only, one at a time per game. */
  guard<T>(id: string, fn: () => Promise<Result<T>>): Promise<Result<T>> {
    return this.core.authority.guard(id, fn);
  }

  /** Waits for the game's operations under way on this client (authority.ts). */
  settled(id: string): Promise<void> {
    return this.core.authority.settled(id);
  }

  /** The session this client knows for a game, and the revision it stands for. */
  known(id: string): { readonly rev: number; readonly session: S } | undefined {
    return this.sessions.get(id);
  }

  /**
   * Keeps the session of a revision, never going back: a read that started before a write of
   * this client (a card drawn again while the write was under way) may end after it.
   */
  remember(id: string, rev: number, session: S): void {
    const known = this.sessions.get(id);
    if (!known || known.rev <= rev) this.sessions.set(id, { rev, session });
  }

  /** A new game: sealed with this client's key, one another GM client hands over, or a new one. */
  async create(
    record: StoreRecord,
    chat: readonly ChatCreate[],
    publish: Publish,
    session: S,
  ): Promise<Result<true>> {
    const key = await this.core.store.keyForNewLake();
    // the record first, then the scene rolls forward from it (commit.ts)
    const c = await this.core.commit(
      { from: undefined, record, chat, key: key.key, field: this.field, publish },
      (r) => this.remember(r.lakeId, r.rev, session),
    );
    if (!c.ok) return c;
    await this.core.newKey(key);
    return { ok: true, value: true };
  }

  /**
   * One change of the revision `from`: the record's next revision first, then the public side.
   * Refused as stale when another GM client wrote the record since it was read, and then
   * nothing of it is written and the scene is brought in line with the newer record.
   */
  async write(
    from: number,
    record: StoreRecord,
    chat: readonly ChatCreate[],
    publish: Publish,
    /** The session the new revision stands for, kept for the next read (none: rebuilt then). */
    session?: S,
  ): Promise<Result<true>> {
    const c = await this.core.commit({ from, record, chat, field: this.field, publish }, (r) => {
      if (session !== undefined) this.remember(r.lakeId, r.rev, session);
    });
    if (!c.ok) {
      if (c.error.code === "staleRecord") await this.catchUp(record.lakeId);
      return c;
    }
    return { ok: true, value: true };
  }

  /** The public side put in line with a record (commit.ts `rollForward`). */
  rollForward(record: StoreRecord, publish: Publish): Promise<boolean> {
    return this.core.rollForward(record, publish);
  }
}
