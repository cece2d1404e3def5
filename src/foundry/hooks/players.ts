/**
 * The players' side in Foundry, registered from main.ts (one `listen`, pf2e's hook registry
 * style): settings and the query handler at init, the key commitment at ready, the hand-over
 * on userConnected, the roll card's buttons and a "declare" button on the round card
 * (renderChatMessageHTML, v13 HTMLElement), the token HUD button (renderTokenHUD), and the
 * declaration window at round start (updateScene: the public lake's round moved on).
 */
import { MODULE_ID, TEMPLATE_ROOT } from "../core/constants.ts";
import { cardFlagOf } from "../fishing/cards.ts";
import type { PublicLake } from "../fishing/projection.ts";
import { isFisherToken, sceneFlags } from "../fishing/projection.ts";
import type { Runtime } from "../runtime.ts";
import { LakeWizard } from "../apps/lake-wizard.ts";
import { dexMod } from "../systems/common.ts";
import { authorIdOf } from "../core/compat.ts";
import { onKayanakLoad } from "../kayanak/load.ts";
import { GmPanel } from "../apps/gm-panel.ts";
import { DeclareDialog } from "../players/declare-dialog.ts";
import { DECLARE_PARTIAL, DIALOG_TEMPLATE } from "../players/declare-form.ts";
import { ROLL_CARD, checksFlagOf } from "../players/desk.ts";
import { livePlayerPort } from "../players/live-port.ts";
import { OPEN_SETTING, registerPlayerSettings } from "../players/settings.ts";
import { PlayerWiring } from "../players/wire.ts";
import { RoundWatch } from "../players/round-watch.ts";

/** Every lake on every scene, with its scene. */
function lakes(): { pub: PublicLake; sceneId: string }[] {
  return game.scenes!.contents.flatMap((s) =>
    Object.values(
      sceneFlags({ flags: (s.flags ?? {}) as Record<string, unknown> } as never).lakes ?? {},
    ).map((pub) => ({
      pub,
      sceneId: s.id!,
    })),
  );
}

function lakeById(id: string): { pub: PublicLake; sceneId: string } | undefined {
  return lakes().find((l) => l.pub.id === id);
}

/** The players' side of a runtime (main.ts builds it with the runtime: runtime.ts `players`). */
export function playersOf(rt: Runtime): PlayerWiring {
  return new PlayerWiring(livePlayerPort(rt.port), rt.host, rt.kayanak);
}

export function listen(rt: () => Runtime): void {
  const w = (): PlayerWiring => rt().players as PlayerWiring;
  const rounds = new RoundWatch();

  Hooks.once("init", () => {
    registerPlayerSettings();
    DeclareDialog.wiring = w;
    // the round card's declare button, added once the core has put the card's content in place
    rt().decorators.push((message, html) => {
      const card = cardFlagOf(message.flags);
      // the lake from the cards' index (issue 20 item 6), not from every scene
      if (card?.kind === "round")
        addDeclareButton(
          w(),
          html,
          rt().lakes.find(card.lake, () => game.scenes!.contents.map((s) => s.id!)),
        );
    });
    // the lake wizard fills each fisher's modifiers from the system adapter (GM-typed ones win)
    LakeWizard.modsFor = (actorId) => {
      const actor = w().port.actor(actorId);
      return actor ? w().adapter().mods(actor) : undefined;
    };
    GmPanel.lock = async (lakeId) => {
      w().player.report(await w().gm.lock(lakeId));
    };
    // Kayanak's landing check (J6 setting): the fisher's Dexterity modifier from the actor
    LakeWizard.dexFor = (actorId) => {
      const actor = w().port.actor(actorId);
      return actor ? dexMod(actor) : undefined;
    };
    // a click on a Kayanak hole (or the bar's roll/end) from a player: the players' query
    onKayanakLoad(({ KayanakLayer }) => {
      KayanakLayer.send = async (lake, fisher, round, request) => {
        w().player.report(await w().player.kayanak({ lake, fisher, round, request }));
      };
    });
    LakeWizard.netDamageFor = (actorId) => {
      const actor = w().port.actor(actorId);
      return actor ? w().adapter().netDamage(actor) : undefined;
    };
    game.keybindings!.register(MODULE_ID, "lockRound", {
      name: "KOLIKOLY.Players.Gm.Lock",
      editable: [{ key: "KeyL", modifiers: ["Shift" as never] }],
      restricted: true,
      onDown: () => {
        const scene = canvas?.scene;
        const active =
          scene && sceneFlags({ flags: scene.flags as Record<string, unknown> } as never).active;
        if (active)
          void w()
            .gm.lock(active)
            .then((r) => w().player.report(r));
        return true;
      },
    });
    void foundry.applications.handlebars.loadTemplates([
      ROLL_CARD,
      DIALOG_TEMPLATE,
      DECLARE_PARTIAL,
    ]);
  });

  Hooks.once("ready", () => {
    rounds.prime(lakes().map((l) => l.pub));
    // The public API (api.ts, created at init) gains the players' side: the declare macro
    // calls api.openDeclare(); a GM's macro can lock, roll for a player or enter a total.
    const mod = game.modules!.get(MODULE_ID) as unknown as
      { api?: Record<string, unknown> } | undefined;
    if (mod?.api)
      Object.assign(mod.api, {
        openDeclare: () => openForScene(),
        players: {
          lock: (lake: string) => w().gm.lock(lake),
          rollFor: (lake: string, fisher: string) => w().gm.rollFor(lake, fisher),
          enterTotal: (lake: string, fisher: string, total: number) =>
            w().gm.enterTotal(lake, fisher, total),
          resolve: (lake: string, round: number) => w().gm.resolve(lake, round),
        },
      });
    void w().ready();
  });

  Hooks.on("userConnected", () => void w().userActivity());

  Hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const m = message as unknown as { flags: Record<string, unknown> };
    const checks = checksFlagOf(m);
    // a roll card counts only when a GM client wrote it (a player may post one with its flag)
    if (checks && rt().byGm({ author: authorIdOf(message) }))
      return wireRollCard(w(), html, checks.lake, checks.round);
  });

  // v13 TokenHUD is an ApplicationV2: renderTokenHUD(hud, html: HTMLElement, context, options)
  const onHud = (hud: { document?: { id?: string | null } }, html: HTMLElement) => {
    const scene = canvas?.scene;
    const data = { _id: hud.document?.id ?? undefined };
    if (!scene) return;
    for (const { pub, sceneId } of lakes()) {
      if (sceneId !== scene.id) continue;
      const token = scene.tokens.get(data._id ?? "")?.toObject() as never;
      if (!token || !isFisherToken(pub, token)) continue;
      const fisher = pub.fishers.find((f) => f.tokenId === data._id);
      if (!fisher?.actorId || !w().port.ownersOf(fisher.actorId).includes(game.user!.id!)) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "control-icon kolikoly-hud-declare";
      const label = game.i18n!.localize("KOLIKOLY.Players.Hud.Declare");
      b.setAttribute("aria-label", label);
      b.dataset.tooltip = label;
      b.innerHTML = `<i class="fa-solid fa-fish" inert></i>`;
      b.addEventListener("click", () => void DeclareDialog.show(pub, sceneId));
      (html.querySelector(".col.left") ?? html).append(b);
    }
  };
  Hooks.on("renderTokenHUD" as never, onHud as never);

  Hooks.on("updateScene", (scene: Scene.Implementation, changed: object) => {
    const change = changed as { flags?: Record<string, unknown> };
    if (!change.flags?.[MODULE_ID] || game.user!.isGM) return;
    const open = (game.settings as unknown as { get(n: string, k: string): unknown }).get(
      MODULE_ID,
      OPEN_SETTING,
    );
    const here = Object.values(
      sceneFlags({ flags: scene.flags as Record<string, unknown> } as never).lakes ?? {},
    );
    for (const pub of rounds.advanced(here)) if (open) void DeclareDialog.show(pub, scene.id!);
  });
}

