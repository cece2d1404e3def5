/** The typed result every GM-side operation and API method returns. */
import type { RuleError } from "../../rules/index.ts";

export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export function err(code: string, field = "", message = code): { ok: false; error: RuleError } {
  return { ok: false, error: { code, field, message } };
}
