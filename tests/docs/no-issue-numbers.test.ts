/**
 * The docs a GM, a player or a CLI user reads speak in plain words, not in the project's internal
 * issue numbers ("Players at the table (issue 4)" told a reader nothing). Rule ids (K12, J6) are
 * the game's own words and stay; another project's issue is written with its name
 * (`foundryvtt#13656`), which a reader can look up.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./markdown.ts";

/** The docs for the people who use the module, the table and the CLI. */
const USER_DOCS = [
  "README.md",
  "docs/gm-guide.md",
  "docs/players.md",
  "docs/sandbox.md",
  "docs/cli.md",
  "docs/rules.md",
  "docs/rules-decisions.md",
  "docs/kayanak.md",
  "docs/scenario-format.md",
  "docs/foundry.md",
];

/** "issue 20", "Issues 19", "issue #4", or a bare "#13" (not "foundryvtt#13656", not a heading). */
const INTERNAL = /\bissues?\s+#?\d+|(?<![\w/#])#\d+\b/gi;

/** Each internal issue number in a text, with its line. */
function internalReferences(text: string): string[] {
  return [...text.matchAll(INTERNAL)].map(
    (m) => `${text.slice(0, m.index).split("\n").length}: ${m[0]}`,
  );
}

describe("user docs cite no internal issue numbers", () => {
  for (const doc of USER_DOCS)
    it(doc, () => {
      const text = fs.readFileSync(path.join(ROOT, doc), "utf8");
      expect(internalReferences(text)).toEqual([]);
    });

  it("the check finds what it is for, across a line break too, and lets the rest be", () => {
    const planted = ["(issue", "20\nitem 12)", "before", "#13;", "Issue #4"].join(" ");
    expect(internalReferences(planted)).toEqual(["1: issue 20", "2: #13", "2: Issue #4"]);
    const fine = "K12 and J6; foundryvtt#13656; ## Heading; [link](#kayanak); 23 issues open";
    expect(internalReferences(fine)).toEqual([]);
  });
});
