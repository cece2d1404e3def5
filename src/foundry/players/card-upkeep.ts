/**
 * K6: what the round's roll card shows. One card a locked round, written by a GM client: who
 * rolls (never what or how much), each row's status as the rolls come in, closed once the round
 * is resolved. A card a player creates with the same flag is nobody's card.
 */
import { MODULE_ID } from "../core/constants.ts";
import type { PublicLake } from "../fishing/projection.ts";
import type { DeskParts } from "./desk-parts.ts";
import type { PlayerMessage } from "./port.ts";
import type { ChecksFlag, RowStatus } from "./roll-card.ts";
import { ROLL_CARD, checksFlagOf } from "./roll-card.ts";

export class CardUpkeep {
  constructor(private readonly d: Pick<DeskParts, "port" | "byGm" | "lake">) {}

  /**
   * The open roll card of a round, written by a GM client: a card a player creates with the same
   * flag is nobody's card. A closed card of the same round number is history: the GM undid that
   * round, and the round played again is locked afresh. Whether a round is locked is the GM
   * record's to say (`pending.locked`), never a card's existence.
   */
  cardOf(lakeId: string, round: number): PlayerMessage | undefined {
    return this.d.port.messageList().find((m) => {
      const f = checksFlagOf(m);
      return f?.lake === lakeId && f.round === round && !f.closed && this.d.byGm(m);
    });
  }

  async render(pub: PublicLake, flag: ChecksFlag): Promise<string> {
    const t = this.d.port.localize.bind(this.d.port);
    const name = (id: string) => pub.fishers.find((f) => f.id === id)?.name ?? id;
    return this.d.port.render(ROLL_CARD, {
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

  async setRow(
    lakeId: string,
    round: number,
    fisher: string,
    status: RowStatus,
    closed?: boolean,
  ): Promise<void> {
    const card = this.cardOf(lakeId, round);
    const flag = card && checksFlagOf(card);
    if (!card || !flag) return;
    const l = await this.d.lake(lakeId);
    if (!l.ok) return;
    const next: ChecksFlag = {
      ...flag,
      rows: flag.rows.map((r) => (r.fisher === fisher ? { ...r, status } : r)),
      ...(closed ? { closed } : {}),
    };
    const content = await this.render(l.value.pub, next);
    await this.d.port.updateMessage(card.id, { content, flags: { [MODULE_ID]: next } });
  }

  /** Marks a resolved round's card closed (no buttons). */
  async close(lakeId: string, round: number): Promise<void> {
    const card = this.cardOf(lakeId, round);
    const flag = card && checksFlagOf(card);
    if (!card || !flag || flag.closed) return;
    const l = await this.d.lake(lakeId);
    if (!l.ok) return;
    const next: ChecksFlag = { ...flag, closed: true };
    await this.d.port.updateMessage(card.id, {
      content: await this.render(l.value.pub, next),
      flags: { [MODULE_ID]: next },
    });
  }
}
