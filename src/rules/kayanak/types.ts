/**
 * Kayanak (J1-J12, docs/kayanak.md): plain, serialisable data. Nothing here is a class; every
 * rule takes a state and an input and returns a new state and events, never changing its input.
 */
import type { PrngState } from "../dice/prng.ts";
import type { Audience, RollRecord } from "../dice/requests.ts";

export type { Audience, RollRecord };

/** A hole written `[x, y]`, counted from 0 (the lake square `[x, y, 0]` of a one-level lake). */
export type Hole = readonly [x: number, y: number];

export type FishSize = "big" | "small";

// ---------------------------------------------------------------- dice (J3, J8, J12)

export type ActionFaceKind = "bear" | "pickax" | "fish" | "star";
export type TemperatureFaceKind = "tile" | "crystal" | "dots";

/** One face of the action die: what may be done (J3) and with how many dots. */
export interface ActionFace {
  readonly face: ActionFaceKind;
  readonly dots: number;
}
/** One face of the temperature die (J8): a tile, a crystal or plain dots, and the dots it adds. */
export interface TemperatureFace {
  readonly face: TemperatureFaceKind;
  readonly dots: number;
}

// ---------------------------------------------------------------- settings and board

export type Variant = "basic" | "weather";

export interface KayanakSettings {
  /** J7 or J8/J9. */
  readonly variant: Variant;
  /** J7 setting: ignore the 10-fish win and play until every hole is open. */
  readonly keepFishing: boolean;
  /** J1 setting: show every hole's fish to everyone once, before play (a public `shaken` event). */
  readonly shakeTheBox: boolean;
  /** J3/J12: the action die's faces, in order: a roll of 1dN picks face N (1-based). */
  readonly actionDie: readonly ActionFace[];
  /** J8/J12: the temperature die's faces (weather variant only). */
  readonly temperatureDie: readonly TemperatureFace[];
  /** J8: "No trespassing!" tiles in the box (5). */
  readonly tiles: number;
  /** J8: ice crystals in the box (8). */
  readonly crystals: number;
  /**
   * J6 setting: the DC of a dexterity check (`1d20 + dex`) to land a fish from a hole that holds
   * any; `null` (the default) lands it without a check.
   */
  readonly landCheck: number | null;
}

/** The ice sheet (J1): `floes[i]` lists floe i's holes; `floeOf[x + width * y]` is a hole's floe. */
export interface Board {
  readonly width: number;
  readonly height: number;
  readonly floes: readonly (readonly Hole[])[];
  readonly floeOf: readonly number[];
}

// ---------------------------------------------------------------- state

export interface KayanakFisher {
  readonly id: string;
  readonly name: string;
  /** Where the fisher's bear stands (J11). */
  at: Hole;
  big: number;
  small: number;
  /** J6 setting: the dexterity modifier of the landing check (absent: 0). */
  readonly dex?: number;
}

/** One hole (index `x + width * y`). `frozen` only ever on an open hole (J8 crystal). */
export interface HoleState {
  open: boolean;
  frozen: boolean;
  big: number;
  small: number;
}

/** The turn being played, once its dice are rolled (J2, J8). */
export interface PendingTurn {
  readonly fisher: string;
  readonly die: ActionFace;
  readonly temperature?: TemperatureFace;
  /** Dots of both dice together (J8: they add up). */
  readonly dots: number;
  /** Action steps taken so far (each costs one dot). */
  used: number;
  /**
   * When the temperature face's tile or crystal was used, if it was (at most once a turn, J8):
   * `before` any action step, or `after` one (then no action step may follow).
   */
  weather?: "before" | "after";
  /** Holes fished this turn (a hole is fished at most once a turn). */
  fished: Hole[];
}

export type EndReason = "tenFish" | "allOpen" | "everyFloeOpen" | "fifteenFish";

