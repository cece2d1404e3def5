/**
 * What a client's table-check answer and the `leakSeen` setting may hold, checked field by field
 * (any client may answer anything, and a player may be able to write the setting): shared by the
 * check (table-check.ts) and its GM half (table-check-gm.ts).
 */
import type { ContentProof } from "./leak-watch.ts";
import { MAX_PROOFS } from "./leak-watch.ts";
import type { CheckAnswer, LeakSeen } from "./table-check-types.ts";

/** The setting's value as a leak, or undefined (cleared, or malformed). */
export function leakOf(raw: unknown): LeakSeen | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const o = raw as { at?: unknown; users?: unknown };
  if (typeof o.at !== "number" || !Array.isArray(o.users) || !o.users.length) return undefined;
  const users = o.users.filter(
    (u): u is { id: string; name: string } =>
      typeof u === "object" &&
      u !== null &&
      typeof (u as { id?: unknown }).id === "string" &&
      typeof (u as { name?: unknown }).name === "string",
  );
  const proofs = proofsOf((o as { proofs?: unknown }).proofs) ?? [];
  return users.length
    ? { at: o.at, users: users.map((u) => ({ id: u.id, name: u.name })), proofs }
    : undefined;
}

const PROOF_ID = /^[A-Za-z0-9]{1,64}$/;
const DIGEST = /^[0-9a-f]{64}$/;

/** A list of proofs, checked entry by entry; undefined when malformed. */
function proofsOf(raw: unknown): ContentProof[] | undefined {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > MAX_PROOFS) return undefined;
  const out: ContentProof[] = [];
  for (const p of raw) {
    const o = p as { id?: unknown; digest?: unknown } | null;
    if (typeof o?.id !== "string" || !PROOF_ID.test(o.id)) return undefined;
    if (typeof o.digest !== "string" || !DIGEST.test(o.digest)) return undefined;
    out.push({ id: o.id, digest: o.digest });
  }
  return out;
}

function count(v: unknown): number {
  return typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : -1;
}

function probeOf(raw: unknown): { probe: { held: boolean; visible: boolean } } | undefined {
  const p = raw as { held?: unknown; visible?: unknown } | null | undefined;
  return typeof p?.held === "boolean" && typeof p.visible === "boolean"
    ? { probe: { held: p.held, visible: p.visible } }
    : undefined;
}

/** A client's answer, checked field by field (any client may answer anything). */
export function parseAnswer(raw: unknown): CheckAnswer | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const o = raw as Record<string, unknown>;
  const t = (o.traffic ?? {}) as Record<string, unknown>;
  const traffic = {
    socket: count(t.socket),
    index: count(t.index),
    cache: count(t.cache),
    // an older version's answer has no sort of content: counted as none
    sealed: t.sealed === undefined ? 0 : count(t.sealed),
    readable: t.readable === undefined ? 0 : count(t.readable),
  };
  const proofs = proofsOf(o.proofs);
  if (
    typeof o.version !== "string" ||
    typeof o.adapter !== "string" ||
    !Array.isArray(o.queries) ||
    !o.queries.every((q) => typeof q === "string") ||
    Object.values(traffic).some((n) => n < 0) ||
    !proofs
  )
    return undefined;
  return {
    version: o.version,
    adapter: o.adapter,
    queries: o.queries as string[],
    traffic,
    proofs,
    ...(typeof o.reach === "string" && o.reach.length <= 64 ? { reach: o.reach } : {}),
    ...(probeOf(o.probe) ?? {}),
  };
}
