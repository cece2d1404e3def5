/**
 * Generated games for the differential test: a set-up drawn by fast-check (lake size, fishers
 * with their modifiers, armour class, armour and hit points, the hazard mode, prepared squares),
 * its rounds played by the engine with the simulator's bots (revivals, H4 answers, a GM's end
 * now and then), then exported with every roll forced: a scenario file a table can play, and
 * the table's choices around it (who owns whom, how checks come in, an undo, a hand-over, the
 * Foundry generation and the game system).
 */
import fc from "fast-check";
import type {
  Declaration,
  FisherSpec,
  GameSetup,
  Scenario,
  Session,
} from "../../../src/rules/index.ts";
import {
  HAZARD_MODES,
  Xoshiro128,
  canRevive,
  endSession,
  exportScenario,
  pendingCannotAct,
  playRound,
  seedState,
  startSession,
} from "../../../src/rules/index.ts";
import { createBot } from "../../../src/rules/bots/index.ts";
import { decideFor } from "../../../src/rules/bots/bot.ts";
import type { KayanakScenario, KayanakSetup } from "../../../src/rules/kayanak/index.ts";
import {
  BOTS,
  botTurn,
  exportScenario as exportBoard,
  startSession as startBoard,
} from "../../../src/rules/kayanak/index.ts";
import type { BoardRun } from "./play-board.ts";
import type { CheckWay, LakeRun } from "./play-lake.ts";
import type { SystemId } from "./table.ts";

const NAMES = ["Ana", "Bo", "Cy", "Di"];

export interface LakeCase {
  readonly seed: number;
  readonly width: number;
  readonly height: number;
  readonly levels: number;
  readonly fishers: number;
  readonly hazardMode: (typeof HAZARD_MODES)[number];
  readonly rounds: number;
  readonly endedByGm: boolean;
  readonly prepared: boolean;
  readonly via: "file" | "characters";
  readonly undo: boolean;
  readonly handOver: boolean;
}

export const lakeCase: fc.Arbitrary<LakeCase> = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  width: fc.integer({ min: 2, max: 5 }),
  height: fc.integer({ min: 2, max: 4 }),
  levels: fc.integer({ min: 1, max: 3 }),
  fishers: fc.integer({ min: 1, max: 4 }),
  hazardMode: fc.constantFrom(...HAZARD_MODES),
  rounds: fc.integer({ min: 1, max: 7 }),
  endedByGm: fc.boolean(),
  prepared: fc.boolean(),
  via: fc.constantFrom("file" as const, "characters" as const),
  undo: fc.boolean(),
  handOver: fc.boolean(),
});

