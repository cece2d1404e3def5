#!/usr/bin/env node
// npm run guide-pictures: the GM guide's pictures (docs/gm-guide.md) made again from the screens
// the tests draw, so that none can go stale (issue 20 item 1). The boot test
// (tests/foundry/boot/boot.test.ts: the built module in Chromium against the fake Foundry) writes
// a screenshot of every window to test-output/boot/<run>-<window>.png; the guide's Foundry
// pictures are copied from there. The two views of one round come from the standalone table
// (tests/e2e/guide-views-screenshot.ts). tests/docs/guide-pictures.test.ts checks that every
// picture the guide shows is listed here, so a window added to the guide without a picture fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const BOOT_OUT = "test-output/boot";

/** docs/<picture> <- test-output/boot/<screen>: the boot test's screens the guide shows. */
export const BOOT_PICTURES = {
  "foundry-wizard.png": "dnd5e-wizard.png",
  "foundry-gm-panel.png": "dnd5e-gm-panel.png",
  "foundry-declare-dialog.png": "dnd5e-declare-dialog.png",
  "foundry-roll-card.png": "dnd5e-roll-card.png",
  "foundry-swarm-sheet.png": "dnd5e-swarm-sheet.png",
  "foundry-settings.png": "dnd5e-settings.png",
  "foundry-board.png": "dnd5e-board.png",
  "foundry-lake-canvas.png": "dnd5e-board-zoom1.png",
  "foundry-kayanak-board.png": "kayanak-kayanak-board.png",
  "foundry-kayanak-card.png": "kayanak-kayanak-card.png",
};

/** docs/<picture> written by a script of its own, run here too. */
export const SCRIPT_PICTURES = {
  "gm-guide-gm-view.png": "tests/e2e/guide-views-screenshot.ts",
  "gm-guide-player-view.png": "tests/e2e/guide-views-screenshot.ts",
};

/** Every picture this script writes, by its name in docs/. */
export const GUIDE_PICTURES = [...Object.keys(BOOT_PICTURES), ...Object.keys(SCRIPT_PICTURES)];

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed (${r.status})`);
}

export function guidePictures() {
  for (const f of Object.values(BOOT_PICTURES))
    fs.rmSync(path.join(ROOT, BOOT_OUT, f), { force: true });
  run("npx", ["vitest", "run", "tests/foundry/boot/boot.test.ts"]);
  const written = [];
  for (const [doc, screen] of Object.entries(BOOT_PICTURES)) {
    const from = path.join(ROOT, BOOT_OUT, screen);
    if (!fs.existsSync(from)) throw new Error(`the boot test drew no ${screen}`);
    fs.copyFileSync(from, path.join(ROOT, "docs", doc));
    written.push(doc);
  }
  for (const script of new Set(Object.values(SCRIPT_PICTURES))) run("npx", ["tsx", script]);
  written.push(...Object.keys(SCRIPT_PICTURES));
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const f of guidePictures()) {
      const kb = fs.statSync(path.join(ROOT, "docs", f)).size / 1024;
      console.log(`docs/${f}  ${kb.toFixed(0)} KB`);
    }
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
