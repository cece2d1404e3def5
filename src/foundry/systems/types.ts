/**
 * One interface between the module and a game system (docs/architecture.md): a fisher's
 * `Mods` for the engine computed from the actor's prepared data, each K6/K7 check rolled through
 * the system's own API on the rolling client, and a reader that recognises the system's roll
 * chat messages (so a roll made straight from the character sheet is picked up).
 *
 * The types below are structural: only the fields the adapters read. Real Foundry documents,
 * the behavioural fake and the recorded fixtures (tests/fixtures/systems) all satisfy them.
 */
import type { Mods } from "../../rules/index.ts";

/** The rolls a player makes for a fisher: K6's four checks and K7's initiative. */
export type CheckKind = "attack" | "survival" | "stealth" | "animalHandling" | "initiative";
export const CHECK_KINDS: readonly CheckKind[] = [
  "attack",
  "survival",
  "stealth",
  "animalHandling",
  "initiative",
];

export function isCheckKind(v: unknown): v is CheckKind {
  return typeof v === "string" && (CHECK_KINDS as readonly string[]).includes(v);
}

/** The module's names for a roll's visibility (core/compat.ts: each generation's words at the edge). */
export type { RollModeName } from "../core/compat.ts";
import type { RollModeName } from "../core/compat.ts";
export const ROLL_MODES: readonly RollModeName[] = [
  "publicroll",
  "gmroll",
  "blindroll",
  "selfroll",
];

export interface DieResultLike {
  readonly result: number;
  readonly active?: boolean;
  readonly discarded?: boolean;
}
export interface DieLike {
  readonly faces?: number;
  readonly results?: readonly DieResultLike[];
  /** Serialised terms name their class. */
  readonly class?: string;
}
/** A core `Roll` (or its JSON): `total`, and its dice (`dice` on an instance, `terms` in JSON). */
export interface RollLike {
  readonly total?: number | null;
  readonly formula?: string;
  readonly dice?: readonly DieLike[];
  readonly terms?: readonly DieLike[];
  readonly options?: Readonly<Record<string, unknown>>;
  /** dnd5e 5.x sets the created ChatMessage here (module/dice/basic-roll.mjs buildPost). */
  readonly parent?: { readonly id?: string | null } | null;
}

export interface ItemLike {
  readonly id?: string | null;
  readonly name?: string;
  readonly type?: string;
  readonly uuid?: string;
  readonly system?: unknown;
}

export interface ActorLike {
  readonly id?: string | null;
  readonly name?: string;
  readonly type?: string;
  readonly system?: unknown;
  /** A Foundry EmbeddedCollection (iterable) or a plain array in fixtures. */
  readonly items?: Iterable<ItemLike>;
  getRollData?(): Record<string, unknown>;
}

export interface SpeakerLike {
  readonly actor?: string | null;
  readonly token?: string | null;
  readonly alias?: string | null;
}

export interface MessageLike {
  readonly id?: string | null;
  /** v12+: the creating user (server-checked: only a GM may create a message as someone else). */
  readonly author?: { readonly id?: string | null } | string | null;
  readonly speaker?: SpeakerLike | null;
  readonly rolls?: readonly RollLike[];
  readonly flags?: Readonly<Record<string, unknown>>;
  /** The message's sub-type (dnd5e 6: `check`, `attack`, ...; core's is `base`). */
  readonly type?: string;
  /** A typed message's system data (dnd5e 6: `system.skill`, `system.item.id`). */
  readonly system?: unknown;
  readonly whisper?: readonly string[];
  readonly blind?: boolean;
  readonly timestamp?: number;
}

/** Marks a roll the module asked for (stored in the roll message's `flags["kolikoly-fishing"]`). */
export interface RollRequestMark {
  readonly round: number;
  readonly fisher: string;
  readonly kind: CheckKind;
  /** Rolled by the GM's client while the round resolves (not a roll for the roll card). */
  readonly resolving?: boolean;
}

export interface RollOptions {
  /** The mode the player set (core's mode setting); the system's default when absent. */
  readonly rollMode?: RollModeName;
  /**
   * The Foundry generation of the client rolling (game.release.generation): the mode is said in
   * its words, and in the words the system's version on it reads (dnd5e.ts, pf2e.ts).
   */
  readonly generation?: number;
  /**
   * The game system's version on that client (game.system.version): dnd5e 5.3.2 and later read v14
   * mode names on v14, earlier ones v13's; pf2e 8 reads `messageMode`, 7 `rollMode`.
   */
  readonly systemVersion?: string;
  /** Skip the system's roll configuration dialog (the GM rolling for an absent player). */
  readonly fastForward?: boolean;
  readonly request?: RollRequestMark;
  /** The chat flavour of a roll the module makes itself (core Roll path), already localized. */
  readonly flavor?: string;
  /** How this client makes a core Roll and posts it (the players' port); Foundry's globals if absent. */
  readonly core?: CoreRoller;
}

