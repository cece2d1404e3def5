/**
 * A Kayanak game played through the module as a table plays it, held against the engine's
 * replay of the same `kayanak-scenario/1` file: the board set up from the file (or, for a file
 * made from a seed, by the GM's seed through the API), then each turn played by its fisher's
 * owner from their client (the GM for a fisher no player owns): the dice, each step clicked,
 * the end; Foundry's dice show the faces the engine's answers need. After each turn the GM's
 * game must equal the engine's event for event; players must see the engine's player view; the
 * GM may undo a turn (one in play, or the last finished) and hand the table over; the export
 * replays to the same game.
 */
import type {
  KayanakScenario,
  KayanakSession,
  KayanakState,
  Step,
} from "../../../src/rules/kayanak/index.ts";
import { playScenario, rebuild, startSession, viewFor } from "../../../src/rules/kayanak/index.ts";
import { kayanakFormula } from "../../../src/foundry/kayanak/dice.ts";
import { publicBoardOf } from "../../../src/foundry/kayanak/board.ts";
import type { PlayerClient } from "../players/fake-players.ts";
import { settleClients } from "../players/actors.ts";
import type { Draw } from "./dice.ts";
import { firstDifference } from "./compare.ts";
import { DiceQueue, facesFor } from "./dice.ts";
import type { Asked } from "./oracle.ts";
import { turnRequests } from "./oracle.ts";
import type { DiffTable, SystemId } from "./table.ts";
import { diffTable } from "./table.ts";

export interface BoardRun {
  readonly scenario: KayanakScenario;
  readonly generation: 13 | 14;
  readonly system: SystemId;
  readonly owners: readonly (0 | 1 | -1)[];
  /** The file's set-up, or the GM's seed and options through createBoard (a file with no floes or holes of its own). */
  readonly via: "file" | "seed";
  /** After this turn (1-based) the GM undoes it and it is played again. */
  readonly undoAfter?: number;
  /** During this turn (1-based), after its dice, the GM undoes the turn in play; it is played again. */
  readonly undoInPlay?: number;
  readonly handOverBefore?: number;
}

export interface BoardReport {
  readonly differences: string[];
  readonly played: number;
  readonly undone: number;
  readonly handedOver: boolean;
}

/** A step as its player clicks it: the dice's answers (`lands`, `check`) are the GM's to roll. */
function clicked(step: Step): Step {
  if (!("fish" in step)) return step;
  return { fish: step.fish };
}

/** The faces Foundry's dice show for a Kayanak request: the module's own terms, or a plain die. */
function boardDraw(a: Asked, state: KayanakState): Draw | string {
  const formula = kayanakFormula(a.request, state.settings);
  const lettered = /^1d[a-z]$/.test(formula);
  const faces = lettered ? [a.answer.total] : facesFor(formula, a.answer.total);
  if (!faces) return `${a.request.key}: no roll of ${formula} gives ${a.answer.total}`;
  return { key: a.request.key, formula, system: false, faces };
}

