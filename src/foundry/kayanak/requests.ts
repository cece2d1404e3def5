/**
 * Kayanak requests from players (issue 11), on the active GM's client: the players' query
 * (players/desk.ts) attests the sender first (players/attest.ts, as for declarations); here the
 * sender must own the fisher's actor, the request must be for the board as it is now (`round`,
 * the turns played, compared by the host inside the board's queue), and of a known shape. The Kayanak host then plays it with the engine, which
 * refuses anything the rules do not allow: a refused request changes nothing.
 */
import type { Step } from "../../rules/kayanak/index.ts";
import type { Port } from "../port.ts";
import type { Reply } from "../players/protocol.ts";
import { fail } from "../players/protocol.ts";
import type { KayanakHost, KayanakRequest } from "./host.ts";

/** What a player's request needs of the host: the host itself, or the runtime's (load.ts). */
export type KayanakHosting = Pick<KayanakHost, "load" | "request">;

/** A request's shape (not its meaning: the engine judges the step). */
export function parseRequest(raw: unknown): KayanakRequest | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  if (o.kind === "roll" || o.kind === "end") return { kind: o.kind };
  if (o.kind === "step" && typeof o.step === "object" && o.step !== null && !Array.isArray(o.step))
    return { kind: "step", step: o.step as Step };
  return undefined;
}

export async function kayanakIntent(
  port: Port,
  host: KayanakHosting,
  intent: { lake: string; fisher: string; round: number; request: unknown },
  sender: string,
): Promise<Reply<unknown>> {
  const req = parseRequest(intent.request);
  if (!req) return fail("badIntent", "request");
  const l = await host.load(intent.lake);
  if (!l.ok) return l;
  const f = l.value.pub.fishers.find((x) => x.id === intent.fisher);
  if (!f) return fail("unknownFisher", "fisher");
  if (!f.actorId || !port.ownersOf(f.actorId).includes(sender)) return fail("notOwner", "fisher");
  // the turn is compared inside the board's queue (host.request), not here: a request read
  // before another one ended the turn would otherwise be played on the next turn
  if (!Number.isSafeInteger(intent.round)) return fail("badIntent", "round");
  const r = await host.request(intent.lake, intent.fisher, req, intent.round);
  return r.ok ? { ok: true, value: { turn: r.value.view.turn } } : r;
}
