/**
 * Issue 9: every behaviour of the Foundry fake names the Foundry (or system) source it imitates,
 * or says it is a test-only instrument (scripts/fake-sources.mjs: what counts as a citation).
 */
import { describe, expect, test } from "vitest";
import { audit, fakeFiles } from "../../scripts/fake-sources.mjs";

describe("the fake's sources (issue 9)", () => {
  test("every behaviour of the fake cites its source or is marked test-only", () => {
    const files = fakeFiles();
    expect(files.length).toBeGreaterThanOrEqual(8);
    const r = audit(files);
    expect(r.cited.length).toBeGreaterThan(100);
    expect(r.uncited).toEqual([]);
  });
});
