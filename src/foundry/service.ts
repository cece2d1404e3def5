/**
 * The lake host: the GM side of the module. It runs only on the active GM's client (the single
 * authority, foundry-notes.md), keeps every game in the GM store (store.ts semantics behind the
 * Port), resolves rounds with Foundry's dice, and writes each change as one fixed batch:
 * tokens (create / update / delete), the public lake flag, chat, and the GM record last.
 */
import type {
  AsyncDriver,
  Coord,
  Declaration,
  GameEvent,
  GameSetup,
  GameState,
  LakeSpec,
  Mods,
  RollRecord,
  RuleError,
  Scenario,
  Session,
  Settings,
} from "../rules/index.ts";
import {
  HAZARD_MODES,
  endSession,
  eventsFor,
  exportScenario,
  forcedLayer,
  onBoard,
  parseDeclaration,
  playRoundAsync,
  parseFormula,
  rebuild,
  tableOf,
  undo,
  validateRoundInput,
} from "../rules/index.ts";
import { MODULE_ID, HOOK, QUERY } from "./constants.ts";
import { detailEvents, eventLine, roundMessages, renderCard } from "./chat.ts";
import type { CardFlag } from "./chat.ts";
import { foundryDriver, VetoError } from "./dice.ts";
import type { ChatCreate, Port, SceneData, WriteOp } from "./port.ts";
import type { Layout, MarkerMode, PublicLake } from "./projection.ts";
import {
  publicLakeFor,
  publicLakeOf,
  sceneLakeOp,
  sceneLevelsFor,
  tokenOps,
} from "./projection.ts";
import type { GmRecord, Pending, PendingTotal } from "./record.ts";
import { EMPTY_PENDING, STALE_RECORD } from "./record.ts";
import type { Alias } from "./aliases.ts";
import { IDENTITY, aliasEvents, aliasFor, newAliasKey } from "./aliases.ts";
import { MODULE_BODY } from "./swarm-body.ts";

export type Result<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export function err(code: string, field = "", message = code): { ok: false; error: RuleError } {
  return { ok: false, error: { code, field, message } };
}

export interface FisherOption {
  readonly tokenId: string;
  readonly at: Coord;
  readonly mods?: Partial<Mods>;
  readonly hp?: number;
  /** K9: an equipped net's own damage (issue 4, from the system adapter). */
  readonly netDamage?: string;
}

export interface CreateLakeOptions {
  readonly sceneId: string;
  readonly name: string;
  readonly lake: LakeSpec;
  readonly origin: { readonly col: number; readonly row: number };
  readonly layout?: Layout;
  readonly gap?: number;
  readonly fishers: readonly FisherOption[];
  readonly settings?: Partial<
    Pick<Settings, "catchAC" | "netDamage" | "swarmSize" | "hazardMode" | "hazards">
  >;
  readonly markers?: MarkerMode;
  readonly seed?: number;
  /** Squares the GM prepared: explored, holding swarms of these sizes (scenario-format.md). */
  readonly squares?: GameSetup["squares"];
}

interface Loaded {
  readonly record: GmRecord;
  readonly session: Session;
  readonly scene: SceneData;
  readonly pub: PublicLake;
}

/** A write that failed part way: the ids created by the operations that did complete. */
/** A write refused because another GM client wrote that revision of the record first. */
function isStale(e: unknown): boolean {
  return e instanceof Error && e.message.startsWith(STALE_RECORD);
}

export class WriteError extends Error {
  constructor(
    message: string,
    /** The ids each operation created, for the operations that were written. */
    readonly done: string[][],
    /** The write's outcome is unknown (a v14 batch whose answer did not add up): look, don't trust. */
    readonly unverified = false,
  ) {
    super(message);
  }
}

export class LakeHost {
  private readonly cache = new Map<string, { rev: number; session: Session }>();
  /** Each lake's public swarm ids (aliases.ts), from its record's key. */
  private readonly aliases = new Map<string, { key: string | undefined; alias: Alias }>();

