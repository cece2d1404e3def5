/** Plain, serialisable game data for the core game (K1-K23) and its hazards (H1-H6). */
import type { Audience, RollRecord } from "../dice/requests.ts";
import type { Coord, LakeSpec } from "../lake/geometry.ts";
import type { Hazard, HazardMode } from "../hazards/table.ts";
import type { PrngState } from "../dice/prng.ts";

export type { Audience, Coord, LakeSpec };

/** The check modifiers a game system computes for a fisher (d20 + this = the total). */
export interface Mods {
  readonly attack: number;
  readonly damage: number;
  readonly survival: number;
  readonly stealth: number;
  readonly animalHandling: number;
  readonly initiative: number;
  /** H3 dodge and H5 saves. */
  readonly wisdom: number;
  readonly constitution: number;
}

export type HazardChoice = "hp" | "aim";
export type Condition = "ok" | "unconscious" | "dying" | "dead";

export interface FisherState {
  readonly id: string;
  readonly name: string;
  at: Coord;
  caught: number;
  readonly mods: Mods;
  hp: number;
  readonly maxHp: number;
  /** H3: layers of armour. */
  readonly armor: number;
  /** H2 `system` mode: armour class. */
  readonly ac: number;
  /** H4: what the player takes when a hazard hits and they have the HP: lose HP or accept the aim. */
  readonly hazardChoice: HazardChoice;
  /** K9: an equipped net's own damage formula, where the system has one. */
  readonly netDamage?: string;
  condition: Condition;
  /** H4: actions still lost (restrain, seize) and why. */
  lostActions: number;
  lostReason?: "restrained" | "seized" | "disarmed";
  /**
   * H4 disarm: the net is dropped. The fisher may still Track, Move and Herd (making no catch
   * attack on a 17+); a Catch declared meanwhile is the round spent recovering the net.
   */
  netDropped?: boolean;
  /** H4 throw: penalty on the next check. */
  checkPenalty: number;
}

export interface SwarmState {
  readonly id: string;
  at: Coord;
  fish: number;
  readonly max: number;
  /** K20: players see it (token and fish count). */
  seen: boolean;
}

export interface Settings {
  /** K9 (setting): the AC a net attack must meet. */
  readonly catchAC: number;
  /** K9 (setting): net damage; `@mod` is the attack's ability modifier. */
  readonly netDamage: string;
  /** K4 (setting): a new swarm's size. */
  readonly swarmSize: string;
  /** H2 (setting). */
  readonly hazardMode: HazardMode;
  /** H1: the lake's hazard table. */
  readonly hazards: readonly Hazard[];
}

export interface GameState {
  /** Rounds resolved so far. */
  round: number;
  over: boolean;
  endReason?: "lakeEmpty" | "gm";
  readonly lake: LakeSpec;
  readonly settings: Settings;
  fishers: FisherState[];
  /** Oldest first (K10 takes fish oldest first). */
  swarms: SwarmState[];
  /** One entry per square (index `indexOf`), 1 when explored (K21). */
  explored: number[];
  nextSwarm: number;
  /** The seeded driver's state (docs/architecture.md, "State is plain data"). */
  rng: PrngState;
}

export type Declaration =
  | { readonly action: "catch" }
  | { readonly action: "track"; readonly target: Coord }
  | { readonly action: "move"; readonly to: Coord; readonly attack?: boolean }
  | { readonly action: "herd"; readonly toward: Coord };

export type ActionKind = Declaration["action"];

export interface RoundInput {
  /** K5: at most one declaration per fisher. */
  readonly actions: Readonly<Record<string, Declaration>>;
  /** H5: fishers the GM revives before the round (unconscious or dying). */
  readonly revive?: readonly string[];
}

export type Band =
  | "none"
  | "count"
  | "catch" // K12 track
  | "noisy"
  | "quiet"
  | "swift" // K14 move
  | "scatter"
  | "stay"
  | "herd" // K16 herd
  | "hit"
  | "miss"; // K9 catch

export interface EventBase {
  readonly round: number;
  readonly audience: Audience;
}

export interface SwarmFacts {
  readonly id: string;
  readonly at: Coord;
  readonly fish: number;
  readonly max: number;
}