export interface KayanakState {
  readonly board: Board;
  readonly settings: KayanakSettings;
  /** In turn order (J2, J11). */
  fishers: KayanakFisher[];
  /** Index `x + width * y`. */
  holes: HoleState[];
  /** Floes under a "No trespassing!" tile, ascending (J8). */
  tiles: number[];
  /** Turns finished so far (every fisher's turn counts one, J11). */
  turn: number;
  /** Index in `fishers` of whose turn it is. */
  next: number;
  /** Set between the dice roll and the end of the turn. */
  pending?: PendingTurn;
  over: boolean;
  endReason?: EndReason;
  winners: string[];
  /** The fish dropped at set-up, for conservation: caught + left = dropped. */
  readonly dropped: { readonly big: number; readonly small: number };
  /** The seeded driver's state. */
  rng: PrngState;
}

// ---------------------------------------------------------------- set-up input

export interface KayanakFisherSpec {
  readonly id: string;
  readonly name?: string;
  /** J11: the hole the bear is placed on (placed in turn order, each on a free hole). */
  readonly at: Hole;
  /** J6 setting: the dexterity modifier of the landing check (default 0). */
  readonly dex?: number;
}

export interface PlacedHole {
  readonly at: Hole;
  readonly big: number;
  readonly small: number;
}

/** Everything a new game is made from; `newKayanak` checks it (it may come from anywhere). */
export interface KayanakSetup {
  readonly seed: number;
  /** Default 8 x 6. */
  readonly width?: number;
  readonly height?: number;
  /** The GM's floes (a partition of the board); absent: generated from the seed (J1). */
  readonly floes?: readonly (readonly Hole[])[];
  /** Floes to generate when `floes` is absent (default 6). */
  readonly floeCount?: number;
  /** J1: fish dropped at random (default 15 big, 75 small); ignored when `holes` is given. */
  readonly fish?: { readonly big: number; readonly small: number };
  /** Exact contents instead of a random drop; every other hole is empty. */
  readonly holes?: readonly PlacedHole[];
  readonly settings?: Partial<KayanakSettings>;
  readonly fishers: readonly KayanakFisherSpec[];
}

// ---------------------------------------------------------------- turn input

export type TileAction = "place" | "remove";

/** One step of a turn (J4-J6, J8); the same objects as a scenario file's `steps`. */
export type Step =
  | { readonly move: Hole }
  | { readonly hack: Hole }
  /**
   * `lands` forces which size comes up (only where the hole holds that size); `check` forces the
   * landing check's total (J6 setting), as a GM types a total rolled at the table.
   */
  | { readonly fish: Hole; readonly lands?: FishSize; readonly check?: number }
  | { readonly tile: TileAction; readonly floe: number }
  | { readonly crystal: TileAction; readonly at: Hole };

export type StepKind = "move" | "hack" | "fish" | "tile" | "crystal";

/** The start of a turn: who rolls, and optionally forced faces (a scenario, a GM's entry). */
export interface RollInput {
  readonly fisher: string;
  /** Forces the action die's face: the die is still asked for (the seed advances) and its answer replaced. */
  readonly die?: ActionFace;
  /** The same for the temperature die (weather variant only). */
  readonly temperature?: TemperatureFace;
}

/** A whole turn: the roll and every step, in order. Fewer steps than dots is allowed (J2). */
export interface TurnInput extends RollInput {
  readonly steps: readonly Step[];
}

// ---------------------------------------------------------------- events

export interface HoleFacts {
  readonly at: Hole;
  readonly big: number;
  readonly small: number;
}

export interface Score {
  readonly fisher: string;
  readonly big: number;
  readonly small: number;
  /** J7: fish of any size; J9: big 2 points, small 1. */
  readonly score: number;
}

export interface KayanakEventBase {
  /** The turn the event belongs to: 0 for set-up, then 1, 2... */
  readonly turn: number;
  readonly audience: Audience;
}

