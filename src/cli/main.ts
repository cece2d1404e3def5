/** The `kolikoly` command line: `replay`, `verify`, `simulate` and `demo` (docs/cli.md). */
import { demoCommand, DEMO_OPTIONS } from "./demo.ts";
import { readArgs } from "./args.ts";
import { helpText, helpTopicOf, packageVersion } from "./help.ts";
import { t } from "./i18n.ts";
import type { Io } from "./io.ts";
import { EXIT_USAGE, processIo } from "./io.ts";
import { replayCommand } from "./replay.ts";
import { simulateCommand } from "./simulate.ts";
import { verifyCommand } from "./verify.ts";

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...args] = argv;
  // `COMMAND --help` (or -h) anywhere among its options: the command's help, on stdout, and nothing run
  const topic = command === undefined ? undefined : helpTopicOf(command, args);
  if (topic) {
    io.out(`${helpText(topic)}\n`);
    return 0;
  }
  switch (command) {
    case "replay":
      return replayCommand(args, io);
    case "verify":
      return verifyCommand(args, io);
    case "simulate":
      return await simulateCommand(args, io);
    case "demo": {
      const read = readArgs("demo", args, DEMO_OPTIONS);
      if (read.ok) return demoCommand(io);
      io.err(`${read.message}\n`);
      return EXIT_USAGE;
    }
    case "--version":
    case "-v": {
      const read = readArgs(command, args, {});
      if (!read.ok) {
        io.err(`${read.message}\n`);
        return EXIT_USAGE;
      }
      io.out(`${packageVersion()}\n`);
      return 0;
    }
    case undefined:
    case "help":
    case "--help":
    case "-h":
      // `kolikoly help replay` is `kolikoly replay --help`; `help` alone is the usage
      if (command === "help" && args.length) return main([...args, "--help"], io);
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
