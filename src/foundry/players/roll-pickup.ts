/**
 * K6: which roll message counts, on the active GM's client. Every roll message that reaches the
 * GM (sheet rolls, the card's buttons, the GM rolling for an absent player) is read by the system
 * adapter and counted once, for the check the fisher's declaration calls for, if its author owns
 * the fisher (asked first, so a stranger hears one answer whatever the fisher declared), it comes
 * after the round's card, its dice add up (dice/roll-integrity.ts) and it stays within the
 * fisher's set-up modifier. A refusal the GM should know of is one line a sender on the GM's
 * screen.
 */
import type { Declaration } from "../../rules/index.ts";
import { CHECK_FOR, checkRequest, systemAnswer } from "../../rules/index.ts";
import { authorIdOf } from "../core/compat.ts";
import type { CheckKind, PickedRoll } from "../systems/types.ts";
import { outcomeOf, picked as pickedRoll, speakerActorId } from "../systems/common.ts";
import { boundCheck } from "../systems/check-bound.ts";
import { verifyCheckRoll } from "../../dice/roll-integrity.ts";
import type { FairProof } from "../fishing/record.ts";
import type { DeskParts } from "./desk-parts.ts";
import type { PlayerMessage } from "./port.ts";
import type { Reply } from "./protocol.ts";
import { fail } from "./protocol.ts";
import type { ChecksFlag } from "./roll-card.ts";
import { checksFlagOf } from "./roll-card.ts";

/** K6: the check a declaration calls for, as the adapters name it. */
export function checkFor(d: Declaration): CheckKind {
  return CHECK_FOR[d.action] as CheckKind;
}

/** A message's author as the server recorded it (core/compat.ts `authorIdOf`). */
export function authorOf(m: PlayerMessage): string | undefined {
  return authorIdOf(m);
}

/** A pick-up's outcome for one roll card, with what the GM is told of a refusal. */
interface Counted {
  readonly reply: Reply<PickedRoll>;
  readonly fisher?: string;
  readonly lake?: string;
  /** KOLIKOLY.Players.Refusal.<reason>: an integrity reason (roll-integrity.ts) or the code. */
  readonly reason?: string;
  readonly detail?: string;
  /** The reason's format data (what the roll claims, what the module knows). */
  readonly data?: Readonly<Record<string, string>>;
}

/**
 * Refusals the GM is told of: who rolled, when, and with what dice. Not a roll of another skill
 * (players roll Stealth for other reasons too), a self roll (the player is told), nor a second
 * roll of a check already counted: a GM who reloads or takes over reads the open card's messages
 * again (rescan), the counted ones included, and the first roll stands anyway.
 */
const TOLD_GM = new Set([
  "unfairRoll",
  "notOwner",
  "beforeCard",
  "otherRequest",
  "badRoll",
  "unverifiableRoll",
  "rerolled",
]);

export class RollPickup {
  /** Messages already read, with what they gave (a message reaches the GM by hook and by report). */
  private readonly seen = new Map<string, Reply<PickedRoll> | undefined>();
  /** Refused rolls by author, for the GM's one line a sender (tellGm). */
  private readonly refusedBy = new Map<string, number>();

  constructor(private readonly d: DeskParts) {}

  /**
   * A roll message, if it is a fisher's check for the locked round: counted once. The author
   * (set by the server) must own the fisher's actor; the message must come after the round's roll
   * card and any request mark in it must name this round and fisher; its dice must add up
   * (roll-integrity.ts); its kind must be the declared action's check. A refusal the GM should
   * know of (integrity, not a roll of another skill) is shown to the GM with its fisher, message
   * and reason.
   */
  pickUp(message: PlayerMessage, hint?: CheckKind): Promise<Reply<PickedRoll> | undefined> {
    return this.d.serial(async () => {
      if (!this.d.authority() || checksFlagOf(message)) return undefined;
      // a message read before is answered as it was; one no adapter could read may be read again
      // with its author's hint (the system's roll hook named the check, client.ts sheetRoll)
      const before = this.seen.get(message.id);
      if (this.seen.has(message.id) && (before || !hint)) return before;
      const counted = await this.readRoll(message, hint);
      this.seen.set(message.id, counted?.reply);
      if (counted && !counted.reply.ok) this.tellGm(message, counted);
      return counted?.reply;
    });
  }

