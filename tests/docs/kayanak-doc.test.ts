/**
 * docs/kayanak.md and the Kayanak part of docs/scenario-format.md say what the engine does:
 * every rule id J1-J12 has its paragraph, the defaults written are the engine's, every decision
 * names a test that exists, and the Kayanak error table lists every code the engine gives.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  DEFAULT_ACTION_DIE,
  DEFAULT_FISH,
  DEFAULT_FLOES,
  DEFAULT_HEIGHT,
  DEFAULT_SETTINGS,
  DEFAULT_TEMPERATURE_DIE,
  DEFAULT_WIDTH,
  KAYANAK_FORMAT,
  SIM_DEFAULTS,
  simulate,
  summarize,
} from "../../src/rules/kayanak/index.ts";
import { ROOT } from "./markdown.ts";

const read = (rel: string) => readFileSync(path.join(ROOT, rel), "utf8");
const doc = read("docs/kayanak.md");
const format = read("docs/scenario-format.md");

describe("docs/kayanak.md", () => {
  test("every rule id J1-J12 has its own paragraph, in order", () => {
    const at = Array.from({ length: 12 }, (_, i) => doc.search(new RegExp(`\\*\\*J${i + 1}\\b`)));
    expect(at.filter((i) => i < 0)).toEqual([]);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  test("the defaults written are the engine's (J1, J8, J12)", () => {
    expect(doc).toContain(`${DEFAULT_WIDTH} by ${DEFAULT_HEIGHT} by default`);
    expect(doc).toContain(`${DEFAULT_FLOES} by default`);
    expect(doc).toContain(`${DEFAULT_FISH.big} big and ${DEFAULT_FISH.small} small by default`);
    expect(doc).toContain(
      `The box holds ${DEFAULT_SETTINGS.tiles} tiles and ${DEFAULT_SETTINGS.crystals} crystals`,
    );
    const name = { bear: "bear", pickax: "pickaxe", fish: "fish", star: "star" } as const;
    expect(doc).toContain(
      `Action die:\n${DEFAULT_ACTION_DIE.map((f) => `${name[f.face]} ${f.dots}`).join(", ")}`
        .replace("\n", " ")
        .replace("Action die: ", "Action die:\n"),
    );
    const t = { tile: "no trespassing +1", crystal: "ice crystal +1", dots: "" } as const;
    const temp = DEFAULT_TEMPERATURE_DIE.map((f) =>
      f.face === "dots" ? `${f.dots} dot${f.dots > 1 ? "s" : ""}` : t[f.face],
    );
    expect(doc.replace(/\s+/g, " ")).toContain(`Temperature die: ${temp.join(", ")}.`);
  });

  test("every decision names a test that exists under tests/", () => {
    const table = doc.slice(
      doc.indexOf("## Where the rulebook is silent"),
      doc.indexOf("## Simulated figures"),
    );
    const names = [...table.matchAll(/"(J\d+ [^"]+)"/g)].map((m) => m[1]!.split("...")[0]!.trim());
    expect(names.length).toBeGreaterThan(15);
    const dir = path.join(ROOT, "tests/rules/kayanak");
    const tests = readdirSync(dir)
      .filter((f) => f.endsWith(".test.ts"))
      .map((f) => readFileSync(path.join(dir, f), "utf8").replace(/\s+/g, " "))
      .join("\n");
    for (const n of names) expect(tests, n).toContain(n);
  });
});

describe("docs/kayanak.md's simulated figures", () => {
  test("the 3-fisher row is what `simulate --game kayanak --fishers 3 --games 1000 --seed 1` gives", () => {
    const o = { ...SIM_DEFAULTS, fishers: 3, games: 1000, seed: 1 };
    const s = summarize(o, simulate(o));
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const row = [
      "3",
      String(s.turns.median),
      String(s.turns.p90),
      s.turns.mean.toFixed(1),
      s.seats.map((x) => pct(x.winRate)).join(", "),
      `${Math.round(s.scores.winnerMean * 10) / 10}, ${s.scores.lastMean.toFixed(1)}`,
    ];
    const line = doc
      .slice(doc.indexOf("## Simulated figures"))
      .split("\n")
      .find((l) => /^\| 3 /.test(l))!;
    expect(
      line
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim()),
    ).toEqual(row);
  });
});

describe("docs/scenario-format.md, Kayanak", () => {
  test("names the format tag", () => {
    expect(format).toContain(`\`${KAYANAK_FORMAT}\``);
  });

  test("the Kayanak error table and the shared codes cover every code the engine gives, and only those", () => {
    const dir = path.join(ROOT, "src/rules/kayanak");
    const src = readdirSync(dir)
      .map((f) => readFileSync(path.join(dir, f), "utf8"))
      .join("\n");
    const given = new Set(
      [...src.matchAll(/(?:\bfail\(|\bcode: )\s*"([A-Za-z]+)"/g)].map((m) => m[1]!),
    );
    // set-up checks returning their code in a tuple (board.ts) and the JSON reader's
    for (const c of ["floeOverlap", "floeMissing", "badJson", "duplicateKey"]) given.add(c);
    const section = format.slice(
      format.indexOf("### Kayanak error codes"),
      format.indexOf("### What a Kayanak replay"),
    );
    const listed = new Set([...section.matchAll(/`(\w+)`/g)].map((m) => m[1]!));
    expect([...given].filter((c) => !listed.has(c))).toEqual([]);
    const rows = [...section.matchAll(/^\| `(\w+)` /gm)].map((m) => m[1]!);
    expect(rows.length).toBeGreaterThan(20);
    for (const c of rows) expect(src.includes(`"${c}"`), c).toBe(true);
  });
});
