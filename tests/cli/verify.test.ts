/**
 * `kolikoly verify` (docs/cli.md): each check of a scenario file against its fair-dice proof
 * (K6), with honest proofs made by the real construction (tests/fixtures/fair-proofs.ts) and each
 * way a proof can fail to hold up: a forged die, a proof moved to another check, a total or a
 * natural the roll does not make, a withheld check not counted as a natural 1, a malformed proof.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { playScenario } from "../../src/rules/index.ts";
import type { ScenarioFair } from "../../src/rules/scenario/format.ts";
import { honestCheck, withheldCheck } from "../fixtures/fair-proofs.ts";
import { ROOT, inProcess, jsonLines, kolikoly, kolikolyWith, scratch } from "./run-cli.ts";

const { write } = scratch("kolikoly-verify-");
const LAKE = "lake-7";

type Action = Record<string, unknown> & { fair?: ScenarioFair };
type Round = Record<string, unknown> & { actions: Record<string, Action> };

/**
 * A two-fisher game with every kind of check: round 1, Ana's and Bo's Stealth posted; Bo enters
 * a bad square and a Needle gar throws him (H4: -4 on his next check); round 2, Ana's net attack
 * withheld (a natural 1: 1 + 5), Bo's Survival posted at -4; round 3, Ana's Survival typed by the
 * GM, with no proof. Each posted total is what the engine makes of its roll.
 */
function game() {
  const anaMove = honestCheck({ lake: LAKE, round: 1, fisher: "ana", kind: "stealth" }, 4);
  const boMove = honestCheck({ lake: LAKE, round: 1, fisher: "bo", kind: "stealth" }, 1);
  const boTrack = honestCheck({ lake: LAKE, round: 2, fisher: "bo", kind: "survival" }, 4);
  const anaCatch = withheldCheck({ lake: LAKE, round: 2, fisher: "ana", kind: "attack" });
  const posted = (c: typeof anaMove, total = c.rolled) => ({
    total,
    natural: c.natural,
    fair: c.fair,
  });
  const rounds: Round[] = [
    {
      actions: {
        ana: { action: "move", to: [1, 0, 0], ...posted(anaMove) },
        bo: { action: "move", to: [3, 2, 0], ...posted(boMove) },
      },
      explore: { "[3,2,0]": 1 },
      rolls: { "hazard:bo": [1], "hazardAttack:bo": [20], "displace:bo": [1] },
    },
    {
      actions: {
        ana: { action: "catch", total: 6, natural: 1, fair: anaCatch },
        bo: { action: "track", target: [2, 2, 0], ...posted(boTrack, boTrack.rolled - 4) },
      },
    },
    { actions: { ana: { action: "track", target: [1, 1, 0], total: 9 } } },
  ];
  const scenario = {
    format: "kolikoly-scenario/1",
    seed: 7,
    lake: { width: 4, height: 4, levels: 2 },
    settings: {
      hazards: [
        {
          ...{ id: "gar", name: "Needle gar", flavour: "Long jaws.", size: 2, hp: 8, mod: 2 },
          ...{ attacks: "reach", aim: "throw" },
        },
      ],
    },
    fishers: [
      { id: "ana", at: [0, 0, 0], mods: { attack: 5, stealth: 4, survival: 3 } },
      { id: "bo", at: [3, 3, 0], mods: { stealth: 1, survival: 4 }, hazardChoice: "aim" },
    ],
    squares: [{ at: [1, 0, 0], swarms: [6] }],
    rounds,
  };
  return { scenario, rounds, anaMove, boMove, boTrack };
}

const d20 = (n: number) => ` (d20 ${n})`;
const NO_PROOF = "no proof (a total typed by the GM, or a table that trusts its players' dice)";

/** `verify` on `scenario` written to a file, in this process. */
async function verify(scenario: unknown, ...options: string[]) {
  return inProcess("en", ["verify", write("game.json", scenario), ...options]);
}