export type KayanakEvent = KayanakEventBase &
  (
    | {
        type: "setUp";
        width: number;
        height: number;
        floes: Hole[][];
        variant: Variant;
        keepFishing: boolean;
        /** How many fish are in the box (public, like the box's count); not where they are. */
        fish: { big: number; small: number };
        fishers: { id: string; at: Hole }[];
      }
    /** GM only: where the fish were dropped (J1, J10). */
    | { type: "dropped"; holes: HoleFacts[]; big: number; small: number }
    /** J1 "shake the box": the same facts shown to everyone once. */
    | { type: "shaken"; holes: HoleFacts[] }
    | {
        type: "rolled";
        fisher: string;
        die: ActionFace;
        temperature?: TemperatureFace;
        dots: number;
      }
    | { type: "moved"; fisher: string; from: Hole; to: Hole }
    /** J5/J10: opening shows everyone what the hole holds. */
    | { type: "hacked"; fisher: string; at: Hole; big: number; small: number }
    /** J6: `landed` is null on an empty hole; `big`/`small` are what is left. */
    | {
        type: "fished";
        fisher: string;
        at: Hole;
        landed: FishSize | null;
        big: number;
        small: number;
        caught: { big: number; small: number };
        /** J6 setting: the landing check, where one was rolled (failed: `landed` is null). */
        check?: { total: number; dc: number };
      }
    | { type: "tile"; fisher: string; action: TileAction; floe: number }
    | { type: "crystal"; fisher: string; action: TileAction; at: Hole }
    /** J2: dots not used are lost. */
    | { type: "dotsLost"; fisher: string; dots: number }
    | { type: "turnEnd"; fisher: string; next: string }
    | { type: "gameEnd"; reason: EndReason; winners: string[]; scores: Score[] }
  );

export type KayanakEventType = KayanakEvent["type"];

// ---------------------------------------------------------------- results

/** The engine's error: a stable code (KOLIKOLY.Error.<code>), the field at fault, a message. */
export interface KayanakError {
  readonly code: string;
  readonly field: string;
  readonly message: string;
}

export type KayanakResult =
  | { readonly ok: true; readonly state: KayanakState; readonly events: KayanakEvent[] }
  | { readonly ok: false; readonly error: KayanakError };

// ---------------------------------------------------------------- views (J10)

export type KayanakViewer = "gm" | "player" | { readonly fisher: string };

export interface HoleView {
  readonly at: Hole;
  readonly floe: number;
  readonly open: boolean;
  readonly frozen: boolean;
  /** Present for the GM always, for players only on open holes (J10). */
  readonly big?: number;
  readonly small?: number;
}

export interface KayanakFisherView {
  readonly id: string;
  readonly name: string;
  readonly at: Hole;
  readonly big: number;
  readonly small: number;
  readonly score: number;
}

export interface KayanakView {
  readonly viewer: KayanakViewer;
  readonly turn: number;
  readonly over: boolean;
  readonly endReason?: EndReason;
  readonly winners: readonly string[];
  readonly variant: Variant;
  readonly width: number;
  readonly height: number;
  readonly floes: readonly (readonly Hole[])[];
  /** Whose turn it is (absent once the game is over). */
  readonly next?: string;
  /** The rolled turn in progress, if any (public: dice and steps are seen by all). */
  readonly pending?: PendingTurn;
  readonly fishers: readonly KayanakFisherView[];
  readonly holes: readonly HoleView[];
  readonly tiles: readonly number[];
  readonly tilesLeft: number;
  readonly crystalsLeft: number;
  /** The fish in the box at set-up (public): caught + in holes = dropped. */
  readonly dropped: { readonly big: number; readonly small: number };
}

// ---------------------------------------------------------------- the record

export interface TurnRecord {
  /** The turn with every die forced as it came up (`die`, `temperature`, `lands`). */
  readonly input: TurnInput;
  /** Every roll answered, raw (a d6 face index, a land die). */
  readonly rolls: readonly RollRecord[];
  /** The seeded driver's state after the turn. */
  readonly rng: PrngState;
}

export interface KayanakSession {
  readonly setup: KayanakSetup;
  readonly turns: readonly TurnRecord[];
  readonly state: KayanakState;
  readonly log: readonly KayanakEvent[];
}
