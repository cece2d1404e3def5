/**
 * Kayanak in the command line: `replay` of a `kayanak-scenario/1` file (told apart by its
 * `format` tag) and `simulate --game kayanak`. Same options, outputs and error contract as the
 * fishing game's: one line naming the field and exit status 2 for a bad file, nothing played.
 * The simulation runs in this process, single-threaded (each game depends on its seed alone).
 */
import { parseArgs } from "node:util";
import * as K from "../rules/kayanak/index.ts";
import { parseJsonStrict } from "../rules/scenario/json.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { EXIT_USAGE } from "./io.ts";
import { fisherLetter } from "./map.ts";
import { histogramText, wholeNumber } from "./simulate.ts";
import { viewerLabel } from "./text.ts";
import { holeLabel } from "../ui/handlebars-helpers.ts";

/** Whether a scenario text is a Kayanak file (its `format` tag); anything else goes to the fishing game. */
export function isKayanakText(text: string): boolean {
  const parsed = parseJsonStrict(text);
  return (
    parsed.ok &&
    typeof parsed.value === "object" &&
    parsed.value !== null &&
    (parsed.value as { format?: unknown }).format === K.KAYANAK_FORMAT
  );
}

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
      return [t("KOLIKOLY.Cli.Kayanak.Event.dotsLost", { name: name(e.fisher), dots: e.dots })];
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

/** `kolikoly replay` for a Kayanak file: the caller has read the text and checked the options. */
export function kayanakReplay(text: string, as: string, format: "jsonl" | "text", io: Io): number {
  const played = K.playScenarioText(text);
  if (!played.ok) {
    const e = played.error;
    io.err(`${(e.field ? `${e.field}: ${e.message}` : e.message).replace(/\s*\n\s*/g, " ")}\n`);
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

/** Splits `--game NAME` (or `--game=NAME`) off the simulate arguments. */
export function gameOption(args: readonly string[]): { game: string; rest: string[] } {
  const rest: string[] = [];
  let game = "kolikoly";
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--game") game = args[++i] ?? "";
    else if (a.startsWith("--game=")) game = a.slice("--game=".length);
    else rest.push(a);
  }
  return { game, rest };
}

type Parsed = { ok: true; options: K.SimOptions; json: boolean } | { ok: false; message: string };

/** Kayanak reads its numeric options as one to nine digits. */
const whole = (text: string | undefined, fallback: number): number =>
  wholeNumber(text, fallback, 9);

export function parseKayanakSimArgs(args: string[]): Parsed {
  const { values } = parseArgs({
    args,
    allowPositionals: false,
    options: {
      fishers: { type: "string" },
      games: { type: "string" },
      seed: { type: "string" },
      bot: { type: "string" },
      board: { type: "string" },
      floes: { type: "string" },
      variant: { type: "string" },
      "keep-fishing": { type: "boolean", default: false },
      "max-turns": { type: "string" },
      json: { type: "boolean", default: false },
    },
  });
  const d = K.SIM_DEFAULTS;
  const bad = (flag: string, key: string) => ({
    ok: false as const,
    message: `${flag}: ${t(key)}`,
  });
  const numbers: [string, number, number, number][] = [
    ["--fishers", whole(values.fishers, d.fishers), 1, K.KAYANAK_LIMITS.fishers],
    ["--games", whole(values.games, d.games), 1, 1_000_000],
    ["--seed", whole(values.seed, d.seed), 0, 2 ** 31],
    ["--max-turns", whole(values["max-turns"], d.maxTurns), 1, 1_000_000],
  ];
  for (const [flag, v, min, max] of numbers)
    if (!Number.isInteger(v) || v < min || v > max)
      return {
        ok: false,
        message: `${flag}: ${t("KOLIKOLY.Cli.Kayanak.Error.Range", { min, max })}`,
      };
  const board =
    values.board === undefined
      ? [d.width, d.height]
      : /^(\d{1,2})x(\d{1,2})$/.exec(values.board)?.slice(1).map(Number);
  if (!board || board.some((n) => n < 1 || n > K.KAYANAK_LIMITS.side))
    return bad("--board", "KOLIKOLY.Cli.Kayanak.Error.Board");
  const [width, height] = board as [number, number];
  // One hole stays free (newGame's tooManyFishers): with a bear on every hole none could move.
  if (numbers[0]![1] > width * height - 1)
    return {
      ok: false,
      message: `--fishers: ${t("KOLIKOLY.Cli.Kayanak.Error.TooManyFishers", { max: width * height - 1, holes: width * height })}`,
    };
  const floes = whole(values.floes, Math.min(d.floes, width * height));
  if (!Number.isInteger(floes) || floes < 1 || floes > width * height)
    return {
      ok: false,
      message: `--floes: ${t("KOLIKOLY.Cli.Kayanak.Error.Range", { min: 1, max: width * height })}`,
    };
  const bots = (values.bot ?? d.bot) as string;
  const list = bots.split(",");
  if (!list.every((b): b is K.BotName => b in K.BOTS))
    return bad("--bot", "KOLIKOLY.Cli.Kayanak.Error.Bot");
  const variant = values.variant ?? d.variant;
  if (variant !== "basic" && variant !== "weather")
    return bad("--variant", "KOLIKOLY.Cli.Kayanak.Error.Variant");
  const fishers = numbers[0]![1];
  return {
    ok: true,
    json: values.json,
    options: {
      ...d,
      fishers,
      games: numbers[1]![1],
      seed: numbers[2]![1],
      maxTurns: numbers[3]![1],
      bot: list.length === 1 ? list[0]! : list,
      width,
      height,
      floes,
      variant,
      keepFishing: values["keep-fishing"],
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
