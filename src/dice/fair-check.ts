/**
 * A posted roll checked against its fair draw (fair.ts): the secret it reveals must be the one
 * committed to, its dice shape the one drawn for, and every die the one the fair dice give, in
 * the order the roll consumed them. Used by the GM's client as rolls come in and by
 * `kolikoly verify` on an exported game. Pure: what it is given is all it knows.
 */
import type { FairCheck } from "./fair.ts";
import {
  FairStream,
  commitOf,
  diceTermsOf,
  isCommit,
  isNonce,
  isSecret,
  rollJson,
  shapeOf,
} from "./fair.ts";

/** What the GM's record keeps of a draw (and an exported game carries). */
export interface FairDraw {
  readonly commit: string;
  readonly nonce: string;
  readonly shape: string;
}

/** Why a roll is not the fair roll of its draw (KOLIKOLY.Players.Refusal.<reason>). */
export type FairReason = "fairSecret" | "fairShape" | "fairDice" | "fairOrder";
export const FAIR_REASONS: readonly FairReason[] = [
  "fairSecret",
  "fairShape",
  "fairDice",
  "fairOrder",
];

/** The first die of a roll that is not the fair one: its place in the roll (from 1), and faces. */
export interface FairDie {
  readonly index: number;
  readonly faces: number;
  readonly shown: number;
  readonly fair: number;
}

export type FairVerdict =
  | { readonly ok: true; readonly dice: number }
  | {
      readonly ok: false;
      readonly reason: FairReason;
      readonly detail: string;
      /** For the GM's message: what the roll shows and what the fair dice give. */
      readonly data: { readonly claimed: string; readonly known: string };
      /** For `fairDice`: the die that differs, as numbers (`kolikoly verify` words it itself). */
      readonly die?: FairDie;
    };

const no = (
  reason: FairReason,
  detail: string,
  claimed: string,
  known: string,
  die?: FairDie,
): FairVerdict => ({
  ok: false,
  reason,
  detail,
  data: { claimed, known },
  ...(die ? { die } : {}),
});

/** A serialised roll against the draw made for `check`, with the secret it reveals. */
export function checkFairRoll(
  roll: unknown,
  check: FairCheck,
  draw: FairDraw,
  secret: string,
): FairVerdict {
  if (!isSecret(secret) || !isCommit(draw.commit) || !isNonce(draw.nonce))
    return no("fairSecret", "a secret, commitment or nonce of the wrong form", "?", "?");
  const shape = shapeOf(roll);
  if (shape !== draw.shape)
    return no(
      "fairShape",
      `dice ${shape || "none"} where ${draw.shape} were drawn`,
      shape || "-",
      draw.shape,
    );
  if (commitOf(check, draw.shape, secret) !== draw.commit)
    return no(
      "fairSecret",
      "the secret posted is not the one committed to",
      secret.slice(0, 8),
      draw.commit.slice(0, 8),
    );
  const stream = new FairStream(secret, draw.nonce, check);
  const terms = diceTermsOf(roll);
  for (const t of terms) {
    if (t.unordered && t.results.length)
      return no("fairOrder", "dice rolled side by side (a function's arguments)", shape, "-");
    for (const r of t.results) {
      const i = stream.used;
      const want = stream.face(t.faces);
      if (r !== want)
        return no(
          "fairDice",
          `die ${i + 1} (a d${t.faces}) shows ${r} where the fair dice give ${want}`,
          `${i + 1}: ${r}`,
          String(want),
          { index: i + 1, faces: t.faces, shown: r, fair: want },
        );
    }
  }
  return { ok: true, dice: stream.used };
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
/** What a term keeps in a compact roll: what the checks read, no flavour, no system options. */
const TERM_KEYS = ["class", "number", "faces", "modifiers", "operator", "fn", "result"];
const RESULT_KEYS = ["result", "active", "discarded", "rerolled", "exploded", "count"];

function compactTerm(t: unknown): unknown {
  if (!isObj(t)) return t;
  const out: Json = {};
  for (const k of TERM_KEYS) if (k in t) out[k] = t[k];
  if (Array.isArray(t.results))
    out.results = t.results.map((r) =>
      isObj(r) ? Object.fromEntries(RESULT_KEYS.filter((k) => k in r).map((k) => [k, r[k]])) : r,
    );
  if (isObj(t.roll)) out.roll = compactRoll(t.roll);
  if (Array.isArray(t.rolls)) out.rolls = t.rolls.map((r) => compactRoll(r));
  if (Array.isArray(t.terms)) out.terms = t.terms;
  return out;
}

/**
 * A roll as the GM record and an exported game keep it: its class, formula, total and terms,
 * each term with what the roll checks and the fair check read (roll-integrity.ts, this file),
 * without flavour texts, a system's options or the reveal (the record keeps the secret beside
 * it): some 800 bytes for three d20s and two d4.
 */
export function compactRoll(roll: unknown): object {
  const raw = rollJson(roll);
  const data = isObj(raw) ? raw : {};
  return {
    class: data.class,
    formula: data.formula,
    total: data.total,
    terms: Array.isArray(data.terms) ? data.terms.map(compactTerm) : [],
  };
}
