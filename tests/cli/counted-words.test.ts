/**
 * The CLI's counted lines read as sentences in every language it ships (KOLIKOLY_LANG): one
 * swarm, 2 swarms, no "swarm(s)" (src/ui/count-key.ts picks the wording).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { KayanakEvent } from "../../src/rules/kayanak/index.ts";
import { eventLines } from "../../src/cli/text.ts";
import { kayanakEventLines } from "../../src/cli/kayanak.ts";
import { speedText, summaryText } from "../../src/cli/simulate.ts";
import type { SimSummary } from "../../src/rules/sim/stats.ts";
import {
  caught,
  explored,
  fishMoved,
  hazardHit,
  roundEnd,
  tracked,
} from "../fixtures/count-events.ts";

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

  it.each([
    [
      "en",
      [
        "Ana catches no fish (no damage), 3 in all",
        "Ana catches one fish (1 damage), 1 in all",
        "Ana catches one fish (5 damage), 4 in all",
        "Ana catches 4 fish (4 damage), 9 in all",
      ],
    ],
    [
      "fr",
      [
        "Ana ne prend aucun poisson (aucun dégât), 3 en tout",
        "Ana prend un poisson (1 dégât), 1 en tout",
        "Ana prend un poisson (5 dégâts), 4 en tout",
        "Ana prend 4 poissons (4 dégâts), 9 en tout",
      ],
    ],
    [
      "de",
      [
        "Ana fängt keinen Fisch (kein Schaden), 3 insgesamt",
        "Ana fängt einen Fisch (1 Schaden), 1 insgesamt",
        "Ana fängt einen Fisch (5 Schaden), 4 insgesamt",
        "Ana fängt 4 Fische (4 Schaden), 9 insgesamt",
      ],
    ],
  ] as const)("K10 %s: a catch counts its fish and its damage, each in words", (l, lines) => {
    expect(
      inLang(l, () =>
        [caught(0, 3, 0), caught(1, 1), caught(1, 4, 5), caught(4, 9)].flatMap((e) =>
          eventLines(e, name),
        ),
      ),
    ).toEqual(lines);
  });

  it.each([
    ["en", ["  1 damage: Ana is down to 6 HP", "  4 damage: Ana is down to 6 HP"]],
    ["fr", ["  1 dégât : Ana tombe à 6 PV", "  4 dégâts : Ana tombe à 6 PV"]],
    ["de", ["  1 Schaden: Ana hat noch 6 TP", "  4 Schaden: Ana hat noch 6 TP"]],
  ] as const)("H4 %s: a hazard's damage of one or several", (l, lines) => {
    expect(inLang(l, () => [1, 4].map((d) => eventLines(hazardHit(d, "hp"), name).at(-1)))).toEqual(
      lines,
    );
  });

  it.each([
    [
      "en",
      [
        "swarm s (one fish) is herded [1,0,1] -> [2,0,1] by Ana",
        "swarm s (5 fish) is herded [1,0,1] -> [2,0,1] by Ana",
        "swarm s (one fish) goes [1,0,1] -> [2,0,1] (fled a net)",
        "swarm s (5 fish) goes [1,0,1] -> [2,0,1] (fled a net)",
      ],
    ],
    [
      "fr",
      [
        "le banc s (un seul poisson) est rabattu [1,0,1] -> [2,0,1] par Ana",
        "le banc s (5 poissons) est rabattu [1,0,1] -> [2,0,1] par Ana",
        "le banc s (un seul poisson) va [1,0,1] -> [2,0,1] (a fui un filet)",
        "le banc s (5 poissons) va [1,0,1] -> [2,0,1] (a fui un filet)",
      ],
    ],
    [
      "de",
      [
        "Schwarm s (ein einzelner Fisch) wird von Ana [1,0,1] -> [2,0,1] getrieben",
        "Schwarm s (5 Fische) wird von Ana [1,0,1] -> [2,0,1] getrieben",
        "Schwarm s (ein einzelner Fisch) zieht [1,0,1] -> [2,0,1] (vor einem Netz geflohen)",
        "Schwarm s (5 Fische) zieht [1,0,1] -> [2,0,1] (vor einem Netz geflohen)",
      ],
    ],
  ] as const)("K16 K18 %s: a swarm of one fish or several, herded or fleeing", (l, lines) => {
    expect(
      inLang(l, () =>
        [
          fishMoved(1, "herd"),
          fishMoved(5, "herd"),
          fishMoved(1, "catch"),
          fishMoved(5, "catch"),
        ].flatMap((e) => eventLines(e, name)),
      ),
    ).toEqual(lines);
  });

  it.each([
    [
      "en",
      [
        "End of round 2: no square explored",
        "End of round 2: one square explored",
        "End of round 2: 7 squares explored",
      ],
    ],
    [
      "fr",
      [
        "Fin du tour 2 : aucune case explorée",
        "Fin du tour 2 : une case explorée",
        "Fin du tour 2 : 7 cases explorées",
      ],
    ],
    [
      "de",
      [
        "Ende von Runde 2: kein Feld erkundet",
        "Ende von Runde 2: ein Feld erkundet",
        "Ende von Runde 2: 7 Felder erkundet",
      ],
    ],
  ] as const)("K8 %s: a round ends with no square explored, one, several", (l, lines) => {
    expect(inLang(l, () => [0, 1, 7].flatMap((n) => eventLines(roundEnd(n), name)))).toEqual(lines);
  });

  const summary = {
    games: 10,
    fishers: 2,
    lake: { width: 4, height: 4, levels: 3 },
    bot: "greedy",
    seed: 1,
    maxRounds: 50,
    rounds: { mean: 9, median: 9, p90: 12, max: 14 },
    caughtPerFisher: { mean: 4 },
    caughtPerGame: { mean: 8 },
    hazardsPerGame: { mean: 1 },
    avoidedHazardsPerGame: { mean: 0 },
    ended: { lakeEmpty: 10, maxRounds: 0, allDead: 0 },
    capped: 0,
    explorations: [
      { level: 1, count: 0, bad: 0, swarms: 0, fish: 0 },
      { level: 2, count: 1, bad: 0, swarms: 1, fish: 1 },
      { level: 3, count: 4, bad: 1, swarms: 3, fish: 9 },
    ],
  } as unknown as SimSummary;
  it.each([
    [
      "en",
      [
        "  level 1: 0 rolls, 0 bad (-), 0 swarms (- a roll), 0 fish (- a roll)",
        "  level 2: 1 roll, 0 bad (0.0%), 1 swarm (1.00 a roll), 1 fish (1.00 a roll)",
        "  level 3: 4 rolls, 1 bad (25.0%), 3 swarms (0.75 a roll), 9 fish (2.25 a roll)",
      ],
    ],
    [
      "fr",
      [
        "  niveau 1 : 0 jet, 0 fâcheux (-), 0 banc (- par jet), 0 poisson (- par jet)",
        "  niveau 2 : 1 jet, 0 fâcheux (0.0%), 1 banc (1.00 par jet), 1 poisson (1.00 par jet)",
        "  niveau 3 : 4 jets, 1 fâcheux (25.0%), 3 bancs (0.75 par jet), 9 poissons (2.25 par jet)",
      ],
    ],
    [
      "de",
      [
        "  Ebene 1: 0 Würfe, 0 schlimm (-), 0 Schwärme (- pro Wurf), 0 Fische (- pro Wurf)",
        "  Ebene 2: 1 Wurf, 0 schlimm (0.0%), 1 Schwarm (1.00 pro Wurf), 1 Fisch (1.00 pro Wurf)",
        "  Ebene 3: 4 Würfe, 1 schlimm (25.0%), 3 Schwärme (0.75 pro Wurf), 9 Fische (2.25 pro Wurf)",
      ],
    ],
  ] as const)("K22 %s: simulate's exploration rows count rolls, swarms and fish", (l, rows) => {
    const lines = inLang(l, () => summaryText(summary, []));
    const head = lines.findIndex((x) => /K22/.test(x));
    expect(lines.slice(head + 1, head + 4)).toEqual(rows);
  });
});
