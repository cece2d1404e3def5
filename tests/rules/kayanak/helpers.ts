/** Builders for Kayanak rule tests: a small board, and programs run with given die answers. */
import type { RollProgram, RollRequest } from "../../../src/rules/dice/requests.ts";
import { runSync } from "../../../src/rules/dice/requests.ts";
import type {
  ActionFace,
  Hole,
  KayanakEvent,
  KayanakResult,
  KayanakSetup,
  KayanakState,
  Step,
  TemperatureFace,
} from "../../../src/rules/kayanak/index.ts";
import { newGame, rollDice, takeStep } from "../../../src/rules/kayanak/index.ts";

/** 4 x 3 holes; floe 0 the two left columns, floe 1 the two right ones. */
export const SMALL_FLOES: Hole[][] = [
  [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [0, 2],
    [1, 2],
  ],
  [
    [2, 0],
    [3, 0],
    [2, 1],
    [3, 1],
    [2, 2],
    [3, 2],
  ],
];

/** Bears on these holes, in turn order, named ana, bo, cy, di... */
export function bearsAt(...at: Hole[]): KayanakSetup["fishers"] {
  const ids = ["ana", "bo", "cy", "di", "eve", "fay"];
  return at.map((h, i) => ({ id: ids[i]!, at: h }));
}

export function setupOf(over: Partial<KayanakSetup> = {}): KayanakSetup {
  return {
    seed: 7,
    width: 4,
    height: 3,
    floes: SMALL_FLOES,
    holes: [],
    fishers: bearsAt([0, 0], [3, 2]),
    ...over,
  };
}

export function ok(r: KayanakResult): { state: KayanakState; events: KayanakEvent[] } {
  if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.field} ${r.error.message}`);
  return r;
}

/** A result as a test compares it: "accepted", or the refusal's error. */
export const refused = (r: { ok: boolean; error?: unknown }) => (r.ok ? "accepted" : r.error);

export function game(over: Partial<KayanakSetup> = {}): KayanakState {
  return ok(newGame(setupOf(over))).state;
}

/** Runs a program, answering its dice from `answers` in order; the requests asked are kept. */
export function run<T>(
  program: RollProgram<T>,
  answers: number[] = [],
  asked: RollRequest[] = [],
): T {
  let i = 0;
  return runSync(program, {
    roll: (r) => {
      asked.push(r);
      const total = answers[i++];
      if (total === undefined) throw new Error(`unexpected die ${r.key}`);
      return { total };
    },
  });
}

/** The dice of the turn rolled with these faces forced (answers are replaced). */
export function rolled(
  state: KayanakState,
  die: ActionFace,
  temperature?: TemperatureFace,
): KayanakState {
  const fisher = state.fishers[state.next]!.id;
  const answers = state.settings.variant === "weather" ? [1, 1] : [1];
  return ok(run(rollDice(state, { fisher, die, ...(temperature ? { temperature } : {}) }), answers))
    .state;
}

export function step(state: KayanakState, s: Step, answers: number[] = []): KayanakResult {
  return run(takeStep(state, s), answers);
}

export function steps(state: KayanakState, list: Step[]): KayanakState {
  let s = state;
  for (const x of list) s = ok(step(s, x, [1])).state;
  return s;
}

export const star = (dots = 3): ActionFace => ({ face: "star", dots });
export const holeAt = (s: KayanakState, h: Hole) => s.holes[h[0] + s.board.width * h[1]]!;
