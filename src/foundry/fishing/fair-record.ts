/**
 * What the GM record's fair draws (record.ts `Pending.draws`) mean for a round and for an
 * exported game: a draw never answered by a counted roll was withheld, and counts as the worst
 * roll (a natural 1 with the fisher's modifier) unless the GM typed a total; an exported round
 * carries each check's proof, so anyone can check it again (`kolikoly verify`).
 */
import type { GameState, GivenTotal, Scenario } from "../../rules/index.ts";
import { CHECK_FOR, checkRequest, systemAnswer } from "../../rules/index.ts";
import type { GmRecord, Pending, PendingDraw } from "./record.ts";

/**
 * Fair dice: the total a withheld check counts for. A player who saw their dice and did not
 * post them gains nothing over the worst roll: a natural 1 with the set-up's modifier, the rules'
 * own modifiers (H4's -4) added as for any roll. Undefined when the fisher declared nothing.
 */
export function withheldTotal(
  state: GameState,
  p: Pick<Pending, "actions">,
  fisher: string,
): GivenTotal | undefined {
  const d = Object.hasOwn(p.actions, fisher) ? p.actions[fisher] : undefined;
  const who = state.fishers.find((f) => f.id === fisher);
  if (!d || !who) return undefined;
  const worst = { total: 1 + who.mods[CHECK_FOR[d.action]], natural: 1 };
  return systemAnswer(checkRequest(who, d.action), worst) as GivenTotal;
}

/** The fishers whose dice were drawn and never counted: their draws, by fisher. */
export function withheldDraws(p: Pending): [string, PendingDraw][] {
  return Object.entries(p.draws ?? {}).filter(
    ([fisher]) => !p.totals[fisher] && Object.hasOwn(p.actions, fisher),
  );
}

/** The pending round as it resolves: each withheld check given its worst total (withheldTotal). */
export function withWithheld(state: GameState, p: Pending): Pending {
  const withheld = withheldDraws(p);
  if (!withheld.length) return p;
  const totals = { ...p.totals };
  for (const [fisher] of withheld) {
    const t = withheldTotal(state, p, fisher);
    if (t) totals[fisher] = t;
  }
  return { ...p, totals };
}

/** What every exported proof names: the check's lake and round, and its draw. */
interface ProofBase {
  readonly lake: string;
  readonly round: number;
  readonly commit: string;
  readonly nonce: string;
  readonly shape: string;
}

/**
 * One check's proof in an exported round (docs/scenario-format.md, `fair`): the secret and the
 * roll of a counted roll, or `withheld` for dice drawn and never posted.
 */
export type ExportedProof =
  | (ProofBase & { readonly secret: string; readonly roll: object })
  | (ProofBase & { readonly withheld: true });

/**
 * An exported game with its checks' proofs: each round played in Foundry keeps what was pending
 * before it (`pendingBefore`, the last ones of the record's rounds: a game made from a file
 * played its first rounds elsewhere), and each draw there becomes its action's `fair`.
 */
export function withProofs(scenario: Scenario, record: GmRecord, lakeId: string): Scenario {
  const offset = scenario.rounds.length - record.pendingBefore.length;
  const rounds = scenario.rounds.map((r, k) => {
    const p = k >= offset ? record.pendingBefore[k - offset] : undefined;
    if (!p?.draws) return r;
    const actions = { ...r.actions };
    for (const [fisher, d] of Object.entries(p.draws)) {
      const a = Object.hasOwn(actions, fisher) ? actions[fisher] : undefined;
      // a total the GM typed over a draw is the GM's call: no proof to give
      if (!a || (!d.secret && p.totals[fisher])) continue;
      const base = { lake: lakeId, round: k + 1, commit: d.commit, nonce: d.nonce, shape: d.shape };
      const fair: ExportedProof =
        d.secret && d.roll
          ? { ...base, secret: d.secret, roll: d.roll }
          : { ...base, withheld: true };
      actions[fisher] = { ...a, fair } as typeof a;
    }
    return { ...r, actions };
  });
  return { ...scenario, rounds };
}

/**
 * A round card's fair dice (CardFlag `fair`): each fisher whose check had a draw, with the draw
 * and the chat message that holds its roll, or `withheld`. Public once the round is resolved:
 * the roll is in the chat already, and its secret in it; each client checks it
 * (players/fair-proof.ts).
 */
export interface CardFairEntry {
  readonly fisher: string;
  readonly commit: string;
  readonly nonce: string;
  readonly shape: string;
  readonly message?: string;
  readonly withheld?: true;
}

/** The card entries of a resolved round's draws (a total the GM typed over a draw has none). */
export function cardFairEntries(p: Pending): CardFairEntry[] {
  const out: CardFairEntry[] = [];
  for (const [fisher, d] of Object.entries(p.draws ?? {})) {
    if (!Object.hasOwn(p.actions, fisher)) continue;
    const base = { fisher, commit: d.commit, nonce: d.nonce, shape: d.shape };
    if (d.secret && d.message) out.push({ ...base, message: d.message });
    else if (!d.secret && !p.totals[fisher]) out.push({ ...base, withheld: true });
  }
  return out;
}
