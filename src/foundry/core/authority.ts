/**
 * Who may change a lake, and one change at a time. Only the active GM's client writes
 * (game.users.activeGM, the one GM Foundry elects; docs/foundry.md), and on it a lake's
 * operations run one after another. Two GM clients that both believe they are the active one (a
 * hand-over in flight) are kept apart by the GM store's compare-and-set (store/gm-store.ts).
 */
import type { Port } from "./port.ts";
import type { Result } from "./result.ts";
import { err } from "./result.ts";

export class Authority {
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(private readonly port: Port) {}

  /** This client is the active GM's. */
  isActive(): boolean {
    const me = this.port.me();
    return me.isGM && this.port.activeGmId() === me.id;
  }

  gmIds(): string[] {
    return this.port
      .users()
      .filter((u) => u.isGM)
      .map((u) => u.id);
  }

  /** Runs a lake's operations one at a time, so no round is resolved twice on this client. */
  serial<T>(lakeId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(lakeId) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(fn);
    this.locks.set(lakeId, next);
    return next;
  }

  /**
   * Waits for the lake's operations under way on this client. A resolution writes its record
   * last, after the scene flag every client already sees, so a read answered for a player in
   * between (the declaration window opening at the new round) must wait for it.
   */
  async settled(lakeId: string): Promise<void> {
    await (this.locks.get(lakeId) ?? Promise.resolve()).catch(() => undefined);
  }

  /** An operation that changes a lake: the active GM's client only, one at a time. */
  guard<T>(lakeId: string, fn: () => Promise<Result<T>>): Promise<Result<T>> {
    if (!this.isActive()) return Promise.resolve(err("notActiveGm"));
    return this.serial(lakeId, fn);
  }
}
