#!/usr/bin/env node
// Regenerates the golden replays of both games (tests/golden/viewers.ts names the sets): for every
// <dir>/<name>.json scenario, writes <dir>/<name>.<viewer>.jsonl for each of the set's viewers,
// one JSON object per line, exactly as the game's `replayLines(session, viewer)` gives them.
// The fishing game's are in tests/golden/, Kayanak's in tests/golden/kayanak/. Run with:
//   node --import tsx scripts/update-golden.mjs            (both games)
//   node --import tsx scripts/update-golden.mjs kayanak    (one game: kolikoly or kayanak)
// Check the changed outputs by hand against the rules (docs/rules.md, docs/kayanak.md) before
// committing them.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  GOLDEN_SETS,
  goldenLogPath,
  goldenScenarios,
  goldenText,
} from "../tests/golden/viewers.ts";

const asked = process.argv.slice(2);
const unknown = asked.filter((g) => !GOLDEN_SETS.some((set) => set.game === g));
if (unknown.length > 0) {
  console.error(`unknown game ${unknown.join(", ")}: kolikoly or kayanak`);
  process.exit(2);
}

let failed = false;
for (const set of GOLDEN_SETS) {
  if (asked.length > 0 && !asked.includes(set.game)) continue;
  for (const file of goldenScenarios(set)) {
    const played = set.play(readFileSync(join(set.dir, file), "utf8"));
    if (!played.ok) {
      console.error(`${file}: ${played.error}`);
      failed = true;
      continue;
    }
    for (const viewer of set.viewers) {
      const out = goldenLogPath(set, file, viewer);
      writeFileSync(out, goldenText(set.lines(played.session, viewer)));
      console.log(`wrote ${out} (${set.progress(played.session)})`);
    }
  }
}
process.exitCode = failed ? 1 : 0;
