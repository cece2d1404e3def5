import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 60_000,
    pool: "threads",
    // vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine,
    // where the files then run one after another (about 1,050 s of them). Many files wait on
    // Chromium, a child process or a timer rather than compute, so two workers there finish the
    // same files in about 60 % of the time; bigger machines keep the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
