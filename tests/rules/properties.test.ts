/**
 * Properties over many seeds (fast-check): whole games of random legal declarations, generated
 * round by round from the current state, on random small lakes.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  adjacent,
  eventsFor,
  exportScenario,
  indexOf,
  neighbours,
  onBoard,
  playRound,
  playScenario,
  sameSquare,
  startSession,
  viewFor,
} from "../../src/rules/index.ts";
import type {
  Coord,
  Declaration,
  GameEvent,
  GameSetup,
  GameState,
  RoundInput,
  Session,
  Viewer,
} from "../../src/rules/index.ts";

const RUNS = 120;

const coordIn = (w: number, h: number, l: number) =>
  fc.tuple(fc.nat(w - 1), fc.nat(h - 1), fc.nat(l - 1)).map((c) => c as Coord);

const setupArb: fc.Arbitrary<GameSetup> = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 ** 31 }),
    width: fc.integer({ min: 1, max: 5 }),
    height: fc.integer({ min: 1, max: 5 }),
    levels: fc.integer({ min: 1, max: 3 }),
    verticalAdjacency: fc.boolean(),
    hazardMode: fc.constantFrom("size-and-wounds", "system", "narrative" as const),
    fishers: fc.integer({ min: 1, max: 4 }),
  })
  .chain((o) =>
    fc
      .record({
        starts: fc.array(coordIn(o.width, o.height, 1), {
          minLength: o.fishers,
          maxLength: o.fishers,
        }),
        squares: fc.array(
          fc.record({
            at: coordIn(o.width, o.height, o.levels),
            swarms: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
          }),
          { maxLength: 4 },
        ),
        mods: fc.array(fc.integer({ min: -2, max: 8 }), { minLength: 8, maxLength: 8 }),
      })
      .map(({ starts, squares, mods }) => {
        const prepared: { at: Coord; swarms: number[] }[] = [];
        for (const s of squares)
          if (
            !starts.some((c) => sameSquare(c, s.at)) &&
            !prepared.some((p) => sameSquare(p.at, s.at))
          )
            prepared.push(s);
        const [
          attack,
          damage,
          survival,
          stealth,
          animalHandling,
          initiative,
          wisdom,
          constitution,
        ] = mods;
        return {
          seed: o.seed,
          lake: {
            width: o.width,
            height: o.height,
            levels: o.levels,
            verticalAdjacency: o.verticalAdjacency,
          },
          settings: { hazardMode: o.hazardMode },
          fishers: starts.map((at, i) => ({
            id: `f${i}`,
            at,
            hp: 4 + i * 3,
            hazardChoice: i % 2 === 0 ? ("hp" as const) : ("aim" as const),
            mods: {
              attack,
              damage,
              survival,
              stealth,
              animalHandling,
              initiative,
              wisdom,
              constitution,
            },
          })),
          squares: prepared,
        };
      }),
  );

/** Legal declarations for the current state, chosen from a tape of numbers. */
function declare(state: GameState, next: () => number): RoundInput {
  const actions: Record<string, Declaration> = {};
  const revive: string[] = [];
  for (const f of state.fishers) {
    if (f.condition === "unconscious" || f.condition === "dying") {
      if (next() % 3 === 0) revive.push(f.id);
      else continue;
    } else if (f.condition !== "ok" || f.lostActions > 0) continue;
    const around = neighbours(state.lake, f.at);
    const pick = next() % 10;
    if (pick === 0) continue; // undeclared (K5)
    const to = around[next() % Math.max(1, around.length)];
    if (pick <= 3 || !to) actions[f.id] = { action: "catch" };
    else if (pick <= 5) actions[f.id] = { action: "track", target: to };
    else if (pick <= 7)
      actions[f.id] =
        next() % 4 === 0 ? { action: "move", to, attack: false } : { action: "move", to };
    else actions[f.id] = { action: "herd", toward: to };
  }
  return revive.length ? { actions, revive } : { actions };
}

interface Played {
  session: Session;
  /** State after each round (index 0: the start). */
  states: GameState[];
}