/** The case's scenario: a set-up from its seed, rounds the bots play, every roll then forced. */
export function lakeScenario(c: LakeCase): Scenario {
  const rng = new Xoshiro128(seedState(c.seed));
  const die = (n: number) => rng.die(n);
  const fishers: FisherSpec[] = [];
  for (let i = 0; i < c.fishers; i++) {
    const at = [(i * 2) % c.width, Math.floor((i * 2) / c.width) % c.height, 0] as const;
    if (fishers.some((f) => f.at[0] === at[0] && f.at[1] === at[1])) continue;
    fishers.push({
      id: `f${fishers.length + 1}`,
      name: NAMES[fishers.length]!,
      at: [at[0], at[1], 0],
      mods: {
        attack: die(9) - 2,
        damage: die(5) - 1,
        survival: die(9) - 2,
        stealth: die(9) - 2,
        animalHandling: die(9) - 2,
        initiative: die(7) - 2,
        wisdom: die(5) - 2,
        constitution: die(5) - 2,
      },
      // low hit points, so hazards wound and the GM revives; armour a system can show
      hp: die(8),
      armor: die(4) - 1,
      ac: 8 + die(10),
      hazardChoice: die(2) === 1 ? "hp" : "aim",
    });
  }
  const squares: { at: [number, number, number]; swarms: number[] }[] = [];
  if (c.prepared)
    for (let k = 0; k < 2; k++) {
      const at: [number, number, number] = [die(c.width) - 1, die(c.height) - 1, die(c.levels) - 1];
      const start = fishers.some((f) => f.at[0] === at[0] && f.at[1] === at[1] && at[2] === 0);
      if (!start && !squares.some((s) => s.at.join() === at.join()))
        squares.push({ at, swarms: [die(6) + 2] });
    }
  const setup: GameSetup = {
    seed: c.seed,
    lake: { width: c.width, height: c.height, levels: c.levels, verticalAdjacency: true },
    settings: { hazardMode: c.hazardMode },
    fishers,
    ...(squares.length ? { squares } : {}),
  };
  let s: Session = startSession(setup);
  const bots = fishers.map((f, i) => createBot(i % 2 ? "random" : "greedy", f.id, c.seed + i));
  for (let r = 0; r < c.rounds && !s.state.over; r++) {
    // the GM revives the downed most of the time (H5); each fisher able to act declares or not
    const revive = s.state.fishers.filter((f) => canRevive(f) && die(4) > 1).map((f) => f.id);
    const actions: Record<string, Declaration> = {};
    for (const bot of bots) {
      if (pendingCannotAct(s.state, { revive }, bot.fisher) !== undefined || die(8) === 1) continue;
      const revived = {
        ...s.state,
        fishers: s.state.fishers.map((f) =>
          revive.includes(f.id) ? { ...f, condition: "ok" as const } : f,
        ),
      };
      const d = decideFor(bot, revived);
      if (d) actions[bot.fisher] = d;
    }
    // H4: each fisher's answer, should the round ask (1 the hit points, 2 the aim)
    const forced = new Map(
      fishers.map((f) => [`hazardChoice:${f.id}`, [{ total: die(2) }]] as const),
    );
    const played = playRound(s, revive.length ? { actions, revive } : { actions }, forced);
    if (!played.ok) throw new Error(`generated round refused: ${played.error.message}`);
    s = played.session;
  }
  if (c.endedByGm && !s.state.over) {
    const e = endSession(s);
    if (e.ok) s = e.session;
  }
  return JSON.parse(JSON.stringify(exportScenario(s))) as Scenario;
}

const SYSTEMS: readonly SystemId[] = ["dnd5e", "pf2e", "generic"];

/** The table's side of case number `n`: spread evenly over generations and systems. */
export function lakeRun(c: LakeCase, n: number): LakeRun {
  const scenario = lakeScenario(c);
  const rng = new Xoshiro128(seedState(c.seed ^ 0x5bd1e995));
  const ways: CheckWay[] = ["typed", "sheet", "resolution"];
  const wayOf = new Map<string, CheckWay>();
  const rounds = scenario.rounds.length;
  return {
    scenario,
    generation: n % 2 ? 14 : 13,
    system: SYSTEMS[Math.floor(n / 2) % 3]!,
    owners: scenario.fishers.map((_, i) =>
      i < 2 ? (i as 0 | 1) : ((rng.die(3) - 2) as 0 | 1 | -1),
    ),
    via: c.via,
    check: (round, fisher) => {
      const k = `${round}|${fisher}`;
      if (!wayOf.has(k)) wayOf.set(k, ways[rng.die(3) - 1]!);
      return wayOf.get(k)!;
    },
    ...(c.undo && rounds > 0 ? { undoAfter: 1 + ((c.seed >>> 3) % rounds) } : {}),
    ...(c.handOver && rounds > 1 ? { handOverBefore: 2 + ((c.seed >>> 5) % (rounds - 1)) } : {}),
    // a game exported last week and continued: one file game in two starts from a round it holds
    ...(c.via === "file" && rounds > 1 && (c.seed >>> 9) % 2 === 0
      ? { continueRounds: 1 + ((c.seed >>> 11) % (rounds - 1)) }
      : {}),
  };
}

