/**
 * The lake host: the fishing game's adapter of the table core. It runs on GM clients, and only
 * the active GM's changes anything (core/authority.ts). What it holds is the game's: what a
 * lake's GM record is (record.ts) and how each request changes it; loading, committing and
 * reconciling are the core's (core/game-host.ts), the set-up is create.ts's, the resolution
 * resolution.ts's. Every check a request gets before the round resolves is the engine's own
 * (K5, H5: `checkPendingDeclaration`, `checkPendingRound`), in the engine's order.
 */
import type { AsyncDriver, Declaration, GameEvent, Scenario, Session } from "../../rules/index.ts";
import { endSession, rebuild, undo } from "../../rules/index.ts";
import type { Alias } from "./aliases.ts";
import { IDENTITY, aliasFor } from "./aliases.ts";
import type { CardFlag } from "./cards.ts";
import { detailEvents, detailsCard, renderCard, roundMessages } from "./cards.ts";
import { MODULE_ID, HOOK } from "../core/constants.ts";
import { Delivery, namer } from "./delivery.ts";
import { hauls, roundGrants } from "./haul.ts";
import { changeHaulCard } from "../core/haul-card.ts";
import { takenBack } from "../core/haul.ts";
import type { CharacterStats, CreateLakeOptions, ScenarioLakeOptions } from "./options.ts";
import type { ChatCreate, Port } from "../core/port.ts";
import type { PublicLake } from "./projection.ts";
import { publicLakeOf } from "./projection.ts";
import type { FairProof, GmRecord, PendingTotal } from "./record.ts";
import { EMPTY_PENDING, isGmRecord } from "./record.ts";
import type { ChoiceAnswer, HostParts, Loaded } from "./resolution.ts";
import { awaitingError, commit, publicOps, resolveOnce } from "./resolution.ts";
import { Declaring } from "./declaring.ts";
import type { ReconcileOptions } from "../core/game-host.ts";
import { GameHosting } from "../core/game-host.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import type { ChoicePrompt } from "./hazard-choice.ts";
import { HazardChoices } from "./hazard-choice.ts";
import type { TableCore } from "../core/table-core.ts";
import { LazyChunk } from "../core/lazy-chunk.ts";
// a type only: erased from the build, so what every client loads at start has no static import of it
import type * as Create from "./create.ts";

/**
 * Making a lake and the scenario files (create.ts: the set-up's checks, a file read and played by
 * the engine, a game exported as a file) are a chunk of their own, loaded when a GM first makes a
 * lake or exports one (kept out of the start bundle): a player's client never does, and it is most of the scenario
 * format's code. What it shares with the GM windows (the wizard's file preview plays the file
 * too) comes with either.
 */
const create = new LazyChunk("the lake set-up and scenario files", () => import("./create.ts"));

/** The set-up's chunk, loaded ahead of a GM's first lake (hooks/gm-preload.ts). */
export function preloadCreate(): void {
  create.preload();
}

export type { Result } from "../core/result.ts";
export { err } from "../core/result.ts";
export type { CreateLakeOptions, FisherOption, ScenarioLakeOptions } from "./options.ts";
export { checkLakeOptions } from "./options.ts";
export type { Loaded } from "./resolution.ts";
export { WriteError } from "../core/write-error.ts";

/** How often a player's ask resends a user's private news for one lake in one round. */
export const NEWS_ASKS_PER_ROUND = 3;

/** What the composition root gives the fishing host besides the core (module.ts, compose.ts). */
export interface LakeHostLayers {
  /** The system adapter rolls what the system rolls itself (K7 initiative), around the core driver. */
  readonly wrapDriver?: (base: AsyncDriver, lakeId: string) => AsyncDriver;
  /** Told whether a resolution committed (the players' side takes back its rolls if not). */
  readonly afterResolution?: (lakeId: string, committed: boolean) => Promise<void>;
  /** H4: this client's choice windows (apps/hazard-choice-dialog.ts where Foundry runs). */
  readonly choicePrompt?: ChoicePrompt;
  /** K6, K9, H2-H5: a character's values for a lake's set-up (the system adapter's). */
  readonly characterStats?: (actorId: string) => CharacterStats | undefined;
}

