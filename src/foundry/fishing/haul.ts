/**
 * K13: the fish a round's Catch landed, as items in the fishers' characters (core/haul.ts): one
 * draw a fish, placed by lake, round and fisher, so the haul of every round follows from the
 * record alone: the round's card grants it, undo takes the same back, the end card sums it.
 */
import type { GameEvent } from "../../rules/index.ts";
import type { CatchSetting, Grant } from "../core/haul.ts";
import { haulGrants, summed } from "../core/haul.ts";
import type { PublicLake } from "./projection.ts";

/** What a lake's round `round` grants, from its `caught` events (K13). */
export function roundGrants(
  setting: CatchSetting | undefined,
  pub: PublicLake,
  round: number,
  events: readonly GameEvent[],
): Grant[] {
  // a round played before the game came to this table (a file's) was paid elsewhere
  if (!setting || round <= (setting.since ?? 0)) return [];
  const fish = new Map<string, number>();
  for (const e of events)
    if (e.type === "caught" && e.round === round)
      fish.set(e.fisher, (fish.get(e.fisher) ?? 0) + e.fish);
  return haulGrants(
    setting,
    `${pub.id}|round|${round}`,
    pub.fishers.map((f) => ({ fisher: f.id, actor: f.actorId, draws: fish.get(f.id) ?? 0 })),
  );
}

/** Every round's grants up to now (the log holds every round's events). */
export function gameGrants(
  setting: CatchSetting | undefined,
  pub: PublicLake,
  log: readonly GameEvent[],
): Grant[] {
  if (!setting) return [];
  const rounds = new Set(log.filter((e) => e.type === "caught").map((e) => e.round));
  return [...rounds].flatMap((r) => roundGrants(setting, pub, r, log));
}

/** Each character's whole haul so far, summed by item (the end card). */
export function hauls(
  setting: CatchSetting | undefined,
  pub: PublicLake,
  log: readonly GameEvent[],
): Grant[] {
  return summed(gameGrants(setting, pub, log));
}
