/**
 * What the table check's window shows (templates/foundry/table-check.hbs), computed from a report
 * (table-check.ts): one row per connected client, with what it answered or that it did not.
 */
import { MODULE_ID } from "../core/constants.ts";
import type {
  Assumption,
  AssumptionId,
  CheckRow,
  LeakSeen,
  TableReport,
} from "../core/table-check.ts";

type L = (key: string, data?: Readonly<Record<string, unknown>>) => string;

/** CONST.USER_ROLES (v13 common/constants.mjs) by number. */
const ROLE: Readonly<Record<number, string>> = {
  1: "KOLIKOLY.Foundry.TableCheck.Role.Player",
  2: "KOLIKOLY.Foundry.TableCheck.Role.Trusted",
  3: "KOLIKOLY.Foundry.TableCheck.Role.Assistant",
  4: "KOLIKOLY.Foundry.TableCheck.Role.Gamemaster",
};

const SILENCE: Readonly<Record<NonNullable<CheckRow["silence"]>, string>> = {
  timeout: "KOLIKOLY.Foundry.TableCheck.Silence.timeout",
  refused: "KOLIKOLY.Foundry.TableCheck.Silence.refused",
  bad: "KOLIKOLY.Foundry.TableCheck.Silence.bad",
};

const EXPOSURE: Readonly<Record<CheckRow["exposure"], string>> = {
  none: "KOLIKOLY.Foundry.TableCheck.Exposure.none",
  index: "KOLIKOLY.Foundry.TableCheck.Exposure.index",
  sealed: "KOLIKOLY.Foundry.TableCheck.Exposure.sealed",
  readable: "KOLIKOLY.Foundry.TableCheck.Exposure.readable",
};

const STATE: Readonly<Record<Assumption["state"], string>> = {
  held: "KOLIKOLY.Foundry.TableCheck.State.held",
  failed: "KOLIKOLY.Foundry.TableCheck.State.failed",
  unchecked: "KOLIKOLY.Foundry.TableCheck.State.unchecked",
  moot: "KOLIKOLY.Foundry.TableCheck.State.moot",
};

/** Each assumption's title, what the check saw (by its `why`) and what to do when it fails. */
const ASSUMPTION: Readonly<
  Record<AssumptionId, { title: string; advice: string; why: Readonly<Record<string, string>> }>
> = {
  batches: {
    title: "KOLIKOLY.Foundry.TableCheck.Assumption.batches.Title",
    advice: "KOLIKOLY.Foundry.TableCheck.Assumption.batches.Advice",
    why: {
      singleWrites: "KOLIKOLY.Foundry.TableCheck.Assumption.batches.Why.singleWrites",
      reached: "KOLIKOLY.Foundry.TableCheck.Assumption.batches.Why.reached",
      writerOnly: "KOLIKOLY.Foundry.TableCheck.Assumption.batches.Why.writerOnly",
      noBatchYet: "KOLIKOLY.Foundry.TableCheck.Assumption.batches.Why.noBatchYet",
    },
  },
  hiddenRoll: {
    title: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Title",
    advice: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Advice",
    why: {
      hidden: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Why.hidden",
      postedOpen: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Why.postedOpen",
      readByPlayer: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Why.readByPlayer",
      noPlayer: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Why.noPlayer",
      noSystem: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Why.noSystem",
      noActor: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Why.noActor",
      noMessage: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Why.noMessage",
      failed: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Why.failed",
      notAsked: "KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Why.notAsked",
    },
  },
  store: {
    title: "KOLIKOLY.Foundry.TableCheck.Assumption.store.Title",
    advice: "KOLIKOLY.Foundry.TableCheck.Assumption.store.Advice",
    why: {
      unreadable: "KOLIKOLY.Foundry.TableCheck.Assumption.store.Why.unreadable",
      readable: "KOLIKOLY.Foundry.TableCheck.Assumption.store.Why.readable",
      noPlayer: "KOLIKOLY.Foundry.TableCheck.Assumption.store.Why.noPlayer",
    },
  },
  gmReach: {
    title: "KOLIKOLY.Foundry.TableCheck.Assumption.gmReach.Title",
    advice: "KOLIKOLY.Foundry.TableCheck.Assumption.gmReach.Advice",
    why: {
      gmsHear: "KOLIKOLY.Foundry.TableCheck.Assumption.gmReach.Why.gmsHear",
      gmDeaf: "KOLIKOLY.Foundry.TableCheck.Assumption.gmReach.Why.gmDeaf",
      noOtherGm: "KOLIKOLY.Foundry.TableCheck.Assumption.gmReach.Why.noOtherGm",
    },
  },
};

