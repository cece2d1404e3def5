/**
 * The docs name the code as it is (issue 19 item 6): every path of this repository a doc names
 * (`src/foundry/core/commit.ts`, `tests/foundry/fake/`) exists, and every file name the
 * architecture and module docs give in backticks (`commit.ts`, `store/handover.ts`) is the end of
 * a file's path in src/ or tests/. A file moved or renamed without its docs fails here.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\n")
  .filter(Boolean);
const docs = files.filter(
  (f) => (f.startsWith("docs/") && f.endsWith(".md")) || /^(README|DEVELOPERS)\.md$/.test(f),
);
const code = files.filter((f) => f.startsWith("src/") || f.startsWith("tests/"));

/** Names the module docs give of other projects' files (the systems', Foundry's), not ours. */
const ELSEWHERE = new Set(["service.ts", "roll.ts", "swade.ts"]);

const exists = (p: string) => fs.existsSync(path.join(ROOT, p.replace(/\/$/, "")));

describe("the docs name files that exist (issue 19)", () => {
  it("every repository path a doc names exists", () => {
    const missing: string[] = [];
    // scripts/*.js are the built module's files (dist/), not the repository's scripts/*.mjs
    const re =
      /`((?:src\/(?:foundry|rules|sandbox|cli|ui)|tests|bench)\/[\w./-]*|scripts\/[\w.-]+\.mjs)`/g;
    for (const doc of docs) {
      const text = fs.readFileSync(path.join(ROOT, doc), "utf8");
      for (const m of text.matchAll(re)) if (!exists(m[1]!)) missing.push(`${doc}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it("every file name the architecture and module docs give is a file of src/ or tests/", () => {
    const missing: string[] = [];
    for (const doc of ["docs/architecture.md", "docs/foundry.md"]) {
      const text = fs.readFileSync(path.join(ROOT, doc), "utf8");
      for (const m of text.matchAll(/`([\w/.-]+\.ts)`/g)) {
        const name = m[1]!;
        if (ELSEWHERE.has(name) || name.includes("*")) continue;
        if (!code.some((f) => f === name || f.endsWith(`/${name}`)))
          missing.push(`${doc}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("the check can fail: a name that is no file is reported", () => {
    expect(code.some((f) => f.endsWith("/lake-host.ts"))).toBe(false);
    expect(exists("src/foundry/core/commit.ts")).toBe(true);
  });
});
