import { describe, expect, it } from "vitest";
import type { Bot, BotKind } from "../../src/rules/bots/index.ts";
import { BOT_KINDS, createBot, decideFor, greedyBot } from "../../src/rules/bots/index.ts";
import type { Coord, GameState, SwarmState } from "../../src/rules/index.ts";
import { neighbours, newGame, sameSquare, validateRoundInput } from "../../src/rules/index.ts";
import { SIM_DEFAULTS, parseLake, playGame } from "../../src/rules/sim/index.ts";

const lake = (text: string) => parseLake(text)!;

/** Every state a bot game passes through (GM truth: seen and unseen swarms). */
function statesOf(bot: BotKind, lakeText: string, fishers: number, games: number): GameState[] {
  const out: GameState[] = [];
  for (let g = 0; g < games; g++)
    playGame({ ...SIM_DEFAULTS, bot, lake: lake(lakeText), fishers, maxRounds: 300 }, g, (s) => {
      if (!s.over) out.push(s);
    });
  return out;
}

function withSwarms(state: GameState, swarms: SwarmState[]): GameState {
  return { ...state, swarms };
}

describe("bots only declare legal actions (K5, K2)", () => {
  for (const kind of BOT_KINDS)
    it(`${kind}: every declaration over many game states passes the engine's validation`, () => {
      let checked = 0;
      for (const state of statesOf(kind, "4x4x2", 3, 6)) {
        state.fishers.forEach((f, i) => {
          if (f.condition !== "ok" || f.lostActions > 0) return;
          const bot = createBot(kind, f.id, 1000 + i);
          const d = decideFor(bot, state);
          expect(d, `${kind} ${f.id} round ${state.round}`).toBeDefined();
          const r = validateRoundInput(state, { actions: { [f.id]: d } });
          expect(r.ok, JSON.stringify(d)).toBe(true);
          checked++;
        });
      }
      expect(checked).toBeGreaterThan(500);
    });

  it("a bot whose fisher cannot act declares nothing (H5)", () => {
    const state = newGame({ seed: 1, lake: lake("3x3x1"), fishers: [{ id: "a", at: [0, 0, 0] }] });
    state.fishers[0]!.condition = "unconscious";
    for (const kind of BOT_KINDS) expect(decideFor(createBot(kind, "a", 1), state)).toBeUndefined();
  });
});

describe("K20 bots never read unseen swarms", () => {
  it("a greedy bot decides the same with or without the unseen swarms, in every state of many games", () => {
    let states = 0;
    let hidden = 0;
    for (const state of statesOf("greedy", "4x4x2", 3, 8)) {
      const unseen = state.swarms.filter((s) => !s.seen);
      if (unseen.length === 0) continue;
      hidden++;
      const without = withSwarms(
        state,
        state.swarms.filter((s) => s.seen),
      );
      for (const f of state.fishers) {
        if (f.condition !== "ok") continue;
        const a = decideFor(greedyBot(f.id, 7), state);
        const b = decideFor(greedyBot(f.id, 7), without);
        expect(a).toEqual(b);
        states++;
      }
    }
    expect(hidden).toBeGreaterThan(50);
    expect(states).toBeGreaterThan(100);
  });

  it("an unseen swarm in the bot's own square or next to it changes nothing; a seen one does", () => {
    const base = newGame({
      seed: 3,
      lake: lake("3x3x1"),
      fishers: [{ id: "a", at: [1, 1, 0] }],
      squares: [
        { at: [0, 0, 0], swarms: [] },
        { at: [1, 0, 0], swarms: [] },
      ],
    });
    const swarm = (at: Coord, seen: boolean): SwarmState => ({
      id: "s9",
      at,
      fish: 8,
      max: 8,
      seen,
    });
    const decide = (s: GameState) => decideFor(greedyBot("a", 5), s);
    const alone = decide(base);
    for (const at of [[1, 1, 0], ...neighbours(base.lake, [1, 1, 0])] as Coord[])
      expect(decide(withSwarms(base, [swarm(at, false)])), `unseen at ${at}`).toEqual(alone);
    expect(decide(withSwarms(base, [swarm([1, 1, 0], true)]))).toEqual({ action: "catch" });
    expect(decide(withSwarms(base, [swarm([1, 0, 0], true)]))).toEqual({
      action: "move",
      to: [1, 0, 0],
    });
  });
});

describe("the greedy bot plays sensibly", () => {
  const game = (squares: { at: Coord; swarms: number[] }[] = []) =>
    newGame({
      seed: 1,
      lake: lake("3x3x2"),
      fishers: [
        { id: "a", at: [0, 0, 0] },
        { id: "b", at: [1, 0, 0] },
      ],
      squares,
    });
  const seeAll = (s: GameState) => {
    for (const w of s.swarms) w.seen = true;
    return s;
  };
  const bot = (): Bot => greedyBot("a", 1);

  it("K9 catches seen fish in its square", () => {
    expect(decideFor(bot(), seeAll(game([{ at: [0, 0, 0], swarms: [5] }])))).toEqual({
      action: "catch",
    });
  });

  it("K16 herds a big catch toward another fisher next to it", () => {
    expect(decideFor(bot(), seeAll(game([{ at: [0, 0, 0], swarms: [8, 7] }])))).toEqual({
      action: "herd",
      toward: [1, 0, 0],
    });
  });

  it("K14 moves onto seen fish next to it", () => {
    expect(decideFor(bot(), seeAll(game([{ at: [0, 1, 0], swarms: [6] }])))).toEqual({
      action: "move",
      to: [0, 1, 0],
    });
  });

  it("K13 tracks an unexplored neighbour rather than entering it", () => {
    const d = decideFor(bot(), game());
    expect(d?.action).toBe("track");
    const s = game();
    if (d?.action === "track") {
      expect(s.explored[d.target[0] + 3 * (d.target[1] + 3 * d.target[2])]).toBe(0);
      expect(neighbours(s.lake, [0, 0, 0]).some((c) => sameSquare(c, d.target))).toBe(true);
    }
  });

  it("walks toward the nearest unexplored square when every neighbour is explored", () => {
    const s = game(
      [
        [0, 1, 0],
        [1, 1, 0],
        [0, 0, 1],
      ].map((at) => ({ at: at as unknown as Coord, swarms: [] })),
    );
    const d = decideFor(bot(), s);
    expect(d?.action).toBe("move");
  });
});

describe("H4 the greedy bot recovers a dropped net", () => {
  it("declares Catch (the round spent recovering it) while its net is dropped", () => {
    const s = newGame({
      seed: 1,
      lake: lake("3x3x1"),
      fishers: [{ id: "a", at: [0, 0, 0] }],
    });
    expect(decideFor(greedyBot("a", 1), s)?.action).toBe("track");
    s.fishers[0]!.netDropped = true;
    expect(decideFor(greedyBot("a", 1), s)).toEqual({ action: "catch" });
  });
});
