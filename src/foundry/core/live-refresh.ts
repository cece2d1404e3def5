/**
 * A window that follows changes (issue 20 item 3): it listens to the client's LiveFeed
 * (core/live-feed.ts), keeps the changes that concern it, and draws itself again once per
 * burst: the first change starts a wait of LIVE_DELAY_MS, each further one starts it again, and
 * after LIVE_MAX_WAIT_MS of steady changes it draws anyway. A change that arrives while it draws
 * gives one more drawing after it. A round resolved writes the record, the scene, tokens and
 * cards within a few hundred milliseconds: one drawing, not one per write.
 */
import type { LiveChange, LiveFeed } from "./live-feed.ts";

export const LIVE_DELAY_MS = 150;
export const LIVE_MAX_WAIT_MS = 1000;

export interface LiveClock {
  now(): number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const REAL_CLOCK: LiveClock = {
  now: () => Date.now(),
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class LiveRefresh {
  private timer: unknown;
  private first = 0;
  private running: Promise<void> | undefined;
  private again = false;
  private unsubscribe: (() => void) | undefined;
  /** How many times it drew (tests). */
  draws = 0;

  constructor(
    /** Draws the window again (ApplicationV2#render, or a test's DOM). */
    private readonly draw: () => Promise<void>,
    /** Whether a change is one the window shows. */
    private readonly concerns: (c: LiveChange) => boolean = () => true,
    readonly delayMs = LIVE_DELAY_MS,
    readonly maxWaitMs = LIVE_MAX_WAIT_MS,
    private readonly clock: LiveClock = REAL_CLOCK,
  ) {}

  /** Follows `feed` (once; a second call changes nothing). */
  follow(feed: LiveFeed): void {
    this.unsubscribe ??= feed.subscribe((c) => {
      if (this.concerns(c)) this.poke();
    });
  }

  /** Stops following and forgets a drawing not yet started (the window closed). */
  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    if (this.timer !== undefined) this.clock.clear(this.timer);
    this.timer = undefined;
    this.again = false;
  }

  get following(): boolean {
    return this.unsubscribe !== undefined;
  }

  /** Something the window shows changed. */
  poke(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    const now = this.clock.now();
    if (this.timer === undefined) this.first = now;
    else this.clock.clear(this.timer);
    const wait = Math.max(0, Math.min(this.delayMs, this.first + this.maxWaitMs - now));
    this.timer = this.clock.set(() => this.fire(), wait);
  }

  private fire(): void {
    this.timer = undefined;
    this.draws++;
    this.running = this.draw()
      .catch((e: unknown) => console.error("kolikoly-fishing | a window could not redraw", e))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Resolves once no drawing is waiting or under way (tests). */
  async idle(): Promise<void> {
    while (this.timer !== undefined || this.running) {
      if (this.running) await this.running;
      else await new Promise((r) => setTimeout(r, Math.max(1, this.delayMs / 4)));
    }
  }
}
