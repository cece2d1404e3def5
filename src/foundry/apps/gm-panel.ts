/**
 * The GM control panel (issue 3 item 4): ApplicationV2 + HandlebarsApplicationMixin, thin: it
 * renders panelContext and sends intents to the lake host. Only a GM opens it; everything it
 * shows comes from the GM client's memory of the GM store, never from a document.
 */
import { MODULE_ID, TEMPLATE_ROOT } from "../core/constants.ts";
import type { Runtime } from "../runtime.ts";
import { sceneFlags } from "../fishing/projection.ts";
import type { Result } from "../fishing/host.ts";
import { panelContext, parseCoordValue } from "./panel-context.ts";
import { gmPanelContext, panelConcerns, resolveShown } from "./gm-panel-view.ts";
import { LiveRefresh } from "../core/live-refresh.ts";
import type { FormDraft } from "./form-draft.ts";
import { captureDraft, restoreDraft } from "./form-draft.ts";
import { runTableCheck } from "./table-check-dialog.ts";
import { notifyResult } from "./notify.ts";
import { downloadJson, downloadText, keysFileName } from "./download.ts";
import { keepKeyCopyDialog, unlockKeysDialog } from "./key-copy-dialog.ts";
import { keysTakenText } from "./key-words.ts";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type Target = HTMLElement & { dataset: DOMStringMap };

/** What the panel works with, given by the composition root (module.ts, apps/windows.ts). */
export interface GmPanelDeps {
  readonly runtime: Runtime;
  /** The players' side (issue 4): locks the round and posts the roll card. */
  readonly lock?: (lakeId: string) => Promise<void>;
  /** Opens the lake wizard (its one window). */
  readonly newLake: () => void;
}

export class GmPanel extends HandlebarsApplicationMixin(ApplicationV2) {
  constructor(private readonly deps: GmPanelDeps) {
    super({} as never);
  }

  static override DEFAULT_OPTIONS = {
    id: "kolikoly-gm-panel",
    classes: ["kolikoly-panel"],
    window: { title: "KOLIKOLY.Foundry.Panel.Title", resizable: true },
    position: { width: 760, height: "auto" as const },
    actions: {
      lock: GmPanel.onLock,
      resolve: GmPanel.onResolve,
      undo: GmPanel.onUndo,
      end: GmPanel.onEnd,
      export: GmPanel.onExport,
      reconcile: GmPanel.onReconcile,
      setTotal: GmPanel.onSetTotal,
      rollCheck: GmPanel.onRollCheck,
      newLake: GmPanel.onNewLake,
      tableCheck: GmPanel.onTableCheck,
      exportKeys: GmPanel.onExportKeys,
      importKeys: GmPanel.onImportKeys,
      keepKeyCopy: GmPanel.onKeepKeyCopy,
      unlockKeys: GmPanel.onUnlockKeys,
      dismissLeak: GmPanel.onDismissLeak,
      kayanakUndo: GmPanel.onKayanakUndo,
      kayanakExport: GmPanel.onKayanakExport,
    },
  };

  static override PARTS = { main: { template: `${TEMPLATE_ROOT}/gm-panel.hbs` } };

  /** The active lake of the viewed scene. */
  static lakeId(): string | undefined {
    const scene = canvas?.scene;
    if (!scene) return undefined;
    return (
      (scene.flags as Record<string, unknown> | undefined)?.[MODULE_ID] as
        { active?: string } | undefined
    )?.active;
  }

  override async _prepareContext(): Promise<object> {
    const rt = this.deps.runtime;
    if (!rt) return { lake: null };
    return gmPanelContext(rt, canvas?.scene?.id ?? undefined, this.deps.lock !== undefined);
  }

  /**
   * Issue 20 item 3: the panel follows every change that concerns it, from any client (its
   * runtime's LiveFeed), drawn again once per burst; what the GM was typing is kept.
   */
  private readonly live = new LiveRefresh(
    () => this.redrawLive(),
    (c) =>
      panelConcerns(
        c,
        canvas?.scene?.id ? this.deps.runtime?.port.scene(canvas.scene.id) : undefined,
      ),
  );
  private draft: FormDraft | undefined;

  private async redrawLive(): Promise<void> {
    if (!this.rendered) return;
    this.draft = captureDraft(this.element);
    await this.render();
  }

