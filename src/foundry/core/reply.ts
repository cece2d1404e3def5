/**
 * A request's answer as every game's handler gives it, and the i18n key an error code is read
 * by: its stable `code` is the key's suffix, looked up in the players' area, the core module's,
 * Kayanak's, then the engine's, so a player reads it in their own language.
 */
import type { RuleError } from "../../rules/index.ts";

export type Reply<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RuleError };

export function fail(code: string, field = "", message = code): { ok: false; error: RuleError } {
  return { ok: false, error: { code, field, message } };
}

export const UNKNOWN_ERROR_KEY = "KOLIKOLY.Players.Error.unknown";

/** The i18n key of an error code: the players' area, then the core module's, then the engine's. */
export function errorKey(code: string, has: (key: string) => boolean): string {
  for (const area of ["Players.Error", "Foundry.Error", "Kayanak.Foundry.Error", "Error"]) {
    const key = `KOLIKOLY.${area}.${code}`;
    if (has(key)) return key;
  }
  return UNKNOWN_ERROR_KEY;
}
