/**
 * The GM's windows of this client, one of each (built by the composition root, module.ts): the
 * GM panel and the lake wizard, each constructed with what it works with. Opening one again
 * brings the same window forward.
 *
 * Their code is a chunk of its own (gm-windows.ts, issue 23): this file is the one seam, it
 * imports the chunk with import() only (its types are erased from the build). A GM client starts
 * loading it at `setup` (`preload`, hooks/gm-preload.ts), so a window opens at once; a player's
 * client never loads it.
 */
import type { Result } from "../core/result.ts";
import type { TableReport } from "../core/table-check.ts";
import type { Runtime } from "../runtime.ts";
import type { WizardMode } from "./wizard-form.ts";
import type { GmPanel, GmPanelDeps } from "./gm-panel.ts";
import type { LakeWizard, LakeWizardDeps } from "./lake-wizard.ts";
// a type only: erased from the build, so the entry has no static import of the chunk
import type * as Chunk from "./gm-windows.ts";

export type GmWindowsChunk = typeof Chunk;

let chunk: Promise<GmWindowsChunk> | undefined;

/** The GM windows' chunk, imported once per page. */
export function loadGmWindows(): Promise<GmWindowsChunk> {
  chunk ??= import("./gm-windows.ts");
  return chunk;
}

export class GmWindows {
  private panelWindow: GmPanel | undefined;
  private wizardWindow: LakeWizard | undefined;

  constructor(
    private readonly panelDeps: Omit<GmPanelDeps, "newLake">,
    private readonly wizardDeps: LakeWizardDeps,
  ) {}

  /** `setup` on a GM client: the windows' code starts loading (a player's client never asks). */
  preload(): void {
    void loadGmWindows().catch((e: unknown) =>
      console.error("kolikoly-fishing | the GM windows could not be loaded", e),
    );
  }

  /** Opens the GM panel (or brings it forward). */
  async panel(): Promise<GmPanel> {
    const { GmPanel } = await loadGmWindows();
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
  async wizard(
    sceneId?: string,
    tokens?: readonly string[],
    mode?: WizardMode,
  ): Promise<LakeWizard> {
    const { LakeWizard } = await loadGmWindows();
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

  /** The table check, shown unless `show` is false (apps/table-check-dialog.ts). */
  async tableCheck(rt: Runtime, show: boolean): Promise<Result<TableReport>> {
    return (await loadGmWindows()).runTableCheck(rt, show);
  }

  /** An automatic table check's report with a problem, shown in its window. */
  async showTableCheck(rt: Runtime, report: TableReport): Promise<void> {
    return (await loadGmWindows()).showTableCheck(rt, report);
  }
}