  override async _onRender(context: object, options: object): Promise<void> {
    await super._onRender(context as never, options as never);
    const root = this.element;
    root
      .querySelectorAll<HTMLSelectElement>("select[data-action=declare]")
      .forEach((el) => el.addEventListener("change", () => void this.onDeclareChange(el)));
    root
      .querySelectorAll<HTMLInputElement>("input[data-action=revive]")
      .forEach((el) => el.addEventListener("change", () => void this.onRevive(el)));
    if (this.draft) restoreDraft(root, this.draft);
    this.draft = undefined;
    if (this.deps.runtime) this.live.follow(this.deps.runtime.live);
  }

  override async close(options?: object): Promise<this> {
    this.live.stop();
    return super.close(options as never);
  }

  private async withLake(
    fn: (rt: Runtime, lakeId: string) => Promise<Result<unknown>>,
    success?: string,
  ): Promise<void> {
    const rt = this.deps.runtime;
    const lakeId = GmPanel.lakeId();
    if (!rt || !lakeId)
      return void ui.notifications?.warn(game.i18n!.localize("KOLIKOLY.Foundry.Error.noLake"));
    notifyResult(await fn(rt, lakeId), success);
    await this.render();
  }

  private async onDeclareChange(el: HTMLSelectElement): Promise<void> {
    const fisher = el.name.split(".")[1]!;
    const row = el.closest("tr")!;
    const action = (row.querySelector(`select[name="action.${fisher}"]`) as HTMLSelectElement)
      .value;
    const targetSelect = row.querySelector(`select[name="target.${fisher}"]`) as HTMLSelectElement;
    const target = parseCoordValue(targetSelect.value);
    // an action that takes a square waits for one: the square's box opens, nothing is declared yet
    if (action !== "" && action !== "catch" && !target) {
      targetSelect.disabled = false;
      return targetSelect.focus();
    }
    const decl =
      action === ""
        ? null
        : action === "catch"
          ? { action }
          : action === "track"
            ? { action, target }
            : action === "move"
              ? { action, to: target }
              : { action, toward: target };
    await this.withLake((rt, lake) => rt.host.setDeclaration(lake, fisher, decl));
  }

  private async onRevive(el: HTMLInputElement): Promise<void> {
    const fisher = el.name.split(".")[1]!;
    await this.withLake((rt, lake) => rt.host.setRevive(lake, fisher, el.checked));
  }

  static async onLock(this: GmPanel): Promise<void> {
    const lakeId = GmPanel.lakeId();
    if (lakeId && this.deps.lock) await this.deps.lock(lakeId);
    void this.render();
  }

  static async onResolve(this: GmPanel, _e: Event, target: Target): Promise<void> {
    // the round this panel shows (issue 20 item 3): moved on meanwhile, the panel shows the new one
    const shown = Number(target.dataset.round);
    await this.withLake(async (rt, lake) => {
      const r = await resolveShown(rt, lake, Number.isInteger(shown) ? shown : undefined);
      if (r.kind === "failed") return r.result;
      ui.notifications?.info(
        r.kind === "resolved"
          ? rt.port.localize("KOLIKOLY.Foundry.Panel.Resolved", { round: r.round })
          : rt.port.localize("KOLIKOLY.Foundry.Panel.RoundMoved", { round: r.shown }),
      );
      return { ok: true, value: r };
    });
  }

  /** Undo cannot itself be undone (a round played again rolls afresh): the GM is asked first. */
  static async onUndo(this: GmPanel): Promise<void> {
    if (await asked("KOLIKOLY.Foundry.Panel.ConfirmUndo"))
      await this.withLake((rt, lake) => rt.host.undoRound(lake));
  }

  static async onEnd(this: GmPanel): Promise<void> {
    if (await asked("KOLIKOLY.Foundry.Panel.ConfirmEnd"))
      await this.withLake((rt, lake) => rt.host.endGame(lake));
  }

  static async onExport(this: GmPanel): Promise<void> {
    await this.withLake(async (rt, lake) => {
      const r = await rt.host.exportScenario(lake);
      if (r.ok) downloadJson(r.value, `${lake}.kolikoly.json`);
      return r;
    });
  }

  static async onReconcile(this: GmPanel): Promise<void> {
    await this.withLake((rt, lake) => rt.host.reconcile(lake));
  }

  static async onSetTotal(this: GmPanel, _event: Event, target: Target): Promise<void> {
    const fisher = target.dataset.fisher!;
    const total = (this.element.querySelector(`input[name="total.${fisher}"]`) as HTMLInputElement)
      .value;
    const natural = (
      this.element.querySelector(`input[name="natural.${fisher}"]`) as HTMLInputElement
    ).value;
    const value =
      total === ""
        ? null
        : { total: Number(total), ...(natural === "" ? {} : { natural: Number(natural) }) };
    await this.withLake((rt, lake) => rt.host.setTotal(lake, fisher, value));
  }

