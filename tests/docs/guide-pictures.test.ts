/**
 * Issue 20 item 1: the GM guide's pictures cannot go stale. Every picture docs/gm-guide.md shows
 * is one `npm run guide-pictures` (scripts/guide-pictures.mjs) writes, by name: from a screen the
 * boot test draws (its `shot(t, "<window>", …)` under a run's label) or from a picture script that
 * names it. A window added to the guide without a picture, or a screen renamed in the boot test,
 * fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BOOT_PICTURES, GUIDE_PICTURES, SCRIPT_PICTURES } from "../../scripts/guide-pictures.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), "utf8");
const guide = read("docs/gm-guide.md");
const boot = read("tests/foundry/boot/boot.test.ts");

/** The pictures a Markdown page shows: `![alt](name.png)`. */
function pictures(md: string): string[] {
  return [...md.matchAll(/!\[[^\]]*\]\(([^)\s]+\.png)\)/g)].map((m) => m[1]!);
}

/** The boot test's run labels (`label` in open()/the Kayanak test) and its screens' names. */
const LABELS = ["dnd5e", "pf2e", "kk-generic", "dnd5e-v14", "kayanak"];
const screens = new Set([...boot.matchAll(/shot\(\s*t,\s*"([a-z0-9-]+)"/g)].map((m) => m[1]!));

describe("the GM guide's pictures come from the picture script", () => {
  it("every picture the guide shows is written by the script", () => {
    const shown = pictures(guide);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.filter((p) => !GUIDE_PICTURES.includes(p))).toEqual([]);
  });

  it("every picture the script writes is shown by the guide, and is in docs/", () => {
    const shown = new Set(pictures(guide));
    expect(GUIDE_PICTURES.filter((p) => !shown.has(p))).toEqual([]);
    for (const p of GUIDE_PICTURES) expect(fs.existsSync(path.join(ROOT, "docs", p)), p).toBe(true);
  });

  it("each boot picture is a screen the boot test draws, under one of its runs", () => {
    expect(screens.size).toBeGreaterThan(5);
    for (const [doc, screen] of Object.entries(BOOT_PICTURES)) {
      const label = LABELS.find(
        (l) => screen.startsWith(`${l}-`) && screens.has(screen.slice(l.length + 1, -4)),
      );
      expect(label, `${doc} <- ${screen}: no such boot screen`).toBeDefined();
    }
  });

  it("each other picture is written by the script named for it", () => {
    for (const [doc, script] of Object.entries(SCRIPT_PICTURES))
      expect(read(script), `${script} writes docs/${doc}`).toContain(`docs/${doc}`);
  });
});
