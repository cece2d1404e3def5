/**
 * Code a client loads on first use, not at start (every client loads the module's entry
 * before the world is ready, so what only a GM importing a file, a player declaring or a hazard
 * choice needs is a chunk of its own). The seam that owns a chunk writes its `import()` itself
 * (Vite makes a chunk of each `import()` it sees: scripts/<file>.js, served from the module's own
 * folder like the entry) and hands it here:
 *
 * - the chunk is imported once per page; a failed import (the Foundry server unreachable for a
 *   moment) is forgotten, so the next use tries again instead of failing for the rest of the
 *   session, as a cached rejected promise would;
 * - a failure reaches the person who asked as the localized `chunkFailed` refusal
 *   (KOLIKOLY.Foundry.Error.chunkFailed) before anything is done, so nothing is half changed.
 */
import type { Result } from "./result.ts";
import { err } from "./result.ts";

export class LazyChunk<T> {
  private loading: Promise<T> | undefined;
  private loaded: T | undefined;

  constructor(
    /** What the chunk is, for the console ("the declaration window"). */
    readonly what: string,
    private readonly load: () => Promise<T>,
  ) {}

  /** The chunk, imported at its first use; a failed import is tried again at the next. */
  get(): Promise<T> {
    if (this.loaded) return Promise.resolve(this.loaded);
    this.loading ??= this.load().then(
      (c) => (this.loaded = c),
      (e: unknown) => {
        this.loading = undefined;
        throw e;
      },
    );
    return this.loading;
  }

  /** The chunk when this page has it already (no import started). */
  now(): T | undefined {
    return this.loaded;
  }

  /** Starts the import ahead of its first use; a failure is only logged (the use will retry). */
  preload(): void {
    void this.get().catch((e: unknown) => this.failed(e));
  }

  /** `fn` with the chunk; a failed import answers `chunkFailed` (field: what failed), doing nothing. */
  async withChunk<R>(fn: (c: T) => Promise<Result<R>> | Result<R>): Promise<Result<R>> {
    let c: T;
    try {
      c = await this.get();
    } catch (e) {
      this.failed(e);
      return err("chunkFailed", this.what);
    }
    return fn(c);
  }

  private failed(e: unknown): void {
    console.error(`kolikoly-fishing | ${this.what} could not be loaded`, e);
  }
}