/** Opens the declaration window for the active lake of the viewed scene (the declare macro). */
function openForScene(): Promise<DeclareDialog | undefined> {
  const scene = canvas?.scene;
  const active =
    scene && sceneFlags({ flags: scene.flags as Record<string, unknown> } as never).active;
  const l = active ? lakeById(active) : lakes().find((x) => x.sceneId === scene?.id);
  return l ? DeclareDialog.show(l.pub, l.sceneId) : Promise.resolve(undefined);
}

/** The roll card on this client: buttons only for fishers this user owns; a GM rolls for anyone. */
function wireRollCard(w: PlayerWiring, html: HTMLElement, lake: string, round: number): void {
  const l = lakeById(lake);
  const me = w.port.me();
  for (const b of html.querySelectorAll<HTMLButtonElement>("button[data-action=kolikoly-roll]")) {
    const fisher = b.dataset.fisher ?? "";
    const f = l?.pub.fishers.find((x) => x.id === fisher);
    const mine = !!f?.actorId && w.port.ownersOf(f.actorId).includes(me.id) && !me.isGM;
    if (!mine && !me.isGM) {
      b.remove();
      continue;
    }
    b.addEventListener("click", (ev) => {
      if (mine) return void w.player.rollFromCard(lake, round, fisher);
      // the GM: a click rolls through the system for an absent player; Shift types a total
      if ((ev as MouseEvent).shiftKey) return void enterTotal(w, lake, fisher, f?.name ?? fisher);
      void w.gm.rollFor(lake, fisher).then((r) => w.player.report(r));
    });
  }
}

async function enterTotal(
  w: PlayerWiring,
  lake: string,
  fisher: string,
  name: string,
): Promise<void> {
  const label = w.port.localize("KOLIKOLY.Players.Gm.Enter", { name });
  const value = await foundry.applications.api.DialogV2.prompt({
    window: { title: label },
    content: `<label>${label} <input type="number" name="total" step="1" required autofocus></label>`,
    ok: {
      callback: (_e: unknown, button: HTMLButtonElement) =>
        (button.form?.elements.namedItem("total") as HTMLInputElement | null)?.value,
    },
  } as never);
  const total = Number(value);
  if (value === null || value === undefined || !Number.isInteger(total)) return;
  w.player.report(await w.gm.enterTotal(lake, fisher, total));
}

/** The round card: a button that opens the declaration window, for users who own a fisher there. */
function addDeclareButton(
  w: PlayerWiring,
  html: HTMLElement,
  l: { pub: PublicLake; sceneId: string } | undefined,
): void {
  const me = w.port.me().id;
  if (
    !l ||
    l.pub.over ||
    !l.pub.fishers.some((f) => f.actorId && w.port.ownersOf(f.actorId).includes(me))
  )
    return;
  if (html.querySelector(".kolikoly-card-declare")) return;
  const b = document.createElement("button");
  b.type = "button";
  b.className = "kolikoly-card-declare";
  b.textContent = w.port.localize("KOLIKOLY.Players.Hud.Declare");
  b.addEventListener("click", () => void DeclareDialog.show(l.pub, l.sceneId));
  html.querySelector(".message-content")?.append(b);
}

export { TEMPLATE_ROOT };
