/**
 * The table's help for the four actions (the declaration panel's "What the actions do") and
 * docs/sandbox.md's list of them are the same strings: this fails when one is changed without
 * the other (issue 22).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { strings as en } from "../../src/sandbox/i18n.ts";
import { HELP_KEYS } from "../../src/sandbox/render.ts";
import { lookup } from "../../src/ui/handlebars-helpers.ts";
import { ROOT } from "./markdown.ts";

/** The bullets of the section under `heading` (a bullet's wrapped lines joined by a space). */
export function sectionBullets(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.indexOf(heading);
  if (start < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,6} /.test(line)) break;
    if (line.startsWith("- ")) out.push(line.slice(2).trim());
    else if (/^ {2}\S/.test(line) && out.length) out[out.length - 1] += ` ${line.trim()}`;
  }
  return out;
}

describe("docs/sandbox.md and the table's help for the four actions", () => {
  const doc = readFileSync(path.join(ROOT, "docs/sandbox.md"), "utf8");
  const bullets = sectionBullets(doc, "### What the four actions do");

  it("list the same four sentences, in the same order", () => {
    const help = Object.values(HELP_KEYS).map((k) => lookup(en, k));
    expect(help.every((h) => typeof h === "string" && h.length > 40)).toBe(true);
    expect(bullets).toEqual(help);
  });

  it("the check itself notices a changed word (so it can fail)", () => {
    const changed = doc.replace("hit the net's AC", "hit the net's armour");
    expect(changed).not.toBe(doc);
    const help = Object.values(HELP_KEYS).map((k) => lookup(en, k));
    expect(sectionBullets(changed, "### What the four actions do")).not.toEqual(help);
  });
});
