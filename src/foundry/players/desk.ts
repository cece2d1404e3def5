/**
 * The GM's side of the players' table (issue 4), on the active GM's client only:
 * - the players' query handler: every intent attested (attest.ts), checked against the lake's
 *   GM record (ownership from Foundry's actor permissions, the round number, the lock), then
 *   handed to the core lake host, which keeps declarations in the GM store only (K5);
 * - locking a round: one public roll-request card listing who rolls, never what or how much;
 * - picking rolls up: every roll message that reaches the GM (sheet rolls, the card's buttons,
 *   the GM rolling for an absent player) is read by the system adapter and counted once, for
 *   the check the fisher's declaration calls for (K6), if its author owns the fisher;
 * - handing over: a GM who becomes the active GM reads the messages since the lock again.
 */
import type {
  AsyncDriver,
  Declaration,
  RollAnswer,
  RollRequest,
  RuleError,
} from "../../rules/index.ts";
import { allowRoll } from "../core/dice.ts";
import { authorIdOf } from "../core/compat.ts";
import {
  CHECK_FOR,
  checkRequest,
  pendingCannotAct,
  systemAnswer,
  viewFor,
} from "../../rules/index.ts";
import { HOOK, MODULE_ID } from "../core/constants.ts";
import { aliasView } from "../fishing/aliases.ts";
import type { PublicLake } from "../fishing/projection.ts";
import type { LakeHost } from "../fishing/host.ts";
import type { GmRecord } from "../fishing/record.ts";
import type { CheckKind, PickedRoll, RollAdapter } from "../systems/types.ts";
import { outcomeOf, picked as pickedRoll, speakerActorId } from "../systems/common.ts";
import { boundCheck, verifyCheckRoll } from "../systems/roll-integrity.ts";
import type { HiddenMode } from "./hidden-actions.ts";
import { moreHidden } from "./hidden-actions.ts";
import type { KeyRing } from "./attest.ts";
import type { PlayerMessage, PlayerPort } from "./port.ts";
import { rollWords } from "./port.ts";
import type { FisherDesk, OwedCheck, PlayerIntent, Reply } from "./protocol.ts";
import { fail, parseIntent } from "./protocol.ts";
import type { KayanakHosting } from "../kayanak/requests.ts";
import { kayanakIntent } from "../kayanak/requests.ts";
import type { CardRow, ChecksFlag, RowStatus } from "./roll-card.ts";
import { ROLL_CARD, checksFlagOf } from "./roll-card.ts";

export type { CardRow, ChecksFlag, RowStatus };
export { ROLL_CARD, checksFlagOf };

