/**
 * The lake host: the GM side of the module. It runs on GM clients, and only the active GM's
 * changes anything (authority.ts). It keeps every game in the GM store (store/gm-store.ts,
 * sealed), resolves rounds with Foundry's dice (resolution.ts), sends each fisher's private news
 * (delivery.ts), and writes each change as one fixed batch: tokens, the public lake flag, chat,
 * and the GM record's new revision last.
 */
import type {
  AsyncDriver,
  Coord,
  Declaration,
  GameEvent,
  GameSetup,
  GameState,
  Scenario,
  Session,
} from "../../rules/index.ts";
import {
  HAZARD_MODES,
  checkSetup,
  endSession,
  exportScenario,
  parseDeclaration,
  rebuild,
  undo,
  validateRoundInput,
} from "../../rules/index.ts";
import type { Alias } from "./aliases.ts";
import { IDENTITY, aliasFor, newAliasKey } from "./aliases.ts";
import type { Authority } from "../core/authority.ts";
import type { CardFlag } from "./cards.ts";
import { detailEvents, eventLine, renderCard, roundMessages } from "./cards.ts";
import { MODULE_ID, HOOK } from "../core/constants.ts";
import { Delivery, namer } from "./delivery.ts";
import type { CreateLakeOptions } from "./options.ts";
import { checkLakeOptions } from "./options.ts";
import type { ChatCreate, Port } from "../core/port.ts";
import type { PublicLake } from "./projection.ts";
import { lakeFootprint, publicLakeFor, publicLakeOf, sceneLevelsFor } from "./projection.ts";
import { boardMisfit, misfitError } from "../core/grid.ts";
import type { GmRecord, Pending, PendingTotal } from "./record.ts";
import { EMPTY_PENDING, isGmRecord } from "./record.ts";
import type { ChoiceAnswer, HostParts, Loaded } from "./resolution.ts";
import { commit, publicOps, resolveOnce } from "./resolution.ts";
import type { ReconcileOptions } from "../core/commit.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import type { ChoicePrompt } from "./hazard-choice.ts";
import { CHOICE_SETTING, HazardChoices, defaultChoice } from "./hazard-choice.ts";
import type { GmStore } from "../core/store/gm-store.ts";
import type { KeyCopying } from "../core/store/key-copy.ts";
import type { KeyHanding } from "../core/store/handover.ts";
import type { TableCore } from "../core/table-core.ts";
import { MODULE_BODY } from "../core/swarm-body.ts";

export type { Result } from "../core/result.ts";
export { err } from "../core/result.ts";
export type { CreateLakeOptions, FisherOption } from "./options.ts";
export { checkLakeOptions } from "./options.ts";
export type { Loaded } from "./resolution.ts";
export { WriteError } from "../core/write-error.ts";

/** What the composition root gives the fishing host besides the core (module.ts, compose.ts). */
export interface LakeHostLayers {
  /** Issue 4: the system adapter rolls what the system rolls itself (K7 initiative), around the core driver. */
  readonly wrapDriver?: (base: AsyncDriver, lakeId: string) => AsyncDriver;
  /** Issue 10: told whether a resolution committed (the players' side takes back its rolls if not). */
  readonly afterResolution?: (lakeId: string, committed: boolean) => Promise<void>;
  /** H4: this client's choice windows (apps/hazard-choice-dialog.ts where Foundry runs). */
  readonly choicePrompt?: ChoicePrompt;
}

export class LakeHost implements HostParts {
  private readonly cache = new Map<string, { rev: number; session: Session }>();
  /** Each lake's public swarm ids (aliases.ts), from its record's key. */
  private readonly aliases = new Map<string, { key: string | undefined; alias: Alias }>();
  readonly authority: Authority;
  readonly store: GmStore;
  /** The passphrase copy of the store's keys (issue 20 item 11). */
  readonly keyCopy: KeyCopying;
  readonly keys: KeyHanding;
  readonly delivery: Delivery;
  /** H4: the fisher's owner chooses HP or the hazard's aim during resolution (hazard-choice.ts). */
  readonly choices: HazardChoices;
  /** Issue 4: the system adapter rolls what the system rolls itself (K7 initiative), around the core driver. */
  readonly wrapDriver: ((base: AsyncDriver, lakeId: string) => AsyncDriver) | undefined;
  /** Issue 10: told whether a resolution committed (the players' side takes back its rolls if not). */
  readonly afterResolution: ((lakeId: string, committed: boolean) => Promise<void>) | undefined;
  readonly port: Port;

