/**
 * K6: a check's proof of fair dice (docs/scenario-format.md, "A check's proof") is read for its
 * outer form only, each bad field refused with an error naming it; a good one is kept in the
 * scenario as written and changes nothing the engine plays. Whether its dice are the fair ones is
 * `kolikoly verify`'s question (tests/cli/verify.test.ts).
 */
import { describe, expect, test } from "vitest";
import {
  formatError,
  playScenario,
  playScenarioText,
  validateScenario,
} from "../../src/rules/index.ts";

type Json = Record<string, unknown>;

const posted = (round: number): Json => ({
  lake: "l1",
  round,
  commit: "ab".repeat(32),
  nonce: "cd".repeat(16),
  shape: "1d20",
  secret: "ef".repeat(32),
  roll: { class: "Roll", evaluated: true, total: 15, terms: [] },
});
const withheld = (round: number): Json => ({
  lake: "l1",
  round,
  commit: "12".repeat(32),
  nonce: "34".repeat(16),
  shape: "1d20",
  withheld: true,
});

/** Two rounds: ana's posted Move check, then her Catch, withheld, counted as a natural 1. */
function scenario(proofs = true) {
  const s = {
    format: "kolikoly-scenario/1",
    seed: 4,
    lake: { width: 4, height: 4, levels: 2 },
    fishers: [
      { id: "ana", at: [0, 0, 0], mods: { attack: 5 } },
      { id: "bo", at: [3, 3, 0] },
    ],
    squares: [{ at: [1, 0, 0], swarms: [5] }],
    rounds: [
      { actions: { ana: { action: "move", to: [1, 0, 0], total: 12 } as Json } },
      { actions: { ana: { action: "catch", total: 6, natural: 1 } as Json } },
    ],
  };
  if (proofs) {
    s.rounds[0]!.actions.ana.fair = posted(1);
    s.rounds[1]!.actions.ana.fair = withheld(2);
  }
  return s;
}

/** The error a scenario whose first round's proof is `proof` gets, as the CLI prints it. */
function refusal(proof: unknown, round = 0): { code: string; line: string } {
  const s = scenario();
  s.rounds[round]!.actions.ana.fair = proof;
  const r = validateScenario(s);
  if (r.ok) throw new Error("a bad proof was accepted");
  // the same through the whole play: nothing of the game comes back
  const played = playScenario(s);
  expect(Object.keys(played)).toEqual(["ok", "error"]);
  return { code: r.error.code, line: formatError(r.error) };
}

describe("K6 a check's proof in a scenario file", () => {
  test("is accepted, posted or withheld, and kept in the scenario exactly as written", () => {
    const text = JSON.stringify(scenario());
    const r = playScenarioText(text);
    expect(r.ok, r.ok ? "" : formatError(r.error)).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.rounds[0]!.actions.ana!.fair).toEqual(posted(1));
    expect(r.scenario.rounds[1]!.actions.ana!.fair).toEqual(withheld(2));
    expect(JSON.stringify(r.scenario)).toBe(text);
  });

  test("changes no event: the game plays the same with or without its proofs", () => {
    const withProofs = playScenario(scenario());
    const without = playScenario(scenario(false));
    if (!withProofs.ok || !without.ok) throw new Error("the scenario does not play");
    expect(withProofs.session.log).toEqual(without.session.log);
    expect(withProofs.session.state).toEqual(without.session.state);
    expect(withProofs.session.log.some((e) => e.type === "check")).toBe(true);
  });

  // each: what is wrong, the proof (a posted one with these fields changed), the field named
  test.each([
    ["an unknown field", { salt: "x" }, "salt"],
    ["no lake", { lake: undefined }, "lake"],
    ["a lake that is not text", { lake: 3 }, "lake"],
    ["another round's number", { round: 2 }, "round"],
    ["round 0", { round: 0 }, "round"],
    ["the round as text", { round: "1" }, "round"],
    ["an upper-case commitment", { commit: "AB".repeat(32) }, "commit"],
    ["a short commitment", { commit: "ab".repeat(31) }, "commit"],
    ["no nonce", { nonce: undefined }, "nonce"],
    ["a nonce of 64 digits", { nonce: "cd".repeat(32) }, "nonce"],
    ["a secret of 32 digits", { secret: "ef".repeat(16) }, "secret"],
    ["no shape", { shape: "" }, "shape"],
    ["a posted proof without its secret", { secret: undefined }, "secret"],
    ["a posted proof without its roll", { roll: undefined }, "roll"],
    ["a roll that is a list", { roll: [] }, "roll"],
    ["withheld: false", { withheld: false }, "withheld"],
    ["withheld with a secret", { withheld: true, roll: undefined }, "secret"],
    ["withheld with a roll", { withheld: true, secret: undefined }, "roll"],
  ] as const)("is refused for %s, naming the proof's field", (_, changes, field) => {
    const proof = JSON.parse(JSON.stringify({ ...posted(1), ...changes })) as unknown;
    const r = refusal(proof);
    expect(r.code).toBe(field === "salt" ? "unknownField" : "badField");
    expect(r.line.startsWith(`rounds[0].actions.ana.fair.${field}: `), r.line).toBe(true);
  });

  test("a proof that is not an object is refused, naming it", () => {
    expect(refusal("oops")).toEqual({
      code: "badField",
      line: "rounds[0].actions.ana.fair: must be an object",
    });
  });

  test("a bad nonce is answered as the format's documentation shows it", () => {
    expect(refusal({ ...posted(1), nonce: "xyz" }).line).toBe(
      'rounds[0].actions.ana.fair.nonce: must be 32 lower-case hex digits (got "xyz")',
    );
    expect(refusal(posted(1), 1).line).toBe(
      "rounds[1].actions.ana.fair.round: must be 2, the number of the round that holds it (got 1)",
    );
  });
});