export type GameEvent = EventBase &
  (
    | { type: "declared"; fisher: string; declaration: Declaration }
    | {
        type: "noAction";
        fisher: string;
        reason:
          "undeclared" | "restrained" | "seized" | "disarmed" | "unconscious" | "dying" | "dead";
      }
    | { type: "revived"; fisher: string }
    | {
        type: "check";
        fisher: string;
        action: ActionKind;
        total: number;
        natural?: number;
        band: Band;
      }
    | { type: "initiative"; fisher: string; total: number; rollOffs?: number[] }
    | { type: "conflict"; at: Coord; order: string[] }
    | {
        type: "attack";
        fisher: string;
        at: Coord;
        source: "catch" | "track" | "move";
        total?: number;
        natural?: number;
        hit: boolean;
        critical: boolean;
        result: "hit" | "miss" | "noFish" | "skipped";
      }
    | {
        type: "caught";
        fisher: string;
        at: Coord;
        fish: number;
        damage: number;
        totalCaught: number;
      }
    | { type: "swarmCaught"; swarm: string; at: Coord; fish: number; left: number }
    | {
        type: "tracked";
        fisher: string;
        target: Coord;
        learned: boolean;
        fish?: number;
        swarms?: SwarmFacts[];
        avoidedHazard?: string;
      }
    | {
        type: "moved";
        fisher: string;
        from: Coord;
        to: Coord;
        via: "move" | "track" | "herd" | "hazard";
      }
    | {
        type: "explored";
        at: Coord;
        by: string;
        via: "enter" | "track";
        face: number;
        roll: number;
        outcome: "bad" | "empty" | "fish";
        swarms: SwarmFacts[];
      }
    | {
        type: "hazard";
        fisher: string;
        at: Coord;
        hazard: string;
        name: string;
        mode: string;
        avoided: boolean;
        attack?: number;
        defense?: number;
        hit?: boolean;
        damage?: number;
        took?: "hp" | "aim" | "wound";
        aim?: string;
        hp?: number;
        wound?: string;
        save?: number;
        dc?: number;
        condition?: Condition;
        effect?: string;
      }
    | {
        type: "fishMoved";
        swarm: string;
        from: Coord;
        to: Coord;
        cause: "herd" | "catch" | "noisy" | "scatter";
        by?: string;
        fish: number;
        max: number;
      }
    | { type: "revealed"; swarms: SwarmFacts[] }
    | { type: "roundEnd"; explored: number; fishLeft?: number }
    | { type: "gameEnd"; reason: "lakeEmpty" | "gm"; catches: { fisher: string; caught: number }[] }
  );

export type EventType = GameEvent["type"];

/** Every event type, in the order a round can make them. */
export const EVENT_TYPES = [
  "revived",
  "declared",
  "noAction",
  "check",
  "initiative",
  "conflict",
  "tracked",
  "moved",
  "explored",
  "hazard",
  "attack",
  "swarmCaught",
  "caught",
  "fishMoved",
  "revealed",
  "roundEnd",
  "gameEnd",
] as const satisfies readonly EventType[];
const EVENT_TYPES_LISTED: [Exclude<EventType, (typeof EVENT_TYPES)[number]>] extends [never]
  ? true
  : never = true;
void EVENT_TYPES_LISTED;

/**
 * Which events a round builds: a reader that needs only some (the simulator's statistics) asks
 * for those, and the rest are never made. The rules and the state are the same either way; a
 * filter only leaves events out of the log. Every type is a key (`eventFilter`), so that every
 * filter has one shape.
 */
export type EventFilter = Readonly<Record<EventType, boolean>>;

/** A filter building the events of `types`, and no others. */
export function eventFilter(types: readonly EventType[]): EventFilter {
  const f = {} as Record<EventType, boolean>;
  for (const t of EVENT_TYPES) f[t] = types.includes(t);
  return f;
}

/** Every event: the whole log (sessions, the table, Foundry, replays and exports). */
export const ALL_EVENTS: EventFilter = eventFilter(EVENT_TYPES);

export interface RuleError {
  /** Stable code (also the i18n key suffix: KOLIKOLY.Error.<code>). */
  readonly code: string;
  /** The offending field, dotted (`actions.ana.to`). */
  readonly field: string;
  readonly message: string;
}

export type RoundResult =
  | { readonly ok: true; readonly state: GameState; readonly events: GameEvent[] }
  | { readonly ok: false; readonly error: RuleError };

export interface RoundRecordData {
  readonly input: RoundInput;
  readonly rolls: readonly RollRecord[];
}
