/**
 * Foundry v13's dice as a client evaluates them, for the shapes the game systems roll: a Roll of
 * dice terms, numbers and `+` / `-` operators, its dice drawn one by one through the client's
 * dice fulfillment, left to right, rerolls and explosions appended, exactly in Foundry's order.
 * Ported from the v13 client (Foundry 13.351, as distributed): client/dice/roll.mjs,
 * client/dice/terms/{term,dice,die,numeric,operator}.mjs, client/config.mjs
 * (CONFIG.Dice.fulfillment) and client/applications/dice/roll-resolver.mjs. It is independent of
 * the module's roll checker (src/dice/die-replay.ts): a bug in one is not mirrored in the other.
 * The game systems' own terms and rolls (dnd5e's BasicDie, D20Die, D20Roll; pf2e's CheckRoll)
 * build on these classes in tests/fixtures/systems. The parts: this file (the client's dice
 * configuration), dice-terms.ts (RollTerm, DiceTerm), die.ts (Die), dice-roll.ts (Roll,
 * RollResolver).
 */
import type { DiceTerm } from "./dice-terms.ts";

export * from "./dice-terms.ts";
export * from "./die.ts";
export * from "./dice-roll.ts";

/** A die result as DiceTerm#roll pushes it and the modifiers flag it (v13 client/dice/_types.mjs DiceTermResult). */
export interface DieResult {
  result: number;
  active: boolean;
  discarded?: boolean;
  rerolled?: boolean;
  exploded?: boolean;
  count?: number;
}

/** DiceFulfillmentHandler (v13 client/config.mjs): the term being fulfilled and the roll's options. */
export type FulfillmentHandler = (
  term: DiceTerm,
  options?: object,
) => Promise<number | undefined> | number | undefined;

/** DiceFulfillmentMethod (v13 client/config.mjs). */
export interface FulfillmentMethod {
  readonly label: string;
  readonly icon?: string;
  readonly interactive?: boolean;
  readonly handler?: FulfillmentHandler;
}

/** USER_ROLES (v13 common/constants.mjs). */
export const ROLES = { PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

/** test-only: one face drawn by a client, and how (the order of draws a test reads). */
export interface Draw {
  readonly faces: number;
  readonly denomination: string;
  readonly method: string;
  /** handler: the method's handler; typed: the RollResolver; random: DiceTerm#randomFace. */
  readonly via: "handler" | "typed" | "random";
  readonly result: number;
  /** The options the draw was made with (`{reroll: true}`, `{explode: true}`, the evaluation's). */
  readonly options: object;
}

/**
 * One client's dice: CONFIG.Dice.fulfillment (v13 client/config.mjs: the mersenne and manual
 * methods, defaultMethod ""), the user's client setting core.diceConfiguration (v13
 * client/dice/roll.mjs Roll.DICE_CONFIGURATION_SETTING, a client setting registered in
 * client/game.mjs, default {}), the user's MANUAL_ROLLS permission (common/constants.mjs
 * USER_PERMISSIONS.MANUAL_ROLLS, defaultRole TRUSTED; common/documents/user.mjs
 * User#hasPermission: an explicit grant first, else the role's), and CONFIG.Dice.randomUniform,
 * which the fake keeps as a face source (`random`).
 */
export class ClientDice {
  /** CONFIG.Dice.fulfillment (v13 client/config.mjs). */
  readonly fulfillment: {
    readonly dice: Record<string, { label: string; icon: string }>;
    readonly methods: Record<string, FulfillmentMethod>;
    defaultMethod: string;
  };
  /** game.settings.get("core", "diceConfiguration") on this client: a denomination's method. */
  configuration: Record<string, string> = {};
  /** test-only: User#permissions.MANUAL_ROLLS set explicitly (undefined: the role decides). */
  manualRolls: boolean | undefined;
  /**
   * test-only: what the user enters in the RollResolver, in order: a number typed (or registered
   * by an interactive method's device), or null for a field left empty (a digital roll).
   */
  readonly typed: (number | null)[] = [];
  /** test-only: every face this client drew, in order. */
  readonly draws: Draw[] = [];

  /**
   * test-only: a client's dice; `random` gives a face from 1 to `faces` (the fake's
   * CONFIG.Dice.randomUniform), `role` the user's (USER_ROLES).
   */
  constructor(
    public random: (faces: number) => number,
    public role: number = ROLES.PLAYER,
  ) {
    this.fulfillment = ClientDice.defaults();
  }

  /**
   * test-only: a page load builds CONFIG anew (v13 client/config.mjs), so a method a module
   * registered is gone until it registers again; the client setting and the user's permission stay.
   */
  reload(): void {
    const fresh = ClientDice.defaults();
    for (const k of Object.keys(this.fulfillment.methods)) delete this.fulfillment.methods[k];
    Object.assign(this.fulfillment.methods, fresh.methods);
    this.fulfillment.defaultMethod = fresh.defaultMethod;
  }

  /** CONFIG.Dice.fulfillment as v13 client/config.mjs defines it. */
  private static defaults(): ClientDice["fulfillment"] {
    const dice = Object.fromEntries(
      [4, 6, 8, 10, 12, 20, 100].map((f) => [`d${f}`, { label: `d${f}`, icon: `d${f}` }]),
    );
    return {
      dice,
      methods: {
        // v13 client/config.mjs: `handler: term => term.mapRandomFace(MersenneTwister.random())`
        mersenne: {
          label: "DICE.FULFILLMENT.Mersenne",
          interactive: false,
          handler: (term) => term.randomFace(),
        },
        manual: {
          label: "DICE.FULFILLMENT.Manual",
          icon: '<i class="fa-solid fa-keyboard"></i>',
          interactive: true,
        },
      },
      defaultMethod: "",
    };
  }

  /**
   * User#hasPermission("MANUAL_ROLLS") (v13 common/documents/user.mjs): an explicit setting, else
   * the roles from TRUSTED up (common/constants.mjs defaultRole; applications/apps/
   * permission-config.mjs gives each permission the roles from its defaultRole up).
   */
  hasManualRolls(): boolean {
    return this.manualRolls ?? this.role >= ROLES.TRUSTED;
  }

  /**
   * The method a denomination goes to: `config[denomination] || defaultMethod` (v13
   * client/dice/terms/dice.mjs #invokeFulfillmentHandler, roll.mjs identifyFulfillableTerms).
   */
  methodFor(denomination: string): string {
    return this.configuration[denomination] || this.fulfillment.defaultMethod;
  }

  /** test-only: the next value the user enters in the RollResolver; a test that typed none fails. */
  nextTyped(term: DiceTerm): number | null {
    if (this.typed.length === 0)
      throw new Error(
        `fake RollResolver: a ${term.denomination} waits for the user's entry and the test typed none`,
      );
    return this.typed.shift()!;
  }
}

/** The client a roll is evaluated on: its dice, and the face source of this roll (randomFace). */
export interface RollEnv {
  readonly dice: ClientDice;
  readonly random: (faces: number) => number;
}
