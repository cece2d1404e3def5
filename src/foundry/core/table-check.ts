/**
 * The table check (issue 10 item 1): a GM asks every connected client, by a targeted query
 * (`QUERY.check`), what of the GM store it holds (leak-watch.ts), which module version it runs,
 * whether the module's query handlers are registered there and which system adapter it uses, and
 * sees one table. A player's client holding anything of the store is a leak: it is kept in a world
 * setting (`leakSeen`: when, and which clients; that a leak happened is no secret), so every GM
 * client shows a permanent error at each `ready` until a GM dismisses it. A player's client that
 * sees store traffic tells the active GM itself (`QUERY.leak`), which runs the check at once.
 *
 * Shared by Foundry (hooks/table-check.ts supplies a CheckEnv over Foundry's globals) and the
 * behavioural fake (tests/foundry/fake/client.ts).
 */
import { REACH_FLAG } from "./batch.ts";
import { MODULE_ID, QUERY, STORE_PACK_ID } from "./constants.ts";
import type { ContentProof, HeldDoc, StoreTraffic } from "./leak-watch.ts";
import { LeakWatch, MAX_PROOFS, contentDigest, holdsStore } from "./leak-watch.ts";
import type { Port, UserInfo } from "./port.ts";
import type { Result } from "./result.ts";
import { err } from "./result.ts";

/** The world setting holding the last leak found (registered in hooks/table-check.ts). */
export const LEAK_SETTING = "leakSeen";
/** How long the check waits for a client's answer. */
export const CHECK_TIMEOUT_MS = 5_000;
/** How long the batch canary's probe waits for a client (it holds up the session's first batch). */
export const REACH_TIMEOUT_MS = 2_000;
/** A player's report starts a new check at most this often (a report is not attested on v13). */
export const REPORT_INTERVAL_MS = 10_000;

/** What one client says about itself. */
export interface CheckAnswer {
  readonly version: string;
  /** The system adapter's id (systems/index.ts), "" where the players' side is not loaded. */
  readonly adapter: string;
  /** The module's query names present in this client's CONFIG.queries. */
  readonly queries: readonly string[];
  readonly traffic: StoreTraffic;
  /** Proofs of readable store documents this client holds (leak-watch.ts); none on a GM's. */
  readonly proofs: readonly ContentProof[];
  /** The value of a scene's batch canary on this client, when asked (core/batch.ts). */
  readonly reach?: string;
}

/**
 * What a player's client received of the GM store, as the GM can stand by it (issue 20 item 12):
 * nothing; index entries only (names and ids); sealed revisions (ciphertext and a clear header);
 * or readable content that the GM's client confirmed against its own copy.
 */
export type Exposure = "none" | "index" | "sealed" | "readable";

export interface CheckRow {
  readonly userId: string;
  readonly name: string;
  /** CONST.USER_ROLES, from the world's User document (not from the answer). */
  readonly role: number;
  readonly isGM: boolean;
  /** Absent when the client did not answer. */
  readonly answer?: CheckAnswer;
  /** Why there is no answer: "timeout" (none in time), "refused" (the query failed), "bad". */
  readonly silence?: "timeout" | "refused" | "bad";
  /** The module's query names this client has not registered. */
  readonly missing: readonly string[];
  /** What this (player's) client received of the store: only "readable" is a leak. */
  readonly exposure: Exposure;
  /** A player's client holding readable store content, confirmed by this GM's client. */
  readonly leak: boolean;
  /** A player's client reports readable content this GM's client could not confirm (not a leak). */
  readonly unverified: boolean;
  /** Its module version differs from the checking GM's. */
  readonly versionDiffers: boolean;
}

export interface TableReport {
  readonly at: number;
  /** The checking client's module version. */
  readonly version: string;
  readonly rows: readonly CheckRow[];
  readonly leak: boolean;
  /** A leak, a silent client, missing handlers or a different version. */
  readonly problems: boolean;
}

/** The `leakSeen` world setting's value: when, and which players' clients held store traffic. */
export interface LeakSeen {
  readonly at: number;
  readonly users: readonly { readonly id: string; readonly name: string }[];
  /**
   * The proofs the check confirmed: a GM client shows the warning only when one of them still
   * matches its own copy of the store (a value written by anyone else is not believed).
   */
  readonly proofs: readonly ContentProof[];
}

/** What the check needs of the client it runs on, beyond the Port. */
export interface CheckEnv {
  /** game.modules.get(MODULE_ID).version */
  version(): string;
  /** Object.keys(CONFIG.queries) */
  queryNames(): readonly string[];
  /** The system adapter this client's players' side uses (its id). */
  adapter(): string;
  /** game.packs.get(STORE_PACK_ID): index size and cached documents; undefined when absent. */
  storePack(): { readonly index: number; readonly cache: number } | undefined;
  /** The store documents this client's pack holds: each one's id and module flags. */
  storeDocs?(): readonly HeldDoc[];
  now(): number;
  /** game.settings.get(MODULE_ID, LEAK_SETTING) */
  leakSeen(): unknown;
  /** game.settings.set(MODULE_ID, LEAK_SETTING, ...); null clears it. */
  saveLeak(leak: LeakSeen | null): Promise<void>;
  /** ui.notifications.error(message, {permanent: true}) */
  alarm(message: string): void;
}

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
  };
}

