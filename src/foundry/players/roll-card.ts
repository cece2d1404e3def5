/**
 * The public roll card of a locked round (issue 4): its flag and its template, read by every
 * client (the players' desk picks a check up from it, players/client.ts; the card's buttons,
 * hooks/players.ts). The GM desk that writes it (desk.ts) is in the GM desk's chunk (issue 23).
 */
import { MODULE_ID, TEMPLATE_ROOT } from "../core/constants.ts";

export type RowStatus = "waiting" | "rolled" | "entered";

export interface CardRow {
  readonly fisher: string;
  readonly status: RowStatus;
}

/** The roll card's flag: public (who rolls and whether they have), never a check kind or a total. */
export interface ChecksFlag {
  readonly kind: "checks";
  readonly lake: string;
  readonly round: number;
  readonly rows: readonly CardRow[];
  readonly closed?: boolean;
  /** The lake rolls with fair dice (players/fair-dice.ts): the players' clients draw theirs. */
  readonly fair?: boolean;
}

export const ROLL_CARD = `${TEMPLATE_ROOT}/players/roll-card.hbs`;

export function checksFlagOf(m: {
  flags?: Readonly<Record<string, unknown>>;
}): ChecksFlag | undefined {
  const f = m.flags?.[MODULE_ID] as ChecksFlag | undefined;
  return f && f.kind === "checks" && typeof f.lake === "string" && Array.isArray(f.rows)
    ? f
    : undefined;
}
