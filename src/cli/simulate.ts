/**
 * `kolikoly simulate [--fishers N] [--lake WxHxL] [--games G] [--seed S] [--bot greedy|random]
 * [--workers K] [--max-rounds R] [--json]`: bots play whole games on worker processes.
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import type { BotKind } from "../rules/bots/bot.ts";
import type { SimOptions } from "../rules/sim/options.ts";
import { SIM_DEFAULTS, checkSimOptions, lakeText, parseLake } from "../rules/sim/options.ts";
import type { SimStats, SimSummary } from "../rules/sim/stats.ts";
import { summarize } from "../rules/sim/stats.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { EXIT_USAGE } from "./io.ts";
import { gameOption, kayanakSimulate } from "./kayanak.ts";
import { runSimulation } from "./run-sim.ts";

const FLAG: Record<string, string> = {
  fishers: "--fishers",
  lake: "--lake",
  games: "--games",
  seed: "--seed",
  bot: "--bot",
  maxRounds: "--max-rounds",
  workers: "--workers",
};

/** Shown only when the run lasts longer than this. */
const PROGRESS_AFTER_MS = 1000;

export interface SimCliOptions {
  readonly options: SimOptions;
  readonly workers: number;
  readonly json: boolean;
}

type Parsed = { ok: true; value: SimCliOptions } | { ok: false; message: string };

/** An option's whole number (`fallback` when absent), NaN unless it is 1 to `digits` digits. */
export function wholeNumber(text: string | undefined, fallback: number, digits = 16): number {
  if (text === undefined) return fallback;
  return new RegExp(`^\\d{1,${digits}}$`).test(text) ? Number(text) : NaN;
}

