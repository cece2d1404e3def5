/**
 * The Kayanak host (issue 11): a board's GM side, the counterpart of the fishing game's LakeHost
 * and built from the same parts: the one authority (authority.ts: the active GM, one operation
 * per board at a time), the sealed GM store (store/: the set-up with the fish placed in it, so
 * where the fish lie, only there; drawn from the browser's crypto, not the floes' seed), and
 * Foundry's dice (dice.ts here: the module's dice terms). Each operation reads the record
 * afresh, plays it with the engine, and writes one fixed batch: the record's new revision first
 * (a compare-and-set: a stale writer is refused, staleRecord), then the bears' tokens, the public
 * board flag and the chat card.
 *
 * The turn order is the board's own (its flag's fishers and `next`: the Kayanak panel shows it
 * for every client), never a core Combat (issue 20 item 7): a started Combat of the PCs makes the
 * game system run its turn automation on their actors at every turn change (dnd5e 5.3
 * module/documents/combat.mjs, Combat5e#_onStartTurn/#_onEndTurn/#_onStartRound ->
 * Combatant5e#recoverCombatUses: item and activity uses with a turn or round recovery, recharge
 * rolls, legendary actions; pf2e src/module/encounter/document.ts EncounterPF2e#_onUpdate ->
 * combatant.ts CombatantPF2e#startTurn (rule elements' onTurnStart) and #endTurn (conditions'
 * onEndTurn: frightened goes down), the effect tracker's expiry), and world time moves with the
 * tracker's next turn (core Combat#nextTurn's advanceTime), which ages every effect.
 */
import type { PrngState, RollRecord } from "../../rules/index.ts";
import { Xoshiro128, runAsync } from "../../rules/index.ts";
import type {
  Hole,
  HoleState,
  KayanakEvent,
  KayanakScenario,
  KayanakSession,
  KayanakSetup,
  KayanakState,
  PlacedHole,
  Step,
  TurnRecord,
  Variant,
} from "../../rules/kayanak/index.ts";
import {
  DEFAULT_FISH,
  dropFish,
  endTurn,
  exportScenario,
  legalSteps,
  newGame,
  rollDice,
  scores,
  startSession,
  takeStep,
  turnInputOf,
} from "../../rules/kayanak/index.ts";
import type { TableCore } from "../core/table-core.ts";
import { HOOK } from "../core/constants.ts";
import { VetoError } from "../core/dice.ts";
import type { ChatCreate, Port, SceneData, WriteOp } from "../core/port.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import type { GmStore } from "../core/store/gm-store.ts";
import { boardMisfit, misfitError } from "../core/grid.ts";
import type { ReconcileOptions } from "../core/commit.ts";
import type { PublicBoard } from "./board.ts";
import { bearOps, publicBoardFor, publicBoardOf, sceneBoardOp } from "./board.ts";
import { holeLabel, kayanakCard } from "./cards.ts";
import { kayanakDriver } from "./dice.ts";
import type { KayanakRecord, TurnInPlay } from "./record.ts";
import { isKayanakRecord, sessionOf, withTurn } from "./record.ts";

export const KAYANAK_HOOK = {
  /** A Kayanak turn ended ({boardId, turn, events, state}); GM side. */
  turnEnded: "kolikoly.kayanakTurn",
  /** A Kayanak game ended ({boardId, reason, winners, scores}). */
  gameEnded: "kolikoly.kayanakEnded",
} as const;

export interface KayanakBoardOptions {
  readonly sceneId: string;
  readonly name: string;
  /** The grid square of the board's top-left hole. */
  readonly origin: { readonly col: number; readonly row: number };
  readonly width?: number;
  readonly height?: number;
  /** Floes to generate (J1). */
  readonly floes?: number;
  readonly fish?: { readonly big: number; readonly small: number };
  readonly variant?: Variant;
  readonly keepFishing?: boolean;
  readonly shakeTheBox?: boolean;
  /** J6 setting: the landing check's DC (`1d20 + dex`), or null (default) for none. */
  readonly landCheck?: number | null;
  /**
   * The fishers in turn order (J2: clockwise, as the GM lists them), each a token and a hole,
   * and the dexterity modifier of the landing check (J6 setting; default 0).
   */
  readonly fishers: readonly {
    readonly tokenId: string;
    readonly at: Hole;
    readonly dex?: number;
  }[];
  readonly seed?: number;
}

/** A board as the GM side reads it: record, finished turns, the state with the turn in play. */
export interface LoadedBoard {
  readonly record: KayanakRecord;
  readonly session: KayanakSession;
  /** The state now: the session's with the turn in play applied. */
  readonly state: KayanakState;
  /** The turn in play's events so far. */
  readonly turnEvents: readonly KayanakEvent[];
  readonly scene: SceneData;
  readonly pub: PublicBoard;
}

/** What a player (or the GM) asks of a board. */
export type KayanakRequest =
  | { readonly kind: "roll" }
  | { readonly kind: "step"; readonly step: Step }
  | { readonly kind: "end" };