/** K6: the check a declaration calls for, as the adapters name it. */
export function checkFor(d: Declaration): CheckKind {
  return CHECK_FOR[d.action] as CheckKind;
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
/** User#query's wait when the caller names none (v13 client/documents/user.mjs, `timeout`). */
export const DEFAULT_QUERY_MS = 10_000;
/** What a change must leave of the sender's wait for its write and its reply (GmDesk#replyBy). */
export const REPLY_MARGIN_MS = 2_500;

/** The per-sender limit of the players' query (GmDesk#allow). */
export const RATE_WINDOW_MS = 10_000;
export const REQUESTS_PER_WINDOW = 400;
/**
 * How many times a fisher's declaration may change in one round (each change is a revision of
 * the GM store, kept): enough to change one's mind, not to grow the store without end.
 */
export const CHANGES_PER_ROUND = 12;

const TOLD_GM = new Set([
  "notOwner",
  "beforeCard",
  "otherRequest",
  "badRoll",
  "unverifiableRoll",
  "rerolled",
]);

/** A message's author as the server recorded it (core/compat.ts `authorIdOf`). */
export function authorOf(m: PlayerMessage): string | undefined {
  return authorIdOf(m);
}

const NO_KAYANAK = (): KayanakHosting => {
  throw new Error("no Kayanak host");
};

export class GmDesk {
  private chain = Promise.resolve() as Promise<unknown>;
  /** Messages already read, with what they gave (a message reaches the GM by hook and by report). */
  private readonly seen = new Map<string, Reply<PickedRoll> | undefined>();

  constructor(
    readonly port: PlayerPort,
    readonly host: LakeHost,
    private readonly keys: KeyRing,
    private readonly adapter: () => RollAdapter,
    /** The world's hidden-actions setting (issue 10 item 6): a private mode for checks, or off. */
    private readonly hidden: () => HiddenMode | undefined = () => undefined,
    /** The Kayanak host of this client (runtime.ts), for Kayanak requests (issue 11). */
    readonly kayanak: () => KayanakHosting = NO_KAYANAK,
  ) {}

  /** Each sender's recent requests (their times). */
  private readonly recent = new Map<string, number[]>();

  /**
   * A sender's request within its limit: REQUESTS_PER_WINDOW in any RATE_WINDOW_MS, generous for
   * a person at a table (and for the tests' fast tables), tight for a console loop.
   */
  private allow(sender: string): boolean {
    const now = this.now();
    const times = (this.recent.get(sender) ?? []).filter((t) => now - t < RATE_WINDOW_MS);
    this.recent.set(sender, times);
    if (times.length >= REQUESTS_PER_WINDOW) return false;
    times.push(now);
    return true;
  }

  /** The clock of the rate limit (tests may set it). */
  now: () => number = () => Date.now();

  /** Refused rolls by author, for the GM's one line a sender (tellGm). */
  private readonly refusedBy = new Map<string, number>();

  /** Whether this client is the active GM (false while it is logged out). */
  private authority(): boolean {
    try {
      return this.host.isAuthority();
    } catch {
      return false;
    }
  }

  /** Hooks on the GM's client: every created message may be a check roll. */
  listen(): void {
    this.port.on("createChatMessage", (message) => void this.created(message));
    this.port.on(HOOK.roundResolved, (data) => void this.resolved(data));
  }

  /** `createChatMessage`: on the active GM's client, the message may be a check roll. */
  async created(message: unknown): Promise<void> {
    if (!this.authority()) return;
    await this.pickUp(message as PlayerMessage);
  }

  /** However the round was resolved (this desk, the GM panel, the API), its card closes. */
  async resolved(data: unknown): Promise<void> {
    const d = data as { lakeId?: string; round?: number } | undefined;
    if (this.authority() && d?.lakeId && Number.isInteger(d.round))
      await this.serial(() => this.closeCard(d.lakeId!, d.round!));
  }

  /** Resolves when every queued pick-up and card update has finished (tests; the panel). */
  async idle(): Promise<void> {
    let last: Promise<unknown> | undefined;
    while (last !== this.chain) {
      last = this.chain;
      await last.catch(() => undefined);
    }
  }

  /** Serialises pick-ups and card updates: a roll is counted once, a card row updated once. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.catch(() => undefined).then(fn);
    this.chain = next;
    return next;
  }

  private async lake(lakeId: string) {
    const l = await this.host.load(lakeId);
    return l;
  }

  private owns(user: string, pub: PublicLake, fisher: string): boolean {
    const f = pub.fishers.find((x) => x.id === fisher);
    return !!f?.actorId && this.port.ownersOf(f.actorId).includes(user);
  }

  /** Whether a message was written by a GM client (its author as the server recorded it). */
  private byGm(m: PlayerMessage): boolean {
    const author = authorOf(m);
    return !!author && this.port.users().some((u) => u.id === author && u.isGM);
  }

  /**
   * The open roll card of a round, written by a GM client: a card a player creates with the same
   * flag is nobody's card. A closed card of the same round number is history: the GM undid that
   * round, and the round played again is locked afresh. Whether a round is locked is the GM
   * record's to say (`pending.locked`), never a card's existence.
   */
  cardOf(lakeId: string, round: number): PlayerMessage | undefined {
    return this.port.messageList().find((m) => {
      const f = checksFlagOf(m);
      return f?.lake === lakeId && f.round === round && !f.closed && this.byGm(m);
    });
  }

  // ---- the players' query ---------------------------------------------------------------

  /** `CONFIG.queries[QUERY.intent]` on every client (hooks.ts); only the active GM answers. */
  async handle(raw: unknown, options: unknown): Promise<Reply<unknown>> {
    if (!this.host.isAuthority()) return fail("notActiveGm");
    const deadline = this.replyBy(options);
    const parsed = parseIntent(raw);
    if (!parsed.ok) return parsed;
    const sender = await this.keys.sender(raw, options);
    if (!sender) return fail("unattested");
    // per sender: a console loop neither floods the GM's client nor grows the GM store
    if (!this.allow(sender)) return fail("tooMany");
    // issue 11: a Kayanak board's request, checked and played by the Kayanak host
    if (parsed.value.type === "kayanak")
      return kayanakIntent(this.port, this.kayanak(), parsed.value, sender);
    try {
      return await this.dispatch(parsed.value, sender, deadline);
    } catch (e) {
      return fail("failed", "", String((e as Error).message));
    }
  }

  /**
   * Until when a change may still start (Date.now() on this client): the sender's wait (User#query
   * hands the handler the caller's `{timeout}`, v13 client/documents/collections/users.mjs
   * #handleUserQuery) less a margin for the write and the reply's trip. A change not started by
   * then is refused, so a player never sees "no reply" for a change that lands afterwards
   * (issue 20 item 9).
   */
  private replyBy(options: unknown): number {
    const t = (options as { timeout?: unknown } | null | undefined)?.timeout;
    const wait = typeof t === "number" && Number.isFinite(t) && t > 0 ? t : DEFAULT_QUERY_MS;
    return this.now() + wait - Math.min(REPLY_MARGIN_MS, wait / 4);
  }

  private async dispatch(
    intent: PlayerIntent,
    sender: string,
    deadline = Number.POSITIVE_INFINITY,
  ): Promise<Reply<unknown>> {
    // answered from the record once a resolution under way has written it (LakeHost#settled)
    await this.host.settled(intent.lake);
    const l = await this.lake(intent.lake);
    if (!l.ok) return l;
    const { session, pub, record } = l.value;
    const round = session.state.round + 1;
    if (intent.type === "checks") return this.owed(intent.round, sender, l.value);
    if (intent.type === "kayanak") return fail("badIntent", "type");
    if (intent.type === "rolled") {
      const m = this.port.message(intent.messageId);
      if (!m) return fail("unknownMessage", "messageId");
      // only the roll's author (or a GM) may point at it, and the answer says whether it counted,
      // never what it rolled: a blind roll stays unknown to everyone but the GM
      const isGm = this.port.users().some((u) => u.id === sender && u.isGM);
      if (authorOf(m) !== sender && !isGm) return fail("notOwner", "messageId");
      const r = await this.pickUp(m, intent.kind);
      if (!r) return fail("notACheck", "messageId");
      return r.ok ? { ok: true, value: { counted: true } } : r;
    }
    if (!pub.fishers.some((f) => f.id === intent.fisher)) return fail("unknownFisher", "fisher");
    if (!this.owns(sender, pub, intent.fisher)) return fail("notOwner", "fisher");
    if (intent.type === "view") {
      const mine = record.pending.actions[intent.fisher];
      const why = pendingCannotAct(session.state, record.pending, intent.fisher);
      const desk: FisherDesk = {
        view: aliasView(
          viewFor(session.state, { fisher: intent.fisher }),
          this.host.alias(intent.lake),
        ),
        round,
        // a round waiting for a hazard choice takes no declaration either (issue 20 item 9)
        locked: !!record.pending.locked || !!record.pending.awaiting,
        ...(mine ? { mine } : {}),
        ...(why !== undefined ? { cannotAct: why } : {}),
      };
      return { ok: true, value: desk };
    }
    if (intent.round !== round) return fail("staleRound", "round");
    // in turn with lock(): a declaration is either in before the lock or refused after it (the
    // lake host checks the record's lock inside the lake's queue)
    return this.serial(async () => {
      // ownership and the round were checked above; the lake host checks the rest (K5), the
      // change budget included: the record counts a fisher's changes, so a reload renews none
      const r = await this.host.setDeclaration(
        intent.lake,
        intent.fisher,
        intent.type === "declare" ? intent.declaration : null,
        intent.round,
        () => this.now() <= deadline,
        CHANGES_PER_ROUND,
      );
      return r.ok ? { ok: true, value: r.value } : r;
    });
  }

  /** K6: the checks the sender owes for the locked round, from the GM record. */
  private owed(
    round: number,
    sender: string,
    l: { pub: PublicLake; record: GmRecord; session: { state: { round: number } } },
  ): Reply<OwedCheck[]> {
    if (round <= l.session.state.round) return fail("staleRound", "round");
    if (round !== l.session.state.round + 1 || !l.record.pending.locked)
      return fail("notLocked", "round");
    const out: OwedCheck[] = [];
    for (const f of l.pub.fishers) {
      const d = l.record.pending.actions[f.id];
      if (!f.actorId || !d || !this.owns(sender, l.pub, f.id)) continue;
      out.push({
        fisher: f.id,
        actorId: f.actorId,
        kind: checkFor(d),
        rolled: !!l.record.pending.totals[f.id],
      });
    }
    return { ok: true, value: out };
  }

  // ---- locking and the roll card --------------------------------------------------------

  /**
   * K6: locks the round. The lock is written into the GM record (declarations close), and one
   * roll card listing each declared fisher's check rolls forward from it (core/commit.ts).
   */
  async lock(lakeId: string): Promise<Reply<{ messageId: string; round: number }>> {
    if (!this.host.isAuthority()) return fail("notActiveGm");
    return this.serial(async () => {
      const l = await this.lake(lakeId);
      if (!l.ok) return l;
      const { session, pub, record } = l.value;
      if (session.state.over) return fail("gameOver");
      const round = session.state.round + 1;
      if (record.pending.locked) return fail("locked", "round");
      const rows: CardRow[] = session.state.fishers
        .filter((f) => record.pending.actions[f.id])
        .map((f) => ({
          fisher: f.id,
          status: record.pending.totals[f.id] ? "entered" : "waiting",
        }));
      const flag: ChecksFlag = { kind: "checks", lake: lakeId, round, rows };
      const content = await this.renderCard(pub, flag);
      const r = await this.host.lockRound(lakeId, round, {
        content,
        speaker: { alias: pub.name },
        flags: { [MODULE_ID]: flag },
      });
      if (!r.ok) return r;
      // the card is posted once the record holds the lock; it may come later (a reconcile)
      return { ok: true, value: { messageId: this.cardOf(lakeId, round)?.id ?? "", round } };
    });
  }

  async renderCard(pub: PublicLake, flag: ChecksFlag): Promise<string> {
    const t = this.port.localize.bind(this.port);
    const name = (id: string) => pub.fishers.find((f) => f.id === id)?.name ?? id;
    return this.port.render(ROLL_CARD, {
      title: t("KOLIKOLY.Players.Card.Title", { lake: pub.name, round: flag.round }),
      intro: t(flag.closed ? "KOLIKOLY.Players.Card.Closed" : "KOLIKOLY.Players.Card.Intro"),
      closed: !!flag.closed,
      lake: flag.lake,
      round: flag.round,
      rows: flag.rows.map((r) => ({
        fisher: r.fisher,
        name: name(r.fisher),
        status: r.status,
        statusLabel: t(`KOLIKOLY.Players.Card.Status.${r.status}`),
        waiting: r.status === "waiting",
        rollLabel: t("KOLIKOLY.Players.Card.Roll", { name: name(r.fisher) }),
      })),
    });
  }

  private async setRow(
    lakeId: string,
    round: number,
    fisher: string,
    status: RowStatus,
    closed?: boolean,
  ): Promise<void> {
    const card = this.cardOf(lakeId, round);
    const flag = card && checksFlagOf(card);
    if (!card || !flag) return;
    const l = await this.lake(lakeId);
    if (!l.ok) return;
    const next: ChecksFlag = {
      ...flag,
      rows: flag.rows.map((r) => (r.fisher === fisher ? { ...r, status } : r)),
      ...(closed ? { closed } : {}),
    };
    const content = await this.renderCard(l.value.pub, next);
    await this.port.updateMessage(card.id, { content, flags: { [MODULE_ID]: next } });
  }

  // ---- picking rolls up -----------------------------------------------------------------

  /**
   * A roll message, if it is a fisher's check for the locked round: counted once. The author
   * (set by the server) must own the fisher's actor; the message must come after the round's roll
   * card and any request mark in it must name this round and fisher; its dice must add up
   * (roll-integrity.ts); its kind must be the declared action's check. A refusal the GM should
   * know of (integrity, not a roll of another skill) is shown to the GM with its fisher, message
   * and reason (issue 10 item 4).
   */
  pickUp(message: PlayerMessage, hint?: CheckKind): Promise<Reply<PickedRoll> | undefined> {
    return this.serial(async () => {
      if (!this.authority() || checksFlagOf(message)) return undefined;
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
    const adapter = this.adapter();
    const read = adapter.readMessage(message, (id) => this.port.actor(id));
    if (read || !hint || adapter.knowsShape?.(message) !== false) return read;
    const actorId = speakerActorId(message);
    const out = outcomeOf(message.rolls?.[0], message.id);
    return actorId && out ? pickedRoll(actorId, hint, out) : null;
  }

  /** Every open card may want the roll: the first that counts it wins, else the first refusal. */
  private async readRoll(message: PlayerMessage, hint?: CheckKind): Promise<Counted | undefined> {
    const picked = this.readCheck(message, hint);
    if (!picked) return undefined;
    const list = this.port.messageList();
    let refused: Counted | undefined;
    for (const card of list) {
      const flag = checksFlagOf(card);
      if (!flag || flag.closed || !this.byGm(card)) continue;
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
    const l = await this.lake(flag.lake);
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
    if (!author || !this.owns(author, pub, fisher.id)) return refuse("notOwner");
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
    if (w.length === 1 && w[0] === author && !this.port.users().find((u) => u.id === author)?.isGM)
      return refuse("selfRoll");
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
    const actor = this.port.actor(picked.actorId);
    const fixed = actor ? this.adapter().fixedCheck?.(actor, picked.kind) : undefined;
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
    // the check as the engine will ask it, its rules' modifiers (H4's -4) added to the system's roll
    const total = who ? systemAnswer(checkRequest(who, d.action), v).total : v.total;
    const set = await this.host.setTotal(
      flag.lake,
      fisher.id,
      v.natural === undefined ? { total } : { total, natural: v.natural },
    );
    if (!set.ok) return { reply: set };
    await this.setRow(flag.lake, flag.round, fisher.id, "rolled");
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
      c.reason && this.port.hasKey(`KOLIKOLY.Players.Refusal.${c.reason}`) ? c.reason : code;
    const data = {
      fisher: c.fisher ?? "?",
      lake: c.lake ?? "?",
      message: message.id,
      reason: this.port.localize(`KOLIKOLY.Players.Refusal.${reason}`, c.data),
    };
    // one line a sender on the GM's screen, its count rising: sixty forged rolls are one line
    const author = authorOf(message) ?? "?";
    const count = (this.refusedBy.get(author) ?? 0) + 1;
    this.refusedBy.set(author, count);
    const user = this.port.users().find((u) => u.id === author)?.name ?? author;
    this.port.alertGm(
      count === 1
        ? this.port.localize("KOLIKOLY.Players.Refused", data)
        : this.port.localize("KOLIKOLY.Players.RefusedMany", {
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
    if (!this.authority()) return;
    const list = this.port.messageList();
    for (const [i, card] of list.entries()) {
      const flag = checksFlagOf(card);
      if (!flag || flag.closed || !this.byGm(card)) continue;
      for (const m of list.slice(i + 1)) await this.pickUp(m);
    }
  }

  // ---- the GM's own controls ------------------------------------------------------------

  /** K6: the GM types a total for a fisher (an absent player, a physical die). */
  async enterTotal(
    lakeId: string,
    fisher: string,
    total: number,
    natural?: number,
  ): Promise<Reply<true>> {
    if (!this.host.isAuthority()) return fail("notActiveGm");
    return this.serial(async () => {
      const l = await this.lake(lakeId);
      if (!l.ok) return l;
      const round = l.value.session.state.round + 1;
      if (!l.value.record.pending.locked) return fail("notLocked", "round");
      const r = await this.host.setTotal(
        lakeId,
        fisher,
        natural === undefined ? { total } : { total, natural },
      );
      if (!r.ok) return r;
      await this.setRow(lakeId, round, fisher, "entered");
      return { ok: true, value: true };
    });
  }

  /**
   * The GM rolls a fisher's check through the system for an absent player (the GM's roll mode, or
   * the hidden-actions setting's when that is more private).
   */
  async rollFor(lakeId: string, fisher: string): Promise<Reply<PickedRoll>> {
    if (!this.host.isAuthority()) return fail("notActiveGm");
    const l = await this.lake(lakeId);
    if (!l.ok) return l;
    const round = l.value.session.state.round + 1;
    const f = l.value.pub.fishers.find((x) => x.id === fisher);
    const d = l.value.record.pending.actions[fisher];
    const actor = f?.actorId ? this.port.actor(f.actorId) : undefined;
    if (!f || !d || !actor) return fail("unknownFisher", "fisher");
    if (!l.value.record.pending.locked) return fail("notLocked", "round");
    const kind = checkFor(d);
    const out = await this.adapter().roll(actor, kind, {
      ...rollWords(this.port),
      fastForward: true,
      rollMode: moreHidden(this.port.rollMode(), this.hidden()),
      request: { round, fisher, kind },
      flavor: this.port.localize(`KOLIKOLY.Players.Check.${kind}`),
      core: this.port.coreRoll,
    });
    if (!out) return fail("cancelled");
    // the created message reaches this client's createChatMessage hook, which counts it; a
    // system that returns the message id gets it read here too (the same message counts once)
    const m = out.messageId ? this.port.message(out.messageId) : undefined;
    const r = m ? await this.pickUp(m) : undefined;
    return r ?? { ok: true, value: { ...out, actorId: actor.id ?? "", kind } };
  }

  /**
   * The fisher rolls the engine asks for during resolution, through the game system (wraps the
   * core Foundry dice driver; LakeHost.wrapDriver): K7 initiative (dnd5e `getInitiativeRoll`,
   * pf2e Perception), K9 the net attack of a Track or Move 17+, and K6 a check no one rolled or
   * typed (the GM rolls for the absent player). Each is posted as the system posts it (these
   * rolls are public). Roll-offs, damage, exploration and every GM-only roll stay with the core
   * driver. The kolikoly.preRoll / kolikoly.roll hooks fire around it as around the core driver.
   */
  /** Roll messages the system posted while a resolution ran, by lake (settleResolution). */
  private readonly resolutionRolls = new Map<string, string[]>();

  /**
   * A resolution ended: committed, its roll messages are the round's; not committed (vetoed,
   * refused, failed), they are taken back, so chat holds no check or initiative of a round that
   * never happened.
   */
  async settleResolution(lakeId: string, committed: boolean): Promise<void> {
    const ids = this.resolutionRolls.get(lakeId) ?? [];
    this.resolutionRolls.delete(lakeId);
    if (committed || ids.length === 0) return;
    try {
      await this.port.write([{ kind: "chat.delete", ids }]);
    } catch (e) {
      console.warn("kolikoly-fishing | the rolls of an abandoned resolution stay in chat", e);
    }
  }

  driver(base: AsyncDriver, lakeId: string): AsyncDriver {
    return {
      roll: async (request: RollRequest): Promise<RollAnswer> => {
        const [prefix, fisher] = request.key.split(":");
        if (!request.fisher || fisher !== request.fisher) return base.roll(request);
        const l = await this.lake(lakeId);
        if (!l.ok) return base.roll(request);
        const d = l.value.record.pending.actions[fisher];
        // K7 initiative; K9 a Track or Move 17+ attack with the net; K6 a check nobody rolled
        const kind: CheckKind | undefined =
          prefix === "initiative"
            ? "initiative"
            : prefix === "attack"
              ? "attack"
              : prefix === "check" && d
                ? checkFor(d)
                : undefined;
        const f = l.value.pub.fishers.find((x) => x.id === fisher);
        const actor = f?.actorId ? this.port.actor(f.actorId) : undefined;
        if (!kind || !actor) return base.roll(request);
        allowRoll(this.port, request);
        const out = await this.adapter().roll(actor, kind, {
          ...rollWords(this.port),
          fastForward: true,
          rollMode: "publicroll",
          request: { round: l.value.session.state.round + 1, fisher, kind, resolving: true },
          flavor: this.port.localize(`KOLIKOLY.Players.Check.${kind}`),
          core: this.port.coreRoll,
        });
        if (!out) return base.roll(request);
        if (out.messageId)
          this.resolutionRolls.set(lakeId, [
            ...(this.resolutionRolls.get(lakeId) ?? []),
            out.messageId,
          ]);
        // the engine adds the rules' modifiers a system's roll lacks (H4's -4 on a thrown check)
        const answer = systemAnswer(request, out);
        this.port.callAllHook(HOOK.roll, request, answer);
        return answer;
      },
    };
  }

  /** Marks a resolved round's card closed (no buttons). */
  private async closeCard(lakeId: string, round: number): Promise<void> {
    const card = this.cardOf(lakeId, round);
    const flag = card && checksFlagOf(card);
    if (!card || !flag || flag.closed) return;
    const l = await this.lake(lakeId);
    if (!l.ok) return;
    const next: ChecksFlag = { ...flag, closed: true };
    await this.port.updateMessage(card.id, {
      content: await this.renderCard(l.value.pub, next),
      flags: { [MODULE_ID]: next },
    });
  }

  /** Resolves the round if it is still `round` (compare-and-set: no round is resolved twice). */
  async resolve(lakeId: string, round: number): Promise<Reply<{ round: number }>> {
    if (!this.host.isAuthority()) return fail("notActiveGm");
    const l = await this.lake(lakeId);
    if (!l.ok) return l;
    if (l.value.session.state.round + 1 !== round) return fail("staleRound", "round");
    // checked again inside the lake's guard: another resolution may land in between
    const r = await this.host.resolveRound(lakeId, round);
    if (!r.ok) return r;
    await this.idle(); // the roundResolved hook closes the card
    return { ok: true, value: { round: r.value.round } };
  }
}

export type { RuleError };
