import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { playScenarioText, replayLines } from "../../src/rules/index.ts";
import { ROOT, expectSeedToGmOnly, jsonLines, kolikoly, scratch } from "./run-cli.ts";

const DEMO = path.join(ROOT, "src/cli/demo-scenario.json");
const { dir: tmp, write: scenarioFile } = scratch("kolikoly-cli-");

/** A catch with leftovers (K11) makes secret moves (K19): the GM sees them, players do not. */
const SECRET = {
  format: "kolikoly-scenario/1",
  seed: 5,
  lake: { width: 3, height: 3, levels: 1 },
  fishers: [
    { id: "ana", at: [0, 0, 0] },
    { id: "bo", at: [2, 2, 0] },
  ],
  squares: [{ at: [1, 0, 0], swarms: [9, 8] }],
  rounds: [
    {
      actions: {
        ana: { action: "move", to: [1, 0, 0], total: 10 },
        bo: { action: "track", target: [2, 1, 0], total: 12 },
      },
    },
    { actions: { ana: { action: "catch", total: 15, natural: 12, damage: 5 } } },
  ],
};

describe("kolikoly replay (docs/scenario-format.md 'What a replay prints')", () => {
  it("jsonl: the engine's replay lines, one JSON object a line, ending with the end state", () => {
    const r = kolikoly("replay", DEMO);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe("");
    const played = playScenarioText(fs.readFileSync(DEMO, "utf8"));
    if (!played.ok) throw new Error("demo does not play");
    expect(jsonLines(r.stdout)).toEqual(
      JSON.parse(JSON.stringify(replayLines(played.session, "gm"))),
    );
    const last = jsonLines(r.stdout).at(-1)!;
    expect(last.type).toBe("end");
  });

  it("K19/K20 --as player prints only public events and only seen swarms", () => {
    const file = scenarioFile("secret.json", SECRET);
    const gm = jsonLines(kolikoly("replay", file, "--as", "gm").stdout);
    const player = kolikoly("replay", file, "--as", "player");
    expect(player.status).toBe(0);
    const lines = jsonLines(player.stdout);
    // the GM log does hold secrets, so the filter has something to remove
    expect(gm.some((e) => e.type === "fishMoved" && e.audience === "gm")).toBe(true);
    expect(gm.some((e) => typeof e.audience === "object")).toBe(true);
    for (const e of lines.slice(0, -1)) expect(e.audience).toBe("all");
    const end = lines.at(-1) as { state: { swarms: { seen: boolean }[] } };
    const gmEnd = gm.at(-1) as { state: { swarms: { seen: boolean }[] } };
    expect(gmEnd.state.swarms.some((s) => !s.seen)).toBe(true);
    expect(end.state.swarms.every((s) => s.seen)).toBe(true);
  });

  it("K12 --as <fisher> adds that fisher's own events, never another's or the GM's", () => {
    const file = scenarioFile("secret.json", SECRET);
    const bo = jsonLines(kolikoly("replay", file, "--as", "bo").stdout);
    const ana = jsonLines(kolikoly("replay", file, "--as", "ana").stdout);
    expect(bo.some((e) => e.type === "tracked")).toBe(true);
    expect(ana.some((e) => e.type === "tracked")).toBe(false);
    for (const e of [...bo.slice(0, -1), ...ana.slice(0, -1)]) expect(e.audience).not.toBe("gm");
    for (const e of bo.slice(0, -1))
      if (typeof e.audience === "object") expect(e.audience).toEqual({ fisher: "bo" });
  });

  it("text: a play-by-play with a map of each level after each round", () => {
    const r = kolikoly("replay", DEMO, "--format", "text");
    expect(r.status).toBe(0);
    const out = r.stdout;
    expect(out).toContain("Round 1");
    expect(out).toContain("Level 0");
    expect(out).toContain("Level 1");
    expect(out).toMatch(/End of round 14/);
    expect(out).toMatch(/Game over: the GM ended it/);
    // every round is followed by its map: one "Level 0" header per round plus the opening map
    expect(out.match(/Level 0/g)!.length).toBe(15);
  });

  it("K19 text --as player never shows the GM's moves nor an unseen swarm's fish", () => {
    const file = scenarioFile("secret.json", SECRET);
    const gm = kolikoly("replay", file, "--format", "text").stdout;
    const player = kolikoly("replay", file, "--format", "text", "--as", "player").stdout;
    expect(gm).toMatch(/swarm s\d \(\d fish\) goes/);
    expect(player).not.toMatch(/ goes /);
    expect(player).not.toContain("tracks"); // bo's whisper
    // after round 2 the leftovers fled unseen: s1 (4 fish) into unexplored [2,0,0], s2 (8) in
    // beside the 12 fish bo's Track showed at [2,1,0]. The GM's map counts them, the player's not.
    const lastMap = (text: string) => text.slice(text.lastIndexOf("End of round 2"));
    expect(lastMap(gm)).toContain("~ 4");
    expect(lastMap(gm)).toMatch(/ 20\n/);
    expect(lastMap(player)).not.toContain("~ 4");
    expect(lastMap(player)).toMatch(/ 12\n/);
    expect(lastMap(player)).not.toContain("20");
  });
});

