/**
 * Fair dice: the dice of a fisher's check that neither the player rolling it nor the GM can
 * choose. The construction (version `kolikoly-fair/1`), a commit-reveal in three steps:
 *
 * 1. The player's client picks a secret of 32 random bytes and sends the GM only its commitment,
 *    SHA-256 of (version, the check: lake, round, fisher, kind; the roll's dice shape; the
 *    secret). The commitment fixes the secret without telling it.
 * 2. The GM's client records the commitment, then draws a nonce of 16 random bytes and answers
 *    with it. The GM's part is fixed without knowing the secret; the player's was fixed first.
 * 3. Die number i of the roll (counting every die the roll consumes, rerolls and explosions
 *    included, in the order it consumes them) with f faces is HMAC-SHA-256 keyed with the
 *    secret over (version, the check, the nonce, i, f, a block count), read as 32-bit words: the
 *    first word below the largest multiple of f under 2^32, modulo f, plus 1 (rejection
 *    sampling: every face equally likely).
 *
 * The roll is posted with the secret; the GM's client checks the commitment and recomputes every
 * die. Anyone holding the secret, the nonce, the commitment and the roll can check it again
 * (`kolikoly verify`). The hash and MAC are @noble/hashes'.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

export const FAIR_VERSION = "kolikoly-fair/1";
/** The player's secret: 32 bytes, as 64 lower-case hex digits. */
export const SECRET_HEX = 64;
/** The GM's nonce: 16 bytes, as 32 lower-case hex digits. */
export const NONCE_HEX = 32;
/** A commitment: a SHA-256 digest, as 64 lower-case hex digits. */
export const COMMIT_HEX = 64;

/** The check a draw is for: nothing drawn for one check is worth anything for another. */
export interface FairCheck {
  readonly lake: string;
  readonly round: number;
  readonly fisher: string;
  readonly kind: string;
}

const hex = (n: number) => new RegExp(`^[0-9a-f]{${n}}$`);
const SECRET_RE = hex(SECRET_HEX);
const NONCE_RE = hex(NONCE_HEX);
const COMMIT_RE = hex(COMMIT_HEX);

export const isSecret = (v: unknown): v is string => typeof v === "string" && SECRET_RE.test(v);
export const isNonce = (v: unknown): v is string => typeof v === "string" && NONCE_RE.test(v);
export const isCommit = (v: unknown): v is string => typeof v === "string" && COMMIT_RE.test(v);

const checkWords = (c: FairCheck) => [c.lake, c.round, c.fisher, c.kind];

/** Step 1: the commitment to a secret for one check and one dice shape. */
export function commitOf(check: FairCheck, shape: string, secret: string): string {
  const words = [FAIR_VERSION, "commit", ...checkWords(check), shape, secret];
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify(words))));
}