export async function playBoard(run: BoardRun): Promise<BoardReport> {
  const oracle = playScenario(run.scenario);
  if (!oracle.ok) throw new Error(`the Kayanak file does not play: ${oracle.error.message}`);
  const O = oracle.session;
  const dice = new DiceQueue();
  const d = dice.differences;
  const t = await diffTable({
    generation: run.generation,
    system: run.system,
    fishers: O.setup.fishers.map((f) => ({ id: f.id, name: f.name ?? f.id, at: [0, 0, 0] })),
    owners: run.owners,
    dice,
  });
  let gm = t.gm;
  let handedOver = false;
  const board = await setUpBoard(run, t, O);
  if (typeof board !== "string")
    return { differences: [board.why], played: 0, undone: 0, handedOver };
  let played = 0;
  let undone = 0;
  for (let i = 0; i < O.turns.length && d.length === 0; i++) {
    const n = i + 1;
    if (run.handOverBefore === n && !handedOver) {
      t.gm.disconnect();
      gm = t.gm2;
      handedOver = true;
      await settleClients([t.gm2, ...t.players]);
    }
    if (run.undoInPlay === n) {
      // the dice rolled, then taken back by the GM: the turn is played again from its start
      if (!(await playTurn(t, gm, board, O, i, dice, "rollOnly"))) break;
      const u = await (await gm.runtime!.kayanak.host()).undoTurn(board);
      if (!u.ok)
        return {
          differences: [`turn ${n}: undo in play refused (${u.error.code})`],
          played,
          undone,
          handedOver,
        };
      undone++;
      const l = await gm.runtime!.kayanak.load(board);
      if (!l.ok || l.value.state.turn !== i || l.value.record.rounds.length !== i)
        d.push(`turn ${n}: undoing the turn in play dropped a finished turn`);
    }
    if (!(await playTurn(t, gm, board, O, i, dice, "whole"))) break;
    played++;
    if (run.undoAfter === n) {
      const u = await gm.runtime!.kayanak.undoTurn(board);
      if (!u.ok) {
        d.push(`turn ${n}: undo refused (${u.error.code})`);
        break;
      }
      undone++;
      if (!(await playTurn(t, gm, board, O, i, dice, "whole"))) break;
      played++;
    }
  }
  if (d.length === 0) await finalBoardChecks(t, gm, board, O, d);
  return { differences: d, played, undone, handedOver };
}

async function setUpBoard(
  run: BoardRun,
  t: DiffTable,
  O: KayanakSession,
): Promise<string | { why: string }> {
  const k = t.gm.runtime!.kayanak;
  const origin = { col: 1, row: 1 };
  if (run.via === "file") {
    const r = await k.createFromScenario({
      sceneId: t.sceneId,
      scenario: { ...run.scenario, turns: [] },
      name: "Differential board",
      origin,
      tokens: t.tokens,
    });
    return r.ok
      ? r.value.id
      : { why: `set-up from the file refused: ${r.error.code} ${r.error.field}` };
  }
  const s = O.setup;
  const st = s.settings ?? {};
  const r = await k.createBoard({
    sceneId: t.sceneId,
    name: "Differential board",
    origin,
    seed: s.seed,
    ...(s.width !== undefined ? { width: s.width } : {}),
    ...(s.height !== undefined ? { height: s.height } : {}),
    ...(s.floeCount !== undefined ? { floes: s.floeCount } : {}),
    ...(s.fish ? { fish: s.fish } : {}),
    ...(st.variant ? { variant: st.variant } : {}),
    ...(st.keepFishing !== undefined ? { keepFishing: st.keepFishing } : {}),
    ...(st.shakeTheBox !== undefined ? { shakeTheBox: st.shakeTheBox } : {}),
    ...(st.landCheck !== undefined ? { landCheck: st.landCheck } : {}),
    fishers: s.fishers.map((f) => ({
      tokenId: t.tokens[f.id]!,
      at: f.at,
      ...(f.dex !== undefined ? { dex: f.dex } : {}),
    })),
  });
  if (!r.ok) return { why: `the board from the seed refused: ${r.error.code} ${r.error.field}` };
  const l = await k.load(r.value.id);
  if (!l.ok) return { why: `the new board does not load: ${l.error.code}` };
  const start = startSession(O.setup);
  if (!start.ok) return { why: "the file's set-up does not start" };
  const diff = firstDifference(
    [{ ...l.value.state, rng: 0 }],
    [{ ...start.session.state, rng: 0 }],
  );
  return diff ? { why: `the seed's board is not the file's: ${diff}` } : r.value.id;
}

/** A request of the fisher whose turn it is, by its owner's client (the GM for no one's fisher). */
function ask(
  t: DiffTable,
  gm: PlayerClient,
  board: string,
  fisher: string,
  turn: number,
  request: object,
) {
  const owner = t.owner(fisher);
  return owner
    ? owner.wiring!.player.kayanak({ lake: board, fisher, round: turn, request })
    : gm.runtime!.kayanak.request(board, fisher, request as never, turn);
}