  constructor(
    /** The table core: authority, the GM store and its keys, the commit (core/table-core.ts). */
    readonly core: TableCore,
    layers: LakeHostLayers = {},
  ) {
    const port = core.port;
    this.port = port;
    this.authority = core.authority;
    this.store = core.store;
    this.keys = core.keys;
    this.keyCopy = core.keyCopy;
    this.wrapDriver = layers.wrapDriver;
    this.afterResolution = layers.afterResolution;
    this.choices = new HazardChoices(port, undefined, layers.choicePrompt);
    this.delivery = new Delivery(
      port,
      (id) => this.alias(id),
      () => this.gmIds(),
    );
  }

  /** The public swarm id of each engine swarm id in a lake (the identity until its record is read). */
  alias(lakeId: string): Alias {
    return this.aliases.get(lakeId)?.alias ?? IDENTITY;
  }

  private learn(record: GmRecord): void {
    const known = this.aliases.get(record.lakeId);
    if (known?.key !== record.aliasKey)
      this.aliases.set(record.lakeId, { key: record.aliasKey, alias: aliasFor(record.aliasKey) });
  }

  /**
   * Keeps the session of a revision, never going back: a read that started before a write of
   * this client (a card drawn again while the write was under way) may end after it.
   */
  remember(lakeId: string, rev: number, session: Session): void {
    const known = this.cache.get(lakeId);
    if (!known || known.rev <= rev) this.cache.set(lakeId, { rev, session });
  }

  /** Only the active GM changes a lake (authority.ts). */
  isAuthority(): boolean {
    return this.authority.isActive();
  }

  gmIds(): string[] {
    return this.authority.gmIds();
  }

  /** Waits for the lake's operations under way on this client (authority.ts). */
  settled(lakeId: string): Promise<void> {
    return this.authority.settled(lakeId);
  }

  private guard<T>(lakeId: string, fn: () => Promise<Result<T>>): Promise<Result<T>> {
    return this.authority.guard(lakeId, fn);
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
    const cached = this.cache.get(lakeId);
    let session: Session;
    if (cached && cached.rev === record.rev) session = cached.session;
    else {
      // played on from the session this client knew, when the record only added rounds
      session = rebuild(record.setup, record.rounds, record.endedByGm, cached?.session);
      this.remember(lakeId, record.rev, session);
    }
    return { ok: true, value: { record, session, scene, pub } };
  }

  /** The session as the GM client knows it (for the panel and GM-only rendering). */
  cached(lakeId: string): Session | undefined {
    return this.cache.get(lakeId)?.session;
  }

