/**
 * What the GM asks for when making a lake (the wizard, `api.createLake`), and the check of it
 * against the scene before anything is written (K1-K3).
 */
import type { Coord, GameSetup, LakeSpec, Mods, Settings } from "../rules/index.ts";
import { wholeWithin } from "../rules/index.ts";
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
/**
 * The wizard's choices that only the scene can judge (tokens, origin, name, layout gap), checked
 * before anything is written. The game's own set-up (lake size, start squares, prepared squares,
 * settings, the fishers' numbers: K1-K4) is the engine's to check: `createLake` hands the set-up
 * it builds to `checkSetup`, which names the field (`lake.width`, `fishers[0].at`).
 */
export function checkLakeOptions(o: CreateLakeOptions, scene: SceneData): Result<true> {
  const whole = wholeWithin;
  if (!whole(o.origin.col, 0, 10_000) || !whole(o.origin.row, 0, 10_000))
    return err("badOrigin", "origin");
  if (o.gap !== undefined && !whole(o.gap, 0, 10)) return err("badField", "gap");
  if (typeof o.name !== "string" || o.name.trim() === "") return err("badName", "name");
  if (o.fishers.length === 0) return err("noFishers", "fishers");
  const seen = new Set<string>();
  for (const [i, f] of o.fishers.entries()) {
    if (!scene.tokens.some((t) => t._id === f.tokenId))
      return err("unknownToken", `fishers[${i}].tokenId`);
    if (seen.has(f.tokenId)) return err("duplicateFisher", `fishers[${i}].tokenId`);
    seen.add(f.tokenId);
    if (f.hazardChoice !== undefined && f.hazardChoice !== "hp" && f.hazardChoice !== "aim")
      return err("badField", `fishers[${i}].hazardChoice`);
  }
  return { ok: true, value: true };
}
