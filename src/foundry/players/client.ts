/**
 * A player's side of the table (issue 4): intents to the active GM with the attestation, the
 * roll buttons of the roll card, and sheet rolls noticed by the system's own hooks (dnd5e
 * `rollSkillV2` / `rollAttackV2`). Nothing here decides anything: the active GM does.
 */
import type { RuleError } from "../../rules/index.ts";
import type { MessageLike, PickedRoll, RollAdapter } from "../systems/types.ts";
import type { Credential } from "./attest.ts";
import { FairDice } from "./fair-dice.ts";
import { checksFlagOf } from "./roll-card.ts";
import type { HiddenMode } from "./hidden-actions.ts";
import { fieldsOf, modeOfMessage, moreHidden } from "./hidden-actions.ts";
import type { PlayerPort } from "./port.ts";
import { rollWords } from "./port.ts";
import type { FisherDesk, OwedCheck, PlayerIntent, Reply } from "./protocol.ts";
import { PLAYER_QUERY, errorKey, fail } from "./protocol.ts";

type Distribute<T> = T extends unknown ? Omit<T, "type"> : never;
type Args<K extends PlayerIntent["type"]> = Distribute<Extract<PlayerIntent, { type: K }>>;

/**
 * How long a player's client waits for the active GM's reply (User#query's `timeout`, given
 * explicitly: the GM's handler is told it and answers in time or refuses, issue 20 item 9).
 */
export const INTENT_TIMEOUT_MS = 10_000;

export class PlayerDesk {
  /** The wait for each reply (tests shorten it). */
  timeoutMs = INTENT_TIMEOUT_MS;
  /** Fair dice on this client (fair-dice.ts). */
  readonly fair: FairDice;

  constructor(
    readonly port: PlayerPort,
    private readonly credential: Credential,
    private readonly adapter: () => RollAdapter,
    /** The world's hidden-actions setting (issue 10 item 6): a private mode for checks, or off. */
    private readonly hidden: () => HiddenMode | undefined = () => undefined,
  ) {
    this.fair = new FairDice(port, this, adapter);
  }

  /** Sends one intent to the active GM; a refusal comes back as a typed error, never a throw. */
  async send<T>(intent: PlayerIntent): Promise<Reply<T>> {
    const gm = this.port.activeGmId();
    if (!gm) return fail("noActiveGm");
    try {
      const auth = await this.credential.auth();
      const reply = (await this.port.query(
        gm,
        PLAYER_QUERY,
        { ...intent, auth },
        { timeout: this.timeoutMs },
      )) as Reply<T> | undefined;
      if (!reply || typeof reply !== "object" || typeof reply.ok !== "boolean")
        return fail("noReply");
      return reply;
    } catch (e) {
      return fail("noReply", "", String((e as Error).message));
    }
  }

  view(a: Args<"view">): Promise<Reply<FisherDesk>> {
    return this.send({ type: "view", ...a });
  }
  declare(a: Args<"declare">): Promise<Reply<unknown>> {
    return this.send({ type: "declare", ...a });
  }
  withdraw(a: Args<"withdraw">): Promise<Reply<unknown>> {
    return this.send({ type: "withdraw", ...a });
  }
  checks(a: Args<"checks">): Promise<Reply<OwedCheck[]>> {
    return this.send({ type: "checks", ...a });
  }
  /** Issue 11: a Kayanak request (roll, step, end) for a fisher this player owns. */
  kayanak(a: Args<"kayanak">): Promise<Reply<unknown>> {
    return this.send({ type: "kayanak", ...a });
  }

  /** The localized text of an error, for this player (ui.notifications). */
  errorText(error: RuleError): string {
    const key = errorKey(error.code, (k) => this.port.hasKey(k));
    return this.port.localize(key, {
      code: error.code,
      field: error.field,
      message: error.message,
    });
  }

  /** Shows an error to this player; returns the reply for chaining. */
  report<T>(reply: Reply<T>): Reply<T> {
    if (!reply.ok) this.port.notifyError(this.errorText(reply.error));
    return reply;
  }