  async createLake(o: CreateLakeOptions): Promise<Result<PublicLake>> {
    if (!this.isAuthority()) return err("notActiveGm");
    const scene = this.port.scene(o.sceneId);
    if (!scene) return err("unknownScene", "sceneId");
    const checked = checkLakeOptions(o, scene);
    if (!checked.ok) return checked;
    const lakeId = `lake${randomDigits()}`;
    const fishers = o.fishers.map((f, i) => {
      const t = scene.tokens.find((x) => x._id === f.tokenId)!;
      return { id: `f${i + 1}`, name: t.name, tokenId: t._id, actorId: t.actorId };
    });
    const asked: GameSetup = {
      seed: o.seed ?? Number.parseInt(randomDigits(), 10),
      lake: o.lake,
      settings: { ...this.worldDefaults(), ...(o.settings ?? {}) },
      fishers: o.fishers.map((f, i) => ({
        id: fishers[i]!.id,
        name: fishers[i]!.name,
        at: f.at,
        ...(f.mods ? { mods: f.mods } : {}),
        ...(f.hp ? { hp: f.hp } : {}),
        ...(f.netDamage ? { netDamage: f.netDamage } : {}),
        // H4: the standing choice, the answer when no one chooses in time (hazard-choice.ts)
        ...((f.hazardChoice ?? defaultChoice(this.port.setting(CHOICE_SETTING.fallback))) === "aim"
          ? { hazardChoice: "aim" as const }
          : {}),
      })),
      ...(o.squares?.length ? { squares: o.squares } : {}),
    };
    // K1-K4: the engine checks the set-up (the world's defaults too) and names the field at fault
    const engine = checkSetup(asked);
    if (!engine.ok) return engine;
    const { lake } = engine.value;
    const layout = o.layout ?? "side-by-side";
    // issue 20 item 8: a square grid, and every square of the lake on the scene (core/grid.ts)
    const foot = lakeFootprint(lake, layout, o.gap ?? 1);
    const misfit = boardMisfit(scene, o.origin, foot.width, foot.height);
    if (misfit)
      return {
        ok: false,
        error: misfitError(misfit, scene, { origin: o.origin, ...foot }, (k, d) =>
          this.port.localize(k, d),
        ),
      };
    const setup: GameSetup = { ...asked, lake };
    const session = rebuild(setup, [], false);
    const sceneLevels = layout === "scene-levels" ? sceneLevelsFor(scene, lake.levels) : undefined;
    if (layout === "scene-levels" && (this.port.generation < 14 || !sceneLevels))
      return err("notEnoughLevels", "layout");
    let swarmActor: Awaited<ReturnType<Port["createSwarmActor"]>>;
    try {
      swarmActor = await this.port.createSwarmActor(
        this.port.localize("KOLIKOLY.Foundry.Swarm.ActorName", { lake: o.name }),
      );
    } catch (e) {
      return err("swarmActorRefused", String((e as Error).message));
    }
    const base: PublicLake = {
      id: lakeId,
      name: o.name,
      sceneId: o.sceneId,
      lake,
      origin: o.origin,
      layout,
      ...(sceneLevels ? { sceneLevels } : {}),
      gap: o.gap ?? 1,
      fishers,
      swarmActorId: swarmActor.id,
      ...(swarmActor.body.bar !== MODULE_BODY.bar ? { swarmBar: swarmActor.body.bar } : {}),
      markers: o.markers ?? (this.port.setting("markers") === "lastSeen" ? "lastSeen" : "remove"),
      round: 0,
      over: false,
      explored: [],
      declared: [],
      catches: {},
    };
    const pub = publicLakeFor(base, session.state, []);
    const record: GmRecord = {
      format: "kolikoly-gm-record/1",
      lakeId,
      sceneId: o.sceneId,
      rev: 1,
      setup,
      rounds: [],
      endedByGm: false,
      pending: EMPTY_PENDING,
      pendingBefore: [],
      aliasKey: newAliasKey(),
    };
    this.learn(record);
    // sealed with this client's key, one another GM client hands over, or a new one (store/)
    const key = await this.store.keyForNewLake();
    // the record first, then the scene rolls forward from it (core/commit.ts)
    const c = await this.core.commit(
      {
        from: undefined,
        record,
        chat: [],
        key: key.key,
        field: "lake",
        publish: (now) => publicOps(this, pub, now, record, session.state),
      },
      (r) => this.remember(lakeId, r.rev, session),
    );
    if (!c.ok) return c;
    // the other GM clients get a new key at once: any of them may have to take over
    await this.core.newKey(key);
    return { ok: true, value: pub };
  }

  /** Whether the last game made this world's first key in this browser (the core's, both games). */
  takeKeyMade(): boolean {
    return this.core.takeKeyMade();
  }

  /** The world settings' rule defaults (K4, K9, H2), where the GM set them. */
  private worldDefaults(): NonNullable<CreateLakeOptions["settings"]> {
    const get = (k: string) => this.port.setting(k);
    const out: Record<string, unknown> = {};
    if (typeof get("catchAC") === "number") out.catchAC = get("catchAC");
    for (const k of ["netDamage", "swarmSize"])
      if (typeof get(k) === "string" && get(k) !== "") out[k] = get(k);
    if (HAZARD_MODES.includes(get("hazardMode") as never)) out.hazardMode = get("hazardMode");
    return out as NonNullable<CreateLakeOptions["settings"]>;
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
    inTime: () => boolean = () => true,
  ): Promise<Result<Declaration | null>> {
    return this.guard(lakeId, async () => {
      if (!inTime()) return err("tooLate");
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (session.state.over) return err("gameOver");
      if (round !== undefined && round !== session.state.round + 1)
        return err("staleRound", "round");
      if (record.pending.awaiting) return this.awaitingError(l.value);
      if (!session.state.fishers.some((f) => f.id === fisher))
        return err("unknownFisher", "fisher");
      // K6: the lock closes declarations, for everyone (it lives in the record: only a GM wrote it)
      if (record.pending.locked) return err("locked", "round");
      const actions = { ...record.pending.actions };
      let value: Declaration | null = null;
      if (raw === null) delete actions[fisher];
      else {
        const r = parseDeclaration(session.state, fisher, raw, `actions.${fisher}`);
        if (!r.ok) return r;
        actions[fisher] = r.value;
        value = r.value;
      }
      const saved = await this.savePending(l.value, { ...record.pending, actions });
      if (!saved.ok) return saved;
      return { ok: true, value };
    });
  }

