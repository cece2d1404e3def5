/**
 * The lake wizard (issue 3 item 3): ApplicationV2 + Handlebars form. It offers the scene's
 * tokens as fishers and the per-lake rules, and creates the lake through the host.
 */
import type { CatchChoice } from "./wizard-catch.ts";
import { catchChoices, droppedCatch } from "./wizard-catch.ts";
import { downloadText, keysFileName } from "./download.ts";
import { newKeyDialog } from "./key-copy-dialog.ts";
import { TEMPLATE_ROOT } from "../core/constants.ts";
import type { Runtime } from "../runtime.ts";
import type { SceneData } from "../core/port.ts";
import type { HazardMode } from "../../rules/index.ts";
import {
  createBoardFromForm,
  fieldInput,
  fieldLabel,
  kayanakWizardContext,
  keepTyped,
  parseWizardForm,
  restoreTyped,
  showSceneFit,
  wizardContext,
} from "./wizard-form.ts";
import type { TypedValue, WizardMode } from "./wizard-form.ts";
import type { WizardFile } from "./wizard-file.ts";
import {
  fileContext,
  fileErrorText,
  fileFormField,
  fileGame,
  parseFileForm,
  readLakeFile,
} from "./wizard-file.ts";
import { matchOnScene } from "../core/scenario-file.ts";
import { UNKNOWN_ERROR_KEY, errorKey } from "../players/protocol.ts";
import type { RuleError } from "../../rules/index.ts";
import { LAKE_LIMITS_TEXT } from "../../rules/index.ts";
import type { WizardDefaults } from "./wizard-form.ts";
import { notifyResult } from "./notify.ts";
import { hazardsFromResults } from "../fishing/hazard-table.ts";
import type { TableResultLike } from "../fishing/hazard-table.ts";
import type { Hazard, LakeSpec } from "../../rules/index.ts";
import type { LengthEstimator } from "../../ui/length-estimate.ts";
import { estimateText, moduleEstimator, WIZARD_GAMES } from "./length-estimate.ts";
import type { Result } from "../fishing/host.ts";
import { err } from "../fishing/host.ts";

/** H1 (setting): the RollTable the GM named, read with fromUuid; none means the built-in table. */
async function hazardTable(uuid: string): Promise<Result<Hazard[] | undefined>> {
  if (!uuid) return { ok: true, value: undefined };
  const table = (await fromUuid(uuid as never)) as unknown as {
    results?: { contents: TableResultLike[] };
  } | null;
  if (!table?.results) return err("badHazardTable", "hazardTable");
  return hazardsFromResults(table.results.contents);
}

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** What the wizard works with, given by the composition root (module.ts, apps/windows.ts). */
export interface LakeWizardDeps {
  readonly runtime: Runtime;
  /** J6 setting: a bear's Dexterity modifier from its game system, if it has one. */
  readonly dexFor?: (actorId: string) => number | undefined;
}

export class LakeWizard extends HandlebarsApplicationMixin(ApplicationV2) {
  constructor(private readonly deps: LakeWizardDeps) {
    super({} as never);
  }

  sceneId: string | undefined;
  /** Issue 11: a fishing lake (default) or a Kayanak board. */
  mode: WizardMode = "kolikoly";
  preselect: ReadonlySet<string> | undefined;
  /**
   * What the GM typed, kept across the re-render a Game or scene switch makes (keepTyped,
   * restoreTyped in wizard-form.ts); forgotten when the window is opened afresh or for a choice.
   */
  readonly typed = new Map<string, TypedValue>();
  /** The scenario file the GM picked, played by its engine (wizard-file.ts); the form is then the file's. */
  file: WizardFile | undefined;
  /** Why the file picked last was refused (its field, in the GM's language). */
  fileError: string | undefined;
  /** The picked file's name, as the browser gives it. */
  fileName = "";