/** A core `Roll` made and posted on this client: `new Roll(formula, data).evaluate()` then `toMessage`. */
export type CoreRoller = (
  formula: string,
  data: Record<string, unknown>,
  message: { speaker: Record<string, unknown>; flavor: string; flags: Record<string, unknown> },
  rollMode: RollModeName | undefined,
) => Promise<RollOutcome>;

export interface RollOutcome {
  readonly total: number;
  /** The d20's face, when the roll had one. */
  readonly natural?: number;
  readonly messageId?: string;
}

/** A roll recognised in a chat message or a system hook. */
export interface PickedRoll extends RollOutcome {
  readonly actorId: string;
  readonly kind: CheckKind;
  readonly request?: RollRequestMark;
  /** The system's reroll of a check already posted (pf2e hero points: `context.isReroll`). */
  readonly reroll?: boolean;
}

/** A hook the system fires on the rolling client after a roll, and how to read its arguments. */
export interface RollHook {
  readonly name: string;
  read(...args: unknown[]): PickedRoll | null;
}

/** A hook that hands over a check's unevaluated rolls, and how to read its arguments. */
export interface ConfigureHook {
  readonly name: string;
  read(...args: unknown[]): { roll: object; kind: CheckKind; actorId: string } | null;
}

/** H2-H5: what a system keeps of a character's defence and health. */
export interface Defence {
  /** H2 `system` mode: the armour class the hazard's attack must reach. */
  readonly ac?: number;
  /** H3: layers of armour (each adapter says how it counts them). */
  readonly armor?: number;
  /** H4, H5: hit points now. */
  readonly hp?: number;
}

/**
 * Everything a lake's set-up takes from a fisher's character (K6 modifiers, K9 net, H2-H5), read
 * once when the lake is made and kept in its set-up: a later change of the sheet changes nothing.
 */
export interface FisherStats extends Defence {
  readonly mods: Mods;
  readonly netDamage?: string;
}

export interface RollAdapter {
  /** `dnd5e`, `pf2e`, `generic`... (also the GM override setting's value). */
  readonly id: string;
  /** i18n key of the adapter's name (the GM override setting's choices). */
  readonly labelKey: string;
  /** The engine's modifiers for this actor (d20 + mod = the check total, K6). */
  mods(actor: ActorLike): Mods;
  /** K9: an equipped net's own damage (with `@mod` for the attack's ability modifier), if the system has one. */
  netDamage(actor: ActorLike): string | undefined;
  /**
   * H2-H5: the character's armour class, layers of armour and hit points as the system keeps
   * them; a value the system does not keep is absent (the GM types it in the wizard, else the
   * engine's default: AC 10, no armour, 10 hit points).
   */
  defence(actor: ActorLike): Defence;
  /** Rolls one check through the system on this client; null when the player cancelled. */
  roll(actor: ActorLike, kind: CheckKind, opts?: RollOptions): Promise<RollOutcome | null>;
  /** Recognises a roll message of this system (or the module's own) for one of the checks. */
  readMessage(
    message: MessageLike,
    actorOf: (id: string) => ActorLike | undefined,
  ): PickedRoll | null;
  /** Hooks to listen to on the rolling client (sheet rolls), each with its reader. */
  readonly rollHooks: readonly RollHook[];
  /**
   * Fair dice (players/fair-dice.ts): hooks the system fires on the rolling client with a check's
   * rolls built but not yet evaluated (dnd5e `dnd5e.postRollConfiguration`), each with its reader:
   * the roll to supply, the check and the actor.
   */
  readonly configureHooks?: readonly ConfigureHook[];
  /**
   * Fair dice, for a system that fires no hook before evaluating (pf2e): the check a Roll is from
   * the options the system gave it (`type`, `domains`, `identifier`); undefined for any other roll
   * and for a reroll (the GM's call).
   */
  fairCheckOf?(rollOptions: Readonly<Record<string, unknown>>): CheckKind | undefined;
  /**
   * Whether the message says what kind of roll it holds in a shape this adapter reads, whatever
   * the roll (an Athletics check too): only a message that does not may be read with the check its
   * author's roll hook named (players/desk.ts readCheck), so a roll of another skill never counts.
   */
  knowsShape?(message: MessageLike): boolean;
  /**
   * The total of this check when the system makes it without a die for this actor (pf2e
   * Assurance: 10 + the proficiency bonus), undefined when it has no such check.
   */
  fixedCheck?(actor: ActorLike, kind: CheckKind): number | undefined;
}

export const MODULE_ID = "kolikoly-fishing";
