/**
 * The GM's windows of this client, one of each (built by the composition root, module.ts): the
 * GM panel and the lake wizard, each constructed with what it works with. Opening one again
 * brings the same window forward.
 */
import type { WizardMode } from "./wizard-form.ts";
import type { GmPanelDeps } from "./gm-panel.ts";
import { GmPanel } from "./gm-panel.ts";
import type { LakeWizardDeps } from "./lake-wizard.ts";
import { LakeWizard } from "./lake-wizard.ts";

export class GmWindows {
  private panelWindow: GmPanel | undefined;
  private wizardWindow: LakeWizard | undefined;

  constructor(
    private readonly panelDeps: Omit<GmPanelDeps, "newLake">,
    private readonly wizardDeps: LakeWizardDeps,
  ) {}

  /** Opens the GM panel (or brings it forward). */
  panel(): GmPanel {
    this.panelWindow ??= new GmPanel({ ...this.panelDeps, newLake: () => void this.wizard() });
    void this.panelWindow.render({ force: true });
    return this.panelWindow;
  }

  /** The panel drawn again when it is open (a leak recorded or dismissed on another client). */
  refreshPanel(): void {
    if (this.panelWindow?.rendered) void this.panelWindow.render();
  }

  /**
   * Opens the wizard. A second call while it is open brings the same window forward and keeps
   * what the GM typed (a second instance with the same id would replace the first's element;
   * ApplicationV2 ids are unique, foundry.applications.instances); an explicit scene or token
   * choice (the set-up macro) re-renders it for that choice.
   */
  wizard(sceneId?: string, tokens?: readonly string[], mode?: WizardMode): LakeWizard {
    const open = this.wizardWindow;
    if (open?.rendered && sceneId === undefined && tokens === undefined && mode === undefined) {
      open.bringToFront();
      return open;
    }
    const w = (this.wizardWindow ??= new LakeWizard(this.wizardDeps));
    w.typed.clear();
    w.sceneId =
      sceneId ?? (open?.rendered ? w.sceneId : undefined) ?? canvas?.scene?.id ?? undefined;
    w.preselect = tokens?.length ? new Set(tokens) : undefined;
    // a window opened afresh is the fishing wizard unless asked for Kayanak (the set-up macro)
    w.mode = mode ?? (open?.rendered ? w.mode : "kolikoly");
    void w.render({ force: true });
    return w;
  }
}
