/**
 * Fair dice (src/dice/fair.ts, fair-check.ts): the construction checked against Node's own
 * HMAC and SHA-256 (an implementation independent of the one the module ships), its faces
 * uniform, and a posted roll refused for each way it can differ from its draw.
 */
import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  FAIR_VERSION,
  FairStream,
  commitOf,
  diceTermsOf,
  fairFace,
  randomHex,
  revealOf,
  shapeOf,
} from "../../src/dice/fair.ts";
import { checkFairRoll } from "../../src/dice/fair-check.ts";
import { verifyCheckRoll } from "../../src/dice/roll-integrity.ts";

const check = { lake: "l1", round: 3, fisher: "ana", kind: "survival" };
const secret = "0f".repeat(32);
const nonce = "a5".repeat(16);

/** The construction as the docs state it, written against node:crypto. */
function nodeFace(s: string, n: string, i: number, faces: number): number {
  const limit = Math.floor(2 ** 32 / faces) * faces;
  for (let block = 0; ; block++) {
    const msg = JSON.stringify([
      FAIR_VERSION,
      "die",
      "l1",
      3,
      "ana",
      "survival",
      n,
      i,
      faces,
      block,
    ]);
    const d = createHmac("sha256", Buffer.from(s, "hex")).update(msg, "utf8").digest();
    for (let at = 0; at < 32; at += 4) {
      const w = d.readUInt32BE(at);
      if (w < limit) return (w % faces) + 1;
    }
  }
}

/** A term as Foundry serialises it (only what these tests read is typed). */
interface Term {
  class: string;
  results?: { result: number; active: boolean }[];
  modifiers?: string[];
  [k: string]: unknown;
}

/** A die term as Foundry serialises it. */
const die = (number: number, faces: number, results: number[], modifiers: string[] = []): Term => ({
  class: "Die",
  options: {},
  evaluated: true,
  number,
  faces,
  modifiers,
  results: results.map((result) => ({ result, active: true })),
});
const plus: Term = { class: "OperatorTerm", options: {}, evaluated: true, operator: "+" };
const num = (n: number): Term => ({
  class: "NumericTerm",
  options: {},
  evaluated: true,
  number: n,
});

describe("the construction", () => {
  it("matches an independent HMAC-SHA-256 for every die size a check rolls", () => {
    for (const faces of [2, 3, 4, 6, 8, 10, 12, 20, 100])
      for (let i = 0; i < 50; i++)
        expect(fairFace(secret, nonce, check, i, faces)).toBe(nodeFace(secret, nonce, i, faces));
  });

  it("commits with SHA-256 over the check, the shape and the secret", () => {
    const words = [FAIR_VERSION, "commit", "l1", 3, "ana", "survival", "1d20", secret];
    const want = createHash("sha256").update(JSON.stringify(words)).digest("hex");
    expect(commitOf(check, "1d20", secret)).toBe(want);
    // any change of the check, the shape or the secret changes the commitment
    expect(commitOf({ ...check, round: 4 }, "1d20", secret)).not.toBe(want);
    expect(commitOf({ ...check, fisher: "bo" }, "1d20", secret)).not.toBe(want);
    expect(commitOf(check, "2d20adv", secret)).not.toBe(want);
    expect(commitOf(check, "1d20", "1f".repeat(32))).not.toBe(want);
  });

  it("gives every face of a d20 and a d6 equally often (chi-square under its 0.1% bound)", () => {
    for (const [faces, bound] of [
      [20, 43.82],
      [6, 20.52],
    ] as const) {
      // fixed inputs: the same test every run (a random one would fail one run in a thousand)
      const s = "3c".repeat(32);
      const n = "e1".repeat(16);
      const counts = new Array<number>(faces).fill(0);
      const draws = 20_000;
      const stream = new FairStream(s, n, check);
      for (let i = 0; i < draws; i++) counts[stream.face(faces) - 1]! += 1;
      const expected = draws / faces;
      const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
      expect(chi, `d${faces}: ${counts.join(" ")}`).toBeLessThan(bound);
    }
  });

  it("gives a different stream for another nonce, secret, round or fisher", () => {
    const seq = (s: string, n: string, c = check) => {
      const st = new FairStream(s, n, c);
      return Array.from({ length: 12 }, () => st.face(20)).join(",");
    };
    const base = seq(secret, nonce);
    expect(seq(secret, nonce)).toBe(base);
    expect(seq(secret, "b5".repeat(16))).not.toBe(base);
    expect(seq("1f".repeat(32), nonce)).not.toBe(base);
    expect(seq(secret, nonce, { ...check, round: 4 })).not.toBe(base);
    expect(seq(secret, nonce, { ...check, fisher: "bo" })).not.toBe(base);
  });

  it("draws secrets and nonces from the platform's cryptographic source, in hex", () => {
    const a = randomHex(64);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(randomHex(64)).not.toBe(a);
    expect(randomHex(32)).toMatch(/^[0-9a-f]{32}$/);
  });

  it("refuses a secret or nonce of the wrong form rather than rolling anything", () => {
    expect(() => fairFace("00", nonce, check, 0, 20)).toThrow();
    expect(() => fairFace(secret, "xyz", check, 0, 20)).toThrow();
    expect(() => fairFace(secret, nonce, check, 0, 0)).toThrow();
  });
});

