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
import type { ReachVerdict } from "./batch.ts";
import { REACH_FLAG } from "./batch.ts";
import { MODULE_ID, QUERY, STORE_PACK_ID } from "./constants.ts";
import type { ContentProof } from "./leak-watch.ts";
import { LeakWatch } from "./leak-watch.ts";
import type { Port } from "./port.ts";
import { leakOf } from "./table-check-answer.ts";

export { leakOf, parseAnswer } from "./table-check-answer.ts";
import type { Result } from "./result.ts";

/** The GM's half of the check: its own chunk, loaded on first use (a player's client never runs it). */
const gm = () => import("./table-check-gm.ts");
import { err } from "./result.ts";

/** The world setting holding the last leak found (registered in hooks/table-check.ts). */
export const LEAK_SETTING = "leakSeen";
/** How long the check waits for a client's answer. */
export const CHECK_TIMEOUT_MS = 5_000;
/** How long the batch canary's probe waits for a client (it holds up the session's first batch). */
export const REACH_TIMEOUT_MS = 2_000;
/** A player's report starts a new check at most this often (a report is not attested on v13). */
export const REPORT_INTERVAL_MS = 10_000;

// what the check's parts say to each other, written once (table-check-types.ts)
export type {
  Assumption,
  AssumptionId,
  CheckAnswer,
  CheckEnv,
  CheckRow,
  Exposure,
  GmCheckView,
  LeakSeen,
  TableReport,
} from "./table-check-types.ts";
import type {
  CheckAnswer,
  CheckEnv,
  GmCheckView,
  LeakSeen,
  TableReport,
} from "./table-check-types.ts";

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

  /** What the other connected clients say of a scene's batch canary (core/batch.ts ReachVerdict). */
  async reachProbe(sceneId: string, value: string): Promise<ReachVerdict> {
    return (await gm()).reachProbe(this.gmView(), sceneId, value);
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
    const probe = (asked as { probe?: unknown } | null | undefined)?.probe;
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
      // the check's own probe message: what this player's client holds of it (no game's secret);
      // a GM client, asked by anyone on v13, says nothing of which messages it holds
      ...(!gm && typeof probe === "string" && this.env.messageSeen
        ? { probe: this.env.messageSeen(probe) }
        : {}),
    };
  }

  /**
   * The proofs that match this client's own copy of the GM store (Port#storeRead): a client can
   * show a digest of a readable document only if it received that document. On a store without
   * readable content no proof can match, whatever a client claims.
   */
  async confirmed(proofs: readonly ContentProof[]): Promise<ContentProof[]> {
    if (!proofs.length || !this.port.me().isGM) return [];
    return (await gm()).confirmed(this.port, proofs);
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

  /**
   * Runs the check (any GM): every connected client is asked; a leak found is recorded. `probe`:
   * whether the hidden-roll probe rolls a test check in chat (a GM asking, from the panel or the
   * API); the checks the module runs by itself do not.
   */
  async run(options: { probe?: boolean } = {}): Promise<Result<TableReport>> {
    if (!this.port.me().isGM) return err("notGm");
    this.running ??= this.check(options.probe !== false).finally(() => {
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
    // a hook's listener: whatever goes wrong (the tab closing under it) is said, never thrown
    try {
      if (this.port.activeGmId() !== this.port.me().id) return;
      const r = await this.run({ probe: false });
      if (r.ok && r.value.problems) await this.show?.(r.value);
    } catch (e) {
      console.warn("kolikoly-fishing | the table check after the first round did not finish", e);
    }
  }

  private async check(probe: boolean): Promise<TableReport> {
    return (await gm()).check(this.gmView(probe));
  }

  /** What the GM's half of the check (table-check-gm.ts) works with. */
  private gmView(probe = false): GmCheckView {
    const { probe: roll, ...env } = this.env;
    return {
      port: this.port,
      // the hidden-roll probe only when a GM asked for the check
      env: probe && roll ? { ...env, probe: roll } : env,
      probeAvailable: roll !== undefined,
      timeoutMs: this.timeoutMs,
      reachTimeoutMs: REACH_TIMEOUT_MS,
      answer: () => this.answer(),
      leak: () => this.leak(),
      alarmText: (leak) => this.alarmText(leak),
      confirmed: (proofs) => this.confirmed(proofs),
    };
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
    const r = await this.run({ probe: false });
    return { ok: r.ok };
  }
}
