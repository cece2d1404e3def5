/**
 * The round being declared (K5, K6, H5): the requests that change a lake's pending round before
 * it resolves (a declaration, the lock, a check total, a revival), each checked by the engine as
 * the round will check it (revivals first: `checkPendingDeclaration`, `checkPendingRound`) and
 * written as the record's next revision. What is pending is secret: it lives in the GM record
 * only; the scene learns who declared, never what (projection.ts).
 */
import type { Declaration } from "../../rules/index.ts";
import { checkPendingDeclaration, checkPendingRound } from "../../rules/index.ts";
import type { ChatCreate } from "../core/port.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import { namer } from "./delivery.ts";
import type { FairProof, GmRecord, Pending, PendingDraw, PendingTotal } from "./record.ts";
import type { HostParts, Loaded } from "./resolution.ts";
import { awaitingError, publicOps } from "./resolution.ts";

export class Declaring {
  constructor(private readonly h: Pick<HostParts, "games" | "load" | "swarmName" | "alias">) {}

  /** K5: a fisher's declaration for the coming round (null withdraws it). Secret: GM store only. */
  setDeclaration(
    lakeId: string,
    fisher: string,
    raw: unknown,
    /** The round the sender means, compared inside the lake's queue (a resolution may land first). */
    round?: number,
    /** Whether the sender still waits for the reply (a player's query): else nothing is written. */
    inTime: () => boolean = () => true,
    /** A player's request: how many changes the fisher may have this round (Pending#changes). */
    budget?: number,
  ): Promise<Result<Declaration | null>> {
    return this.h.games.guard(lakeId, async () => {
      if (!inTime()) return err("tooLate");
      const l = await this.h.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (session.state.over) return err("gameOver");
      if (round !== undefined && round !== session.state.round + 1)
        return err("staleRound", "round");
      if (record.pending.awaiting) return awaitingError(l.value);
      if (!session.state.fishers.some((f) => f.id === fisher))
        return err("unknownFisher", "fisher");
      // K6: the lock closes declarations, for everyone (it lives in the record: only a GM wrote it)
      if (record.pending.locked) return err("locked", "round");
      const actions = { ...record.pending.actions };
      let value: Declaration | null = null;
      if (raw === null) delete actions[fisher];
      else {
        // H5 before K5, as the round will: a fisher the GM revives this round may declare
        const r = checkPendingDeclaration(session.state, record.pending, fisher, raw);
        if (!r.ok) return r;
        actions[fisher] = r.value;
        value = r.value;
      }
      // a player's change spends the fisher's budget for the round; a request that changes
      // nothing spends none (and writes nothing: savePending)
      const made = record.pending.changes?.[fisher] ?? 0;
      const changed = JSON.stringify(actions) !== JSON.stringify(record.pending.actions);
      if (budget !== undefined && changed && made >= budget) return err("tooMany", "fisher");
      const pending =
        budget === undefined || !changed
          ? { ...record.pending, actions }
          : {
              ...record.pending,
              actions,
              changes: { ...record.pending.changes, [fisher]: made + 1 },
            };
      const saved = await this.savePending(l.value, pending);
      return saved.ok ? { ok: true, value } : saved;
    });
  }

  /**
   * K6: locks the round: the record says so (declarations close) and the roll card (`card`,
   * drawn by the players' side) rolls forward from it. `round` is the round the caller means.
   */
  lockRound(lakeId: string, round: number, card: ChatCreate): Promise<Result<true>> {
    return this.h.games.guard(lakeId, async () => {
      const l = await this.h.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (session.state.over) return err("gameOver");
      if (session.state.round + 1 !== round) return err("staleRound", "round");
      if (record.pending.awaiting) return awaitingError(l.value);
      if (record.pending.locked) return err("locked", "round");
      return this.savePending(l.value, { ...record.pending, locked: true }, [card]);
    });
  }

