/**
 * Every bad input the CLI meets, run for real (bin/kolikoly.mjs): each is answered with exactly
 * the line below on stderr (the usage too only when the command itself is wrong), nothing on
 * stdout and exit status 2. Then the same through `main` in French and German: one line, in that
 * language.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CliRun } from "./run-cli.ts";
import { BIN, ROOT, inProcess, kolikolyWith, scratch } from "./run-cli.ts";

const { dir, write } = scratch("kolikoly-bad-input-");
const DEMO = path.join(ROOT, "src/cli/demo-scenario.json");
const demo = JSON.parse(fs.readFileSync(DEMO, "utf8")) as Record<string, unknown>;
const win = JSON.parse(
  fs.readFileSync(path.join(ROOT, "tests/golden/kayanak/basic-win.json"), "utf8"),
) as Record<string, unknown>;
const { format: _format, ...noFormat } = demo;
const FILES = {
  wrongTag: write("kayanak-wrong-tag.json", { ...win, format: "kayanak-scenario/2" }),
  noFormat: write("no-format.json", noFormat),
  notJson: write("not-json.json", '{"format": "kolikoly-scenario/1",\n  "seed": 1,,\n}'),
  array: write("root-array.json", "[1, 2]"),
  number: write("root-number.json", "3"),
  missing: path.join(dir, "missing.json"),
  folder: dir,
};
const NOT_JSON = '{"format": "kolikoly-scenario/1",\n  "seed": 1,,\n}';
const SIM_OPTIONS =
  "--game, --fishers, --lake, --games, --seed, --bot, --workers, --max-rounds, --json";

const usage = () => kolikolyWith({}, "--help").stdout;
const range = (flag: string, min: number | string, max: number | string, got: string) =>
  `${flag}: must be a whole number from ${min} to ${max} (got ${got})`;

interface Case {
  readonly args: readonly string[];
  readonly stdin?: string;
  /** The whole of stderr but its last newline; a function when it holds the usage. */
  readonly says: string | (() => string);
}

