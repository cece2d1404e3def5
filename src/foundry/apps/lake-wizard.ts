/**
 * The lake wizard (issue 3 item 3): ApplicationV2 + Handlebars form. It offers the scene's
 * tokens as fishers and the per-lake rules, and creates the lake through the host.
 */
import { TEMPLATE_ROOT } from "../constants.ts";
import type { Runtime } from "../runtime.ts";
import type { SceneData } from "../port.ts";
import type { HazardMode, Mods } from "../../rules/index.ts";
import { parseWizardForm, wizardContext } from "./wizard-form.ts";
import type { WizardDefaults } from "./wizard-form.ts";
import { notifyResult } from "./gm-panel.ts";
import { hazardsFromResults } from "../hazard-table.ts";
import type { TableResultLike } from "../hazard-table.ts";
import type { Hazard } from "../../rules/index.ts";
import type { Result } from "../service.ts";
import { err } from "../service.ts";

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

export class LakeWizard extends HandlebarsApplicationMixin(ApplicationV2) {
  static runtime: Runtime | undefined;
  /** Issue 4: a fisher actor's modifiers from its game system (players/hooks.ts); typed ones win. */
  static modsFor: ((actorId: string) => Partial<Mods> | undefined) | undefined;
  /** Issue 4, K9: the fisher's equipped net damage from its game system, if it has one. */
  static netDamageFor: ((actorId: string) => string | undefined) | undefined;
  sceneId: string | undefined;
  preselect: ReadonlySet<string> | undefined;

  static override DEFAULT_OPTIONS = {
    id: "kolikoly-lake-wizard",
    tag: "form",
    classes: ["kolikoly-wizard"],
    window: { title: "KOLIKOLY.Foundry.Wizard.Title", resizable: true },
    position: { width: 640, height: "auto" as const },
    form: { handler: LakeWizard.onSubmit, closeOnSubmit: true },
  };

  static override PARTS = { main: { template: `${TEMPLATE_ROOT}/lake-wizard.hbs` } };

  static open(sceneId?: string, tokens?: readonly string[]): LakeWizard {
    const w = new LakeWizard();
    w.sceneId = sceneId ?? canvas?.scene?.id ?? undefined;
    w.preselect = tokens?.length ? new Set(tokens) : undefined;
    void w.render({ force: true });
    return w;
  }

  private scenes(): SceneData[] {
    const rt = LakeWizard.runtime!;
    return game
      .scenes!.contents.map((s) => rt.port.scene(s.id!))
      .filter((s): s is SceneData => Boolean(s));
  }

  override async _prepareContext(): Promise<object> {
    const rt = LakeWizard.runtime!;
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
      ...wizardContext(this.scenes(), this.sceneId ?? "", defaults, this.preselect),
      levelsAvailable: rt.port.generation >= 14,
    };
  }

  override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context as never, options as never);
    this.element
      .querySelector<HTMLSelectElement>("select[name=sceneId]")
      ?.addEventListener("change", (e) => {
        this.sceneId = (e.target as HTMLSelectElement).value;
        this.preselect = undefined; // another scene: its tokens are all offered
        void this.render();
      });
  }

  static async onSubmit(
    this: LakeWizard,
    _event: Event,
    _form: HTMLFormElement,
    data: { object: Record<string, unknown> },
  ): Promise<void> {
    const rt = LakeWizard.runtime!;
    const scene = rt.port.scene(String(data.object.sceneId ?? ""));
    const parsed = parseWizardForm(data.object, scene);
    if (!parsed.ok) return notifyResult(parsed);
    const hazards = await hazardTable(String(rt.port.setting("hazardTable") ?? ""));
    if (!hazards.ok) return notifyResult(hazards);
    const fishers = parsed.value.fishers.map((f) => {
      const actorId = scene?.tokens.find((t) => t._id === f.tokenId)?.actorId;
      const fromSystem = actorId ? LakeWizard.modsFor?.(actorId) : undefined;
      const net = actorId ? LakeWizard.netDamageFor?.(actorId) : undefined;
      const withMods = fromSystem ? { ...f, mods: { ...fromSystem, ...f.mods } } : f;
      return net ? { ...withMods, netDamage: net } : withMods;
    });
    const options = hazards.value
      ? { ...parsed.value, fishers, settings: { ...parsed.value.settings, hazards: hazards.value } }
      : { ...parsed.value, fishers };
    const r = await rt.host.createLake(options);
    notifyResult(
      r,
      r.ok
        ? game.i18n!.format("KOLIKOLY.Foundry.Wizard.Created", { name: r.value.name })
        : undefined,
    );
  }
}