export class LakeHost implements HostParts {
  /** Each lake's public swarm ids (aliases.ts), from its record's key. */
  private readonly aliases = new Map<string, { key: string | undefined; alias: Alias }>();
  /** What both games' hosts share: authority, the sessions known, the writes (core/game-host.ts). */
  readonly games: GameHosting<Session>;
  readonly delivery: Delivery;
  /** H4: the fisher's owner chooses HP or the hazard's aim during resolution (hazard-choice.ts). */
  readonly choices: HazardChoices;
  readonly wrapDriver: ((base: AsyncDriver, lakeId: string) => AsyncDriver) | undefined;
  readonly afterResolution: ((lakeId: string, committed: boolean) => Promise<void>) | undefined;
  readonly port: Port;
  private readonly characterStats: LakeHostLayers["characterStats"];
  /** Lakes whose hazard choice this client is asking now (one question at a time per lake). */
  private readonly asking = new Set<string>();
  /** The pending round (declaring.ts): the players' desk records fair draws through it. */
  readonly declaring: Declaring;

  constructor(
    /** The table core: authority, the GM store and its keys, the commit (core/table-core.ts). */
    readonly core: TableCore,
    layers: LakeHostLayers = {},
  ) {
    this.port = core.port;
    this.games = new GameHosting(core, "lake", (id) => this.catchUp(id));
    this.wrapDriver = layers.wrapDriver;
    this.afterResolution = layers.afterResolution;
    this.characterStats = layers.characterStats;
    this.choices = new HazardChoices(this.port, undefined, layers.choicePrompt);
    this.declaring = new Declaring(this);
    this.delivery = new Delivery(
      this.port,
      (id) => this.alias(id),
      () => this.gmIds(),
    );
  }

  // the core's parts, as the windows, the players' side and the tests reach them
  get authority() {
    return this.core.authority;
  }
  get store() {
    return this.core.store;
  }
  get keys() {
    return this.core.keys;
  }
  get keyCopy() {
    return this.core.keyCopy;
  }

  /** The public swarm id of each engine swarm id in a lake (the identity until its record is read). */
  alias(lakeId: string): Alias {
    return this.aliases.get(lakeId)?.alias ?? IDENTITY;
  }

  /** Learns a lake's public swarm ids from its record (a new lake's too, before it is written). */
  learn(record: GmRecord): void {
    const known = this.aliases.get(record.lakeId);
    if (known?.key !== record.aliasKey)
      this.aliases.set(record.lakeId, { key: record.aliasKey, alias: aliasFor(record.aliasKey) });
  }

  remember(lakeId: string, rev: number, session: Session): void {
    this.games.remember(lakeId, rev, session);
  }

  /** Only the active GM changes a lake (core/authority.ts). */
  isAuthority(): boolean {
    return this.games.isAuthority();
  }

  gmIds(): string[] {
    return this.games.gmIds();
  }

  /** Waits for the lake's operations under way on this client (core/authority.ts). */
  settled(lakeId: string): Promise<void> {
    return this.games.settled(lakeId);
  }

  async load(lakeId: string): Promise<Result<Loaded>> {
    const got = await this.store.get(lakeId);
    if (!got.ok) return got;
    const record = got.value;
    // a Kayanak board's record is never a lake's
    if (!isGmRecord(record)) return err("unknownLake", "lake");
    this.learn(record);
    const scene = this.port.scene(record.sceneId);
    const pub = scene && publicLakeOf(scene, lakeId);
    if (!scene || !pub) return err("unknownLake", "lake");
    const known = this.games.known(lakeId);
    let session: Session;
    if (known && known.rev === record.rev) session = known.session;
    else {
      // played on from the session this client knew, when the record only added rounds
      session = rebuild(record.setup, record.rounds, record.endedByGm, known?.session);
      this.remember(lakeId, record.rev, session);
    }
    return { ok: true, value: { record, session, scene, pub } };
  }

