/**
 * Every command the README shows runs as written from the repository's root: each `kolikoly`
 * line of its code blocks (`npx kolikoly ...`, `npm run demo`, `npm run -s kolikoly -- ...`,
 * pipes included) is run through a shell and must exit 0 with output. `npm start`, `npm test`
 * and the set-up lines are left out: they serve, test or install rather than use the CLI. The
 * scenario the README prints is the example file it replays, so the two cannot part.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./markdown.ts";

const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

/** The fenced code blocks of a Markdown text: their info string and body. */
function codeBlocks(md: string): { info: string; body: string }[] {
  return [...md.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].map((m) => ({ info: m[1]!, body: m[2]! }));
}

/** The CLI commands of shell blocks, each line without its trailing `# comment`. */
function cliCommands(md: string): string[] {
  return codeBlocks(md)
    .filter((b) => b.info === "sh" || b.info === "")
    .flatMap((b) => b.body.split("\n"))
    .map((line) => line.replace(/\s+#\s.*$/, "").trim())
    .filter((line) =>
      /^(npx kolikoly|npm run demo|npm run -s kolikoly|node bin\/kolikoly\.mjs)\b/.test(line),
    );
}

describe("the README's CLI commands run as written", () => {
  const commands = cliCommands(README);

  it("finds the commands, the example scenario's replay among them", () => {
    expect(commands.length).toBeGreaterThanOrEqual(5);
    expect(commands).toContain(
      "npx kolikoly replay examples/first-lake.json --as ana --format text",
    );
    // a comment is cut from the command, a pipe kept
    expect(cliCommands("```sh\nnpx kolikoly a | jq .b   # note\nnpm start\n```\n")).toEqual([
      "npx kolikoly a | jq .b",
    ]);
  });

  for (const command of commands)
    it(
      command,
      () => {
        const r = spawnSync("bash", ["-o", "pipefail", "-c", command], {
          cwd: ROOT,
          // English, and npx never asks the registry for a package it lacks
          env: { ...process.env, KOLIKOLY_LANG: "en", npm_config_yes: "false" },
          encoding: "utf8",
          timeout: 120_000,
          maxBuffer: 64 << 20,
        });
        expect(r.stderr.trim() ? `${r.status}: ${r.stderr}` : r.status).toBe(0);
        expect(r.stdout.trim()).not.toBe("");
      },
      150_000,
    );

  it("the scenario the README shows is examples/first-lake.json", () => {
    const shown = codeBlocks(README).filter(
      (b) => b.info === "json" && b.body.includes('"kolikoly-scenario/1"'),
    );
    expect(shown).toHaveLength(1);
    const file = fs.readFileSync(path.join(ROOT, "examples/first-lake.json"), "utf8");
    expect(JSON.parse(shown[0]!.body)).toEqual(JSON.parse(file));
  });
});