  /** Rolls a fisher's check with Foundry's dice now (K6), as a GM roll for an absent player. */
  static async onRollCheck(this: GmPanel, _event: Event, target: Target): Promise<void> {
    const fisher = target.dataset.fisher!;
    await this.withLake(async (rt, lake) => {
      const l = await rt.host.load(lake);
      if (!l.ok) return l;
      const ctx = panelContext(l.value.session, l.value.record.pending, l.value.pub, (k) => k);
      const f = ctx.fishers.find((x) => x.id === fisher);
      if (!f?.action)
        return {
          ok: false,
          error: { code: "badField", field: "action", message: "declare first" },
        };
      const r = await rt.port.roll(`1d20${f.modifier === "+0" ? "" : f.modifier}`);
      return rt.host.setTotal(lake, fisher, { total: r.total, natural: r.firstDieFaces[0]! });
    });
  }

  static onNewLake(this: GmPanel): void {
    this.deps.newLake();
  }

  /** Asks every connected client what of the GM store it holds (issue 10 item 1). */
  static async onTableCheck(this: GmPanel): Promise<void> {
    const rt = this.deps.runtime;
    if (rt) await runTableCheck(rt);
    void this.render();
  }

  /** The GM store's keys to a file, for a GM who will play from another browser (store/keyring.ts). */
  static onExportKeys(this: GmPanel): void {
    const rt = this.deps.runtime;
    if (!rt) return;
    const r = rt.core.exportKeys();
    if (r.ok) downloadText(r.value, keysFileName());
    notifyResult(r, game.i18n!.localize("KOLIKOLY.Foundry.Keys.Exported"));
  }

  /** Issue 20 item 11: the keys sealed under a passphrase and kept in the GM store. */
  static async onKeepKeyCopy(this: GmPanel): Promise<void> {
    const rt = this.deps.runtime;
    if (!rt) return;
    await keepKeyCopyDialog(rt.core);
    await this.render();
  }

  /** Issue 20 item 11: the passphrase copy opened in this browser. */
  static async onUnlockKeys(this: GmPanel): Promise<void> {
    const rt = this.deps.runtime;
    if (!rt) return;
    if (await unlockKeysDialog(rt.core)) await this.render();
  }

  /** A key file chosen by the GM, taken whole or not at all. */
  static onImportKeys(this: GmPanel): void {
    const rt = this.deps.runtime;
    if (!rt) return;
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".json,application/json";
    input.addEventListener("change", async () => {
      const file = input.files?.[0];
      if (!file) return;
      const r = await rt.core.importKeys(await file.text());
      notifyResult(
        r,
        r.ok
          ? keysTakenText("file", r.value.keys, r.value.missing, (k, d) => game.i18n!.format(k, d))
          : undefined,
      );
      await this.render();
    });
    input.click();
  }

  /** Issue 11: a Kayanak board's turn in play, or else its last finished turn, undone (the host's). */
  static async onKayanakUndo(this: GmPanel, _event: Event, target: Target): Promise<void> {
    const rt = this.deps.runtime;
    const boardId = target.dataset.board;
    if (!rt || !boardId || !(await asked("KOLIKOLY.Foundry.Panel.ConfirmUndoTurn"))) return;
    notifyResult(await rt.kayanak.undoTurn(boardId));
    await this.render();
  }

  /** Issue 11: a Kayanak board's game as a kayanak-scenario/1 file, a real download. */
  static async onKayanakExport(this: GmPanel, _event: Event, target: Target): Promise<void> {
    const rt = this.deps.runtime;
    const boardId = target.dataset.board;
    if (!rt || !boardId) return;
    const r = await rt.kayanak.exportScenario(boardId);
    if (r.ok) downloadJson(r.value, `${boardId}.kayanak.json`);
    notifyResult(r);
  }

  /** A GM has read the leak warning: it is cleared for every GM (the world setting). */
  static async onDismissLeak(this: GmPanel): Promise<void> {
    const rt = this.deps.runtime;
    if (rt) notifyResult(await rt.table.dismiss());
    void this.render();
  }
}

export { sceneFlags };

/** DialogV2.confirm (v13 client/applications/api/dialog.mjs) with one localized question. */
function asked(key: string): Promise<boolean> {
  return foundry.applications.api.DialogV2.confirm({
    content: `<p>${game.i18n!.localize(key)}</p>`,
  }) as Promise<boolean>;
}
