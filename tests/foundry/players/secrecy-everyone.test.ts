/**
 * The secrecy suite (secrecy-suite.ts) with the GM store's changes sent to every client, as a
 * server that ignores the pack's ownership would (the case issue 10 asks to survive).
 */
import { describe, expect, test } from "vitest";
import { ROUNDS, SEE_THROUGH, expectClean, playSuite } from "./secrecy-suite.ts";

describe("secrecy suite (issue 10 item 2)", () => {
  test("K19, K20, H: 1,000 seeded rounds with the GM store's changes sent to every client: 0 secrets in any player payload", async () => {
    const run = await playSuite("everyone", ROUNDS);
    expectClean(run);
    // this server really sends the players the store's documents, every one of them sealed
    expect(run.storePayloads).toBeGreaterThan(1000);
  }, 600_000);

  test("the control: with a see-through cipher and the store sent to everyone, the same check finds the store readable", async () => {
    const run = await playSuite("everyone", 5, SEE_THROUGH);
    expect(run.leaks.some((l) => l.includes("a readable GM store revision"))).toBe(true);
  }, 60_000);
});
