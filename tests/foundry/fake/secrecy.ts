/**
 * The leak check: given the GM's truth, does anything a player's client received hold a
 * secret? Secrets (issue 3): an unseen swarm's position or count, what an unexplored square
 * holds, a hidden move, another fisher's private news, the GM record itself, and a GM store
 * revision that can be read without its key.
 */
import type { GameEvent, GameState } from "../../../src/rules/index.ts";
import { eventLine } from "../../../src/foundry/fishing/cards.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import type { Payload } from "./server.ts";
import { strictLocalize } from "./client.ts";

export interface Truth {
  readonly state: GameState;
  readonly log: readonly GameEvent[];
  /** Fishers this player owns (their own private news may reach them by query only). */
  readonly owned: readonly string[];
  readonly names: (id: string) => string;
}

/** Strings that would betray a secret if they appeared in any document a player receives. */
export function forbiddenLines(t: Truth): string[] {
  return t.log
    .filter((e) => e.audience !== "all")
    .map((e) => eventLine(e, t.names, strictLocalize))
    .filter((s) => s.length > 12);
}

/** Keys only the GM record holds (whether the GM ended the game is public: the scene shows it). */
const RECORD_KEYS = new Set(["setup", "pending", "pendingBefore", "rng"]);

/**
 * A GM store revision's sealed part, if it can be read without its key: base64 that decodes to
 * JSON (store/sealed.ts seals with XChaCha20-Poly1305, which leaves bytes nothing can parse).
 */
function readable(sealed: string): unknown {
  try {
    return JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(sealed, "base64")),
    );
  } catch {
    return undefined;
  }
}

export function findLeaks(
  payloads: readonly Payload[],
  t: Truth,
  forbidden = forbiddenLines(t),
): string[] {
  const leaks: string[] = [];
  const unseen = t.state.swarms.filter((s) => !s.seen);
  const unseenIds = new Set(unseen.map((s) => s.id));
  const walk = (v: unknown, path: string, inQuery: boolean): void => {
    if (typeof v === "string") {
      if (!inQuery)
        for (const f of forbidden) if (v.includes(f)) leaks.push(`${path}: holds "${f}"`);
      return;
    }
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`, inQuery));
    if (typeof v !== "object" || v === null) return;
    const o = v as Record<string, unknown>;
    for (const k of Object.keys(o))
      if (RECORD_KEYS.has(k)) leaks.push(`${path}.${k}: GM record data`);
    if (typeof o.sealed === "string") {
      const open = readable(o.sealed);
      if (open !== undefined) {
        leaks.push(`${path}.sealed: a readable GM store revision`);
        walk(open, `${path}.sealed(opened)`, inQuery);
      }
    }
    const flag = (o.flags as Record<string, Record<string, unknown>> | undefined)?.[MODULE_ID];
    if (flag && typeof flag.swarm === "string" && !flag.stale && unseenIds.has(flag.swarm))
      leaks.push(`${path}: a token for unseen swarm ${flag.swarm}`);
    if ("audience" in o && o.audience !== "all") {
      const a = o.audience as { fisher?: string } | string;
      if (!inQuery) leaks.push(`${path}: a non-public event in a document`);
      else if (typeof a !== "object" || !t.owned.includes(a.fisher ?? ""))
        leaks.push(`${path}: another fisher's news`);
    }
    for (const [k, x] of Object.entries(o)) walk(x, `${path}.${k}`, inQuery);
  };
  // the GM store's own documents may reach a player (a server that ignores the pack's
  // ownership: FakeServer#storeBroadcast "everyone"); what they show must hold nothing
  payloads.forEach((p, i) => walk(p, `payload ${i}`, p.channel === "query"));
  return leaks;
}
