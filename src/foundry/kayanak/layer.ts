/**
 * The Kayanak board on the canvas (issue 11 item 4, issue 20 item 2), drawn by every client from
 * the public board flag as the table draws the ice sheet (src/ui/ice-svg.ts `iceSheetArt`: the
 * floes, the holes covered, open with their cracks and the fish seen as balls, or frozen under a
 * crystal, the "No trespassing!" signs), a picture under the bears' tokens like the fishing
 * board's (core/board-picture.ts), with the holes this user's fisher may play on lit. A small bar
 * shows whose turn it is and the dice, with the buttons of the fisher this user plays (roll, the
 * step kind, end the turn; the GM's undo). A click on a lit hole (`canvas.stage` pointerdown then
 * pointerup of the primary button with little movement between them, canvas.ts `isClick`: a
 * right-button pan or a drag asks for nothing; the point read in world coordinates as the
 * declaration dialog reads squares) asks for that step:
 * a player's request goes to the active GM (players' query, owner-attested), the GM's straight to
 * the host. The GM's clicks act only with a step kind picked, so selecting tokens stays harmless.
 */
import type { Hole, StepKind } from "../../rules/kayanak/index.ts";
import { errorKey, UNKNOWN_ERROR_KEY } from "../core/reply.ts";
import type { Port } from "../core/port.ts";
import type { SceneData } from "../core/port.ts";
import type { PublicBoard } from "./board.ts";
import { activeBoardOf, holeAt } from "./board.ts";
import type { PointerPoint } from "./canvas.ts";
import { actingFisher, isClick, litHoles, stepFor } from "./canvas.ts";
import { ART_BUDGETS, BoardPictures } from "../core/board-picture.ts";
import { iceSheetArt } from "../../ui/ice-svg.ts";
import { holeOrigin } from "./board.ts";
import type { KayanakHost, KayanakRequest } from "./host.ts";
import { faceIcon } from "./dice.ts";

const K = "KOLIKOLY.Kayanak.Foundry.Board";

type Pointer = PointerPoint;
interface Stage {
  on(ev: string, fn: (e: Pointer) => void): void;
  off(ev: string, fn: (e: Pointer) => void): void;
  worldTransform: { applyInverse(p: { x: number; y: number }): { x: number; y: number } };
}
interface CanvasLike {
  ready?: boolean;
  scene?: { id: string } | null;
  interface?: { addChild(g: unknown): void } | null;
  stage?: Stage;
}

/** How this client sends a player's request (the players' query; module.ts passes it). */
export type PlayerSend = (
  boardId: string,
  fisher: string,
  turn: number,
  request: KayanakRequest,
) => Promise<void>;

const pictures = new BoardPictures("kolikoly-kayanak-board", ART_BUDGETS.kayanak);
let bar: HTMLElement | undefined;
let stage: Stage | undefined;
/**
 * What the canvas layer uses of this client's runtime (runtime.ts): the port, and the Kayanak
 * host's requests (the lazy host there, whose code is this chunk's).
 */
export interface BoardRuntime {
  readonly port: Port;
  readonly kayanak: Pick<KayanakHost, "request" | "undoTurn">;
}

/** The step kind picked in the bar (none: inferred where only one kind is allowed). */
let kind: StepKind | undefined;

function t(key: string, data?: Record<string, unknown>): string {
  return data ? game.i18n!.format(key, data as Record<string, string>) : game.i18n!.localize(key);
}

function current(rt: BoardRuntime): { scene: SceneData; pub: PublicBoard } | undefined {
  const c = canvas as unknown as CanvasLike | undefined;
  const scene = c?.scene ? rt.port.scene(c.scene.id) : undefined;
  const pub = scene && activeBoardOf(scene);
  return scene && pub ? { scene, pub } : undefined;
}

/** The canvas is torn down: the board's picture goes with it, its texture freed now. */
export function tearDownKayanak(): void {
  pictures.clear();
}

