/**
 * The declaration form's view model (K5): what templates/declare-action.hbs renders for one
 * fisher, built only from what that fisher's player may know (a `LakeView` from `viewFor`).
 * Pure: the sandbox and the Foundry dialog both build their context here and read the form
 * back with `draftFromFields`; the engine validates the result (`parseDeclaration`).
 */
import type { ActionKind, Coord, LakeView } from "../rules/index.ts";
import { adjacent, onBoard, sameSquare } from "../rules/index.ts";
import { coordLabel } from "./handlebars-helpers.ts";

/** What a player has picked so far; any part may be missing. */
export interface DeclareDraft {
  readonly action?: ActionKind;
  readonly target?: Coord;
  /** K14: a Move of 17+ attacks unless the player declines (false). */
  readonly attack?: boolean;
  /** K6: a total typed in instead of rolling. */
  readonly total?: number;
}

export interface ActionChoice {
  readonly value: ActionKind;
  readonly labelKey: string;
  readonly checkKey: string;
  readonly checked: boolean;
}

export interface CompassCell {
  readonly dir: string;
  readonly labelKey: string;
  /** `x,y,level`, or "" for the fisher's own square. */
  readonly value: string;
  readonly square: string;
  readonly legal: boolean;
  readonly selected: boolean;
  readonly centre: boolean;
  /** What the viewer knows of the square: unexplored, or explored with this many seen fish. */
  readonly explored: boolean;
  readonly seenFish: number;
  /**
   * Fish in swarms there that are not seen (K20): only the GM's view holds such swarms, so only
   * the GM's compass names them, apart from the seen ones.
   */
  readonly unseenFish: number;
}

export interface DeclareContext {
  readonly formId: string;
  readonly fisher: { readonly id: string; readonly name: string; readonly atLabel: string };
  /** Set when the fisher cannot declare (H5 conditions, game over): the reason's i18n key. */
  readonly blockedKey?: string;
  readonly actions: readonly ActionChoice[];
  readonly needsTarget: boolean;
  readonly targetLegendKey: string;
  readonly compass: readonly (readonly CompassCell[])[];
  readonly vertical: readonly CompassCell[];
  readonly showAttack: boolean;
  /** K14: the player declines the free catch attack of a Move 17+. */
  readonly declineAttack: boolean;
  readonly allowTotal: boolean;
  readonly total: string;
  readonly declared: boolean;
  readonly ready: boolean;
}

export const ACTION_KINDS: readonly ActionKind[] = ["catch", "track", "move", "herd"];

const ACTION_LABEL: Readonly<Record<ActionKind, string>> = {
  catch: "KOLIKOLY.Declare.Catch",
  track: "KOLIKOLY.Declare.Track",
  move: "KOLIKOLY.Declare.Move",
  herd: "KOLIKOLY.Declare.Herd",
};
const CHECK_LABEL: Readonly<Record<ActionKind, string>> = {
  catch: "KOLIKOLY.Declare.CheckAttack",
  track: "KOLIKOLY.Declare.CheckSurvival",
  move: "KOLIKOLY.Declare.CheckStealth",
  herd: "KOLIKOLY.Declare.CheckAnimalHandling",
};
const TARGET_LEGEND: Readonly<Record<ActionKind, string>> = {
  catch: "KOLIKOLY.Declare.TargetNone",
  track: "KOLIKOLY.Declare.TargetTrack",
  move: "KOLIKOLY.Declare.TargetMove",
  herd: "KOLIKOLY.Declare.TargetHerd",
};

/** Rows of the 8-way compass (north is row y-1) with the fisher's square in the middle. */
const COMPASS: readonly (readonly [dir: string, dx: number, dy: number, key: string][])[] = [
  [
    ["nw", -1, -1, "KOLIKOLY.Declare.DirNW"],
    ["n", 0, -1, "KOLIKOLY.Declare.DirN"],
    ["ne", 1, -1, "KOLIKOLY.Declare.DirNE"],
  ],
  [
    ["w", -1, 0, "KOLIKOLY.Declare.DirW"],
    ["here", 0, 0, "KOLIKOLY.Declare.DirHere"],
    ["e", 1, 0, "KOLIKOLY.Declare.DirE"],
  ],
  [
    ["sw", -1, 1, "KOLIKOLY.Declare.DirSW"],
    ["s", 0, 1, "KOLIKOLY.Declare.DirS"],
    ["se", 1, 1, "KOLIKOLY.Declare.DirSE"],
  ],
];

export function needsTarget(action: ActionKind | undefined): boolean {
  return action === "track" || action === "move" || action === "herd";
}

export interface DeclareOptions {
  readonly draft?: DeclareDraft;
  /** Whether a declaration is already recorded for this fisher this round. */
  readonly declared?: boolean;
  /** Offer a typed total (the sandbox, a GM entering a total). */
  readonly allowTotal?: boolean;
  /**
   * Why the fisher cannot declare in the coming round, as the engine says (`pendingCannotAct`:
   * H4 a lost action, H5 a condition, the GM's revivals for the round applied first); absent
   * when they can. The window asks the engine rather than reading the fisher's condition.
   */
  readonly cannotAct?: string;
  readonly formId?: string;
}