  static override DEFAULT_OPTIONS = {
    id: "kolikoly-lake-wizard",
    tag: "form",
    classes: ["kolikoly-wizard"],
    window: { title: "KOLIKOLY.Foundry.Wizard.Title", resizable: true },
    position: { width: 800, height: "auto" as const },
    // The window closes only when the lake exists: on a refused form it stays open with what the
    // GM typed (closeOnSubmit would close it before the handler's result is known to be good;
    // ApplicationV2#_onSubmitForm, v13 client/applications/api/application.mjs).
    form: { handler: LakeWizard.onSubmit, closeOnSubmit: false },
    actions: { proposeLake: LakeWizard.onProposeLake, clearFile: LakeWizard.onClearFile },
  };

  static override PARTS = { main: { template: `${TEMPLATE_ROOT}/lake-wizard.hbs` } };

  /** ApplicationV2#title (v13 client/applications/api/application.mjs): the mode's own title. */
  override get title(): string {
    return this.mode === "kayanak"
      ? game.i18n!.localize("KOLIKOLY.Kayanak.Foundry.Wizard.Title")
      : super.title;
  }

  private scenes(): SceneData[] {
    const rt = this.deps.runtime;
    return game
      .scenes!.contents.map((s) => rt.port.scene(s.id!))
      .filter((s): s is SceneData => Boolean(s));
  }

  override async _prepareContext(): Promise<object> {
    const rt = this.deps.runtime;
    const t = (k: string, d?: Readonly<Record<string, unknown>>) =>
      d ? game.i18n!.format(k, d as Record<string, string>) : game.i18n!.localize(k);
    const shared = {
      ...(this.fileError ? { fileError: this.fileError } : {}),
      levelsAvailable: rt.port.generation >= 14,
      // what a catch grants (apps/wizard-catch.ts); the choice survives a re-render
      catchChoices: await catchChoices(String(this.typed.get("catch") ?? ""), this.catchPick),
    };
    const scene = rt.port.scene(this.sceneId ?? "") ?? this.scenes()[0];
    if (this.file && scene) {
      // the file decides the game: its fishers are matched to this scene's tokens (the GM confirms)
      const matches = matchOnScene(rt.port, scene, this.file.fishers);
      return {
        scenes: this.scenes().map((x) => ({
          id: x._id,
          name: x.name,
          selected: x._id === scene._id,
        })),
        sceneId: scene._id,
        kayanak: this.file.game === "kayanak",
        file: { ...fileContext(this.file, scene, matches, t), fileName: this.fileName },
        ...shared,
      };
    }
    if (this.mode === "kayanak") {
      // issue 23: Kayanak's code is loaded when the wizard picks it (kayanak/load.ts)
      await rt.kayanak.host();
      return {
        ...kayanakWizardContext(this.scenes(), this.sceneId ?? "", this.preselect, (id) =>
          this.deps.dexFor?.(id),
        ),
        ...shared,
      };
    }
    const get = (k: string) => rt.port.setting(k);
    const defaults: WizardDefaults = {
      width: Number(get("width")),
      height: Number(get("height")),
      levels: Number(get("levels")),
      verticalAdjacency: Boolean(get("verticalAdjacency")),
      catchAC: Number(get("catchAC")),
      netDamage: String(get("netDamage")),
      swarmSize: String(get("swarmSize")),
      hazardMode: String(get("hazardMode")) as HazardMode,
      markers: get("markers") === "lastSeen" ? "lastSeen" : "remove",
    };
    return {
      // each fisher's boxes show the character's values, as the lake's set-up takes them
      ...wizardContext(
        this.scenes(),
        this.sceneId ?? "",
        defaults,
        this.preselect,
        (actorId) => rt.host.statsOf(actorId),
        t,
      ),
      ...shared,
    };
  }

  /** The length estimate's worker (length-estimate.ts), started with the first estimate. */
  private static estimator: LengthEstimator | undefined;

