/**
 * A revision of the GM store one function at a time (core/store/sealed.ts, issue 10 item 2):
 * what `sealRevision` seals in each revision of a chain, what `openDoc` and `assemble` refuse,
 * the padding, and a revision as this version writes it. The store around it is
 * tests/foundry/gm-store-units.test.ts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { GmRecord } from "../../src/foundry/fishing/record.ts";
import type { Cipher, OpenedDoc, SealKey, StoreDoc } from "../../src/foundry/core/store/sealed.ts";
import {
  PAD_BYTES,
  assemble,
  padTarget,
  isStoreDoc,
  openDoc,
  sealRevision,
} from "../../src/foundry/core/store/sealed.ts";
import { XCHACHA } from "../../src/foundry/core/store/gm-crypto.ts";
import { keyIdOf } from "../../src/foundry/core/store/keyring.ts";
import { first, history, pending, round } from "./fake/records.ts";

const bytes = Uint8Array.from({ length: 32 }, (_, i) => (i * 31 + 5) % 256);
const KEY: SealKey = { id: keyIdOf(bytes), bytes };

/** Each revision of `records` sealed on the one before, as a reader who opened it would. */
function chain(records: readonly GmRecord[]): { docs: StoreDoc[]; opened: Map<number, OpenedDoc> } {
  const docs: StoreDoc[] = [];
  const opened = new Map<number, OpenedDoc>();
  let prev: { doc: StoreDoc; counts: number[] } | undefined;
  for (const r of records) {
    const doc = sealRevision(r, prev, KEY, XCHACHA);
    docs.push(doc);
    opened.set(doc.rev, openDoc(doc, KEY.bytes, XCHACHA));
    const parts = doc.parts.map((rev) => opened.get(rev)!);
    prev = { doc, counts: assemble(opened.get(doc.rev)!, parts).counts };
  }
  return { docs, opened };
}

/** The plain text a revision seals, with the cipher left out (a see-through one). */
const CLEAR: Cipher = { seal: (_k, _aad, plain) => plain, open: (_k, _aad, sealed) => sealed };

describe("sealRevision: a revision holds what changed (issue 10 item 2)", () => {
  test("a chain of declarations, rounds and undos: the setup once, each round once, a change of the pending round alone named by no later revision", () => {
    const records = history("lake1");
    const { docs, opened } = chain(records);
    const held = docs.map((d) => {
      const s = opened.get(d.rev)!.secret;
      return [d.rev, d.parts, s.setup !== undefined, s.rounds?.length ?? 0];
    });
    expect(held).toEqual([
      [1, [], true, 0],
      [2, [1], false, 0],
      // revision 2 changed only the pending round: not a part of anything after it
      [3, [1], false, 1],
      [4, [1, 3], false, 0],
      [5, [1, 3], false, 1],
      // the undo of round 2: revision 5 is no longer a part
      [6, [1, 3], false, 0],
      [7, [1, 3], false, 1],
      [8, [1, 3, 7], false, 1],
      [9, [1, 3, 7], false, 0],
      [10, [1, 3, 7], false, 0],
      [11, [1, 3, 7], false, 1],
      [12, [1, 3, 7, 11], false, 0],
      [13, [1, 3, 7, 11], false, 0],
    ]);
    // the rounds each sealed: its own, never a part's
    expect(opened.get(7)!.secret.rounds).toEqual([round(22)]);
    // every revision, with its parts, opens to exactly the record it wrote
    for (const [i, doc] of docs.entries()) {
      const { record } = assemble(
        opened.get(doc.rev)!,
        doc.parts.map((rev) => opened.get(rev)!),
      );
      expect(record, `revision ${doc.rev}`).toEqual(records[i]);
      expect(doc.rounds).toBe(records[i]!.rounds.length);
    }
  });

  test("undoing a round the chain's first revision holds seals the whole record again", () => {
    const whole: GmRecord = {
      ...first("lake2"),
      rev: 8,
      rounds: [round(1), round(2), round(3)],
      pendingBefore: [pending(1), pending(2), pending(3)],
    };
    const eight = sealRevision(whole, undefined, KEY, XCHACHA);
    const undone: GmRecord = {
      ...whole,
      rev: 9,
      rounds: whole.rounds.slice(0, 2),
      pendingBefore: whole.pendingBefore.slice(0, 2),
      pending: pending(3),
    };
    const nine = sealRevision(undone, { doc: eight, counts: [3] }, KEY, XCHACHA);
    expect(nine.parts).toEqual([]);
    const opened = openDoc(nine, KEY.bytes, XCHACHA);
    expect(opened.secret.setup).toEqual(undone.setup);
    expect(assemble(opened, []).record).toEqual(undone);
  });
});