async function playTurn(
  t: DiffTable,
  gm: PlayerClient,
  board: string,
  O: KayanakSession,
  i: number,
  dice: DiceQueue,
  how: "whole" | "rollOnly",
): Promise<boolean> {
  const n = i + 1;
  const d = dice.differences;
  const rec = O.turns[i]!;
  const before =
    i === 0
      ? startSession(O.setup)
      : { ok: true as const, session: rebuild(O.setup, O.turns.slice(0, i)) };
  if (!before.ok) return (void d.push(`turn ${n}: the engine's board does not start`), false);
  const parts = await turnRequests(O, i);
  const queue = (asked: readonly Asked[]): boolean => {
    dice.clear();
    for (const a of asked) {
      const draw = boardDraw(a, before.session.state);
      if (typeof draw === "string") return (void d.push(`turn ${n}: not playable: ${draw}`), false);
      dice.push(draw);
    }
    return true;
  };
  const fisher = rec.input.fisher;
  const send = async (request: object, what: string): Promise<boolean> => {
    const r = await ask(t, gm, board, fisher, i, request);
    await settleClients([gm, ...t.players]);
    if (d.length) return false;
    if (!r.ok)
      return (void d.push(`turn ${n}: ${what} refused (${r.error.code} ${r.error.field})`), false);
    if (dice.left().length)
      return (
        void d.push(
          `turn ${n}: ${what} left dice the engine rolled: ${dice
            .left()
            .map((x) => x.key)
            .join(", ")}`,
        ),
        false
      );
    return true;
  };
  if (!queue(parts[0] ?? [])) return false;
  if (!(await send({ kind: "roll" }, "the roll"))) return false;
  if (how === "rollOnly") return true;
  for (const [k, step] of rec.input.steps.entries()) {
    if (!queue(parts[k + 1] ?? [])) return false;
    if (!(await send({ kind: "step", step: clicked(step) }, `step ${k + 1}`))) return false;
  }
  // the turn ends by itself when nothing more can be done; else its fisher ends it
  const l = await gm.runtime!.kayanak.load(board);
  if (!l.ok) return (void d.push(`turn ${n}: the board does not load`), false);
  if (l.value.record.pending.turn) {
    dice.clear();
    if (!(await send({ kind: "end" }, "the end"))) return false;
  }
  const now = await gm.runtime!.kayanak.load(board);
  if (!now.ok) return (void d.push(`turn ${n}: the board does not load after the turn`), false);
  const expected = rebuild(O.setup, O.turns.slice(0, n)).log;
  const diff = firstDifference(now.value.session.log, expected);
  if (diff) return (void d.push(`turn ${n}: ${diff}`), false);
  return true;
}

async function finalBoardChecks(
  t: DiffTable,
  gm: PlayerClient,
  board: string,
  O: KayanakSession,
  d: string[],
): Promise<void> {
  const k = gm.runtime!.kayanak;
  const l = await k.load(board);
  if (!l.ok) return void d.push(`the board does not load at the end (${l.error.code})`);
  const sd = firstDifference([{ ...l.value.state, rng: 0 }], [{ ...O.state, rng: 0 }]);
  if (sd) return void d.push(`the final state: ${sd}`);
  // each player's scene shows the engine's player view (J10: no covered hole's fish)
  const { pending: _p, next, endReason, ...v } = viewFor(O.state, "player");
  for (const p of t.players) {
    const pub = publicBoardOf(p.scene(t.sceneId)!, board);
    const {
      inPlay: _i,
      next: pn,
      endReason: pe,
      ...pv
    } = (pub?.view ?? {}) as Record<string, unknown>;
    const vd = firstDifference([pv, pn ?? null, pe ?? null], [v, next ?? null, endReason ?? null]);
    if (vd) return void d.push(`a player's board: ${vd}`);
  }
  const ex = await k.exportScenario(board);
  if (!ex.ok) return void d.push(`the export was refused (${ex.error.code})`);
  const again = playScenario(JSON.parse(JSON.stringify(ex.value)));
  if (!again.ok)
    return void d.push(`the export does not replay: ${again.error.field} ${again.error.message}`);
  const ed = firstDifference(again.session.log, O.log);
  if (ed) d.push(`the export's replay: ${ed}`);
}
