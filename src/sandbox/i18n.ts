/**
 * The sandbox's localize: the table's own strings (lang/sandbox/en.json, KOLIKOLY.Sandbox.*) over
 * the module's (lang/en.json: the declaration form, the engine's errors), both bundled into the
 * page (no fetch, works offline). The table's strings are kept out of the module's language files
 * (issue 23): Foundry sends those to every client.
 */
import moduleEn from "../../lang/en.json";
import sandboxEn from "../../lang/sandbox/en.json";
import { makeLocalize } from "../ui/handlebars-helpers.ts";

/** Two language trees as one, `over`'s strings winning (they share no key: tests/i18n). */
function merged(base: unknown, over: unknown): unknown {
  if (typeof base !== "object" || base === null || typeof over !== "object" || over === null)
    return over ?? base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over)) out[k] = merged(out[k], v);
  return out;
}

/** Every string the table shows, as one nested object (lang/en.json's shape). */
export const strings = merged(moduleEn, sandboxEn) as typeof moduleEn & typeof sandboxEn;

export const localize = makeLocalize(strings);
