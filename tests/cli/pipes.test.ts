/**
 * The CLI in pipes (issue 12 item 5): the commands the README and docs/cli.md give print nothing
 * but JSON on stdout with --json (or `replay`'s JSON lines), so `| jq` works. They are spawned for
 * real: the package's `kolikoly` bin through `npx`, `npm run -s`, node, and a shell pipe. Notes and
 * the progress bar go to stderr, and only when stderr is a terminal (checked under a real pty).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { simulateCommand } from "../../src/cli/simulate.ts";
import type { Io } from "../../src/cli/io.ts";
import { ROOT } from "./run-cli.ts";

const SIM = ["simulate", "--games", "6", "--lake", "3x3x2", "--fishers", "2", "--workers", "1"];
const DEMO = "src/cli/demo-scenario.json";
const ENV = {
  ...process.env,
  KOLIKOLY_LANG: "en",
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  NO_COLOR: "1",
};

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: ROOT, env: ENV, encoding: "utf8", timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("kolikoly in pipes: stdout is JSON and nothing else", () => {
  it("`npx kolikoly simulate --json` (the package's bin) prints one JSON document", () => {
    const r = run("npx", ["--no", "kolikoly", ...SIM, "--json"]);
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ games: 6, fishers: 2 });
    // stderr is not a terminal here: no progress bar and no note either.
    expect(r.stderr).not.toMatch(/games in|\u2588|\u2591/);
  });

  it("`npm run -s kolikoly -- simulate --json` too; without -s npm's banner comes first", () => {
    const silent = run("npm", ["run", "-s", "kolikoly", "--", ...SIM, "--json"]);
    expect(silent.status, silent.stderr).toBe(0);
    expect(JSON.parse(silent.stdout)).toMatchObject({ games: 6 });
    // Why the docs say -s: plain `npm run` prints "> kolikoly-fishing@… kolikoly" on stdout first.
    const loud = run("npm", ["run", "kolikoly", "--", ...SIM, "--json"]);
    expect(loud.status).toBe(0);
    expect(loud.stdout).toMatch(/^\s*> kolikoly-fishing@/);
    expect(() => JSON.parse(loud.stdout)).toThrow();
  });

  it("`npx kolikoly replay FILE` prints one JSON object a line, and the same through node", () => {
    const viaNpx = run("npx", ["--no", "kolikoly", "replay", DEMO]);
    const viaNode = run(process.execPath, ["bin/kolikoly.mjs", "replay", DEMO]);
    expect(viaNpx.status, viaNpx.stderr).toBe(0);
    const lines = viaNpx.stdout.trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(10);
    for (const l of lines) expect(() => JSON.parse(l), l).not.toThrow();
    expect(viaNode.stdout).toBe(viaNpx.stdout);
  });

  it("a real shell pipe: `npx kolikoly simulate --json | <a JSON reader>`", () => {
    const reader = `${JSON.stringify(process.execPath)} -e "const s=require('fs').readFileSync(0,'utf8'); process.stdout.write(String(JSON.parse(s).games))"`;
    const r = run("sh", ["-c", `npx --no kolikoly ${SIM.join(" ")} --json | ${reader}`]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe("6");
  });

  it.runIf(fs.existsSync("/usr/bin/script"))(
    "with stderr a terminal, the time note (and bar) go there, and stdout is still JSON only",
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kolikoly-pty-"));
      const out = path.join(dir, "out.json");
      // `script` gives the command a pty for stdin, stdout and stderr; stdout is sent to a file.
      const cmd = `${JSON.stringify(process.execPath)} bin/kolikoly.mjs ${SIM.join(" ")} --json > ${JSON.stringify(out)}`;
      const r = run("script", ["-qec", cmd, "/dev/null"]);
      expect(r.status, r.stdout).toBe(0);
      expect(JSON.parse(fs.readFileSync(out, "utf8"))).toMatchObject({ games: 6 });
      expect(r.stdout).toMatch(/6 games in [\d.]+ s/); // the pty: stderr's note
    },
  );

  it("in process: the note goes to stderr only when it is a terminal; stdout gets the JSON alone", async () => {
    for (const json of [true, false])
      for (const errTty of [false, true]) {
        let out = "";
        let err = "";
        const io: Io = { out: (s) => void (out += s), err: (s) => void (err += s), errTty };
        expect(await simulateCommand([...SIM.slice(1), ...(json ? ["--json"] : [])], io)).toBe(0);
        if (json) expect(JSON.parse(out)).toMatchObject({ games: 6 });
        else expect(out).toMatch(/^Kolikoly simulation: 6 games/);
        expect(out).not.toMatch(/games in [\d.]+ s/);
        if (errTty) expect(err).toMatch(/6 games in [\d.]+ s/);
        else expect(err).toBe("");
      }
  });

  it("the README's and docs/cli.md's commands use the clean forms (no `npm run` without -s)", () => {
    for (const file of ["README.md", "docs/cli.md"]) {
      const blocks =
        fs.readFileSync(path.join(ROOT, file), "utf8").match(/```[a-z]*\n[\s\S]*?```/g) ?? [];
      const lines = blocks
        .flatMap((b) => b.split("\n"))
        .filter((l) => /npm run (-s )?kolikoly/.test(l));
      for (const l of lines) expect(l, file).toMatch(/npm run -s kolikoly/);
      expect(blocks.join("\n"), file).toMatch(/npx kolikoly simulate[^\n]*--json/);
    }
  });
});
