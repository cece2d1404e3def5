/**
 * The GM's half of the table check (table-check.ts): asking every connected client, judging the
 * answers, recording a leak, confirming proofs against this client's own copy of the GM store,
 * and the v14 batch canary's probe. Its own chunk (issue 23): only a GM client loads it, on the
 * first check.
 */
import type { ReachVerdict } from "./batch.ts";
import { QUERY } from "./constants.ts";
import type { ContentProof } from "./leak-watch.ts";
import { MAX_PROOFS, contentDigest, holdsStore } from "./leak-watch.ts";
import type { Port, UserInfo } from "./port.ts";
import type {
  Assumption,
  CheckAnswer,
  CheckRow,
  Exposure,
  GmCheckView,
  LeakSeen,
  ProbeOutcome,
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
): Promise<ReachVerdict> {
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
        // an answer without the value: that client did not receive the canary (or says so)
        return a ? { gm: u.isGM, held: a.reach === value } : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  const answered = seen.filter((x) => x !== undefined);
  if (!answered.length) return undefined;
  // the value cannot be known without the batch: one client holding it proves batches reach
  if (answered.some((x) => x.held)) return "everyone";
  // a GM client's word counts (only what a GM client says is trusted), as do two players'
  return answered.some((x) => x.gm) || answered.length > 1 ? "writer" : "doubt";
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

/**
 * Every connected client asked; a leak found is recorded. First the hidden-roll probe is made (a
 * blind check through the system), so that each client can say what it holds of it; it is taken
 * back once every answer is in.
 */
export async function check(v: GmCheckView): Promise<TableReport> {
  const me = v.port.me();
  const version = v.env.version();
  const users = v.port.users().filter((u) => u.active || u.id === me.id);
  const probe = v.env.probe ? await v.env.probe().catch(() => undefined) : undefined;
  const probeId = probe && "messageId" in probe ? probe.messageId : undefined;
  // the proofs confirmed in this check, by user
  const proven = new Map<string, ContentProof[]>();
  const rows = await Promise.all(
    users.map((u) => row(v, proven, u, u.id === me.id, version, probeId)),
  );
  const gmReach = await gmsReached(v);
  if (probeId) await v.port.write([{ kind: "chat.delete", ids: [probeId] }]).catch(() => undefined);
  const leakers = rows.filter((r) => r.leak);
  if (leakers.length) await record(v, proven, leakers);
  const assumptions = [
    batchesAssumption(v),
    hiddenRollAssumption(v, rows, probe),
    storeAssumption(rows),
    gmReach,
  ];
  return {
    at: v.env.now(),
    version,
    rows,
    assumptions,
    leak: leakers.length > 0,
    problems:
      assumptions.some((a) => a.state === "failed") ||
      rows.some((r) => r.leak || r.unverified || r.silence || r.missing.length || r.versionDiffers),
  };
}

/**
 * v14 batches reach every client (core/batch.ts BatchReach: a canary batch before the session's
 * first, asked about over this check's query). Moot on v13, which writes one operation a request.
 */
function batchesAssumption(v: GmCheckView): Assumption {
  if ((v.env.generation?.() ?? 13) < 14)
    return { id: "batches", state: "moot", why: "singleWrites" };
  const state = v.port.reach?.state ?? "unknown";
  if (state === "everyone") return { id: "batches", state: "held", why: "reached" };
  if (state === "writer") return { id: "batches", state: "failed", why: "writerOnly" };
  return { id: "batches", state: "unchecked", why: "noBatchYet" };
}

/**
 * A blind check the module asks the system for is whispered to the GMs, blind, and unreadable on
 * every player's client that holds it.
 */
function hiddenRollAssumption(
  v: GmCheckView,
  rows: readonly CheckRow[],
  probe: ProbeOutcome | undefined,
): Assumption {
  const id = "hiddenRoll";
  if (!probe) return { id, state: "unchecked", why: v.probeAvailable ? "notAsked" : "noSystem" };
  if ("skipped" in probe)
    return { id, state: "unchecked", why: probe.skipped, data: { detail: probe.detail ?? "" } };
  const gms = new Set(
    v.port
      .users()
      .filter((u) => u.isGM)
      .map((u) => u.id),
  );
  const players = new Set(
    v.port
      .users()
      .filter((u) => !u.isGM)
      .map((u) => u.id),
  );
  if (!probe.blind || !probe.whisper.length || probe.whisper.some((w) => players.has(w)))
    return { id, state: "failed", why: "postedOpen" };
  const readers = rows.filter((r) => !gms.has(r.userId) && r.answer?.probe?.visible);
  if (readers.length)
    return {
      id,
      state: "failed",
      why: "readByPlayer",
      data: { users: readers.map((r) => r.name).join(", ") },
    };
  const asked = rows.filter((r) => !gms.has(r.userId) && r.answer?.probe);
  return asked.length
    ? { id, state: "held", why: "hidden", data: { count: asked.length } }
    : { id, state: "unchecked", why: "noPlayer" };
}

/** No player's client holds readable GM store content (the rows' exposure). */
function storeAssumption(rows: readonly CheckRow[]): Assumption {
  const leakers = rows.filter((r) => r.leak).map((r) => r.name);
  if (leakers.length)
    return { id: "store", state: "failed", why: "readable", data: { users: leakers.join(", ") } };
  const players = rows.filter((r) => !r.isGM && r.answer);
  return players.length
    ? { id: "store", state: "held", why: "unreadable", data: { count: players.length } }
    : { id: "store", state: "unchecked", why: "noPlayer" };
}

/**
 * A store write reaches the other GM clients: each connected GM user takes the module's word
 * that a record was written (`QUERY.storeWritten`, table-core.ts), which every write sends.
 */
async function gmsReached(v: GmCheckView): Promise<Assumption> {
  const me = v.port.me().id;
  const gms = v.port.users().filter((u) => u.isGM && u.active && u.id !== me);
  if (!gms.length) return { id: "gmReach", state: "unchecked", why: "noOtherGm" };
  const deaf: string[] = [];
  await Promise.all(
    gms.map(async (u) => {
      try {
        const r = (await within(
          v.port.query(u.id, QUERY.storeWritten, { game: CHECK_GAME }),
          v.timeoutMs,
        )) as { ok?: unknown } | undefined;
        if (r?.ok !== true) deaf.push(u.name);
      } catch {
        deaf.push(u.name);
      }
    }),
  );
  return deaf.length
    ? { id: "gmReach", state: "failed", why: "gmDeaf", data: { users: deaf.join(", ") } }
    : { id: "gmReach", state: "held", why: "gmsHear", data: { count: gms.length } };
}

/** The game id the check's store word names: no game has it, so the store read finds nothing. */
const CHECK_GAME = "tablecheck";

async function row(
  v: GmCheckView,
  proven: Map<string, ContentProof[]>,
  u: UserInfo,
  self: boolean,
  version: string,
  probe: string | undefined,
): Promise<CheckRow> {
  let answer: CheckAnswer | undefined;
  let silence: CheckRow["silence"];
  if (self) answer = v.answer();
  else
    try {
      const asked = probe ? { probe } : {};
      answer = parseAnswer(await within(v.port.query(u.id, QUERY.check, asked), v.timeoutMs));
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
