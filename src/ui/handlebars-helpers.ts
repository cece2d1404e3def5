/**
 * Handlebars helpers shared by the sandbox and the Foundry module, so that both render
 * templates/declare-action.hbs the same way. No Foundry and no DOM here: the caller passes its
 * Handlebars instance (the `handlebars` package in the sandbox and in tests, Foundry's global
 * Handlebars in the module).
 *
 * `localize` is Foundry's own helper name (`{{localize "KEY" name=value}}`, which formats
 * `{name}` placeholders); Foundry registers it itself, so the module must not pass `localize`
 * here. The sandbox does, with a lookup over lang/en.json that formats the same way.
 */

/** The part of a Handlebars instance we use (the package's default export and Foundry's global both have it). */
export interface HelperRegistry {
  // Handlebars types helpers as `(...args: any[]) => any`; matching that lets both its type and Foundry's fit.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  registerHelper(name: string, fn: (...args: any[]) => any): void;
}

export type Localize = (key: string, data?: Readonly<Record<string, unknown>>) => string;

/** The options object Handlebars passes as a helper's last argument. */
interface HelperOptions {
  readonly hash?: Readonly<Record<string, unknown>>;
}

/** Looks a dotted key up in a nested language object (lang/en.json); undefined when absent. */
export function lookup(lang: unknown, key: string): string | undefined {
  let node: unknown = lang;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Replaces `{name}` placeholders, as Foundry's `game.i18n.format` does; unknown names stay as written. */
export function format(template: string, data?: Readonly<Record<string, unknown>>): string {
  if (!data) return template;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    name in data ? String(data[name]) : whole,
  );
}

/** A localize function over a language object; a missing key comes back as the key (Foundry does the same). */
export function makeLocalize(lang: unknown): Localize {
  return (key, data) => format(lookup(lang, key) ?? key, data);
}

/**
 * A square as every label, log line and error message prints it: `[x,y,level]`, all three
 * 0-based, exactly as a scenario file writes it (`"at": [3, 0, 0]` is `[3,0,0]`) and as the
 * engine's error messages, the CLI and the table's lake (its column and row numbers) show it.
 */
export function coordLabel(at: readonly number[]): string {
  return `[${at[0] ?? 0},${at[1] ?? 0},${at[2] ?? 0}]`;
}

/** A Kayanak hole as every surface writes it, 0-based like the scenario file: `[x,y]`. */
export function holeLabel(at: readonly number[]): string {
  return `[${at[0] ?? 0},${at[1] ?? 0}]`;
}

export interface HelperOptionsIn {
  /** Registers `localize` too (the sandbox and tests; never in Foundry, which has its own). */
  readonly localize?: Localize;
}

/** Registers the `kolikoly-*` helpers (and `localize` when given) on a Handlebars instance. */
export function registerKolikolyHelpers(hb: HelperRegistry, opts: HelperOptionsIn = {}): void {
  const reg = (name: string, fn: (...args: unknown[]) => unknown) => hb.registerHelper(name, fn);
  const localize = opts.localize;
  if (localize) {
    reg("localize", (key, options) =>
      localize(String(key), (options as HelperOptions | undefined)?.hash),
    );
  }
  reg("kolikoly-eq", (a, b) => a === b);
  reg("kolikoly-coord", (at) => (Array.isArray(at) ? coordLabel(at as number[]) : ""));
}
