/**
 * Fair dice on the round card, checked on each client (the construction: dice/fair.ts). A
 * resolved round's card names each fair check's draw (fishing/fair-record.ts `cardFairEntries`)
 * and the chat message of its roll; every client, a player's as much as the GM's, checks the
 * roll it holds against that draw itself, and the card says what it found: a player need not
 * take anyone's word for it.
 */
import { revealOf, rollJson } from "../../dice/fair.ts";
import { checkFairRoll } from "../../dice/fair-check.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { CardFairEntry } from "../fishing/fair-record.ts";
import type { MessageLike } from "../systems/types.ts";

type L = (key: string, data?: Readonly<Record<string, string>>) => string;

/** What one fair check of a round card comes to on this client. */
export interface FairProofLine {
  readonly fisher: string;
  readonly ok: boolean;
  readonly text: string;
}

/**
 * Each entry of a round card checked against the roll message this client holds: checked (how
 * many dice), withheld (the round counted a natural 1), or not checkable here and why.
 */
export function fairProofLines(
  entries: readonly CardFairEntry[],
  lake: string,
  round: number,
  message: (id: string) => MessageLike | undefined,
  name: (fisher: string) => string,
  t: L,
): FairProofLine[] {
  return entries.map((e) => {
    const fisher = name(e.fisher);
    if (e.withheld)
      return {
        fisher: e.fisher,
        ok: true,
        text: t("KOLIKOLY.Players.FairProof.Withheld", { fisher }),
      };
    // judged as its data: a message's rolls are live Rolls on a client, whose terms name their
    // class only in toJSON (v13 client/dice/terms/term.mjs RollTerm#toJSON)
    const roll = e.message ? rollJson(message(e.message)?.rolls?.[0]) : undefined;
    const reveal = roll ? revealOf(roll, MODULE_ID) : undefined;
    if (!roll || !reveal)
      return {
        fisher: e.fisher,
        ok: false,
        text: t("KOLIKOLY.Players.FairProof.Missing", { fisher }),
      };
    const check = { lake, round, fisher: e.fisher, kind: reveal.kind };
    const v = checkFairRoll(roll, check, e, reveal.secret);
    return v.ok
      ? {
          fisher: e.fisher,
          ok: true,
          text: t("KOLIKOLY.Players.FairProof.Checked", { fisher, dice: String(v.dice) }),
        }
      : {
          fisher: e.fisher,
          ok: false,
          text: t("KOLIKOLY.Players.FairProof.Failed", {
            fisher,
            reason: t(`KOLIKOLY.Players.Refusal.${v.reason}`, { ...v.data, fisher }),
          }),
        };
  });
}

/** The card's fair dice list, appended under its lines (once). */
export function appendFairProof(
  html: HTMLElement,
  heading: string,
  lines: readonly FairProofLine[],
) {
  if (!lines.length || html.querySelector(".kolikoly-card-fair")) return;
  const doc = html.ownerDocument;
  const box = doc.createElement("section");
  box.className = "kolikoly-card-fair";
  const h = doc.createElement("p");
  h.className = "kolikoly-card-fair-heading";
  h.textContent = heading;
  const list = doc.createElement("ul");
  for (const l of lines) {
    const li = doc.createElement("li");
    li.className = l.ok ? "kolikoly-fair-ok" : "kolikoly-fair-bad";
    li.textContent = l.text;
    list.append(li);
  }
  box.append(h, list);
  (html.querySelector(".message-content") ?? html).append(box);
}
