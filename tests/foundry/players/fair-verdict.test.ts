/**
 * The GM's verdict on a fair roll as a Foundry client holds it: `ChatMessage#rolls` are live
 * `Roll` instances (v13 client/documents/chat-message.mjs), whose terms are term instances that
 * carry their class only in `toJSON` (v13 client/dice/terms/term.mjs RollTerm#toJSON). The roll
 * is judged as its data, the same as the plain JSON the other fair-dice tests post.
 */
import { describe, expect, test } from "vitest";
import type { FairCheck } from "../../../src/dice/fair.ts";
import { FairStream, commitOf } from "../../../src/dice/fair.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import type { GmRecord } from "../../../src/foundry/fishing/record.ts";
import type { DeskParts } from "../../../src/foundry/players/desk-parts.ts";
import { FairDraws } from "../../../src/foundry/players/fair-draws.ts";

const check: FairCheck = { lake: "lake1", round: 1, fisher: "f1", kind: "survival" };
const secret = "ab".repeat(32);
const nonce = "cd".repeat(16);

/** test-only: a d20 term as a live Roll holds it (its class named by toJSON alone). */
class LiveDie {
  readonly number = 1;
  readonly faces = 20;
  readonly modifiers: string[] = [];
  constructor(readonly results: { result: number; active: boolean }[]) {}
  toJSON() {
    const { number, faces, modifiers, results } = this;
    return { class: "Die", options: {}, evaluated: true, number, faces, modifiers, results };
  }
}

/** test-only: `1d20 + 4` as a live Roll holds it, the fair reveal in its options. */
class LiveRoll {
  readonly terms: object[];
  readonly options = { [MODULE_ID]: { fair: { ...check, secret } } };
  constructor(face: number) {
    this.terms = [
      new LiveDie([{ result: face, active: true }]),
      { toJSON: () => ({ class: "OperatorTerm", options: {}, evaluated: true, operator: "+" }) },
      { toJSON: () => ({ class: "NumericTerm", options: {}, evaluated: true, number: 4 }) },
    ];
  }
  toJSON() {
    return {
      class: "Roll",
      options: this.options,
      dice: [],
      formula: "1d20 + 4",
      terms: this.terms.map((t) => (t as { toJSON(): object }).toJSON()),
      total: 0,
      evaluated: true,
    };
  }
}

const record = {
  pending: {
    draws: {
      f1: { commit: commitOf(check, "1d20", secret), nonce, shape: "1d20", kind: "survival" },
    },
  },
} as unknown as GmRecord;

describe("fair dice: the GM's verdict on a live Roll", () => {
  test("the fair roll counts, its proof the roll's data", () => {
    const face = new FairStream(secret, nonce, check).face(20);
    const v = new FairDraws({} as DeskParts).verdict(new LiveRoll(face), check, record);
    expect(v.ok).toBe(true);
    if (v.ok) expect(JSON.stringify(v.proof.roll)).toContain('"class":"Die"');
  });

  test("another face is refused by its die", () => {
    const face = new FairStream(secret, nonce, check).face(20);
    const v = new FairDraws({} as DeskParts).verdict(new LiveRoll((face % 20) + 1), check, record);
    expect(v).toMatchObject({ ok: false, reason: "fairDice" });
  });
});
