/**
 * `kolikoly COMMAND --help` and `kolikoly --version`. Each command's help is drawn from the very
 * option table its parser reads (`REPLAY_OPTIONS`, `SIMULATE_OPTIONS`...), so an option added to
 * a parser shows up here, and a test fails until its words are in every language.
 */
import { readFileSync } from "node:fs";
import type { OptionKind } from "./args.ts";
import { DEMO_OPTIONS } from "./demo.ts";
import { t } from "./i18n.ts";
import { KAYANAK_SIMULATE_OPTIONS, gameOption } from "./kayanak.ts";
import { REPLAY_OPTIONS } from "./replay.ts";
import { SIMULATE_OPTIONS } from "./simulate.ts";
import { VERIFY_OPTIONS } from "./verify.ts";

type Options = Readonly<Record<string, OptionKind>>;

/** Each help page: its key under `KOLIKOLY.Cli.Help` and the options its command's parser accepts. */
export const HELP_TOPICS = {
  replay: { key: "Replay", options: REPLAY_OPTIONS as Options },
  verify: { key: "Verify", options: VERIFY_OPTIONS as Options },
  simulate: { key: "Simulate", options: SIMULATE_OPTIONS as Options },
  "simulate --game kayanak": {
    key: "SimulateKayanak",
    options: KAYANAK_SIMULATE_OPTIONS as Options,
  },
  demo: { key: "Demo", options: DEMO_OPTIONS as Options },
} as const;

export type HelpTopic = keyof typeof HELP_TOPICS;

const HELP_WORDS = new Set(["--help", "-h"]);

/**
 * Whether `args` ask for help: `--help` or `-h` before any `--`, and not as the value of a string
 * option (`--as -h` names a fisher called "-h", which `replay` then answers about).
 */
function asksForHelp(args: readonly string[], options: Options): boolean {
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === "--") return false;
    if (HELP_WORDS.has(word)) return true;
    const name = word.startsWith("--") && !word.includes("=") ? word.slice(2) : "";
    const next = args[i + 1];
    if (options[name] === "string" && next !== undefined && !next.startsWith("--")) i++;
  }
  return false;
}

/** The help page `args` of `command` ask for, if they ask for one. */
export function helpTopicOf(command: string, args: readonly string[]): HelpTopic | undefined {
  if (command === "simulate") {
    const chosen = gameOption([...args]);
    const topic = chosen.ok && chosen.game === "kayanak" ? "simulate --game kayanak" : "simulate";
    return asksForHelp(args, HELP_TOPICS[topic].options) ? topic : undefined;
  }
  if (!Object.hasOwn(HELP_TOPICS, command)) return undefined;
  const topic = command as HelpTopic;
  return asksForHelp(args, HELP_TOPICS[topic].options) ? topic : undefined;
}

/** A command's help: its usage line, what it does, and each option with its value and meaning. */
export function helpText(topic: HelpTopic): string {
  const { key, options } = HELP_TOPICS[topic];
  const base = `KOLIKOLY.Cli.Help.${key}`;
  const rows: [string, string][] = Object.entries(options).map(([name, kind]) => [
    kind === "string" ? `--${name} ${t(`${base}.Options.${name}.Value`)}` : `--${name}`,
    t(`${base}.Options.${name}.Text`),
  ]);
  rows.push(["--help, -h", t("KOLIKOLY.Cli.Help.Help")]);
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    t("KOLIKOLY.Cli.Help.Usage", { usage: t(`${base}.Usage`) }),
    "",
    t(`${base}.About`),
    "",
    t("KOLIKOLY.Cli.Help.Options"),
    ...rows.map(([left, text]) => `  ${left.padEnd(width)}  ${text}`),
  ].join("\n");
}

/** The version in package.json, which `kolikoly --version` prints. */
export function packageVersion(): string {
  const file = new URL("../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}
