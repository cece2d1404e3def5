/**
 * The store's long seeded tests, apart from tests/foundry/store.test.ts and store-small.test.ts
 * so that the mutation run's store batch (scripts/mutation.mjs) can leave them out: each takes
 * seconds, and under the mutation run it would run again for nearly every mutant. `npm test`
 * runs them; the store batch's fast tests cover the same behaviours one at a time.
 */
import { describe, expect, test } from "vitest";
import { playScenario } from "../../src/rules/index.ts";
import type { GmRecord } from "../../src/foundry/fishing/record.ts";
import { EMPTY_PENDING } from "../../src/foundry/fishing/record.ts";
import type { WriteOp } from "../../src/foundry/core/port.ts";
import { GmStore } from "../../src/foundry/core/store/gm-store.ts";
import { openDoc } from "../../src/foundry/core/store/sealed.ts";
import { XCHACHA } from "../../src/foundry/core/store/gm-crypto.ts";
import { makeTable, rngFor } from "./fake/world.ts";
import { playLong } from "./fake/measure.ts";
import { first, live, pending, round } from "./fake/records.ts";

type Put = Extract<WriteOp, { kind: "store.put" }>;

describe("the sealed GM store (issue 10 item 2)", () => {
  test("500 seeded writes (declare, resolve, undo, end) open to exactly the record written, each revision holding what changed", async () => {
    const t = await makeTable();
    const store = new GmStore(t.gm);
    const key = store.ring.create();
    let record = first("lake1");
    const write = async (r: GmRecord) => {
      await store.ready();
      const op = store.put(r, key) as Put;
      await t.gm.write([op]);
      await store.written(op);
      return op.doc;
    };
    await write(record);
    const rng = rngFor(7);
    let sealedRounds = 0;
    let wholeUndos = 0;
    for (let i = 0; i < 500; i++) {
      const roll = rng.die(10) - 1;
      let next: GmRecord;
      if (roll < 4) next = { ...record, rev: record.rev + 1, pending: pending(i) };
      else if (roll < 8)
        next = {
          ...record,
          rev: record.rev + 1,
          rounds: [...record.rounds, round(record.rounds.length + 1)],
          pendingBefore: [...record.pendingBefore, record.pending],
          pending: EMPTY_PENDING,
        };
      else if (roll < 9 && record.rounds.length)
        next = {
          ...record,
          rev: record.rev + 1,
          rounds: record.rounds.slice(0, -1),
          pending: record.pendingBefore.at(-1)!,
          pendingBefore: record.pendingBefore.slice(0, -1),
        };
      else next = { ...record, rev: record.rev + 1, endedByGm: !record.endedByGm };
      const doc = await write(next);
      const opened = openDoc(doc, key.bytes, XCHACHA);
      // issue 20 item 5: a checkpoint seals the whole record and builds on nothing; so does a
      // revision that undoes a round its checkpoint holds
      if (doc.rev % GmStore.CHECKPOINT_EVERY === 0) expect(doc.parts).toEqual([]);
      if (doc.parts.length === 0) {
        if (doc.rev % GmStore.CHECKPOINT_EVERY !== 0) wholeUndos++;
        expect(opened.secret.setup).toEqual(next.setup);
        expect(opened.secret.rounds ?? []).toEqual(next.rounds);
      } else {
        // only what changed: the new round at most, never the setup again
        expect(opened.secret.setup).toBeUndefined();
        expect(opened.secret.rounds?.length ?? 0).toBeLessThanOrEqual(1);
        sealedRounds += opened.secret.rounds?.length ?? 0;
        // a chain never reaches back past the checkpoint before it
        for (const part of doc.parts)
          expect(part).toBeGreaterThanOrEqual(doc.rev - (doc.rev % GmStore.CHECKPOINT_EVERY));
      }
      record = next;
      // a fresh store (another GM client holding the key) opens the same record
      const other = new GmStore(t.gm);
      const got = await other.get("lake1");
      expect(got).toEqual({ ok: true, value: record });
    }
    expect(sealedRounds).toBeGreaterThan(80);
    expect(wholeUndos).toBeLessThan(40);
    // written without `prune`: every revision stays (tests/foundry/store-small.test.ts prunes)
    expect(t.server.truth.storeDocs.length).toBe(501);
  });
});

describe("a store that stays small (issue 20 item 5)", () => {
  test("a 250-round game keeps at most MAX_LIVE documents, and its export after undos replays exactly", async () => {
    const t = await makeTable({ fishers: 2, seed: 5 });
    let most = 0;
    const { host, id } = await playLong(t, 250, () => {
      most = Math.max(most, t.server.truth.storeDocs.length);
    });
    const record = t.server.truth.store.get(id)!;
    expect(record.rounds).toHaveLength(250);
    // every revision the old store kept (a declaration per fisher and the resolution, a round)
    expect(record.rev).toBe(1 + 250 * 3);
    expect(most).toBeLessThanOrEqual(GmStore.MAX_LIVE);
    expect(live(t, id).length).toBeLessThanOrEqual(GmStore.MAX_LIVE);
    const replays = async () => {
      const exported = await host.exportScenario(id);
      if (!exported.ok) throw new Error(exported.error.code);
      const replayed = playScenario(exported.value);
      if (!replayed.ok) throw new Error(replayed.error.code);
      // the same game, roll for roll (the generator's state aside: Foundry's dice drew the rolls)
      const { rng: _a, ...theirs } = replayed.session.state;
      const { rng: _b, ...ours } = host.cached(id)!.state;
      expect(theirs).toEqual(ours);
      return exported.value;
    };
    expect((await replays()).rounds).toHaveLength(250);
    // undo reaches back past every deleted revision: it is made from the record
    for (let i = 0; i < 12; i++) expect(await host.undoRound(id)).toMatchObject({ ok: true });
    expect(host.cached(id)!.state.round).toBe(238);
    expect((await replays()).rounds).toHaveLength(238);
    // a GM client that never read the lake (after a reload) opens the same record, and goes on
    const before = t.server.truth.store.get(id)!;
    await t.gm.reload();
    const again = t.gm.runtime!.host;
    expect(await again.exportScenario(id)).toMatchObject({
      ok: true,
      value: { rounds: { length: 238 } },
    });
    expect(await again.undoRound(id)).toMatchObject({ ok: true });
    expect(t.server.truth.store.get(id)!.rounds).toEqual(before.rounds.slice(0, -1));
    expect(live(t, id).length).toBeLessThanOrEqual(GmStore.MAX_LIVE);
  }, 120_000);
});