/** Random bytes as lower-case hex, from the platform's cryptographic source. */
export function randomHex(digits: number): string {
  const bytes = new Uint8Array(digits / 2);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/** Step 3: die number `index` of a check's roll, with `faces` faces. */
export function fairFace(
  secret: string,
  nonce: string,
  check: FairCheck,
  index: number,
  faces: number,
): number {
  if (!isSecret(secret) || !isNonce(nonce)) throw new Error("fair dice: a bad secret or nonce");
  if (!Number.isInteger(faces) || faces < 1 || faces > 2 ** 31)
    throw new Error(`fair dice: a die of ${faces} faces`);
  const key = hexToBytes(secret);
  const limit = Math.floor(2 ** 32 / faces) * faces;
  for (let block = 0; ; block++) {
    const words = [FAIR_VERSION, "die", ...checkWords(check), nonce, index, faces, block];
    const digest = hmac(sha256, key, utf8ToBytes(JSON.stringify(words)));
    const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
    for (let at = 0; at + 4 <= digest.length; at += 4) {
      const w = view.getUint32(at);
      if (w < limit) return (w % faces) + 1;
    }
  }
}

/** The dice of one check, die after die, in the order a roll asks for them. */
export class FairStream {
  private next = 0;

  constructor(
    readonly secret: string,
    readonly nonce: string,
    readonly check: FairCheck,
  ) {}

  /** The next die, with this many faces. */
  face(faces: number): number {
    return fairFace(this.secret, this.nonce, this.check, this.next++, faces);
  }

  /** How many dice the roll has taken. */
  get used(): number {
    return this.next;
  }
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
/** The dice term classes whose faces a check rolls (roll-terms.ts reads the same ones). */
const DIE_CLASSES = new Set(["Die", "D20Die", "BasicDie"]);

/** A dice term of a serialised roll, in the order the roll evaluates it. */
export interface DiceTermData {
  readonly number: number;
  readonly faces: number;
  readonly modifiers: readonly string[];
  readonly results: readonly number[];
  /** Inside a function's arguments, which Foundry evaluates side by side (no fixed order). */
  readonly unordered: boolean;
}

/**
 * The dice terms of a serialised roll (`Roll#toJSON`), in the order Foundry evaluates them:
 * `Roll#_evaluateASTAsync` awaits the left operand, then the right (client/dice/roll.mjs), which
 * visits the terms as written; a parenthetical's roll in its place; a function's arguments with
 * `Promise.all` (client/dice/terms/function.mjs), so their dice have no fixed order. Each term's
 * results in the order it rolled them (`DiceTerm#roll` pushes; rerolls and explosions append).
 */
export function diceTermsOf(roll: unknown, unordered = false, out: DiceTermData[] = []) {
  if (!isObj(roll) || !Array.isArray(roll.terms)) return out;
  for (const t of roll.terms) {
    if (!isObj(t)) continue;
    if (typeof t.class === "string" && DIE_CLASSES.has(t.class)) {
      const results = Array.isArray(t.results)
        ? t.results.map((r) => (isObj(r) && typeof r.result === "number" ? r.result : NaN))
        : [];
      out.push({
        number: typeof t.number === "number" ? Math.abs(t.number) : NaN,
        faces: typeof t.faces === "number" ? t.faces : NaN,
        modifiers: Array.isArray(t.modifiers) ? t.modifiers.map(String) : [],
        results,
        unordered,
      });
    } else if (t.class === "ParentheticalTerm") diceTermsOf(t.roll, unordered, out);
    else if (t.class === "FunctionTerm" && Array.isArray(t.rolls)) {
      const several = t.rolls.filter((r) => diceTermsOf(r).length > 0).length > 1;
      for (const r of t.rolls) diceTermsOf(r, unordered || several, out);
    } else if (t.class === "PoolTerm" && Array.isArray(t.rolls))
      for (const r of t.rolls) diceTermsOf(r, unordered, out);
  }
  return out;
}

/**
 * A roll's dice shape, the same before and after it is evaluated: each dice term in order as
 * its number of dice, faces and modifiers (lower-cased and sorted: `DiceTerm#_evaluateModifiers`
 * keeps them lower-cased, in the order it applied them, dnd5e's adv / dis first). The shape is in
 * the commitment, so the roll is chosen before its dice are known: advantage cannot be added, nor
 * a bonus die, once the dice are seen.
 */
export function shapeOf(roll: unknown): string {
  return diceTermsOf(roll)
    .map(
      (t) =>
        `${t.number}d${t.faces}${[...t.modifiers]
          .map((m) => m.toLowerCase())
          .sort()
          .join("")}`,
    )
    .join(",");
}

/** What the player's client puts in the roll it posts (the roll's options, under the module id). */
export interface FairReveal extends FairCheck {
  readonly secret: string;
}

/** The reveal a serialised roll carries, if it is well formed. */
export function revealOf(roll: unknown, moduleId: string): FairReveal | undefined {
  if (!isObj(roll) || !isObj(roll.options)) return undefined;
  const mine = roll.options[moduleId];
  const f = isObj(mine) ? mine.fair : undefined;
  if (!isObj(f)) return undefined;
  const { lake, round, fisher, kind, secret } = f;
  if (
    typeof lake !== "string" ||
    typeof fisher !== "string" ||
    typeof kind !== "string" ||
    !Number.isInteger(round) ||
    !isSecret(secret)
  )
    return undefined;
  return { lake, round: round as number, fisher, kind, secret };
}

/**
 * A roll as data: a live `Roll` (a chat message's rolls on a Foundry client, whose terms name
 * their class only in `toJSON`) serialised as the message data that carried it; plain data as
 * it is; undefined for what does not serialise.
 */
export function rollJson(roll: unknown): unknown {
  if (roll === undefined || roll === null) return roll;
  try {
    return JSON.parse(JSON.stringify(roll)) as unknown;
  } catch {
    return undefined;
  }
}