describe("kolikoly replay: bad input is one error line naming the field, status 2, no output", () => {
  const cases: [string, string | object, string[], RegExp][] = [
    ["bad JSON", '{"format": ', [], /^\/\S+\.json: not valid JSON at line 1, column 12 /],
    [
      "a target that is not adjacent",
      { ...SECRET, rounds: [{ actions: { ana: { action: "move", to: [2, 0, 0] } } }] },
      [],
      /^rounds\[0\]\.actions\.ana\.to: /,
    ],
    ["a wrong format tag", { ...SECRET, format: "kolikoly-scenario/9" }, [], /^format: /],
    [
      "an unknown fisher",
      { ...SECRET, rounds: [{ actions: { zed: { action: "catch" } } }] },
      [],
      /^rounds\[0\]\.actions\.zed/,
    ],
    ["an unknown viewer", SECRET, ["--as", "zed"], /^--as: no fisher "zed"/],
  ];
  for (const [what, body, extra, field] of cases)
    it(what, () => {
      const file = scenarioFile(`bad-${what.replace(/\W+/g, "-")}.json`, body);
      const r = kolikoly("replay", file, ...extra);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      const lines = r.stderr.trimEnd().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(field);
    });

  it("a missing file, an unknown option and no file: one line, status 2; an unknown command: the usage", () => {
    for (const args of [
      ["replay", path.join(tmp, "nope.json")],
      ["replay", DEMO, "--bogus"],
      ["replay"],
    ]) {
      const r = kolikoly(...args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr.trimEnd().split("\n"), args.join(" ")).toHaveLength(1);
    }
    const r = kolikoly("frobnicate");
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^usage: kolikoly replay FILE/m);
  });

  it("--format other than jsonl or text is refused", () => {
    const r = kolikoly("replay", DEMO, "--format", "xml");
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toMatch(/^--format: /);
  });
});

describe("kolikoly demo", () => {
  it("plays the seeded demo scenario to its end as text", () => {
    const r = kolikoly("demo");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("seen by the GM");
    expect(r.stdout).toMatch(/Game over/);
    // seeded: the same every time
    expect(kolikoly("demo").stdout).toBe(r.stdout);
  });
});

describe("K20 the seed (it decides every unexplored square) is in the GM's transcript only", () => {
  it("replay --as player|<fisher>, text and jsonl, in every language", () => {
    const seed = 918_273_645;
    const long = scenarioFile("long-seed.json", { ...SECRET, seed });
    expectSeedToGmOnly(long, seed, (out) => expect(out.length).toBeGreaterThan(100));
  });
});