describe("assemble and openDoc refuse what does not add up", () => {
  const records = history("lake3");
  const { opened } = chain(records);
  const at = (rev: number) => opened.get(rev)!;

  test("a chain whose first revision holds no setup, or whose parts do not hold its rounds", () => {
    expect(() => assemble(at(2), [])).toThrow();
    // revision 5 builds on 1 and 3: without 3, round 1 is missing
    expect(() => assemble(at(5), [at(1)])).toThrow();
    expect(assemble(at(5), [at(1), at(3)]).record).toEqual(records[4]);
    // the head's cards only: revision 3's card is not revision 4's
    expect(assemble(at(4), [at(1), at(3)]).record).toEqual(records[3]);
    expect(assemble(at(4), [at(1), at(3)]).record.outbox).toBeUndefined();
    expect(assemble(at(4), [at(1), at(3)]).counts).toEqual([0, 1, 0]);
  });

  test("a sealed text that opens but is not a revision's (no pending round) is refused", () => {
    // a GM client of another version, or a bug, sealing something else under the same header
    let aad: Uint8Array | undefined;
    const recording: Cipher = {
      seal: (k, a, p) => {
        aad = a;
        return XCHACHA.seal(k, a, p);
      },
      open: XCHACHA.open,
    };
    const doc = sealRevision(first("lake4"), undefined, KEY, recording);
    const sealedAs = (text: string): StoreDoc => ({
      ...doc,
      sealed: Buffer.from(XCHACHA.seal(KEY.bytes, aad!, new TextEncoder().encode(text))).toString(
        "base64",
      ),
    });
    for (const text of ["null", "5", '"text"', "{}", '{"pending": 5}', '{"pending": "x"}'])
      expect(() => openDoc(sealedAs(text), KEY.bytes, XCHACHA), text).toThrow();
    expect(openDoc(sealedAs('{"pending": {}}'), KEY.bytes, XCHACHA).secret).toEqual({
      pending: {},
    });
  });

  test("every clear field is bound: any one changed, the revision does not open", () => {
    const doc = sealRevision(records[4]!, undefined, KEY, XCHACHA);
    expect(() => openDoc(doc, KEY.bytes, XCHACHA)).not.toThrow();
    const changed: Partial<StoreDoc>[] = [
      { format: "kolikoly-gm-store/3" as never },
      { lakeId: "lake9" },
      { sceneId: "scene00000000002" },
      { rev: 6 },
      { key: "0".repeat(16) },
      { parts: [1] },
      { rounds: 1 },
      { endedByGm: true },
    ];
    for (const c of changed)
      expect(() => openDoc({ ...doc, ...c }, KEY.bytes, XCHACHA), JSON.stringify(c)).toThrow();
  });
});

describe("the sealed text's length and format", () => {
  test("one length for its kind whatever the text's length, one byte either side of it included; past it, whole further lengths", () => {
    // the length of the text a record seals, found with a see-through cipher
    const withNote = (n: number) =>
      ({
        ...first("lake5"),
        pending: { actions: {}, totals: {}, revive: [], note: "x".repeat(n) },
      }) as unknown as GmRecord;
    const textLength = (n: number) =>
      atob(sealRevision(withNote(n), undefined, KEY, CLEAR).sealed).trimEnd().length;
    const base = textLength(0);
    const target = padTarget({ starts: true, rounds: 0, cards: false, seats: 12, squares: 18 });
    expect(target % PAD_BYTES).toBe(0);
    for (const size of [base, target - 1, target, target + 1, 2 * target + 1]) {
      const r = withNote(size - base);
      expect(textLength(size - base)).toBe(size);
      const doc = sealRevision(r, undefined, KEY, XCHACHA);
      // 24 bytes of nonce and 16 of tag around the padded text
      const length = atob(doc.sealed).length - 40;
      expect(length, `${size} bytes`).toBe(
        size < target ? target : Math.ceil((size + 1) / target) * target,
      );
      expect(assemble(openDoc(doc, KEY.bytes, XCHACHA), []).record).toEqual(r);
    }
  });

  test("a revision as this version wrote it (tests/foundry/fixtures/store-revision-v2.json) still opens", () => {
    const golden = JSON.parse(
      readFileSync(new URL("./fixtures/store-revision-v2.json", import.meta.url), "utf8"),
    ) as { keyHex: string; doc: StoreDoc };
    const key = Uint8Array.from(golden.keyHex.match(/../g)!, (b) => parseInt(b, 16));
    expect(isStoreDoc(golden.doc)).toBe(true);
    expect(golden.doc.key).toBe(keyIdOf(key));
    const { record } = assemble(openDoc(golden.doc, key, XCHACHA), []);
    expect(record).toEqual({
      ...first("lakeFixture"),
      pending: { actions: { f1: { action: "catch" } }, totals: {}, revive: [] },
    });
    // and what this version writes now names the same format
    expect(sealRevision(first("lake6"), undefined, KEY, XCHACHA).format).toBe(golden.doc.format);
  });
});