const CASES: readonly Case[] = [
  // negative and other out-of-range numbers: the range, never "argument is ambiguous"
  { args: ["simulate", "--fishers", "-3"], says: range("--fishers", 1, 12, "-3") },
  { args: ["simulate", "--fishers=-3"], says: range("--fishers", 1, 12, "-3") },
  { args: ["simulate", "--games", "-5"], says: range("--games", 1, 1_000_000_000, "-5") },
  { args: ["simulate", "--seed", "-1"], says: range("--seed", 0, "9007199254740991", "-1") },
  {
    args: ["simulate", "--seed", "9007199254740992"],
    says: range("--seed", 0, "9007199254740991", "9007199254740992"),
  },
  { args: ["simulate", "--fishers", "13"], says: range("--fishers", 1, 12, "13") },
  { args: ["simulate", "--fishers", "2.5"], says: range("--fishers", 1, 12, "2.5") },
  { args: ["simulate", "--max-rounds", "0"], says: range("--max-rounds", 1, 100_000, "0") },
  { args: ["simulate", "--workers", "-2"], says: range("--workers", 1, 256, "-2") },
  {
    args: ["simulate", "--game", "kayanak", "--fishers", "-3"],
    says: range("--fishers", 1, 12, "-3"),
  },
  {
    args: ["simulate", "--game", "kayanak", "--games", "-5"],
    says: range("--games", 1, 1_000_000, "-5"),
  },
  {
    args: ["simulate", "--game", "kayanak", "--seed", "-1"],
    says: range("--seed", 0, 2 ** 31, "-1"),
  },
  {
    args: ["simulate", "--game", "kayanak", "--max-turns=-1"],
    says: range("--max-turns", 1, 1_000_000, "-1"),
  },
  { args: ["simulate", "--game", "kayanak", "--floes", "49"], says: range("--floes", 1, 48, "49") },
  // the lake and the board: the size at fault and the range
  {
    args: ["simulate", "--lake", "1000x1000x100"],
    says: "--lake: the width must be from 1 to 32 (got 1000); a lake is 1 to 32 squares a side and 1 to 9 levels deep",
  },
  {
    args: ["simulate", "--lake", "6x6x10"],
    says: "--lake: the number of levels must be from 1 to 9 (got 10); a lake is 1 to 32 squares a side and 1 to 9 levels deep",
  },
  { args: ["simulate", "--lake", "6by6"], says: "--lake: must be WIDTHxHEIGHTxLEVELS, e.g. 6x6x3" },
  {
    args: ["simulate", "--game", "kayanak", "--board", "1x1"],
    says: "--board: 1x1 is 1 hole: a board needs at least 2, one for a bear and one kept free",
  },
  {
    args: ["simulate", "--game", "kayanak", "--board", "3x1"],
    says: "--board: a 3x1 board has 3 holes, too few for 3 bears (--fishers): at least 4, one kept free",
  },
  {
    args: ["simulate", "--game", "kayanak", "--board", "2x2", "--fishers", "4"],
    says: "--fishers: must be at most 3 (got 4): a board of 4 holes keeps one free for the bears to move",
  },
  {
    args: ["simulate", "--game", "kayanak", "--board", "40x6"],
    says: "--board: must be WIDTHxHEIGHT, e.g. 8x6, 1 to 32 a side (got 40x6)",
  },
  // options and arguments a command does not take
  { args: ["demo", "--foo"], says: "--foo: not an option of demo, which takes none" },
  { args: ["demo", "extra"], says: 'demo: unexpected argument "extra"' },
  {
    args: ["simulate", "--foo"],
    says: `--foo: not an option of simulate (its options: ${SIM_OPTIONS})`,
  },
  { args: ["simulate", "-x"], says: `-x: not an option of simulate (its options: ${SIM_OPTIONS})` },
  { args: ["simulate", "extra"], says: 'simulate: unexpected argument "extra"' },
  {
    args: ["replay", DEMO, "--bogus"],
    says: "--bogus: not an option of replay (its options: --as, --format)",
  },
  {
    args: ["frobnicate"],
    says: () =>
      `frobnicate: not a command (replay, verify, simulate or demo)\n${usage().trimEnd()}`,
  },
  // files: by their path
  {
    args: ["replay"],
    says: "replay: no scenario file given (a path, or - to read it from standard input)",
  },
  {
    args: ["replay", DEMO, DEMO],
    says: `replay: one scenario file at a time (got ${DEMO}, ${DEMO})`,
  },
  {
    args: ["verify"],
    says: "verify: no scenario file given (a path, or - to read it from standard input)",
  },
  {
    args: ["verify", DEMO, DEMO],
    says: `verify: one scenario file at a time (got ${DEMO}, ${DEMO})`,
  },
  {
    args: ["verify", DEMO, "--as", "gm"],
    says: "--as: not an option of verify (its options: --json)",
  },
  { args: ["replay", FILES.missing], says: `no such file: ${FILES.missing}` },
  { args: ["verify", FILES.missing], says: `no such file: ${FILES.missing}` },
  { args: ["replay", FILES.folder], says: `${FILES.folder}: is a folder, not a scenario file` },
  {
    args: ["replay", FILES.notJson],
    says: `${FILES.notJson}: not valid JSON at line 2, column 13 (Expected double-quoted property name)`,
  },
  {
    args: ["replay", "-"],
    stdin: NOT_JSON,
    says: "standard input: not valid JSON at line 2, column 13 (Expected double-quoted property name)",
  },
  {
    args: ["replay", "-"],
    says: "standard input: not valid JSON at line 1, column 1 (Unexpected end of JSON input)",
  },
  {
    args: ["replay", FILES.array],
    says: `${FILES.array}: must hold one JSON object, the scenario (got [...])`,
  },
  {
    args: ["replay", FILES.number],
    says: `${FILES.number}: must hold one JSON object, the scenario (got 3)`,
  },
  // the format tag: about the tag, whatever else the file holds
  {
    args: ["replay", FILES.wrongTag],
    says: 'format: must be one of "kolikoly-scenario/1", "kayanak-scenario/1" (got "kayanak-scenario/2")',
  },
  {
    args: ["replay", FILES.noFormat],
    says: 'format: missing; a scenario file names its format, one of "kolikoly-scenario/1", "kayanak-scenario/1"',
  },
  { args: ["replay", DEMO, "--format", "xml"], says: "--format: must be jsonl or text (got xml)" },
  // a flag given twice, or without its value, or with one it does not take
  {
    args: ["simulate", "--games", "5", "--games", "6"],
    says: "--games: given twice; give it once",
  },
  { args: ["simulate", "--games=5", "--games", "6"], says: "--games: given twice; give it once" },
  { args: ["simulate", "--json", "--json"], says: "--json: given twice; give it once" },
  {
    args: ["simulate", "--game", "kayanak", "--game=kayanak"],
    says: "--game: given twice; give it once",
  },
  { args: ["replay", DEMO, "--as", "ana", "--as", "bo"], says: "--as: given twice; give it once" },
  { args: ["simulate", "--fishers"], says: "--fishers: needs a value" },
  { args: ["simulate", "--fishers", "--json"], says: "--fishers: needs a value" },
  { args: ["simulate", "--game"], says: "--game: needs a value" },
  { args: ["simulate", "--json=yes"], says: "--json: takes no value" },
  // bots and other names: own keys only, and no more per-seat bots than seats
  {
    args: ["simulate", "--game", "kayanak", "--fishers", "2", "--bot", "greedy,random,random"],
    says: "--bot: 3 bots for 2 seats (--fishers): give one bot for every seat, or exactly one per seat",
  },
  {
    args: ["simulate", "--game", "kayanak", "--bot", "greedy,random"],
    says: "--bot: 2 bots for 3 seats (--fishers): give one bot for every seat, or exactly one per seat",
  },
  {
    args: ["simulate", "--game", "kayanak", "--bot", "constructor"],
    says: "--bot: must be one of greedy, random, or one per seat separated by commas (got constructor)",
  },
  {
    args: ["simulate", "--game", "kayanak", "--fishers", "2", "--bot", "greedy,__proto__"],
    says: "--bot: must be one of greedy, random, or one per seat separated by commas (got __proto__)",
  },
  {
    args: ["simulate", "--bot", "constructor"],
    says: "--bot: must be one of greedy, random (got constructor)",
  },
  {
    args: ["simulate", "--game", "constructor"],
    says: "--game: must be kolikoly or kayanak (got constructor)",
  },
  {
    args: ["simulate", "--game", "kayanak", "--variant", "toString"],
    says: "--variant: must be basic or weather (got toString)",
  },
  {
    args: ["replay", DEMO, "--as", "constructor"],
    says: '--as: no fisher "constructor" in this scenario (gm, player or one of: ana, bo)',
  },
];

