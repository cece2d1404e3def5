/**
 * The Kayanak board on the canvas (issue 11 item 4), drawn by every client from the public board
 * flag (canvas.ts: `kayanakShapes`) as PIXI graphics on the interface group, like the fishing
 * board (board-layer.ts): the holes with their floe's colour, the ice covered, open or frozen,
 * the fish seen in open holes, the tiles, the legal holes lit on the turn in play. A small bar
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
import type { Runtime } from "../runtime.ts";
import type { SceneData } from "../core/port.ts";
import type { PublicBoard } from "./board.ts";
import { activeBoardOf, holeAt } from "./board.ts";
import type { HoleShape } from "./canvas.ts";
import type { PointerPoint } from "./canvas.ts";
import { actingFisher, isClick, kayanakShapes, stepFor } from "./canvas.ts";
import type { KayanakRequest } from "./host.ts";
import { faceText } from "./dice.ts";

const K = "KOLIKOLY.Kayanak.Foundry.Board";

type Gfx = {
  lineStyle(w: number, c: number, a: number): Gfx;
  beginFill(c: number, a: number): Gfx;
  endFill(): Gfx;
  drawRect(x: number, y: number, w: number, h: number): Gfx;
  addChild(c: unknown): unknown;
  destroy(o?: object): void;
  readonly destroyed?: boolean;
  name?: string;
};
type TextLike = { x: number; y: number };
type Pixi = {
  Graphics: new () => Gfx;
  Text: new (t: string, s: object) => TextLike;
};
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

/** Floe colours (J1: the box's floes are told apart by their outline). */
const FLOE_COLOURS = [0x2a6f97, 0x8e44ad, 0x27ae60, 0xd35400, 0xc0392b, 0x16a085, 0x7f8c8d];
const ICE = { covered: 0xe8f4fa, open: 0x1f4e79, frozen: 0x9fd8ef } as const;

/** How this client sends a player's request (the players' query; module.ts passes it). */
export type PlayerSend = (
  boardId: string,
  fisher: string,
  turn: number,
  request: KayanakRequest,
) => Promise<void>;

let gfx: Gfx | undefined;
let bar: HTMLElement | undefined;
let stage: Stage | undefined;
/** The step kind picked in the bar (none: inferred where only one kind is allowed). */
let kind: StepKind | undefined;

function t(key: string, data?: Record<string, unknown>): string {
  return data ? game.i18n!.format(key, data as Record<string, string>) : game.i18n!.localize(key);
}

function current(rt: Runtime): { scene: SceneData; pub: PublicBoard } | undefined {
  const c = canvas as unknown as CanvasLike | undefined;
  const scene = c?.scene ? rt.port.scene(c.scene.id) : undefined;
  const pub = scene && activeBoardOf(scene);
  return scene && pub ? { scene, pub } : undefined;
}

/** Draws (or removes) the scene's Kayanak board, the bar, and listens for clicks on holes. */
export function drawKayanak(rt: Runtime, asPlayer?: PlayerSend): void {
  const c = canvas as unknown as CanvasLike | undefined;
  if (gfx && !gfx.destroyed) gfx.destroy({ children: true });
  gfx = undefined;
  if (stage) {
    stage.off("pointerdown", onDown);
    stage.off("pointerup", onUp);
  }
  stage = undefined;
  pressed = undefined;
  const here = c?.ready && c.interface ? current(rt) : undefined;
  if (!here) {
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
  const P = (globalThis as unknown as { PIXI: Pixi }).PIXI;
  const g = new P.Graphics();
  g.name = "kolikoly-kayanak-board";
  for (const h of kayanakShapes(pub, scene, fisher !== undefined)) drawHole(g, h, P);
  c!.interface!.addChild(g);
  gfx = g;
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

function drawHole(g: Gfx, h: HoleShape, P: Pixi): void {
  const pad = Math.max(2, h.size * 0.06);
  const floe = FLOE_COLOURS[h.floe % FLOE_COLOURS.length]!;
  // the floe: its colour around the hole
  g.lineStyle(Math.max(2, h.size * 0.05), floe, 0.95)
    .beginFill(floe, 0.25)
    .drawRect(h.x + 1, h.y + 1, h.size - 2, h.size - 2)
    .endFill();
  // the ice (covered: white; open: dark water; frozen: pale blue under a crystal)
  g.lineStyle(1, 0x0b2233, 0.6)
    .beginFill(ICE[h.ice], h.ice === "open" ? 0.9 : 0.85)
    .drawRect(h.x + pad, h.y + pad, h.size - 2 * pad, h.size - 2 * pad)
    .endFill();
  if (h.legal.length)
    g.lineStyle(Math.max(3, h.size * 0.07), 0xffd54a, 1).drawRect(
      h.x + pad * 1.5,
      h.y + pad * 1.5,
      h.size - 3 * pad,
      h.size - 3 * pad,
    );
  const text = (s: string, x: number, y: number, size: number, fill = 0xffffff) => {
    const el = new P.Text(s, {
      fontSize: size,
      fill,
      stroke: 0x000000,
      strokeThickness: Math.max(2, size / 6),
    });
    el.x = x;
    el.y = y;
    g.addChild(el);
  };
  const small = Math.max(10, Math.round(h.size * 0.16));
  text(h.label, h.x + pad * 1.5, h.y + pad, small, h.ice === "covered" ? 0x0b2233 : 0xffffff);
  // the fish seen in an open hole: big / small (the bar's legend says which is which)
  if (h.fish)
    text(
      `${h.fish.big}/${h.fish.small}`,
      h.x + h.size * 0.3,
      h.y + h.size * 0.4,
      Math.round(h.size * 0.28),
    );
  if (h.ice === "frozen") text("❄", h.x + h.size * 0.62, h.y + pad, small * 1.4, 0x0b2233);
  if (h.tile) text("🚫", h.x + h.size * 0.62, h.y + h.size * 0.62, small * 1.4);
}

async function send(
  rt: Runtime,
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

async function onClick(rt: Runtime, e: Pointer, asPlayer: PlayerSend | undefined): Promise<void> {
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
  rt: Runtime,
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
    const dice = [v.inPlay.die, ...(v.inPlay.temperature ? [v.inPlay.temperature] : [])]
      .map(faceText)
      .join(" + ");
    lines.push(
      `<span data-dice>${esc(t(`${K}.Dice`, { dice, left: v.inPlay.dots - v.inPlay.used }))}</span>`,
    );
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
