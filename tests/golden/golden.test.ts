import { describe, expect } from "vitest";
import { goldenSuite } from "./suite.ts";
import { GOLDEN } from "./viewers.ts";

describe("golden replays (scenario in, event log out; regenerate with node --import tsx scripts/update-golden.mjs)", () => {
  goldenSuite(GOLDEN, {
    listTitle: "there are golden scenarios, each with an expected log per viewer",
    scenarios: (files) => expect(files.length).toBeGreaterThanOrEqual(5),
    dice: "roll",
  });
});
