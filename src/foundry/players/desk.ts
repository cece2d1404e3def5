/**
 * The GM's side of the players' table, on the active GM's client only: what a player may ask
 * and what the GM's controls do. Here:
 * - the players' query handler: every intent attested (attest.ts), its sender within budget,
 *   checked against the lake's GM record (ownership from Foundry's actor permissions first, then
 *   the round number and the lock), then handed to the lake host, which keeps declarations in
 *   the GM store only (K5);
 * - locking a round (K6), the GM's typed totals, resolving.
 * Its pieces, each named for what it decides: which roll counts (roll-pickup.ts), what the roll
 * card shows (card-upkeep.ts), the rolls the GM's client makes (gm-rolls.ts).
 */
import type { AsyncDriver, RuleError } from "../../rules/index.ts";
import { pendingCannotAct, viewFor } from "../../rules/index.ts";
import { HOOK, MODULE_ID } from "../core/constants.ts";
import { aliasView } from "../fishing/aliases.ts";
import type { PublicLake } from "../fishing/projection.ts";
import type { LakeHost } from "../fishing/host.ts";
import type { GmRecord } from "../fishing/record.ts";
import type { CheckKind, PickedRoll, RollAdapter } from "../systems/types.ts";
import type { KayanakHosting } from "../kayanak/requests.ts";
import { kayanakIntent } from "../kayanak/requests.ts";
import type { KeyRing } from "./attest.ts";
import { CardUpkeep } from "./card-upkeep.ts";
import { FairDraws } from "./fair-draws.ts";
import type { DeskParts } from "./desk-parts.ts";
import { GmRolls } from "./gm-rolls.ts";
import type { HiddenMode } from "./hidden-actions.ts";
import type { PlayerMessage, PlayerPort } from "./port.ts";
import type { FisherDesk, OwedCheck, PlayerIntent, Reply } from "./protocol.ts";
import { fail, parseIntent } from "./protocol.ts";
import type { CardRow, ChecksFlag, RowStatus } from "./roll-card.ts";
import { ROLL_CARD, checksFlagOf } from "./roll-card.ts";
import { RollPickup, authorOf, checkFor } from "./roll-pickup.ts";

export type { CardRow, ChecksFlag, RowStatus };
export { ROLL_CARD, authorOf, checkFor, checksFlagOf };

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

const NO_KAYANAK = (): KayanakHosting => {
  throw new Error("no Kayanak host");
};

export class GmDesk implements DeskParts {
  private chain = Promise.resolve() as Promise<unknown>;
  /** What the round's roll card shows (card-upkeep.ts). */
  private readonly cards = new CardUpkeep(this);
  /** Which roll message counts (roll-pickup.ts). */
  private readonly pickup = new RollPickup(this);
  /** The rolls this GM client makes through the system (gm-rolls.ts). */
  private readonly rolls = new GmRolls(this);
  /** Fair dice: the players' draws, and their rolls checked against them (fair-draws.ts). */
  readonly fair: FairDraws = new FairDraws(this);

  constructor(
    readonly port: PlayerPort,
    readonly host: LakeHost,
    private readonly keys: KeyRing,
    readonly adapter: () => RollAdapter,
    /** The world's hidden-actions setting (issue 10 item 6): a private mode for checks, or off. */
    readonly hidden: () => HiddenMode | undefined = () => undefined,
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

  /** Whether this client is the active GM (false while it is logged out). */
  authority(): boolean {
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
      await this.serial(() => this.cards.close(d.lakeId!, d.round!));
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
  serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.catch(() => undefined).then(fn);
    this.chain = next;
    return next;
  }

  async lake(lakeId: string) {
    const l = await this.host.load(lakeId);
    return l;
  }

  owns(user: string, pub: PublicLake, fisher: string): boolean {
    const f = pub.fishers.find((x) => x.id === fisher);
    return !!f?.actorId && this.port.ownersOf(f.actorId).includes(user);
  }

  /** Whether a message was written by a GM client (its author as the server recorded it). */
  byGm(m: PlayerMessage): boolean {
    const author = authorOf(m);
    return !!author && this.port.users().some((u) => u.id === author && u.isGM);
  }

  /** The open roll card of a round, written by a GM client (card-upkeep.ts). */
  cardOf(lakeId: string, round: number): PlayerMessage | undefined {
    return this.cards.cardOf(lakeId, round);
  }

  renderCard(pub: PublicLake, flag: ChecksFlag): Promise<string> {
    return this.cards.render(pub, flag);
  }

  setRow(lakeId: string, round: number, fisher: string, status: RowStatus): Promise<void> {
    return this.cards.setRow(lakeId, round, fisher, status);
  }

  /** A roll message, if it is a fisher's check for the locked round: counted once (roll-pickup.ts). */
  pickUp(message: PlayerMessage, hint?: CheckKind): Promise<Reply<PickedRoll> | undefined> {
    return this.pickup.pickUp(message, hint);
  }

  /** Reads every message since the open cards again (after a hand-over; idempotent). */
  rescan(): Promise<void> {
    return this.pickup.rescan();
  }

  /** The GM rolls a fisher's check through the system for an absent player (gm-rolls.ts). */
  rollFor(lakeId: string, fisher: string): Promise<Reply<PickedRoll>> {
    return this.rolls.rollFor(lakeId, fisher);
  }

  /** A resolution ended: its system rolls kept, or taken back if not committed (gm-rolls.ts). */
  settleResolution(lakeId: string, committed: boolean): Promise<void> {
    return this.rolls.settleResolution(lakeId, committed);
  }

  /** The fisher rolls the engine asks for during resolution, through the system (gm-rolls.ts). */
  driver(base: AsyncDriver, lakeId: string): AsyncDriver {
    return this.rolls.driver(base, lakeId);
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
    // fair dice: the nonce is answered once the record holds the commitment (fair-draws.ts)
    if (intent.type === "draw")
      return this.serial(() =>
        this.fair.draw(intent, sender, l.value, () => this.now() <= deadline),
      );
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
      const flag: ChecksFlag = {
        kind: "checks",
        lake: lakeId,
        round,
        rows,
        ...(pub.fairDice ? { fair: true } : {}),
      };
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
