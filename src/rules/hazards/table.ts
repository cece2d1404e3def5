/**
 * H1: the hazard table (docs/rules.md, "Hazards"). Each hazard is named, has a line of flavour
 * and its combat stats. The module's compendium ships the same table as a RollTable; a lake
 * may use another.
 */
import { LAKE_LIMITS, wholeWithin } from "../lake/limits.ts";

export type HazardMode = "size-and-wounds" | "system" | "narrative";
export const HAZARD_MODES: readonly HazardMode[] = ["size-and-wounds", "system", "narrative"];
export type HazardReach = "range" | "reach" | "hand";
export type Aim = "drawOut" | "disarm" | "pushBack" | "restrain" | "seize" | "throw" | "wound";
export const AIMS: readonly Aim[] = [
  "drawOut",
  "disarm",
  "pushBack",
  "restrain",
  "seize",
  "throw",
  "wound",
];

export interface Hazard {
  readonly id: string;
  readonly name: string;
  readonly flavour: string;
  /** Size 0-7 (H4: the damage die). */
  readonly size: number;
  readonly hp: number;
  /** The modifier for how it attacks (H3). */
  readonly mod: number;
  readonly attacks: HazardReach;
  readonly aim: Aim;
}

export const DEFAULT_HAZARDS: readonly Hazard[] = [
  {
    id: "pike",
    name: "Snapping pike",
    flavour: "A pike as long as an oar takes the net for a meal.",
    size: 1,
    hp: 6,
    mod: 1,
    attacks: "hand",
    aim: "disarm",
  },
  {
    id: "weed",
    name: "Strangleweed",
    flavour: "Weed coils around the legs and pulls.",
    size: 2,
    hp: 8,
    mod: 0,
    attacks: "reach",
    aim: "drawOut",
  },
  {
    id: "eel",
    name: "Shock eel",
    flavour: "A jolt runs up the line and into the arms.",
    size: 2,
    hp: 6,
    mod: 2,
    attacks: "reach",
    aim: "throw",
  },
  {
    id: "current",
    name: "Undertow",
    flavour: "The water turns and drags everything with it.",
    size: 3,
    hp: 12,
    mod: 0,
    attacks: "reach",
    aim: "pushBack",
  },
  {
    id: "turtle",
    name: "Old snapping turtle",
    flavour: "Jaws close on a boot and do not let go.",
    size: 2,
    hp: 16,
    mod: 1,
    attacks: "hand",
    aim: "seize",
  },
  {
    id: "lurker",
    name: "Lake lurker",
    flavour: "Something large rises from below, teeth first.",
    size: 5,
    hp: 24,
    mod: 2,
    attacks: "hand",
    aim: "wound",
  },
];

/** H4: the damage die for a Size. */
export function sizeDie(size: number): number {
  if (size <= 1) return 2;
  const dice = [2, 2, 4, 6, 8, 10, 12, 20];
  return dice[Math.min(7, size)]!;
}

/** H3: the reach bonus of a hazard's attack (the target just entered its reach). */
export const ENTERED_REACH_BONUS = 2;

export function validateHazard(h: unknown, field: string): string | undefined {
  if (typeof h !== "object" || h === null) return `${field}: must be an object`;
  const o = h as Record<string, unknown>;
  for (const k of ["id", "name", "flavour"])
    if (typeof o[k] !== "string" || o[k] === "") return `${field}.${k}: must be a non-empty string`;
  if (!Number.isInteger(o.size) || (o.size as number) < 0 || (o.size as number) > 7)
    return `${field}.size: must be an integer 0-7`;
  // a hazard's hit points and attack modifier have a fisher's bounds (1e300 is an integer too)
  if (!wholeWithin(o.hp, 1, LAKE_LIMITS.hp))
    return `${field}.hp: must be an integer 1-${LAKE_LIMITS.hp}`;
  if (!wholeWithin(o.mod, LAKE_LIMITS.modMin, LAKE_LIMITS.mod))
    return `${field}.mod: must be an integer ${LAKE_LIMITS.modMin}-${LAKE_LIMITS.mod}`;
  if (!["range", "reach", "hand"].includes(o.attacks as string))
    return `${field}.attacks: must be range, reach or hand`;
  if (!AIMS.includes(o.aim as Aim)) return `${field}.aim: must be one of ${AIMS.join(", ")}`;
  return undefined;
}
