/**
 * The module's counted sentences read as sentences in every language it ships: one swarm, 3
 * swarms, no "swarm(s)" (src/ui/count-key.ts picks the wording; lang/*.json holds each).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { GameEvent } from "../../src/rules/index.ts";
import { eventLine, importedLine } from "../../src/foundry/fishing/cards.ts";
import { importedTurnsLine } from "../../src/foundry/kayanak/cards.ts";
import type { WizardFile } from "../../src/foundry/apps/wizard-file.ts";
import { fileSummary } from "../../src/foundry/apps/wizard-file.ts";
import {
  copyCountText,
  keptCopyText,
  keysTakenText,
  missingKeysText,
} from "../../src/foundry/apps/key-words.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import { explored, revealed } from "../fixtures/count-events.ts";

const LANGS = ["en", "fr", "de"] as const;
type Lang = (typeof LANGS)[number];
const t = Object.fromEntries(
  LANGS.map((l) => [
    l,
    makeLocalize(
      JSON.parse(readFileSync(new URL(`../../lang/${l}.json`, import.meta.url), "utf8")),
    ),
  ]),
) as Record<Lang, ReturnType<typeof makeLocalize>>;

const line = (e: GameEvent, l: Lang) => eventLine(e, () => "Ana", t[l]);

describe("the round card counts in words", () => {
  it.each([
    ["en", "[1,0,1] is explored: one swarm.", "[1,0,1] is explored: 2 swarms."],
    ["fr", "[1,0,1] est explorée : un banc.", "[1,0,1] est explorée : 2 bancs."],
    ["de", "[1,0,1] wird erkundet: ein Schwarm.", "[1,0,1] wird erkundet: 2 Schwärme."],
  ] as const)("K4 %s: an exploration finds one swarm or several", (l, one, two) => {
    expect(line(explored([4]), l)).toBe(one);
    expect(line(explored([1]), l)).toBe(one);
    expect(line(explored([4, 3]), l)).toBe(two);
  });

  it.each([
    [
      "en",
      "A swarm of a single fish comes into view.",
      "A swarm comes into view (4 fish).",
      "3 swarms come into view (9 fish).",
    ],
    [
      "fr",
      "Un banc d’un seul poisson en vue.",
      "Un banc en vue (4 poissons).",
      "3 bancs en vue (9 poissons).",
    ],
    [
      "de",
      "Ein Schwarm aus einem einzigen Fisch kommt in Sicht.",
      "Ein Schwarm kommt in Sicht (4 Fische).",
      "3 Schwärme kommen in Sicht (9 Fische).",
    ],
  ] as const)("K20 %s: a sighting of one swarm of one fish, one swarm, several", (l, a, b, c) => {
    expect(line(revealed([1]), l)).toBe(a);
    expect(line(revealed([4]), l)).toBe(b);
    expect(line(revealed([4, 3, 2]), l)).toBe(c);
  });

  it.each([
    [
      "en",
      [
        "The game goes on from the file: one round played, round 2 is next.",
        "The game goes on from the file: 4 rounds played, round 5 is next.",
        "The game in the file was over before its first round.",
        "The game in the file is over after one round.",
        "The game in the file is over after 4 rounds.",
        "The game goes on from the file: one turn played.",
        "The game goes on from the file: 4 turns played.",
      ],
    ],
    [
      "fr",
      [
        "La partie reprend du fichier : un tour joué, le tour 2 est le suivant.",
        "La partie reprend du fichier : 4 tours joués, le tour 5 est le suivant.",
        "La partie du fichier s’est terminée avant son premier tour.",
        "La partie du fichier est terminée après un tour.",
        "La partie du fichier est terminée après 4 tours.",
        "La partie reprend du fichier : un tour joué.",
        "La partie reprend du fichier : 4 tours joués.",
      ],
    ],
    [
      "de",
      [
        "Das Spiel geht aus der Datei weiter: eine Runde gespielt, Runde 2 ist die nächste.",
        "Das Spiel geht aus der Datei weiter: 4 Runden gespielt, Runde 5 ist die nächste.",
        "Das Spiel der Datei war vor seiner ersten Runde zu Ende.",
        "Das Spiel der Datei ist nach einer Runde zu Ende.",
        "Das Spiel der Datei ist nach 4 Runden zu Ende.",
        "Das Spiel geht aus der Datei weiter: ein Zug gespielt.",
        "Das Spiel geht aus der Datei weiter: 4 Züge gespielt.",
      ],
    ],
  ] as const)("%s: a game continued from a file says how far it was played", (l, lines) => {
    expect([
      importedLine(1, false, t[l]),
      importedLine(4, false, t[l]),
      importedLine(0, true, t[l]),
      importedLine(1, true, t[l]),
      importedLine(4, true, t[l]),
      importedTurnsLine(1, t[l]),
      importedTurnsLine(4, t[l]),
    ]).toEqual(lines);
  });
});

describe("the lake wizard says what a file holds, counted in words", () => {
  const file = (game: "kolikoly" | "kayanak", fishers: number, played: number, over = false) =>
    ({
      game,
      text: "",
      name: undefined,
      width: 5,
      height: 4,
      ...(game === "kolikoly" ? { levels: 3 } : {}),
      fishers: Array.from({ length: fishers }, (_, i) => ({ id: `f${i}`, name: `F${i}` })),
      played,
      over,
    }) as WizardFile;
  it.each([
    [
      "en",
      [
        "A fishing lake of 5 x 4 x 3 squares with one fisher. No round played yet.",
        "A fishing lake of 5 x 4 x 3 squares with 2 fishers. One round played.",
        "A fishing lake of 5 x 4 x 3 squares with 3 fishers. 12 rounds played. The game is over.",
        "A Kayanak board of 5 x 4 holes with one bear. No turn played yet.",
        "A Kayanak board of 5 x 4 holes with 2 bears. One turn played.",
        "A Kayanak board of 5 x 4 holes with 4 bears. 9 turns played.",
      ],
    ],
    [
      "fr",
      [
        "Un lac de pêche de 5 x 4 x 3 cases avec un seul pêcheur. Aucun tour joué pour l’instant.",
        "Un lac de pêche de 5 x 4 x 3 cases avec 2 pêcheurs. Un tour joué.",
        "Un lac de pêche de 5 x 4 x 3 cases avec 3 pêcheurs. 12 tours joués. La partie est terminée.",
        "Un plateau de Kayanak de 5 x 4 trous avec un seul ours. Aucun tour joué pour l’instant.",
        "Un plateau de Kayanak de 5 x 4 trous avec 2 ours. Un tour joué.",
        "Un plateau de Kayanak de 5 x 4 trous avec 4 ours. 9 tours joués.",
      ],
    ],
    [
      "de",
      [
        "Ein Angelsee von 5 x 4 x 3 Feldern mit einem Fischer. Noch keine Runde gespielt.",
        "Ein Angelsee von 5 x 4 x 3 Feldern mit 2 Fischern. Eine Runde gespielt.",
        "Ein Angelsee von 5 x 4 x 3 Feldern mit 3 Fischern. 12 Runden gespielt. Das Spiel ist zu Ende.",
        "Ein Kayanak-Spielplan von 5 x 4 Löchern mit einem Bären. Noch kein Zug gespielt.",
        "Ein Kayanak-Spielplan von 5 x 4 Löchern mit 2 Bären. Ein Zug gespielt.",
        "Ein Kayanak-Spielplan von 5 x 4 Löchern mit 4 Bären. 9 Züge gespielt.",
      ],
    ],
  ] as const)("%s: one fisher or several, no round, one or several", (l, lines) => {
    expect([
      fileSummary(file("kolikoly", 1, 0), t[l]),
      fileSummary(file("kolikoly", 2, 1), t[l]),
      fileSummary(file("kolikoly", 3, 12, true), t[l]),
      fileSummary(file("kayanak", 1, 0), t[l]),
      fileSummary(file("kayanak", 2, 1), t[l]),
      fileSummary(file("kayanak", 4, 9), t[l]),
    ]).toEqual(lines);
  });
});

describe("the GM store's keys are counted in words", () => {
  it.each([
    [
      "en",
      [
        "One key taken. Every key of the store is in this browser.",
        "3 keys taken. One key of the store is still missing in this browser.",
        "No key taken from the passphrase copy. 2 keys of the store are still missing in this browser.",
        "One key taken from the passphrase copy. Every key of the store is in this browser.",
        "The passphrase copy of one key is kept in the GM store.",
        "The passphrase copy of 2 keys is kept in the GM store.",
        "The passphrase copy holds no key.",
        "The passphrase copy holds one key.",
        "The passphrase copy holds 3 keys.",
        "This browser holds a key the passphrase copy does not: make the copy again.",
        "This browser holds 2 keys the passphrase copy does not: make the copy again.",
      ],
    ],
    [
      "fr",
      [
        "Une clé prise. Ce navigateur détient toutes les clés du stockage.",
        "3 clés prises. Il manque encore une clé du stockage dans ce navigateur.",
        "Aucune clé prise dans la copie par phrase secrète. Il manque encore 2 clés du stockage dans ce navigateur.",
        "Une clé prise dans la copie par phrase secrète. Ce navigateur détient toutes les clés du stockage.",
        "La copie par phrase secrète d’une clé est gardée dans le stockage du MJ.",
        "La copie par phrase secrète de 2 clés est gardée dans le stockage du MJ.",
        "La copie par phrase secrète ne contient aucune clé.",
        "La copie par phrase secrète contient une clé.",
        "La copie par phrase secrète contient 3 clés.",
        "Ce navigateur détient une clé absente de la copie par phrase secrète : refaites la copie.",
        "Ce navigateur détient 2 clés absentes de la copie par phrase secrète : refaites la copie.",
      ],
    ],
    [
      "de",
      [
        "Ein Schlüssel übernommen. Diesem Browser fehlt kein Schlüssel des Speichers mehr.",
        "3 Schlüssel übernommen. Diesem Browser fehlt noch ein Schlüssel des Speichers.",
        "Kein Schlüssel aus der Passphrase-Kopie übernommen. Diesem Browser fehlen noch 2 Schlüssel des Speichers.",
        "Ein Schlüssel aus der Passphrase-Kopie übernommen. Diesem Browser fehlt kein Schlüssel des Speichers mehr.",
        "Die Passphrase-Kopie eines Schlüssels liegt im SL-Speicher.",
        "Die Passphrase-Kopie von 2 Schlüsseln liegt im SL-Speicher.",
        "Die Passphrase-Kopie enthält keinen Schlüssel.",
        "Die Passphrase-Kopie enthält einen Schlüssel.",
        "Die Passphrase-Kopie enthält 3 Schlüssel.",
        "Dieser Browser hat einen Schlüssel, der der Passphrase-Kopie fehlt: lege die Kopie neu an.",
        "Dieser Browser hat 2 Schlüssel, die der Passphrase-Kopie fehlen: lege die Kopie neu an.",
      ],
    ],
  ] as const)("%s: taken, still missing, kept, held and lacking", (l, lines) => {
    expect([
      keysTakenText("file", 1, 0, t[l]),
      keysTakenText("file", 3, 1, t[l]),
      keysTakenText("copy", 0, 2, t[l]),
      keysTakenText("copy", 1, 0, t[l]),
      keptCopyText(1, t[l]),
      keptCopyText(2, t[l]),
      copyCountText(0, 0, t[l]),
      copyCountText(0, 1, t[l]),
      copyCountText(0, 3, t[l]),
      copyCountText(1, 3, t[l]),
      copyCountText(2, 3, t[l]),
    ]).toEqual(lines);
  });

  it.each([
    [
      "en",
      "does not hold one key of the GM store, and no GM connected could hand it over. The lakes it seals",
      "does not hold 2 keys of the GM store, and no GM connected could hand them over.",
    ],
    [
      "fr",
      "il manque à ce navigateur une clé du stockage du MJ, et aucun MJ connecté n'a pu la transmettre. Les lacs qu'elle scelle",
      "il manque à ce navigateur 2 clés du stockage du MJ, et aucun MJ connecté n'a pu les transmettre.",
    ],
    [
      "de",
      "Diesem Browser fehlt ein Schlüssel des SL-Speichers, und kein verbundener SL konnte ihn übergeben. Die Seen, die er versiegelt,",
      "Diesem Browser fehlen 2 Schlüssel des SL-Speichers, und kein verbundener SL konnte sie übergeben.",
    ],
  ] as const)("%s: a GM client told at ready that it lacks one key or several", (l, one, two) => {
    expect(missingKeysText(1, t[l])).toContain(one);
    expect(missingKeysText(2, t[l])).toContain(two);
  });
});
