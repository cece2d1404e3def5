/**
 * Kayanak properties over many seeds (fast-check): whole games of bot turns on random boards,
 * recorded as sessions. Fish are conserved; no player view or player event holds a covered
 * hole's contents; the same seed gives the same log; exported games replay identically; undo
 * and rebuild are exact; an asynchronous driver plays the same turn as the seeded one.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { Xoshiro128, seedState } from "../../../src/rules/dice/prng.ts";
import type {
  KayanakEvent,
  KayanakSession,
  KayanakSetup,
  KayanakViewer,
} from "../../../src/rules/kayanak/index.ts";
import {
  BOTS,
  botTurn,
  eventsFor,
  exportScenario,
  playScenario,
  playTurnAsync,
  rebuild,
  startSession,
  undoTurn,
  viewFor,
} from "../../../src/rules/kayanak/index.ts";

const RUNS = 60;

const setupArb: fc.Arbitrary<{ setup: KayanakSetup; bots: ("greedy" | "random")[] }> = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 ** 31 }),
    width: fc.integer({ min: 2, max: 6 }),
    height: fc.integer({ min: 2, max: 5 }),
    floes: fc.integer({ min: 1, max: 4 }),
    big: fc.integer({ min: 0, max: 8 }),
    small: fc.integer({ min: 0, max: 30 }),
    fishers: fc.integer({ min: 1, max: 4 }),
    weather: fc.boolean(),
    keepFishing: fc.boolean(),
    bots: fc.array(fc.constantFrom("greedy" as const, "random" as const), {
      minLength: 4,
      maxLength: 4,
    }),
  })
  .map((o) => {
    const n = Math.min(o.fishers, o.width * o.height - 1);
    const spots = Array.from(
      { length: o.width * o.height },
      (_, i) => [i % o.width, Math.floor(i / o.width)] as const,
    );
    return {
      bots: o.bots,
      setup: {
        seed: o.seed,
        width: o.width,
        height: o.height,
        floeCount: Math.min(o.floes, o.width * o.height),
        fish: { big: o.big, small: o.small },
        settings: { variant: o.weather ? "weather" : "basic", keepFishing: o.keepFishing },
        // spread the bears: every (k * 7)th hole
        fishers: Array.from({ length: Math.max(1, n) }, (_, k) => ({
          id: `f${k}`,
          at: spots[(k * 7) % spots.length]!,
        })).filter((f, k, all) => all.findIndex((g) => g.at === f.at) === k),
      } satisfies KayanakSetup,
    };
  });

function playGame(
  setup: KayanakSetup,
  bots: ("greedy" | "random")[],
  maxTurns = 150,
): KayanakSession {
  const start = startSession(setup);
  if (!start.ok) throw new Error(`${start.error.code} ${start.error.field}`);
  let session = start.session;
  const rng = new Xoshiro128(seedState(setup.seed + 1));
  while (!session.state.over && session.state.turn < maxTurns) {
    const r = botTurn(session, BOTS[bots[session.state.next % bots.length]!], rng);
    if (!r.ok) throw new Error(`${r.error.code} ${r.error.field}`);
    session = r.session;
  }
  return session;
}

const viewers = (s: KayanakSession): KayanakViewer[] => [
  "player",
  ...s.state.fishers.map((f) => ({ fisher: f.id })),
];

describe("Kayanak properties", () => {
  test("fish are conserved: caught + left in holes = dropped, after every turn", () => {
    fc.assert(
      fc.property(setupArb, ({ setup, bots }) => {
        const start = startSession(setup);
        if (!start.ok) throw new Error(start.error.code);
        let session = start.session;
        const rng = new Xoshiro128(seedState(1));
        for (let t = 0; t < 80 && !session.state.over; t++) {
          const r = botTurn(session, BOTS[bots[t % 4]!], rng);
          if (!r.ok) throw new Error(r.error.code);
          session = r.session;
          const s = session.state;
          for (const size of ["big", "small"] as const) {
            const caught = s.fishers.reduce((n, f) => n + f[size], 0);
            const left = s.holes.reduce((n, h) => n + h[size], 0);
            expect(caught + left).toBe(s.dropped[size]);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  test("J10 no player view and no player event holds a covered hole's contents", () => {
    fc.assert(
      fc.property(setupArb, ({ setup, bots }) => {
        const session = playGame(setup, bots);
        for (const viewer of viewers(session)) {
          for (const h of viewFor(session.state, viewer).holes)
            if (!h.open) expect(h.big === undefined && h.small === undefined).toBe(true);
          // replaying the viewer's events: every hole whose contents an event tells is open by then
          const open = new Set<string>();
          for (const e of eventsFor(session.log, viewer) as KayanakEvent[]) {
            expect(e.type === "dropped" || e.type === "shaken").toBe(false);
            if (e.type === "hacked") open.add(`${e.at[0]},${e.at[1]}`);
            if (e.type === "fished") expect(open.has(`${e.at[0]},${e.at[1]}`)).toBe(true);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  test("determinism: the same set-up and bots give the same log and state", () => {
    fc.assert(
      fc.property(setupArb, ({ setup, bots }) => {
        const a = playGame(setup, bots, 60);
        const b = playGame(setup, bots, 60);
        expect(b.log).toEqual(a.log);
        expect(b.state).toEqual(a.state);
      }),
      { numRuns: 25 },
    );
  });

  test("exported games replay identically (every die forced), and rebuild and undo are exact", () => {
    fc.assert(
      fc.property(setupArb, ({ setup, bots }) => {
        const session = playGame(setup, bots, 80);
        const again = playScenario(JSON.parse(JSON.stringify(exportScenario(session))));
        if (!again.ok)
          throw new Error(`${again.error.code} ${again.error.field} ${again.error.message}`);
        expect(again.session.log).toEqual(session.log);
        expect(again.session.state).toEqual(session.state);
        const rebuilt = rebuild(session.setup, session.turns);
        expect(rebuilt.state).toEqual(session.state);
        if (session.turns.length) {
          const undone = undoTurn(session);
          expect(undone.turns.length).toBe(session.turns.length - 1);
          expect(undone.log).toEqual(rebuild(session.setup, session.turns.slice(0, -1)).log);
        }
      }),
      { numRuns: 30 },
    );
  });

  test("an asynchronous driver (Foundry's dice) plays the same turn as the seeded driver given the same answers", async () => {
    const setup: KayanakSetup = {
      seed: 5,
      fishers: [
        { id: "ana", at: [0, 0] },
        { id: "bo", at: [7, 5] },
      ],
    };
    const played = playGame(setup, ["greedy", "greedy"], 12);
    const start = startSession(setup);
    if (!start.ok) throw new Error("no start");
    let session = start.session;
    for (const rec of played.turns) {
      const answers = [...rec.rolls];
      const r = await playTurnAsync(
        session,
        {
          fisher: rec.input.fisher,
          steps: rec.input.steps.map((s) => ("fish" in s ? { fish: s.fish } : s)),
        },
        {
          roll: async (req) => {
            const a = answers.shift();
            expect(a?.key).toBe(req.key);
            return { total: a!.total };
          },
        },
      );
      if (!r.ok) throw new Error(r.error.code);
      session = r.session;
    }
    expect(session.log).toEqual(played.log);
  });
});
