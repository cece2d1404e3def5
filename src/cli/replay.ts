/** `kolikoly replay FILE|- [--as gm|player|<fisherId>] [--format jsonl|text]`. */
import { playScenario } from "../rules/scenario/play.ts";
import { replayLines } from "../rules/scenario/replay.ts";
import type { Session } from "../rules/kolikoly/session.ts";
import type { Viewer } from "../rules/kolikoly/view.ts";
import { readArgs, stringOf } from "./args.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { badInput } from "./io.ts";
import { kayanakReplay } from "./kayanak.ts";
import { errorLine, scenarioFileOf } from "./scenario-file.ts";
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

/** The options `replay` accepts; its `--help` lists these. */
export const REPLAY_OPTIONS = { as: "string", format: "string" } as const;

export function replayCommand(args: string[], io: Io): number {
  const fail = (message: string) => badInput(io, message);
  const read = readArgs("replay", args, REPLAY_OPTIONS, true);
  if (!read.ok) return fail(read.message);
  const as = stringOf(read, "as") ?? "gm";
  const format = stringOf(read, "format") ?? "jsonl";
  if (format !== "jsonl" && format !== "text")
    return fail(t("KOLIKOLY.Cli.Error.BadFormatOption", { value: format }));
  const scenario = scenarioFileOf("replay", read.positionals);
  if (!scenario.ok) return fail(scenario.message);
  if (scenario.game === "kayanak") return kayanakReplay(scenario.value, as, format, io);
  const played = playScenario(scenario.value);
  if (!played.ok) return fail(errorLine(played.error));
  const viewer = viewerOf(played.session, as);
  if (!viewer) {
    const fishers = played.session.state.fishers.map((f) => f.id).join(", ");
    return fail(t("KOLIKOLY.Cli.Error.UnknownViewer", { viewer: as, fishers }));
  }
  io.out(`${replayOutput(played.session, viewer, format).join("\n")}\n`);
  return 0;
}