function playGame(setup: GameSetup, tape: readonly number[], maxRounds = 25): Played {
  let i = 0;
  const next = () => tape[i++ % tape.length]! + Math.floor(i / tape.length);
  let session = startSession(setup);
  const states = [session.state];
  const snapshots = [JSON.stringify(session.state)];
  for (let r = 0; r < maxRounds && !session.state.over; r++) {
    const result = playRound(session, declare(session.state, next));
    if (!result.ok)
      throw new Error(`legal round refused: ${result.error.field}: ${result.error.message}`);
    session = result.session;
    states.push(session.state);
    snapshots.push(JSON.stringify(session.state));
  }
  // rules never change their input: every earlier state is as it was when it was made
  states.forEach((s, i) => expect(JSON.stringify(s)).toBe(snapshots[i]));
  return { session, states };
}

const gameArb = fc.tuple(setupArb, fc.array(fc.nat(1000), { minLength: 50, maxLength: 200 }));

const spawned = (setup: GameSetup, log: readonly GameEvent[]) =>
  (setup.squares ?? []).reduce((n, s) => n + s.swarms.reduce((a, b) => a + b, 0), 0) +
  log.reduce(
    (n, e) => n + (e.type === "explored" ? e.swarms.reduce((a, s) => a + s.fish, 0) : 0),
    0,
  );

