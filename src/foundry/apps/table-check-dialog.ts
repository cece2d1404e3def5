/**
 * The table check's window (issue 10 item 1): a DialogV2 (v13 client/applications/api/dialog.mjs,
 * DialogV2.prompt) whose content is the report rendered with templates/foundry/table-check.hbs.
 */
import { TEMPLATE_ROOT } from "../core/constants.ts";
import type { Runtime } from "../runtime.ts";
import type { Result } from "../core/result.ts";
import type { TableReport } from "../core/table-check.ts";
import { tableCheckContext } from "./table-check-context.ts";

export const TABLE_CHECK_TEMPLATE = `${TEMPLATE_ROOT}/table-check.hbs`;

export async function showTableCheck(rt: Runtime, report: TableReport): Promise<void> {
  const t = (k: string, d?: Readonly<Record<string, unknown>>) => rt.port.localize(k, d);
  const content = await rt.port.render(TABLE_CHECK_TEMPLATE, tableCheckContext(report, t));
  await foundry.applications.api.DialogV2.prompt({
    window: { title: t("KOLIKOLY.Foundry.TableCheck.Title") },
    classes: ["kolikoly-table-check-window"],
    position: { width: 760 },
    content,
    ok: { label: t("KOLIKOLY.Foundry.TableCheck.Close") },
    rejectClose: false,
  } as never);
}

/** The GM panel's button and `api.tableCheck()`: runs the check, then shows its table. */
export async function runTableCheck(rt: Runtime, show = true): Promise<Result<TableReport>> {
  ui.notifications?.info(rt.port.localize("KOLIKOLY.Foundry.TableCheck.Running"));
  const r = await rt.table.run();
  if (!r.ok) ui.notifications?.error(rt.port.localize(`KOLIKOLY.Foundry.Error.${r.error.code}`));
  // the window stays open while the caller goes on (the promise is the report, not the window)
  else if (show) void showTableCheck(rt, r.value);
  return r;
}
