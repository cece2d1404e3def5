/** A result told to the GM on this client: its success, or its error in the GM's language. */
import type { Result } from "../core/result.ts";
import { LAKE_LIMITS_TEXT } from "../../rules/index.ts";
import { UNKNOWN_ERROR_KEY, errorKey } from "../core/reply.ts";

export function notifyResult(r: Result<unknown>, success?: string): void {
  if (r.ok) {
    if (success) ui.notifications?.info(success);
    return;
  }
  // the core module's keys, the players' side's, then the engine's (KOLIKOLY.Error.<code>)
  const key = errorKey(r.error.code, (k) => game.i18n!.has(k));
  const known = key !== UNKNOWN_ERROR_KEY;
  ui.notifications?.error(
    known
      ? game.i18n!.format(key, {
          ...LAKE_LIMITS_TEXT,
          field: r.error.field,
          message: r.error.message,
        })
      : r.error.message,
  );
}
