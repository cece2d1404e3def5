/**
 * The tests `npm run mutation` (scripts/mutation.mjs) runs against a batch of mutated files: the
 * batch's list, passed in KOLIKOLY_MUTATION_TESTS. Each batch names the fast unit and
 * adversarial tests of its files; the browser tests, the build and the long seeded suites
 * (1,000 rounds or hand-over schedules, seconds to minutes each, run again for every mutant
 * they reach) are left to `npm test`. Not used by `npm test`.
 */
import { defineConfig } from "vitest/config";

const listed = process.env.KOLIKOLY_MUTATION_TESTS;

export default defineConfig({
  test: {
    include: listed ? (JSON.parse(listed) as string[]) : ["tests/foundry/*.test.ts"],
    testTimeout: 60_000,
    pool: "threads",
  },
});