describe("a roll's shape and dice order", () => {
  it("is the same before and after evaluation: modifiers lower-cased and sorted", () => {
    const before = { terms: [die(2, 20, [], ["r1=1", "adv"]), plus, num(5)] };
    const after = { terms: [die(2, 20, [17, 3], ["adv", "r1=1"]), plus, num(5)] };
    expect(shapeOf(before)).toBe("2d20advr1=1");
    expect(shapeOf(after)).toBe(shapeOf(before));
    expect(shapeOf({ terms: [die(1, 20, [4], ["ADV"])] })).toBe("1d20adv");
  });

  it("lists dice terms in evaluation order, a parenthetical's in place, function arguments unordered", () => {
    const roll = {
      terms: [
        die(1, 20, [9]),
        plus,
        { class: "ParentheticalTerm", roll: { terms: [die(1, 4, [2])] } },
        plus,
        {
          class: "FunctionTerm",
          fn: "max",
          rolls: [{ terms: [die(1, 6, [1])] }, { terms: [die(1, 8, [7])] }],
        },
      ],
    };
    const terms = diceTermsOf(roll);
    expect(terms.map((t) => `${t.faces}:${t.unordered}`)).toEqual([
      "20:false",
      "4:false",
      "6:true",
      "8:true",
    ]);
  });
});

/** An honest roll: the shape's dice filled from the fair stream, totalled. */
function fairRoll(terms: { number: number; faces: number; modifiers?: string[] }[], flat: number) {
  const stream = new FairStream(secret, nonce, check);
  const built = terms.map((t) => die(t.number, t.faces, [], t.modifiers ?? []));
  const shape = shapeOf({ terms: built });
  const dice = built.map((t, i) => ({
    ...t,
    results: Array.from({ length: terms[i]!.number }, () => ({
      result: stream.face(terms[i]!.faces),
      active: true,
    })),
  }));
  const total = dice.reduce((s, t) => s + t.results.reduce((a, r) => a + r.result, 0), 0) + flat;
  const roll = {
    class: "Roll",
    options: { "kolikoly-fishing": { fair: { ...check, secret } } },
    evaluated: true,
    total,
    terms: [...dice.flatMap((t) => [t, plus]), num(flat)] as Term[],
  };
  return { roll, draw: { commit: commitOf(check, shape, secret), nonce, shape } };
}

describe("checkFairRoll", () => {
  it("counts an honest roll: d20 and a Guidance d4, every die from the stream in order", () => {
    const { roll, draw } = fairRoll(
      [
        { number: 1, faces: 20 },
        { number: 1, faces: 4 },
      ],
      5,
    );
    expect(verifyCheckRoll(roll).ok).toBe(true);
    expect(checkFairRoll(roll, check, draw, secret)).toEqual({ ok: true, dice: 2 });
    expect(revealOf(roll, "kolikoly-fishing")).toEqual({ ...check, secret });
  });

  it("refuses a hand-written natural 20, reordered dice, another secret, another shape", () => {
    const { roll, draw } = fairRoll([{ number: 2, faces: 20, modifiers: ["kh"] }], 5);
    const [a, b] = roll.terms[0]!.results as { result: number }[];
    const forged = structuredClone(roll);
    const shown = a!.result === 20 ? 19 : 20;
    (forged.terms[0]!.results as { result: number }[])[0]!.result = shown;
    // the die that differs, as numbers, for a message in any language (kolikoly verify)
    expect(checkFairRoll(forged, check, draw, secret)).toMatchObject({
      reason: "fairDice",
      die: { index: 1, faces: 20, shown, fair: a!.result },
    });
    if (a!.result !== b!.result) {
      const swapped = structuredClone(roll);
      const r = swapped.terms[0]!.results as { result: number }[];
      [r[0]!.result, r[1]!.result] = [b!.result, a!.result];
      expect(checkFairRoll(swapped, check, draw, secret)).toMatchObject({ reason: "fairDice" });
    }
    expect(checkFairRoll(roll, check, draw, "1f".repeat(32))).toMatchObject({
      reason: "fairSecret",
    });
    const other = structuredClone(roll);
    other.terms[0]!.modifiers = ["kl"];
    expect(checkFairRoll(other, check, draw, secret)).toMatchObject({ reason: "fairShape" });
    // the same roll for another fisher's or round's draw
    expect(checkFairRoll(roll, { ...check, fisher: "bo" }, draw, secret)).toMatchObject({
      reason: "fairSecret",
    });
  });

  it("takes a reroll's die as the stream's next one, and refuses any other", () => {
    const { roll, draw } = fairRoll([{ number: 1, faces: 20 }], 3);
    const st = new FairStream(secret, nonce, check);
    st.face(20);
    const second = st.face(20);
    const appended = (result: number) => {
      const r = structuredClone(roll);
      (r.terms[0]!.results as unknown[]).push({ result, active: true });
      return r;
    };
    expect(checkFairRoll(appended(second), check, draw, secret)).toEqual({ ok: true, dice: 2 });
    expect(checkFairRoll(appended(second === 20 ? 1 : 20), check, draw, secret)).toMatchObject({
      reason: "fairDice",
    });
  });
});
