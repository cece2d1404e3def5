/**
 * The `Hooks` global: v13 client/helpers/hooks.mjs (class Hooks; API docs
 * foundry.helpers.Hooks). Listeners run in registration order; `once` listeners are removed
 * before they run; `call` stops at the first listener that returns exactly `false`; an error
 * in a listener is caught and reported (Hooks.onError logs it with console.error), and the
 * remaining listeners still run.
 */
type Fn = (...args: unknown[]) => unknown;

interface Entry {
  readonly hook: string;
  readonly id: number;
  readonly fn: Fn;
  readonly once: boolean;
}

export class FakeHooks {
  private static readonly events = new Map<string, Entry[]>();
  private static readonly ids = new Map<number, Entry>();
  private static nextId = 1;
  /** Every hook name called, in order (the test reads the start-up sequence from it). */
  static readonly trace: string[] = [];

  /** Hooks.on(hook, fn, {once}) returns the listener's id (hooks.mjs `on`). */
  static on(hook: string, fn: Fn, { once = false } = {}): number {
    if (typeof fn !== "function") throw new Error(`Hooks.on("${hook}"): a function is required`);
    const entry: Entry = { hook, id: FakeHooks.nextId++, fn, once };
    const list = FakeHooks.events.get(hook) ?? [];
    list.push(entry);
    FakeHooks.events.set(hook, list);
    FakeHooks.ids.set(entry.id, entry);
    return entry.id;
  }

  /** Hooks.once: `on` with once: true (hooks.mjs `once`). */
  static once(hook: string, fn: Fn): number {
    return FakeHooks.on(hook, fn, { once: true });
  }

  /** Hooks.off(hook, fnOrId) (hooks.mjs `off`): by id or by the function itself. */
  static off(hook: string, fn: Fn | number): void {
    const list = FakeHooks.events.get(hook);
    if (!list) return;
    const at = list.findIndex((e) => (typeof fn === "number" ? e.id === fn : e.fn === fn));
    if (at < 0) return;
    FakeHooks.ids.delete(list[at]!.id);
    list.splice(at, 1);
  }

  /** Hooks.callAll: every listener, return values ignored; always true (hooks.mjs `callAll`). */
  static callAll(hook: string, ...args: unknown[]): true {
    FakeHooks.trace.push(hook);
    for (const entry of [...(FakeHooks.events.get(hook) ?? [])]) FakeHooks.run(entry, args);
    return true;
  }

  /** Hooks.call: stops and returns false when a listener returns false (hooks.mjs `call`). */
  static call(hook: string, ...args: unknown[]): boolean {
    FakeHooks.trace.push(hook);
    for (const entry of [...(FakeHooks.events.get(hook) ?? [])])
      if (FakeHooks.run(entry, args) === false) return false;
    return true;
  }

  private static run(entry: Entry, args: unknown[]): unknown {
    if (entry.once) FakeHooks.off(entry.hook, entry.id);
    try {
      return entry.fn(...args);
    } catch (err) {
      // hooks.mjs #call: a warning naming the hook, then Hooks.onError(..., {log: "error"})
      FakeHooks.onError("Hooks.#call", err, {
        msg: `Error thrown in hooked function '${entry.fn.name}' for hook '${entry.hook}'`,
      });
      return undefined;
    }
  }

  /** Hooks.onError (hooks.mjs): logs the error and fires the `error` hook. */
  static onError(location: string, error: unknown, { msg = "" } = {}): void {
    console.error(`${msg ? msg + ": " : ""}${location}`, error);
    for (const entry of [...(FakeHooks.events.get("error") ?? [])])
      try {
        entry.fn(location, error);
      } catch {
        // an error hook that throws is ignored (hooks.mjs guards the `error` hook itself)
      }
  }
}