  /**
   * The check a message holds: as the system's adapter reads it; else, when its author's client
   * named the check from the system's own roll hook, that check, for the actor the message speaks
   * for. A hint counts for no more than a roll of that check: the same owner, order, dice and
   * set-up bound checks follow, so naming another skill's roll gains nothing.
   */
  private readCheck(message: PlayerMessage, hint: CheckKind | undefined): PickedRoll | null {
    const adapter = this.d.adapter();
    const read = adapter.readMessage(message, (id) => this.d.port.actor(id));
    if (read || !hint || adapter.knowsShape?.(message) !== false) return read;
    const actorId = speakerActorId(message);
    const out = outcomeOf(message.rolls?.[0], message.id);
    return actorId && out ? pickedRoll(actorId, hint, out) : null;
  }

  /** Every open card may want the roll: the first that counts it wins, else the first refusal. */
  private async readRoll(message: PlayerMessage, hint?: CheckKind): Promise<Counted | undefined> {
    const picked = this.readCheck(message, hint);
    if (!picked) return undefined;
    const list = this.d.port.messageList();
    let refused: Counted | undefined;
    for (const card of list) {
      const flag = checksFlagOf(card);
      if (!flag || flag.closed || !this.d.byGm(card)) continue;
      const r = await this.countRoll(card, flag, message, picked, list);
      if (r?.reply.ok) return r;
      refused ??= r;
    }
    return refused;
  }

  private async countRoll(
    card: PlayerMessage,
    flag: ChecksFlag,
    message: PlayerMessage,
    picked: PickedRoll,
    list: readonly PlayerMessage[],
  ): Promise<Counted | undefined> {
    const l = await this.d.lake(flag.lake);
    if (!l.ok) return undefined;
    const { pub, record, session } = l.value;
    if (session.state.round + 1 !== flag.round || !record.pending.locked) return undefined;
    const fisher = pub.fishers.find(
      (f) => f.actorId === picked.actorId && flag.rows.some((r) => r.fisher === f.id),
    );
    if (!fisher) return undefined;
    // rolled by the GM's client during resolution (driver()): already an answer to the engine
    if (picked.request?.resolving) return undefined;
    const refuse = (
      code: string,
      reason = code,
      detail = "",
      data?: Readonly<Record<string, string>>,
    ): Counted => ({
      reply: fail(code, "messageId", reason),
      fisher: fisher.name,
      lake: pub.name,
      reason,
      detail,
      ...(data ? { data } : {}),
    });
    // ownership first: a stranger's roll is refused the same way whatever the fisher declared or
    // rolled, so no answer (and no GM notice) tells a player another's secret action (K5)
    const author = authorOf(message);
    if (!author || !this.d.owns(author, pub, fisher.id)) return refuse("notOwner");
    // then relevance: a roll that is not the check this round asks of the fisher, or one for a
    // check already counted, is ignored quietly, whatever its dice
    const d = record.pending.actions[fisher.id];
    if (!d || checkFor(d) !== picked.kind) return refuse("wrongCheck");
    // the first roll stands: the GM record holds it, whatever a card says; a system's reroll of
    // the counted check (pf2e hero point) is the GM's call
    if (record.pending.totals[fisher.id])
      return picked.reroll ? refuse("rerolled") : refuse("alreadyRolled");
    // a self roll is whispered to its author alone: the player kept it from the GM (client.ts tells them)
    const w = message.whisper ?? [];
    if (w.length === 1 && w[0] === author && !this.d.byGm(message)) return refuse("selfRoll");
    // made for this round: after its card (creation order, as the server broadcast them), and a
    // request mark, when the module asked for the roll, names this round and this fisher
    const at = list.findIndex((m) => m.id === message.id);
    if (at < 0) return undefined;
    if (at < list.findIndex((m) => m.id === card.id)) return refuse("beforeCard");
    if (
      picked.request &&
      (picked.request.fisher !== fisher.id || picked.request.round !== flag.round)
    )
      return refuse("otherRequest");
    // real dice adding up to the total (the first roll: the one every adapter reads)
    const actor = this.d.port.actor(picked.actorId);
    const fixed = actor ? this.d.adapter().fixedCheck?.(actor, picked.kind) : undefined;
    const v = verifyCheckRoll(message.rolls?.[0], { noDie: fixed !== undefined });
    if (!v.ok)
      return refuse(
        v.reason === "unverifiable" || v.reason === "noD20" ? "unverifiableRoll" : "badRoll",
        v.reason,
        v.detail,
      );
    // no more than the fisher has in the lake's set-up: what the GM saw, filled in from the
    // system when the lake was made (wizard, API, file), else the rules' default. The sheet is the
    // player's to edit, so it never raises a bound: a character improved since is the GM's call
    const who = session.state.fishers.find((f) => f.id === fisher.id);
    const modifier = who?.mods[picked.kind] ?? 0;
    // a die-less check (pf2e Assurance: 10 + proficiency) comes to no more than 10 + the set-up's
    // modifier, whatever the sheet says now
    const cap = fixed === undefined ? undefined : Math.min(fixed, 10 + modifier);
    const bound = boundCheck(v, { modifier, ...(cap !== undefined ? { fixed: cap } : {}) });
    if (!bound.ok)
      return refuse("unverifiableRoll", bound.reason, bound.detail, {
        ...bound.data,
        fisher: fisher.name,
      });
    // fair dice (fair-draws.ts): a player's roll counts only as the roll of its draw, every die
    // the fair one; a GM's roll for a player is the GM's call, and a check without a die (pf2e
    // Assurance, bound above) has no die to be fair about
    const dice = v.natural !== undefined || v.bonusDice.length > 0;
    let proof: FairProof | undefined;
    if (pub.fairDice && !this.d.byGm(message) && dice) {
      const check = { lake: flag.lake, round: flag.round, fisher: fisher.id, kind: picked.kind };
      const f = this.d.fair.verdict(message.rolls?.[0], check, record);
      if (!f.ok)
        return refuse("unfairRoll", f.reason, f.detail, { ...f.data, fisher: fisher.name });
      proof = { ...f.proof, message: message.id };
    }
    // the check as the engine will ask it, its rules' modifiers (H4's -4) added to the system's roll
    const total = who ? systemAnswer(checkRequest(who, d.action), v).total : v.total;
    const set = await this.d.host.setTotal(
      flag.lake,
      fisher.id,
      v.natural === undefined ? { total } : { total, natural: v.natural },
      proof,
    );
    if (!set.ok) return { reply: set };
    await this.d.setRow(flag.lake, flag.round, fisher.id, "rolled");
    const { natural: _n, ...rest } = picked;
    const value = v.natural === undefined ? rest : { ...rest, natural: v.natural };
    return { reply: { ok: true, value: { ...value, total: v.total } } };
  }