  /** The session as the GM client knows it (for the panel and GM-only rendering). */
  cached(lakeId: string): Session | undefined {
    return this.games.known(lakeId)?.session;
  }

  /** K1-K4: a new lake on a scene, its fishers' values from the GM and their characters (create.ts). */
  createLake(o: CreateLakeOptions): Promise<Result<PublicLake>> {
    return create.withChunk((c: typeof Create) => c.createLake(this, o));
  }

  /**
   * A lake from a scenario file (docs/scenario-format.md): designed at the table, or exported
   * from a game and continued at the round it stopped (create.ts).
   */
  createFromScenario(o: ScenarioLakeOptions): Promise<Result<PublicLake>> {
    return create.withChunk((c: typeof Create) => c.createLakeFromScenario(this, o));
  }

  /**
   * K6, K9, H2-H5: what the character of an actor brings to a lake's set-up (the system
   * adapter's reading), undefined without an actor or a system adapter on this client. The
   * wizard shows the same values.
   */
  statsOf(actorId: string | null | undefined): CharacterStats | undefined {
    return actorId ? this.characterStats?.(actorId) : undefined;
  }

  /** Whether the last game made this world's first key in this browser (the core's, both games). */
  takeKeyMade(): boolean {
    return this.core.takeKeyMade();
  }

  swarmName(): string {
    return this.port.localize("KOLIKOLY.Foundry.Swarm.TokenName");
  }

  /** K5: a fisher's declaration for the coming round (null withdraws it). Secret: GM store only. */
  setDeclaration(
    lakeId: string,
    fisher: string,
    raw: unknown,
    /** The round the sender means, compared inside the lake's queue (a resolution may land first). */
    round?: number,
    /** Whether the sender still waits for the reply (a player's query): else nothing is written. */
    inTime?: () => boolean,
    /** A player's request: the fisher's budget of changes this round (the record counts them). */
    budget?: number,
  ): Promise<Result<Declaration | null>> {
    return this.declaring.setDeclaration(lakeId, fisher, raw, round, inTime, budget);
  }

  /** K6: locks the round (declarations close); the roll card `card` rolls forward from the record. */
  lockRound(lakeId: string, round: number, card: ChatCreate): Promise<Result<true>> {
    return this.declaring.lockRound(lakeId, round, card);
  }

  /** K6: a check total the GM typed (or a player's roll picked up); null clears it. */
  setTotal(
    lakeId: string,
    fisher: string,
    total: PendingTotal | null,
    proof?: FairProof,
  ): Promise<Result<PendingTotal | null>> {
    return this.declaring.setTotal(lakeId, fisher, total, proof);
  }

  /** H5: the GM revives an unconscious or dying fisher as the round starts (they act in it). */
  setRevive(lakeId: string, fisher: string, on: boolean): Promise<Result<boolean>> {
    return this.declaring.setRevive(lakeId, fisher, on);
  }

  /**
   * Resolves the pending round with Foundry's dice; a failure anywhere before the write changes
   * nothing. H4: a hazard choice is asked outside the lake's queue; the round waits for it in the
   * GM record (`awaiting`), and requests that come meanwhile are answered at once
   * (`awaitingChoice` when they would change the round under way). A resolution of a round
   * already waiting (after a reload or a hand-over) asks the question again until its deadline.
   */
  async resolveRound(
    lakeId: string,
    /** The round the caller means (the panel shows it): another one is refused, staleRound. */
    round?: number,
  ): Promise<Result<{ round: number; events: GameEvent[] }>> {
    let answer: ChoiceAnswer | undefined;
    for (;;) {
      if (!answer && this.asking.has(lakeId)) {
        const l = await this.load(lakeId);
        return l.ok ? awaitingError(l.value) : l;
      }
      const step = await this.games.guard(lakeId, async () => {
        const r = await resolveOnce(this, lakeId, round, answer);
        if (r.ok && r.value.kind === "awaiting") return r;
        await this.afterResolution?.(lakeId, r.ok);
        // the world's round limit (a game sized for the session): the final card, as for any end
        const limit = this.port.setting("roundLimit");
        if (r.ok && typeof limit === "number" && limit > 0 && r.value.round >= limit) {
          const over =
            r.value.kind === "resolved" && r.value.events.some((e) => e.type === "gameEnd");
          if (!over) await this.endNow(lakeId, "roundLimit");
        }
        return r;
      });
      if (!step.ok) return step;
      const v = step.value;
      if (v.kind === "resolved") {
        // outside the lake's queue: a player who does not answer holds up no one's request
        await v.after();
        return { ok: true, value: { round: v.round, events: v.events } };
      }
      // H4: the question, outside the lake's queue; its answer is the round's next step
      this.asking.add(lakeId);
      try {
        const choice = await (v.asked ??
          this.choices.ask(v.awaiting, { lakeId, round: v.round, pub: v.pub }));
        answer = { id: v.awaiting.id, choice };
      } finally {
        this.asking.delete(lakeId);
      }
    }
  }