  /** The public swarm id of each engine swarm id in a lake (the identity until its record is read). */
  alias(lakeId: string): Alias {
    return this.aliases.get(lakeId)?.alias ?? IDENTITY;
  }

  private remember(record: GmRecord): void {
    const known = this.aliases.get(record.lakeId);
    if (known?.key !== record.aliasKey)
      this.aliases.set(record.lakeId, { key: record.aliasKey, alias: aliasFor(record.aliasKey) });
  }
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Issue 4: the system adapter rolls what the system rolls itself (K7 initiative), around the core driver. */
  wrapDriver: ((base: AsyncDriver, lakeId: string) => AsyncDriver) | undefined;
  /** Issue 10: told whether a resolution committed (the players' side takes back its rolls if not). */
  afterResolution: ((lakeId: string, committed: boolean) => Promise<void>) | undefined;

  constructor(readonly port: Port) {}

  /** Only the active GM resolves (foundry-notes.md: game.users.activeGM is the one elected GM). */
  isAuthority(): boolean {
    const me = this.port.me();
    return me.isGM && this.port.activeGmId() === me.id;
  }

  private gmIds(): string[] {
    return this.port
      .users()
      .filter((u) => u.isGM)
      .map((u) => u.id);
  }

  /** Runs lake operations one at a time, so no round is resolved twice. */
  private serial<T>(lakeId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(lakeId) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(fn);
    this.locks.set(lakeId, next);
    return next;
  }

  /**
   * Waits for the lake's operations under way on this client. A resolution writes its record
   * last, after the scene flag every client already sees, so a read answered for a player in
   * between (the declaration window opening at the new round) must wait for it.
   */
  async settled(lakeId: string): Promise<void> {
    await (this.locks.get(lakeId) ?? Promise.resolve()).catch(() => undefined);
  }

  private guard<T>(lakeId: string, fn: () => Promise<Result<T>>): Promise<Result<T>> {
    if (!this.isAuthority()) return Promise.resolve(err("notActiveGm"));
    return this.serial(lakeId, fn);
  }

