/** `kolikoly demo` (`npm run demo`): a seeded demo scenario, played to its end and shown as text. */
import { readFileSync } from "node:fs";
import { formatError, playScenarioText } from "../rules/scenario/play.ts";
import type { Io } from "./io.ts";
import { replayText } from "./text.ts";

/** `demo` takes no option (its `--help` says so). */
export const DEMO_OPTIONS = {} as const;

export const DEMO_SCENARIO = new URL("./demo-scenario.json", import.meta.url);

export function demoCommand(io: Io): number {
  const played = playScenarioText(readFileSync(DEMO_SCENARIO, "utf8"));
  if (!played.ok) throw new Error(`the demo scenario does not play: ${formatError(played.error)}`);
  io.out(`${replayText(played.session, "gm").join("\n")}\n`);
  return 0;
}