/** Builds the template context for `fisherId` from the view a viewer is allowed to have. */
export function declareContext(
  view: LakeView,
  fisherId: string,
  opts: DeclareOptions = {},
): DeclareContext {
  const f = view.fishers.find((x) => x.id === fisherId);
  if (!f) throw new Error(`no fisher ${fisherId} in this view`);
  const draft = opts.draft ?? {};
  const action = draft.action;
  const explored = new Set(view.explored.map((c) => c.join(",")));
  const cell = (dir: string, key: string, at: Coord, centre: boolean): CompassCell => {
    const on = onBoard(view.lake, at);
    const value = on ? at.join(",") : "";
    let seenFish = 0;
    let unseenFish = 0;
    if (on)
      for (const s of view.swarms)
        if (sameSquare(s.at, at)) {
          if (s.seen) seenFish += s.fish;
          else unseenFish += s.fish;
        }
    return {
      dir,
      labelKey: key,
      value: centre ? "" : value,
      square: on ? coordLabel(at) : "",
      legal: !centre && on && adjacent(view.lake, f.at, at),
      selected: !centre && !!draft.target && on && sameSquare(draft.target, at),
      centre,
      explored: on && explored.has(value),
      seenFish,
      unseenFish,
    };
  };
  const [x, y, l] = f.at;
  const compass = COMPASS.map((row) =>
    row.map(([dir, dx, dy, key]) => cell(dir, key, [x + dx, y + dy, l], dir === "here")),
  );
  const vertical = [
    cell("up", "KOLIKOLY.Declare.DirUp", [x, y, l - 1], false),
    cell("down", "KOLIKOLY.Declare.DirDown", [x, y, l + 1], false),
  ];
  const blockedKey = view.over
    ? "KOLIKOLY.Declare.GameOver"
    : opts.cannotAct !== undefined
      ? "KOLIKOLY.Declare.CannotAct"
      : undefined;
  const targetOk =
    !needsTarget(action) ||
    (!!draft.target && onBoard(view.lake, draft.target) && adjacent(view.lake, f.at, draft.target));
  return {
    formId: opts.formId ?? `kolikoly-declare-${f.id}`,
    fisher: { id: f.id, name: f.name, atLabel: coordLabel(f.at) },
    ...(blockedKey ? { blockedKey } : {}),
    actions: ACTION_KINDS.map((a) => ({
      value: a,
      labelKey: ACTION_LABEL[a],
      checkKey: CHECK_LABEL[a],
      checked: a === action,
    })),
    needsTarget: needsTarget(action),
    targetLegendKey: TARGET_LEGEND[action ?? "catch"],
    compass,
    vertical: view.lake.levels > 1 && view.lake.verticalAdjacency ? vertical : [],
    showAttack: action === "move",
    declineAttack: draft.attack === false,
    allowTotal: opts.allowTotal ?? false,
    total: draft.total === undefined ? "" : String(draft.total),
    declared: opts.declared ?? false,
    ready: !!action && targetOk,
  };
}

/** Reads the form's fields back (FormData entries or Foundry's form data, as strings). */
export function draftFromFields(fields: Readonly<Record<string, unknown>>): DeclareDraft {
  const action = ACTION_KINDS.find((a) => a === fields.action);
  const raw = typeof fields.target === "string" ? fields.target : "";
  const parts = raw.split(",").map((n) => Number(n));
  const target =
    parts.length === 3 && parts.every((n) => Number.isInteger(n))
      ? ([parts[0], parts[1], parts[2]] as unknown as Coord)
      : undefined;
  const totalText = typeof fields.total === "string" ? fields.total.trim() : "";
  const total = totalText === "" ? undefined : Number(totalText);
  return {
    ...(action ? { action } : {}),
    ...(target && needsTarget(action) ? { target } : {}),
    ...(action === "move"
      ? { attack: !(fields.declineAttack === "on" || fields.declineAttack === true) }
      : {}),
    ...(total !== undefined && Number.isInteger(total) ? { total } : {}),
  };
}

/** The raw declaration the engine validates (`parseDeclaration`), or undefined while incomplete. */
export function declarationOf(draft: DeclareDraft): Record<string, unknown> | undefined {
  switch (draft.action) {
    case "catch":
      return { action: "catch" };
    case "track":
      return draft.target ? { action: "track", target: draft.target } : undefined;
    case "herd":
      return draft.target ? { action: "herd", toward: draft.target } : undefined;
    case "move":
      if (!draft.target) return undefined;
      return draft.attack === false
        ? { action: "move", to: draft.target, attack: false }
        : { action: "move", to: draft.target };
    default:
      return undefined;
  }
}
