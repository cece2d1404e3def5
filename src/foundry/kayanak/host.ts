/**
 * The Kayanak host: a board's GM side, the counterpart of the fishing game's LakeHost and built
 * the same way: what it holds is the game's (what a board's record is, record.ts, and how a
 * request changes it); the authority, the sessions known and the writes are the core's
 * (core/game-host.ts: one operation per board at a time on the active GM's client, the record's
 * next revision first as a compare-and-set, then the bears, the public board and the card), the
 * set-up create.ts's, the dice Foundry's (dice.ts: the module's dice terms).
 *
 * The turn order is the board's own (its flag's fishers and `next`: the Kayanak panel shows it
 * for every client), never a core Combat: a started Combat of the PCs makes the game system run
 * its turn automation on their actors at every turn change (dnd5e 5.3
 * module/documents/combat.mjs, Combat5e#_onStartTurn/#_onEndTurn/#_onStartRound ->
 * Combatant5e#recoverCombatUses: item and activity uses with a turn or round recovery, recharge
 * rolls, legendary actions; pf2e src/module/encounter/document.ts EncounterPF2e#_onUpdate ->
 * combatant.ts CombatantPF2e#startTurn (rule elements' onTurnStart) and #endTurn (conditions'
 * onEndTurn: frightened goes down), the effect tracker's expiry), and world time moves with the
 * tracker's next turn (core Combat#nextTurn's advanceTime), which ages every effect.
 */
import { endCard, finishedTurnHaul, turnGrants } from "./haul.ts";
import { changeHaulCard } from "../core/haul-card.ts";
import { takenBack } from "../core/haul.ts";
import type { RollRecord } from "../../rules/index.ts";
import { runAsync } from "../../rules/index.ts";
import type {
  KayanakEvent,
  KayanakScenario,
  KayanakSession,
  KayanakState,
  Step,
  TurnRecord,
} from "../../rules/kayanak/index.ts";
import {
  endTurn,
  exportScenario,
  legalSteps,
  rollDice,
  scores,
  takeStep,
  turnInputOf,
} from "../../rules/kayanak/index.ts";
import type { TableCore } from "../core/table-core.ts";
import { HOOK } from "../core/constants.ts";
import { VetoError } from "../core/dice.ts";
import type { ChatCreate, Port, SceneData, WriteOp } from "../core/port.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import type { ReconcileOptions } from "../core/game-host.ts";
import { GameHosting } from "../core/game-host.ts";
import type { PublicBoard } from "./board.ts";
import type { KayanakRequest, LoadedBoard } from "./loaded.ts";
import { publicBoardFor, publicBoardOf } from "./board.ts";
import { holeLabel, kayanakCard } from "./cards.ts";
import { kayanakDriver } from "./dice.ts";
import type { KayanakRecord, TurnInPlay } from "./record.ts";
import { isKayanakRecord, sessionOf, withTurn } from "./record.ts";
import type { KayanakBoardOptions, KayanakScenarioOptions } from "./create.ts";
import { createBoard, createBoardFromScenario, publicBoardOps, readBoardFile } from "./create.ts";
import type { GameFile } from "../core/scenario-file.ts";

export type { KayanakBoardOptions, KayanakScenarioOptions } from "./create.ts";
export { secretDrop } from "./create.ts";

export const KAYANAK_HOOK = {
  /** A Kayanak turn ended ({boardId, turn, events, state}); GM side. */
  turnEnded: "kolikoly.kayanakTurn",
  /** A Kayanak game ended ({boardId, reason, winners, scores}). */
  gameEnded: "kolikoly.kayanakEnded",
} as const;

// what the host reads a board as, and what is asked of one (loaded.ts)
export type { KayanakRequest, LoadedBoard } from "./loaded.ts";

export class KayanakHost {
  /** What both games' hosts share: authority, the sessions known, the writes (core/game-host.ts). */
  readonly games: GameHosting<KayanakSession>;
  readonly port: Port;

  constructor(core: TableCore) {
    this.port = core.port;
    this.games = new GameHosting(core, "board", (id) => this.catchUp(id));
  }

  isAuthority(): boolean {
    return this.games.isAuthority();
  }

  /** The session this GM client knows for a board (the canvas's GM marks). */
  cached(boardId: string): KayanakSession | undefined {
    return this.games.known(boardId)?.session;
  }

