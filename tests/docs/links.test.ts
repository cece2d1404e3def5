/**
 * The repository stands on its own (docs/architecture.md, "Tests"): every relative link and
 * image in every Markdown file of the repository (README, CHANGELOG, DEVELOPERS, docs/,
 * bench/, anything else) resolves to a file in it, and to one of that file's headings when it
 * names an `#anchor` (GitHub's anchor rules); and no file of the repository, source, test,
 * script, style, language or pack source, points outside it. The checker itself is tested first
 * on planted mistakes, so a check that can no longer fail is noticed.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import type { KnownClimb } from "./markdown.ts";
import {
  ROOT,
  anchorsOf,
  checkLinks,
  headingText,
  linksOf,
  outsideReferences,
  readText,
  repoFiles,
  show,
  slug,
} from "./markdown.ts";

/** Paths that climb above their own file's folder on purpose: not paths on this disk. */
const KNOWN_CLIMBS: readonly KnownClimb[] = [
  {
    file: "eslint.config.js",
    text: "../../*",
    why: "an import pattern, matched against imports written in src/rules/<folder>/ files",
  },
  {
    file: "eslint.config.js",
    text: "../../rules/*",
    why: "the same pattern's exception: src/rules importing from src/rules",
  },
  {
    file: "tests/purity.test.ts",
    text: "../../foundry/api.ts",
    why: "a planted import as written inside a src/rules/<folder>/ file",
  },
];

const files = repoFiles();
const exists = (rel: string) => rel === "." || existsSync(path.join(ROOT, rel));
const texts = new Map<string, string | undefined>();
const read = (rel: string): string | undefined => {
  if (!texts.has(rel))
    texts.set(
      rel,
      existsSync(path.join(ROOT, rel)) && statSync(path.join(ROOT, rel)).isFile()
        ? readText(rel)
        : undefined,
    );
  return texts.get(rel);
};
const markdown = files.filter((f) => f.endsWith(".md"));
const mdNames = new Set(markdown.map((f) => path.posix.basename(f)));

describe("the docs check itself", () => {
  test("anchors follow GitHub's slugs: code, punctuation and repeats", () => {
    expect(slug(headingText("What `simulate --json` prints"))).toBe("what-simulate---json-prints");
    expect(slug(headingText("`User#query`, the one targeted channel"))).toBe(
      "userquery-the-one-targeted-channel",
    );
    expect(slug(headingText("Kayanak (J1-J12): planned, not yet playable"))).toBe(
      "kayanak-j1-j12-planned-not-yet-playable",
    );
    expect(slug(headingText("## `kayanak-scenario/1` (planned)".slice(3)))).toBe(
      "kayanak-scenario1-planned",
    );
    expect(slug(headingText("Meeting **Foundry** as it is (issue 9)"))).toBe(
      "meeting-foundry-as-it-is-issue-9",
    );
    expect([...anchorsOf("# A\n## A\n```\n# not a heading\n```\n### A\n")]).toEqual([
      "a",
      "a-1",
      "a-2",
    ]);
  });

  // The plants below are assembled at run time, so this file's own text holds none of them.
  const UP = ["..", ""].join("/");
  const md = (name: string) => `${name}.${"md"}`;

  test("links in code are not links; absolute URLs are not checked", () => {
    const text = [
      `[one](${md("a")}) \`[two](${md("b")})\` <https://example.org/${md("x")}>`,
      "```",
      `[three](${md("c")})`,
      "```",
      "![four](img/d.png) [five](https://example.org) [six](#top)",
      `[seven]: ${md("e")} "title"`,
    ].join("\n");
    expect(linksOf(text).map((l) => [l.line, l.target, l.image])).toEqual([
      [1, md("a"), false],
      [5, "img/d.png", true],
      [5, "#top", false],
      [6, md("e"), false],
    ]);
  });

  test("a planted broken link, image, anchor or way out is reported", () => {
    const planted = [
      "# Top",
      `[ok](${UP}README.md) [ok too](#top) [section](${UP}README.md#set-up)`,
      `[missing](${md("nowhere")})`,
      "![missing picture](no-such.png)",
      `[bad anchor](${UP}README.md#no-such-heading)`,
      "[bad own anchor](#nowhere)",
      `[out](${UP}${UP}elsewhere/${md("notes")})`,
    ].join("\n");
    const problems = checkLinks(md("docs/planted"), planted, exists, read).map((p) => p.line);
    expect(problems).toEqual([3, 4, 5, 6, 7]);
  });

  test("a planted pointer outside the repository is reported", () => {
    const parent = path.dirname(ROOT);
    const checksAbsolute = parent !== path.parse(parent).root;
    const planted = [
      `const notes = "${UP}${"shared"}/notes.txt";`,
      `// see ${parent}/elsewhere/notes.txt`,
      `import x from "${UP}${UP}${UP}outside.ts";`,
      `// the rules are in ${md("somewhere-else")} and in docs/rules.md`,
      `import y from "${UP}${UP}src/rules/index.ts";`,
      `// ${["shared", "design", ""].join("/")} and ${["shared", "seeds", ""].join("/")}`,
    ].join("\n");
    const ctx = { root: ROOT, mdFiles: mdNames, exists, knownClimbs: KNOWN_CLIMBS };
    const found = outsideReferences("tests/docs/planted.ts", planted, ctx);
    const lines = new Set(found.map((p) => p.line));
    expect([...lines].sort()).toEqual(checksAbsolute ? [1, 2, 3, 4, 6] : [1, 3, 4, 6]);
    expect(found.map((p) => p.message).join("\n")).toContain(md("somewhere-else"));
  });
});

describe("the repository's docs", () => {
  test("there are Markdown files to check, the rules and the scenario format among them", () => {
    for (const f of ["README.md", "docs/rules.md", "docs/scenario-format.md"])
      expect(markdown).toContain(f);
  });

  test("every relative link and image in every Markdown file resolves, anchors included", () => {
    const problems = markdown.flatMap((f) => checkLinks(f, read(f) ?? "", exists, read));
    expect(problems.map(show)).toEqual([]);
  });

  test("no file of the repository points outside it", () => {
    const ctx = { root: ROOT, mdFiles: mdNames, exists, knownClimbs: KNOWN_CLIMBS };
    const problems = files.flatMap((f) => {
      const text = read(f);
      return text === undefined ? [] : outsideReferences(f, text, ctx);
    });
    expect(problems.map(show)).toEqual([]);
  });
});
