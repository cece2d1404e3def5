/**
 * The rolls the active GM's client makes through the game system: a check for an absent player
 * (the GM's mode, or the hidden-actions setting's when more private), and during resolution the
 * rolls the engine asks of a fisher (K7 initiative, K9 the net attack, K6 a check nobody rolled),
 * each posted as the system posts it and taken back if the resolution is not committed.
 */
import type { AsyncDriver, RollAnswer, RollRequest } from "../../rules/index.ts";
import { systemAnswer } from "../../rules/index.ts";
import { allowRoll } from "../core/dice.ts";
import { HOOK } from "../core/constants.ts";
import type { CheckKind, PickedRoll } from "../systems/types.ts";
import type { DeskParts } from "./desk-parts.ts";
import { moreHidden } from "./hidden-actions.ts";
import { rollWords } from "./port.ts";
import type { Reply } from "./protocol.ts";
import { fail } from "./protocol.ts";
import { checkFor } from "./roll-pickup.ts";

export class GmRolls {
  constructor(private readonly d: DeskParts) {}

  /**
   * The GM rolls a fisher's check through the system for an absent player (the GM's roll mode, or
   * the hidden-actions setting's when that is more private).
   */
  async rollFor(lakeId: string, fisher: string): Promise<Reply<PickedRoll>> {
    if (!this.d.host.isAuthority()) return fail("notActiveGm");
    const l = await this.d.lake(lakeId);
    if (!l.ok) return l;
    const round = l.value.session.state.round + 1;
    const f = l.value.pub.fishers.find((x) => x.id === fisher);
    const d = l.value.record.pending.actions[fisher];
    const actor = f?.actorId ? this.d.port.actor(f.actorId) : undefined;
    if (!f || !d || !actor) return fail("unknownFisher", "fisher");
    if (!l.value.record.pending.locked) return fail("notLocked", "round");
    const kind = checkFor(d);
    const out = await this.d.adapter().roll(actor, kind, {
      ...rollWords(this.d.port),
      fastForward: true,
      rollMode: moreHidden(this.d.port.rollMode(), this.d.hidden()),
      request: { round, fisher, kind },
      flavor: this.d.port.localize(`KOLIKOLY.Players.Check.${kind}`),
      core: this.d.port.coreRoll,
    });
    if (!out) return fail("cancelled");
    // the created message reaches this client's createChatMessage hook, which counts it; a
    // system that returns the message id gets it read here too (the same message counts once)
    const m = out.messageId ? this.d.port.message(out.messageId) : undefined;
    const r = m ? await this.d.pickUp(m) : undefined;
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
      await this.d.port.write([{ kind: "chat.delete", ids }]);
    } catch (e) {
      console.warn("kolikoly-fishing | the rolls of an abandoned resolution stay in chat", e);
    }
  }

  driver(base: AsyncDriver, lakeId: string): AsyncDriver {
    return {
      roll: async (request: RollRequest): Promise<RollAnswer> => {
        const [prefix, fisher] = request.key.split(":");
        if (!request.fisher || fisher !== request.fisher) return base.roll(request);
        const l = await this.d.lake(lakeId);
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
        const actor = f?.actorId ? this.d.port.actor(f.actorId) : undefined;
        if (!kind || !actor) return base.roll(request);
        allowRoll(this.d.port, request);
        const out = await this.d.adapter().roll(actor, kind, {
          ...rollWords(this.d.port),
          fastForward: true,
          rollMode: "publicroll",
          request: { round: l.value.session.state.round + 1, fisher, kind, resolving: true },
          flavor: this.d.port.localize(`KOLIKOLY.Players.Check.${kind}`),
          core: this.d.port.coreRoll,
        });
        if (!out) return base.roll(request);
        if (out.messageId)
          this.resolutionRolls.set(lakeId, [
            ...(this.resolutionRolls.get(lakeId) ?? []),
            out.messageId,
          ]);
        // the engine adds the rules' modifiers a system's roll lacks (H4's -4 on a thrown check)
        const answer = systemAnswer(request, out);
        this.d.port.callAllHook(HOOK.roll, request, answer);
        return answer;
      },
    };
  }
}
