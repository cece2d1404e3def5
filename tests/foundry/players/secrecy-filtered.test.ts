/**
 * The secrecy suite (secrecy-suite.ts) with the GM store's changes sent to GMs only, as a server
 * that honours the pack's ownership does. The two modes are two files, so they run side by side.
 */
import { describe, expect, test } from "vitest";
import { ROUNDS, expectClean, playSuite } from "./secrecy-suite.ts";

describe("secrecy suite (issue 10 item 2)", () => {
  test("K19, K20, H: 1,000 seeded rounds with the GM store's changes sent to GMs only: 0 secrets in any player payload", async () => {
    const run = await playSuite("filtered", ROUNDS);
    expectClean(run);
    // this server never sends a player the store's documents
    expect(run.storePayloads).toBe(0);
  }, 600_000);
});
