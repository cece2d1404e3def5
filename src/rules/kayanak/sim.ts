/**
 * Bots play whole Kayanak games (`kolikoly simulate --game kayanak`), in one thread: a game's
 * result depends only on the options and its seed, never on how games are spread over threads.
 * Game g of a run with seed S is played with seed `gameSeed(S, g)`; the bots' own choices come
 * from a second generator seeded from the same number.
 */
import { Xoshiro128, seedState } from "../dice/prng.ts";
import type { RollProgram } from "../dice/requests.ts";
import { runSync, seededDriver } from "../dice/requests.ts";
import { DEFAULT_FLOES, DEFAULT_HEIGHT, DEFAULT_WIDTH } from "./board.ts";
import type { BotName, KayanakBot } from "./bots.ts";
import { BOTS } from "./bots.ts";
import { DEFAULT_FISH } from "./setup.ts";
import { newGame } from "./setup.ts";
import { endTurn, legalSteps, rollDice, takeStep } from "./turn.ts";
import type { SessionResult } from "./session.ts";
import { playTurn } from "./session.ts";
import type {
  EndReason,
  Hole,
  KayanakResult,
  KayanakSession,
  KayanakState,
  Step,
  Variant,
} from "./types.ts";
import { viewFor } from "./view.ts";

export interface SimOptions {
  readonly fishers: number;
  readonly games: number;
  readonly seed: number;
  /** One bot for every seat, or one per seat. */
  readonly bot: BotName | readonly BotName[];
  readonly width: number;
  readonly height: number;
  readonly floes: number;
  readonly fish: { readonly big: number; readonly small: number };
  readonly variant: Variant;
  readonly keepFishing: boolean;
  /** A game still running after this many turns is stopped and counted as capped. */
  readonly maxTurns: number;
}

export const SIM_DEFAULTS: SimOptions = {
  fishers: 3,
  games: 1000,
  seed: 1,
  bot: "greedy",
  width: DEFAULT_WIDTH,
  height: DEFAULT_HEIGHT,
  floes: DEFAULT_FLOES,
  fish: DEFAULT_FISH,
  variant: "basic",
  keepFishing: false,
  maxTurns: 2000,
};

export interface SimGame {
  readonly turns: number;
  readonly end: EndReason | "capped";
  /** Seats (0 = first to play) of the winners. */
  readonly winners: number[];
  readonly scores: number[];
}

export function gameSeed(seed: number, game: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) + Math.imul(game + 1, 0x85ebca6b)) >>> 0;
}

function seeded(state: KayanakState, program: RollProgram<KayanakResult>): KayanakResult {
  const prng = new Xoshiro128(state.rng);
  const r = runSync(program, seededDriver(prng));
  if (r.ok) r.state.rng = prng.state();
  return r;
}

function unwrap(r: KayanakResult): KayanakState {
  if (!r.ok) throw new Error(`a bot made a refused move: ${r.error.code} ${r.error.field}`);
  return r.state;
}

/**
 * One turn of a session played by a bot for whoever's turn it is: the dice are rolled from the
 * game's seeded state, the bot picks step after step from its own view, and the turn is then
 * recorded with `playTurn` (which rolls the same dice from the same state).
 */
export function botTurn(session: KayanakSession, bot: KayanakBot, rng: Xoshiro128): SessionResult {
  const me = session.state.fishers[session.state.next]!.id;
  let s = unwrap(seeded(session.state, rollDice(session.state, { fisher: me })));
  const steps: Step[] = [];
  for (;;) {
    const step = bot.step(viewFor(s, { fisher: me }), me, legalSteps(s), rng);
    if (!step) break;
    steps.push(step);
    s = unwrap(seeded(s, takeStep(s, step)));
    if (s.over) break;
  }
  return playTurn(session, { fisher: me, steps });
}

/**
 * A game's first state: the board and the fish exactly as a scenario file with this seed, sizes,
 * `floeCount` and fish plays them (`newGame` generates the floes, then drops the fish, from the
 * one seeded stream), and the bears put on it by the bots in turn order (J11). Where the bears
 * stand draws nothing from the stream, so the board is first drawn with stand-ins.
 */
export function startBotGame(
  o: SimOptions,
  seed: number,
  bots: readonly KayanakBot[],
  botRng: Xoshiro128,
): KayanakState {
  const setup = {
    seed,
    width: o.width,
    height: o.height,
    floeCount: o.floes,
    fish: o.fish,
    settings: { variant: o.variant, keepFishing: o.keepFishing },
  };
  const { board } = unwrap(newGame({ ...setup, fishers: [{ id: "f1", at: [0, 0] }] }));
  const taken: Hole[] = [];
  for (const b of bots) taken.push(b.place(board, taken, botRng));
  return unwrap(newGame({ ...setup, fishers: taken.map((at, i) => ({ id: `f${i + 1}`, at })) }));
}

