/** Defaults of every setting-marked rule, in one place. */
import { DEFAULT_HAZARDS } from "../hazards/table.ts";
import type { Mods, Settings } from "./types.ts";

export const DEFAULT_SETTINGS: Settings = {
  catchAC: 10, // K9
  netDamage: "1d6+@mod", // K9
  swarmSize: "1d7+3", // K4
  hazardMode: "size-and-wounds", // H2
  hazards: DEFAULT_HAZARDS, // H1
};

export const DEFAULT_MODS: Mods = {
  attack: 0,
  damage: 0,
  survival: 0,
  stealth: 0,
  animalHandling: 0,
  initiative: 0,
  wisdom: 0,
  constitution: 0,
};

export const DEFAULT_HP = 10;
export const DEFAULT_AC = 10;