  /**
   * K6: locks the round: the record says so (declarations close) and the roll card (`card`,
   * drawn by the players' side) rolls forward from it. `round` is the round the caller means.
   */
  lockRound(lakeId: string, round: number, card: ChatCreate): Promise<Result<true>> {
    return this.guard(lakeId, async () => {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (session.state.over) return err("gameOver");
      if (session.state.round + 1 !== round) return err("staleRound", "round");
      if (record.pending.awaiting) return this.awaitingError(l.value);
      if (record.pending.locked) return err("locked", "round");
      return this.savePending(l.value, { ...record.pending, locked: true }, [card]);
    });
  }

  /** K6: a check total the GM typed (or a player's roll picked up); null clears it. */
  setTotal(
    lakeId: string,
    fisher: string,
    total: PendingTotal | null,
  ): Promise<Result<PendingTotal | null>> {
    return this.guard(lakeId, async () => {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (record.pending.awaiting) return this.awaitingError(l.value);
      if (!session.state.fishers.some((f) => f.id === fisher))
        return err("unknownFisher", "fisher");
      const totals = { ...record.pending.totals };
      if (total === null) delete totals[fisher];
      else {
        if (!Number.isInteger(total.total) || Math.abs(total.total) > 999)
          return err("badTotal", "total");
        if (
          total.natural !== undefined &&
          (!Number.isInteger(total.natural) || total.natural < 1 || total.natural > 20)
        )
          return err("badTotal", "natural");
        totals[fisher] =
          total.natural === undefined
            ? { total: total.total }
            : { total: total.total, natural: total.natural };
      }
      const saved = await this.savePending(l.value, { ...record.pending, totals });
      if (!saved.ok) return saved;
      return { ok: true, value: total };
    });
  }

  /** H5: the GM revives an unconscious or dying fisher before the round. */
  setRevive(lakeId: string, fisher: string, on: boolean): Promise<Result<boolean>> {
    return this.guard(lakeId, async () => {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (record.pending.awaiting) return this.awaitingError(l.value);
      const revive = record.pending.revive.filter((x) => x !== fisher);
      if (on) revive.push(fisher);
      const check = validateRoundInput(session.state, { actions: {}, revive });
      if (!check.ok) return check;
      const saved = await this.savePending(l.value, { ...record.pending, revive });
      if (!saved.ok) return saved;
      return { ok: true, value: on };
    });
  }

  /**
   * Writes the pending round as the record's next revision: a compare-and-set (the revision's
   * document id is fixed, store/gm-store.ts), so a write from a GM client that read an older
   * record is refused and reported, never laid over the newer one.
   */
  private async savePending(
    l: Loaded,
    pending: Pending,
    chat: ChatCreate[] = [],
  ): Promise<Result<true>> {
    // a request that changes nothing writes nothing (each write is a revision)
    if (!chat.length && samePending(pending, l.record.pending)) return { ok: true, value: true };
    const record: GmRecord = { ...l.record, rev: l.record.rev + 1, pending };
    const c = await this.core.commit(
      {
        from: l.record.rev,
        record,
        chat,
        field: "lake",
        // K5: only who declared reaches the scene, never what; no token moves before the round
        publish: (scene) => publicOps(this, l.pub, scene, record, l.session.state, [], false),
      },
      (r) => this.remember(r.lakeId, r.rev, l.session),
    );
    if (!c.ok) {
      if (c.error.code === "staleRecord") await this.catchUp(l.record.lakeId);
      return c;
    }
    return { ok: true, value: true };
  }

