/**
 * Kayanak in the command line: `replay` of a `kayanak-scenario/1` file (told apart by its
 * `format` tag) and `simulate --game kayanak`. Same options, outputs and error contract as the
 * fishing game's: one line naming the field and exit status 2 for a bad file, nothing played.
 * The simulation runs in this process, single-threaded (each game depends on its seed alone).
 */
import * as K from "../rules/kayanak/index.ts";
import { readArgs, stringOf, wholeOption, wholeOptions } from "./args.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { EXIT_USAGE } from "./io.ts";
import { fisherLetter } from "./map.ts";
import { errorLine } from "./scenario-file.ts";
import { histogramText } from "./histogram.ts";
import { viewerLabel } from "./text.ts";
import { holeLabel } from "../ui/handlebars-helpers.ts";
import type { CountKeys } from "../ui/count-key.ts";
import { countKey } from "../ui/count-key.ts";

/** J2: the dots a bear did not use, one or several (ui/count-key.ts). */
const DOTS_LOST: CountKeys = {
  one: "KOLIKOLY.Cli.Kayanak.Event.dotsLostOne",
  many: "KOLIKOLY.Cli.Kayanak.Event.dotsLost",
};

export function kayanakViewerOf(
  session: K.KayanakSession,
  as: string,
): K.KayanakViewer | undefined {
  if (as === "gm" || as === "player") return as;
  return session.state.fishers.some((f) => f.id === as) ? { fisher: as } : undefined;
}

function face(f: K.ActionFace | K.TemperatureFace): string {
  return t("KOLIKOLY.Cli.Kayanak.Face", {
    face: t(`KOLIKOLY.Cli.Kayanak.Faces.${f.face}`),
    dots: f.dots,
  });
}

/** One event as sentences. */
export function kayanakEventLines(e: K.KayanakEvent, name: (id: string) => string): string[] {
  switch (e.type) {
    case "setUp":
      return [
        t("KOLIKOLY.Cli.Kayanak.Event.setUp", {
          big: e.fish.big,
          small: e.fish.small,
          fishers: e.fishers.map((f) => `${name(f.id)} ${holeLabel(f.at)}`).join(", "),
        }),
      ];
    case "dropped":
      return [
        t("KOLIKOLY.Cli.Kayanak.Event.dropped", {
          big: e.big,
          small: e.small,
          holes: e.holes.length,
        }),
      ];
    case "shaken":
      return [
        t("KOLIKOLY.Cli.Kayanak.Event.shaken", {
          holes: e.holes.map((h) => `${holeLabel(h.at)} ${h.big}/${h.small}`).join(", "),
        }),
      ];
    case "rolled":
      return [
        e.temperature
          ? t("KOLIKOLY.Cli.Kayanak.Event.rolledWeather", {
              name: name(e.fisher),
              die: face(e.die),
              temperature: face(e.temperature),
              dots: e.dots,
            })
          : t("KOLIKOLY.Cli.Kayanak.Event.rolled", {
              name: name(e.fisher),
              die: face(e.die),
              dots: e.dots,
            }),
      ];
    case "moved":
      return [
        t("KOLIKOLY.Cli.Kayanak.Event.moved", {
          name: name(e.fisher),
          from: holeLabel(e.from),
          to: holeLabel(e.to),
        }),
      ];
    case "hacked":
      return [
        t("KOLIKOLY.Cli.Kayanak.Event.hacked", {
          name: name(e.fisher),
          at: holeLabel(e.at),
          big: e.big,
          small: e.small,
        }),
      ];
    case "fished":
      return [
        e.check && e.check.total < e.check.dc
          ? t("KOLIKOLY.Cli.Kayanak.Event.getsAway", {
              name: name(e.fisher),
              at: holeLabel(e.at),
              total: e.check.total,
              dc: e.check.dc,
            })
          : e.landed === null
            ? t("KOLIKOLY.Cli.Kayanak.Event.fishedNothing", {
                name: name(e.fisher),
                at: holeLabel(e.at),
              })
            : t(`KOLIKOLY.Cli.Kayanak.Event.fished.${e.landed}`, {
                name: name(e.fisher),
                at: holeLabel(e.at),
                big: e.caught.big,
                small: e.caught.small,
              }),
      ];
    case "tile":
      return [
        t(`KOLIKOLY.Cli.Kayanak.Event.tile.${e.action}`, { name: name(e.fisher), floe: e.floe }),
      ];
    case "crystal":
      return [
        t(`KOLIKOLY.Cli.Kayanak.Event.crystal.${e.action}`, {
          name: name(e.fisher),
          at: holeLabel(e.at),
        }),
      ];
    case "dotsLost":
      return [t(countKey(DOTS_LOST, e.dots), { name: name(e.fisher), dots: e.dots })];
    case "turnEnd":
      return [];
    case "gameEnd":
      return [
        t(`KOLIKOLY.Cli.Kayanak.Event.gameEnd.${e.reason}`, {
          winners: e.winners.map(name).join(", "),
          scores: e.scores
            .map((s) =>
              t("KOLIKOLY.Cli.Kayanak.Score", {
                name: name(s.fisher),
                big: s.big,
                small: s.small,
                score: s.score,
              }),
            )
            .join(", "),
        }),
      ];
  }
}

