/**
 * Kayanak requests from players (issue 11), on the active GM's client: the players' query
 * (players/desk.ts) attests the sender first (players/attest.ts, as for declarations); here the
 * sender must own the fisher's actor, the request must be for the board as it is now (`round`,
 * the turns played, compared by the host inside the board's queue), and of a known shape. The Kayanak host then plays it with the engine, which
 * refuses anything the rules do not allow: a refused request changes nothing.
 */
import type { Hole, Step, TileAction } from "../../rules/kayanak/index.ts";
import type { Port } from "../core/port.ts";
import type { Reply } from "../core/reply.ts";
import { fail } from "../core/reply.ts";
import type { KayanakHost, KayanakRequest } from "./host.ts";

/** What a player's request needs of the host: the host itself, or the runtime's (load.ts). */
export type KayanakHosting = Pick<KayanakHost, "load" | "request">;

function holeOf(v: unknown): Hole | undefined {
  return Array.isArray(v) && v.length === 2 && v.every((n) => Number.isSafeInteger(n))
    ? [v[0] as number, v[1] as number]
    : undefined;
}

/**
 * A step as a player may ask for it, rebuilt from the fields a player may send and nothing
 * more: which hole to move to, hack, or fish (J4-J6), a tile or crystal action (J8). A landing's
 * outcome (`lands`) and a typed landing check (`check`) are the dice's and the GM's to say,
 * never a player's: a step that carries them is refused, not trimmed, so the player is told.
 */
export function playerStep(raw: unknown): Step | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const keys = Object.keys(o);
  const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k));
  if ("move" in o && only("move")) {
    const at = holeOf(o.move);
    return at && { move: at };
  }
  if ("hack" in o && only("hack")) {
    const at = holeOf(o.hack);
    return at && { hack: at };
  }
  if ("fish" in o && only("fish")) {
    const at = holeOf(o.fish);
    return at && { fish: at };
  }
  const action = (v: unknown): TileAction | undefined =>
    v === "place" || v === "remove" ? v : undefined;
  if ("tile" in o && only("tile", "floe")) {
    const tile = action(o.tile);
    return tile && Number.isSafeInteger(o.floe) ? { tile, floe: o.floe as number } : undefined;
  }
  if ("crystal" in o && only("crystal", "at")) {
    const crystal = action(o.crystal);
    const at = holeOf(o.at);
    return crystal && at ? { crystal, at } : undefined;
  }
  return undefined;
}

/** A player's request, rebuilt field by field (not its meaning: the engine judges the step). */
export function parseRequest(raw: unknown): KayanakRequest | undefined {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const keys = Object.keys(o);
  if ((o.kind === "roll" || o.kind === "end") && keys.length === 1) return { kind: o.kind };
  if (o.kind === "step" && keys.every((k) => k === "kind" || k === "step")) {
    const step = playerStep(o.step);
    return step && { kind: "step", step };
  }
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
