/**
 * Fair dice on a player's client (the construction: dice/fair.ts; the GM's side: fair-draws.ts).
 * The player still rolls from their own sheet through the system's own roll: the module gives
 * Foundry a dice fulfillment method (CONFIG.Dice.fulfillment, v12 and later: a handler Foundry
 * awaits for each die, v13 client/dice/terms/dice.mjs `DiceTerm#roll`), the default for every
 * die the player's dice configuration does not send elsewhere. The handler answers only for the
 * dice of one roll: the check a fair lake's locked round asks of a fisher this player owns. For
 * any other roll it answers nothing, and Foundry rolls the die as it always does.
 *
 * Which roll is the check, before its dice are rolled (the handler is given the die term; the
 * term's `_root` is the Roll being evaluated, set by `Roll#_evaluateASTAsync`, v13
 * client/dice/roll.mjs):
 * - a roll the module asks for from the roll card's button: the check being rolled;
 * - dnd5e: the rolls its `dnd5e.postRollConfiguration` hook hands over after the roll dialog,
 *   marked with their check and actor (the adapter's `configureHooks`);
 * - pf2e, which fires no hook before evaluating: the check the CheckRoll's own options name
 *   (the adapter's `fairCheckOf`).
 * At the roll's first die the client picks its secret, commits to it for this check and this
 * roll's dice shape, and waits for the GM's nonce; each die then comes from the fair stream, and
 * the roll carries the secret in its options to the chat message, where the GM checks it.
 */
import type { FairCheck, FairStream } from "../../dice/fair.ts";
import { MODULE_ID } from "../core/constants.ts";
import type { CheckKind, RollAdapter } from "../systems/types.ts";
import type { FulfilledTerm, PlayerPort } from "./port.ts";
import type { Candidate, FairSender, Options, Root, SecretShelf } from "./fair-start.ts";

/** The fulfillment method's id (CONFIG.Dice.fulfillment.methods): the module's id. */
export const FAIR_METHOD = MODULE_ID;

/** A check the roll card's button rolls: exactly which, and for which actor. */
type Rolling = FairCheck & { readonly kind: CheckKind; readonly actorId: string };

export class FairDice {
  /** Each roll being evaluated: its stream once its draw is answered (null: not a fair check). */
  private readonly streams = new WeakMap<object, Promise<FairStream | null>>();
  /** This tab's secrets by check and shape (fair-start.ts `SecretShelf`), made with the first. */
  private secrets: SecretShelf | undefined;
  /** The check the roll card's button is rolling now, if any. */
  private rolling: Rolling | undefined;

  constructor(
    private readonly port: PlayerPort,
    private readonly desk: FairSender,
    private readonly adapter: () => RollAdapter,
  ) {}

  /** `init`: the fulfillment method, and the system's hooks that name a check before its dice. */
  listen(): void {
    this.port.fulfillDice("KOLIKOLY.FairDice.Method", (term) => this.face(term));
    for (const hook of this.adapter().configureHooks ?? [])
      this.port.on(hook.name, (...args: unknown[]) => {
        const read = hook.read(...args);
        if (!read) return;
        const options = ((read.roll as Root).options ??= {});
        const mine = (options[MODULE_ID] as Options | undefined) ?? {};
        options[MODULE_ID] = { ...mine, check: { kind: read.kind, actorId: read.actorId } };
      });
  }

  /**
   * The roll card's button: while `fn` rolls the fisher's check through the system, the roll
   * evaluated is that check.
   */
  async rollingCheck<T>(check: Rolling, fn: () => Promise<T>): Promise<T> {
    this.rolling = check;
    try {
      return await fn();
    } finally {
      this.rolling = undefined;
    }
  }

  /** The fulfillment handler: this die of a fair check's roll, or nothing (Foundry's own die). */
  async face(term: FulfilledTerm): Promise<number | undefined> {
    const root = term._root;
    if (!root || typeof root !== "object" || this.port.me().isGM) return undefined;
    let stream = this.streams.get(root);
    if (!stream) {
      stream = this.start(root as Root).catch((e: unknown) => {
        console.warn(`kolikoly-fishing | fair dice: ${String((e as Error).message)}`);
        return null;
      });
      this.streams.set(root, stream);
    }
    const s = await stream;
    return s ? s.face(term.faces) : undefined;
  }

  /** Which check a roll is, if it is one (see the file's comment). */
  private candidateOf(root: Root): Candidate | undefined {
    const options = root.options ?? {};
    const mark = (options[MODULE_ID] as Options | undefined)?.check as
      { kind?: CheckKind; actorId?: string } | undefined;
    const kind = mark?.kind ?? this.adapter().fairCheckOf?.(options);
    const rolling = this.rolling;
    if (rolling && (!kind || kind === rolling.kind))
      return { kind: rolling.kind, actorId: rolling.actorId, check: rolling };
    if (!kind) return undefined;
    return mark?.actorId ? { kind, actorId: mark.actorId } : { kind };
  }

  /** A fair check's roll starts (fair-start.ts, loaded with the first candidate roll). */
  private async start(root: Root): Promise<FairStream | null> {
    const candidate = this.candidateOf(root);
    if (!candidate) return null;
    const { startFairRoll, SecretShelf } = await import("./fair-start.ts");
    this.secrets ??= new SecretShelf();
    return startFairRoll(
      { port: this.port, desk: this.desk, secrets: this.secrets },
      root,
      candidate,
    );
  }

  /**
   * Whether this player's dice configuration sends the dice of a fair check elsewhere (physical
   * dice, manual entry): the die never reaches the module, and the roll cannot count. The method
   * it is sent to, or undefined.
   */
  elsewhere(denomination = "d20"): string | undefined {
    const method = this.port.diceMethodFor(denomination);
    return method && method !== FAIR_METHOD ? method : undefined;
  }
}
