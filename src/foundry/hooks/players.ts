/**
 * The players' side in Foundry, in the module's hook list (module.ts): settings, the lock and
 * cancel-pick keybindings and templates at init, the key commitment at ready, the hand-over
 * on userConnected, the roll card's buttons and a "declare" button on the round card
 * (renderChatMessageHTML, v13 HTMLElement), the token HUD button (renderTokenHUD), and the
 * declaration window at round start (updateScene: the public lake's round moved on).
 */
import { MODULE_ID, TEMPLATE_ROOT } from "../core/constants.ts";
import type { PublicLake } from "../fishing/projection.ts";
import { isFisherToken, sceneFlags } from "../fishing/projection.ts";
import type { Runtime } from "../runtime.ts";
import { authorIdOf } from "../core/compat.ts";
import type { DeclareDialog } from "../players/declare-dialog.ts";
import type { DeclareWindows } from "../players/declare-windows.ts";
import { DECLARE_PARTIAL, DIALOG_TEMPLATE } from "../players/declare-templates.ts";
import { ROLL_CARD, checksFlagOf } from "../players/roll-card.ts";
import { registerPlayerSettings } from "../players/settings.ts";
import type { PlayerWiring } from "../players/wire.ts";
import { DeclarePrompt } from "../players/prompt.ts";
import type { SquarePicks } from "../players/square-pick.ts";
import { CANCEL_PICK_ACTION, cancelPickBinding } from "../players/square-pick.ts";
import type { HookSink } from "./hook-list.ts";

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

/**
 * The players' part of the hook list. What the players' side gives the windows, the cards and the
 * Kayanak board (the wizard's modifiers, the panel's lock, the declare button, a player's click
 * on a hole) is passed to them by the composition root (module.ts).
 */
export function listen(
  rt: () => Runtime,
  w: () => PlayerWiring,
  hooks: HookSink,
  declare: () => DeclareWindows,
  picks: () => SquarePicks,
): void {
  // issue 20 item 3: the declaration window opens by itself (players/prompt.ts)
  let asking: DeclarePrompt | undefined;
  const prompt = () =>
    (asking ??= new DeclarePrompt(w().port, (pub, sceneId) => void declare().show(pub, sceneId)));

  hooks.once("init", () => {
    registerPlayerSettings();
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
    // Escape during a square pick cancels the pick alone (square-pick.ts); keybindings can only be
    // registered at init (v13 client/helpers/interaction/client-keybindings.mjs, register throws
    // once the bindings are initialized, after setup)
    game.keybindings!.register(
      MODULE_ID,
      CANCEL_PICK_ACTION,
      cancelPickBinding(picks, CONST.KEYBINDING_PRECEDENCE.PRIORITY) as never,
    );
    void foundry.applications.handlebars.loadTemplates([
      ROLL_CARD,
      DIALOG_TEMPLATE,
      DECLARE_PARTIAL,
    ]);
  });

  hooks.once("ready", () => {
    // The public API (api.ts, created at init) gains the players' side: the declare macro
    // calls api.openDeclare(); a GM's macro can lock, roll for a player or enter a total.
    const mod = game.modules!.get(MODULE_ID) as unknown as
      { api?: Record<string, unknown> } | undefined;
    if (mod?.api)
      Object.assign(mod.api, {
        openDeclare: () => openForScene(declare()),
        players: {
          lock: (lake: string) => w().gm.lock(lake),
          rollFor: (lake: string, fisher: string) => w().gm.rollFor(lake, fisher),
          enterTotal: (lake: string, fisher: string, total: number) =>
            w().gm.enterTotal(lake, fisher, total),
          resolve: (lake: string, round: number) => w().gm.resolve(lake, round),
        },
      });
    // a player who joins mid-round is asked once their key commitment is out (the GM's desk needs it)
    const scenes = () =>
      game.scenes!.contents.map((x) => ({ _id: x.id!, flags: x.flags as never }));
    prompt().prime(scenes());
    void w()
      .ready()
      .then(() => prompt().ready(scenes()));
  });

  hooks.on("userConnected", () => void w().userActivity());

  hooks.on("renderChatMessageHTML", (message: ChatMessage.Implementation, html: HTMLElement) => {
    const m = message as unknown as { flags: Record<string, unknown> };
    const checks = checksFlagOf(m);
    // a roll card counts only when a GM client wrote it (a player may post one with its flag)
    if (checks && rt().byGm({ author: authorIdOf(message) }))
      return wireRollCard(w(), html, checks.lake, checks.round);
    // anyone else's message shows no roll buttons: a look-alike card offers nothing to click
    for (const b of html.querySelectorAll("button[data-action=kolikoly-roll]")) b.remove();
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
      b.addEventListener("click", () => void declare().show(pub, sceneId));
      (html.querySelector(".col.left") ?? html).append(b);
    }
  };
  hooks.on("renderTokenHUD" as never, onHud as never);

  hooks.on("updateScene", (scene: Scene.Implementation, changed: object) => {
    prompt().sceneChanged({ _id: scene.id!, flags: scene.flags as never }, changed);
  });
}

/** Opens the declaration window for the active lake of the viewed scene (the declare macro). */
function openForScene(declare: DeclareWindows): Promise<DeclareDialog | undefined> {
  const scene = canvas?.scene;
  const active =
    scene && sceneFlags({ flags: scene.flags as Record<string, unknown> } as never).active;
  const l = active ? lakeById(active) : lakes().find((x) => x.sceneId === scene?.id);
  return l ? declare.show(l.pub, l.sceneId) : Promise.resolve(undefined);
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
export function addDeclareButton(
  w: PlayerWiring,
  declare: DeclareWindows,
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
  b.addEventListener("click", () => void declare.show(l.pub, l.sceneId));
  html.querySelector(".message-content")?.append(b);
}

export { TEMPLATE_ROOT };
