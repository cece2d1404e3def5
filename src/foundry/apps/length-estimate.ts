/**
 * How long the wizard's lake will last (issue 12): the simulator (src/rules/sim/estimate.ts) in
 * a Web Worker, so the wizard stays responsive while it plays. Where a page cannot start the
 * worker the wizard says so and plays on without an estimate (the module's bundle does not
 * carry the simulator's bots).
 */
import type { LakeSpec } from "../../rules/index.ts";
import type { LengthEstimate } from "../../rules/sim/index.ts";

export type EstimateRequest =
  | {
      readonly id: number;
      readonly kind: "estimate";
      readonly lake: LakeSpec;
      readonly fishers: number;
      readonly games: number;
    }
  | {
      readonly id: number;
      readonly kind: "propose";
      readonly target: number;
      readonly fishers: number;
    };

export type EstimateReply =
  | { readonly id: number; readonly ok: true; readonly value: LengthEstimate }
  | { readonly id: number; readonly ok: false; readonly field: string };

/** Games played for the wizard's estimate: about a second for a 6x6x3 lake on a laptop. */
export const WIZARD_GAMES = 60;

const whole = (n: unknown, lo: number, hi: number): n is number =>
  Number.isInteger(n) && (n as number) >= lo && (n as number) <= hi;

/** The wizard's own limits (lake-options.ts), checked before any game is played. */
export function checkEstimateRequest(
  raw: unknown,
): { ok: true; value: EstimateRequest } | { ok: false; reply: EstimateReply } {
  const m = raw as Partial<Record<string, unknown>> | null;
  const id = typeof m?.id === "number" ? m.id : -1;
  const bad = (field: string) => ({ ok: false as const, reply: { id, ok: false as const, field } });
  if (!m || (m.kind !== "estimate" && m.kind !== "propose")) return bad("kind");
  if (!whole(m.fishers, 1, 12)) return bad("fishers");
  if (m.kind === "propose")
    return whole(m.target, 3, 400)
      ? { ok: true, value: { id, kind: "propose", target: m.target, fishers: m.fishers } }
      : bad("target");
  const lake = m.lake as Partial<LakeSpec> | undefined;
  if (!lake || !whole(lake.width, 1, 32)) return bad("width");
  if (!whole(lake.height, 1, 32)) return bad("height");
  if (!whole(lake.levels, 1, 9)) return bad("levels");
  if (!whole(m.games, 1, 1000)) return bad("games");
  return {
    ok: true,
    value: {
      id,
      kind: "estimate",
      lake: {
        width: lake.width,
        height: lake.height,
        levels: lake.levels,
        verticalAdjacency: lake.verticalAdjacency !== false,
      },
      fishers: m.fishers,
      games: m.games,
    },
  };
}

/** The worker's file, next to the module's script (a variable, so the bundler leaves it be). */
const WORKER_FILE = "estimate-worker.js";

export class LengthEstimator {
  private worker: Worker | undefined;
  private next = 1;
  private readonly waiting = new Map<number, (r: EstimateReply) => void>();

  constructor(private readonly base: string | URL = import.meta.url) {}

  private start(): Worker | undefined {
    if (this.worker) return this.worker;
    try {
      const w = new Worker(new URL(WORKER_FILE, this.base), { type: "module" });
      w.onmessage = (e: MessageEvent<EstimateReply>) => {
        this.waiting.get(e.data.id)?.(e.data);
        this.waiting.delete(e.data.id);
      };
      this.worker = w;
    } catch {
      this.worker = undefined;
    }
    return this.worker;
  }

  /** Asks the worker; a later question makes an earlier unanswered one moot (it still resolves). */
  ask(
    q:
      | Omit<Extract<EstimateRequest, { kind: "estimate" }>, "id">
      | Omit<Extract<EstimateRequest, { kind: "propose" }>, "id">,
  ): Promise<EstimateReply> {
    const id = this.next++;
    const w = this.start();
    const message = { ...q, id };
    if (!w) return Promise.resolve({ id, ok: false, field: "worker" });
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      w.postMessage(message);
    });
  }

  stop(): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const r of this.waiting.values()) r({ id: -1, ok: false, field: "stopped" });
    this.waiting.clear();
  }
}