/** Draws (or removes) the scene's Kayanak board, the bar, and listens for clicks on holes. */
export function drawKayanak(rt: BoardRuntime, asPlayer?: PlayerSend): void {
  const c = canvas as unknown as CanvasLike | undefined;
  if (stage) {
    stage.off("pointerdown", onDown);
    stage.off("pointerup", onUp);
  }
  stage = undefined;
  pressed = undefined;
  const here = c?.ready && c.interface ? current(rt) : undefined;
  if (!here) {
    pictures.clear();
    bar?.remove();
    bar = undefined;
    kind = undefined;
    return;
  }
  const { scene, pub } = here;
  // a step kind picked holds for the turn it was picked in
  if (bar?.dataset.board !== pub.id || bar.dataset.turn !== String(pub.view.turn)) kind = undefined;
  const me = rt.port.me();
  const fisher = actingFisher(pub, me, (a) => rt.port.ownersOf(a));
  // the holes a click plays on, lit for whoever may play the turn now
  const legal = fisher !== undefined ? litHoles(pub.view).map((h) => h.at) : [];
  void pictures.show(
    [
      {
        art: iceSheetArt(pub.view, { title: pub.name, legal }),
        ...holeOrigin(pub, scene, [0, 0]),
        elevation: 0,
      },
    ],
    scene.gridSize,
  );
  if (c!.stage) {
    stage = c!.stage;
    stage.on("pointerdown", onDown);
    stage.on("pointerup", onUp);
  }
  renderBar(rt, pub, fisher, asPlayer);
  handler = (e) => void onClick(rt, e, asPlayer);
}

let handler: ((e: Pointer) => void) | undefined;
/** The last press on the stage (its button and screen point), until its release. */
let pressed: PointerPoint | undefined;
function onDown(e: Pointer): void {
  pressed = { button: e.button, global: { x: e.global.x, y: e.global.y } };
}
/** A release acts only when it ends a click (canvas.ts `isClick`): primary button, little movement. */
function onUp(e: Pointer): void {
  const down = pressed;
  pressed = undefined;
  if (isClick(down, e)) handler?.(e);
}

async function send(
  rt: BoardRuntime,
  pub: PublicBoard,
  fisher: string,
  req: KayanakRequest,
  asPlayer: PlayerSend | undefined,
) {
  if (!rt.port.me().isGM) return asPlayer?.(pub.id, fisher, pub.view.turn, req);
  const r = await rt.kayanak.request(pub.id, fisher, req);
  if (r.ok) return;
  const key = errorKey(r.error.code, (k) => game.i18n!.has(k));
  ui.notifications?.error(
    key === UNKNOWN_ERROR_KEY ? r.error.message : t(key, { field: r.error.field }),
  );
}

async function onClick(
  rt: BoardRuntime,
  e: Pointer,
  asPlayer: PlayerSend | undefined,
): Promise<void> {
  const here = current(rt);
  if (!here || !stage) return;
  const { scene, pub } = here;
  const me = rt.port.me();
  const fisher = actingFisher(pub, me, (a) => rt.port.ownersOf(a));
  if (!fisher || !pub.view.inPlay || (me.isGM && !kind)) return;
  const p = stage.worldTransform.applyInverse(e.global);
  const hole: Hole | undefined = holeAt(pub, scene, p.x, p.y);
  if (!hole) return;
  const { step, kinds } = stepFor(pub.view, hole, kind);
  if (step) return send(rt, pub, fisher, { kind: "step", step }, asPlayer);
  if (kinds.length > 1)
    ui.notifications?.info(
      t(`${K}.PickKind`, { kinds: kinds.map((k) => t(`${K}.Kind.${k}`)).join(", ") }),
    );
}

