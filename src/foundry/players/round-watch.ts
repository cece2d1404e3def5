/**
 * "Open the declaration at round start" (issue 4, item 1): which lakes moved on to a new round
 * since this client last looked at their public flags. A lake seen for the first time, one whose
 * round did not move, or one whose game is over opens nothing.
 */
import type { PublicLake } from "../fishing/projection.ts";

export class RoundWatch {
  private readonly seen = new Map<string, number>();

  /** Remembers the rounds this client starts with (ready). */
  prime(lakes: readonly PublicLake[]): void {
    for (const l of lakes) this.seen.set(l.id, l.round);
  }

  /** The lakes whose round went up since the last look (updateScene). */
  advanced(lakes: readonly PublicLake[]): PublicLake[] {
    const out: PublicLake[] = [];
    for (const l of lakes) {
      const before = this.seen.get(l.id);
      this.seen.set(l.id, l.round);
      if (before !== undefined && l.round > before && !l.over) out.push(l);
    }
    return out;
  }
}
