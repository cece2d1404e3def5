/**
 * What the GM asks for when making a lake (the wizard, `api.createLake`), and the check of it
 * against the scene before anything is written (K1-K3).
 */
import type { Coord, GameSetup, LakeSpec, Mods, Settings } from "../rules/index.ts";
import { HAZARD_MODES, LAKE_LIMITS, onBoard, parseFormula, wholeWithin } from "../rules/index.ts";
import type { SceneData } from "./port.ts";
import type { Layout, MarkerMode } from "./projection.ts";
import type { Result } from "./result.ts";
import { err } from "./result.ts";

export interface FisherOption {
  readonly tokenId: string;
  readonly at: Coord;
  readonly mods?: Partial<Mods>;
  readonly hp?: number;
  /** K9: an equipped net's own damage (issue 4, from the system adapter). */
  readonly netDamage?: string;
  /** H4: the answer when no one chooses in time (default: the world setting). */
  readonly hazardChoice?: "hp" | "aim";
}

export interface CreateLakeOptions {
  readonly sceneId: string;
  readonly name: string;
  readonly lake: LakeSpec;
  readonly origin: { readonly col: number; readonly row: number };
  readonly layout?: Layout;
  readonly gap?: number;
  readonly fishers: readonly FisherOption[];
  readonly settings?: Partial<
    Pick<Settings, "catchAC" | "netDamage" | "swarmSize" | "hazardMode" | "hazards">
  >;
  readonly markers?: MarkerMode;
  readonly seed?: number;
  /** Squares the GM prepared: explored, holding swarms of these sizes (docs/scenario-format.md). */
  readonly squares?: GameSetup["squares"];
}
/** K1-K3: the wizard's choices, checked against the scene before anything is written. */
export function checkLakeOptions(o: CreateLakeOptions, scene: SceneData): Result<true> {
  const { width, height, levels } = o.lake;
  const whole = wholeWithin;
  const { side } = LAKE_LIMITS;
  if (!whole(width, 1, side)) return err("badLakeSize", "lake.width");
  if (!whole(height, 1, side)) return err("badLakeSize", "lake.height");
  if (!whole(levels, 1, LAKE_LIMITS.levels)) return err("badLakeSize", "lake.levels");
  if (typeof o.lake.verticalAdjacency !== "boolean")
    return err("badField", "lake.verticalAdjacency");
  if (!whole(o.origin.col, 0, 10_000) || !whole(o.origin.row, 0, 10_000))
    return err("badOrigin", "origin");
  if (o.gap !== undefined && !whole(o.gap, 0, 10)) return err("badField", "gap");
  if (typeof o.name !== "string" || o.name.trim() === "") return err("badName", "name");
  if (o.fishers.length === 0) return err("noFishers", "fishers");
  if (o.fishers.length > LAKE_LIMITS.fishers) return err("tooManyFishers", "fishers");
  const seen = new Set<string>();
  for (const [i, f] of o.fishers.entries()) {
    if (!scene.tokens.some((t) => t._id === f.tokenId))
      return err("unknownToken", `fishers[${i}].tokenId`);
    if (seen.has(f.tokenId)) return err("duplicateFisher", `fishers[${i}].tokenId`);
    seen.add(f.tokenId);
    if (!onBoard(o.lake, f.at) || f.at[2] !== 0) return err("badStart", `fishers[${i}].at`); // K3: starts on level 0
    if (f.hazardChoice !== undefined && f.hazardChoice !== "hp" && f.hazardChoice !== "aim")
      return err("badField", `fishers[${i}].hazardChoice`);
  }
  for (const [i, sq] of (o.squares ?? []).entries()) {
    if (!onBoard(o.lake, sq.at)) return err("offBoard", `squares[${i}].at`);
    if (!sq.swarms.every((n) => whole(n, 1, LAKE_LIMITS.swarmFish)))
      return err("badField", `squares[${i}].swarms`);
  }
  const hm = o.settings?.hazardMode;
  if (hm !== undefined && !HAZARD_MODES.includes(hm)) return err("badField", "settings.hazardMode");
  for (const key of ["netDamage", "swarmSize"] as const) {
    const f = o.settings?.[key];
    if (f !== undefined && !parseFormula(f).ok) return err("badFormula", `settings.${key}`);
  }
  const ac = o.settings?.catchAC;
  if (ac !== undefined && !whole(ac, 1, LAKE_LIMITS.catchAC))
    return err("badField", "settings.catchAC");
  return { ok: true, value: true };
}
