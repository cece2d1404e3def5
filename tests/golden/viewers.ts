/** The viewers each golden replay is written for: the GM, and the player of fisher "ana". */
import type { Viewer } from "../../src/rules/index.ts";

export const GOLDEN_DIR = new URL(".", import.meta.url).pathname;
export const GOLDEN_VIEWERS: readonly Viewer[] = ["gm", { fisher: "ana" }];

export function viewerName(v: Viewer): string {
  return typeof v === "string" ? v : v.fisher;
}
