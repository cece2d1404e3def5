/**
 * Every command answers `--help` (and `-h`) with what it does and each of its options, in every
 * language, and `kolikoly --version` (and `-v`) prints package.json's version. The options a help
 * page must name are read from the parser itself: an unknown option is refused with the list of
 * the options that command's parser accepts, and the help must name each of them, so an option
 * added to a parser without its help fails here.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_OPTIONS } from "../../src/cli/demo.ts";
import { KAYANAK_SIMULATE_OPTIONS } from "../../src/cli/kayanak.ts";
import { REPLAY_OPTIONS } from "../../src/cli/replay.ts";
import { SIMULATE_OPTIONS } from "../../src/cli/simulate.ts";
import { VERIFY_OPTIONS } from "../../src/cli/verify.ts";
import { ROOT, inProcess, kolikoly } from "./run-cli.ts";

/** Each command as typed, and the option table its parser reads. */
const COMMANDS: readonly (readonly [readonly string[], Readonly<Record<string, string>>])[] = [
  [["replay"], REPLAY_OPTIONS],
  [["verify"], VERIFY_OPTIONS],
  [["simulate"], SIMULATE_OPTIONS],
  [["simulate", "--game", "kayanak"], KAYANAK_SIMULATE_OPTIONS],
  [["demo"], DEMO_OPTIONS],
];

/** `main` in one language, in this process. */
const run = (lang: string, ...args: string[]) => inProcess(lang, args);

/** The options the parser names when it refuses one it does not know (none for `demo`). */
function optionsTheParserAccepts(command: readonly string[]): string[] {
  const r = kolikoly(...command, "--no-such-option");
  expect(r.status).toBe(2);
  expect(r.stdout).toBe("");
  const list = /\(its options: ([^)]*)\)/.exec(r.stderr)?.[1];
  if (list === undefined) {
    expect(r.stderr).toMatch(/which takes none\n$/);
    return [];
  }
  return list.split(", ");
}

describe("kolikoly COMMAND --help", () => {
  for (const [command, table] of COMMANDS)
    it(`${command.join(" ")} --help names each option its parser accepts`, () => {
      const accepted = optionsTheParserAccepts(command);
      expect(accepted).toEqual(Object.keys(table).map((n) => `--${n}`));
      const r = kolikoly(...command, "--help");
      expect(r.status).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toContain(`usage: kolikoly ${command.join(" ")}`);
      const lines = r.stdout.split("\n");
      for (const option of [...accepted, "--help"])
        expect(
          lines.some((l) => new RegExp(`^  ${option}(?![\\w-])`).test(l)),
          `${command.join(" ")} --help describes ${option}`,
        ).toBe(true);
    });

  for (const lang of ["en", "fr", "de"])
    it(`${lang}: each help page, by --help, -h or help COMMAND, is complete and runs nothing`, async () => {
      for (const [command, table] of COMMANDS) {
        const page = await run(lang, ...command, "--help");
        expect(page.status).toBe(0);
        expect(page.stderr).toBe("");
        expect(page.stdout).not.toMatch(/\{\w+\}|KOLIKOLY\./);
        // one line per option, with its meaning after it
        for (const name of Object.keys(table))
          expect(page.stdout).toMatch(new RegExp(`^  --${name}(?: \\S+)? {2,}\\S`, "m"));
        expect(await run(lang, ...command, "-h")).toEqual(page);
        // --help wins wherever it stands among the options, and nothing is played or simulated
        if (command[0] === "simulate")
          expect(await run(lang, ...command, "--games", "5", "--help")).toEqual(page);
      }
      expect(await run(lang, "help", "replay")).toEqual(await run(lang, "replay", "--help"));
    });

  it("a help word given as an option's value is that value, not a request for help", async () => {
    const r = await run("en", "replay", "--as", "-h", "no-such-file.json");
    expect(r).toEqual({ status: 2, stdout: "", stderr: "no such file: no-such-file.json\n" });
    const after = await run("en", "replay", "--", "--help");
    expect(after).toEqual({ status: 2, stdout: "", stderr: "no such file: --help\n" });
  });

  it("the usage points at the commands' help and at --version", () => {
    const r = kolikoly("--help");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("kolikoly COMMAND --help");
    expect(r.stdout).toContain("kolikoly --version");
  });
});

describe("kolikoly --version", () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    version: string;
  };

  it("--version and -v print package.json's version and nothing else", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    for (const flag of ["--version", "-v"])
      expect(kolikoly(flag)).toEqual({ status: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("with anything after it, one line and status 2", async () => {
    expect(await run("en", "--version", "extra")).toEqual({
      status: 2,
      stdout: "",
      stderr: '--version: unexpected argument "extra"\n',
    });
  });
});

describe("a wrong option", () => {
  for (const [command] of COMMANDS)
    it(`${command.join(" ")}: one line naming it, status 2, nothing on stdout`, async () => {
      const r = await run("en", ...command, "--frobnicate", "3");
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^--frobnicate: not an option of [^\n]+\n$/);
    });
});