/** The ice as one viewer may know it: `~~~` covered (the GM sees `~b/s`), `b/s` open, `*` frozen, a letter a bear. */
export function kayanakMap(v: K.KayanakView): string[] {
  const rows: string[] = [];
  for (let y = 0; y < v.height; y++) {
    const cells: string[] = [];
    for (let x = 0; x < v.width; x++) {
      const h = v.holes[x + v.width * y]!;
      const bear = v.fishers.findIndex((f) => f.at[0] === x && f.at[1] === y);
      const who = bear >= 0 ? fisherLetter(bear) : " ";
      const counts =
        h.big === undefined ? "" : `${Math.min(h.big, 9)}/${Math.min(h.small ?? 0, 9)}`;
      const body = !h.open
        ? counts && counts !== "0/0"
          ? `~${counts}`
          : " ~~~"
        : `${h.frozen ? "*" : " "}${counts === "0/0" ? "  ." : counts}`;
      cells.push(who + body);
    }
    rows.push(`  ${cells.join(" ")}`);
  }
  if (v.tiles.length)
    rows.push(t("KOLIKOLY.Cli.Kayanak.Replay.Tiles", { floes: v.tiles.join(", ") }));
  return rows;
}

function floeMap(v: K.KayanakView): string[] {
  const out: string[] = [t("KOLIKOLY.Cli.Kayanak.Replay.Floes")];
  for (let y = 0; y < v.height; y++) {
    let row = "  ";
    for (let x = 0; x < v.width; x++)
      row += ` ${String(v.holes[x + v.width * y]!.floe).padStart(2)}`;
    out.push(row);
  }
  return out;
}

/** `replay --format text`: turn by turn, the events the viewer may see and the ice after each turn. */
export function kayanakReplayText(session: K.KayanakSession, viewer: K.KayanakViewer): string[] {
  const names = new Map(session.state.fishers.map((f) => [f.id, f.name]));
  const name = (id: string) => names.get(id) ?? id;
  const start = K.startSession(session.setup);
  if (!start.ok) throw new Error("a played set-up no longer starts");
  const states: K.KayanakState[] = [start.session.state];
  let s = start.session;
  for (const rec of session.turns) {
    const r = K.playTurn(s, rec.input);
    if (!r.ok) throw new Error(`a recorded turn no longer resolves: ${r.error.message}`);
    s = r.session;
    states.push(s.state);
  }
  const first = K.viewFor(states[0]!, viewer);
  const lines = [
    // The seed (with the sizes) decides every covered hole: only the GM's transcript names it.
    t(
      viewer === "gm"
        ? "KOLIKOLY.Cli.Kayanak.Replay.Header"
        : "KOLIKOLY.Cli.Kayanak.Replay.HeaderNoSeed",
      {
        width: first.width,
        height: first.height,
        floes: first.floes.length,
        variant: t(`KOLIKOLY.Cli.Kayanak.Variant.${first.variant}`),
        seed: session.setup.seed,
        viewer: viewerLabel(viewer, names),
      },
    ),
    t("KOLIKOLY.Cli.Kayanak.Replay.Legend", {
      fishers: session.state.fishers.map((f, i) => `${fisherLetter(i)} ${f.name}`).join(", "),
    }),
    ...floeMap(first),
  ];
  const events = K.eventsFor(session.log, viewer);
  for (let turn = 0; turn < states.length; turn++) {
    const own = events.filter((e) => e.turn === turn);
    if (turn > 0) lines.push("", t("KOLIKOLY.Cli.Kayanak.Replay.Turn", { turn }));
    for (const e of own) lines.push(...kayanakEventLines(e, name));
    lines.push(...kayanakMap(K.viewFor(states[turn]!, viewer)));
  }
  const end = session.state;
  lines.push(
    "",
    end.over
      ? t("KOLIKOLY.Cli.Kayanak.Replay.Over", { winners: end.winners.map(name).join(", ") })
      : t("KOLIKOLY.Cli.Kayanak.Replay.Next", {
          turn: end.turn,
          name: name(end.fishers[end.next]!.id),
        }),
  );
  return lines;
}

