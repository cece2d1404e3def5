/** The balance simulator: bots play whole games; statistics stream and merge. */
export * from "./options.ts";
export * from "./stats.ts";
export * from "./play.ts";
export * from "./estimate.ts";
export * from "./stopping.ts";
