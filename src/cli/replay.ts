/** `kolikoly replay FILE [--as gm|player|<fisherId>] [--format jsonl|text]`. */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { formatError, playScenarioText } from "../rules/scenario/play.ts";
import { replayLines } from "../rules/scenario/replay.ts";
import type { Session } from "../rules/kolikoly/session.ts";
import type { Viewer } from "../rules/kolikoly/view.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { EXIT_USAGE } from "./io.ts";
import { isKayanakText, kayanakReplay } from "./kayanak.ts";
import { replayText } from "./text.ts";

export type ReplayFormat = "jsonl" | "text";

export function viewerOf(session: Session, as: string): Viewer | undefined {
  if (as === "gm" || as === "player") return as;
  return session.state.fishers.some((f) => f.id === as) ? { fisher: as } : undefined;
}

/** The replay of a session as lines, for one viewer. */
export function replayOutput(session: Session, viewer: Viewer, format: ReplayFormat): string[] {
  return format === "jsonl"
    ? replayLines(session, viewer).map((line) => JSON.stringify(line))
    : replayText(session, viewer);
}

export function replayCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      as: { type: "string", default: "gm" },
      format: { type: "string", default: "jsonl" },
    },
  });
  const format = values.format;
  if (format !== "jsonl" && format !== "text") {
    io.err(`${t("KOLIKOLY.Cli.Error.BadFormatOption")}\n`);
    return EXIT_USAGE;
  }
  const file = positionals[0];
  if (file === undefined || positionals.length > 1) {
    io.err(`${t("KOLIKOLY.Cli.Error.MissingFile")}\n${t("KOLIKOLY.Cli.Usage")}\n`);
    return EXIT_USAGE;
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    io.err(`${t("KOLIKOLY.Cli.Error.ReadFile", { file, reason })}\n${t("KOLIKOLY.Cli.Usage")}\n`);
    return EXIT_USAGE;
  }
  if (isKayanakText(text)) return kayanakReplay(text, values.as, format, io);
  const played = playScenarioText(text);
  if (!played.ok) {
    io.err(`${formatError(played.error).replace(/\s*\n\s*/g, " ")}\n`);
    return EXIT_USAGE;
  }
  const viewer = viewerOf(played.session, values.as);
  if (!viewer) {
    const fishers = played.session.state.fishers.map((f) => f.id).join(", ");
    io.err(`${t("KOLIKOLY.Cli.Error.UnknownViewer", { viewer: values.as, fishers })}\n`);
    return EXIT_USAGE;
  }
  io.out(`${replayOutput(played.session, viewer, format).join("\n")}\n`);
  return 0;
}