/** The honest game's lines, as `verify` prints them. */
function honestLines(g: ReturnType<typeof game>): string[] {
  return [
    `Round 1, ana, Stealth: fair, ${g.anaMove.rolled}${d20(g.anaMove.natural)}`,
    `Round 1, bo, Stealth: fair, ${g.boMove.rolled}${d20(g.boMove.natural)}`,
    "Round 2, ana, net attack: withheld (drawn, never posted), counted as a natural 1: 6",
    `Round 2, bo, Survival: fair, ${g.boTrack.rolled - 4}${d20(g.boTrack.natural)}`,
    `Round 3, ana, Survival: ${NO_PROOF}`,
  ];
}

describe("kolikoly verify", () => {
  it("K6 H4 honest proofs: each check fair or withheld, the thrown fisher's at -4, status 0", async () => {
    const g = game();
    expect(playScenario(g.scenario).ok).toBe(true);
    const r = await verify(g.scenario);
    expect(r.stderr).toBe("");
    expect(r.stdout.trimEnd().split("\n")).toEqual([
      ...honestLines(g),
      "3 checked fair, 1 withheld, 1 without proof, 0 refused",
    ]);
    expect(r.status).toBe(0);
  });

  it("K6 --json: the same, one JSON object a line, the summary last", async () => {
    const g = game();
    const r = await verify(g.scenario, "--json");
    expect(r.status).toBe(0);
    const where = (round: number, fisher: string, action: string, check: string) => ({
      type: "check",
      round,
      fisher,
      action,
      check,
    });
    expect(jsonLines(r.stdout)).toEqual([
      {
        ...where(1, "ana", "move", "stealth"),
        verdict: "fair",
        total: g.anaMove.rolled,
        natural: g.anaMove.natural,
      },
      {
        ...where(1, "bo", "move", "stealth"),
        verdict: "fair",
        total: g.boMove.rolled,
        natural: g.boMove.natural,
      },
      { ...where(2, "ana", "catch", "attack"), verdict: "withheld", total: 6 },
      {
        ...where(2, "bo", "track", "survival"),
        verdict: "fair",
        total: g.boTrack.rolled - 4,
        natural: g.boTrack.natural,
      },
      { ...where(3, "ana", "track", "survival"), verdict: "noProof" },
      {
        type: "summary",
        game: "kolikoly",
        checks: 5,
        fair: 3,
        withheld: 1,
        noProof: 1,
        refused: 0,
      },
    ]);
  });

  it("K6 a forged natural 20 is refused naming the die, status 1", async () => {
    const g = game();
    const ana = g.rounds[0]!.actions.ana!;
    const roll = ana.fair!.roll as { total: number; terms: { results?: { result: number }[] }[] };
    const forged = g.anaMove.natural === 20 ? 19 : 20;
    // a forger who keeps the rest consistent: the roll adds up, the round counts it
    roll.terms[0]!.results![0]!.result = forged;
    roll.total = forged + 4;
    Object.assign(ana, { total: forged + 4, natural: forged });
    const r = await verify(g.scenario);
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(
      `Round 1, ana, Stealth: REFUSED, die 1 (a d20) shows ${forged} where the fair dice give ${g.anaMove.natural}`,
    );
    expect(lines.slice(1, 5)).toEqual(honestLines(g).slice(1));
    expect(lines.at(-1)).toBe("2 checked fair, 1 withheld, 1 without proof, 1 refused");
    const json = jsonLines((await verify(g.scenario, "--json")).stdout)[0];
    expect(json).toMatchObject({
      verdict: "refused",
      reason: "fairDice",
      facts: { die: 1, faces: 20, shown: forged, fair: g.anaMove.natural },
    });
  });

  it("K6 a proof moved to another fisher is refused: its secret was committed for Ana's check", async () => {
    const g = game();
    // Ana's honest roll and proof on Bo's Stealth, his total and natural made to agree with it
    Object.assign(g.rounds[0]!.actions.bo!, {
      total: g.anaMove.rolled - 3,
      natural: g.anaMove.natural,
      fair: g.anaMove.fair,
    });
    const r = await verify(g.scenario);
    expect(r.status).toBe(1);
    expect(r.stdout.split("\n")[1]).toBe(
      "Round 1, bo, Stealth: REFUSED, the secret is not the one committed to for this lake, round, fisher and check (a proof taken from another check, or another secret)",
    );
  });

  it("K6 a proof moved to another round is refused; left with its own round number, the file is bad", async () => {
    const g = game();
    // Ana's round-1 Stealth proof on her round-3 Track, its round number changed to fit
    const moved = { ...g.anaMove.fair, round: 3 };
    Object.assign(g.rounds[2]!.actions.ana!, {
      total: g.anaMove.natural + 3,
      natural: g.anaMove.natural,
      fair: moved,
    });
    const r = await verify(g.scenario, "--json");
    expect(r.status).toBe(1);
    expect(jsonLines(r.stdout)[4]).toMatchObject({
      round: 3,
      verdict: "refused",
      reason: "fairSecret",
    });
    g.rounds[2]!.actions.ana!.fair = g.anaMove.fair;
    const bad = await verify(g.scenario);
    expect(bad).toEqual({
      status: 2,
      stdout: "",
      stderr:
        "rounds[2].actions.ana.fair.round: must be 3, the number of the round that holds it (got 1)\n",
    });
  });

  it("K6 H4 a total the roll does not make is refused with both totals; so is another natural", async () => {
    const g = game();
    // Bo's thrown Survival counted without H4's -4: the roll's own total
    g.rounds[1]!.actions.bo!.total = g.boTrack.rolled;
    const r = await verify(g.scenario);
    expect(r.status).toBe(1);
    expect(r.stdout.split("\n")[3]).toBe(
      `Round 2, bo, Survival: REFUSED, the round counts ${g.boTrack.rolled}${d20(g.boTrack.natural)}, but the roll makes ${g.boTrack.rolled - 4} with the rules' modifiers`,
    );
    const h = game();
    const other = h.anaMove.natural === 20 ? 19 : h.anaMove.natural + 1;
    h.rounds[0]!.actions.ana!.natural = other;
    expect((await verify(h.scenario)).stdout.split("\n")[0]).toBe(
      `Round 1, ana, Stealth: REFUSED, the round counts ${h.anaMove.rolled}${d20(other)}, but the roll's d20 shows ${h.anaMove.natural}`,
    );
    // a proof on a check whose total the file leaves to the seed: the round did not count this roll
    const i = game();
    delete i.rounds[0]!.actions.ana!.total;
    delete i.rounds[0]!.actions.ana!.natural;
    expect((await verify(i.scenario)).stdout.split("\n")[0]).toBe(
      `Round 1, ana, Stealth: REFUSED, the round counts no total, but the roll's d20 shows ${i.anaMove.natural}`,
    );
  });

  it("K6 a roll that does not add up is refused, though its dice are the fair ones", async () => {
    const g = game();
    (g.rounds[0]!.actions.ana!.fair!.roll as { total: number }).total += 1;
    const r = await verify(g.scenario, "--json");
    expect(r.status).toBe(1);
    expect(jsonLines(r.stdout)[0]).toMatchObject({ verdict: "refused", reason: "totalMismatch" });
  });

  it("K6 a withheld check counts as a natural 1 with the fisher's modifier, and nothing else", async () => {
    for (const counted of [{ total: 7, natural: 1 }, { total: 6, natural: 2 }, { total: 6 }]) {
      const g = game();
      const ana = g.rounds[1]!.actions.ana!;
      delete ana.natural;
      Object.assign(ana, counted);
      const r = await verify(g.scenario);
      expect(r.status).toBe(1);
      const natural = counted.natural === undefined ? "" : d20(counted.natural);
      expect(r.stdout.split("\n")[2]).toBe(
        `Round 2, ana, net attack: REFUSED, a withheld check counts as a natural 1, 6 in all, but the round counts ${counted.total}${natural}`,
      );
    }
  });

  it("a malformed proof: one line naming its field, status 2, nothing on stdout", async () => {
    const g = game();
    g.rounds[1]!.actions.bo!.fair = { ...g.boTrack.fair, nonce: "xyz" };
    expect(await verify(g.scenario)).toEqual({
      status: 2,
      stdout: "",
      stderr: 'rounds[1].actions.bo.fair.nonce: must be 32 lower-case hex digits (got "xyz")\n',
    });
  });

  it("a file without proofs: a no-proof line for each check, status 0", async () => {
    const g = game();
    for (const round of g.rounds) for (const a of Object.values(round.actions)) delete a.fair;
    const r = await verify(g.scenario);
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split("\n")).toEqual([
      `Round 1, ana, Stealth: ${NO_PROOF}`,
      `Round 1, bo, Stealth: ${NO_PROOF}`,
      `Round 2, ana, net attack: ${NO_PROOF}`,
      `Round 2, bo, Survival: ${NO_PROOF}`,
      `Round 3, ana, Survival: ${NO_PROOF}`,
      "0 checked fair, 0 withheld, 5 without proof, 0 refused",
    ]);
  });

  it("K6 the proofs change no event of the replay, and survive the engine's reading of the file", async () => {
    const g = game();
    const file = write("with-proofs.json", g.scenario);
    const plain = structuredClone(g.scenario);
    for (const round of plain.rounds) for (const a of Object.values(round.actions)) delete a.fair;
    const without = write("without-proofs.json", plain);
    for (const format of ["jsonl", "text"]) {
      const a = await inProcess("en", ["replay", file, "--format", format]);
      expect(a.status).toBe(0);
      expect(a.stdout).toBe(
        (await inProcess("en", ["replay", without, "--format", format])).stdout,
      );
      // nothing of a proof reaches the replay: no secret, no nonce
      expect(a.stdout).not.toContain(g.anaMove.fair.nonce);
    }
    // the scenario the engine keeps holds each proof as written; written out, it verifies the same
    const played = playScenario(structuredClone(g.scenario));
    if (!played.ok) throw new Error("the game does not play");
    expect(played.scenario.rounds[0]!.actions.ana!.fair).toEqual(g.anaMove.fair);
    expect(played.scenario.rounds[1]!.actions.bo!.fair).toEqual(g.boTrack.fair);
    const again = await inProcess("en", ["verify", write("again.json", played.scenario)]);
    expect(again.status).toBe(0);
    expect(again.stdout).toBe((await inProcess("en", ["verify", file])).stdout);
  });

  it("reads the file from stdin with -, status and lines as from the file (the real command)", () => {
    const g = game();
    const viaStdin = kolikolyWith({ input: JSON.stringify(g.scenario) }, "verify", "-");
    const viaFile = kolikoly("verify", write("game.json", g.scenario));
    expect(viaStdin).toEqual(viaFile);
    expect(viaFile.status).toBe(0);
    expect(viaFile.stdout.split("\n")).toHaveLength(7);
  });

  it("a Kayanak file: one line saying it carries no check proofs, status 0", async () => {
    const win = path.join(ROOT, "tests/golden/kayanak/basic-win.json");
    expect(await inProcess("en", ["verify", win])).toEqual({
      status: 0,
      stdout: `${win}: a Kayanak board; Kayanak files carry no check proofs, so there is nothing to verify\n`,
      stderr: "",
    });
    expect(jsonLines((await inProcess("en", ["verify", win, "--json"])).stdout)).toEqual([
      {
        type: "summary",
        game: "kayanak",
        checks: 0,
        fair: 0,
        withheld: 0,
        noProof: 0,
        refused: 0,
      },
    ]);
    // a bad Kayanak file is a bad file, as replay says
    const bad = write("bad-kayanak.json", {
      ...JSON.parse(fs.readFileSync(win, "utf8")),
      seed: "x",
    });
    const r = await inProcess("en", ["verify", bad]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^seed: /);
  });

  for (const lang of ["fr", "de"])
    it(`${lang}: every line in that language, the refused one naming the die`, async () => {
      const g = game();
      const roll = g.rounds[0]!.actions.ana!.fair!.roll as {
        total: number;
        terms: { results?: { result: number }[] }[];
      };
      const forged = g.anaMove.natural === 20 ? 19 : 20;
      roll.terms[0]!.results![0]!.result = forged;
      const en = await inProcess("en", ["verify", write("forged.json", g.scenario)]);
      const r = await inProcess(lang, ["verify", write("forged.json", g.scenario)]);
      expect(r.status).toBe(1);
      const lines = r.stdout.trimEnd().split("\n");
      expect(lines).toHaveLength(6);
      expect(r.stdout).not.toMatch(/\{\w+\}|KOLIKOLY\./);
      lines.forEach((line, i) => expect(line).not.toBe(en.stdout.split("\n")[i]));
      expect(lines[0]).toContain(`${forged}`);
      expect(lines[0]).toContain(lang === "fr" ? "d20" : "W20");
    });
});
