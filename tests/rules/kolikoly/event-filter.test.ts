/**
 * Issue 13, the engine's fast paths change no rule:
 * - a round makes only the events its caller asks for (`EventFilter`). Whatever the filter, the
 *   state is the same, and the events made are exactly the whole log's events of those types,
 *   in the same order: a filter leaves events out;
 * - where nothing reads the requests, dice are drawn without making them (`ask`): the same
 *   states, events and PRNG states as a round whose every request is made and recorded.
 */
import { describe, expect, test } from "vitest";
import type {
  EventFilter,
  EventType,
  GameEvent,
  GameState,
  RollRecord,
  RoundInput,
} from "../../../src/rules/index.ts";
import {
  ALL_EVENTS,
  EVENT_TYPES,
  eventFilter,
  newGame,
  resolveSeeded,
} from "../../../src/rules/index.ts";
import type { SimOptions } from "../../../src/rules/sim/index.ts";
import {
  NO_EVENTS,
  SIM_DEFAULTS,
  STATS_EVENTS,
  gameSeed,
  parseLake,
  playGame,
  setupFor,
} from "../../../src/rules/sim/index.ts";

/** Every round's input of game `index`, as the bots played it (read back from its log). */
function inputsOf(o: SimOptions, index: number): RoundInput[] {
  const inputs: RoundInput[] = [];
  playGame(o, index, (_s, events) => {
    const actions: Record<string, RoundInput["actions"][string]> = {};
    const revive: string[] = [];
    for (const e of events) {
      if (e.type === "declared") actions[e.fisher] = e.declaration;
      if (e.type === "revived") revive.push(e.fisher);
    }
    inputs.push(revive.length ? { actions, revive } : { actions });
  });
  return inputs;
}

const GAMES: readonly (Partial<SimOptions> & { games: number })[] = [
  // greedy bots on the default lake: conflicts, catches, hazards, tracks, the lake emptied
  { games: 3, seed: 3 },
  // random bots on a small deep lake: herds and scatters, knocked-out fishers revived
  { games: 6, seed: 11, bot: "random", lake: parseLake("3x3x3")!, fishers: 5, maxRounds: 150 },
];

const FILTERS: readonly [string, EventFilter][] = [
  ["the simulator's", STATS_EVENTS],
  ["none", NO_EVENTS],
  ["every other type", eventFilter(EVENT_TYPES.filter((_, i) => i % 2 === 0))],
];

describe("event filter (issue 13)", () => {
  test("the same states and exactly the chosen events, whatever the filter", () => {
    const seen = new Set<EventType>();
    let rounds = 0;
    for (const spec of GAMES) {
      const o: SimOptions = { ...SIM_DEFAULTS, ...spec };
      for (let g = 0; g < o.games; g++) {
        const inputs = inputsOf(o, g);
        const start = newGame(setupFor(o, gameSeed(o.seed, g)));
        let whole: GameState = start;
        const filtered = FILTERS.map(() => start);
        for (const input of inputs) {
          const all = resolveSeeded(whole, input, undefined, undefined, ALL_EVENTS);
          if (!all.ok) throw new Error(all.error.message);
          for (const e of all.events) seen.add(e.type);
          FILTERS.forEach(([name, filter], k) => {
            const r = resolveSeeded(filtered[k]!, input, undefined, undefined, filter);
            if (!r.ok) throw new Error(r.error.message);
            expect(JSON.stringify(r.state), `${name}: the state`).toBe(JSON.stringify(all.state));
            const wanted = all.events.filter((e: GameEvent) => filter[e.type]);
            expect(r.events, `${name}: the events`).toEqual(wanted);
            filtered[k] = r.state;
          });
          whole = all.state;
          rounds++;
        }
      }
    }
    expect(rounds).toBeGreaterThan(500);
    // the games exercised every kind of event the filter can leave out
    expect([...seen].sort()).toEqual([...EVENT_TYPES].sort());
  });
});

describe("dice drawn without requests (issue 13)", () => {
  test("the same round as with every request made and recorded", () => {
    let rounds = 0;
    for (const spec of GAMES) {
      const o: SimOptions = { ...SIM_DEFAULTS, ...spec };
      for (let g = 0; g < o.games; g++) {
        let fast = newGame(setupFor(o, gameSeed(o.seed, g)));
        let asked = fast;
        for (const input of inputsOf(o, g)) {
          const rolls: RollRecord[] = [];
          const a = resolveSeeded(fast, input);
          const b = resolveSeeded(asked, input, undefined, rolls);
          if (!a.ok || !b.ok) throw new Error("a recorded round no longer resolves");
          expect(JSON.stringify(a.state)).toBe(JSON.stringify(b.state));
          expect(a.events).toEqual(b.events);
          rounds += rolls.length > 0 ? 1 : 0;
          fast = a.state;
          asked = b.state;
        }
      }
    }
    expect(rounds).toBeGreaterThan(500);
  });
});