  /** Lakes whose hazard choice this client is asking now (one question at a time per lake). */
  private readonly asking = new Set<string>();

  /**
   * Resolves the pending round with Foundry's dice; a failure anywhere before the write changes
   * nothing. H4 (issue 20 item 9): a hazard choice is asked outside the lake's queue; the round
   * waits for it in the GM record (`awaiting`), and requests that come meanwhile are answered at
   * once (`awaitingChoice` when they would change the round under way). A resolution of a round
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
        return l.ok ? this.awaitingError(l.value) : l;
      }
      const step = await this.guard(lakeId, async () => {
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

  /** The refusal of a change while the round waits for a hazard choice: who it waits for. */
  private awaitingError(l: Loaded): Result<never> {
    const fisher = l.record.pending.awaiting?.fisher ?? "";
    const name = l.pub.fishers.find((f) => f.id === fisher)?.name ?? fisher;
    return err("awaitingChoice", "round", name);
  }

  /** A player (re)connected: send them again the private news of fishers they own. */
  async deliverTo(lakeId: string, userId: string): Promise<void> {
    if (!this.isAuthority()) return;
    const l = await this.load(lakeId);
    if (!l.ok) return;
    await this.delivery.deliverPrivate(l.value.pub, l.value.session.log, userId);
  }

