/**
 * The lake wizard as a GM uses it, without Foundry: its template rendered with real Handlebars,
 * the form filled in jsdom, read back as FormDataExtended#object does, and submitted.
 */
import { JSDOM } from "jsdom";
import { TEMPLATE_ROOT } from "../../../src/foundry/core/constants.ts";
import {
  createBoardFromForm,
  kayanakWizardContext,
  parseWizardForm,
  wizardContext,
} from "../../../src/foundry/apps/wizard-form.ts";
import type { PublicBoard } from "../../../src/foundry/kayanak/board.ts";
import type { SceneData } from "../../../src/foundry/core/port.ts";
import type { Runtime } from "../../../src/foundry/runtime.ts";
import type { Result } from "../../../src/foundry/fishing/host.ts";
import type { PublicLake } from "../../../src/foundry/fishing/projection.ts";
import { DEFAULT_SETTINGS, SESSION_LAKE } from "../../../src/rules/index.ts";
import { renderTemplateFile } from "./client.ts";
import { formDataObject } from "./form-data.ts";
import type { Table } from "./world.ts";

export const WIZARD_DEFAULTS = {
  ...SESSION_LAKE, // the world settings' defaults (settings.ts)
  catchAC: DEFAULT_SETTINGS.catchAC,
  netDamage: DEFAULT_SETTINGS.netDamage,
  swarmSize: DEFAULT_SETTINGS.swarmSize,
  hazardMode: DEFAULT_SETTINGS.hazardMode,
  markers: "remove" as const,
};

/** What FormDataExtended#object gives the wizard's handler (form-data.ts: Foundry's conversions). */
export const formObject = formDataObject;

/** Renders the wizard for the table's scene, sets the given fields, submits it to the GM's host. */
export async function createLakeViaWizard(
  t: Table,
  fields: Record<string, string>,
  /** More of the wizard's context (its catch choices: lake-wizard.ts `_prepareContext`). */
  extra: object = {},
): Promise<Result<PublicLake>> {
  const html = renderTemplateFile(`${TEMPLATE_ROOT}/lake-wizard.hbs`, {
    ...wizardContext([t.gm.scene(t.sceneId)!], t.sceneId, WIZARD_DEFAULTS),
    levelsAvailable: t.gm.generation >= 14,
    ...extra,
  });
  const form = new JSDOM(`<form>${html}</form>`).window.document.querySelector("form")!;
  for (const [name, value] of Object.entries(fields)) {
    const el = form.querySelector(`[name="${name}"]`) as HTMLInputElement | null;
    if (!el) throw new Error(`the wizard has no field ${name}`);
    el.value = value;
  }
  const parsed = parseWizardForm(formObject(form), t.gm.scene(t.sceneId));
  if (!parsed.ok) return parsed;
  return t.gm.runtime!.host.createLake(parsed.value);
}

/**
 * Issue 11: the wizard in Kayanak mode, as `openWizard({mode: "kayanak"})` opens it: rendered
 * with its Kayanak context, fields set (a tick box by "on"/"off"), submitted the way the wizard
 * submits (createBoardFromForm: parse, Dexterity from the system, the Kayanak host). The form is
 * returned too, for the refused field's label.
 */
export async function createBoardViaWizard(
  t: {
    gm: {
      scene(id: string): SceneData | undefined;
      runtime?: Pick<Runtime, "kayanak">;
    };
    sceneId: string;
  },
  fields: Record<string, string>,
  o: { preselect?: ReadonlySet<string>; dexFor?: (actorId: string) => number | undefined } = {},
): Promise<{ result: Result<PublicBoard>; form: HTMLFormElement }> {
  const scene = t.gm.scene(t.sceneId)!;
  const html = renderTemplateFile(
    `${TEMPLATE_ROOT}/lake-wizard.hbs`,
    kayanakWizardContext([scene], t.sceneId, o.preselect, o.dexFor),
  );
  const form = new JSDOM(`<form>${html}</form>`).window.document.querySelector("form")!;
  for (const [name, value] of Object.entries(fields)) {
    const el = form.querySelector(`[name="${name}"]`) as HTMLInputElement | null;
    if (!el) throw new Error(`the wizard has no field ${name}`);
    if (el.type === "checkbox") el.checked = value === "on";
    else el.value = value;
  }
  const result = await createBoardFromForm(t.gm.runtime!, formObject(form), scene, o.dexFor);
  return { result, form };
}
