/** The chat-like log: every event type as a localized line; whispers only for their audience. */
import { describe, expect, it } from "vitest";
import type { GameEvent, Viewer } from "../../src/rules/index.ts";
import { eventsFor, viewFor } from "../../src/rules/index.ts";
import { createBot } from "../../src/rules/bots/index.ts";
import { startSession } from "../../src/rules/index.ts";
import { eventLines } from "../../src/cli/text.ts";
import { eventText, logHtml, logLines } from "../../src/sandbox/log-view.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import {
  caught,
  explored,
  hazardHit,
  revealed,
  roundEnd,
  swarmCaught,
  tracked,
} from "../fixtures/count-events.ts";
import { L, playBots, readRepo, secretSession } from "./fixtures.ts";

/** A long greedy game on a deep lake, so most event types occur (hazards, explorations, herds...). */
function botGame(seed: number) {
  const s = startSession(setupFor({ width: 4, height: 4, levels: 4, fishers: 4, seed }));
  const bots = s.state.fishers.map((f, i) => createBot("greedy", f.id, seed * 10 + i));
  return playBots(s, bots, 150, { revive: true });
}

describe("log", () => {
  it("every event is a localized sentence with no unresolved key or placeholder", () => {
    const types = new Set<GameEvent["type"]>();
    for (const seed of [1, 2, 3]) {
      const s = botGame(seed);
      const lines = logLines(viewFor(s.state, "gm"), s.log, L);
      expect(lines.length).toBe(s.log.length);
      for (const l of lines) {
        types.add(l.kind);
        expect(l.text).not.toMatch(/KOLIKOLY\.|\{[a-z]+\}|undefined|NaN/i);
        expect(l.text.length).toBeGreaterThan(3);
      }
    }
    for (const t of [
      "declared",
      "check",
      "moved",
      "explored",
      "caught",
      "fishMoved",
      "roundEnd",
    ] as const)
      expect(types).toContain(t);
  });

  it("K19 whispers: GM lines are marked and reach only the GM; a fisher's own lines only that fisher", () => {
    const s = secretSession();
    const gm = logLines(viewFor(s.state, "gm"), eventsFor(s.log, "gm"), L);
    const secret = gm.filter((l) => l.whisper === L("KOLIKOLY.Sandbox.Log.ToGm"));
    expect(secret.length).toBeGreaterThan(0);
    for (const viewer of ["player", { fisher: "ana" }, { fisher: "bo" }] as Viewer[]) {
      const events = eventsFor(s.log, viewer);
      const lines = logLines(viewFor(s.state, viewer), events, L);
      const html = logHtml(lines, L);
      for (const l of secret) expect(html).not.toContain(l.text);
      for (const [i, e] of events.entries())
        if (e.audience !== "all")
          expect(lines[i]!.whisper).toBe(
            L("KOLIKOLY.Sandbox.Log.ToFisher", {
              name: typeof viewer === "object" ? (viewer.fisher === "ana" ? "Ana" : "Bo") : "",
            }),
          );
    }
  });

  it("groups lines under one heading per round and escapes text", () => {
    const html = logHtml(
      [
        { round: 1, kind: "roundEnd", text: "a <b>", whisper: "" },
        { round: 1, kind: "roundEnd", text: "b", whisper: "to the GM" },
        { round: 2, kind: "roundEnd", text: "c", whisper: "" },
      ],
      L,
    );
    expect(html.match(/kolikoly-log__round/g)!.length).toBe(2);
    expect(html).toContain("a &lt;b&gt;");
    expect(html).toContain("kolikoly-log__line--whisper");
  });

  it("H3-H5 tells every hazard outcome the CLI's play-by-play tells: attack, hit or miss, HP left, aim, wound and save", () => {
    type Hazard = Extract<GameEvent, { type: "hazard" }>;
    const names = (id: string) => ({ ana: "Ana", bo: "Bo" })[id] ?? id;
    const base = {
      type: "hazard",
      round: 1,
      audience: "all",
      fisher: "ana",
      at: [2, 1, 1],
      hazard: "h3",
      name: "a snapping pike",
      mode: "size-and-wounds",
      avoided: false,
    } as const;
    const events: Hazard[] = [
      { ...base, attack: 9, defense: 15, hit: false },
      { ...base, attack: 17, defense: 15, hit: true, damage: 4, took: "hp", hp: 6 },
      {
        ...base,
        attack: 18,
        defense: 15,
        hit: true,
        damage: 5,
        took: "aim",
        aim: "restrain",
        effect: "restrained",
      },
      {
        ...base,
        attack: 19,
        defense: 15,
        hit: true,
        damage: 13,
        took: "wound",
        hp: 0,
        wound: "serious",
        save: 11,
        dc: 15,
        condition: "dying",
      },
      {
        ...base,
        attack: 20,
        defense: 15,
        hit: true,
        damage: 11,
        took: "wound",
        hp: 0,
        wound: "light",
        save: 14,
        dc: 12,
        condition: "ok",
      },
      {
        ...base,
        mode: "system",
        attack: 16,
        defense: 12,
        hit: true,
        damage: 10,
        took: "hp",
        hp: 0,
        condition: "unconscious",
      },
      { ...base, mode: "narrative" },
    ] as unknown as Hazard[];
    // And every hazard outcome real games give (random bots walk into hazards; some take the aim).
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const setup = setupFor({ width: 4, height: 4, levels: 4, fishers: 4, seed });
      const start = startSession({
        ...setup,
        fishers: setup.fishers.map((f, i) => ({ ...f, hazardChoice: i % 2 ? "aim" : "hp" })),
      });
      const bots = start.state.fishers.map((f, i) => createBot("random", f.id, seed * 10 + i));
      const s = playBots(start, bots, 60, { revive: true });
      events.push(...(s.log.filter((e) => e.type === "hazard") as Hazard[]));
    }
    expect(events.filter((e) => e.hit === false).length).toBeGreaterThan(1);
    expect(events.filter((e) => e.took === "aim").length).toBeGreaterThan(1);
    expect(events.filter((e) => e.wound).length).toBeGreaterThan(1);
    const word = (key: string) => L(key);
    for (const e of events) {
      const table = eventText(e, names, L);
      const cli = eventLines(e, names).join(" ");
      expect(table, cli).not.toMatch(/KOLIKOLY\.|\{[a-z]+\}|undefined|NaN/i);
      expect(table).toContain(e.name);
      expect(table).toContain(`[${e.at.join(",")}]`);
      // Every number the CLI prints (attack, defence, damage, HP left, save, DC, square), the table prints.
      const numbers = (t: string): string[] => [...(t.match(/\d+/g) ?? [])].sort();
      const mine = numbers(table);
      for (const n of numbers(cli)) {
        const i = mine.indexOf(n);
        expect(i, `${n} of "${cli}" in "${table}"`).toBeGreaterThanOrEqual(0);
        mine.splice(i, 1);
      }
      if (e.attack !== undefined) {
        expect(table, cli).toContain(String(e.attack));
        expect(table).toContain(String(e.defense));
        expect(table).toContain(
          L(
            e.hit
              ? "KOLIKOLY.Sandbox.Log.HazardAttackHit"
              : "KOLIKOLY.Sandbox.Log.HazardAttackMiss",
            {
              name: names(e.fisher),
              hazard: e.name,
              attack: e.attack,
              defense: e.defense ?? "",
            },
          ),
        );
      }
      if (e.took === "hp" && e.wound === undefined) expect(table).toContain(`${e.hp} HP`);
      if (e.took === "aim") expect(table, cli).toMatch(/instead of losing HP/);
      if (e.wound) {
        expect(table).toContain(
          word(`KOLIKOLY.Sandbox.Wound.${e.wound[0]!.toUpperCase()}${e.wound.slice(1)}`),
        );
        expect(table).toContain(`DC ${e.dc}`);
      }
      if (e.condition && e.condition !== "ok" && e.damage !== undefined)
        expect(table).toContain(
          word(`KOLIKOLY.Sandbox.Reason.${e.condition[0]!.toUpperCase()}${e.condition.slice(1)}`),
        );
      if (e.effect) expect(table.length).toBeGreaterThan(cli.length / 3);
    }
  });

  it("K13 H6 a Track that avoids a hazard says so, as the CLI does", () => {
    const text = eventText(tracked([], "a snapping pike"), () => "Ana", L);
    expect(text).toContain("a snapping pike");
    expect(text).toContain("[1,0,1]");
  });

  describe("counts of swarms and fish read as sentences, in every language the table ships", () => {
    const langs = Object.fromEntries(
      (["en", "fr", "de"] as const).map((l) => [
        l,
        makeLocalize({
          ...JSON.parse(readRepo(`lang/${l}.json`)),
          KOLIKOLY: {
            ...JSON.parse(readRepo(`lang/${l}.json`)).KOLIKOLY,
            ...JSON.parse(readRepo(`lang/sandbox/${l}.json`)).KOLIKOLY,
          },
        }),
      ]),
    );
    const text = (e: GameEvent, l: string) => eventText(e, () => "Ana", langs[l]!);

    it("K13 a Track of no swarm says there are no fish, of one swarm 'one swarm', of several 'N swarms'", () => {
      expect(text(tracked([]), "en")).toBe("Ana tracks [1,0,1]: no fish there.");
      expect(text(tracked([4]), "en")).toBe("Ana tracks [1,0,1]: 4 fish there, in one swarm.");
      expect(text(tracked([1]), "en")).toBe("Ana tracks [1,0,1]: one fish there.");
      expect(text(tracked([4, 3]), "en")).toBe("Ana tracks [1,0,1]: 7 fish there, in 2 swarms.");
      expect(text(tracked([], "a snapping pike"), "en")).toBe(
        "Ana tracks [1,0,1]: no fish there. Hazard avoided: a snapping pike.",
      );
      expect(text(tracked([], "un brochet"), "fr")).toBe(
        "Ana piste [1,0,1] : aucun poisson là-bas. Danger évité : un brochet.",
      );
      expect(text(tracked([4]), "fr")).toBe(
        "Ana piste [1,0,1] : 4 poissons là-bas, en un seul banc.",
      );
      expect(text(tracked([4, 3]), "de")).toBe(
        "Ana spürt [1,0,1] auf: 7 Fische dort, in 2 Schwärmen.",
      );
    });

    it("K4 K20 an exploration and a sighting count their swarms in words, never 'swarm(s)'", () => {
      expect(text(explored([4]), "en")).toBe(
        "[1,0,1] explored (d10 9, 8 after depth): one swarm of 4 fish.",
      );
      expect(text(explored([1]), "en")).toBe(
        "[1,0,1] explored (d10 9, 8 after depth): one swarm of a single fish.",
      );
      expect(text(explored([4, 3]), "en")).toBe(
        "[1,0,1] explored (d10 9, 8 after depth): 2 swarms, 7 fish.",
      );
      expect(text(revealed([3]), "en")).toBe("A swarm sighted at [1,0,1].");
      expect(text(revealed([3, 3]), "en")).toBe("2 swarms sighted at [1,0,1].");
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
          "Round 2 ends: no square explored.",
          "Round 2 ends: one square explored.",
          "Round 2 ends: 7 squares explored.",
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
          "Fin du tour 2 : aucune case explorée.",
          "Fin du tour 2 : une case explorée.",
          "Fin du tour 2 : 7 cases explorées.",
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
          "Runde 2 endet: kein Feld erkundet.",
          "Runde 2 endet: ein Feld erkundet.",
          "Runde 2 endet: 7 Felder erkundet.",
        ],
      ],
    ] as const)(
      "K10 K8 %s: a catch, a swarm's loss and a round's end count in words",
      (l, lines) => {
        expect(
          [
            caught(0, 3),
            caught(1, 1),
            caught(4, 9),
            swarmCaught(1, 3),
            swarmCaught(4, 0),
            roundEnd(0),
            roundEnd(1),
            roundEnd(7),
          ].map((e) => text(e, l)),
        ).toEqual(lines);
      },
    );

    it.each([
      [
        "en",
        [
          "1 damage: Ana is down to 6 HP.",
          "4 damage: Ana is down to 6 HP.",
          "1 damage: Ana accepts the hazard's aim",
          "5 damage: Ana accepts the hazard's aim",
          "1 damage: a light wound;",
          "11 damage: a light wound;",
        ],
      ],
      [
        "fr",
        [
          "1 dégât : il reste 6 PV à Ana.",
          "4 dégâts : il reste 6 PV à Ana.",
          "1 dégât : Ana subit le but du danger",
          "5 dégâts : Ana subit le but du danger",
          "1 dégât : blessure légère ;",
          "11 dégâts : blessure légère ;",
        ],
      ],
      [
        "de",
        [
          "1 Schaden: Ana hat noch 6 TP.",
          "4 Schaden: Ana hat noch 6 TP.",
          "1 Schaden: Ana nimmt das Ziel der Gefahr hin",
          "5 Schaden: Ana nimmt das Ziel der Gefahr hin",
          "1 Schaden: Wunde leicht;",
          "11 Schaden: Wunde leicht;",
        ],
      ],
    ] as const)(
      "H4 H5 %s: a hazard's damage of one or several, taken, kept off or wounding",
      (l, parts) => {
        const said = (
          [
            [1, "hp"],
            [4, "hp"],
            [1, "aim"],
            [5, "aim"],
            [1, "wound"],
            [11, "wound"],
          ] as const
        ).map(([d, took]) => text(hazardHit(d, took), l));
        parts.forEach((part, i) => expect(said[i]).toContain(part));
      },
    );

    it("no line says swarm(s), fish(es), 0 fish, Schwarm/Schwärme, banc(s) or 1 with a plural", () => {
      const events = [
        ...[[], [1], [4], [4, 3]].flatMap((f) => [tracked(f), tracked(f, "x"), explored(f)]),
        revealed([3]),
        revealed([3, 3, 3]),
      ];
      for (const l of ["en", "fr", "de"])
        for (const e of events.filter((e) => e.type !== "explored" || e.swarms.length > 0)) {
          const t = text(e, l);
          expect(t, l).not.toMatch(
            /\(s\)|\(e\)|\(n\)|\/Schw|\/Fisch|\b0 |\b1 (fish|poissons|Fische|swarms|bancs|Schwärme)\b/,
          );
          expect(t, l).not.toMatch(/KOLIKOLY\.|\{[a-z]+\}/);
        }
    });
  });
});