  async load(lakeId: string): Promise<Result<Loaded>> {
    const record = await this.port.storeGet(lakeId);
    if (!record) return err("unknownLake", "lake");
    this.remember(record);
    const scene = this.port.scene(record.sceneId);
    const pub = scene && publicLakeOf(scene, lakeId);
    if (!scene || !pub) return err("unknownLake", "lake");
    const cached = this.cache.get(lakeId);
    let session: Session;
    if (cached && cached.rev === record.rev) session = cached.session;
    else {
      session = rebuild(record.setup, record.rounds, record.endedByGm);
      this.cache.set(lakeId, { rev: record.rev, session });
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
    const setup: GameSetup = {
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
      })),
      ...(o.squares?.length ? { squares: o.squares } : {}),
    };
    const session = rebuild(setup, [], false);
    const layout = o.layout ?? "side-by-side";
    const sceneLevels =
      layout === "scene-levels" ? sceneLevelsFor(scene, o.lake.levels) : undefined;
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
      lake: o.lake,
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
    this.remember(record);
    const ops: WriteOp[] = [
      ...tokenOps(pub, scene, session.state, [], this.swarmName(), this.alias(lakeId)),
      sceneLakeOp(scene, pub),
      { kind: "store.put", record },
    ];
    await this.port.write(ops);
    this.cache.set(lakeId, { rev: record.rev, session });
    return { ok: true, value: pub };
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

  private swarmName(): string {
    return this.port.localize("KOLIKOLY.Foundry.Swarm.TokenName");
  }

  /** K5: a fisher's declaration for the coming round (null withdraws it). Secret: GM store only. */
  setDeclaration(
    lakeId: string,
    fisher: string,
    raw: unknown,
  ): Promise<Result<Declaration | null>> {
    return this.guard(lakeId, async () => {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session } = l.value;
      if (session.state.over) return err("gameOver");
      if (!session.state.fishers.some((f) => f.id === fisher))
        return err("unknownFisher", "fisher");
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
   * Writes the pending round as the record's next revision: a compare-and-set (live-port.ts
   * putRecord), so a write from a GM client that read an older record is refused and reported,
   * never laid over the newer one.
   */
  private async savePending(l: Loaded, pending: Pending): Promise<Result<true>> {
    const record: GmRecord = { ...l.record, rev: l.record.rev + 1, pending };
    const pub: PublicLake = { ...l.pub, declared: Object.keys(pending.actions) };
    // the record on its own, first: a refused one writes nothing else (a v14 batch would send
    // the scene flag ahead of the record)
    try {
      await this.port.write([{ kind: "store.put", record }]);
      if (JSON.stringify(pub.declared) !== JSON.stringify(l.pub.declared))
        await this.port.write([sceneLakeOp(l.scene, pub)]);
    } catch (e) {
      return isStale(e) ? err("staleRecord") : err("writeFailed", "", String((e as Error).message));
    }
    this.cache.set(record.lakeId, { rev: record.rev, session: l.session });
    return { ok: true, value: true };
  }

  /** Resolves the pending round with Foundry's dice; a failure anywhere before the write changes nothing. */
  resolveRound(
    lakeId: string,
    /** The round the caller means (the panel shows it): another one is refused, staleRound. */
    round?: number,
  ): Promise<Result<{ round: number; events: GameEvent[] }>> {
    return this.guard(lakeId, async () => {
      const r = await this.resolveOnce(lakeId, round);
      await this.afterResolution?.(lakeId, r.ok);
      return r;
    });
  }

  private async resolveOnce(
    lakeId: string,
    expected: number | undefined,
  ): Promise<Result<{ round: number; events: GameEvent[] }>> {
    const l = await this.load(lakeId);
    if (!l.ok) return l;
    const { record, session, pub } = l.value;
    if (expected !== undefined && session.state.round + 1 !== expected)
      return err("staleRound", "round");
    const p = record.pending;
    const input = p.revive.length
      ? { actions: p.actions, revive: p.revive }
      : { actions: p.actions };
    const round = session.state.round + 1;
    if (!this.port.callHook(HOOK.preResolveRound, { lakeId, round, input })) return err("vetoed");
    const typed: RollRecord[] = [];
    for (const [fisher, t] of Object.entries(p.totals)) {
      const action = p.actions[fisher]?.action;
      if (!action) continue;
      typed.push({ key: `${action === "catch" ? "attack" : "check"}:${fisher}`, ...t });
    }
    const driver = foundryDriver(this.port);
    let r;
    try {
      const outer = this.wrapDriver ? this.wrapDriver(driver, lakeId) : driver;
      r = await playRoundAsync(session, input, forcedLayer(outer, tableOf(typed)));
    } catch (e) {
      return err(
        e instanceof VetoError ? "vetoed" : "resolutionFailed",
        "",
        String((e as Error).message),
      );
    }
    if (!r.ok) return r;
    const next: GmRecord = {
      ...record,
      rev: record.rev + 1,
      rounds: r.session.rounds,
      pending: EMPTY_PENDING,
      pendingBefore: [...record.pendingBefore, p],
    };
    const chat = await roundMessages(this.port, {
      lakeId,
      lakeName: pub.name,
      round,
      events: r.events,
      fisherNames: this.namer(pub),
      ownersOf: (f) => this.ownersOf(pub, f),
      gmIds: this.gmIds(),
      publicRolls: driver.publicRolls,
      alias: this.alias(lakeId),
    });
    const committed = await this.commit(l.value, next, r.session, r.events, chat);
    if (!committed.ok) return committed;
    await this.afterRound(pub, r.session, r.events);
    return { ok: true, value: { round, events: r.events } };
  }

  private namer(pub: PublicLake): (id: string) => string {
    return (id) => pub.fishers.find((f) => f.id === id)?.name ?? id;
  }

  private ownersOf(pub: PublicLake, fisher: string): string[] {
    const actorId = pub.fishers.find((f) => f.id === fisher)?.actorId;
    if (!actorId) return [];
    const gms = new Set(this.gmIds());
    return this.port.ownersOf(actorId).filter((u) => !gms.has(u));
  }

  /**
   * Writes one change: token ops, the public lake, chat, then the GM record last (the commit
   * point). v14 sends it as one all-or-nothing batch; on v13, if a write fails part way, the
   * scene is put back from the unchanged record and the messages already created are deleted.
   */
  private async commit(
    l: Loaded,
    record: GmRecord,
    session: Session,
    events: readonly GameEvent[],
    chat: ChatCreate[],
  ): Promise<Result<true>> {
    // Another GM client wrote the record since we read it (a GM handoff mid-round): refuse, so
    // no round is resolved twice and nothing is lost; the caller reloads and tries again.
    const current = await this.port.storeGet(record.lakeId);
    if (current?.rev !== l.record.rev) return err("staleRecord");
    const scene = this.port.scene(l.scene._id) ?? l.scene;
    const pub = publicLakeFor(l.pub, session.state, Object.keys(record.pending.actions));
    const ops: WriteOp[] = [
      ...tokenOps(
        pub,
        scene,
        session.state,
        eventsFor(events, "player"),
        this.swarmName(),
        this.alias(record.lakeId),
      ),
      sceneLakeOp(scene, pub),
      chatOp(chat),
      { kind: "store.put", record },
    ];
    const round = session.state.round;
    const cardsBefore = new Set(this.port.cardIds(record.lakeId, round));
    try {
      await this.port.write(ops);
    } catch (e) {
      // another GM client wrote this revision first (compare-and-set): take back and report
      const stale = isStale(e);
      // an unverified batch may have created this round's cards: found by their flag, not by id
      const created =
        e instanceof WriteError && e.unverified
          ? this.port.cardIds(record.lakeId, round).filter((id) => !cardsBefore.has(id))
          : undefined;
      await this.rollback(l, ops, e, created);
      return stale ? err("staleRecord") : err("writeFailed", "", String((e as Error).message));
    }
    this.cache.set(record.lakeId, { rev: record.rev, session });
    // this round's GM cards were drawn before the record (the commit point) existed; the store's
    // create hook, which fires on this client too, draws them again (hooks/update-store.ts)
    return { ok: true, value: true };
  }

  private async rollback(
    l: Loaded,
    ops: readonly WriteOp[],
    e: unknown,
    found?: readonly string[],
  ): Promise<void> {
    if (!(e instanceof WriteError)) return;
    const chatIndex = ops.findIndex((o) => o.kind === "chat.create");
    const created = found ? [...found] : (e.done[chatIndex] ?? []);
    const scene = this.port.scene(l.scene._id) ?? l.scene;
    const undoOps: WriteOp[] = [
      ...tokenOps(l.pub, scene, l.session.state, [], this.swarmName(), this.alias(l.pub.id)),
      sceneLakeOp(scene, l.pub),
    ];
    if (created.length) undoOps.push({ kind: "chat.delete", ids: created });
    try {
      await this.port.write(undoOps);
    } catch {
      // The record is unchanged; `reconcile` on the next load puts the scene right.
    }
  }

  private async afterRound(
    pub: PublicLake,
    session: Session,
    events: readonly GameEvent[],
  ): Promise<void> {
    await this.deliverPrivate(pub, events);
    const round = session.state.round;
    this.port.callAllHook(HOOK.roundResolved, {
      lakeId: pub.id,
      round,
      events,
      state: session.state,
    });
    for (const e of events)
      if (e.type === "caught" && e.fish > 0)
        this.port.callAllHook(HOOK.fishCaught, {
          lakeId: pub.id,
          fisher: e.fisher,
          fish: e.fish,
          totalCaught: e.totalCaught,
        });
    const end = events.find((e) => e.type === "gameEnd");
    if (end && end.type === "gameEnd")
      this.port.callAllHook(HOOK.gameEnded, {
        lakeId: pub.id,
        reason: end.reason,
        catches: end.catches,
      });
  }

  /**
   * A fisher's private news goes to that fisher's owners through User#query, which the server
   * delivers to that user only (foundry-notes.md); it is never written into a document.
   */
  private async deliverPrivate(
    pub: PublicLake,
    events: readonly GameEvent[],
    onlyUser?: string,
  ): Promise<void> {
    const byFisher = new Map<string, GameEvent[]>();
    for (const e of aliasEvents(events, this.alias(pub.id)))
      if (typeof e.audience === "object") {
        const list = byFisher.get(e.audience.fisher) ?? [];
        list.push(e);
        byFisher.set(e.audience.fisher, list);
      }
    const active = new Set(
      this.port
        .users()
        .filter((u) => u.active)
        .map((u) => u.id),
    );
    for (const [fisher, list] of byFisher)
      for (const user of this.ownersOf(pub, fisher)) {
        if (!active.has(user) || (onlyUser && user !== onlyUser)) continue;
        try {
          await this.port.query(user, QUERY.private, { lake: pub.id, fisher, events: list });
        } catch {
          // the player left; they get it again when they connect (deliverTo)
        }
      }
  }

  /** A player (re)connected: send them again the private news of fishers they own. */
  async deliverTo(lakeId: string, userId: string): Promise<void> {
    if (!this.isAuthority()) return;
    const l = await this.load(lakeId);
    if (!l.ok) return;
    await this.deliverPrivate(l.value.pub, l.value.session.log, userId);
  }

  /** Undo: the game exactly as it was before its last round (or before the GM ended it). */
  undoRound(lakeId: string): Promise<Result<{ round: number }>> {
    return this.guard(lakeId, async () => {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session, pub } = l.value;
      if (!record.endedByGm && record.rounds.length === 0) return err("nothingToUndo");
      const prior = undo(session);
      const pending = record.endedByGm
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
      const c = await this.commit(l.value, next, prior, [], chat);
      if (!c.ok) return c;
      return { ok: true, value: { round: prior.state.round } };
    });
  }

  /** K23: the GM ends the game; the final card lists each fisher's catch. */
  endGame(lakeId: string): Promise<Result<{ catches: { fisher: string; caught: number }[] }>> {
    return this.guard(lakeId, async () => {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session, pub } = l.value;
      const r = endSession(session);
      if (!r.ok) return r;
      const next: GmRecord = { ...record, rev: record.rev + 1, endedByGm: true };
      const chat = await roundMessages(this.port, {
        lakeId,
        lakeName: pub.name,
        round: session.state.round,
        events: r.events,
        fisherNames: this.namer(pub),
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
      const c = await this.commit(l.value, next, r.session, r.events, [endCard]);
      if (!c.ok) return c;
      const end = r.events.find((e) => e.type === "gameEnd");
      const catches = end && end.type === "gameEnd" ? end.catches : [];
      this.port.callAllHook(HOOK.gameEnded, { lakeId, reason: "gm", catches });
      return { ok: true, value: { catches } };
    });
  }

  /** The game as a scenario file (scenario-format.md), every roll forced. GM only. */
  async exportScenario(lakeId: string): Promise<Result<Scenario>> {
    if (!this.port.me().isGM) return err("notGm");
    const l = await this.load(lakeId);
    if (!l.ok) return l;
    return { ok: true, value: exportScenario(l.value.session) };
  }

  /** Puts the scene back in line with the GM record (after a reload, or a failed v13 write). */
  reconcile(lakeId: string): Promise<Result<number>> {
    return this.guard(lakeId, async () => {
      const l = await this.load(lakeId);
      if (!l.ok) return l;
      const { record, session, scene } = l.value;
      const pub = publicLakeFor(l.value.pub, session.state, Object.keys(record.pending.actions));
      const ops = tokenOps(pub, scene, session.state, [], this.swarmName(), this.alias(lakeId));
      if (JSON.stringify(pub) !== JSON.stringify(l.value.pub)) ops.push(sceneLakeOp(scene, pub));
      if (ops.length) await this.port.write(ops);
      return { ok: true, value: ops.length };
    });
  }

  /** The details behind a GM or private placeholder, rendered for this GM client. */
  async gmDetails(flag: CardFlag): Promise<string | undefined> {
    if (!this.port.me().isGM) return undefined;
    const l = await this.load(flag.lake);
    if (!l.ok) return undefined;
    const events = detailEvents(l.value.session.log, flag, "gm");
    return this.detailsHtml(l.value.pub, events);
  }

  async detailsHtml(pub: PublicLake, events: readonly GameEvent[]): Promise<string> {
    const t = this.port.localize.bind(this.port);
    return renderCard(this.port, {
      title: t("KOLIKOLY.Foundry.Chat.DetailsTitle"),
      lines: events.length
        ? events.map((e) => eventLine(e, this.namer(pub), t))
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

function chatOp(data: ChatCreate[]): WriteOp {
  return { kind: "chat.create", data };
}

function randomDigits(): string {
  const a = new Uint32Array(2);
  globalThis.crypto.getRandomValues(a);
  return `${a[0]}${a[1]}`.slice(0, 12);
}

/** K1-K3: the wizard's choices, checked against the scene before anything is written. */
export function checkLakeOptions(o: CreateLakeOptions, scene: SceneData): Result<true> {
  const { width, height, levels } = o.lake;
  const whole = (n: unknown, lo: number, hi: number) =>
    Number.isInteger(n) && (n as number) >= lo && (n as number) <= hi;
  if (!whole(width, 1, 32)) return err("badLakeSize", "lake.width");
  if (!whole(height, 1, 32)) return err("badLakeSize", "lake.height");
  if (!whole(levels, 1, 9)) return err("badLakeSize", "lake.levels");
  if (typeof o.lake.verticalAdjacency !== "boolean")
    return err("badField", "lake.verticalAdjacency");
  if (!whole(o.origin.col, 0, 10_000) || !whole(o.origin.row, 0, 10_000))
    return err("badOrigin", "origin");
  if (o.gap !== undefined && !whole(o.gap, 0, 10)) return err("badField", "gap");
  if (typeof o.name !== "string" || o.name.trim() === "") return err("badName", "name");
  if (o.fishers.length === 0) return err("noFishers", "fishers");
  if (o.fishers.length > 12) return err("tooManyFishers", "fishers");
  const seen = new Set<string>();
  for (const [i, f] of o.fishers.entries()) {
    if (!scene.tokens.some((t) => t._id === f.tokenId))
      return err("unknownToken", `fishers[${i}].tokenId`);
    if (seen.has(f.tokenId)) return err("duplicateFisher", `fishers[${i}].tokenId`);
    seen.add(f.tokenId);
    if (!onBoard(o.lake, f.at) || f.at[2] !== 0) return err("badStart", `fishers[${i}].at`); // K3: starts on level 0
  }
  for (const [i, sq] of (o.squares ?? []).entries()) {
    if (!onBoard(o.lake, sq.at)) return err("offBoard", `squares[${i}].at`);
    if (!sq.swarms.every((n) => Number.isInteger(n) && n > 0))
      return err("badField", `squares[${i}].swarms`);
  }
  const hm = o.settings?.hazardMode;
  if (hm !== undefined && !HAZARD_MODES.includes(hm)) return err("badField", "settings.hazardMode");
  for (const key of ["netDamage", "swarmSize"] as const) {
    const f = o.settings?.[key];
    if (f !== undefined && !parseFormula(f).ok) return err("badFormula", `settings.${key}`);
  }
  const ac = o.settings?.catchAC;
  if (ac !== undefined && !whole(ac, 0, 99)) return err("badField", "settings.catchAC");
  return { ok: true, value: true };
}
