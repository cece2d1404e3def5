/**
 * The CLI's counted lines read as sentences in every language it ships (KOLIKOLY_LANG): one
 * swarm, 2 swarms, no "swarm(s)" (src/ui/count-key.ts picks the wording).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { KayanakEvent } from "../../src/rules/kayanak/index.ts";
import { eventLines } from "../../src/cli/text.ts";
import { kayanakEventLines } from "../../src/cli/kayanak.ts";
import { speedText } from "../../src/cli/simulate.ts";
import { explored, tracked } from "../fixtures/count-events.ts";

const before = process.env.KOLIKOLY_LANG;
afterEach(() => {
  if (before === undefined) delete process.env.KOLIKOLY_LANG;
  else process.env.KOLIKOLY_LANG = before;
});
const inLang = <T>(l: string, f: () => T): T => {
  process.env.KOLIKOLY_LANG = l;
  return f();
};
const name = () => "Ana";
const dotsLost = (dots: number) =>
  ({ turn: 3, audience: "all", type: "dotsLost", fisher: "ana", dots }) as KayanakEvent;

describe("the CLI counts in words", () => {
  it.each([
    [
      "en",
      [
        "Ana tracks [1,0,1]: no fish there",
        "Ana tracks [1,0,1]: one fish there",
        "Ana tracks [1,0,1]: 4 fish in one swarm",
        "Ana tracks [1,0,1]: 7 fish in 2 swarms",
        "Ana tracks [1,0,1]: no fish there; avoided: a snapping pike",
      ],
    ],
    [
      "fr",
      [
        "Ana piste [1,0,1] : aucun poisson",
        "Ana piste [1,0,1] : un seul poisson",
        "Ana piste [1,0,1] : 4 poissons dans un seul banc",
        "Ana piste [1,0,1] : 7 poissons dans 2 bancs",
        "Ana piste [1,0,1] : aucun poisson ; évité : a snapping pike",
      ],
    ],
    [
      "de",
      [
        "Ana spürt [1,0,1] auf: keine Fische",
        "Ana spürt [1,0,1] auf: ein einzelner Fisch",
        "Ana spürt [1,0,1] auf: 4 Fische in einem Schwarm",
        "Ana spürt [1,0,1] auf: 7 Fische in 2 Schwärmen",
        "Ana spürt [1,0,1] auf: keine Fische; vermieden: a snapping pike",
      ],
    ],
  ] as const)("K13 H6 %s: a Track of no swarm, one fish, one swarm, several", (l, lines) => {
    expect(
      inLang(l, () =>
        [
          tracked([]),
          tracked([1]),
          tracked([4]),
          tracked([4, 3]),
          tracked([], "a snapping pike"),
        ].flatMap((e) => eventLines(e, name)),
      ),
    ).toEqual(lines);
  });

  it.each([
    [
      "en",
      "[1,0,1] explored by Ana: d10 9 - level = 8, ",
      ["one swarm of a single fish", "one swarm of 4 fish", "2 swarms of 4 + 3 fish"],
    ],
    [
      "fr",
      "[1,0,1] exploré par Ana : d10 9 - niveau = 8, ",
      ["un banc d’un seul poisson", "un banc de 4 poissons", "2 bancs de 4 + 3 poissons"],
    ],
    [
      "de",
      "[1,0,1] erkundet von Ana: W10 9 - Ebene = 8, ",
      [
        "ein Schwarm aus einem einzigen Fisch",
        "ein Schwarm mit 4 Fischen",
        "2 Schwärme mit 4 + 3 Fischen",
      ],
    ],
  ] as const)(
    "K4 %s: an exploration finds one swarm of one fish, one swarm, several",
    (l, head, ends) => {
      expect(
        inLang(l, () => [[1], [4], [4, 3]].flatMap((f) => eventLines(explored(f), name))),
      ).toEqual(ends.map((e) => head + e));
    },
  );

  it.each([
    ["en", ["Ana loses one unused dot", "Ana loses 3 unused dots"]],
    ["fr", ["Ana perd un point non utilisé", "Ana perd 3 points non utilisés"]],
    ["de", ["Ana verliert einen ungenutzten Punkt", "Ana verliert 3 ungenutzte Punkte"]],
  ] as const)("J2 %s: a bear loses one unused dot or several", (l, lines) => {
    expect(inLang(l, () => [1, 3].flatMap((d) => kayanakEventLines(dotsLost(d), name)))).toEqual(
      lines,
    );
  });

  it.each([
    ["en", ["One game in 0.4 s on one worker", "1000 games in 2.1 s on 2 workers"]],
    ["fr", ["Une partie en 0.4 s sur un processus", "1000 parties en 2.1 s sur 2 processus"]],
    ["de", ["Ein Spiel in 0.4 s mit einem Prozess", "1000 Spiele in 2.1 s mit 2 Prozessen"]],
  ] as const)("%s: simulate's note counts its games and workers", (l, lines) => {
    expect(inLang(l, () => [speedText(1, 0.42, 1), speedText(1000, 2.1, 2)])).toEqual(lines);
  });
});
