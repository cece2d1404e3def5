/**
 * Foundry's keyboard: `game.keyboard` (v13 client/helpers/interaction/keyboard-manager.mjs,
 * KeyboardManager) and `game.keybindings` (v13 client/helpers/interaction/client-keybindings.mjs,
 * ClientKeybindings), as build 13.351 has them:
 * - bindings are registered until `initialize` (Game#initializeKeyboard, after `setup`), each
 *   with a precedence (NORMAL unless given) and its registration order; `initialize` lists every
 *   key's actions, sorted by precedence then order (ClientKeybindings._compareActions);
 * - the manager listens on `window` for keydown and keyup in the bubble phase (`_activateListeners`);
 *   while a form field has focus no binding runs (`hasFocus`); otherwise the matching actions
 *   (same `KeyboardEvent#code`, modifiers, `repeat`, GM-only `restricted`) run in order until one
 *   answers truthy, and the event is then stopped (`_processKeyboardContext`);
 * - core's bindings that the module's keys meet: `dismiss` on Escape (DEFERRED: closes every
 *   framed ApplicationV2, async like `#onDismiss`, so always consumed) and the four pans on the
 *   arrow keys (`#onPan`: a token layer's controlled tokens move; the fake has none to move).
 */
import { instances } from "./applications.ts";
import { KEYBINDING_PRECEDENCE } from "./constants.ts";
import { env, misuse } from "./env.ts";
import type { Obj } from "./utils.ts";

interface KeyBinding {
  key: string;
  modifiers?: string[];
}

interface ActionConfig {
  name: string;
  namespace: string;
  uneditable: KeyBinding[];
  editable: KeyBinding[];
  onDown?: (context: KeyContext) => unknown;
  onUp?: (context: KeyContext) => unknown;
  precedence: number;
  order: number;
  repeat: boolean;
  restricted?: boolean;
  reservedModifiers: string[];
}

interface Action {
  action: string;
  key: string;
  requiredModifiers: string[];
  optionalModifiers: string[];
  onDown?: ActionConfig["onDown"];
  onUp?: ActionConfig["onUp"];
  precedence: number;
  order: number;
  repeat: boolean;
  restricted?: boolean;
}

export interface KeyContext {
  event: KeyboardEvent;
  key: string;
  isShift: boolean;
  isControl: boolean;
  isAlt: boolean;
  hasModifier: boolean;
  modifiers: string[];
  up: boolean;
  repeat: boolean;
  action?: string;
}

/** KeyboardManager.MODIFIER_KEYS and MODIFIER_CODES (keyboard-manager.mjs). */
const MODIFIER_KEYS = { CONTROL: "Control", SHIFT: "Shift", ALT: "Alt" } as const;
const MODIFIER_CODES: Record<string, string[]> = {
  Alt: ["AltLeft", "AltRight"],
  Control: ["ControlLeft", "ControlRight", "MetaLeft", "MetaRight", "Meta", "OsLeft", "OsRight"],
  Shift: ["ShiftLeft", "ShiftRight"],
};

export class ClientKeybindings {
  readonly actions = new Map<string, ActionConfig>();
  activeKeys = new Map<string, Action[]>();
  bindings: Map<string, KeyBinding[]> | undefined;
  private registered = 0;
  /** test-only: each binding that ran, in order, and what it answered (the boot test reads it). */
  readonly trace: { action: string; key: string; consumed: boolean }[] = [];

  // v13 client/helpers/interaction/client-keybindings.mjs ClientKeybindings#register
  register(namespace: string, action: string, data: Obj): void {
    if (this.bindings) throw new Error("You cannot register a Keybinding after the init hook");
    if (!namespace || !action)
      throw new Error(
        "You must specify both the namespace and action portion of the Keybinding action",
      );
    const config: ActionConfig = {
      ...(data as Partial<ActionConfig>),
      name: String(data.name ?? ""),
      namespace,
      precedence: (data.precedence as number | undefined) ?? KEYBINDING_PRECEDENCE.NORMAL,
      order: this.registered++,
      uneditable: validate(data.uneditable),
      editable: validate(data.editable),
      repeat: (data.repeat as boolean | undefined) ?? false,
      reservedModifiers: (data.reservedModifiers as string[] | undefined) ?? [],
    };
    this.actions.set(`${namespace}.${action}`, config);
  }

