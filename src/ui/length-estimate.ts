/**
 * How long a lake will last (issue 12), asked of a Web Worker so that the page stays responsive
 * while the simulator plays: the messages, their check, and the page's side of the
 * conversation. Shared by the Foundry lake wizard (src/foundry/apps/lake-wizard.ts, worker
 * dist/scripts/estimate-worker.js) and the standalone table (src/sandbox/main.ts, worker
 * src/sandbox/estimate-worker.ts). The worker's side is estimate-answer.ts, kept apart so that
 * the module's own bundle does not carry the simulator.
 */
import type { LakeSpec } from "../rules/index.ts";
import { LAKE_LIMITS, wholeWithin } from "../rules/index.ts";
import type { LengthEstimate } from "../rules/sim/index.ts";

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

/**
 * Games asked for an estimate: at most, since the work budget and the stopping rule may end it
 * sooner (src/rules/sim/estimate.ts); the answer comes within 250 ms for any accepted lake.
 */
export const ESTIMATE_PAGE_GAMES = 60;

/** The wanted length a proposal accepts (rounds). */
export const TARGET_RANGE = [3, 400] as const;

const whole = wholeWithin;

/**
 * A question checked before any game is played: the rules' limits (LAKE_LIMITS, which both the
 * wizard and the table use); a bad one is answered with the field.
 */
export function checkEstimateRequest(
  raw: unknown,
): { ok: true; value: EstimateRequest } | { ok: false; reply: EstimateReply } {
  const m = raw as Partial<Record<string, unknown>> | null;
  const id = typeof m?.id === "number" ? m.id : -1;
  const bad = (field: string) => ({ ok: false as const, reply: { id, ok: false as const, field } });
  if (!m || (m.kind !== "estimate" && m.kind !== "propose")) return bad("kind");
  if (!whole(m.fishers, 1, LAKE_LIMITS.fishers)) return bad("fishers");
  if (m.kind === "propose")
    return whole(m.target, ...TARGET_RANGE)
      ? { ok: true, value: { id, kind: "propose", target: m.target, fishers: m.fishers } }
      : bad("target");
  const lake = m.lake as Partial<LakeSpec> | undefined;
  if (!lake || !whole(lake.width, 1, LAKE_LIMITS.side)) return bad("width");
  if (!whole(lake.height, 1, LAKE_LIMITS.side)) return bad("height");
  if (!whole(lake.levels, 1, LAKE_LIMITS.levels)) return bad("levels");
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

export type EstimateQuestion =
  | Omit<Extract<EstimateRequest, { kind: "estimate" }>, "id">
  | Omit<Extract<EstimateRequest, { kind: "propose" }>, "id">;

/**
 * The page's side: one worker, started with the first question (`start` makes it: each page
 * knows where its worker file is), answers matched to questions by id.
 */
export class LengthEstimator {
  private worker: Worker | undefined;
  private next = 1;
  private readonly waiting = new Map<number, (r: EstimateReply) => void>();

  constructor(private readonly make: () => Worker) {}

  private start(): Worker | undefined {
    if (this.worker) return this.worker;
    try {
      const w = this.make();
      w.onmessage = (e: MessageEvent<EstimateReply>) => {
        this.waiting.get(e.data.id)?.(e.data);
        this.waiting.delete(e.data.id);
      };
      // a worker that fails to load answers every question still waiting with "worker"
      w.onerror = () => {
        for (const [id, r] of this.waiting) r({ id, ok: false, field: "worker" });
        this.waiting.clear();
      };
      this.worker = w;
    } catch {
      this.worker = undefined;
    }
    return this.worker;
  }

  /** Asks the worker; a later question makes an earlier unanswered one moot (it still resolves). */
  ask(q: EstimateQuestion): Promise<EstimateReply> {
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

/**
 * Which of the estimate's texts says it: the figures past the cap are said as "more than" it,
 * with the share of test games still going there (issue 22; never the cap as a length).
 */
export function estimateKey(e: LengthEstimate): string {
  if (e.capped === 0) return "KOLIKOLY.Length.Estimate";
  if (e.p5 > e.cap) return "KOLIKOLY.Length.EstimateAllCapped";
  if (e.median > e.cap) return "KOLIKOLY.Length.EstimateMostCapped";
  if (e.p95 > e.cap) return "KOLIKOLY.Length.EstimateTailCapped";
  return "KOLIKOLY.Length.EstimateSomeCapped";
}

/** The share of test games past the cap, in whole percent: 0 and 100 only when exactly so. */
export function cappedShare(e: LengthEstimate): number {
  const pct = Math.round((100 * e.capped) / e.games);
  return e.capped === e.games ? 100 : e.capped === 0 ? 0 : Math.min(99, Math.max(1, pct));
}

/**
 * "A 3x2x2 lake with 4 fishers usually lasts 17 rounds (90% of 60 test games: 8 to 30)", or,
 * where games ran past the cap, "... lasts more than 450 rounds: 100% of 10 test games were still
 * going at round 450".
 */
export function estimateText(
  e: LengthEstimate,
  t: (k: string, d?: Record<string, unknown>) => string,
): string {
  return t(estimateKey(e), {
    lake: `${e.lake.width}x${e.lake.height}x${e.lake.levels}`,
    fishers: e.fishers,
    games: e.games,
    median: e.median,
    low: e.p5,
    high: e.p95,
    cap: e.cap,
    share: cappedShare(e),
  });
}
