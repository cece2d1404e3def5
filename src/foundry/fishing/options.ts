/**
 * What the GM asks for when making a lake (the wizard, `api.createLake`), and the check of it
 * against the scene before anything is written (K1-K3).
 */
import type { Coord, GameSetup, LakeSpec, Mods, Settings } from "../../rules/index.ts";
import { wholeWithin } from "../../rules/index.ts";
import type { SceneData } from "../core/port.ts";
import type { Layout, MarkerMode } from "./projection.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";

export interface FisherOption {
  readonly tokenId: string;
  readonly at: Coord;
  /** K6: the check modifiers the GM gives; each one left out is the character's (FisherStats). */
  readonly mods?: Partial<Mods>;
  /** H4, H5: hit points; the character's when left out (else the rules' 10). */
  readonly hp?: number;
  /** H3: layers of armour; the character's when left out (else none). */
  readonly armor?: number;
  /** H2 `system` mode: armour class; the character's when left out (else 10). */
  readonly ac?: number;
  /** K9: an equipped net's own damage; the character's net when left out. */
  readonly netDamage?: string;
  /** H4: the answer when no one chooses in time (default: the world setting). */
  readonly hazardChoice?: "hp" | "aim";
}

/**
 * What a lake's set-up takes from a fisher's character, read once when the lake is made (the
 * system adapter's `fisherStats`, systems/common.ts): the K6 modifiers, the K9 net, the H2-H5
 * armour class, armour and hit points. Kept in the set-up, so a sheet changed later changes
 * nothing of the game (a character improved since is the GM's to set in a new lake).
 */
export interface CharacterStats {
  readonly mods: Partial<Mods>;
  readonly netDamage?: string;
  readonly ac?: number;
  readonly armor?: number;
  readonly hp?: number;
}

/** A fisher's set-up values: what the GM gave, else the character's (each field on its own). */
export function withCharacter(
  f: FisherOption,
  character: CharacterStats | undefined,
): Omit<FisherOption, "tokenId" | "at" | "hazardChoice"> {
  const c = character;
  const mods = { ...(c?.mods ?? {}), ...definedOnly(f.mods ?? {}) };
  const pick = <K extends "hp" | "armor" | "ac" | "netDamage">(k: K) =>
    f[k] !== undefined ? { [k]: f[k] } : c?.[k] !== undefined ? { [k]: c[k] } : {};
  return {
    ...(Object.keys(mods).length ? { mods } : {}),
    ...pick("hp"),
    ...pick("armor"),
    ...pick("ac"),
    ...pick("netDamage"),
  };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
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
  /**
   * What a catch grants the characters (core/haul.ts): the UUID of a RollTable or of an Item;
   * absent or empty: nothing, only the count.
   */
  readonly catch?: string;
  /**
   * Fair dice (players/fair-dice.ts): the dice of the players' checks come from a draw neither
   * the player nor the GM can choose (true, the default for a new lake), or the rolling client is
   * trusted as it rolls (false: physical dice, totals typed by the GM).
   */
  readonly fairDice?: boolean;
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
  if (o.fairDice !== undefined && typeof o.fairDice !== "boolean")
    return err("badField", "fairDice");
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

/** A lake from a scenario file (`kolikoly-scenario/1`): where it goes, and whose token each fisher is. */
export interface ScenarioLakeOptions {
  readonly sceneId: string;
  /** The file: its text, or its JSON already parsed. */
  readonly scenario: unknown;
  /** The lake's name; the file's `name` when left out. */
  readonly name?: string;
  readonly origin: { readonly col: number; readonly row: number };
  readonly layout?: Layout;
  readonly gap?: number;
  readonly markers?: MarkerMode;
  /**
   * The scene token of each fisher of the file, by the file's fisher id. A fisher left out takes
   * the one token whose name (or character's name) is the fisher's; none or several: refused.
   */
  readonly tokens?: Readonly<Record<string, string>>;
  /** What a catch grants the characters (CreateLakeOptions `catch`). */
  readonly catch?: string;
  /** Fair dice for the players' checks (CreateLakeOptions `fairDice`; on when left out). */
  readonly fairDice?: boolean;
}
