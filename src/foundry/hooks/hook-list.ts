/**
 * The module's Foundry hook listeners as one list (issue 19 item 1; pf2e's `HooksPF2e.listen()`
 * walks such a list): each file of hooks/ says what it does on which hook through a `HookSink`,
 * and the composition root (module.ts) joins them into one listener per hook name, in the order
 * the parts were given. main.ts registers the list and nothing else.
 *
 * Foundry calls a hook's listeners one after another, does not wait for a promise one returns,
 * and a listener that throws is reported and the next one still runs (Hooks.callAll / Hooks.call,
 * v13 client/helpers/hooks.mjs, `#call` catches the error and calls Hooks.onError): the joined
 * listener keeps each of these for its parts.
 */

/** What a hooks/ file is given to listen with, in place of Foundry's `Hooks`. */
export interface HookSink {
  on(name: string, fn: (...args: never[]) => unknown): void;
  once(name: string, fn: (...args: never[]) => unknown): void;
}

/** One part of a hook's listener: a file's work on that hook. */
export interface HookPart {
  readonly name: string;
  readonly once: boolean;
  /** Who listens (a short description, printed in the hook list). */
  readonly what: string;
  readonly fn: (...args: unknown[]) => unknown;
}

/** One listener per Foundry hook name: what main.ts registers. */
export interface HookListener {
  readonly name: string;
  /** Hooks.once (init, setup, ready) rather than Hooks.on. */
  readonly once: boolean;
  /** Its parts' descriptions, in the order they run. */
  readonly parts: readonly string[];
  readonly fn: (...args: unknown[]) => void;
}

/** Collects the parts of the hook list, each under the description of the file that adds it. */
export class HookParts {
  private readonly list: HookPart[] = [];

  /** The sink one part listens with: every hook it adds is described by `what`. */
  part(what: string): HookSink {
    const add = (name: string, once: boolean, fn: (...args: never[]) => unknown) =>
      void this.list.push({ name, once, what, fn: fn as (...args: unknown[]) => unknown });
    return {
      on: (name, fn) => add(name, false, fn),
      once: (name, fn) => add(name, true, fn),
    };
  }

  /** One listener per hook name, its parts in the order they were added. */
  listeners(): HookListener[] {
    const names = [...new Set(this.list.map((p) => p.name))];
    return names.map((name) => {
      const parts = this.list.filter((p) => p.name === name);
      const once = parts[0]!.once;
      if (parts.some((p) => p.once !== once))
        throw new Error(`kolikoly-fishing | hook ${name} is listened to both once and always`);
      return { name, once, parts: parts.map((p) => p.what), fn: joined(name, parts) };
    });
  }
}

function report(name: string, what: string, e: unknown): void {
  console.error(`kolikoly-fishing | ${name} (${what}) failed`, e);
}

/** The parts run one after another; one that throws or rejects is reported, the others still run. */
function joined(name: string, parts: readonly HookPart[]): (...args: unknown[]) => void {
  return (...args) => {
    for (const p of parts)
      try {
        const r = p.fn(...args);
        if (r instanceof Promise) r.catch((e: unknown) => report(name, p.what, e));
      } catch (e) {
        report(name, p.what, e);
      }
  };
}

/** The list as the closing note prints it: one line per hook, its parts in order. */
export function printHooks(list: readonly HookListener[]): string[] {
  return list.map((h) => `${h.once ? "once" : "on"} ${h.name}: ${h.parts.join("; ")}`);
}
