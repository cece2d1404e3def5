/**
 * `foundry.applications.handlebars` (v13; the globals renderTemplate/loadTemplates/getTemplate
 * are the same functions, deprecated) and the Handlebars helpers Foundry registers, read from a
 * core source copy of client handlebars.mjs (code index id 16405783679, v12-era):
 * - getTemplate(path, id): cached by `path in Handlebars.partials`; otherwise the file's text is
 *   compiled with the real `handlebars` package and registered as a partial under `id ?? path`.
 *   Foundry asks its server for the text over the socket ("template" event), which reads the
 *   file under Data/; the fake fetches the same file over HTTP from the served module folder.
 * - loadTemplates(paths | {id: path}): getTemplate for each.
 * - renderTemplate(path, data): the compiled template with prototype access allowed.
 * - helpers: localize (format when it has hash arguments), concat (a SafeString), checked,
 *   disabled, ifThen, and eq/ne/not/and/or.
 */
import Handlebars from "handlebars";
import { env } from "./env.ts";
import type { Obj } from "./utils.ts";
import { getType, isEmpty } from "./utils.ts";

type Template = (data: unknown, options?: object) => string;

/** Templates fetched on this page, with the number of times each was rendered (the test reads it). */
export const templateUse = new Map<string, number>();

// v13 client/applications/handlebars.mjs getTemplate
export async function getTemplate(path: string, id?: string): Promise<Template> {
  const cached = Handlebars.partials[path] as Template | undefined;
  if (typeof cached === "function") return cached;
  const resp = await fetch(path);
  if (!resp.ok) throw new Error(`Failed to load template ${path}: ${resp.status}`);
  const compiled = Handlebars.compile(await resp.text()) as Template;
  Handlebars.registerPartial(id ?? path, compiled);
  if (id && id !== path) Handlebars.registerPartial(path, compiled);
  return compiled;
}

// v13 client/applications/handlebars.mjs loadTemplates
export async function loadTemplates(paths: string[] | Record<string, string>): Promise<Template[]> {
  if (getType(paths) === "Object")
    return Promise.all(
      Object.entries(paths as Record<string, string>).map(([k, p]) => getTemplate(p, k)),
    );
  return Promise.all((paths as string[]).map((p) => getTemplate(p)));
}

// v13 client/applications/handlebars.mjs renderTemplate
export async function renderTemplate(path: string, data: Obj = {}): Promise<string> {
  const template = await getTemplate(path);
  templateUse.set(path, (templateUse.get(path) ?? 0) + 1);
  return template(data, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}

interface HelperOptions {
  hash?: Obj;
}

/** HandlebarsHelpers (handlebars.mjs) registered on the page's Handlebars at start-up. */
export function registerCoreHelpers(): void {
  Handlebars.registerHelper({
    // v13 client/applications/handlebars.mjs HandlebarsHelpers.localize
    localize(value: unknown, options: HelperOptions) {
      const key = value instanceof Handlebars.SafeString ? value.toString() : String(value);
      const data = options.hash ?? {};
      return isEmpty(data) ? env.game.i18n.localize(key) : env.game.i18n.format(key, data);
    },
    // v13 client/applications/handlebars.mjs HandlebarsHelpers.concat
    concat(...values: unknown[]) {
      const options = values.pop() as HelperOptions;
      const join = (options.hash?.join as string | undefined) || "";
      return new Handlebars.SafeString(values.join(join));
    },
    checked: (v: unknown) => (v ? "checked" : ""),
    disabled: (v: unknown) => (v ? "disabled" : ""),
    ifThen: (c: unknown, a: unknown, b: unknown) => (c ? a : b),
    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    not: (a: unknown) => !a,
    and: (...args: unknown[]) => args.slice(0, -1).every(Boolean),
    or: (...args: unknown[]) => args.slice(0, -1).some(Boolean),
  });
}

export { Handlebars };