  /**
   * The roll card's button: the GM says which checks this player owes (only for fishers they
   * own), and each is rolled through the system with the player's roll mode, or the hidden-actions
   * setting's mode when that is more private.
   */
  async rollFromCard(lake: string, round: number, fisher?: string): Promise<Reply<number>> {
    const owed = await this.checks({ lake, round });
    if (!owed.ok) return this.report(owed);
    // fair dice: the card says so (a GM wrote it); a die this client sends elsewhere (manual
    // entry, physical dice) would never be the fair one, so the player is told before rolling
    const fair = this.port.messageList().some((m) => {
      const f = checksFlagOf(m);
      return f?.lake === lake && f.round === round && f.fair === true;
    });
    if (fair && this.fair.elsewhere()) {
      this.port.notifyError(this.fairElsewhereText());
      return { ok: true, value: 0 };
    }
    let rolled = 0;
    for (const c of owed.value) {
      if (c.rolled || (fisher && c.fisher !== fisher)) continue;
      const actor = this.port.actor(c.actorId);
      if (!actor) continue;
      const roll = () =>
        this.adapter().roll(actor, c.kind, {
          ...rollWords(this.port),
          rollMode: moreHidden(this.port.rollMode(), this.hidden()),
          request: { round, fisher: c.fisher, kind: c.kind },
          flavor: this.port.localize(`KOLIKOLY.Players.Check.${c.kind}`),
          core: this.port.coreRoll,
        });
      const check = { lake, round, fisher: c.fisher, kind: c.kind, actorId: c.actorId };
      const out = fair ? await this.fair.rollingCheck(check, roll) : await roll();
      if (!out) continue;
      rolled += 1;
      if (out.messageId)
        this.report(await this.send({ type: "rolled", lake, round, messageId: out.messageId }));
    }
    return { ok: true, value: rolled };
  }

  /**
   * A roll made on this client through the system's own hooks (a sheet roll): if an open roll
   * card lists a fisher of that actor, the GM is told which message holds it. A self roll is
   * whispered to this user alone, so the GM cannot read it: the player is told so.
   */
  async sheetRoll(picked: PickedRoll): Promise<void> {
    const me = this.port.me();
    const m = picked.messageId ? this.port.message(picked.messageId) : undefined;
    const self = m
      ? !me.isGM && m.whisper?.length === 1 && m.whisper[0] === me.id
      : this.port.rollMode() === "selfroll";
    if (self) {
      this.port.notifyError(this.port.localize("KOLIKOLY.Players.SelfRoll"));
      return;
    }
    if (!picked.messageId) return; // the GM reads the message when it is created (createChatMessage)
    for (const card of this.port.messageList()) {
      const flag = checksFlagOf(card);
      if (!flag || flag.closed) continue;
      await this.send({
        type: "rolled",
        lake: flag.lake,
        round: flag.round,
        messageId: picked.messageId,
        // the check the system's hook named: the GM reads it where the message's shape is unknown
        kind: picked.kind,
      });
    }
  }

  /**
   * `preCreateChatMessage` on this (a player's) client, with the hidden-actions setting on: a
   * check the module reads (Survival, Stealth, Animal Handling or Nature, a net attack) made while
   * a roll card is open is posted in the setting's private mode, whatever mode the sheet used;
   * a more private roll, a self roll, and a GM's roll are left as they are. The whisper and blind
   * fields to set, or undefined.
   */
  hiddenFields(message: MessageLike): { whisper: string[]; blind: boolean } | undefined {
    const hidden = this.hidden();
    const me = this.port.me();
    if (!hidden || me.isGM || !message.rolls?.length) return undefined;
    const mode = modeOfMessage(message, me);
    if (moreHidden(mode, hidden) === mode) return undefined;
    const picked = this.adapter().readMessage(message, (id) => this.port.actor(id));
    if (!picked || picked.kind === "initiative" || picked.request?.resolving) return undefined;
    const open = this.port.messageList().some((m) => {
      const f = checksFlagOf(m);
      return !!f && !f.closed;
    });
    if (!open) return undefined;
    const gms = this.port
      .users()
      .filter((u) => u.isGM)
      .map((u) => u.id);
    return fieldsOf(moreHidden(mode, hidden) as HiddenMode, gms);
  }

  /** What the player is told when their dice configuration keeps a fair check's dice from the module. */
  fairElsewhereText(): string {
    return this.port.localize("KOLIKOLY.FairDice.Elsewhere", {
      method: this.fair.elsewhere() ?? "?",
    });
  }

  /** Listens to the adapter's after-roll hooks on this client, and hides checks (hiddenFields). */
  listen(): void {
    this.fair.listen();
    // v13 client database backend: ChatMessage#_preCreate applies the roll mode to the source,
    // then preCreateChatMessage(message, data, options, userId) runs on the creating client, whose
    // listeners may change the source with message.updateSource
    this.port.on("preCreateChatMessage", (message) => {
      const m = message as MessageLike & { updateSource?(changes: object): unknown };
      const fields = this.hiddenFields(m);
      if (fields && typeof m.updateSource === "function") m.updateSource(fields);
    });
    for (const hook of this.adapter().rollHooks)
      this.port.on(hook.name, (...args: unknown[]) => {
        const picked = hook.read(...args);
        if (picked) void this.sheetRoll(picked);
      });
  }
}