const label = (c: Case) =>
  `kolikoly ${c.args.map((a) => a.replace(dir, "DIR").replace(ROOT, ".")).join(" ")}${c.stdin !== undefined ? " < not JSON" : ""}`;

/** The real command, spawned (not waited for), with `input` on its stdin. */
function spawnCli(args: readonly string[], input = ""): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { ...process.env, KOLIKOLY_LANG: "en" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => void (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => void (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

/** Every case run at once, three processes at a time (each is mostly Node's start-up). */
async function runAll(cases: readonly Case[]): Promise<CliRun[]> {
  const out: CliRun[] = [];
  let next = 0;
  const lane = async () => {
    while (next < cases.length) {
      const i = next++;
      out[i] = await spawnCli(cases[i]!.args, cases[i]!.stdin);
    }
  };
  await Promise.all([lane(), lane(), lane()]);
  return out;
}

describe("bad input: one line naming the flag or field, the range, the file by its path; status 2", () => {
  let runs: CliRun[] = [];
  beforeAll(async () => {
    runs = await runAll(CASES);
  }, 300_000);

  for (const [i, c] of CASES.entries())
    it(label(c), () => {
      const r = runs[i]!;
      expect(r.stderr.trimEnd()).toBe(typeof c.says === "string" ? c.says : c.says());
      expect(r.stdout).toBe("");
      expect(r.status).toBe(2);
    });

  it("every case but the unknown command is one line", () => {
    for (const c of CASES) if (typeof c.says === "string") expect(c.says).not.toContain("\n");
  });

  // the same words through `main` itself (stdin cases aside: they would read this process's own)
  for (const lang of ["fr", "de"])
    it(`${lang}: each is one line in that language, status 2, nothing on stdout`, async () => {
      for (const c of CASES.filter((x) => typeof x.says === "string" && x.stdin === undefined)) {
        if (c.args[0] === "replay" && c.args[1] === "-") continue;
        const r = await inProcess(lang, c.args);
        expect(r.status, label(c)).toBe(2);
        expect(r.stdout).toBe("");
        const line = r.stderr.trimEnd();
        expect(line.split("\n"), label(c)).toHaveLength(1);
        expect(line, label(c)).not.toBe(c.says);
        expect(line).not.toMatch(/\{\w+\}/);
      }
    });
});

describe("replay - reads the scenario from stdin", () => {
  it("prints what replay FILE prints", () => {
    const text = fs.readFileSync(DEMO, "utf8");
    const viaFile = kolikolyWith({}, "replay", DEMO, "--as", "ana", "--format", "text");
    const viaStdin = kolikolyWith(
      { input: text },
      "replay",
      "-",
      "--as",
      "ana",
      "--format",
      "text",
    );
    expect(viaFile.status).toBe(0);
    expect(viaStdin.status, viaStdin.stderr).toBe(0);
    expect(viaStdin.stdout).toBe(viaFile.stdout);
    expect(viaStdin.stdout.length).toBeGreaterThan(1000);
  });

  it("a Kayanak file too", () => {
    const text = JSON.stringify(win);
    const r = kolikolyWith({ input: text }, "replay", "-");
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trimEnd().split("\n").at(-1)).toMatch(/^\{"type":"end"/);
  });
});