  /** Every key's actions, sorted; registering is closed from now on. */
  // v13 client/helpers/interaction/client-keybindings.mjs ClientKeybindings#initialize
  initialize(): void {
    this.bindings = new Map();
    for (const [action, config] of this.actions)
      this.bindings.set(action, [...config.uneditable, ...config.editable]);
    this.activeKeys = new Map();
    for (const [action, config] of this.actions)
      for (const binding of this.bindings.get(action) ?? []) {
        const list = this.activeKeys.get(binding.key) ?? [];
        list.push({
          action,
          key: binding.key,
          requiredModifiers: binding.modifiers ?? [],
          optionalModifiers: config.reservedModifiers,
          onDown: config.onDown,
          onUp: config.onUp,
          precedence: config.precedence,
          order: config.order,
          repeat: config.repeat,
          restricted: config.restricted,
        });
        this.activeKeys.set(binding.key, list.sort(ClientKeybindings._compareActions));
      }
  }

  /** Lower precedence first, then the order of registration. */
  // v13 client/helpers/interaction/client-keybindings.mjs ClientKeybindings._compareActions
  static _compareActions(a: Action, b: Action): number {
    if (a.precedence === b.precedence) return a.order - b.order;
    return a.precedence - b.precedence;
  }

  /**
   * The core bindings the module's keys meet, registered after every package's (Game
   * #initializeKeyboard calls this after `setup`), so they come last among equals.
   */
  // v13 client/helpers/interaction/client-keybindings.mjs ClientKeybindings#_registerCoreKeybindings
  _registerCoreKeybindings(): void {
    this.register("core", "dismiss", {
      name: "KEYBINDINGS.Dismiss",
      uneditable: [{ key: "Escape" }],
      onDown: () => ClientKeybindings.onDismiss(),
      precedence: KEYBINDING_PRECEDENCE.DEFERRED,
    });
    for (const [action, key, letter] of [
      ["panUp", "ArrowUp", "KeyW"],
      ["panLeft", "ArrowLeft", "KeyA"],
      ["panDown", "ArrowDown", "KeyS"],
      ["panRight", "ArrowRight", "KeyD"],
    ] as const)
      this.register("core", action, {
        name: `KEYBINDINGS.${action[0]!.toUpperCase()}${action.slice(1)}`,
        uneditable: [{ key }],
        editable: [{ key: letter }],
        onUp: (c: KeyContext) => ClientKeybindings.onPan(c),
        onDown: (c: KeyContext) => ClientKeybindings.onPan(c),
        reservedModifiers: [MODIFIER_KEYS.CONTROL, MODIFIER_KEYS.SHIFT],
        repeat: true,
      });
  }

  /**
   * `#onDismiss`: (no drag, main menu, context menu or tour in the fake) close every framed
   * ApplicationV2, each with `{closeKey: true}`; (no main menu to open either). Async, as core's:
   * the Promise it returns is truthy, so Escape is always consumed here.
   */
  // v13 client/helpers/interaction/client-keybindings.mjs ClientKeybindings#onDismiss
  static async onDismiss(): Promise<boolean> {
    const closing: Promise<boolean>[] = [];
    for (const app of instances.values())
      if (app.hasFrame) closing.push(app.close({ closeKey: true }).then(() => !app.rendered));
    await Promise.all(closing);
    return true;
  }

  /** `#onPan`: with the canvas ready a move key is taken (controlled tokens would move). */
  // v13 client/helpers/interaction/client-keybindings.mjs ClientKeybindings#onPan
  static onPan(_context: KeyContext): boolean {
    return Boolean(env.canvas?.ready);
  }
}

/** ClientKeybindings#validateBindings: an array of bindings, each with a key. */
// v13 client/helpers/interaction/client-keybindings.mjs ClientKeybindings#validateBindings
function validate(values: unknown): KeyBinding[] {
  const list = (values ?? []) as KeyBinding[];
  if (!Array.isArray(list)) throw misuse("keybindings must be an array");
  for (const b of list)
    if (!b.key)
      throw new Error("Each KeybindingActionBinding must contain a valid key designation");
  return list.map((b) => ({ key: b.key, modifiers: b.modifiers ?? [] }));
}