/** One game: bots place their bears in turn order (J11), then play until the end or the cap. */
export function playBotGame(o: SimOptions, seed: number): SimGame {
  const bots: KayanakBot[] = Array.from(
    { length: o.fishers },
    (_, i) => BOTS[typeof o.bot === "string" ? o.bot : (o.bot[i] ?? o.bot[0]!)],
  );
  const botRng = new Xoshiro128(seedState(seed ^ 0x2545f491));
  let state = startBotGame(o, seed, bots, botRng);
  while (!state.over && state.turn < o.maxTurns) {
    const seat = state.next;
    const me = state.fishers[seat]!.id;
    state = unwrap(seeded(state, rollDice(state, { fisher: me })));
    for (;;) {
      const step = bots[seat]!.step(viewFor(state, { fisher: me }), me, legalSteps(state), botRng);
      if (!step) break;
      state = unwrap(seeded(state, takeStep(state, step)));
      if (state.over) break;
    }
    if (!state.over) state = unwrap(endTurn(state));
  }
  return {
    turns: state.turn,
    end: state.endReason ?? "capped",
    winners: state.winners.map((id) => state.fishers.findIndex((f) => f.id === id)),
    scores: state.fishers.map((f) =>
      o.variant === "weather" ? 2 * f.big + f.small : f.big + f.small,
    ),
  };
}

export function simulate(o: SimOptions, onGame?: (done: number) => void): SimGame[] {
  const out: SimGame[] = [];
  for (let g = 0; g < o.games; g++) {
    out.push(playBotGame(o, gameSeed(o.seed, g)));
    onGame?.(g + 1);
  }
  return out;
}

export interface SimSummary {
  readonly games: number;
  readonly fishers: number;
  readonly bot: BotName | readonly BotName[];
  readonly seed: number;
  readonly board: { readonly width: number; readonly height: number; readonly floes: number };
  readonly variant: Variant;
  readonly keepFishing: boolean;
  readonly maxTurns: number;
  /** Turns to the end (every fisher's turn counts one). */
  readonly turns: { mean: number; median: number; p90: number; max: number };
  /** How the games ended. */
  readonly ended: Record<EndReason | "capped", number>;
  /** Per seat, first to play first: games won (a shared win counts for each winner), the rate, shared wins, mean score. */
  readonly seats: {
    seat: number;
    wins: number;
    winRate: number;
    shared: number;
    meanScore: number;
  }[];
  /** Score spread: the winner's and the last's mean score, and the mean gap between them. */
  readonly scores: { winnerMean: number; lastMean: number; gapMean: number; gapMedian: number };
}

function median(sorted: readonly number[]): number {
  const n = sorted.length;
  if (n === 0) return 0;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}
/** Nearest rank: the smallest value with at least q of the sample at or below it. */
function percentile(sorted: readonly number[], q: number): number {
  return sorted.length ? sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]! : 0;
}
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

export function summarize(o: SimOptions, games: readonly SimGame[]): SimSummary {
  const turns = games.map((g) => g.turns).sort((a, b) => a - b);
  const ended: Record<EndReason | "capped", number> = {
    tenFish: 0,
    allOpen: 0,
    everyFloeOpen: 0,
    fifteenFish: 0,
    capped: 0,
  };
  for (const g of games) ended[g.end]++;
  const seats = Array.from({ length: o.fishers }, (_, seat) => {
    const won = games.filter((g) => g.winners.includes(seat));
    return {
      seat,
      wins: won.length,
      winRate: round(games.length ? won.length / games.length : 0),
      shared: won.filter((g) => g.winners.length > 1).length,
      meanScore: round(mean(games.map((g) => g.scores[seat]!)), 2),
    };
  });
  const gaps = games
    .map((g) => Math.max(...g.scores) - Math.min(...g.scores))
    .sort((a, b) => a - b);
  return {
    games: games.length,
    fishers: o.fishers,
    bot: o.bot,
    seed: o.seed,
    board: { width: o.width, height: o.height, floes: o.floes },
    variant: o.variant,
    keepFishing: o.keepFishing,
    maxTurns: o.maxTurns,
    turns: {
      mean: round(mean(turns), 2),
      median: median(turns),
      p90: percentile(turns, 0.9),
      max: turns.at(-1) ?? 0,
    },
    ended,
    seats,
    scores: {
      winnerMean: round(mean(games.map((g) => Math.max(...g.scores))), 2),
      lastMean: round(mean(games.map((g) => Math.min(...g.scores))), 2),
      gapMean: round(mean(gaps), 2),
      gapMedian: median(gaps),
    },
  };
}