class Timeout extends Error {}

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export class TableCheck {
  readonly watch: LeakWatch;
  private running: Promise<TableReport> | undefined;
  private lastRun = -Infinity;

  /** How long the check waits for each client's answer. */
  timeoutMs = CHECK_TIMEOUT_MS;

  constructor(
    private readonly port: Port,
    private readonly env: CheckEnv,
    /** Shows a report (the table, apps/table-check-dialog.ts): an automatic check with a problem uses it. */
    private readonly show?: (report: TableReport) => Promise<void> | void,
  ) {
    this.watch = new LeakWatch(STORE_PACK_ID, {
      sizes: () => env.storePack(),
      docs: () => env.storeDocs?.() ?? [],
    });
    this.watch.onTraffic = () => void this.tellGm();
    // issue 20 item 10: the batch canary is asked about over this check's query
    if (port.reach) port.reach.probe = (sceneId, value) => this.reachProbe(sceneId, value);
  }

  /**
   * Whether every other connected client holds a scene's batch canary (core/batch.ts): true,
   * false when one answers without it, undefined when none answers (or none is connected).
   */
  async reachProbe(sceneId: string, value: string): Promise<boolean | undefined> {
    const me = this.port.me().id;
    const others = this.port.users().filter((u) => u.active && u.id !== me);
    const seen = await Promise.all(
      others.map(async (u) => {
        try {
          const a = parseAnswer(
            await within(
              this.port.query(u.id, QUERY.check, { reach: sceneId }),
              Math.min(this.timeoutMs, REACH_TIMEOUT_MS),
            ),
          );
          // an answer without the value: that client did not receive the canary
          return a ? (a.reach ?? "") : undefined;
        } catch {
          return undefined;
        }
      }),
    );
    const answered = seen.filter((v): v is string => v !== undefined);
    if (!answered.length) return undefined;
    return answered.every((v) => v === value);
  }

  /**
   * What this client says about itself (the `QUERY.check` handler's answer). A GM client holds the
   * store by right, so its traffic says nothing of a leak; and since on v13 a handler cannot tell
   * who asked, a GM client answers none: its counts rise with every store write, so a player
   * asking for them would see when another player declared.
   */
  answer(asked?: unknown): CheckAnswer {
    const gm = this.port.me().isGM;
    const sceneId = (asked as { reach?: unknown } | null | undefined)?.reach;
    const scene = typeof sceneId === "string" ? this.port.scene(sceneId) : undefined;
    const canary = (scene?.flags[MODULE_ID] as Record<string, unknown> | undefined)?.[REACH_FLAG];
    return {
      version: this.env.version(),
      adapter: this.env.adapter(),
      queries: this.env.queryNames().filter((q) => q.startsWith(`${MODULE_ID}.`)),
      traffic: gm
        ? { socket: 0, index: 0, cache: 0, sealed: 0, readable: 0 }
        : this.watch.traffic(),
      proofs: gm ? [] : this.watch.proofs(),
      // a public scene flag's value: the same on every client the batch reached
      ...(typeof canary === "string" ? { reach: canary } : {}),
    };
  }

  /**
   * The proofs that match this client's own copy of the GM store (Port#storeRead): a client can
   * show a digest of a readable document only if it received that document. On a store without
   * readable content no proof can match, whatever a client claims.
   */
  async confirmed(proofs: readonly ContentProof[]): Promise<ContentProof[]> {
    if (!proofs.length || !this.port.me().isGM) return [];
    let contents: unknown[];
    try {
      contents = await this.port.storeRead(proofs.map((p) => p.id));
    } catch {
      return [];
    }
    return proofs.filter(
      (p, i) => contents[i] !== undefined && contentDigest(contents[i]) === p.digest,
    );
  }

  /** Handlers for CONFIG.queries, registered at init with the runtime's (runtime.ts). */
  queries(): Record<string, (data: unknown, options?: unknown) => Promise<unknown>> {
    return {
      [QUERY.check]: async (data) => this.answer(data),
      [QUERY.leak]: async () => this.reported(),
    };
  }

  /** The last leak recorded in the world, until a GM dismisses it. */
  leak(): LeakSeen | undefined {
    return leakOf(this.env.leakSeen());
  }

  /** The warning's text (every GM client shows it). */
  alarmText(leak: LeakSeen): string {
    return this.port.localize("KOLIKOLY.Foundry.TableCheck.Alarm", {
      users: leak.users.map((u) => u.name).join(", "),
      time: new Date(leak.at).toLocaleString(),
    });
  }

  /**
   * `ready`, and the setting's onChange: a GM client shows the leak as a permanent error, if this
   * client confirms it (a proof still matches its own store). A world setting a player could
   * write (SETTINGS_MODIFY granted to players) raises nothing without a proof that matches.
   */
  async alarmIfLeaked(): Promise<void> {
    const leak = this.leak();
    if (!leak || !this.port.me().isGM) return;
    if (!(await this.confirmed(leak.proofs)).length) {
      console.warn("kolikoly-fishing | a recorded leak this client cannot confirm is not shown");
      return;
    }
    this.env.alarm(this.alarmText(leak));
  }

  /** A GM clears the warning (the GM panel's banner). */
  async dismiss(): Promise<Result<true>> {
    if (!this.port.me().isGM) return err("notGm");
    await this.env.saveLeak(null);
    return { ok: true, value: true };
  }

  /** Runs the check (any GM): every connected client is asked; a leak found is recorded. */
  async run(): Promise<Result<TableReport>> {
    if (!this.port.me().isGM) return err("notGm");
    this.running ??= this.check().finally(() => {
      this.running = undefined;
      this.lastRun = this.env.now();
    });
    return { ok: true, value: await this.running };
  }

  /**
   * `kolikoly.roundResolved` on the active GM's client: a lake's first round is where the store
   * was just written for everyone to (not) receive. The table is shown only when something is wrong.
   */
  async afterRound(payload: unknown): Promise<void> {
    if ((payload as { round?: unknown } | null)?.round !== 1) return;
    if (this.port.activeGmId() !== this.port.me().id) return;
    const r = await this.run();
    if (r.ok && r.value.problems) await this.show?.(r.value);
  }

  private async check(): Promise<TableReport> {
    const me = this.port.me();
    const version = this.env.version();
    const users = this.port.users().filter((u) => u.active || u.id === me.id);
    const rows = await Promise.all(users.map((u) => this.row(u, u.id === me.id, version)));
    const leakers = rows.filter((r) => r.leak);
    if (leakers.length) await this.record(leakers);
    return {
      at: this.env.now(),
      version,
      rows,
      leak: leakers.length > 0,
      problems: rows.some(
        (r) => r.leak || r.unverified || r.silence || r.missing.length || r.versionDiffers,
      ),
    };
  }

  private async row(u: UserInfo, self: boolean, version: string): Promise<CheckRow> {
    let answer: CheckAnswer | undefined;
    let silence: CheckRow["silence"];
    if (self) answer = this.answer();
    else
      try {
        answer = parseAnswer(await within(this.port.query(u.id, QUERY.check, {}), this.timeoutMs));
        if (!answer) silence = "bad";
      } catch (e) {
        silence = e instanceof Timeout ? "timeout" : "refused";
      }
    const expected = Object.values(QUERY) as string[];
    // a GM client holds the store by right; whether a user is a GM is the world's, not the answer's
    const a = !u.isGM ? answer : undefined;
    const player = a !== undefined;
    const proven = a ? await this.confirmed(a.proofs) : [];
    this.proven.set(u.id, proven);
    const exposure: Exposure = !a
      ? "none"
      : proven.length
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
      leak: proven.length > 0,
      unverified: player && !proven.length && (a.traffic.readable > 0 || a.proofs.length > 0),
      versionDiffers: answer !== undefined && answer.version !== version,
    };
  }

  /** The proofs this client confirmed in its last check, by user. */
  private readonly proven = new Map<string, ContentProof[]>();

  /** Keeps the leak in the world setting (every GM client is told by its onChange), once per set of clients. */
  private async record(leakers: readonly CheckRow[]): Promise<void> {
    const users = leakers.map((r) => ({ id: r.userId, name: r.name }));
    const before = this.leak();
    const known = new Set(before?.users.map((u) => u.id) ?? []);
    if (before && users.every((u) => known.has(u.id))) return;
    const merged = [...(before?.users ?? []), ...users.filter((u) => !known.has(u.id))];
    const proofs = [
      ...leakers.flatMap((r) => this.proven.get(r.userId) ?? []),
      ...(before?.proofs ?? []),
    ].slice(0, MAX_PROOFS);
    const leak: LeakSeen = { at: this.env.now(), users: merged, proofs };
    try {
      await this.env.saveLeak(leak);
    } catch (e) {
      // the setting could not be written (no SETTINGS_MODIFY): this client at least is told
      console.warn("kolikoly-fishing | the leak could not be recorded", e);
      this.env.alarm(this.alarmText(leak));
    }
  }

  /** A player's client saw store traffic: it tells the active GM, which checks the table. */
  private async tellGm(): Promise<void> {
    const me = this.port.me();
    const gm = this.port.activeGmId();
    if (me.isGM) return;
    console.warn("kolikoly-fishing | this client received GM store traffic", this.watch.traffic());
    if (!gm) return this.watch.retell();
    try {
      await this.port.query(gm, QUERY.leak, {});
    } catch {
      this.watch.retell();
    }
  }

  /**
   * The active GM's `QUERY.leak` handler. The report is not trusted by itself (on v13 a handler is
   * not told who called): it only starts a check, at most every REPORT_INTERVAL_MS.
   */
  private async reported(): Promise<{ ok: boolean }> {
    if (this.port.activeGmId() !== this.port.me().id) return { ok: false };
    if (!this.running && this.env.now() - this.lastRun < REPORT_INTERVAL_MS) return { ok: true };
    const r = await this.run();
    return { ok: r.ok };
  }
}
