/**
 * Renders templates/declare-action.hbs with the real `handlebars` package: the same template
 * file and helpers the Foundry dialog uses (there with Foundry's Handlebars). The caller passes
 * the template's text (the page imports it with Vite's `?raw`, tests read the file).
 */
import type { HelperRegistry, Localize } from "../ui/handlebars-helpers.ts";
import { registerKolikolyHelpers } from "../ui/handlebars-helpers.ts";
import type { DeclareContext } from "../ui/declare-view.ts";

export interface HandlebarsEnv extends HelperRegistry {
  compile(source: string, options?: object): (context: unknown) => string;
}

export function declareRenderer(
  hb: HandlebarsEnv,
  source: string,
  localize: Localize,
): (ctx: DeclareContext) => string {
  registerKolikolyHelpers(hb, { localize });
  const template = hb.compile(source, { strict: false });
  return (ctx) => template(ctx);
}
