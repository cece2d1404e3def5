/**
 * The Kayanak board on the canvas, as data (issue 11 item 4): what every client draws and where
 * a click goes, computed from the public board flag only (board.ts: the engine's player view),
 * so a GM's canvas and a player's draw the same thing and neither holds a covered hole's
 * contents. The drawing itself (the picture, the control bar, the stage's clicks) is layer.ts.
 *
 * Which holes are legal comes from the engine's own `legalSteps`, run on a state rebuilt from
 * the view: no rule of J4-J8 looks at what lies under the ice (a covered hole is hacked or
 * walked on whatever it holds), so the view's state allows exactly what the GM's does. The GM's
 * host still judges every request.
 */
import type { Hole, HoleState, KayanakState, Step, StepKind } from "../../rules/kayanak/index.ts";
import {
  DEFAULT_SETTINGS,
  holeIndex,
  holeKey,
  legalSteps,
  makeBoard,
} from "../../rules/kayanak/index.ts";
import type { BoardView, PublicBoard } from "./board.ts";

/** The step kinds a click on a hole can ask for (a tile goes on the clicked hole's floe). */
export const HOLE_STEP_KINDS: readonly StepKind[] = ["move", "hack", "fish", "tile", "crystal"];

/** A state with the view's public facts: covered holes hold nothing (no rule reads it). */
export function stateFromView(view: BoardView): KayanakState {
  const board = makeBoard(view.width, view.height, view.floes);
  const holes: HoleState[] = Array.from({ length: view.width * view.height }, () => ({
    open: false,
    frozen: false,
    big: 0,
    small: 0,
  }));
  let frozen = 0;
  for (const h of view.holes) {
    holes[holeIndex(board, h.at)] = {
      open: h.open,
      frozen: h.frozen,
      big: h.open ? (h.big ?? 0) : 0,
      small: h.open ? (h.small ?? 0) : 0,
    };
    if (h.frozen) frozen++;
  }
  const next = view.fishers.findIndex((f) => f.id === view.next);
  return {
    board,
    settings: {
      ...DEFAULT_SETTINGS,
      variant: view.variant,
      tiles: view.tilesLeft + view.tiles.length,
      crystals: view.crystalsLeft + frozen,
    },
    fishers: view.fishers.map((f) => ({
      id: f.id,
      name: f.name,
      at: [f.at[0], f.at[1]],
      big: f.big,
      small: f.small,
    })),
    holes,
    tiles: [...view.tiles],
    turn: view.turn,
    next: Math.max(0, next),
    ...(view.inPlay
      ? {
          pending: {
            ...view.inPlay,
            fished: view.inPlay.fished.map((h): Hole => [h[0], h[1]]),
          },
        }
      : {}),
    over: view.over,
    winners: [...view.winners],
    dropped: view.dropped,
    rng: [0, 0, 0, 0] as unknown as KayanakState["rng"],
  };
}

export function kindOfStep(s: Step): StepKind {
  return HOLE_STEP_KINDS.find((k) => k in s)!;
}

/** Every legal step now, by the hole a click on it asks for (a tile: every hole of its floe). */
export function legalByHole(view: BoardView): Map<string, Step[]> {
  const out = new Map<string, Step[]>();
  if (view.over || !view.inPlay) return out;
  const add = (h: Hole, s: Step) => out.set(holeKey(h), [...(out.get(holeKey(h)) ?? []), s]);
  for (const s of legalSteps(stateFromView(view))) {
    if ("move" in s) add(s.move, s);
    else if ("hack" in s) add(s.hack, s);
    else if ("fish" in s) add(s.fish, s);
    else if ("crystal" in s) add(s.at, s);
    else if ("tile" in s) for (const h of view.floes[s.floe] ?? []) add(h, s);
  }
  return out;
}

/**
 * The step a click on `hole` asks for: the one of `kind` when given, else the only one allowed
 * there. `kinds` lists what is allowed there (more than one and no kind: the player picks).
 */
export function stepFor(
  view: BoardView,
  hole: Hole,
  kind?: StepKind,
): { step?: Step; kinds: StepKind[] } {
  const steps = legalByHole(view).get(holeKey(hole)) ?? [];
  const kinds = [...new Set(steps.map(kindOfStep))];
  if (kind) return { step: steps.find((s) => kindOfStep(s) === kind), kinds };
  return { step: steps.length === 1 ? steps[0] : undefined, kinds };
}

/** The fisher this user may act for now: the current one, if the user owns its actor. */
export function actingFisher(
  pub: Pick<PublicBoard, "fishers" | "view">,
  me: { id: string; isGM: boolean },
  ownersOf: (actorId: string) => readonly string[],
): string | undefined {
  const f = pub.fishers.find((x) => x.id === pub.view.next);
  if (!f || pub.view.over) return undefined;
  if (me.isGM) return f.id;
  return f.actorId && ownersOf(f.actorId).includes(me.id) ? f.id : undefined;
}

/** How far (screen pixels) a pointer may move between press and release and still be a click. */
export const CLICK_SLOP = 6;

/** A pointer event as the click check reads it (PIXI's FederatedPointerEvent: `button`, `global`). */
export interface PointerPoint {
  /** The button (MouseEvent#button): 0 the primary (left, or a touch or pen contact). */
  readonly button: number;
  /** Screen coordinates: a pan moves the world under the pointer, not the pointer on the screen. */
  readonly global: { readonly x: number; readonly y: number };
}

/**
 * Whether a press and a release make a click on the board: both of the primary button, and the
 * pointer barely moved between them. A right-button press (Foundry's canvas pan), a drag (a
 * selection box, a token dragged, a pan) or a release with no press on the canvas asks for no
 * step: a step cannot be taken back by its player, so only a deliberate click plays one.
 */
export function isClick(down: PointerPoint | undefined, up: PointerPoint): boolean {
  if (!down || down.button !== 0 || up.button !== 0) return false;
  const dx = up.global.x - down.global.x;
  const dy = up.global.y - down.global.y;
  return dx * dx + dy * dy <= CLICK_SLOP * CLICK_SLOP;
}

/** The holes a click may play on now (the turn in play's fisher), with the step kinds allowed on each. */
export function litHoles(view: BoardView): { readonly at: Hole; readonly kinds: StepKind[] }[] {
  const legal = legalByHole(view);
  return view.holes
    .filter((h) => legal.has(holeKey(h.at)))
    .map((h) => ({
      at: [h.at[0], h.at[1]] as Hole,
      kinds: [...new Set(legal.get(holeKey(h.at))!.map(kindOfStep))],
    }));
}
