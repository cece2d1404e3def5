#!/usr/bin/env node
// Regenerates the golden replays: for every tests/golden/<name>.json scenario, writes
// tests/golden/<name>.<viewer>.jsonl for each viewer in GOLDEN_VIEWERS, one JSON object per line,
// exactly as `replayLines(session, viewer)` gives them. Run with:
//   node --import tsx scripts/update-golden.mjs
// Check the changed outputs by hand against the rules before committing them.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GOLDEN_DIR, GOLDEN_VIEWERS, viewerName } from "../tests/golden/viewers.ts";
import { formatError, playScenarioText, replayLines } from "../src/rules/index.ts";

let failed = false;
for (const file of readdirSync(GOLDEN_DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()) {
  const name = file.slice(0, -".json".length);
  const played = playScenarioText(readFileSync(join(GOLDEN_DIR, file), "utf8"));
  if (!played.ok) {
    console.error(`${file}: ${formatError(played.error)}`);
    failed = true;
    continue;
  }
  for (const viewer of GOLDEN_VIEWERS) {
    const out = join(GOLDEN_DIR, `${name}.${viewerName(viewer)}.jsonl`);
    const text =
      replayLines(played.session, viewer)
        .map((l) => JSON.stringify(l))
        .join("\n") + "\n";
    writeFileSync(out, text);
    console.log(
      `wrote ${out} (${played.session.state.round} rounds, over: ${played.session.state.over})`,
    );
  }
}
process.exitCode = failed ? 1 : 0;