  /**
   * A refusal the GM should see, on the active GM's screen only (a permanent notification: nothing
   * is sent to anyone): which fisher, which message, why. The technical detail (numbers included)
   * goes to this GM's console; the player's own reply carries the reason's code only.
   */
  private tellGm(message: PlayerMessage, c: Counted): void {
    const code = c.reply.ok ? "" : c.reply.error.code;
    if (!TOLD_GM.has(code)) return;
    const reason =
      c.reason && this.d.port.hasKey(`KOLIKOLY.Players.Refusal.${c.reason}`) ? c.reason : code;
    const data = {
      fisher: c.fisher ?? "?",
      lake: c.lake ?? "?",
      message: message.id,
      reason: this.d.port.localize(`KOLIKOLY.Players.Refusal.${reason}`, c.data),
    };
    // one line a sender on the GM's screen, its count rising: sixty forged rolls are one line
    const author = authorOf(message) ?? "?";
    const count = (this.refusedBy.get(author) ?? 0) + 1;
    this.refusedBy.set(author, count);
    const user = this.d.port.users().find((u) => u.id === author)?.name ?? author;
    this.d.port.alertGm(
      count === 1
        ? this.d.port.localize("KOLIKOLY.Players.Refused", data)
        : this.d.port.localize("KOLIKOLY.Players.RefusedMany", {
            ...data,
            count: String(count),
            user,
          }),
      `refused.${author}`,
    );
    console.warn(
      `kolikoly-fishing | refused the roll in chat message ${message.id} for ${c.fisher ?? "?"}: ${c.reason ?? code}${c.detail ? ` (${c.detail})` : ""}`,
    );
  }

  /** Reads every message since the open cards again (after a hand-over; idempotent). */
  async rescan(): Promise<void> {
    if (!this.d.authority()) return;
    const list = this.d.port.messageList();
    for (const [i, card] of list.entries()) {
      const flag = checksFlagOf(card);
      if (!flag || flag.closed || !this.d.byGm(card)) continue;
      for (const m of list.slice(i + 1)) await this.d.pickUp(m);
    }
  }
}
