/**
 * "Open the declaration at round start" (issue 4 item 1, issue 20 item 3): which lakes opened a
 * round to declare since this client last looked at their public flags: a lake made since (its
 * round 1), or one whose round moved on. A lake whose round did not move, one that went back
 * (an undo), or one whose game is over opens nothing.
 */
import type { PublicLake } from "../fishing/projection.ts";

export class RoundWatch {
  private readonly seen = new Map<string, number>();
  private primed = false;

  /** Remembers the rounds this client starts with (ready). */
  prime(lakes: readonly PublicLake[]): void {
    for (const l of lakes) this.seen.set(l.id, l.round);
    this.primed = true;
  }

  /** The lakes made, or whose round went up, since the last look (updateScene). */
  advanced(lakes: readonly PublicLake[]): PublicLake[] {
    const out: PublicLake[] = [];
    for (const l of lakes) {
      const before = this.seen.get(l.id);
      this.seen.set(l.id, l.round);
      if (!this.primed || l.over) continue;
      if (before === undefined ? true : l.round > before) out.push(l);
    }
    return out;
  }
}
