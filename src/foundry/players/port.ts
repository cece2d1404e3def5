/**
 * What the players' side needs of Foundry beyond the core Port (src/foundry/core/port.ts): the User
 * document flag that carries a player's key commitment, client hooks, chat messages with their
 * rolls, the actors the system adapters roll with, and the roll mode. `live-port.ts` implements
 * it over Foundry's globals; tests/foundry/players/fake-players.ts over the behavioural fake.
 */
import type { Port } from "../core/port.ts";
import type { ActorLike, CoreRoller, MessageLike, RollModeName } from "../systems/types.ts";

/** A chat message as the players' side reads it (`game.messages`). */
export interface PlayerMessage extends MessageLike {
  readonly id: string;
  readonly content?: string;
}

/** A die term as a dice fulfillment handler receives it (v13 client/dice/terms/dice.mjs, handler(term, options)). */
export interface FulfilledTerm {
  readonly faces: number;
  readonly denomination?: string;
  /** The Roll being evaluated: RollTerm#_root, set by Roll#_evaluateASTAsync before each term (v13 client/dice/roll.mjs). */
  readonly _root?: { readonly options?: Record<string, unknown> } | null;
}
export type DiceHandler = (
  term: FulfilledTerm,
  options?: object,
) => Promise<number | undefined> | number | undefined;

export interface PlayerPort extends Port {
  /**
   * `game.user.setFlag(MODULE_ID, key, value)`: a user may update their own User document
   * (BaseUser permissions: the user or a GM), so what it says was written by that user or a GM.
   */
  setOwnFlag(key: string, value: unknown): Promise<void>;
  /** `game.users.get(id)?.getFlag(MODULE_ID, key)` */
  userFlag(userId: string, key: string): unknown;
  /** `Hooks.on(name, fn)` on this client. */
  on(name: string, fn: (...args: unknown[]) => unknown): void;
  /** `game.messages.get(id)` */
  message(id: string): PlayerMessage | undefined;
  /** `game.messages.contents` */
  messageList(): PlayerMessage[];
  /** `ChatMessage#update({content, flags})` (the GM updates the roll card it created). */
  updateMessage(
    id: string,
    data: { content?: string; flags?: Record<string, unknown> },
  ): Promise<void>;
  /** `game.actors.get(id)`: the system's actor, which the adapter reads and rolls with. */
  actor(id: string): ActorLike | undefined;
  /**
   * The mode the player set, in the module's names: `game.settings.get("core", "messageMode")`
   * on v14, `("core", "rollMode")` on v13 (core/compat.ts modeSettingKey).
   */
  rollMode(): RollModeName;
  /** `game.system.id` */
  systemId(): string;
  /** `game.system.version`: the words a system's roll options take depend on it (systems/). */
  systemVersion(): string;
  /** `ui.notifications.error(message)` on this client. */
  notifyError(message: string): void;
  /**
   * `ui.notifications.warn(message, {permanent: true})` on this client: a refused roll shown to
   * the GM until dismissed. Local: nothing is sent to any other client. A `line` names the line
   * on screen: while the GM has not dismissed it, a warning with the same line replaces its text
   * (Notification#update) rather than adding another, so one sender's flood is one line.
   */
  alertGm(message: string, line?: string): void;
  /**
   * `new Roll(formula, data).evaluate()` and `roll.toMessage(message, mode)` on this client, the
   * mode in the generation's words (`messageMode` on v14, `rollMode` on v13).
   */
  readonly coreRoll: CoreRoller;
  /**
   * CONFIG.Dice.fulfillment (v12+): registers the module's method `kolikoly-fishing` (non-interactive, this handler)
   * and makes it the default method; a die the handler returns undefined for goes to the default another module had
   * set, else is rolled as ever (DiceTerm#roll: randomFace).
   */
  fulfillDice(label: string, handler: DiceHandler): void;
  /** The method this client's dice configuration sends a denomination to: core.diceConfiguration[d] || defaultMethod. */
  diceMethodFor(denomination: string): string;
}

/**
 * What a system adapter needs to say a mode in the right words on this client: the Foundry
 * generation and the system's version (systems/dnd5e.ts dnd5eMode, systems/pf2e.ts pf2eMode).
 */
export function rollWords(port: PlayerPort): { generation: number; systemVersion: string } {
  return { generation: port.generation, systemVersion: port.systemVersion() };
}
