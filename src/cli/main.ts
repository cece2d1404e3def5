/** The `kolikoly` command line: `replay`, `simulate` and `demo` (docs/cli.md). */
import { demoCommand } from "./demo.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { EXIT_USAGE, processIo } from "./io.ts";
import { replayCommand } from "./replay.ts";
import { simulateCommand } from "./simulate.ts";

function isParseArgsError(e: unknown): e is Error & { code: string } {
  const code = (e as { code?: unknown } | null)?.code;
  return e instanceof Error && typeof code === "string" && code.startsWith("ERR_PARSE_ARGS");
}

function usageError(io: Io, line: string): number {
  io.err(`${line}\n${t("KOLIKOLY.Cli.Usage")}\n`);
  return EXIT_USAGE;
}

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case "replay":
        return replayCommand(args, io);
      case "simulate":
        return await simulateCommand(args, io);
      case "demo":
        if (args.length)
          return usageError(
            io,
            t("KOLIKOLY.Cli.Error.BadOption", { option: "demo", message: args.join(" ") }),
          );
        return demoCommand(io);
      case undefined:
      case "help":
      case "--help":
      case "-h":
        (command === undefined ? io.err : io.out)(`${t("KOLIKOLY.Cli.Usage")}\n`);
        return command === undefined ? EXIT_USAGE : 0;
      default:
        io.err(
          `${t("KOLIKOLY.Cli.Error.UnknownCommand", { command })}\n${t("KOLIKOLY.Cli.Usage")}\n`,
        );
        return EXIT_USAGE;
    }
  } catch (e) {
    if (!isParseArgsError(e)) throw e;
    const message = e.message.split(/(?<=\.)\s/)[0]!;
    io.err(
      `${t("KOLIKOLY.Cli.Error.BadOption", { option: command ?? "", message })}\n${t("KOLIKOLY.Cli.Usage")}\n`,
    );
    return EXIT_USAGE;
  }
}