  /** What the form asks for now: the lake and how many fishers are ticked. */
  private lengthQuestion(): { lake: LakeSpec; fishers: number } | undefined {
    const f = this.element.querySelector("form") ?? this.element;
    const num = (name: string) =>
      Number((f.querySelector(`input[name="${name}"]`) as HTMLInputElement | null)?.value);
    const fishers = f.querySelectorAll('input[type=checkbox][name$=".use"]:checked').length;
    const lake = {
      width: num("width"),
      height: num("height"),
      levels: num("levels"),
      verticalAdjacency:
        (f.querySelector('input[name="verticalAdjacency"]') as HTMLInputElement | null)?.checked !==
        false,
    };
    return fishers > 0 ? { lake, fishers } : undefined;
  }

  private estimateTimer: ReturnType<typeof setTimeout> | undefined;
  private asked = 0;

  /** Shows how long the lake lasts for the ticked fishers (a moment after the last change). */
  private estimateSoon(): void {
    clearTimeout(this.estimateTimer);
    this.estimateTimer = setTimeout(() => void this.estimate(), 250);
  }

  private async estimate(): Promise<void> {
    const out = this.element.querySelector<HTMLElement>("[data-estimate]");
    const q = this.lengthQuestion();
    if (!out) return;
    const t = (k: string, d?: Record<string, unknown>) =>
      d ? game.i18n!.format(k, d as Record<string, string>) : game.i18n!.localize(k);
    if (!q) return void (out.textContent = t("KOLIKOLY.Foundry.Wizard.NoFishers"));
    out.textContent = t("KOLIKOLY.Length.Estimating");
    const mine = ++this.asked;
    LakeWizard.estimator ??= moduleEstimator();
    const r = await LakeWizard.estimator.ask({ kind: "estimate", ...q, games: WIZARD_GAMES });
    if (mine !== this.asked) return; // the form changed meanwhile: a newer estimate is coming
    out.textContent = r.ok ? estimateText(r.value, t) : t("KOLIKOLY.Length.NoEstimate");
    out.dataset.median = r.ok ? String(r.value.median) : "";
  }

  /** Fills in a lake whose usual length is closest to the target, for the ticked fishers. */
  static async onProposeLake(this: LakeWizard): Promise<void> {
    const q = this.lengthQuestion();
    const target = Number(
      (this.element.querySelector('input[name="targetRounds"]') as HTMLInputElement | null)?.value,
    );
    const out = this.element.querySelector<HTMLElement>("[data-estimate]");
    if (!q || !out) return;
    out.textContent = game.i18n!.localize("KOLIKOLY.Length.Estimating");
    LakeWizard.estimator ??= moduleEstimator();
    const r = await LakeWizard.estimator.ask({
      kind: "propose",
      target: Math.trunc(target),
      fishers: q.fishers,
    });
    if (!r.ok) {
      out.textContent = game.i18n!.format("KOLIKOLY.Length.BadTarget", { field: r.field });
      return;
    }
    for (const k of ["width", "height", "levels"] as const) {
      const input = this.element.querySelector<HTMLInputElement>(`input[name="${k}"]`);
      if (input) input.value = String(r.value.lake[k]);
    }
    await this.estimate();
  }

  /** The GM put the file aside: the form is the wizard's own again. */
  static async onClearFile(this: LakeWizard): Promise<void> {
    this.file = undefined;
    this.fileError = undefined;
    await this.render();
  }

  /**
   * A file picked: its format tag names the game, whose engine plays it (Kayanak's in its chunk);
   * a refusal is shown under the field, naming the file's field, and the form stays as it was.
   */
  private async pickFile(input: HTMLInputElement): Promise<void> {
    const picked = input.files?.[0];
    if (!picked) return;
    const text = await picked.text();
    this.fileName = picked.name;
    const rt = this.deps.runtime;
    const t = (k: string, d?: Readonly<Record<string, unknown>>) =>
      d ? game.i18n!.format(k, d as Record<string, string>) : game.i18n!.localize(k);
    const game_ = fileGame(text);
    const read = game_ === "kayanak" ? await rt.kayanak.readFile(text) : readLakeFile(text);
    keepTyped(this.typed, this.element);
    if (read.ok) {
      this.file = read.value;
      this.fileError = undefined;
      this.mode = read.value.game === "kayanak" ? "kayanak" : "kolikoly";
    } else {
      this.file = undefined;
      this.fileError = fileErrorText(read.error, t, (k) => game.i18n!.has(k));
    }
    await this.render();
  }