  /**
   * Fair dice: a fisher's draw for the locked round's check, written before the nonce reaches the
   * player. `draw` is the draw to keep; `keep` says whether one already there stands (a second
   * draw is refused there, the same commitment again answered with the same nonce).
   */
  recordDraw(
    lakeId: string,
    round: number,
    fisher: string,
    draw: PendingDraw,
    inTime: () => boolean = () => true,
  ): Promise<Result<PendingDraw>> {
    return this.h.games.guard(lakeId, async () => {
      if (!inTime()) return err("tooLate");
      const l = await this.h.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (session.state.over) return err("gameOver");
      if (round !== session.state.round + 1) return err("staleRound", "round");
      if (record.pending.awaiting) return awaitingError(l.value);
      if (!record.pending.locked) return err("notLocked", "round");
      if (record.pending.totals[fisher]) return err("alreadyRolled", "fisher");
      const before = record.pending.draws?.[fisher];
      if (before) {
        // the same commitment again (a reply lost on the way): the same nonce, nothing written
        if (
          before.commit === draw.commit &&
          before.shape === draw.shape &&
          before.user === draw.user
        )
          return { ok: true, value: before };
        return err("alreadyDrawn", "fisher");
      }
      const draws = { ...record.pending.draws, [fisher]: draw };
      const saved = await this.savePending(l.value, { ...record.pending, draws });
      return saved.ok ? { ok: true, value: draw } : saved;
    });
  }

  /**
   * K6: a check total the GM typed (or a player's roll picked up); null clears it. A roll counted
   * with fair dice keeps its proof (the revealed secret, the roll) with its draw, in the same write.
   */
  setTotal(
    lakeId: string,
    fisher: string,
    total: PendingTotal | null,
    proof?: FairProof,
  ): Promise<Result<PendingTotal | null>> {
    return this.h.games.guard(lakeId, async () => {
      const l = await this.h.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (record.pending.awaiting) return awaitingError(l.value);
      if (!session.state.fishers.some((f) => f.id === fisher))
        return err("unknownFisher", "fisher");
      const totals = { ...record.pending.totals };
      if (total === null) delete totals[fisher];
      else {
        if (!Number.isInteger(total.total) || Math.abs(total.total) > 999)
          return err("badTotal", "total");
        if (
          total.natural !== undefined &&
          (!Number.isInteger(total.natural) || total.natural < 1 || total.natural > 20)
        )
          return err("badTotal", "natural");
        totals[fisher] =
          total.natural === undefined
            ? { total: total.total }
            : { total: total.total, natural: total.natural };
      }
      // a counted fair roll keeps its proof with its draw; a total typed over a draw is the
      // GM's call, and the draw no longer proves it
      const draw = record.pending.draws?.[fisher];
      let kept: PendingDraw | undefined;
      if (draw) {
        const { secret: _s, roll: _r, message: _m, ...bare } = draw;
        kept = proof ? { ...bare, ...proof } : bare;
      }
      const draws = kept ? { draws: { ...record.pending.draws, [fisher]: kept } } : {};
      const saved = await this.savePending(l.value, { ...record.pending, totals, ...draws });
      return saved.ok ? { ok: true, value: total } : saved;
    });
  }

  /** H5: the GM revives an unconscious or dying fisher as the round starts (they act in it). */
  setRevive(lakeId: string, fisher: string, on: boolean): Promise<Result<boolean>> {
    return this.h.games.guard(lakeId, async () => {
      const l = await this.h.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (record.pending.awaiting) return awaitingError(l.value);
      const revive = record.pending.revive.filter((x) => x !== fisher);
      if (on) revive.push(fisher);
      const pending = { ...record.pending, revive };
      // the pending round as the engine will check it: a revival taken back would leave the
      // declaration of a fisher who cannot act standing
      const check = checkPendingRound(session.state, pending);
      if (!check.ok) {
        if (on || !Object.hasOwn(record.pending.actions, fisher)) return check;
        return err("reviveDeclared", `actions.${fisher}`, namer(l.value.pub)(fisher));
      }
      const saved = await this.savePending(l.value, pending);
      return saved.ok ? { ok: true, value: on } : saved;
    });
  }

  /**
   * Writes the pending round as the record's next revision (a compare-and-set: core/commit.ts);
   * only who declared reaches the scene, never what, and no token moves before the round (K5).
   */
  private async savePending(
    l: Loaded,
    pending: Pending,
    chat: ChatCreate[] = [],
  ): Promise<Result<true>> {
    // a request that changes nothing writes nothing (each write is a revision)
    if (!chat.length && JSON.stringify(pending) === JSON.stringify(l.record.pending))
      return { ok: true, value: true };
    const record: GmRecord = { ...l.record, rev: l.record.rev + 1, pending };
    return this.h.games.write(
      l.record.rev,
      record,
      chat,
      (scene) => publicOps(this.h, l.pub, scene, record, l.session.state, [], false),
      l.session,
    );
  }
}
