/**
 * Foundry's documents as the catch reads them (core/haul.ts), from their source data
 * (Document#toObject), shared by the live port and the fake so both read the same fields:
 * - an Item: `system.quantity` (dnd5e's and pf2e's physical items both keep it there), its
 *   source (the module's `source` flag on items it made, else `_stats.compendiumSource`, v12+),
 *   and the module's `receipts` flag;
 * - a RollTable (v13/v14 common/documents/roll-table.mjs, table-result.mjs): its `formula` and
 *   each result's `type` ("text" or "document"), `name`, `img`, `documentUuid` and `range`.
 */
import { MODULE_ID } from "./constants.ts";
import type { CatchDoc, HeldItem } from "./documents.ts";
import type { CatchSetting } from "./haul.ts";
import { catchSettingOf } from "./haul.ts";
import type { Result } from "./result.ts";
import { err } from "./result.ts";

type Source = Readonly<Record<string, unknown>>;

function moduleFlag(src: Source): Record<string, unknown> {
  const flags = src.flags as Record<string, unknown> | undefined;
  return (flags?.[MODULE_ID] ?? {}) as Record<string, unknown>;
}

export function heldItemOf(src: Source): HeldItem {
  const sys = src.system as Record<string, unknown> | undefined;
  const flag = moduleFlag(src);
  const stats = src._stats as { compendiumSource?: unknown } | undefined;
  const source =
    typeof flag.source === "string"
      ? flag.source
      : typeof stats?.compendiumSource === "string"
        ? stats.compendiumSource
        : undefined;
  const receipts = Array.isArray(flag.receipts)
    ? flag.receipts.filter((r): r is string => typeof r === "string")
    : [];
  return {
    id: String(src._id),
    name: String(src.name ?? ""),
    ...(typeof sys?.quantity === "number" ? { quantity: sys.quantity } : {}),
    ...(source ? { source } : {}),
    receipts,
  };
}

export function catchDocOf(documentName: string, src: Source, uuid: string): CatchDoc | undefined {
  const img = typeof src.img === "string" && src.img ? { img: src.img } : {};
  if (documentName === "Item")
    return { kind: "item", name: String(src.name ?? ""), ...img, uuid, data: src };
  if (documentName !== "RollTable") return undefined;
  const results = Array.isArray(src.results) ? (src.results as Source[]) : [];
  return {
    kind: "table",
    name: String(src.name ?? ""),
    formula: String(src.formula ?? ""),
    results: results
      .filter((r) => Array.isArray(r.range) && r.range.length === 2)
      .map((r) => ({
        name: String(r.name ?? ""),
        ...(typeof r.img === "string" && r.img ? { img: r.img } : {}),
        ...(r.type === "document" && typeof r.documentUuid === "string" && r.documentUuid
          ? { uuid: r.documentUuid }
          : {}),
        range: [Number((r.range as unknown[])[0]), Number((r.range as unknown[])[1])] as const,
      })),
  };
}

/**
 * A lake's catch setting from what the GM named (a RollTable's or an Item's UUID), read on the
 * GM's client before anything is written: undefined for none; a localized refusal naming `field`
 * for a UUID that is not a table or an item, or a table whose dice are not simple dice.
 */
export async function catchSettingFrom(
  port: { catchDoc(uuid: string): Promise<CatchDoc | undefined> },
  uuid: unknown,
  /** Rounds or turns already played (a game from a file): CatchSetting `since`. */
  since = 0,
  field = "catch",
): Promise<Result<CatchSetting | undefined>> {
  if (uuid === undefined || uuid === null || uuid === "") return { ok: true, value: undefined };
  if (typeof uuid !== "string") return err("badCatch", field);
  const doc = await port.catchDoc(uuid);
  if (!doc) return err("badCatch", field);
  const s = catchSettingOf(doc);
  if (!s.ok) return err(s.code, field);
  return { ok: true, value: since > 0 ? { ...s.value, since } : s.value };
}