describe("properties over many seeds", () => {
  test("fish are conserved: caught + left = spawned (prepared squares and exploration), after every round", () => {
    fc.assert(
      fc.property(gameArb, ([setup, tape]) => {
        const { session, states } = playGame(setup, tape);
        for (const [r, s] of states.entries()) {
          const log = session.log.filter((e) => e.round <= r);
          const caught = s.fishers.reduce((n, f) => n + f.caught, 0);
          const left = s.swarms.reduce((n, w) => n + w.fish, 0);
          expect(caught + left).toBe(spawned(setup, log));
          expect(s.swarms.every((w) => w.fish > 0 && w.fish <= w.max)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test("nothing leaves the board, and a swarm moves at most one square a round, to a K2 neighbour", () => {
    fc.assert(
      fc.property(gameArb, ([setup, tape]) => {
        const { session, states } = playGame(setup, tape);
        const lake = session.state.lake;
        for (let r = 1; r < states.length; r++) {
          const before = states[r - 1]!;
          const after = states[r]!;
          for (const f of after.fishers) expect(onBoard(lake, f.at)).toBe(true);
          for (const s of after.swarms) {
            expect(onBoard(lake, s.at)).toBe(true);
            const was = before.swarms.find((x) => x.id === s.id);
            if (was && !sameSquare(was.at, s.at)) expect(adjacent(lake, was.at, s.at)).toBe(true);
          }
          const moves = session.log.filter((e) => e.round === r && e.type === "fishMoved");
          const ids = moves.map((e) => (e as Extract<GameEvent, { type: "fishMoved" }>).swarm);
          expect(new Set(ids).size).toBe(ids.length);
        }
      }),
      { numRuns: RUNS },
    );
  });

  test("the same seed and declarations give the same log, and an exported game replays to the identical log and state", () => {
    fc.assert(
      fc.property(gameArb, ([setup, tape]) => {
        const a = playGame(setup, tape).session;
        const b = playGame(setup, tape).session;
        expect(b.log).toEqual(a.log);
        expect(b.state).toEqual(a.state);
        const replay = playScenario(JSON.parse(JSON.stringify(exportScenario(a))));
        expect(replay.ok).toBe(true);
        if (replay.ok) {
          expect(replay.session.log).toEqual(a.log);
          expect(replay.session.state).toEqual(a.state);
        }
      }),
      { numRuns: RUNS / 2 },
    );
  });

  test("a player's view and events never hold a gm event, another fisher's whisper, an unseen swarm, or an unexplored square's contents", () => {
    fc.assert(
      fc.property(gameArb, ([setup, tape]) => {
        const { session, states } = playGame(setup, tape);
        const viewers: Viewer[] = ["player", ...setup.fishers.map((f) => ({ fisher: f.id }))];
        for (const viewer of viewers) {
          for (const e of eventsFor(session.log, viewer)) {
            expect(e.audience).not.toBe("gm");
            if (typeof e.audience === "object")
              expect(
                viewer !== "player" && e.audience.fisher === (viewer as { fisher: string }).fisher,
              ).toBe(true);
          }
          for (const s of states) {
            const view = viewFor(s, viewer);
            for (const w of view.swarms) {
              const truth = s.swarms.find((x) => x.id === w.id)!;
              expect(truth.seen).toBe(true);
              expect(s.explored[indexOf(s.lake, w.at)]).toBe(1);
            }
            expect(view.swarms.length).toBe(s.swarms.filter((x) => x.seen).length);
            expect(view.explored.every((c) => s.explored[indexOf(s.lake, c)] === 1)).toBe(true);
            expect(view.explored.length).toBe(s.explored.filter((x) => x === 1).length);
          }
        }
        // K19: where a swarm went in secret is not in any public event of that round, unless a
        // fisher is there at the end of it (K20 reveals it); public swarm facts name explored squares
        for (let r = 1; r < states.length; r++) {
          const end = states[r]!;
          const round = session.log.filter((e) => e.round === r);
          const hidden = round.filter(
            (e): e is Extract<GameEvent, { type: "fishMoved" }> =>
              e.type === "fishMoved" && e.audience === "gm",
          );
          const pub = eventsFor(round, "player");
          const texts = pub.map((e) => JSON.stringify(e));
          for (const h of hidden) {
            const revealed = end.swarms.find((s) => s.id === h.swarm)?.seen ?? false;
            if (revealed) continue;
            const id = `"${h.swarm}"`;
            const to = JSON.stringify(h.to);
            const leaks = texts.filter((t) => t.includes(id) && t.includes(to));
            expect(leaks).toEqual([]);
          }
          for (const e of pub) {
            const facts =
              e.type === "explored" || e.type === "revealed"
                ? e.swarms
                : e.type === "swarmCaught"
                  ? [{ at: e.at }]
                  : e.type === "fishMoved"
                    ? [{ at: e.to }]
                    : [];
            for (const f of facts) expect(end.explored[indexOf(end.lake, f.at)]).toBe(1);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("properties: invalid scenarios", () => {
  test("an exported game with one target made non-adjacent, off the board, or one fisher unknown is refused naming that field, with nothing played", () => {
    fc.assert(
      fc.property(
        gameArb,
        fc.nat(),
        fc.constantFrom("far", "off", "unknown"),
        ([setup, tape], pick, how) => {
          const game = playGame(setup, tape, 8);
          const scenario = JSON.parse(JSON.stringify(exportScenario(game.session))) as {
            rounds: { actions: Record<string, Record<string, unknown>> }[];
          };
          const lake = game.session.state.lake;
          const targeted: [number, string, string][] = [];
          scenario.rounds.forEach((r, i) => {
            for (const [id, a] of Object.entries(r.actions))
              for (const k of ["to", "target", "toward"]) if (a[k]) targeted.push([i, id, k]);
          });
          if (how === "unknown") {
            const i = pick % Math.max(1, scenario.rounds.length);
            if (!scenario.rounds[i]) return;
            scenario.rounds[i].actions.zed = { action: "catch" };
            const r = playScenario(scenario);
            expect(!r.ok && r.error).toMatchObject({
              field: `rounds[${i}].actions.zed`,
              code: "unknownFisher",
            });
            expect(Object.keys(r)).toEqual(["ok", "error"]);
            return;
          }
          if (targeted.length === 0) return;
          const [i, id, k] = targeted[pick % targeted.length]!;
          const from = game.states[i]!.fishers.find((f) => f.id === id)!.at;
          let bad: Coord | undefined;
          if (how === "off") bad = [lake.width, from[1], from[2]];
          else
            for (let n = 0; n < lake.width * lake.height * lake.levels && !bad; n++) {
              const c: Coord = [
                n % lake.width,
                Math.floor(n / lake.width) % lake.height,
                Math.floor(n / (lake.width * lake.height)),
              ];
              if (!adjacent(lake, from, c)) bad = c;
            }
          if (!bad) return;
          scenario.rounds[i]!.actions[id]![k] = bad;
          const r = playScenario(scenario);
          expect(!r.ok && r.error).toMatchObject({
            field: `rounds[${i}].actions.${id}.${k}`,
            code: how === "off" ? "offBoard" : "notAdjacent",
          });
          expect(Object.keys(r)).toEqual(["ok", "error"]);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
