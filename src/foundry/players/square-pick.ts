/**
 * The square pick of the declaration window and the Escape key that cancels it.
 *
 * Foundry reads every key itself: its KeyboardManager listens on `window` in the bubble phase and
 * runs the keybindings registered for that key, lowest precedence first, until one returns a
 * truthy value; then it stops the event (v13 client/helpers/interaction/keyboard-manager.mjs,
 * `_processKeyboardContext`). Core's `dismiss` binding is on Escape with DEFERRED precedence and
 * closes every framed window (v13 client/helpers/interaction/client-keybindings.mjs, `#onDismiss`):
 * a listener of our own on `document` saw the key first but could not stop that, so Escape
 * cancelled the pick and also closed the declaration window, its drafts and any GM window.
 *
 * So Escape is the module's own keybinding, at PRIORITY precedence: while a pick is under way it
 * cancels the pick and answers true, and Foundry runs no other binding for that key press;
 * otherwise it answers false and `dismiss` closes windows as it always does. The answer must be
 * given synchronously: an async `onDown` returns a Promise, which counts as true every time.
 */

/** The one pick under way on this client, if any. */
export class SquarePicks {
  #cancel: (() => void) | undefined;

  /**
   * A pick starts; `cancel` ends it without a square. A pick still under way is cancelled first
   * (one canvas click must not answer two of them). Returns what the pick calls once it has
   * ended, by a click or by `cancel`.
   */
  begin(cancel: () => void): () => void {
    this.escape();
    this.#cancel = cancel;
    return () => {
      if (this.#cancel === cancel) this.#cancel = undefined;
    };
  }

  /** Whether a pick is under way. */
  get picking(): boolean {
    return this.#cancel !== undefined;
  }

  /** Cancels the pick under way; true when there was one. */
  escape(): boolean {
    const cancel = this.#cancel;
    if (!cancel) return false;
    this.#cancel = undefined;
    cancel();
    return true;
  }
}

/** The keybinding's action name, under the module's namespace. */
export const CANCEL_PICK_ACTION = "cancelPick";

/**
 * The Escape keybinding (ClientKeybindings#register's data): fixed on Escape, so a player cannot
 * move it off the key the window's prompt names; `precedence` is CONST.KEYBINDING_PRECEDENCE.PRIORITY
 * (0), tried before every NORMAL and DEFERRED binding on Escape.
 */
export function cancelPickBinding(
  picks: () => SquarePicks,
  precedence: number,
): {
  name: string;
  uneditable: { key: string }[];
  precedence: number;
  onDown: () => boolean;
} {
  return {
    name: "KOLIKOLY.Players.Keys.CancelPick",
    uneditable: [{ key: "Escape" }],
    precedence,
    onDown: () => picks().escape(),
  };
}
