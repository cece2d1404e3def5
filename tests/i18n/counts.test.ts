/**
 * Counted sentences (src/ui/count-key.ts): the i18n layers have no plurals, so each count picks
 * its own wording, and no string in lang/ falls back on "swarm(s)".
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { countKey, exploredKey, swarmCountKey } from "../../src/ui/count-key.ts";

describe("the wording a count picks", () => {
  it("nought, one, several; nought reads as several where the sentence has no wording of its own", () => {
    const keys = { none: "N", one: "O", many: "M" };
    expect([0, 1, 2, 7, 1000].map((n) => countKey(keys, n))).toEqual(["N", "O", "M", "M", "M"]);
    expect([0, 1, 2].map((n) => countKey({ one: "O", many: "M" }, n))).toEqual(["M", "O", "M"]);
  });

  it("K4 K13 swarms: none, one of a single fish, one, several", () => {
    const keys = { none: "N", oneFish: "F", oneSwarm: "S", swarms: "W" };
    expect(
      [
        [0, 0],
        [1, 1],
        [1, 4],
        [2, 7],
      ].map(([s, f]) => swarmCountKey(keys, s!, f!)),
    ).toEqual(["N", "F", "S", "W"]);
    expect(swarmCountKey({ oneFish: "F", oneSwarm: "S", swarms: "W" }, 0, 0)).toBe("W");
  });

  it("K4 K22 an exploration: bad and empty read as themselves, fish counted by swarm and fish", () => {
    const outcome = { bad: "B", empty: "E" };
    const fish = { oneFish: "F", oneSwarm: "S", swarms: "W" };
    const e = (o: "bad" | "empty" | "fish", sizes: number[]) => ({
      outcome: o,
      swarms: sizes.map((n) => ({ fish: n })),
    });
    expect(
      [e("bad", []), e("empty", []), e("fish", [1]), e("fish", [5]), e("fish", [2, 3])].map((x) =>
        exploredKey(x, outcome, fish),
      ),
    ).toEqual(["B", "E", "F", "S", "W"]);
  });
});

/** Every language file: the module's, the CLI's and the table's, in each language. */
const ROOT = path.resolve(import.meta.dirname, "../..");
const FILES = ["", "cli/", "sandbox/"].flatMap((dir) =>
  ["en", "fr", "de"].map((l) => `lang/${dir}${l}.json`),
);
function strings(node: unknown, key = ""): [string, string][] {
  if (typeof node === "string") return [[key, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    strings(v, key ? `${key}.${k}` : k),
  );
}
/**
 * A plural left to the reader: a bracketed ending ("swarm(s)", "banc(s)", "arrêtée(s)",
 * "Runde(n)", "Bär(en)", "Spiel(e)") or two forms of one word side by side ("Schwarm/Schwärme",
 * "Zug/Züge": a slash between two words that begin alike, which "big/small" does not).
 */
const BRACKETED = /\p{L}\((?:s|e|n|en|es|er|r|x|nes|le|ne)\)/iu;
function bothForms(text: string): boolean {
  return [...text.matchAll(/(\p{L}+)\/(\p{L}+)/gu)].some(
    ([, a, b]) => a!.slice(0, 1).toLowerCase() === b!.slice(0, 1).toLowerCase(),
  );
}

describe("no string in lang/ leaves a plural to the reader", () => {
  it("the check finds each form it is for, and lets the others through", () => {
    for (const bad of [
      "{count} swarm(s)",
      "{n} banc(s) repéré(s)",
      "{n} Runde(n)",
      "{n} Bär(en)",
      "{n} Spiel(e)",
      "{n} fish(es)",
      "{n} Schwarm/Schwärme",
      "{n} Zug/Züge",
    ])
      expect(BRACKETED.test(bad) || bothForms(bad), bad).toBe(true);
    for (const good of [
      "3 swarms (9 fish)",
      "big/small in an open hole",
      "große/kleine Fische",
      "a kolikoly-scenario/1 file",
      "(GM panel, Keys)",
    ])
      expect(BRACKETED.test(good) || bothForms(good), good).toBe(false);
  });

  it.each(FILES)("%s: every count is worded for itself", (file) => {
    const all = strings(JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(all.length).toBeGreaterThan(50);
    const left = all.filter(([, v]) => BRACKETED.test(v) || bothForms(v));
    expect(left.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });
});