function randomSeed(): number {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return a[0]! % 2_000_000_000;
}

/** A generator's full 128-bit state from the browser's crypto (never all zero: xoshiro's one bad state). */
function cryptoState(): PrngState {
  const a = new Uint32Array(4);
  do globalThis.crypto.getRandomValues(a);
  while (a.every((x) => x === 0));
  return [a[0]!, a[1]!, a[2]!, a[3]!];
}

/**
 * J1's fish drop for a board, drawn apart from its seed: the seed cuts the floes, which every
 * player sees (the scene flag, the set-up card, the canvas), and the rules ship in the client
 * bundle, so a player could try every seed against the floes and, were the fish dropped by the
 * same generator, rebuild every covered hole. The drop comes from a generator of its own with
 * 128 bits of state from the browser's crypto, and goes into the set-up as placed `holes`
 * (the record, GM only, replays it exactly; the export carries it).
 */
export function secretDrop(
  width: number,
  height: number,
  fish: { readonly big: number; readonly small: number },
  state: PrngState = cryptoState(),
): PlacedHole[] {
  const holes: HoleState[] = Array.from({ length: width * height }, () => ({
    open: false,
    frozen: false,
    big: 0,
    small: 0,
  }));
  dropFish(holes, fish.big, fish.small, new Xoshiro128(state));
  return holes.flatMap((h, i): PlacedHole[] =>
    h.big + h.small > 0
      ? [{ at: [i % width, Math.floor(i / width)], big: h.big, small: h.small }]
      : [],
  );
}

export class KayanakHost {
  private readonly cache = new Map<string, { rev: number; session: KayanakSession }>();

  readonly port: Port;
  /** The GM store, its keys and the one authority are the table core's: one of each per client. */
  readonly store: GmStore;

  constructor(private readonly core: TableCore) {
    this.port = core.port;
    this.store = core.store;
  }

  private get authority() {
    return this.core.authority;
  }

  isAuthority(): boolean {
    return this.authority.isActive();
  }

  private guard<T>(id: string, fn: () => Promise<Result<T>>): Promise<Result<T>> {
    return this.authority.guard(id, fn);
  }

  /** The session this GM client knows for a board (the canvas's GM marks). */
  cached(boardId: string): KayanakSession | undefined {
    return this.cache.get(boardId)?.session;
  }

  async load(boardId: string): Promise<Result<LoadedBoard>> {
    const got = await this.store.get(boardId);
    if (!got.ok) return got;
    const record = got.value;
    if (!isKayanakRecord(record)) return err("unknownBoard", "board");
    const scene = this.port.scene(record.sceneId);
    const pub = scene && publicBoardOf(scene, boardId);
    if (!scene || !pub) return err("unknownBoard", "board");
    const known = this.cache.get(boardId);
    const session = known?.rev === record.rev ? known.session : sessionOf(record, known?.session);
    this.cache.set(boardId, { rev: record.rev, session });
    const now = withTurn(session.state, record.pending.turn);
    return {
      ok: true,
      value: { record, session, state: now.state, turnEvents: now.events, scene, pub },
    };
  }

  private name(pub: PublicBoard): (id: string) => string {
    return (id) => pub.fishers.find((f) => f.id === id)?.name ?? id;
  }