  async load(boardId: string): Promise<Result<LoadedBoard>> {
    const got = await this.games.core.store.get(boardId);
    if (!got.ok) return got;
    const record = got.value;
    if (!isKayanakRecord(record)) return err("unknownBoard", "board");
    const scene = this.port.scene(record.sceneId);
    const pub = scene && publicBoardOf(scene, boardId);
    if (!scene || !pub) return err("unknownBoard", "board");
    const known = this.games.known(boardId);
    const session = known?.rev === record.rev ? known.session : sessionOf(record, known?.session);
    this.games.remember(boardId, record.rev, session);
    const now = withTurn(session.state, record.pending.turn);
    return {
      ok: true,
      value: { record, session, state: now.state, turnEvents: now.events, scene, pub },
    };
  }

  private name(pub: PublicBoard): (id: string) => string {
    return (id) => pub.fishers.find((f) => f.id === id)?.name ?? id;
  }

  /** J1, J11: a new board on a scene, the fishers' tokens as bears, in turn order (J2): create.ts. */
  createBoard(o: KayanakBoardOptions): Promise<Result<PublicBoard>> {
    return createBoard(this, o);
  }

  /** A board from a `kayanak-scenario/1` file, continued where it stopped (create.ts). */
  createFromScenario(o: KayanakScenarioOptions): Promise<Result<PublicBoard>> {
    return createBoardFromScenario(this, o);
  }

  /** A Kayanak file as the wizard shows it before anything is made (create.ts). */
  async readFile(text: string): Promise<Result<GameFile>> {
    return readBoardFile(text);
  }

  /**
   * One request of the fisher whose turn it is (J2-J8); the GM may act for any fisher.
   * `turn`, when given, is the turns played as the sender saw them: it is compared inside the
   * board's queue (the authority's guard), so of two identical requests sent at once the second
   * is refused (staleTurn) rather than played on the turn the first one ended.
   */
  request(
    boardId: string,
    fisher: string,
    req: KayanakRequest,
    turn?: number,
  ): Promise<Result<PublicBoard>> {
    return this.games.guard(boardId, async () => {
      const l = await this.load(boardId);
      if (!l.ok) return l;
      const { state } = l.value;
      if (turn !== undefined && turn !== state.turn) return err("staleTurn", "round");
      if (state.over) return err("gameOver");
      if (!state.fishers.some((f) => f.id === fisher)) return err("unknownFisher", "fisher");
      if (state.fishers[state.next]!.id !== fisher) return err("notYourTurn", "fisher");
      try {
        if (req.kind === "roll") return await this.roll(l.value, fisher);
        if (req.kind === "step") return await this.step(l.value, req.step);
        if (req.kind === "end") {
          const turn = l.value.record.pending.turn;
          if (!turn) return err("notRolled");
          return await this.finish(l.value, state, [...l.value.turnEvents], turn, []);
        }
      } catch (e) {
        return err(
          e instanceof VetoError ? "vetoed" : "resolutionFailed",
          "",
          String((e as Error).message),
        );
      }
      return err("badRequest", "request");
    });
  }

  private async roll(l: LoadedBoard, fisher: string): Promise<Result<PublicBoard>> {
    if (l.record.pending.turn) return err("diceRolled");
    const driver = kayanakDriver(this.port, l.state.settings);
    const rolls: RollRecord[] = [];
    const r = await runAsync(rollDice(l.state, { fisher }), driver, rolls);
    if (!r.ok) return r;
    const rolled = r.events.find((e) => e.type === "rolled");
    if (!rolled || rolled.type !== "rolled") return err("resolutionFailed");
    const turn: TurnInPlay = {
      fisher,
      die: rolled.die,
      ...(rolled.temperature ? { temperature: rolled.temperature } : {}),
      steps: [],
      rolls,
    };
    const t = this.port.localize.bind(this.port);
    const card = await kayanakCard(this.port, {
      board: l.pub,
      card: "roll",
      turn: l.state.turn + 1,
      title: t("KOLIKOLY.Kayanak.Foundry.Chat.Roll", {
        board: l.pub.name,
        name: this.name(l.pub)(fisher),
      }),
      events: r.events,
      name: this.name(l.pub),
      rolls: driver.rolls,
    });
    // nothing the dice allow (a fish face with no open hole near): the turn ends with the roll
    if (legalSteps(r.state).length === 0)
      return this.finish(l, r.state, [...r.events], turn, [card]);
    return this.commit(l, { ...l.record, rev: l.record.rev + 1, pending: { turn } }, r.state, [
      card,
    ]);
  }

