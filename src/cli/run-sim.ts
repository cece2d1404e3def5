/**
 * A simulation run shared among worker processes (sim-worker.ts). The parent hands out chunks
 * of game indices on demand and merges each worker's accumulator at the end; the result is the
 * same whatever the number of workers or the order they finish in.
 */
import type { ChildProcess } from "node:child_process";
import { fork, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { SimOptions } from "../rules/sim/options.ts";
import type { SimStats } from "../rules/sim/stats.ts";
import { mergeStats, newStats } from "../rules/sim/stats.ts";
import type { WorkerMessage, WorkerOrder, WorkerUsage } from "./sim-worker.ts";

/** The worker run through tsx (its TypeScript compiled on the fly in each worker process). */
const WORKER_TSX = fileURLToPath(new URL("./sim-worker.mjs", import.meta.url));
/** The script that bundles the worker (run in a process of its own). */
const BUNDLER = fileURLToPath(new URL("./sim-worker-bundle.mjs", import.meta.url));
/** Where the worker's bundle is kept between runs (ignored by git with node_modules). */
const CACHE_DIR = fileURLToPath(
  new URL("../../node_modules/.cache/kolikoly-sim/", import.meta.url),
);
/** Changed when the way the bundle is made changes, so that an old bundle is not reused. */
const BUNDLE_FORMAT = "2";

/** What a cached bundle was made from: each input file's path and a hash of its contents. */
interface BundleManifest {
  readonly format: string;
  readonly inputs: readonly { readonly path: string; readonly sha1: string }[];
}

const sha1 = (path: string) => createHash("sha1").update(readFileSync(path)).digest("hex");

/** The cached bundle if every file it was made from is unchanged, else undefined. */
function cachedBundle(dir: string): string | undefined {
  try {
    const m = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as BundleManifest;
    if (m.format !== BUNDLE_FORMAT || m.inputs.length === 0) return undefined;
    for (const input of m.inputs) if (sha1(input.path) !== input.sha1) return undefined;
    const out = join(dir, "sim-worker.cjs");
    return existsSync(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

/** Bundles the worker into `dir` in a process of its own (sim-worker-bundle.mjs). */
function bundleInto(dir: string): string | undefined {
  const r = spawnSync(process.execPath, [BUNDLER, dir, BUNDLE_FORMAT], { stdio: "ignore" });
  return r.status === 0 ? cachedBundle(dir) : undefined;
}

let bundled: string | undefined;

/**
 * The worker as one plain JavaScript file, so that a worker process starts without tsx (about 35
 * MB and a quarter of a second of CPU less each); CommonJS, about 1 MB less a process than an ES
 * module. The bundle is kept in `node_modules/.cache/kolikoly-sim/` with the hash of every file it
 * was made from, and made again only when one of them changed, by esbuild (which tsx itself runs
 * on) in a process of its own: this process never loads esbuild (about 13 MB). Where the cache
 * cannot be written, the bundle goes to the system's temporary folder for this run; where esbuild
 * cannot be run, the workers run the TypeScript through tsx.
 */
function workerScript(): string {
  if (bundled) return bundled;
  bundled = cachedBundle(CACHE_DIR);
  if (bundled) return bundled;
  bundled = bundleInto(CACHE_DIR);
  if (bundled) return bundled;
  const dir = mkdtempSync(join(tmpdir(), "kolikoly-sim-"));
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  bundled = bundleInto(dir) ?? WORKER_TSX;
  return bundled;
}

/**
 * V8 flags of a worker process. A worker's live data is small (one game and a fixed-size
 * accumulator), but V8 lets the old generation fill with promoted garbage up to its limit before
 * a full collection, so the limit is what a worker's peak memory follows: on 20,000 games of
 * 2x2x1, 78 MB of peak RSS with 48 MB, 60 MB with 16, 56 MB with 12, at the same CPU time (8 MB
 * doubles it; 600 games of 6x6x3 take the same CPU time with 12 as with 48). A game on a big lake
 * needs more (32x32x9 with 12 fishers runs out of memory with 16 MB, not with 32), hence 1 MB more
 * for every 64 squares.
 *
 * V8's helper threads (collecting garbage in parallel, concurrent marking, compiling) are worth
 * it for a lone worker, which leaves cores free: one of them, not one per core (57 MB against 64
 * MB). With two workers or more they only compete with the other workers for the cores: there
 * each worker runs alone on its thread (`--single-threaded`, 1.5 MB less each). Measured on 2
 * cores, 4,000 default games through the CLI: one worker used 1.2 cores (11.1 s of CPU in 9.25
 * s); two single-threaded workers took 5.55 s and 10.2 s of CPU, two with a helper thread each
 * 6.06 s and 11.2 s, and a lone single-threaded worker 9.78 s.
 */
export function workerFlags(lake: SimOptions["lake"], workers = 1): string[] {
  const squares = lake.width * lake.height * lake.levels;
  const oldSpaceMb = 12 + Math.floor(squares / 64);
  const threads = workers > 1 ? "--single-threaded" : "--v8-pool-size=1";
  return [`--max-old-space-size=${oldSpaceMb}`, "--max-semi-space-size=1", threads];
}

/** How long a worker's death by a signal waits before it counts as a failure. */
const SIGNAL_GRACE_MS = 250;

/**
 * While the workers run, SIGINT (Ctrl-C), SIGTERM and SIGHUP stop them and then end this process
 * by the same signal (the shell sees the usual status, 130 for Ctrl-C), with nothing printed.
 */
function stopWorkersOnSignal(children: readonly ChildProcess[]): { off(): void } {
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  const handler = (signal: NodeJS.Signals) => {
    off();
    for (const c of children) c.kill();
    process.kill(process.pid, signal);
  };
  const off = () => {
    for (const s of signals) process.off(s, handler);
  };
  for (const s of signals) process.on(s, handler);
  return { off };
}

/** Games handed to a worker at a time: small enough to balance the load, big enough to be cheap. */
export function chunkSize(games: number, workers: number): number {
  return Math.max(1, Math.min(256, Math.ceil(games / (workers * 32))));
}

/**
 * Plays `options.games` games on `workers` child processes; `onProgress` gets the games done so
 * far, `onUsage` what each worker used (CPU time, peak memory) when it is done.
 */
export async function runSimulation(
  options: SimOptions,
  workers: number,
  onProgress?: (done: number) => void,
  onUsage?: (usage: WorkerUsage) => void,
): Promise<SimStats> {
  const script = workerScript();
  const count = Math.max(1, Math.min(workers, options.games));
  const chunk = chunkSize(options.games, count);
  const total = newStats(options);
  const children: ChildProcess[] = [];
  let next = 0;
  let done = 0;
  return new Promise<SimStats>((resolve, reject) => {
    let finished = 0;
    let failed = false;
    const stopOnSignal = stopWorkersOnSignal(children);
    const fail = (e: Error) => {
      if (failed) return;
      failed = true;
      stopOnSignal.off();
      for (const c of children) c.kill();
      reject(e);
    };
    for (let k = 0; k < count; k++) {
      const child = fork(script, [], {
        execArgv: [...process.execArgv, ...workerFlags(options.lake, count)],
        stdio: ["ignore", "ignore", "inherit", "ipc"],
      });
      children.push(child);
      let over = false;
      const order = (o: WorkerOrder) => child.send(o);
      child.on("message", (m: WorkerMessage) => {
        if (m.type === "ready") {
          if (next < options.games) {
            const from = next;
            next = Math.min(options.games, next + chunk);
            order({ type: "chunk", from, to: next });
          } else order({ type: "stop" });
        } else if (m.type === "progress") {
          done += m.games;
          onProgress?.(done);
        } else {
          over = true;
          mergeStats(total, m.stats);
          onUsage?.(m.usage);
          if (++finished === count) {
            stopOnSignal.off();
            if (total.games !== options.games) fail(new Error("the workers lost games"));
            else resolve(total);
          }
        }
      });
      child.on("error", fail);
      child.on("exit", (code, signal) => {
        if (over) return;
        const failure = () => fail(new Error(`worker exited with ${signal ?? `code ${code}`}`));
        // A signal sent to the whole group (kill -TERM -PGID) reaches this process too: give its
        // handler the moment to end the run quietly rather than report the worker as failed.
        if (signal) setTimeout(failure, SIGNAL_GRACE_MS).unref();
        else failure();
      });
      order({ type: "start", options });
    }
  });
}