  /** J1, J11: a new board on a scene, the fishers' tokens as bears, in turn order (J2). */
  async createBoard(o: KayanakBoardOptions): Promise<Result<PublicBoard>> {
    if (!this.isAuthority()) return err("notActiveGm");
    const scene = this.port.scene(o.sceneId);
    if (!scene) return err("unknownScene", "sceneId");
    if (typeof o.name !== "string" || !o.name.trim()) return err("badField", "name");
    if (!Array.isArray(o.fishers) || o.fishers.length === 0) return err("noFishers", "fishers");
    const seen = new Set<string>();
    const fishers: { id: string; name: string; tokenId: string; actorId: string | null }[] = [];
    for (const [i, f] of o.fishers.entries()) {
      const t = scene.tokens.find((x) => x._id === f.tokenId);
      if (!t || seen.has(t._id)) return err("unknownToken", `fishers[${i}].tokenId`);
      seen.add(t._id);
      fishers.push({ id: `f${i + 1}`, name: t.name, tokenId: t._id, actorId: t.actorId });
    }
    // the seed cuts the floes only (public); the fish are dropped apart from it (secretDrop)
    const asked: KayanakSetup = {
      seed: o.seed ?? randomSeed(),
      ...(o.width !== undefined ? { width: o.width } : {}),
      ...(o.height !== undefined ? { height: o.height } : {}),
      ...(o.floes !== undefined ? { floeCount: o.floes } : {}),
      ...(o.fish ? { fish: o.fish } : {}),
      settings: {
        variant: o.variant ?? "basic",
        keepFishing: o.keepFishing ?? false,
        shakeTheBox: o.shakeTheBox ?? false,
        landCheck: o.landCheck ?? null,
      },
      fishers: o.fishers.map((f, i) => ({
        id: fishers[i]!.id,
        name: fishers[i]!.name,
        at: f.at,
        ...(f.dex !== undefined ? { dex: f.dex } : {}),
      })),
    };
    // the GM's options checked as given (the engine names the field at fault, `fish.big` too)
    const checked = newGame(asked);
    if (!checked.ok) return checked;
    const { fish: _fish, ...rest } = asked;
    const { width, height } = checked.state.board;
    // issue 20 item 8: a square grid, and every hole of the board on the scene (core/grid.ts)
    const misfit = boardMisfit(scene, o.origin, width, height);
    if (misfit)
      return {
        ok: false,
        error: misfitError(misfit, scene, { origin: o.origin, width, height }, (k, d) =>
          this.port.localize(k, d),
        ),
      };
    const setup: KayanakSetup = {
      ...rest,
      holes: secretDrop(width, height, o.fish ?? DEFAULT_FISH),
    };
    const started = startSession(setup);
    if (!started.ok) return started;
    const session = started.session;
    const boardId = `board${String(randomSeed()).padStart(10, "0")}`;
    const pub = publicBoardFor(
      { id: boardId, name: o.name.trim(), sceneId: o.sceneId, origin: o.origin, fishers },
      session.state,
    );
    const record: KayanakRecord = {
      format: "kolikoly-gm-record/1",
      game: "kayanak",
      lakeId: boardId,
      sceneId: o.sceneId,
      rev: 1,
      setup,
      rounds: [],
      endedByGm: false,
      pending: {},
      pendingBefore: [],
    };
    const key = await this.store.keyForNewLake();
    const t = this.port.localize.bind(this.port);
    const card = await kayanakCard(this.port, {
      board: pub,
      card: "setup",
      turn: 0,
      title: t("KOLIKOLY.Kayanak.Foundry.Chat.SetUp", { board: pub.name }),
      events: session.log,
      name: this.name(pub),
      extra: [t("KOLIKOLY.Kayanak.Foundry.Chat.First", { name: this.name(pub)(fishers[0]!.id) })],
    });
    // the record first; the bears, the board and the set-up card roll forward from it
    const c = await this.core.commit(
      {
        from: undefined,
        record,
        chat: [card],
        key: key.key,
        field: "board",
        publish: (now) => publicBoardOps(now, pub, session.state),
      },
      (r) => this.cache.set(boardId, { rev: r.rev, session }),
    );
    if (!c.ok) return c;
    // the other GM clients get a new key at once: any of them may have to take over
    // and a key made in this browser is the core's to warn of, as for a lake
    await this.core.newKey(key);
    return { ok: true, value: pub };
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
    return this.guard(boardId, async () => {
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
    if (end && end.type === "gameEnd")
      cards.push(
        await kayanakCard(this.port, {
          board: l.pub,
          card: "end",
          turn: final.turn,
          title: t("KOLIKOLY.Kayanak.Foundry.Chat.End", { board: l.pub.name }),
          events: [end],
          name,
          extra: end.scores.map((s) =>
            t("KOLIKOLY.Kayanak.Foundry.Score", {
              name: name(s.fisher),
              big: s.big,
              small: s.small,
              score: s.score,
            }),
          ),
        }),
      );
    const r = await this.commit(l, record, final, cards);
    if (!r.ok) return r;
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
    return this.guard(boardId, async () => {
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
      const r = await this.commit(l.value, next, session.state, [card], session);
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
    const c = await this.core.commit(
      {
        from: l.record.rev,
        record,
        chat,
        field: "board",
        publish: (scene) => this.publicOps(base, scene, state),
      },
      (r) => {
        if (session) this.cache.set(r.lakeId, { rev: r.rev, session });
      },
    );
    if (!c.ok) {
      if (c.error.code === "staleRecord") await this.catchUp(record.lakeId);
      return c;
    }
    return { ok: true, value: publicBoardFor(base, state) };
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
    return this.guard(boardId, () => this.catchUp(boardId, o));
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
    const done = await this.core.rollForward(l.value.record, (scene) =>
      over
        ? publicBoardOps(scene, publicBoardFor(base, l.value.state), l.value.state, false)
        : this.publicOps(base, scene, l.value.state),
    );
    return { ok: true, value: done };
  }
}

/** The bears (unless `bears` is false) and the public board flag, each only where it differs. */
function publicBoardOps(
  scene: SceneData,
  pub: PublicBoard,
  state: KayanakState,
  bears = true,
): WriteOp[] {
  const ops = bears ? bearOps(pub, scene, state) : [];
  if (JSON.stringify(publicBoardOf(scene, pub.id)) !== JSON.stringify(pub))
    ops.push(sceneBoardOp(scene, pub));
  return ops;
}

export { holeLabel };