  private async step(l: LoadedBoard, step: Step): Promise<Result<PublicBoard>> {
    const turn = l.record.pending.turn;
    if (!turn) return err("notRolled");
    const driver = kayanakDriver(this.port, l.state.settings);
    const rolls: RollRecord[] = [];
    const r = await runAsync(takeStep(l.state, step), driver, rolls);
    if (!r.ok) return r;
    // the step as played: a landing die's answer forced, so the record replays it exactly
    const played = turnInputOf(turn.fisher, r.events, [step]).steps[0]!;
    const next: TurnInPlay = {
      ...turn,
      steps: [...turn.steps, played],
      rolls: [...turn.rolls, ...rolls],
    };
    const events = [...l.turnEvents, ...r.events];
    if (r.state.over || legalSteps(r.state).length === 0)
      return this.finish(l, r.state, events, next, [], driver.rolls);
    // a step that rolled (a landing die, the J6 landing check) shows its dice to all at once
    const chat: ChatCreate[] = [];
    if (driver.rolls.length) {
      const t = this.port.localize.bind(this.port);
      chat.push(
        await kayanakCard(this.port, {
          board: l.pub,
          card: "step",
          turn: l.state.turn + 1,
          title: t("KOLIKOLY.Kayanak.Foundry.Chat.Turn", {
            board: l.pub.name,
            turn: l.state.turn + 1,
            name: this.name(l.pub)(turn.fisher),
          }),
          events: r.events,
          name: this.name(l.pub),
          rolls: driver.rolls,
        }),
      );
    }
    return this.commit(
      l,
      { ...l.record, rev: l.record.rev + 1, pending: { turn: next } },
      r.state,
      chat,
    );
  }

  /** J2: the turn ends (unused dots lost) and is recorded; the tracker moves on; the end card if over. */
  private async finish(
    l: LoadedBoard,
    state: KayanakState,
    events: KayanakEvent[],
    turn: TurnInPlay,
    chat: ChatCreate[],
    rolls: readonly object[] = [],
  ): Promise<Result<PublicBoard>> {
    let final = state;
    if (!state.over) {
      const e = endTurn(state);
      if (!e.ok) return e;
      final = e.state;
      events.push(...e.events);
    }
    final = { ...final, rng: l.session.state.rng };
    const rec: TurnRecord = {
      input: turnInputOf(turn.fisher, events, turn.steps),
      rolls: turn.rolls,
      rng: l.session.state.rng,
    };
    const record: KayanakRecord = {
      ...l.record,
      rev: l.record.rev + 1,
      rounds: [...l.record.rounds, rec],
      pending: {},
    };
    const t = this.port.localize.bind(this.port);
    const name = this.name(l.pub);
    const cards = [...chat];
    cards.push(
      await kayanakCard(this.port, {
        board: l.pub,
        card: "turn",
        turn: final.turn,
        title: t("KOLIKOLY.Kayanak.Foundry.Chat.Turn", {
          board: l.pub.name,
          turn: final.turn,
          name: name(turn.fisher),
        }),
        events: events.filter((e) => e.type !== "rolled" && e.type !== "gameEnd"),
        name,
        rolls,
      }),
    );
    const end = events.find((e) => e.type === "gameEnd");
    const log = [...l.session.log, ...events];
    if (end && end.type === "gameEnd")
      cards.push(await endCard(this.port, l.pub, final.turn, end, name, l.record.catch, log));
    // J6, J9: the turn's catch in the fishers' characters, written with its card (core/haul.ts)
    const turnNo = record.rounds.length;
    cards.push(...(await finishedTurnHaul(this.port, record.catch, l.pub, turnNo, events, name)));
    const r = await this.commit(l, record, final, cards);
    if (!r.ok) return r;
    this.port.reach?.nextRound(); // a turn is a round here (core/batch.ts)
    this.port.callAllHook(KAYANAK_HOOK.turnEnded, {
      boardId: l.pub.id,
      turn: final.turn,
      events,
      state: final,
    });
    if (end && end.type === "gameEnd") {
      this.port.callAllHook(KAYANAK_HOOK.gameEnded, {
        boardId: l.pub.id,
        reason: end.reason,
        winners: end.winners,
        scores: scores(final),
      });
      this.port.callAllHook(HOOK.gameEnded, {
        lakeId: l.pub.id,
        reason: end.reason,
        catches: scores(final).map((s) => ({ fisher: s.fisher, caught: s.big + s.small })),
      });
    }
    return r;
  }