export interface BoardCase {
  readonly seed: number;
  readonly width: number;
  readonly height: number;
  readonly floes: number;
  readonly big: number;
  readonly small: number;
  readonly fishers: number;
  readonly variant: "basic" | "weather";
  readonly keepFishing: boolean;
  readonly landCheck: number | null;
  readonly turns: number;
  readonly via: "file" | "seed";
  readonly undo: boolean;
  readonly undoInPlay: boolean;
  readonly handOver: boolean;
}

export const boardCase: fc.Arbitrary<BoardCase> = fc.record({
  seed: fc.integer({ min: 1, max: 2_000_000_000 }),
  width: fc.integer({ min: 3, max: 6 }),
  height: fc.integer({ min: 2, max: 4 }),
  floes: fc.integer({ min: 1, max: 3 }),
  big: fc.integer({ min: 0, max: 4 }),
  small: fc.integer({ min: 1, max: 12 }),
  fishers: fc.integer({ min: 1, max: 3 }),
  variant: fc.constantFrom("basic" as const, "weather" as const),
  keepFishing: fc.boolean(),
  landCheck: fc.option(fc.integer({ min: 5, max: 15 }), { nil: null }),
  turns: fc.integer({ min: 1, max: 8 }),
  via: fc.constantFrom("file" as const, "seed" as const),
  undo: fc.boolean(),
  undoInPlay: fc.boolean(),
  handOver: fc.boolean(),
});

/** The case's Kayanak file: the engine's board for its seed, turns the bots play, every die forced. */
export function boardScenario(c: BoardCase): KayanakScenario {
  const rng = new Xoshiro128(seedState(c.seed ^ 0x2545f491));
  const holes = c.width * c.height;
  const fishers: { id: string; name: string; at: [number, number]; dex: number }[] = [];
  for (let i = 0; i < Math.min(c.fishers, holes); i++) {
    let k = rng.die(holes) - 1;
    while (fishers.some((f) => f.at[0] + c.width * f.at[1] === k)) k = (k + 1) % holes;
    fishers.push({
      id: `f${i + 1}`,
      name: NAMES[i]!,
      at: [k % c.width, Math.floor(k / c.width)],
      dex: rng.die(5) - 2,
    });
  }
  const setup: KayanakSetup = {
    seed: c.seed,
    width: c.width,
    height: c.height,
    floeCount: Math.min(c.floes, holes),
    fish: { big: c.big, small: c.small },
    settings: {
      variant: c.variant,
      keepFishing: c.keepFishing,
      shakeTheBox: false,
      landCheck: c.landCheck,
    },
    fishers,
  };
  const started = startBoard(setup);
  if (!started.ok) throw new Error(`generated board refused: ${started.error.message}`);
  let s = started.session;
  for (let k = 0; k < c.turns && !s.state.over; k++) {
    const r = botTurn(s, k % 2 ? BOTS.random : BOTS.greedy, rng);
    if (!r.ok) throw new Error(`generated turn refused: ${r.error.message}`);
    s = r.session;
  }
  return JSON.parse(JSON.stringify(exportBoard(s))) as KayanakScenario;
}

/** The table's side of Kayanak case number `n`: spread over generations and systems. */
export function boardRun(c: BoardCase, n: number): BoardRun {
  const scenario = boardScenario(c);
  const turns = scenario.turns.length;
  return {
    scenario,
    generation: n % 2 ? 14 : 13,
    system: SYSTEMS[Math.floor(n / 2) % 3]!,
    owners: scenario.fishers.map((_, i) => (i === 0 ? 0 : i === 1 ? 1 : -1)),
    via: c.via,
    ...(c.undo && turns > 0 ? { undoAfter: 1 + (c.seed % turns) } : {}),
    ...(c.undoInPlay && turns > 0 ? { undoInPlay: 1 + ((c.seed >>> 4) % turns) } : {}),
    ...(c.handOver && turns > 1 ? { handOverBefore: 2 + ((c.seed >>> 6) % (turns - 1)) } : {}),
  };
}