  /** Undo: the game exactly as it was before its last round (or before the GM ended it). */
  undoRound(lakeId: string): Promise<Result<{ round: number }>> {
    return this.guard(lakeId, async () => {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session, pub } = l.value;
      if (record.pending.awaiting) return this.awaitingError(l.value);
      if (!record.endedByGm && record.rounds.length === 0) return err("nothingToUndo");
      const prior = undo(session);
      // the round played again is locked afresh: its old roll card is history
      const { locked: _locked, ...pending } = record.endedByGm
        ? record.pending
        : (record.pendingBefore.at(-1) ?? EMPTY_PENDING);
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
      const chat = [
        {
          content,
          speaker: { alias: pub.name },
          flags: { [MODULE_ID]: { kind: "undo", lake: lakeId, round: prior.state.round } },
        },
      ];
      const c = await commit(this, l.value, next, prior, [], chat);
      if (!c.ok) return c;
      return { ok: true, value: { round: prior.state.round } };
    });
  }

  /** K23: the GM ends the game; the final card lists each fisher's catch. */
  endGame(lakeId: string): Promise<Result<{ catches: { fisher: string; caught: number }[] }>> {
    return this.guard(lakeId, () => this.endNow(lakeId, "gm"));
  }

  /**
   * Ends the game now (inside an operation already guarded): by the GM (K23), or at the world's
   * round limit. Either way the record says the GM ended it, so the export replays the same end.
   */
  private async endNow(
    lakeId: string,
    reason: "gm" | "roundLimit",
  ): Promise<Result<{ catches: { fisher: string; caught: number }[] }>> {
    {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session, pub } = l.value;
      if (record.pending.awaiting) return this.awaitingError(l.value);
      const r = endSession(session);
      if (!r.ok) return r;
      const next: GmRecord = { ...record, rev: record.rev + 1, endedByGm: true };
      const chat = await roundMessages(this.port, {
        lakeId,
        lakeName: pub.name,
        round: session.state.round,
        events: r.events,
        fisherNames: namer(pub),
        ownersOf: () => [],
        gmIds: this.gmIds(),
        publicRolls: [],
        alias: this.alias(lakeId),
      });
      const card = chat[0]!;
      const endCard = {
        ...card,
        flags: { [MODULE_ID]: { ...(card.flags[MODULE_ID] as object), kind: "end" } },
      };
      const c = await commit(this, l.value, next, r.session, r.events, [endCard]);
      if (!c.ok) return c;
      const end = r.events.find((e) => e.type === "gameEnd");
      const catches = end && end.type === "gameEnd" ? end.catches : [];
      this.port.callAllHook(HOOK.gameEnded, { lakeId, reason, catches });
      return { ok: true, value: { catches } };
    }
  }

  /** The game as a scenario file (docs/scenario-format.md), every roll forced. GM only. */
  async exportScenario(lakeId: string): Promise<Result<Scenario>> {
    if (!this.port.me().isGM) return err("notGm");
    const l = await this.load(lakeId);
    if (!l.ok) return l;
    return { ok: true, value: exportScenario(l.value.session) };
  }

  /**
   * The GM store's keys as the text of a file (GM only): kept by the GM, it opens the lakes'
   * secrets in another browser (importKeys) when no GM client holding them is connected.
   */
  exportKeys(): Result<string> {
    if (!this.port.me().isGM) return err("notGm");
    if (!this.store.ring.size) return err("noKeys");
    return { ok: true, value: this.store.ring.export() };
  }

  /**
   * Issue 20 item 11: the keys opened from the passphrase copy in the store (store/key-copy.ts),
   * taken whole or not at all; how many of the store's keys are still missing after.
   */
  async unlockKeys(passphrase: unknown): Promise<Result<{ keys: number; missing: number }>> {
    const r = await this.keyCopy.unlock(passphrase);
    if (!r.ok) return r;
    const missing = await this.store.missingKeys().catch(() => []);
    return { ok: true, value: { keys: r.value.keys, missing: missing.length } };
  }

  /** Takes the keys of an exported file (GM only), whole or not at all; how many lakes it opens. */
  async importKeys(text: string): Promise<Result<{ keys: number; missing: number }>> {
    if (!this.port.me().isGM) return err("notGm");
    if (typeof text !== "string") return err("badKeyFile", "file");
    const r = this.store.ring.import(text);
    if (!r.ok) return err("badKeyFile", r.field);
    const missing = await this.store.missingKeys().catch(() => []);
    return { ok: true, value: { keys: r.ids.length, missing: missing.length } };
  }

  /**
   * Brings the scene and chat in line with the GM record (after a reload, a hand-over, or a
   * public write that failed after the record: core/commit.ts `rollForward`). A finished game's
   * tokens are left where they are: the GM may have moved or removed them since.
   */
  reconcile(lakeId: string, o: ReconcileOptions = {}): Promise<Result<boolean>> {
    return this.guard(lakeId, () => this.catchUp(lakeId, o));
  }

  /** `reconcile` inside an operation already guarded (a stale refusal's catch-up). */
  async catchUp(lakeId: string, o: ReconcileOptions = {}): Promise<Result<boolean>> {
    if (!this.isAuthority()) return err("notActiveGm");
    const l = await this.load(lakeId);
    if (!l.ok) return l;
    const { record, session, pub } = l.value;
    const finished = pub.over && session.state.over;
    // issue 20 item 4: a reload leaves a finished game exactly as the GM left it (tokens moved,
    // swarm tokens or cards deleted by hand); only the GM's own Reconcile repairs its flag or cards
    if (finished && o.leaveFinished) return { ok: true, value: true };
    const tokens = !finished;
    const done = await this.core.rollForward(record, (scene) =>
      publicOps(this, pub, scene, record, session.state, [], tokens),
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
    return this.detailsHtml(l.value.pub, events);
  }

  async detailsHtml(pub: PublicLake, events: readonly GameEvent[]): Promise<string> {
    const t = this.port.localize.bind(this.port);
    return renderCard(this.port, {
      title: t("KOLIKOLY.Foundry.Chat.DetailsTitle"),
      lines: events.length
        ? events.map((e) => eventLine(e, namer(pub), t))
        : [t("KOLIKOLY.Foundry.Chat.NothingSecret")],
    });
  }

  /** The hidden truth for the GM's eyes: unseen swarms and what unexplored squares hold. */
  hiddenTruth(state: GameState): { swarm: string; at: Coord; fish: number; explored: boolean }[] {
    return state.swarms
      .filter((s) => !s.seen)
      .map((s) => ({
        swarm: s.id,
        at: s.at,
        fish: s.fish,
        explored:
          state.explored[s.at[0] + state.lake.width * (s.at[1] + state.lake.height * s.at[2])] ===
          1,
      }));
  }
}

/** Two pending rounds that say the same (a request that would change nothing). */
function samePending(a: Pending, b: Pending): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function randomDigits(): string {
  const a = new Uint32Array(2);
  globalThis.crypto.getRandomValues(a);
  return `${a[0]}${a[1]}`.slice(0, 12);
}
