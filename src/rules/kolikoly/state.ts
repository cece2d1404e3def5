/** Setting up a game (K1, K3, K4) and copying state. */
import { seedState } from "../dice/prng.ts";
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import { indexOf, squareCount } from "../lake/geometry.ts";
import { DEFAULT_AC, DEFAULT_HP, DEFAULT_MODS, DEFAULT_SETTINGS } from "./settings.ts";
import type { FisherState, GameState, HazardChoice, Mods, Settings, SwarmState } from "./types.ts";

export interface FisherSpec {
  readonly id: string;
  readonly name?: string;
  readonly at: Coord;
  readonly mods?: Partial<Mods>;
  readonly hp?: number;
  readonly armor?: number;
  readonly ac?: number;
  readonly hazardChoice?: HazardChoice;
  readonly netDamage?: string;
}

export interface GameSetup {
  readonly seed: number;
  readonly lake: LakeSpec;
  readonly settings?: Partial<Settings>;
  readonly fishers: readonly FisherSpec[];
  /** Squares the GM prepared: explored, holding swarms of these sizes (oldest first). */
  readonly squares?: readonly { readonly at: Coord; readonly swarms: readonly number[] }[];
}

/**
 * Ids that every JavaScript object answers to (`constructor`, `__proto__`, `toString`...): a
 * fisher may not be called that, or `actions[id]` would find the object's own machinery.
 */
export function isReservedId(id: string): boolean {
  return id in Object.prototype;
}

export function newGame(setup: GameSetup): GameState {
  for (const f of setup.fishers)
    if (isReservedId(f.id)) throw new Error(`newGame: fisher id "${f.id}" is reserved`);
  const lake: LakeSpec = { ...setup.lake };
  const settings: Settings = { ...DEFAULT_SETTINGS, ...definedOnly(setup.settings ?? {}) };
  const explored = new Array<number>(squareCount(lake)).fill(0);
  const fishers: FisherState[] = setup.fishers.map((f) => {
    explored[indexOf(lake, f.at)] = 1; // K3: a start square counts as explored and empty
    const hp = f.hp ?? DEFAULT_HP;
    return {
      id: f.id,
      name: f.name ?? f.id,
      at: f.at,
      caught: 0,
      mods: { ...DEFAULT_MODS, ...definedOnly(f.mods ?? {}) },
      hp,
      maxHp: hp,
      armor: f.armor ?? 0,
      ac: f.ac ?? DEFAULT_AC,
      hazardChoice: f.hazardChoice ?? "hp",
      ...(f.netDamage ? { netDamage: f.netDamage } : {}),
      condition: "ok",
      lostActions: 0,
      checkPenalty: 0,
    };
  });
  const swarms: SwarmState[] = [];
  let next = 1;
  for (const sq of setup.squares ?? []) {
    explored[indexOf(lake, sq.at)] = 1;
    for (const n of sq.swarms)
      swarms.push({ id: `s${next++}`, at: sq.at, fish: n, max: n, seen: false });
  }
  return {
    round: 0,
    over: false,
    lake,
    settings,
    fishers,
    swarms,
    explored,
    nextSwarm: next,
    rng: seedState(setup.seed),
  };
}

/** A deep copy that rule steps may change freely; coordinates are immutable tuples and shared. */
export function cloneState(s: GameState): GameState {
  return {
    ...s,
    fishers: s.fishers.map(copyFisher),
    swarms: s.swarms.map(copySwarm),
    explored: s.explored.slice(),
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
  };
}

/**
 * A copy of a fisher, key for key in the order `newGame` writes them. Written out as one literal
 * (not a spread) so that every copy has the same shape: spreads of fishers of many shapes made
 * the engine's copies several times slower. A fisher with an optional field set is copied with a
 * spread, which keeps that field where it stands. A field added to `FisherState` must be added
 * here (or to `FISHER_OPTIONAL`): the check below fails to compile until it is.
 */
export function copyFisher(f: FisherState): FisherState {
  if (f.netDamage !== undefined || f.lostReason !== undefined || f.netDropped !== undefined)
    return { ...f };
  return {
    id: f.id,
    name: f.name,
    at: f.at,
    caught: f.caught,
    mods: f.mods,
    hp: f.hp,
    maxHp: f.maxHp,
    armor: f.armor,
    ac: f.ac,
    hazardChoice: f.hazardChoice,
    condition: f.condition,
    lostActions: f.lostActions,
    checkPenalty: f.checkPenalty,
  };
}
type FisherListed =
  | "id"
  | "name"
  | "at"
  | "caught"
  | "mods"
  | "hp"
  | "maxHp"
  | "armor"
  | "ac"
  | "hazardChoice"
  | "condition"
  | "lostActions"
  | "checkPenalty";
type FisherOptional = "netDamage" | "lostReason" | "netDropped";
const FISHER_FIELDS_LISTED: [Exclude<keyof FisherState, FisherListed | FisherOptional>] extends [
  never,
]
  ? true
  : never = true;

/** A copy of a swarm, key for key in the order `newGame` and exploring write them (see `copyFisher`). */
export function copySwarm(s: SwarmState): SwarmState {
  return { id: s.id, at: s.at, fish: s.fish, max: s.max, seen: s.seen };
}
const SWARM_FIELDS_LISTED: [
  Exclude<keyof SwarmState, "id" | "at" | "fish" | "max" | "seen">,
] extends [never]
  ? true
  : never = true;
void FISHER_FIELDS_LISTED;
void SWARM_FIELDS_LISTED;

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
