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
import { hazardChoiceText } from "../../src/ui/hazard-choice-view.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import {
  caught,
  explored,
  fishMoved,
  hazardHit,
  revealed,
  roundEnd,
  swarmCaught,
  tracked,
} from "../fixtures/count-events.ts";

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
        "Ana catches no fish (3 in all).",
        "Ana catches one fish (1 in all).",
        "Ana catches 4 fish (9 in all).",
        "A swarm at [1,0,1] loses one fish (3 left).",
        "A swarm at [1,0,1] loses 4 fish (0 left).",
      ],
    ],
    [
      "fr",
      [
        "Ana ne prend aucun poisson (3 en tout).",
        "Ana prend un poisson (1 en tout).",
        "Ana prend 4 poissons (9 en tout).",
        "Un banc en [1,0,1] perd un poisson (il en reste 3).",
        "Un banc en [1,0,1] perd 4 poissons (il en reste 0).",
      ],
    ],
    [
      "de",
      [
        "Ana fängt keinen Fisch (3 insgesamt).",
        "Ana fängt einen Fisch (1 insgesamt).",
        "Ana fängt 4 Fische (9 insgesamt).",
        "Ein Schwarm bei [1,0,1] verliert einen Fisch (3 übrig).",
        "Ein Schwarm bei [1,0,1] verliert 4 Fische (0 übrig).",
      ],
    ],
  ] as const)(
    "K10 %s: a catch of no fish, one, several, and a swarm losing one or several",
    (l, lines) => {
      expect(
        [caught(0, 3), caught(1, 1), caught(4, 9), swarmCaught(1, 3), swarmCaught(4, 0)].map((e) =>
          line(e, l),
        ),
      ).toEqual(lines);
    },
  );

  it.each([
    [
      "en",
      [
        "Ana tracks [1,0,1]: no fish there.",
        "Ana tracks [1,0,1]: one fish there.",
        "Ana tracks [1,0,1]: 7 fish there.",
      ],
    ],
    [
      "fr",
      [
        "Ana piste [1,0,1] : aucun poisson là-bas.",
        "Ana piste [1,0,1] : un seul poisson là-bas.",
        "Ana piste [1,0,1] : 7 poissons là-bas.",
      ],
    ],
    [
      "de",
      [
        "Ana spürt [1,0,1] auf: dort sind keine Fische.",
        "Ana spürt [1,0,1] auf: dort ist ein einzelner Fisch.",
        "Ana spürt [1,0,1] auf: 7 Fische dort.",
      ],
    ],
  ] as const)("K12 %s: a Track learns of no fish, one, several", (l, lines) => {
    expect([tracked([]), tracked([1]), tracked([4, 3])].map((e) => line(e, l))).toEqual(lines);
  });

  it.each([
    [
      "en",
      [
        "One fish is herded from [1,0,1] to [2,0,1] by Ana.",
        "5 fish are herded from [1,0,1] to [2,0,1] by Ana.",
        "A swarm of a single fish flees from [1,0,1] to [2,0,1].",
        "A swarm of 5 fish flees from [1,0,1] to [2,0,1].",
      ],
    ],
    [
      "fr",
      [
        "Un poisson est rabattu de [1,0,1] à [2,0,1] par Ana.",
        "5 poissons sont rabattus de [1,0,1] à [2,0,1] par Ana.",
        "Un banc d’un seul poisson fuit de [1,0,1] à [2,0,1].",
        "Un banc de 5 poissons fuit de [1,0,1] à [2,0,1].",
      ],
    ],
    [
      "de",
      [
        "Ein Fisch wird von Ana von [1,0,1] nach [2,0,1] getrieben.",
        "5 Fische werden von Ana von [1,0,1] nach [2,0,1] getrieben.",
        "Ein Schwarm aus einem einzigen Fisch flieht von [1,0,1] nach [2,0,1].",
        "Ein Schwarm mit 5 Fischen flieht von [1,0,1] nach [2,0,1].",
      ],
    ],
  ] as const)(
    "K16 K18 %s: one fish or several herded, a swarm of one or several fleeing",
    (l, lines) => {
      expect(
        [
          fishMoved(1, "herd"),
          fishMoved(5, "herd"),
          fishMoved(1, "catch"),
          fishMoved(5, "catch"),
        ].map((e) => line(e, l)),
      ).toEqual(lines);
    },
  );

  it.each([
    [
      "en",
      [
        "The round ends; no square explored.",
        "The round ends; one square explored.",
        "The round ends; 7 squares explored.",
      ],
    ],
    [
      "fr",
      [
        "Le tour s’achève ; aucune case explorée.",
        "Le tour s’achève ; une case explorée.",
        "Le tour s’achève ; 7 cases explorées.",
      ],
    ],
    [
      "de",
      [
        "Die Runde endet; kein Feld erkundet.",
        "Die Runde endet; ein Feld erkundet.",
        "Die Runde endet; 7 Felder erkundet.",
      ],
    ],
  ] as const)("K8 %s: a round ends with no square explored, one, several", (l, lines) => {
    expect([roundEnd(0), roundEnd(1), roundEnd(7)].map((e) => line(e, l))).toEqual(lines);
  });

  it.each([
    [
      "en",
      [
        "Ana takes 1 damage: 6 HP left.",
        "Ana takes 4 damage: 6 HP left.",
        "Ana keeps the HP (1 damage) and takes the effect.",
        "Ana keeps the HP (5 damage) and takes the effect.",
        "1 damage is more than Ana's HP: a light wound",
        "11 damage is more than Ana's HP: a light wound",
        "Pike hits Ana at [2,3,1] for 1 damage; Ana has 7 HP.",
        "Pike hits Ana at [2,3,1] for 2 damage; Ana has 7 HP.",
      ],
    ],
    [
      "fr",
      [
        "Ana subit 1 dégât : reste 6 PV.",
        "Ana subit 4 dégâts : reste 6 PV.",
        "Ana garde ses PV (1 dégât) et subit l'effet.",
        "Ana garde ses PV (5 dégâts) et subit l'effet.",
        "Ana subit 1 dégât, plus que ses PV : blessure légère",
        "Ana subit 11 dégâts, plus que ses PV : blessure légère",
        "Pike touche Ana en [2,3,1] pour 1 dégât ; Ana a 7 PV.",
        "Pike touche Ana en [2,3,1] pour 2 dégâts ; Ana a 7 PV.",
      ],
    ],
    [
      "de",
      [
        "Ana erleidet 1 Schaden: noch 6 TP.",
        "Ana erleidet 4 Schaden: noch 6 TP.",
        "Ana behält die TP (1 Schaden) und nimmt die Wirkung hin.",
        "Ana behält die TP (5 Schaden) und nimmt die Wirkung hin.",
        "1 Schaden übersteigt die TP von Ana: leichte Wunde",
        "11 Schaden übersteigt die TP von Ana: leichte Wunde",
        "Pike trifft Ana bei [2,3,1] für 1 Schaden; Ana hat 7 TP.",
        "Pike trifft Ana bei [2,3,1] für 2 Schaden; Ana hat 7 TP.",
      ],
    ],
  ] as const)(
    "H4 H5 %s: a hazard's damage of 1 or more, taken, kept off or wounding, and asked",
    (l, parts) => {
      const said = [
        ...[
          hazardHit(1, "hp"),
          hazardHit(4, "hp"),
          hazardHit(1, "aim"),
          hazardHit(5, "aim"),
          hazardHit(1, "wound"),
          hazardHit(11, "wound"),
        ].map((e) => line(e, l)),
        ...[1, 2].map(
          (damage) =>
            hazardChoiceText(
              { name: "Pike", aim: "restrain", damage, hp: 7, at: [2, 3, 1] },
              "Ana",
              t[l],
            ).question,
        ),
      ];
      parts.forEach((part, i) => expect(said[i]).toContain(part));
    },
  );

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