  /** A RollTable or an Item the GM dropped on the wizard as the catch (wizard-catch.ts). */
  private catchPick: CatchChoice | undefined;

  /** The catch fieldset takes a dropped RollTable or Item: offered in the select, and chosen. */
  private bindCatchDrop(): void {
    const zone = this.element.querySelector<HTMLElement>("[data-catch-drop]");
    zone?.addEventListener("dragover", (e) => e.preventDefault());
    zone?.addEventListener("drop", (e) => {
      e.preventDefault();
      void droppedCatch(e).then((c) => {
        const select = zone.querySelector<HTMLSelectElement>("select[name=catch]");
        if (!c || !select) return;
        this.catchPick = c;
        if (![...select.options].some((o) => o.value === c.uuid))
          select.add(new Option(c.name, c.uuid));
        select.value = c.uuid;
      });
    });
  }

  override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context as never, options as never);
    this.bindCatchDrop();
    this.element
      .querySelector<HTMLInputElement>("input[data-scenario-file]")
      ?.addEventListener("change", (e) => void this.pickFile(e.target as HTMLInputElement));
    // issue 11: what the GM typed before a Game (or scene) switch is back in the fields it fits
    restoreTyped(this.element, this.typed);
    this.element
      .querySelectorAll<HTMLInputElement>(
        'input[name="width"], input[name="height"], input[name="levels"], input[name="verticalAdjacency"], input[name$=".use"]',
      )
      .forEach((el) => el.addEventListener("change", () => this.estimateSoon()));
    this.estimateSoon();
    // issue 20 item 8: a board that does not fit the scene is said, and Create disabled, at once
    const fit = () => {
      const id = this.element.querySelector<HTMLSelectElement>("select[name=sceneId]")?.value;
      showSceneFit(this.element, id ? this.deps.runtime.port.scene(id) : undefined, (k, d) =>
        d ? game.i18n!.format(k, d as Record<string, string>) : game.i18n!.localize(k),
      );
    };
    this.element
      .querySelectorAll<HTMLElement>(
        'input[name="width"], input[name="height"], input[name="levels"], input[name="originCol"], input[name="originRow"], input[name="gap"], select[name="layout"]',
      )
      .forEach((el) => el.addEventListener("input", fit));
    fit();
    this.element
      .querySelector<HTMLSelectElement>("select[name=sceneId]")
      ?.addEventListener("change", (e) => {
        this.sceneId = (e.target as HTMLSelectElement).value;
        this.preselect = undefined; // another scene: its tokens are all offered
        keepTyped(this.typed, this.element);
        void this.render();
      });
    // issue 11: the mode (a fishing lake, a Kayanak board) changes the whole form; what the GM
    // typed is kept first, and put back by the new form's _onRender
    this.element
      .querySelector<HTMLSelectElement>("select[name=mode]")
      ?.addEventListener("change", (e) => {
        this.mode = (e.target as HTMLSelectElement).value === "kayanak" ? "kayanak" : "kolikoly";
        keepTyped(this.typed, this.element);
        void this.render();
      });
  }

  static async onSubmit(
    this: LakeWizard,
    _event: Event,
    form: HTMLFormElement,
    data: { object: Record<string, unknown> },
  ): Promise<void> {
    const rt = this.deps.runtime;
    const scene = rt.port.scene(String(data.object.sceneId ?? ""));
    if (this.file) return this.submitFile(form, data.object, scene, this.file);
    if (data.object.mode === "kayanak") return this.submitKayanak(form, data.object, scene);
    const parsed = parseWizardForm(data.object, scene);
    if (!parsed.ok) return refuse(form, parsed);
    const hazards = await hazardTable(String(rt.port.setting("hazardTable") ?? ""));
    if (!hazards.ok) return refuse(form, hazards);
    // each fisher's empty boxes are the character's values: the host reads them (LakeHost#statsOf)
    const options = hazards.value
      ? { ...parsed.value, settings: { ...parsed.value.settings, hazards: hazards.value } }
      : parsed.value;
    const r = await rt.host.createLake(options);
    if (!r.ok) return refuse(form, r);
    notifyResult(r, game.i18n!.format("KOLIKOLY.Foundry.Wizard.Created", { name: r.value.name }));
    // the world's first key was made in this browser: the GM is asked, once, to keep a copy
    if (rt.host.takeKeyMade())
      void newKeyDialog(rt.core, (text) => downloadText(text, keysFileName()));
    LakeWizard.estimator?.stop();
    LakeWizard.estimator = undefined;
    await this.close();
  }

  /**
   * The file's game on the scene: a lake or a board, its fishers on the tokens the GM confirmed.
   * The host plays the whole file again; a refusal names the form's field (a token choice) or the
   * file's (shown with the file field).
   */
  private async submitFile(
    form: HTMLFormElement,
    data: Record<string, unknown>,
    scene: SceneData | undefined,
    file: WizardFile,
  ): Promise<void> {
    const rt = this.deps.runtime;
    if (!scene) return refuse(form, err("unknownScene", "sceneId"));
    const parsed = parseFileForm(data, file);
    if (!parsed.ok)
      return refuse(form, {
        ok: false,
        error: { ...parsed.error, field: fileFormField(parsed.error.field, file) },
      });
    const { tokens, name, origin, layout, gap, catch: caught } = parsed.value;
    const common = {
      sceneId: scene._id,
      scenario: file.text,
      name,
      origin,
      tokens,
      ...(caught ? { catch: caught } : {}),
    };
    const r =
      file.game === "kayanak"
        ? await rt.kayanak.createFromScenario(common)
        : await rt.host.createFromScenario({ ...common, layout, gap });
    if (!r.ok)
      return refuse(form, {
        ok: false,
        error: { ...r.error, field: fileFormField(r.error.field, file) },
      });
    notifyResult(
      r,
      game.i18n!.format(
        file.game === "kayanak"
          ? "KOLIKOLY.Kayanak.Foundry.Wizard.Created"
          : "KOLIKOLY.Foundry.Wizard.Created",
        { name: r.value.name },
      ),
    );
    if (rt.host.takeKeyMade())
      void newKeyDialog(rt.core, (text) => downloadText(text, keysFileName()));
    this.file = undefined;
    await this.close();
  }

  /** Issue 11: the Kayanak form makes a board through the Kayanak host; a bad field is refused. */
  private async submitKayanak(
    form: HTMLFormElement,
    data: Record<string, unknown>,
    scene: SceneData | undefined,
  ): Promise<void> {
    const rt = this.deps.runtime;
    const r = await createBoardFromForm(rt, data, scene, this.deps.dexFor);
    if (!r.ok) return refuse(form, r);
    notifyResult(
      r,
      game.i18n!.format("KOLIKOLY.Kayanak.Foundry.Wizard.Created", { name: r.value.name }),
    );
    if (rt.host.takeKeyMade())
      void newKeyDialog(rt.core, (text) => downloadText(text, keysFileName()));
    await this.close();
  }
}

/**
 * A refused form: the window stays open with what the GM typed; the field is marked invalid
 * and focused, and the error names it by its label, in the GM's language.
 */
function refuse(form: HTMLFormElement, r: { ok: false; error: RuleError }): void {
  const input = fieldInput(form, r.error.field);
  form.querySelectorAll("[aria-invalid=true]").forEach((e) => e.removeAttribute("aria-invalid"));
  input?.setAttribute("aria-invalid", "true");
  input?.focus();
  const label = fieldLabel(form, r.error.field);
  const key = errorKey(r.error.code, (k) => game.i18n!.has(k));
  const problem =
    key === UNKNOWN_ERROR_KEY
      ? r.error.message
      : game.i18n!.format(key, { ...LAKE_LIMITS_TEXT, field: label }); // badLakeSize names the limits
  ui.notifications?.error(
    label
      ? game.i18n!.format("KOLIKOLY.Foundry.Wizard.Invalid", { field: label, problem })
      : problem,
  );
}