export interface TableCheckRowView {
  readonly userId: string;
  readonly name: string;
  readonly role: string;
  readonly answered: boolean;
  readonly status: string;
  readonly version: string;
  readonly versionDiffers: boolean;
  readonly adapter: string;
  readonly handlers: string;
  readonly handlersOk: boolean;
  readonly socket: number | string;
  readonly index: number | string;
  readonly cache: number | string;
  /** What the client received of the store, in a word (issue 20 item 12). */
  readonly exposure: string;
  readonly leak: boolean;
}

/** A sentence under the table: what a player's client learns from what it received. */
export interface TableCheckNote {
  readonly userId: string;
  readonly text: string;
}

/** One assumption of the fakes as this table bears it out, and what to do when it does not. */
export interface AssumptionView {
  readonly id: string;
  readonly state: Assumption["state"];
  readonly title: string;
  readonly stateLabel: string;
  readonly seen: string;
  /** What to do, shown for a failed assumption only. */
  readonly advice: string;
  readonly failed: boolean;
}

export interface TableCheckContext {
  readonly summary: string;
  readonly assumptions: readonly AssumptionView[];
  readonly leak: boolean;
  readonly problems: boolean;
  readonly rows: readonly TableCheckRowView[];
  readonly notes: readonly TableCheckNote[];
}

/** What a row's client learns, said plainly; undefined when there is nothing to say. */
function noteOf(r: CheckRow, t: L): string | undefined {
  const a = r.answer;
  if (!a || r.isGM) return undefined;
  if (r.unverified)
    return t("KOLIKOLY.Foundry.TableCheck.Exposure.unverifiedNote", { name: r.name });
  if (r.exposure === "sealed")
    return t("KOLIKOLY.Foundry.TableCheck.Exposure.sealedNote", {
      name: r.name,
      count: Math.max(a.traffic.sealed, a.traffic.cache),
    });
  if (r.exposure === "index")
    return t("KOLIKOLY.Foundry.TableCheck.Exposure.indexNote", {
      name: r.name,
      count: Math.max(a.traffic.index, a.traffic.socket),
    });
  return undefined;
}

/** A query name without the module's prefix ("check" for "kolikoly-fishing.check"). */
function short(q: string): string {
  return q.startsWith(`${MODULE_ID}.`) ? q.slice(MODULE_ID.length + 1) : q;
}

export function tableCheckContext(report: TableReport, t: L): TableCheckContext {
  const rows = report.rows.map((r): TableCheckRowView => {
    const a = r.answer;
    const none = a ? undefined : "";
    return {
      userId: r.userId,
      name: r.name,
      role: t(ROLE[r.role] ?? ROLE[1]!),
      answered: a !== undefined,
      status: a ? t("KOLIKOLY.Foundry.TableCheck.Answered") : t(SILENCE[r.silence ?? "refused"]),
      version: a?.version ?? "",
      versionDiffers: r.versionDiffers,
      adapter: a?.adapter ?? "",
      handlers: !a
        ? ""
        : r.missing.length
          ? t("KOLIKOLY.Foundry.TableCheck.Missing", { names: r.missing.map(short).join(", ") })
          : t("KOLIKOLY.Foundry.TableCheck.AllRegistered"),
      handlersOk: a !== undefined && r.missing.length === 0,
      socket: none ?? a!.traffic.socket,
      index: none ?? a!.traffic.index,
      cache: none ?? a!.traffic.cache,
      exposure: a ? t(EXPOSURE[r.exposure]) : "",
      leak: r.leak,
    };
  });
  const leakers = report.rows.filter((r) => r.leak).map((r) => r.name);
  const summary = leakers.length
    ? t("KOLIKOLY.Foundry.TableCheck.SummaryLeak", { users: leakers.join(", ") })
    : report.problems
      ? t("KOLIKOLY.Foundry.TableCheck.SummaryProblems")
      : t("KOLIKOLY.Foundry.TableCheck.SummaryClean", { count: report.rows.length });
  const notes = report.rows.flatMap((r) => {
    const text = noteOf(r, t);
    return text ? [{ userId: r.userId, text }] : [];
  });
  const assumptions = (report.assumptions ?? []).map((a): AssumptionView => {
    const keys = ASSUMPTION[a.id];
    const why = keys.why[a.why];
    return {
      id: a.id,
      state: a.state,
      title: t(keys.title),
      stateLabel: t(STATE[a.state]),
      seen: why ? t(why, a.data ?? {}) : a.why,
      advice: a.state === "failed" ? t(keys.advice) : "",
      failed: a.state === "failed",
    };
  });
  return { summary, assumptions, leak: report.leak, problems: report.problems, rows, notes };
}

/** The GM panel's banner for a recorded leak. */
export function leakBanner(leak: LeakSeen, t: L): { readonly message: string } {
  return {
    message: t("KOLIKOLY.Foundry.TableCheck.Banner", {
      users: leak.users.map((u) => u.name).join(", "),
      time: new Date(leak.at).toLocaleString(),
    }),
  };
}