/** `kolikoly replay` for a Kayanak file: the caller has read and parsed it and checked the options. */
/** A Kayanak file played, or the one line naming its first bad field (`replay`, `verify`). */
export function kayanakPlayed(
  raw: unknown,
): { ok: true; session: K.KayanakSession } | { ok: false; message: string } {
  const played = K.playScenario(raw);
  return played.ok
    ? { ok: true, session: played.session }
    : { ok: false, message: errorLine(played.error) };
}

export function kayanakReplay(raw: unknown, as: string, format: "jsonl" | "text", io: Io): number {
  const played = kayanakPlayed(raw);
  if (!played.ok) {
    io.err(`${played.message}\n`);
    return EXIT_USAGE;
  }
  const viewer = kayanakViewerOf(played.session, as);
  if (!viewer) {
    const fishers = played.session.state.fishers.map((f) => f.id).join(", ");
    io.err(`${t("KOLIKOLY.Cli.Error.UnknownViewer", { viewer: as, fishers })}\n`);
    return EXIT_USAGE;
  }
  const lines =
    format === "jsonl"
      ? K.replayLines(played.session, viewer).map((l) => JSON.stringify(l))
      : kayanakReplayText(played.session, viewer);
  io.out(`${lines.join("\n")}\n`);
  return 0;
}

/** Splits `--game NAME` (or `--game=NAME`) off the simulate arguments; given twice or empty is refused. */
export function gameOption(
  args: readonly string[],
): { ok: true; game: string; rest: string[] } | { ok: false; message: string } {
  const rest: string[] = [];
  let game: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      rest.push(...args.slice(i));
      break;
    }
    if (a !== "--game" && !a.startsWith("--game=")) {
      rest.push(a);
      continue;
    }
    if (game !== undefined)
      return { ok: false, message: t("KOLIKOLY.Cli.Error.Repeated", { option: "--game" }) };
    const next = args[i + 1];
    game =
      a === "--game"
        ? next !== undefined && !next.startsWith("--")
          ? args[++i]!
          : ""
        : a.slice("--game=".length);
    if (game === "")
      return { ok: false, message: t("KOLIKOLY.Cli.Error.MissingValue", { option: "--game" }) };
  }
  return { ok: true, game: game ?? "kolikoly", rest };
}

type Parsed = { ok: true; options: K.SimOptions; json: boolean } | { ok: false; message: string };

/** The options `simulate --game kayanak` accepts; its `--help` lists these. */
export const KAYANAK_SIMULATE_OPTIONS = {
  game: "string",
  fishers: "string",
  games: "string",
  seed: "string",
  bot: "string",
  board: "string",
  floes: "string",
  variant: "string",
  "keep-fishing": "boolean",
  "max-turns": "string",
  json: "boolean",
} as const;

/** The accepted range of each whole-number option. */
export const KAYANAK_SIM_RANGES = {
  fishers: [1, K.KAYANAK_LIMITS.fishers],
  games: [1, 1_000_000],
  seed: [0, 2 ** 31],
  "max-turns": [1, 1_000_000],
} as const;

