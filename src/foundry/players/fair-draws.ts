/**
 * Fair dice on the active GM's client (the construction: dice/fair.ts). A player's client asks
 * for a draw when the roll of its fisher's check starts: the GM's client writes the commitment to
 * the GM record with a nonce it draws itself, and only then answers with the nonce. When the roll
 * comes in, the pick-up (roll-pickup.ts) asks `verdict` whether it is the roll of that draw.
 *
 * The rules this keeps:
 * - one draw per fisher and round: a second commitment is refused (the same one again is a lost
 *   reply, answered with the same nonce), and the GM is told who asked and when the first was;
 * - a draw is made for the declared check of a locked round, by an owner of the fisher;
 * - a roll counts only if it reveals the committed secret, for this lake, round, fisher and
 *   check, and every die is the fair one (fair-check.ts); a GM's own roll is the GM's call.
 */
import type { FairCheck } from "../../dice/fair.ts";
import { NONCE_HEX, randomHex, revealOf, rollJson } from "../../dice/fair.ts";
import { checkFairRoll, compactRoll } from "../../dice/fair-check.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { PublicLake } from "../fishing/projection.ts";
import type { FairProof, GmRecord } from "../fishing/record.ts";
import type { DeskParts, FairJudge, FairRefusal } from "./desk-parts.ts";
import type { FairNonce, PlayerIntent, Reply } from "./protocol.ts";
import { fail } from "./protocol.ts";
import { checkFor } from "./roll-pickup.ts";

type Draw = Extract<PlayerIntent, { type: "draw" }>;

export class FairDraws implements FairJudge {
  constructor(private readonly d: DeskParts) {}

  /**
   * A draw for the sender's fisher (ownership checked by the desk first): recorded, then its
   * nonce answered. `inTime`: whether the sender still waits (a late draw is not written).
   */
  async draw(
    intent: Draw,
    sender: string,
    l: { pub: PublicLake; record: GmRecord; session: { state: { round: number } } },
    inTime: () => boolean,
  ): Promise<Reply<FairNonce>> {
    if (!l.pub.fairDice) return fail("fairOff", "lake");
    if (!l.record.pending.locked) return fail("notLocked", "round");
    const declared = l.record.pending.actions[intent.fisher];
    if (!declared) return fail("noCheck", "fisher");
    const r = await this.d.host.declaring.recordDraw(
      intent.lake,
      intent.round,
      intent.fisher,
      {
        commit: intent.commit,
        // the GM's part, drawn here, after the commitment is in hand and before it is written
        nonce: randomHex(NONCE_HEX),
        shape: intent.shape,
        kind: checkFor(declared),
        user: sender,
        at: this.d.now(),
      },
      inTime,
    );
    if (!r.ok) {
      if (r.error.code === "alreadyDrawn") this.tellRedraw(intent, sender, l);
      return r;
    }
    return { ok: true, value: { nonce: r.value.nonce, at: r.value.at } };
  }

  /**
   * A second draw for a check already drawn: the first stands, and the GM is told (a player who
   * saw their dice and wants others; or a client that lost its secret in a reload).
   */
  private tellRedraw(intent: Draw, sender: string, l: { pub: PublicLake; record: GmRecord }) {
    const first = l.record.pending.draws?.[intent.fisher];
    const port = this.d.port;
    const fisher = l.pub.fishers.find((f) => f.id === intent.fisher)?.name ?? intent.fisher;
    port.alertGm(
      port.localize("KOLIKOLY.Players.FairRedraw", {
        user: port.users().find((u) => u.id === sender)?.name ?? sender,
        fisher,
        lake: l.pub.name,
        time: first ? new Date(first.at).toLocaleTimeString() : "?",
      }),
      `redraw.${intent.lake}.${intent.fisher}`,
    );
  }

  /**
   * Whether a roll posted for `check` is the fair roll of the fisher's draw: its proof (to keep
   * with the total) when it is; why not, otherwise. The roll is judged as its data: a message's
   * rolls are live `Roll`s on a Foundry client, whose terms name their class only in `toJSON`.
   */
  verdict(
    posted: unknown,
    check: FairCheck,
    record: GmRecord,
  ): { ok: true; proof: FairProof } | FairRefusal {
    const roll = rollJson(posted);
    const reveal = revealOf(roll, MODULE_ID);
    if (!reveal)
      return { ok: false, reason: "fairMissing", detail: "the roll carries no fair secret" };
    if (
      reveal.lake !== check.lake ||
      reveal.round !== check.round ||
      reveal.fisher !== check.fisher ||
      reveal.kind !== check.kind
    )
      return {
        ok: false,
        reason: "fairOther",
        detail: `a secret for ${reveal.fisher}'s ${reveal.kind} in round ${reveal.round} of ${reveal.lake}`,
      };
    const draw = record.pending.draws?.[check.fisher];
    if (!draw || draw.kind !== check.kind)
      return { ok: false, reason: "fairNoDraw", detail: "no draw was made for this check" };
    const v = checkFairRoll(roll, check, draw, reveal.secret);
    if (!v.ok) return v;
    return { ok: true, proof: { secret: reveal.secret, roll: compactRoll(roll) } };
  }
}
