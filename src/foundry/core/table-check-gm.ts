/**
 * The GM's half of the table check (table-check.ts): asking every connected client, judging the
 * answers, recording a leak, confirming proofs against this client's own copy of the GM store,
 * and the v14 batch canary's probe. Its own chunk (issue 23): only a GM client loads it, on the
 * first check.
 */
import { QUERY } from "./constants.ts";
import type { ContentProof } from "./leak-watch.ts";
import { MAX_PROOFS, contentDigest, holdsStore } from "./leak-watch.ts";
import type { Port, UserInfo } from "./port.ts";
import type {
  CheckAnswer,
  CheckRow,
  Exposure,
  GmCheckView,
  LeakSeen,
  TableReport,
} from "./table-check-types.ts";
import { parseAnswer } from "./table-check-answer.ts";

export type { GmCheckView } from "./table-check-types.ts";

class Timeout extends Error {}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * Whether every other connected client holds a scene's batch canary (core/batch.ts): true,
 * false when one answers without it, undefined when none answers (or none is connected).
 */
export async function reachProbe(
  v: GmCheckView,
  sceneId: string,
  value: string,
): Promise<boolean | undefined> {
  const me = v.port.me().id;
  const others = v.port.users().filter((u) => u.active && u.id !== me);
  const seen = await Promise.all(
    others.map(async (u) => {
      try {
        const a = parseAnswer(
          await within(
            v.port.query(u.id, QUERY.check, { reach: sceneId }),
            Math.min(v.timeoutMs, v.reachTimeoutMs),
          ),
        );
        // an answer without the value: that client did not receive the canary
        return a ? (a.reach ?? "") : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  const answered = seen.filter((x): x is string => x !== undefined);
  if (!answered.length) return undefined;
  return answered.every((x) => x === value);
}

/**
 * The proofs that match this client's own copy of the GM store (Port#storeRead): a client can
 * show a digest of a readable document only if it received that document. On a store without
 * readable content no proof can match, whatever a client claims.
 */
export async function confirmed(
  port: Port,
  proofs: readonly ContentProof[],
): Promise<ContentProof[]> {
  let contents: unknown[];
  try {
    contents = await port.storeRead(proofs.map((p) => p.id));
  } catch {
    return [];
  }
  return proofs.filter(
    (p, i) => contents[i] !== undefined && contentDigest(contents[i]) === p.digest,
  );
}

/** Every connected client asked; a leak found is recorded. */
export async function check(v: GmCheckView): Promise<TableReport> {
  const me = v.port.me();
  const version = v.env.version();
  const users = v.port.users().filter((u) => u.active || u.id === me.id);
  // the proofs confirmed in this check, by user
  const proven = new Map<string, ContentProof[]>();
  const rows = await Promise.all(users.map((u) => row(v, proven, u, u.id === me.id, version)));
  const leakers = rows.filter((r) => r.leak);
  if (leakers.length) await record(v, proven, leakers);
  return {
    at: v.env.now(),
    version,
    rows,
    leak: leakers.length > 0,
    problems: rows.some(
      (r) => r.leak || r.unverified || r.silence || r.missing.length || r.versionDiffers,
    ),
  };
}

async function row(
  v: GmCheckView,
  proven: Map<string, ContentProof[]>,
  u: UserInfo,
  self: boolean,
  version: string,
): Promise<CheckRow> {
  let answer: CheckAnswer | undefined;
  let silence: CheckRow["silence"];
  if (self) answer = v.answer();
  else
    try {
      answer = parseAnswer(await within(v.port.query(u.id, QUERY.check, {}), v.timeoutMs));
      if (!answer) silence = "bad";
    } catch (e) {
      silence = e instanceof Timeout ? "timeout" : "refused";
    }
  const expected = Object.values(QUERY) as string[];
  // a GM client holds the store by right; whether a user is a GM is the world's, not the answer's
  const a = !u.isGM ? answer : undefined;
  const player = a !== undefined;
  const mine = a ? await v.confirmed(a.proofs) : [];
  proven.set(u.id, mine);
  const exposure: Exposure = !a
    ? "none"
    : mine.length
      ? "readable"
      : a.traffic.sealed > 0 || a.traffic.cache > 0
        ? "sealed"
        : holdsStore(a.traffic)
          ? "index"
          : "none";
  return {
    userId: u.id,
    name: u.name,
    role: u.role ?? (u.isGM ? 4 : 1),
    isGM: u.isGM,
    ...(answer ? { answer } : { silence }),
    missing: answer ? expected.filter((q) => !answer.queries.includes(q)) : [],
    exposure,
    leak: mine.length > 0,
    unverified: player && !mine.length && (a.traffic.readable > 0 || a.proofs.length > 0),
    versionDiffers: answer !== undefined && answer.version !== version,
  };
}

/** Keeps the leak in the world setting (every GM client is told by its onChange), once per set of clients. */
async function record(
  v: GmCheckView,
  proven: Map<string, ContentProof[]>,
  leakers: readonly CheckRow[],
): Promise<void> {
  const users = leakers.map((r) => ({ id: r.userId, name: r.name }));
  const before = v.leak();
  const known = new Set(before?.users.map((u) => u.id) ?? []);
  if (before && users.every((u) => known.has(u.id))) return;
  const merged = [...(before?.users ?? []), ...users.filter((u) => !known.has(u.id))];
  const proofs = [
    ...leakers.flatMap((r) => proven.get(r.userId) ?? []),
    ...(before?.proofs ?? []),
  ].slice(0, MAX_PROOFS);
  const leak: LeakSeen = { at: v.env.now(), users: merged, proofs };
  try {
    await v.env.saveLeak(leak);
  } catch (e) {
    // the setting could not be written (no SETTINGS_MODIFY): this client at least is told
    console.warn("kolikoly-fishing | the leak could not be recorded", e);
    v.env.alarm(v.alarmText(leak));
  }
}