export function parseKayanakSimArgs(args: string[]): Parsed {
  const read = readArgs("simulate --game kayanak", args, KAYANAK_SIMULATE_OPTIONS);
  if (!read.ok) return read;
  const d = K.SIM_DEFAULTS;
  const R = KAYANAK_SIM_RANGES;
  const n = wholeOptions(read, {
    fishers: [d.fishers, ...R.fishers],
    games: [d.games, ...R.games],
    seed: [d.seed, ...R.seed],
    "max-turns": [d.maxTurns, ...R["max-turns"]],
  });
  if (!n.ok) return n;
  const fishers = n.values.fishers;
  const side = K.KAYANAK_LIMITS.side;
  const boardText = stringOf(read, "board");
  const board =
    boardText === undefined
      ? [d.width, d.height]
      : /^(\d{1,9})x(\d{1,9})$/i.exec(boardText.trim())?.slice(1).map(Number);
  if (!board || board.some((n) => n < 1 || n > side))
    return {
      ok: false,
      message: `--board: ${t("KOLIKOLY.Cli.Kayanak.Error.Board", { side, value: boardText ?? "" })}`,
    };
  const [width, height] = board as [number, number];
  const holes = width * height;
  // One hole stays free (newGame's tooManyFishers): with a bear on every hole none could move.
  if (holes < 2)
    return {
      ok: false,
      message: `--board: ${t("KOLIKOLY.Cli.Kayanak.Error.BoardTooSmall", { board: `${width}x${height}`, holes })}`,
    };
  if (fishers > holes - 1)
    return {
      ok: false,
      // the flag the person gave is the one at fault; a board too small for the default bears is the board's
      message: read.values.has("fishers")
        ? `--fishers: ${t("KOLIKOLY.Cli.Kayanak.Error.TooManyFishers", { max: holes - 1, holes, value: fishers })}`
        : `--board: ${t("KOLIKOLY.Cli.Kayanak.Error.BoardForFishers", { board: `${width}x${height}`, holes, fishers, need: fishers + 1 })}`,
    };
  const floes = wholeOption(read, "floes", Math.min(d.floes, holes), 1, holes);
  if (!floes.ok) return floes;
  const botText = stringOf(read, "bot") ?? (d.bot as string);
  const list = botText.split(",");
  const bots = Object.keys(K.BOTS).join(", ");
  const unknown = list.find((b) => !Object.hasOwn(K.BOTS, b));
  if (unknown !== undefined)
    return {
      ok: false,
      message: `--bot: ${t("KOLIKOLY.Cli.Kayanak.Error.Bot", { bot: unknown, bots })}`,
    };
  if (list.length > 1 && list.length !== fishers)
    return {
      ok: false,
      message: `--bot: ${t("KOLIKOLY.Cli.Kayanak.Error.BotsPerSeat", { count: list.length, seats: fishers })}`,
    };
  const variant = stringOf(read, "variant") ?? d.variant;
  if (variant !== "basic" && variant !== "weather")
    return {
      ok: false,
      message: `--variant: ${t("KOLIKOLY.Cli.Kayanak.Error.Variant", { value: variant })}`,
    };
  return {
    ok: true,
    json: read.values.has("json"),
    options: {
      ...d,
      fishers,
      games: n.values.games,
      seed: n.values.seed,
      maxTurns: n.values["max-turns"],
      bot: list.length === 1 ? (list[0] as K.BotName) : (list as K.BotName[]),
      width,
      height,
      floes: floes.value,
      variant,
      keepFishing: read.values.has("keep-fishing"),
    },
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function kayanakSummaryText(s: K.SimSummary, games: readonly K.SimGame[]): string[] {
  const hist: number[] = [];
  for (const g of games) hist[g.turns] = (hist[g.turns] ?? 0) + 1;
  for (let i = 0; i < hist.length; i++) hist[i] ??= 0;
  return [
    t("KOLIKOLY.Cli.Kayanak.Simulate.Title", {
      games: s.games,
      fishers: s.fishers,
      bot: typeof s.bot === "string" ? s.bot : s.bot.join(","),
      width: s.board.width,
      height: s.board.height,
      floes: s.board.floes,
      variant: t(`KOLIKOLY.Cli.Kayanak.Variant.${s.variant}`),
      seed: s.seed,
    }),
    t("KOLIKOLY.Cli.Kayanak.Simulate.Turns", { ...s.turns }),
    t("KOLIKOLY.Cli.Kayanak.Simulate.Ended", { ...s.ended, limit: s.maxTurns }),
    t("KOLIKOLY.Cli.Kayanak.Simulate.Scores", { ...s.scores }),
    t("KOLIKOLY.Cli.Kayanak.Simulate.SeatsHead"),
    ...s.seats.map((x) =>
      t("KOLIKOLY.Cli.Kayanak.Simulate.Seat", {
        seat: x.seat + 1,
        wins: x.wins,
        rate: pct(x.winRate),
        shared: x.shared,
        score: x.meanScore,
      }),
    ),
    "",
    t("KOLIKOLY.Cli.Kayanak.Simulate.Histogram"),
    ...histogramText(hist),
  ];
}

export function kayanakSimulate(args: string[], io: Io): number {
  const parsed = parseKayanakSimArgs(args);
  if (!parsed.ok) {
    io.err(`${parsed.message}\n`);
    return EXIT_USAGE;
  }
  const games = K.simulate(parsed.options);
  const summary = K.summarize(parsed.options, games);
  io.out(
    parsed.json
      ? `${JSON.stringify(summary, null, 2)}\n`
      : `${kayanakSummaryText(summary, games).join("\n")}\n`,
  );
  return 0;
}
