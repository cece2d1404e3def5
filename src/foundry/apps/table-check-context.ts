/**
 * What the table check's window shows (templates/foundry/table-check.hbs), computed from a report
 * (table-check.ts): one row per connected client, with what it answered or that it did not.
 */
import { MODULE_ID } from "../core/constants.ts";
import type { CheckRow, LeakSeen, TableReport } from "../core/table-check.ts";

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

export interface TableCheckContext {
  readonly summary: string;
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
  return { summary, leak: report.leak, problems: report.problems, rows, notes };
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
