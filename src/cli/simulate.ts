/**
 * `kolikoly simulate [--fishers N] [--lake WxHxL] [--games G] [--seed S] [--bot greedy|random]
 * [--workers K] [--max-rounds R] [--json]`: bots play whole games on worker processes.
 */
import { availableParallelism } from "node:os";
import cliProgress from "cli-progress";
import { BOT_KINDS, isBotKind } from "../rules/bots/bot.ts";
import type { LakeSpec } from "../rules/lake/geometry.ts";
import type { SimOptions } from "../rules/sim/options.ts";
import {
  SIM_DEFAULTS,
  SIM_RANGES,
  checkSimOptions,
  lakeText,
  parseLake,
} from "../rules/sim/options.ts";
import type { SimStats, SimSummary } from "../rules/sim/stats.ts";
import { summarize } from "../rules/sim/stats.ts";
import { readArgs, stringOf, wholeOptions } from "./args.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { EXIT_USAGE } from "./io.ts";
import { gameOption, kayanakSimulate } from "./kayanak.ts";
import { histogramText } from "./histogram.ts";
import { runSimulation } from "./run-sim.ts";
import type { CountKeys } from "../ui/count-key.ts";
import { countKey } from "../ui/count-key.ts";

/** Shown only when the run lasts longer than this. */
const PROGRESS_AFTER_MS = 1000;

/** At most this many worker processes. */
const MAX_WORKERS = 256;

export interface SimCliOptions {
  readonly options: SimOptions;
  readonly workers: number;
  readonly json: boolean;
}

type Parsed = { ok: true; value: SimCliOptions } | { ok: false; message: string };

/** The options `simulate` accepts; its `--help` lists these. */
export const SIMULATE_OPTIONS = {
  game: "string",
  fishers: "string",
  lake: "string",
  games: "string",
  seed: "string",
  bot: "string",
  workers: "string",
  "max-rounds": "string",
  json: "boolean",
} as const;

/** `--lake WxHxL`: the shape, then each size against its range, naming the size at fault. */
function lakeOption(
  text: string | undefined,
): { ok: true; value: LakeSpec } | { ok: false; message: string } {
  if (text === undefined) return { ok: true, value: SIM_DEFAULTS.lake };
  const lake = parseLake(text);
  if (!lake) return { ok: false, message: `--lake: ${t("KOLIKOLY.Cli.Error.BadLake")}` };
  for (const part of ["width", "height", "levels"] as const) {
    const [min, max] = SIM_RANGES[part];
    if (lake[part] < min || lake[part] > max)
      return {
        ok: false,
        message: `--lake: ${t("KOLIKOLY.Cli.Error.LakeRange", {
          part: t(`KOLIKOLY.Cli.Error.LakePart.${part}`),
          value: lake[part],
          min,
          max,
          side: SIM_RANGES.width[1],
          levels: SIM_RANGES.levels[1],
        })}`,
      };
  }
  return { ok: true, value: lake };
}

export function parseSimulateArgs(args: string[]): Parsed {
  const read = readArgs("simulate", args, SIMULATE_OPTIONS);
  if (!read.ok) return read;
  const lake = lakeOption(stringOf(read, "lake"));
  if (!lake.ok) return lake;
  const d = SIM_DEFAULTS;
  const R = SIM_RANGES;
  const n = wholeOptions(read, {
    fishers: [d.fishers, ...R.fishers],
    games: [d.games, ...R.games],
    seed: [d.seed, ...R.seed],
    "max-rounds": [d.maxRounds, ...R.maxRounds],
    workers: [availableParallelism(), 1, MAX_WORKERS],
  });
  if (!n.ok) return n;
  const bot = stringOf(read, "bot") ?? d.bot;
  if (!isBotKind(bot))
    return {
      ok: false,
      message: `--bot: ${t("KOLIKOLY.Cli.Error.Bot", { bot, bots: BOT_KINDS.join(", ") })}`,
    };
  const checked = checkSimOptions({
    fishers: n.values.fishers,
    games: n.values.games,
    seed: n.values.seed,
    maxRounds: n.values["max-rounds"],
    lake: lake.value,
    bot,
  });
  // every option was checked above against the same ranges: a refusal here is a bug
  if (!checked.ok) throw new Error(`simulate: ${checked.error.field}: ${checked.error.message}`);
  return {
    ok: true,
    value: {
      options: checked.value,
      workers: Math.min(n.values.workers, checked.value.games),
      json: read.values.has("json"),
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

/** The note on stderr: how many games, in how long, on how many workers, counted in words. */
export function speedText(games: number, seconds: number, workers: number): string {
  const on = t(
    countKey(
      { one: "KOLIKOLY.Cli.Simulate.SpeedWorkersOne", many: "KOLIKOLY.Cli.Simulate.SpeedWorkers" },
      workers,
    ),
    { count: workers },
  );
  return t(
    countKey({ one: "KOLIKOLY.Cli.Simulate.SpeedOne", many: "KOLIKOLY.Cli.Simulate.Speed" }, games),
    { games, seconds: seconds.toFixed(1), workers: on },
  );
}

/** K22: a level's exploration rolls, and the swarms and fish they made, each counted in words. */
const EXPLORE_COUNTS: Readonly<Record<"Rolls" | "Swarms" | "Fish", CountKeys>> = {
  Rolls: {
    none: "KOLIKOLY.Cli.Simulate.ExploreRollsNone",
    one: "KOLIKOLY.Cli.Simulate.ExploreRollsOne",
    many: "KOLIKOLY.Cli.Simulate.ExploreRolls",
  },
  Swarms: {
    none: "KOLIKOLY.Cli.Simulate.ExploreSwarmsNone",
    one: "KOLIKOLY.Cli.Simulate.ExploreSwarmsOne",
    many: "KOLIKOLY.Cli.Simulate.ExploreSwarms",
  },
  Fish: {
    none: "KOLIKOLY.Cli.Simulate.ExploreFishNone",
    one: "KOLIKOLY.Cli.Simulate.ExploreFishOne",
    many: "KOLIKOLY.Cli.Simulate.ExploreFish",
  },
};
const exploreCount = (what: keyof typeof EXPLORE_COUNTS, count: number) =>
  t(countKey(EXPLORE_COUNTS[what], count), { count });

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
        rolls: exploreCount("Rolls", e.count),
        bad: e.bad,
        badShare: share(e.bad, e.count),
        swarms: exploreCount("Swarms", e.swarms),
        swarmsPer: e.count ? fixed(e.swarms / e.count) : "-",
        fish: exploreCount("Fish", e.fish),
        fishPer: e.count ? fixed(e.fish / e.count) : "-",
      }),
    ),
    "",
    t("KOLIKOLY.Cli.Simulate.Histogram"),
    ...histogramText(hist),
  ];
  return lines;
}

export async function simulateCommand(allArgs: string[], io: Io): Promise<number> {
  const chosen = gameOption(allArgs);
  if (!chosen.ok) {
    io.err(`${chosen.message}\n`);
    return EXIT_USAGE;
  }
  const { game, rest: args } = chosen;
  if (game === "kayanak") return kayanakSimulate(args, io);
  if (game !== "kolikoly") {
    io.err(`--game: ${t("KOLIKOLY.Cli.Kayanak.Error.Game", { game })}\n`);
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
  if (io.errTty) io.err(`${speedText(summary.games, (Date.now() - start) / 1000, o.workers)}\n`);
  return 0;
}
