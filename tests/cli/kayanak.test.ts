/** `kolikoly replay` and `kolikoly simulate --game kayanak` on Kayanak files (docs/cli.md, docs/kayanak.md). */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as kayanak from "../../src/rules/kayanak/index.ts";
import { ROOT, expectSeedToGmOnly, jsonLines, kolikoly, kolikolyIn, scratch } from "./run-cli.ts";

const GOLDEN = path.join(ROOT, "tests/golden/kayanak");
const WIN = path.join(GOLDEN, "basic-win.json");
const file = scratch("kayanak-cli-").write;

describe("kolikoly replay with a kayanak-scenario/1 file", () => {
  it("jsonl: told apart by its format tag; the engine's replay lines, ending with the end state", () => {
    const r = kolikoly("replay", WIN);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    const played = kayanak.playScenarioText(fs.readFileSync(WIN, "utf8"));
    if (!played.ok) throw new Error("golden does not play");
    expect(jsonLines(r.stdout)).toEqual(
      JSON.parse(JSON.stringify(kayanak.replayLines(played.session, "gm"))),
    );
    const end = jsonLines(r.stdout).at(-1)!;
    expect(end).toMatchObject({ type: "end", state: { over: true, winners: ["ana"] } });
    expect(Object.keys(end.state as object)).toEqual(
      expect.arrayContaining(["turn", "over", "winners", "fishers", "holes", "tiles"]),
    );
  });

  it("J10 --as player and --as <fisher>: no dropped event, no big/small for covered holes", () => {
    for (const as of ["player", "ana", "bo"]) {
      const r = kolikoly("replay", WIN, "--as", as);
      expect(r.status).toBe(0);
      const lines = jsonLines(r.stdout);
      expect(lines.some((l) => l.type === "dropped")).toBe(false);
      const end = lines.at(-1)!.state as { holes: { open: boolean; big?: number }[] };
      for (const h of end.holes) if (!h.open) expect(h.big).toBeUndefined();
      expect(end.holes.some((h) => !h.open)).toBe(true);
    }
    const gm = jsonLines(kolikoly("replay", WIN, "--as", "gm").stdout);
    expect(gm.some((l) => l.type === "dropped")).toBe(true);
  });

  it("--format text: sentences and the ice after each turn; a player's map shows no fish under the ice", () => {
    const gm = kolikoly("replay", WIN, "--format", "text");
    expect(gm.status).toBe(0);
    expect(gm.stdout).toMatch(
      /^Kayanak: 5 x 4 holes in 3 floes, basic game, seed \d+, seen by the GM/,
    );
    expect(gm.stdout).toContain("Turn 25");
    expect(gm.stdout).toMatch(/Game over: Ana has 10 fish and wins/);
    expect(gm.stdout).toMatch(/~\d\/\d/);
    const player = kolikoly("replay", WIN, "--format", "text", "--as", "player");
    expect(player.stdout).not.toMatch(/~\d\/\d/);
    expect(player.stdout).not.toContain("(GM)");
  });

  it("J10 the seed (it decides every covered hole) is in the GM's transcript only, in every language", () => {
    const seed = 918_273_645;
    const win = JSON.parse(fs.readFileSync(WIN, "utf8"));
    const long = file("long-seed.json", { ...win, seed, turns: [] });
    expectSeedToGmOnly(long, seed, (out, format) =>
      expect(out).toMatch(format === "text" ? /^Kayanak/ : /"type":"end"/),
    );
  });

  it("the text is localized (KOLIKOLY_LANG=fr)", () => {
    const r = kolikolyIn("fr", "replay", WIN, "--format", "text");
    expect(r.stdout).toMatch(/^Kayanak : 5 x 4 trous en 3 banquises, jeu de base/);
  });

  it("a bad file: one line naming the field on stderr, exit 2, nothing played", () => {
    const bad = JSON.parse(fs.readFileSync(WIN, "utf8"));
    bad.turns[3].fisher = bad.turns[2].fisher;
    const r = kolikoly("replay", file("order.json", bad));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^turns\[3\]\.fisher: /);
    const field = JSON.parse(fs.readFileSync(WIN, "utf8"));
    field.board.floeCount = "six";
    const f = kolikoly("replay", file("field.json", field));
    expect(f.status).toBe(2);
    expect(f.stderr).toMatch(/^board\.floeCount: /);
  });

  it("--as with an id that is not a fisher is refused (exit 2)", () => {
    const r = kolikoly("replay", WIN, "--as", "zed");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^--as: no fisher "zed" in this scenario \(gm, player or one of: ana, bo\)/,
    );
  });
});

