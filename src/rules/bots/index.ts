/** Simulated players (see bot.ts for what a bot may know). */
import type { Bot, BotKind } from "./bot.ts";
import { greedyBot } from "./greedy.ts";
import { randomBot } from "./random.ts";

export * from "./bot.ts";
export { greedyBot, HERD_MIN_FISH, STALE_ROUNDS } from "./greedy.ts";
export { randomBot } from "./random.ts";

export function createBot(kind: BotKind, fisher: string, seed: number): Bot {
  return kind === "greedy" ? greedyBot(fisher, seed) : randomBot(fisher, seed);
}