export function parseSimulateArgs(args: string[]): Parsed {
  const { values } = parseArgs({
    args,
    allowPositionals: false,
    options: {
      fishers: { type: "string" },
      lake: { type: "string" },
      games: { type: "string" },
      seed: { type: "string" },
      bot: { type: "string" },
      workers: { type: "string" },
      "max-rounds": { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const lake = values.lake === undefined ? SIM_DEFAULTS.lake : parseLake(values.lake);
  if (!lake) return { ok: false, message: `--lake: ${t("KOLIKOLY.Cli.Error.BadLake")}` };
  const numbers = {
    fishers: wholeNumber(values.fishers, SIM_DEFAULTS.fishers),
    games: wholeNumber(values.games, SIM_DEFAULTS.games),
    seed: wholeNumber(values.seed, SIM_DEFAULTS.seed),
    maxRounds: wholeNumber(values["max-rounds"], SIM_DEFAULTS.maxRounds),
  };
  for (const [k, v] of Object.entries(numbers))
    if (Number.isNaN(v))
      return { ok: false, message: `${FLAG[k]}: ${t("KOLIKOLY.Cli.Error.BadNumber")}` };
  const checked = checkSimOptions({
    ...numbers,
    lake,
    bot: (values.bot ?? SIM_DEFAULTS.bot) as BotKind,
  });
  if (!checked.ok)
    return { ok: false, message: `${FLAG[checked.error.field]}: ${checked.error.message}` };
  const cores = availableParallelism();
  const workers = wholeNumber(values.workers, cores);
  if (!Number.isSafeInteger(workers) || workers < 1 || workers > 256)
    return { ok: false, message: `--workers: ${t("KOLIKOLY.Cli.Error.BadNumber")} (1-256)` };
  return {
    ok: true,
    value: {
      options: checked.value,
      workers: Math.min(workers, checked.value.games),
      json: values.json,
    },
  };
}

/**
 * Runs the simulation with a progress bar on stderr once it has taken more than a second, and only
 * when stderr is a terminal (never on stdout, so piped output stays clean).
 */
export async function simulateWithProgress(o: SimCliOptions, io: Io): Promise<SimStats> {
  const start = Date.now();
  let bar: cliProgress.SingleBar | undefined;
  let done = 0;
  const stats = await runSimulation(o.options, o.workers, (n) => {
    done = n;
    if (!bar && io.errTty && Date.now() - start > PROGRESS_AFTER_MS) {
      bar = new cliProgress.SingleBar(
        { format: t("KOLIKOLY.Cli.Simulate.Progress"), stream: process.stderr, etaBuffer: 50 },
        cliProgress.Presets.shades_classic,
      );
      bar.start(o.options.games, done);
    }
    bar?.update(done);
  });
  bar?.update(o.options.games);
  bar?.stop();
  return stats;
}

const fixed = (x: number, d = 2) => x.toFixed(d);
const share = (a: number, b: number) => (b === 0 ? "-" : `${((100 * a) / b).toFixed(1)}%`);

/** The readable summary and a text histogram of rounds to the end. */
export function summaryText(s: SimSummary, hist: readonly number[]): string[] {
  const lines = [
    t("KOLIKOLY.Cli.Simulate.Title", {
      games: s.games,
      fishers: s.fishers,
      bot: s.bot,
      lake: lakeText(s.lake),
      seed: s.seed,
    }),
    t("KOLIKOLY.Cli.Simulate.Rounds", {
      mean: fixed(s.rounds.mean, 1),
      median: s.rounds.median,
      p90: s.rounds.p90,
      max: s.rounds.max,
    }),
    t("KOLIKOLY.Cli.Simulate.Caught", {
      perFisher: fixed(s.caughtPerFisher.mean, 1),
      perGame: fixed(s.caughtPerGame.mean, 1),
    }),
    t("KOLIKOLY.Cli.Simulate.Hazards", {
      hazards: fixed(s.hazardsPerGame.mean),
      avoided: fixed(s.avoidedHazardsPerGame.mean),
    }),
    t("KOLIKOLY.Cli.Simulate.Ended", { ...s.ended, limit: s.maxRounds }),
    t("KOLIKOLY.Cli.Simulate.ExploreHead"),
    ...s.explorations.map((e) =>
      t("KOLIKOLY.Cli.Simulate.ExploreRow", {
        level: e.level,
        count: e.count,
        bad: e.bad,
        badShare: share(e.bad, e.count),
        swarms: e.swarms,
        swarmsPer: e.count ? fixed(e.swarms / e.count) : "-",
        fish: e.fish,
        fishPer: e.count ? fixed(e.fish / e.count) : "-",
      }),
    ),
    "",
    t("KOLIKOLY.Cli.Simulate.Histogram"),
    ...histogramText(hist),
  ];
  return lines;
}

/** At most `buckets` rows of equal width between the shortest and longest game, bars of `#`. */
export function histogramText(hist: readonly number[], buckets = 20, barWidth = 50): string[] {
  let lo = hist.findIndex((n) => n > 0);
  if (lo < 0) return [];
  let hi = hist.length - 1;
  while (hist[hi] === 0) hi--;
  const width = Math.max(1, Math.ceil((hi - lo + 1) / buckets));
  lo -= lo % width;
  const rows: { from: number; to: number; n: number }[] = [];
  for (let from = lo; from <= hi; from += width) {
    let n = 0;
    for (let r = from; r < from + width && r < hist.length; r++) n += hist[r]!;
    rows.push({ from, to: Math.min(from + width - 1, hist.length - 1), n });
  }
  const most = Math.max(...rows.map((r) => r.n));
  const label = (r: { from: number; to: number }) =>
    width === 1 ? `${r.from}` : `${r.from}-${r.to}`;
  const pad = Math.max(...rows.map((r) => label(r).length));
  return rows.map(
    (r) =>
      `  ${label(r).padStart(pad)} | ${"#".repeat(Math.round((barWidth * r.n) / most)).padEnd(barWidth)} ${r.n}`,
  );
}

export async function simulateCommand(allArgs: string[], io: Io): Promise<number> {
  const { game, rest: args } = gameOption(allArgs);
  if (game === "kayanak") return kayanakSimulate(args, io);
  if (game !== "kolikoly") {
    io.err(`--game: ${t("KOLIKOLY.Cli.Kayanak.Error.Game")}\n`);
    return EXIT_USAGE;
  }
  const parsed = parseSimulateArgs(args);
  if (!parsed.ok) {
    io.err(`${parsed.message}\n`);
    return EXIT_USAGE;
  }
  const o = parsed.value;
  const start = Date.now();
  let stats: SimStats;
  try {
    stats = await simulateWithProgress(o, io);
  } catch (e) {
    io.err(`${t("KOLIKOLY.Cli.Error.Worker", { message: (e as Error).message })}\n`);
    return 1;
  }
  const summary = summarize(stats);
  // stdout holds the results only (with --json, one JSON document: `| jq` works); notes for the
  // person watching go to stderr, and only when stderr is a terminal.
  if (o.json) io.out(`${JSON.stringify(summary, null, 2)}\n`);
  else io.out(`${summaryText(summary, stats.roundsHist).join("\n")}\n`);
  if (io.errTty)
    io.err(
      `${t("KOLIKOLY.Cli.Simulate.Speed", {
        games: summary.games,
        seconds: ((Date.now() - start) / 1000).toFixed(1),
        workers: o.workers,
      })}\n`,
    );
  return 0;
}