/** The bar: the board, whose turn, the dice; the buttons of the fisher this user plays. */
function renderBar(
  rt: BoardRuntime,
  pub: PublicBoard,
  fisher: string | undefined,
  asPlayer: PlayerSend | undefined,
): void {
  if (!bar) {
    bar = document.createElement("section");
    bar.id = "kolikoly-kayanak-bar";
    bar.className = "kolikoly-kayanak-bar";
    document.body.append(bar);
  }
  const v = pub.view;
  const name = (id: string | null | undefined) => pub.fishers.find((f) => f.id === id)?.name ?? "";
  const lines: string[] = [];
  const esc = (s: string) =>
    s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  lines.push(`<strong>${esc(pub.name)}</strong>`);
  if (v.over)
    lines.push(esc(t(`${K}.Over`, { winners: v.winners.map((w) => name(w)).join(", ") })));
  else lines.push(esc(t(`${K}.TurnOf`, { turn: v.turn + 1, name: name(v.next) })));
  if (v.inPlay) {
    // each face as its icon (Font Awesome, which every client has) and its name in words
    const dice = [v.inPlay.die, ...(v.inPlay.temperature ? [v.inPlay.temperature] : [])]
      .map(
        (f) => `${faceIcon(f.face)} ${esc(t(`KOLIKOLY.Kayanak.Foundry.Face.${f.face}`))} ${f.dots}`,
      )
      .join(" + ");
    const sentence = esc(t(`${K}.Dice`, { dice: "\u0000", left: v.inPlay.dots - v.inPlay.used }));
    lines.push(`<span data-dice>${sentence.replace("\u0000", dice)}</span>`);
  }
  lines.push(`<span class="hint">${esc(t(`${K}.Legend`))}</span>`);
  const buttons: string[] = [];
  if (fisher && !v.over) {
    if (!v.inPlay)
      buttons.push(`<button type="button" data-kayanak="roll">${esc(t(`${K}.Roll`))}</button>`);
    else {
      const kinds: StepKind[] = ["move", "hack", "fish"];
      if (v.variant === "weather" && v.inPlay.temperature?.face === "tile") kinds.push("tile");
      if (v.variant === "weather" && v.inPlay.temperature?.face === "crystal")
        kinds.push("crystal");
      for (const k of kinds)
        buttons.push(
          `<button type="button" data-kayanak-kind="${k}" aria-pressed="${kind === k}">${esc(t(`${K}.Kind.${k}`))}</button>`,
        );
      buttons.push(`<button type="button" data-kayanak="end">${esc(t(`${K}.End`))}</button>`);
      lines.push(
        `<span class="hint">${esc(t(rt.port.me().isGM ? `${K}.ClickGm` : `${K}.Click`))}</span>`,
      );
    }
  }
  if (rt.port.me().isGM)
    buttons.push(`<button type="button" data-kayanak="undo">${esc(t(`${K}.Undo`))}</button>`);
  bar.dataset.board = pub.id;
  bar.dataset.turn = String(v.turn);
  bar.innerHTML = `<div class="kolikoly-kayanak-lines">${lines.map((l) => `<div>${l}</div>`).join("")}</div><div class="kolikoly-kayanak-buttons">${buttons.join("")}</div>`;
  bar.querySelectorAll<HTMLButtonElement>("[data-kayanak-kind]").forEach((b) =>
    b.addEventListener("click", () => {
      const k = b.dataset.kayanakKind as StepKind;
      kind = kind === k ? undefined : k;
      bar
        ?.querySelectorAll("[data-kayanak-kind]")
        .forEach((x) =>
          x.setAttribute("aria-pressed", String((x as HTMLElement).dataset.kayanakKind === kind)),
        );
    }),
  );
  bar.querySelectorAll<HTMLButtonElement>("[data-kayanak]").forEach((b) =>
    b.addEventListener("click", () => {
      const what = b.dataset.kayanak;
      if (what === "undo")
        return void rt.kayanak.undoTurn(pub.id).then((r) => {
          if (!r.ok) ui.notifications?.warn(t(errorKey(r.error.code, (k) => game.i18n!.has(k))));
        });
      if (!fisher) return;
      kind = undefined;
      void send(rt, pub, fisher, what === "roll" ? { kind: "roll" } : { kind: "end" }, asPlayer);
    }),
  );
}
