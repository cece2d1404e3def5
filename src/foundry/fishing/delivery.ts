/**
 * What a resolved round sends besides its documents: each fisher's private news to that
 * fisher's owners, by targeted query (never in a document: docs/foundry.md), and the module's
 * hooks for macros and other modules.
 */
import type { GameEvent, Session } from "../../rules/index.ts";
import type { Alias } from "./aliases.ts";
import { aliasEvents } from "./aliases.ts";
import { HOOK, QUERY } from "../core/constants.ts";
import type { Port } from "../core/port.ts";
import type { PublicLake } from "./projection.ts";
import { NewsLedger } from "../core/transport.ts";

/** A lake's fishers as the public lake names them: names, and the users who own each (GMs aside). */
export function namer(pub: PublicLake): (id: string) => string {
  return (id) => pub.fishers.find((f) => f.id === id)?.name ?? id;
}

/** How long a player's client has to take its private news before it is asked again at its ready. */
export const PRIVATE_TIMEOUT_MS = 3_000;

export class Delivery {
  /** The news sent, by sending, for the players' clients to confirm (core/transport.ts). */
  readonly ledger = new NewsLedger();

  constructor(
    private readonly port: Port,
    private readonly alias: (lakeId: string) => Alias,
    private readonly gmIds: () => string[],
  ) {}

  /** The players (not GMs) who own a fisher's actor. */
  ownersOf(pub: PublicLake, fisher: string): string[] {
    const actorId = pub.fishers.find((f) => f.id === fisher)?.actorId;
    if (!actorId) return [];
    const gms = new Set(this.gmIds());
    return this.port.ownersOf(actorId).filter((u) => !gms.has(u));
  }

  /** After a round is written: the private news, then the hooks. */
  async afterRound(pub: PublicLake, session: Session, events: readonly GameEvent[]): Promise<void> {
    await this.deliverPrivate(pub, events);
    // a batch verdict resting on one player's word lasts one round (core/batch.ts)
    this.port.reach?.nextRound();
    const round = session.state.round;
    this.port.callAllHook(HOOK.roundResolved, {
      lakeId: pub.id,
      round,
      events,
      state: session.state,
    });
    for (const e of events)
      if (e.type === "caught" && e.fish > 0)
        this.port.callAllHook(HOOK.fishCaught, {
          lakeId: pub.id,
          fisher: e.fisher,
          fish: e.fish,
          totalCaught: e.totalCaught,
        });
    const end = events.find((e) => e.type === "gameEnd");
    if (end && end.type === "gameEnd")
      this.port.callAllHook(HOOK.gameEnded, {
        lakeId: pub.id,
        reason: end.reason,
        catches: end.catches,
      });
  }

  /**
   * A fisher's private news goes to that fisher's owners through User#query, which the server
   * delivers to that user only (docs/foundry.md); it is never written into a document. With
   * `onlyUser`, to that user alone (a player who connected again).
   */
  async deliverPrivate(
    pub: PublicLake,
    events: readonly GameEvent[],
    onlyUser?: string,
  ): Promise<void> {
    const byFisher = new Map<string, GameEvent[]>();
    for (const e of aliasEvents(events, this.alias(pub.id)))
      if (typeof e.audience === "object") {
        const list = byFisher.get(e.audience.fisher) ?? [];
        list.push(e);
        byFisher.set(e.audience.fisher, list);
      }
    const active = new Set(
      this.port
        .users()
        .filter((u) => u.active)
        .map((u) => u.id),
    );
    const sends: Promise<unknown>[] = [];
    for (const [fisher, list] of byFisher)
      for (const user of this.ownersOf(pub, fisher)) {
        if (!active.has(user) || (onlyUser && user !== onlyUser)) continue;
        // all at once, each with a short timeout: a client that does not answer delays no one
        const news = { lake: pub.id, fisher, events: list };
        const id = this.ledger.record(user, news);
        sends.push(
          this.port
            .query(user, QUERY.private, { ...news, id }, { timeout: PRIVATE_TIMEOUT_MS })
            // the player left or did not answer; they get it again when they connect (deliverTo)
            .catch(() => undefined),
        );
      }
    await Promise.all(sends);
  }
}