  /** Undo (GM): the turn in play is dropped, or else the last finished turn. */
  undoTurn(boardId: string): Promise<Result<{ turn: number }>> {
    return this.games.guard(boardId, async () => {
      if (!this.port.me().isGM) return err("notGm");
      const l = await this.load(boardId);
      if (!l.ok) return l;
      const { record, pub } = l.value;
      const inPlay = record.pending.turn !== undefined;
      if (!inPlay && record.rounds.length === 0) return err("nothingToUndo");
      const next: KayanakRecord = {
        ...record,
        rev: record.rev + 1,
        rounds: inPlay ? record.rounds : record.rounds.slice(0, -1),
        pending: {},
      };
      const session = sessionOf(next);
      const t = this.port.localize.bind(this.port);
      const card = await kayanakCard(this.port, {
        board: pub,
        card: "undo",
        turn: session.state.turn,
        title: t("KOLIKOLY.Kayanak.Foundry.Chat.UndoTitle", { board: pub.name }),
        events: [],
        name: this.name(pub),
        extra: [
          t(
            inPlay
              ? "KOLIKOLY.Kayanak.Foundry.Chat.UndoneInPlay"
              : "KOLIKOLY.Kayanak.Foundry.Chat.Undone",
            {
              turn: inPlay ? session.state.turn + 1 : record.rounds.length,
            },
          ),
        ],
      });
      // the undone turn's catch taken back: what its events added to the log (kayanak/haul.ts)
      const undone = inPlay ? [] : l.value.session.log.slice(session.log.length);
      const back = takenBack(turnGrants(record.catch, pub, record.rounds.length, undone));
      const undoneTurn = { kind: "turn", n: record.rounds.length, undone: true } as const;
      const haul = await changeHaulCard(this.port, pub, undoneTurn, back, this.name(pub));
      const cards = haul ? [card, haul] : [card];
      const r = await this.commit(l.value, next, session.state, cards, session);
      if (!r.ok) return r;
      return { ok: true, value: { turn: session.state.turn } };
    });
  }

  /** The board's finished turns as a scenario file (`kayanak-scenario/1`); GM only. */
  async exportScenario(boardId: string): Promise<Result<KayanakScenario>> {
    if (!this.port.me().isGM) return err("notGm");
    const l = await this.load(boardId);
    if (!l.ok) return l;
    return { ok: true, value: exportScenario(l.value.session) };
  }

  /**
   * Writes one change (core/commit.ts): the record's new revision first, then the bears, the
   * public board and the change's cards roll forward from it. Refused when
   * another GM client wrote the record meanwhile, and then nothing of it is written.
   */
  private async commit(
    l: LoadedBoard,
    record: KayanakRecord,
    state: KayanakState,
    chat: ChatCreate[],
    session?: KayanakSession,
  ): Promise<Result<PublicBoard>> {
    const base = l.pub;
    const c = await this.games.write(
      l.record.rev,
      record,
      chat,
      (scene) => this.publicOps(base, scene, state),
      session,
    );
    return c.ok ? { ok: true, value: publicBoardFor(base, state) } : c;
  }

  /** The bears and the public board as `state` shows them, against the scene now. */
  private publicOps(base: PublicBoard, scene: SceneData, state: KayanakState): WriteOp[] {
    return publicBoardOps(scene, publicBoardFor(base, state), state);
  }

  /**
   * Brings the scene and chat in line with the board's record (after a reload, a
   * hand-over, or a public write that failed after the record). A finished board's bears stay.
   */
  reconcile(boardId: string, o: ReconcileOptions = {}): Promise<Result<boolean>> {
    return this.games.guard(boardId, () => this.catchUp(boardId, o));
  }

  /** `reconcile` inside an operation already guarded. */
  async catchUp(boardId: string, o: ReconcileOptions = {}): Promise<Result<boolean>> {
    if (!this.isAuthority()) return err("notActiveGm");
    const l = await this.load(boardId);
    if (!l.ok) return l;
    const base = l.value.pub;
    const over = l.value.pub.view.over && l.value.state.over;
    // issue 20 item 4: a reload leaves a finished board as the GM left it (core/commit.ts)
    if (over && o.leaveFinished) return { ok: true, value: true };
    const done = await this.games.rollForward(l.value.record, (scene) =>
      over
        ? publicBoardOps(scene, publicBoardFor(base, l.value.state), l.value.state, false)
        : this.publicOps(base, scene, l.value.state),
    );
    return { ok: true, value: done };
  }
}

export { holeLabel };
