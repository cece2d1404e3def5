/**
 * test-only: the GM panel and the declaration window as each client draws them, in a DOM of its
 * own (jsdom), with the real templates and Handlebars: the same view, the same change filter and
 * the same LiveRefresh the ApplicationV2 windows use (apps/gm-panel.ts, players/declare-dialog.ts);
 * only ApplicationV2's frame is left out.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";
import { TEMPLATE_ROOT } from "../../../src/foundry/core/constants.ts";
import { LiveRefresh } from "../../../src/foundry/core/live-refresh.ts";
import type { FormDraft } from "../../../src/foundry/apps/form-draft.ts";
import { captureDraft, restoreDraft } from "../../../src/foundry/apps/form-draft.ts";
import type { ResolveOutcome } from "../../../src/foundry/apps/gm-panel-view.ts";
import {
  gmPanelContext,
  panelConcerns,
  panelLakeId,
  resolveShown,
} from "../../../src/foundry/apps/gm-panel-view.ts";
import type { PublicLake } from "../../../src/foundry/fishing/projection.ts";
import { publicLakeOf } from "../../../src/foundry/fishing/projection.ts";
import type { FocusKey } from "../../../src/foundry/players/declare-form.ts";
import {
  DECLARE_PARTIAL,
  DeclareController,
  declareRefresh,
  restoreFocus,
} from "../../../src/foundry/players/declare-form.ts";
import { makeHandlebars, renderTemplateFile, strictLocalize } from "../fake/client.ts";
import type { PlayerClient } from "./fake-players.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const hb = makeHandlebars();
hb.registerPartial(DECLARE_PARTIAL, readFileSync(`${ROOT}templates/declare-action.hbs`, "utf8"));
const dialogTemplate = hb.compile(
  readFileSync(`${ROOT}templates/foundry/players/declare-dialog.hbs`, "utf8"),
  { strict: false },
);

function page(): { doc: Document; root: HTMLElement; window: JSDOM["window"] } {
  const dom = new JSDOM(`<!doctype html><html><body><main id="app"></main></body></html>`);
  return {
    doc: dom.window.document,
    root: dom.window.document.getElementById("app")!,
    window: dom.window,
  };
}

export interface PanelWindow {
  readonly root: HTMLElement;
  readonly doc: Document;
  readonly refresh: LiveRefresh;
  /** The round the Resolve button means (its data-round). */
  shownRound(): number;
  /** The fisher row's text. */
  row(fisher: string): string;
  /** A click on Resolve, as GmPanel.onResolve runs it; the panel is drawn again after it. */
  resolve(): Promise<ResolveOutcome>;
  close(): void;
}

/** The GM panel on a GM client, for the scene's active lake (GmPanel: _prepareContext, redrawLive, _onRender). */
export async function openPanel(client: PlayerClient, sceneId: string): Promise<PanelWindow> {
  const { doc, root } = page();
  const rt = client.runtime!;
  let draft: FormDraft | undefined;
  const draw = async () => {
    root.innerHTML = renderTemplateFile(
      `${TEMPLATE_ROOT}/gm-panel.hbs`,
      await gmPanelContext(rt, sceneId, true),
    );
    if (draft) restoreDraft(root, draft);
    draft = undefined;
  };
  const refresh = new LiveRefresh(
    async () => {
      draft = captureDraft(root);
      await draw();
    },
    (c) => panelConcerns(c, client.scene(sceneId)),
  );
  await draw();
  refresh.follow(rt.live);
  const button = () => root.querySelector<HTMLButtonElement>("button[data-action=resolve]")!;
  return {
    root,
    doc,
    refresh,
    shownRound: () => Number(button().dataset.round),
    row: (fisher) => root.querySelector(`tr[data-fisher="${fisher}"]`)?.textContent ?? "",
    resolve: async () => {
      const lake = panelLakeId(client.scene(sceneId))!;
      const shown = Number(button().dataset.round);
      const r = await resolveShown(rt, lake, Number.isInteger(shown) ? shown : undefined);
      await draw();
      return r;
    },
    close: () => refresh.stop(),
  };
}

export interface DeclareWindow {
  readonly root: HTMLElement;
  readonly doc: Document;
  readonly controller: DeclareController;
  readonly refresh: LiveRefresh;
  readonly window: JSDOM["window"];
  renders(): number;
  close(): void;
}

/** The declaration window on a player's client (DeclareDialog.show and its live refresh). */
export async function openDeclare(
  client: PlayerClient,
  pub: PublicLake,
  sceneId: string,
): Promise<DeclareWindow | undefined> {
  const me = client.me().id;
  const fishers = pub.fishers
    .filter((f) => f.actorId && client.ownersOf(f.actorId).includes(me))
    .map((f) => f.id);
  if (!fishers.length) return undefined;
  const { doc, root, window } = page();
  const controller = new DeclareController({
    lake: pub.id,
    lakeName: pub.name,
    fishers,
    desk: client.wiring!.player,
    localize: strictLocalize,
    declaredNames: () => {
      const p = publicLakeOf(client.scene(sceneId)!, pub.id);
      return (p?.declared ?? []).map((id) => p?.fishers.find((f) => f.id === id)?.name ?? id);
    },
  });
  let renders = 0;
  const render = async (focus?: FocusKey): Promise<void> => {
    renders++;
    root.innerHTML = dialogTemplate(controller.context());
    controller.bind(root, render);
    restoreFocus(root, focus);
  };
  const refresh = declareRefresh(controller, sceneId, render, () => doc.activeElement);
  await controller.load();
  await render();
  refresh.follow(client.wiring!.live);
  return {
    root,
    doc,
    controller,
    refresh,
    window,
    renders: () => renders,
    close: () => refresh.stop(),
  };
}
