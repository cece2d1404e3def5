/** GM records for the store tests (tests/foundry/store*.test.ts): a lake's first, its next rounds. */
import type { GmRecord, Pending } from "../../../src/foundry/fishing/record.ts";
import { EMPTY_PENDING } from "../../../src/foundry/fishing/record.ts";
import type { RoundRecord } from "../../../src/rules/index.ts";
import { revisionOf } from "../../../src/foundry/core/record.ts";
import type { Table } from "./world.ts";

export function round(n: number): RoundRecord {
  return {
    input: { actions: { f1: { action: "track", secret: `hidden move ${n}` } } },
    rolls: [{ key: `check:f1:${n}`, total: n + 3 }],
  } as unknown as RoundRecord;
}

export function pending(n: number): Pending {
  return {
    actions: { f1: { action: "move", to: [n % 3, 1, 0] } },
    totals: {},
    revive: [],
  } as never;
}

export function first(lakeId: string): GmRecord {
  return {
    format: "kolikoly-gm-record/1",
    lakeId,
    sceneId: "scene00000000001",
    rev: 1,
    setup: { seed: 424242, lake: { width: 3, height: 3, levels: 2 } } as never,
    rounds: [],
    endedByGm: false,
    pending: EMPTY_PENDING,
    pendingBefore: [],
    aliasKey: "a1b2c3d4e5f60718293a4b5c6d7e8f90",
  };
}

/** The revisions of a lake the server holds, in order. */
export function live(t: Table, lakeId: string): number[] {
  return t.server.truth.storeDocs
    .map((d) => revisionOf(d.name, lakeId))
    .filter((r): r is number => r !== undefined)
    .sort((a, b) => a - b);
}

/**
 * A lake's first 13 records, one change each: declarations, resolved rounds (each posts a card,
 * its outbox), an undo, the GM's end; revision 8 is a checkpoint's (GmStore.CHECKPOINT_EVERY)
 * and revision 9 undoes a round that checkpoint holds.
 */
export function history(lakeId: string): GmRecord[] {
  const out = [first(lakeId)];
  const step = (change: (r: GmRecord) => Partial<GmRecord>) => {
    const { outbox: _cards, ...r } = out.at(-1)!;
    out.push({ ...r, ...change(r), rev: r.rev + 1 });
  };
  const declare = (n: number) => step(() => ({ pending: pending(n) }));
  const resolve = (n: number) =>
    step((r) => ({
      rounds: [...r.rounds, round(n)],
      pendingBefore: [...r.pendingBefore, r.pending],
      pending: EMPTY_PENDING,
      outbox: [{ content: `round ${n} resolved` }] as never,
    }));
  const undo = () =>
    step((r) => ({
      rounds: r.rounds.slice(0, -1),
      pending: r.pendingBefore.at(-1)!,
      pendingBefore: r.pendingBefore.slice(0, -1),
    }));
  declare(1); // 2
  resolve(1); // 3
  declare(2); // 4
  resolve(2); // 5
  undo(); // 6
  resolve(22); // 7: round 2 again, another outcome
  resolve(3); // 8
  undo(); // 9
  declare(4); // 10
  resolve(4); // 11
  declare(5); // 12
  step(() => ({ endedByGm: true })); // 13
  return out;
}