  /** A player (re)connected: send them again the private news of fishers they own. */
  async deliverTo(lakeId: string, userId: string, asked = false): Promise<void> {
    if (!this.isAuthority()) return;
    const l = await this.load(lakeId);
    if (!l.ok) return;
    // a player's ask (QUERY.news, which names any user) resends at most NEWS_ASKS_PER_ROUND
    // times a user, lake and round: fifty asks are not fifty queries to another player's client
    if (asked) {
      const key = `${userId}|${lakeId}`;
      const round = l.value.session.state.round;
      const was = this.newsAsks.get(key);
      const n = was?.round === round ? was.n : 0;
      if (n >= NEWS_ASKS_PER_ROUND) return;
      this.newsAsks.set(key, { round, n: n + 1 });
    }
    await this.delivery.deliverPrivate(l.value.pub, l.value.session.log, userId);
  }

  /** Resends players asked for, by user and lake, in the lake's current round (deliverTo). */
  private readonly newsAsks = new Map<string, { round: number; n: number }>();

  /** Undo: the game exactly as it was before its last round (or before the GM ended it). */
  undoRound(lakeId: string): Promise<Result<{ round: number }>> {
    return this.games.guard(lakeId, async () => {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session, pub } = l.value;
      if (record.pending.awaiting) return awaitingError(l.value);
      if (!record.endedByGm && record.rounds.length === 0) return err("nothingToUndo");
      const prior = undo(session);
      // the round played again is locked afresh: its old roll card is history
      // the round played again is the GM's call: its players' change budget starts afresh
      const {
        locked: _locked,
        changes: _changes,
        ...pending
      } = record.endedByGm ? record.pending : (record.pendingBefore.at(-1) ?? EMPTY_PENDING);
      const next: GmRecord = {
        ...record,
        rev: record.rev + 1,
        rounds: prior.rounds,
        endedByGm: false,
        pending,
        pendingBefore: record.endedByGm ? record.pendingBefore : record.pendingBefore.slice(0, -1),
      };
      const content = await renderCard(this.port, {
        title: this.port.localize("KOLIKOLY.Foundry.Chat.UndoTitle", { lake: pub.name }),
        lines: [this.port.localize("KOLIKOLY.Foundry.Chat.Undone", { round: session.state.round })],
      });
      const flags = { [MODULE_ID]: { kind: "undo", lake: lakeId, round: prior.state.round } };
      // the undone round's catch taken back (fishing/haul.ts); an undone end takes nothing
      const round = session.state.round;
      const back = record.endedByGm ? [] : roundGrants(record.catch, pub, round, session.log);
      const undone = { kind: "round", n: round, undone: true } as const;
      const haul = await changeHaulCard(this.port, pub, undone, takenBack(back), namer(pub));
      const cards = [{ content, speaker: { alias: pub.name }, flags }, ...(haul ? [haul] : [])];
      const c = await commit(this, l.value, next, prior, [], cards);
      return c.ok ? { ok: true, value: { round: prior.state.round } } : c;
    });
  }

  /** K23: the GM ends the game; the final card lists each fisher's catch. */
  endGame(lakeId: string): Promise<Result<{ catches: { fisher: string; caught: number }[] }>> {
    return this.games.guard(lakeId, () => this.endNow(lakeId, "gm"));
  }

  /**
   * Ends the game now (inside an operation already guarded): by the GM (K23), or at the world's
   * round limit. Either way the record says the GM ended it, so the export replays the same end.
   */
  private async endNow(
    lakeId: string,
    reason: "gm" | "roundLimit",
  ): Promise<Result<{ catches: { fisher: string; caught: number }[] }>> {
    const l = await this.load(lakeId);
    if (!l.ok) return l;
    const { record, session, pub } = l.value;
    if (record.pending.awaiting) return awaitingError(l.value);
    const r = endSession(session);
    if (!r.ok) return r;
    const next: GmRecord = { ...record, rev: record.rev + 1, endedByGm: true };
    const [card] = await roundMessages(this.port, {
      lakeId,
      lakeName: pub.name,
      round: session.state.round,
      events: r.events,
      fisherNames: namer(pub),
      ownersOf: () => [],
      gmIds: this.gmIds(),
      publicRolls: [],
      alias: this.alias(lakeId),
      ...(record.catch ? { haul: hauls(record.catch, pub, session.log) } : {}),
    });
    const flags = { [MODULE_ID]: { ...(card!.flags[MODULE_ID] as object), kind: "end" } };
    const c = await commit(this, l.value, next, r.session, r.events, [{ ...card!, flags }]);
    if (!c.ok) return c;
    const end = r.events.find((e) => e.type === "gameEnd");
    const catches = end && end.type === "gameEnd" ? end.catches : [];
    this.port.callAllHook(HOOK.gameEnded, { lakeId, reason, catches });
    return { ok: true, value: { catches } };
  }

  /** The game as a scenario file (docs/scenario-format.md), every roll forced. GM only. */
  async exportScenario(lakeId: string): Promise<Result<Scenario>> {
    if (!this.port.me().isGM) return err("notGm");
    const l = await this.load(lakeId);
    if (!l.ok) return l;
    const { session, pub, record } = l.value;
    return create.withChunk((c: typeof Create) => ({
      ok: true,
      value: c.scenarioOf(session, pub.name, record, lakeId),
    }));
  }

  /**
   * Brings the scene and chat in line with the GM record (after a reload, a hand-over, or a
   * public write that failed after the record: core/commit.ts `rollForward`). A finished game's
   * tokens are left where they are: the GM may have moved or removed them since.
   */
  reconcile(lakeId: string, o: ReconcileOptions = {}): Promise<Result<boolean>> {
    return this.games.guard(lakeId, () => this.catchUp(lakeId, o));
  }

  /** `reconcile` inside an operation already guarded (a stale refusal's catch-up). */
  async catchUp(lakeId: string, o: ReconcileOptions = {}): Promise<Result<boolean>> {
    if (!this.isAuthority()) return err("notActiveGm");
    const l = await this.load(lakeId);
    if (!l.ok) return l;
    const { record, session, pub } = l.value;
    const finished = pub.over && session.state.over;
    // a reload leaves a finished game exactly as the GM left it (tokens moved, swarm tokens or
    // cards deleted by hand); only the GM's own Reconcile repairs its flag or cards
    if (finished && o.leaveFinished) return { ok: true, value: true };
    const done = await this.games.rollForward(record, (scene) =>
      publicOps(this, pub, scene, record, session.state, [], !finished),
    );
    return { ok: true, value: done };
  }

  /** The details behind a GM or private placeholder, rendered for this GM client. */
  async gmDetails(
    flag: CardFlag,
    /** The lake as loaded already (Runtime#messageHtml keeps it per revision); else loaded here. */
    loaded?: Promise<Result<Loaded>>,
  ): Promise<string | undefined> {
    if (!this.port.me().isGM) return undefined;
    const l = await (loaded ?? this.load(flag.lake));
    if (!l.ok) return undefined;
    const events = detailEvents(l.value.session.log, flag, "gm");
    return detailsCard(this.port, namer(l.value.pub), events);
  }
}
