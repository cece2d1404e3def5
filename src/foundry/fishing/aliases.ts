/**
 * Swarm ids as players see them (issue 10, small leaks). The engine numbers swarms `s1..sN` in
 * the order they were made, so a player whose first sight is `s4` would learn that three came
 * before, and where (prepared squares are explored in public). Everything that leaves the GM's
 * side (token flags, the public events on cards, private news, a fisher's view) carries instead
 * an opaque id: a keyed hash (HMAC-SHA-256, @noble/hashes, synchronous and free of the browser's
 * secure-context rules) of the engine id under a key only the GM record holds. The same swarm
 * keeps its id (identity is visible, as it is on the table); its number and order are not.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { GameEvent, LakeView } from "../../rules/index.ts";

export type Alias = (engineId: string) => string;

/** Records made before aliases had no key: their ids stay the engine's. */
export const IDENTITY: Alias = (id) => id;

/** A fresh alias key for a new lake: 32 random bytes as hex (crypto.getRandomValues). */
export function newAliasKey(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return bytesToHex(bytes);
}

/** The public id of each engine swarm id under a lake's key (memoised per key). */
export function aliasFor(key: string | undefined): Alias {
  if (!key) return IDENTITY;
  const k = utf8ToBytes(key);
  const memo = new Map<string, string>();
  return (id) => {
    let a = memo.get(id);
    if (a === undefined) {
      a = `w${bytesToHex(hmac(sha256, k, utf8ToBytes(id))).slice(0, 12)}`;
      memo.set(id, a);
    }
    return a;
  };
}

/** Events with every swarm id replaced by its public id (`swarm`, and `swarms[].id`). */
export function aliasEvents(events: readonly GameEvent[], alias: Alias): GameEvent[] {
  if (alias === IDENTITY) return [...events];
  return events.map((e) => {
    const o = e as unknown as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    if (typeof o.swarm === "string") out = { ...o, swarm: alias(o.swarm) };
    if (Array.isArray(o.swarms))
      out = {
        ...(out ?? o),
        swarms: (o.swarms as { id: string }[]).map((w) => ({ ...w, id: alias(w.id) })),
      };
    return (out ?? e) as unknown as GameEvent;
  });
}

/** A player's view with its swarms' ids replaced by their public ids. */
export function aliasView<V extends Pick<LakeView, "swarms">>(view: V, alias: Alias): V {
  if (alias === IDENTITY) return view;
  return { ...view, swarms: view.swarms.map((w) => ({ ...w, id: alias(w.id) })) };
}