describe("kolikoly simulate --game kayanak", () => {
  it("--json: turns to the end, how games ended, score spread and win rate by seat", () => {
    const r = kolikoly(
      "simulate",
      "--game",
      "kayanak",
      "--games",
      "40",
      "--fishers",
      "3",
      "--json",
    );
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ games: 40, fishers: 3, bot: "greedy", variant: "basic" });
    expect(s.turns.median).toBeGreaterThan(0);
    expect(s.turns.p90).toBeGreaterThanOrEqual(s.turns.median);
    expect(s.seats).toHaveLength(3);
    expect(
      s.seats.reduce((n: number, x: { wins: number }) => n + x.wins, 0),
    ).toBeGreaterThanOrEqual(40 - s.ended.capped);
    expect(Object.keys(s.scores)).toEqual(["winnerMean", "lastMean", "gapMean", "gapMedian"]);
  });

  it("the same seed gives the same figures; the text summary lists every seat", () => {
    const run = [
      "--games",
      "20",
      "--seed",
      "7",
      "--bot",
      "random",
      "--variant",
      "weather",
      "--json",
    ];
    // both spellings of the switch
    const a = kolikoly("simulate", "--game=kayanak", ...run);
    const b = kolikoly("simulate", "--game", "kayanak", ...run);
    expect(a.stdout).toBe(b.stdout);
    const t = kolikoly(
      "simulate",
      "--game",
      "kayanak",
      "--games",
      "10",
      "--fishers",
      "2",
      "--bot",
      "greedy,random",
    );
    expect(t.status).toBe(0);
    expect(t.stdout).toMatch(
      /^Kayanak simulation: 10 games, 2 greedy,random fishers, 8 x 6 holes in 6 floes/,
    );
    expect(t.stdout).toMatch(/seat 1: \d+ wins/);
    expect(t.stdout).toMatch(/seat 2: \d+ wins/);
  });

  it("bad options: one line naming the option, exit 2", () => {
    for (const [args, flag] of [
      [["--fishers", "0"], "--fishers"],
      [["--board", "9"], "--board"],
      [["--bot", "smart"], "--bot"],
      [["--variant", "rainy"], "--variant"],
      [["--floes", "99"], "--floes"],
      // J11: one hole stays free for a bear to move (a bear on every hole: no end, no crash)
      // a board of one hole holds no game whatever --fishers says: the board is at fault
      [["--board", "1x1", "--fishers", "2"], "--board"],
      [["--board", "1x1", "--fishers", "1"], "--board"],
      [["--board", "2x2", "--fishers", "4"], "--fishers"],
      // the default 3 bears on a board too small for them: the board, the flag given, is at fault
      [["--board", "3x1"], "--board"],
    ] as const) {
      const r = kolikoly("simulate", "--game", "kayanak", ...args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.startsWith(`${flag}: `)).toBe(true);
      expect(r.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
    expect(
      kolikoly("simulate", "--game", "kayanak", "--board", "2x2", "--fishers", "4").stderr,
    ).toBe(
      "--fishers: must be at most 3 (got 4): a board of 4 holes keeps one free for the bears to move\n",
    );
    const three = kolikoly(
      "simulate",
      "--game",
      "kayanak",
      "--board",
      "2x2",
      "--fishers",
      "3",
      "--games",
      "5",
    );
    expect(three.status).toBe(0);
    const g = kolikoly("simulate", "--game", "chess");
    expect(g.status).toBe(2);
    expect(g.stderr).toMatch(/^--game: /);
  });
});
