/**
 * The active GM's reconcile of every game at ready and at a hand-over (issue 20 item 4), each
 * game on its own: one whose record does not open (its key missing, a revision damaged) or whose
 * reconcile throws is reported by name, and the games after it are still brought in line.
 */
import type { Result } from "./result.ts";

export interface GameToReconcile {
  readonly id: string;
  readonly run: () => Promise<Result<boolean>>;
}

/** A game left out of line with its record, and why (an error code, or the thrown message). */
export interface NotReconciled {
  readonly id: string;
  readonly reason: string;
}

export async function reconcileEach(
  games: readonly GameToReconcile[],
  warn: (message: string, cause?: unknown) => void = (m, c) => console.warn(m, c),
): Promise<NotReconciled[]> {
  const failed: NotReconciled[] = [];
  for (const g of games) {
    let reason: string | undefined;
    let cause: unknown;
    try {
      const r = await g.run();
      if (!r.ok) reason = r.error.code;
    } catch (e) {
      reason = String((e as Error | undefined)?.message ?? e);
      cause = e;
    }
    if (reason === undefined) continue;
    failed.push({ id: g.id, reason });
    warn(
      `kolikoly-fishing | ${g.id} could not be brought in line with its record (${reason})`,
      cause,
    );
  }
  return failed;
}
