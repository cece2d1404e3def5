/**
 * GM -> player news over Foundry's User#query (docs/foundry.md: the one targeted channel; the
 * server hands a query to one user and the answer to the caller only): a fisher's private news
 * (`QUERY.private`), kept in the player's memory. The player -> active GM channel
 * (`QUERY.intent`) is the players' desk's (players/protocol.ts: the one union of every request
 * of both games and its parser; players/desk.ts: its one handler).
 */
import type { GameEvent } from "../../rules/index.ts";

export interface PrivateNews {
  readonly lake: string;
  readonly fisher: string;
  readonly events: readonly GameEvent[];
}

/** What this player's client was told privately, by lake, round and fisher. Memory only. */
export class PrivateCache {
  private readonly byKey = new Map<string, GameEvent[]>();

  private static key(lake: string, round: number, fisher: string): string {
    return `${lake}|${round}|${fisher}`;
  }

  /** The `QUERY.private` handler's body: accepts only well-formed news. */
  accept(raw: unknown): boolean {
    if (typeof raw !== "object" || raw === null) return false;
    const n = raw as Partial<PrivateNews>;
    if (typeof n.lake !== "string" || typeof n.fisher !== "string" || !Array.isArray(n.events))
      return false;
    for (const e of n.events as GameEvent[]) {
      if (typeof e !== "object" || e === null || typeof e.round !== "number") return false;
      if (typeof e.audience !== "object" || e.audience.fisher !== n.fisher) return false;
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