export class KeyboardManager {
  downKeys = new Set<string>();

  /** keydown and keyup on `window`, bubble phase: any listener before it may stop the key. */
  // v13 client/helpers/interaction/keyboard-manager.mjs KeyboardManager#_activateListeners
  _activateListeners(): void {
    window.addEventListener("keydown", (e) => this.handle(e, false));
    window.addEventListener("keyup", (e) => this.handle(e, true));
  }

  /** A text field, a select, an editable element or a form's button has the keyboard. */
  // v13 client/helpers/interaction/keyboard-manager.mjs KeyboardManager#hasFocus
  get hasFocus(): boolean {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement)) return false;
    if (["", "true"].includes(focused.dataset.keyboardFocus ?? "-")) return true;
    if (focused.dataset.keyboardFocus === "false") return false;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(focused.tagName)) return true;
    if (focused.isContentEditable) return true;
    if (focused instanceof HTMLButtonElement) return !!focused.form;
    return false;
  }

  // v13 client/helpers/interaction/keyboard-manager.mjs KeyboardManager#handleKeyboardEvent
  private handle(event: KeyboardEvent, up: boolean): void {
    if (event.isComposing) return;
    if (!event.key && !event.code) return;
    this._processKeyboardContext(KeyboardManager.getKeyboardEventContext(event, up));
  }

  // v13 client/helpers/interaction/keyboard-manager.mjs KeyboardManager.getKeyboardEventContext
  static getKeyboardEventContext(event: KeyboardEvent, up = false): KeyContext {
    const context: KeyContext = {
      event,
      key: event.code,
      isShift: event.shiftKey,
      isControl: event.ctrlKey || event.metaKey,
      isAlt: event.altKey,
      hasModifier: event.shiftKey || event.ctrlKey || event.metaKey || event.altKey,
      modifiers: [],
      up,
      repeat: event.repeat,
    };
    if (context.isShift) context.modifiers.push(MODIFIER_KEYS.SHIFT);
    if (context.isControl) context.modifiers.push(MODIFIER_KEYS.CONTROL);
    if (context.isAlt) context.modifiers.push(MODIFIER_KEYS.ALT);
    return context;
  }

  /** The key's actions in order until one answers truthy; then the event goes no further. */
  // v13 client/helpers/interaction/keyboard-manager.mjs KeyboardManager#_processKeyboardContext
  _processKeyboardContext(context: KeyContext): void {
    if (context.up) this.downKeys.delete(context.key);
    else this.downKeys.add(context.key);
    if (this.hasFocus) return;
    const bindings = env.game.keybindings;
    const actions = (bindings.activeKeys.get(context.key) ?? []).filter((a) =>
      KeyboardManager.testContext(a, context),
    );
    let handled: unknown;
    for (const action of actions) {
      context.action = action.action;
      handled = context.up ? action.onUp?.(context) : action.onDown?.(context);
      if ((context.up ? action.onUp : action.onDown) !== undefined)
        bindings.trace.push({ action: action.action, key: context.key, consumed: !!handled });
      if (handled) break;
    }
    if (handled) {
      context.event.preventDefault();
      context.event.stopPropagation();
    }
  }

  // v13 client/helpers/interaction/keyboard-manager.mjs KeyboardManager#testContext
  private static testContext(action: Action, context: KeyContext): boolean {
    if (context.repeat && !action.repeat) return false;
    if (action.restricted && !env.game.user.isGM) return false;
    if (!context.hasModifier) return action.requiredModifiers.length === 0;
    const active: Record<string, boolean> = {
      [MODIFIER_KEYS.CONTROL]: context.isControl,
      [MODIFIER_KEYS.SHIFT]: context.isShift,
      [MODIFIER_KEYS.ALT]: context.isAlt,
    };
    for (const [k, v] of Object.entries(active)) {
      if (MODIFIER_CODES[k]!.includes(context.key)) continue;
      if (action.requiredModifiers.includes(k)) {
        if (!v) return false;
      } else if (!context.up && !action.optionalModifiers.includes(k) && v) return false;
    }
    return true;
  }
}
