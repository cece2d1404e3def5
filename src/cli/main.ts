/** The `kolikoly` command line: `replay`, `simulate` and `demo` (docs/cli.md). */
import { demoCommand } from "./demo.ts";
import { readArgs } from "./args.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { EXIT_USAGE, processIo } from "./io.ts";
import { replayCommand } from "./replay.ts";
import { simulateCommand } from "./simulate.ts";

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case "replay":
      return replayCommand(args, io);
    case "simulate":
      return await simulateCommand(args, io);
    case "demo": {
      const read = readArgs("demo", args, {});
      if (read.ok) return demoCommand(io);
      io.err(`${read.message}\n`);
      return EXIT_USAGE;
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      (command === undefined ? io.err : io.out)(`${t("KOLIKOLY.Cli.Usage")}\n`);
      return command === undefined ? EXIT_USAGE : 0;
    default:
      // the command itself is wrong: the one case that shows the usage
      io.err(
        `${t("KOLIKOLY.Cli.Error.UnknownCommand", { command })}\n${t("KOLIKOLY.Cli.Usage")}\n`,
      );
      return EXIT_USAGE;
  }
}
