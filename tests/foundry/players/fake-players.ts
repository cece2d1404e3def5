/**
 * The players' side of the behavioural fake, added by subclassing the core fake
 * (tests/foundry/fake/) rather than editing it. What each addition models, and where that
 * behaviour comes from:
 * - User flags: a user may update their own User document, a GM any (BaseUser permissions,
 *   fvtt-types 13.345 `BaseUser` / API docs v13 "User"); every client receives the update and
 *   fires `updateUser(user, changed, options, userId)` with the updater's id (API docs v13,
 *   hookEvents.updateDocument).
 * - Roll messages: `ChatMessage.applyRollMode` (API docs v13): gmroll whispers the GMs, blindroll
 *   whispers the GMs and sets `blind`, selfroll whispers the roller, publicroll whispers no one.
 *   The server sets `author` to the creating user. Every client receives every message (the
 *   core fake's worst case) and fires `createChatMessage(message, options, userId)`.
 * - Message updates: the author or a GM may update a message (BaseChatMessage permissions);
 *   every client receives it and fires `updateChatMessage`.
 * - `CONFIG.queries[PLAYER_QUERY]` on every client; the module's start-up as main.ts wires it
 *   (src/foundry/players/wire.ts).
 */
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import type { LakeHost } from "../../../src/foundry/fishing/host.ts";
import type { Mods } from "../../../src/rules/index.ts";
import type { DiceHandler, PlayerMessage, PlayerPort } from "../../../src/foundry/players/port.ts";
import type { PlayerWiring } from "../../../src/foundry/players/wire.ts";
import type { Port } from "../../../src/foundry/core/port.ts";
import { DeclarePrompt } from "../../../src/foundry/players/prompt.ts";
import type { PublicLake } from "../../../src/foundry/fishing/projection.ts";
import type { SceneData } from "../../../src/foundry/core/port.ts";
import type {
  ActorLike,
  CoreRoller,
  MessageLike,
  RollModeName,
} from "../../../src/foundry/systems/types.ts";
import { getPath } from "../../../src/foundry/systems/common.ts";
import { FakeClient } from "../fake/client.ts";
import { FakeRoll, asStored } from "../fake/dice.ts";
import type { ActorDoc, Payload } from "../fake/server.ts";
import { FakeServer } from "../fake/server.ts";
import { clone, deepFreeze } from "../fake/util.ts";
import { fisherToken } from "../fake/world.ts";

type Msg = PlayerMessage & { _id: string; content: string };

/**
 * v14 Roll._mapLegacyRollMode (client/dice/roll.mjs, v14): publicroll to public, gmroll to gm,
 * blindroll to blind, selfroll to self.
 */
function mapLegacyRollMode(mode: string): string {
  return (
    (
      { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" } as Record<
        string,
        string
      >
    )[mode] ?? mode
  );
}

export class PlayerServer extends FakeServer {
  systemId = "dnd5e";
  /** game.system.version (makePlayerTable: the release tables run on the table's generation). */
  systemVersion = "5.3.3";
  private readonly flags = new Map<string, Record<string, unknown>>();
  private readonly mine = new Map<string, PlayerClient>();
  /** Message ids in creation order, with their current data (the core fake holds the originals). */
  private readonly updates = new Map<
    string,
    { content?: string; flags?: Record<string, unknown> }
  >();

  /** test-only: a fresh world, the players' additions included. */
  override reset(): void {
    super.reset();
    this.flags.clear();
    this.mine.clear();
    this.updates.clear();
    this.otherUsersWritable = false;
  }

  /**
   * test-only: a server that lets a player update another user's User document, which Foundry's
   * BaseUser#canUpdate refuses (v13 common/documents/user.mjs: only the user or a GM). What the
   * module does then is what a test of its key commitment (players/attest.ts) must show: the
   * updateUser hook still names the real author, and the GM takes no query on such a hash.
   */
  otherUsersWritable = false;

  /**
   * test-only: login as in FakeServer#connect; the server also notes the players' clients it sends
   * to.
   */
  override connect(client: FakeClient): ReturnType<FakeServer["connect"]> {
    const snap = super.connect(client);
    if (client instanceof PlayerClient) this.mine.set(client.userId, client);
    return snap;
  }

  /** test-only: logout as in FakeServer#disconnect, forgetting the client. */
  override disconnect(userId: string): void {
    this.mine.delete(userId);
    super.disconnect(userId);
  }

  /**
   * Each User's module flags, part of the world data a client gets at login (v13 client/game.mjs,
   * Game.getData).
   */
  userFlags(): Record<string, Record<string, unknown>> {
    return clone(Object.fromEntries(this.flags));
  }

  /**
   * The messages' current content and flags, as the world data at login holds them (v13
   * client/game.mjs, Game.getData).
   */
  messageUpdates(): Record<string, { content?: string; flags?: Record<string, unknown> }> {
    return clone(Object.fromEntries(this.updates));
  }

  /**
   * A document change broadcast to every connected client (v13 common/abstract/socket.mjs,
   * DocumentSocketResponse); only the players' clients read these ops.
   */
  private send(p: Payload): void {
    for (const c of this.mine.values()) c.receive(clone(p));
  }

  /** test-only: a misuse guard; a disconnected user has no socket to send from. */
  private active(userId: string) {
    const u = this.user(userId);
    if (!u.active) throw new Error(`fake server: ${u.name} is not connected`);
    return u;
  }

  /**
   * User#update of flags: BaseUser #canUpdate lets a player update only their own User, a GM or
   * assistant any (v13 common/documents/user.mjs); every client hears it (API docs v13,
   * hookEvents.updateDocument), with the updater's id.
   */
  updateUserFlag(from: string, target: string, key: string, value: unknown): void {
    const u = this.active(from);
    this.user(target);
    if (from !== target && !u.isGM && !this.otherUsersWritable)
      throw new Error("fake server: a player may not update another user");
    const f = { ...(this.flags.get(target) ?? {}), [key]: clone(value) };
    this.flags.set(target, f);
    this.send({
      channel: "modifyDocument",
      op: "user.update" as never,
      data: { userId: target, changed: { flags: { [MODULE_ID]: { [key]: value } } }, author: from },
    });
  }

  /**
   * ChatMessage#update: the author (owner by BaseChatMessage#getUserLevel) or a GM (v13
   * common/documents/chat-message.mjs); every client hears it (ChatMessage#_onUpdate).
   */
  updateMessage(
    from: string,
    id: string,
    data: { content?: string; flags?: Record<string, unknown> },
  ): void {
    const u = this.active(from);
    const m = this.messageById(id);
    if (!m) throw new Error(`fake server: no message ${id}`);
    if (m.author !== from && !u.isGM) throw new Error("fake server: not your message");
    this.updates.set(id, { ...(this.updates.get(id) ?? {}), ...clone(data) });
    this.send({
      channel: "modifyDocument",
      op: "chat.update" as never,
      data: { _id: id, ...data },
    });
  }

  /**
   * ChatMessage.applyRollMode (v13 client/documents/chat-message.mjs), then a normal create by
   * `from` (the server sets the author). v14 renames the modes (API docs v14,
   * CONFIG.ChatMessage.modes).
   */
  createRollMessage(
    from: string,
    data: MessageLike,
    rollMode: string | undefined,
    fields?: { whisper: readonly string[]; blind: boolean },
  ): string {
    const { id: _drop, author: _a, ...rest } = data as MessageLike & { content?: string };
    const { whisper, blind } = fields ?? this.rollModeFields(from, rest, rollMode);
    const doc = { content: "", ...rest, whisper, blind } as never;
    const [ids] = this.modify(from, [{ kind: "chat.create", data: [doc] }]);
    return ids![0]!;
  }

  /**
   * The whisper and blind fields a roll message is created with, in the generation's words.
   * v13 ChatMessage.applyRollMode (client/documents/chat-message.mjs): publicroll whispers no one,
   * selfroll the roller, any other name the GMs (or the recipients the data names), blind only
   * for blindroll; so a v14 name on v13 silently becomes a GM whisper, as it does in Foundry.
   * v14 ChatMessage.applyMode (the same rules for public, self, gm, blind): a v13 name is not a
   * CONFIG.ChatMessage.modes key, and core 14.363 throws on such a key; the fake refuses it.
   */
  rollModeFields(
    from: string,
    data: MessageLike,
    rollMode: string | undefined,
  ): { whisper: string[]; blind: boolean } {
    const gms = this.allUsers()
      .filter((u) => u.isGM)
      .map((u) => u.id);
    const v14 = this.generation >= 14;
    const mode = rollMode ?? (v14 ? "public" : "publicroll");
    if (v14 && !["public", "gm", "blind", "self"].includes(mode))
      throw new Error(
        `fake ChatMessage.applyMode: "${mode}" is not a CONFIG.ChatMessage.modes key`,
      );
    const [pub, self, blind] = v14
      ? ["public", "self", "blind"]
      : ["publicroll", "selfroll", "blindroll"];
    // gm and blind keep recipients the data already names (applyRollMode v13, applyMode v14)
    const named = [...((data as { whisper?: readonly string[] }).whisper ?? [])];
    const whisper = mode === pub ? [] : mode === self ? [from] : named.length ? named : gms;
    return { whisper, blind: mode === blind };
  }
}

export class PlayerClient extends FakeClient implements PlayerPort {
  readonly errors: string[] = [];
  /** Permanent warnings shown on this client (a GM's refused rolls). */
  readonly alerts: string[] = [];
  mode: RollModeName = "publicroll";
  wiring: PlayerWiring | undefined;
  private readonly list = new Map<string, Msg>();
  private userFlagState: Record<string, Record<string, unknown>> = {};
  private readonly actors = new Map<string, ActorLike>();

  /** test-only: a FakeClient of the players' server. */
  constructor(
    readonly players: PlayerServer,
    userId: string,
    seed = 1,
  ) {
    super(players, userId, seed);
  }

  /**
   * The messages and user flags this client was sent at login (v13 client/game.mjs, Game.getData).
   */
  protected override loaded(): void {
    this.list.clear();
    for (const m of this.messages()) this.list.set(m._id, this.asMessage(m as unknown as Msg));
    const updates = this.players.messageUpdates();
    for (const [id, u] of Object.entries(updates)) {
      const m = this.list.get(id);
      if (m) this.list.set(id, { ...m, ...u } as Msg);
    }
    this.userFlagState = this.players.userFlags();
  }

  /**
   * `init` (API docs v13, hookEvents.init): the players' side registers after the core (main.ts),
   * PLAYER_QUERY among the queries.
   */
  protected override init(): void {
    super.init();
    this.wiring = this.runtime!.players as PlayerWiring;
    // as hooks/players.ts: the declaration window opens by itself (players/prompt.ts)
    const prompt = new DeclarePrompt(this, (pub, sceneId) => {
      this.prompted.push({ lake: pub.id, round: pub.round + 1 });
      return this.declareWindow?.(pub, sceneId);
    });
    this.prompt = prompt;
    this.hooks.on("updateScene", (scene, changed) =>
      prompt.sceneChanged(scene as SceneData, changed as { flags?: Record<string, unknown> }),
    );
  }

  /** The prompt of this page (hooks/players.ts builds one per client). */
  private prompt: DeclarePrompt | undefined;
  /** test-only: every time the declaration window opened by itself here: the lake, the round. */
  readonly prompted: { lake: string; round: number }[] = [];
  /** test-only: the window that opens (DeclareDialog.show in Foundry); none by default. */
  declareWindow: ((pub: PublicLake, sceneId: string) => unknown) | undefined;

  /** test-only: this client is the players' side's port; the root builds the side on it. */
  protected override playerPort(): (port: Port) => PlayerPort {
    return () => this;
  }

  /**
   * `ready` (API docs v13, hookEvents.ready): the core's listener, then the players' (registered in
   * that order in main.ts), which asks a player who joins mid-round to declare.
   */
  protected override async ready(): Promise<void> {
    await super.ready();
    this.prompt!.prime(this.scenes());
    await this.wiring!.ready();
    this.prompt!.ready(this.scenes());
  }

  /**
   * The adapter the players' side chose on this client (game.system.id and the module's setting,
   * API docs v13 Game#system; src/foundry/players/wire.ts).
   */
  override adapterId(): string {
    return this.wiring?.adapter().id ?? "";
  }

  /** test-only: the tab closes as in FakeClient#disconnect; the players' wiring goes with it. */
  override disconnect(): void {
    super.disconnect();
    this.wiring = undefined;
  }

  /**
   * A message with `id`, which mirrors `_id` on a Document (v13 common/abstract/document.mjs,
   * Document#id).
   */
  private asMessage(m: Msg): Msg {
    return { ...m, id: m._id };
  }

  /**
   * This client's socket, the players' part: createChatMessage(message, options, userId),
   * updateChatMessage and updateUser(user, changed, options, userId) on every client (API docs v13,
   * hookEvents.createDocument / updateDocument); updateChatMessage lacks the userId here.
   */
  override receive(p: Payload): void {
    super.receive(p);
    if (p.channel === "userActivity") void this.wiring?.userActivity();
    if (p.channel !== "modifyDocument" || !this.wiring) return;
    const op = p.op as string;
    if (op === "chat.create") {
      for (const raw of p.data as Msg[]) {
        const m = this.asMessage(raw);
        this.list.set(m.id, m);
        this.hooks.callAll("createChatMessage", clone(m), {}, m.author);
      }
    } else if (op === "chat.delete") {
      // deleted messages leave game.messages and fire deleteChatMessage (v13
      // client/documents/abstract/client-document.mjs, _onDelete; API docs v13 hookEvents.deleteDocument)
      for (const id of p.data as string[]) {
        const m = this.list.get(id);
        this.list.delete(id);
        if (m) this.hooks.callAll("deleteChatMessage", clone(m), {}, "");
      }
    } else if (op === "chat.update") {
      const u = p.data as { _id: string; content?: string; flags?: Record<string, unknown> };
      const m = this.list.get(u._id);
      if (m) {
        const next = {
          ...m,
          ...(u.content !== undefined ? { content: u.content } : {}),
          ...(u.flags ? { flags: { ...m.flags, ...u.flags } } : {}),
        };
        this.list.set(u._id, next as Msg);
        this.hooks.callAll("updateChatMessage", clone(next), u, {});
      }
    } else if (op === "user.update") {
      const u = p.data as {
        userId: string;
        changed: { flags: Record<string, Record<string, unknown>> };
        author: string;
      };
      const cur = this.userFlagState[u.userId] ?? {};
      this.userFlagState[u.userId] = { ...cur, ...(u.changed.flags[MODULE_ID] ?? {}) };
      this.hooks.callAll("updateUser", { id: u.userId }, u.changed, {}, u.author);
    }
  }

  /**
   * User#query from this client (v13 client/documents/user.mjs); the answer (which only the caller
   * gets) is recorded too.
   */
  override async query(
    userId: string,
    name: string,
    data: object,
    options?: { readonly timeout?: number },
  ): Promise<unknown> {
    const reply = await super.query(userId, name, data, options);
    this.received.push({ channel: "query", name: `${name}:reply`, data: clone(reply) });
    return reply;
  }

  /** test-only: puts a system fixture (with its roll fakes) where game.actors.get finds it. */
  attachActor(id: string, actor: ActorLike): void {
    this.actors.set(id, actor);
  }

  /**
   * Creates a roll message from this client as core Roll#toMessage would (v13
   * client/dice/roll.mjs): without a roll mode, the user's core.rollMode setting applies.
   */
  async postRoll(data: MessageLike, rollMode: string | undefined): Promise<MessageLike> {
    const mode = rollMode ?? this.modeWords();
    // v13 client database backend (client/data/client-backend.mjs, #preCreateDocumentArray):
    // ChatMessage#_preCreate applies the roll mode to the new document's source, then
    // Hooks.call("preCreateChatMessage", document, data, options, userId) on this client; a
    // listener may change the source (ClientDocument#updateSource) or veto with false
    const source: Record<string, unknown> = {
      ...clone(data),
      ...this.players.rollModeFields(this.userId, data, mode),
    };
    const document = {
      ...source,
      updateSource: (changes: Record<string, unknown>) => Object.assign(source, clone(changes)),
    };
    if (
      !this.hooks.call(
        "preCreateChatMessage",
        document,
        clone(data),
        { rollMode: mode },
        this.userId,
      )
    )
      throw new Error("fake client: a preCreateChatMessage listener vetoed the roll message");
    const { whisper, blind, ...rest } = source as Record<string, unknown> & {
      whisper: string[];
      blind: boolean;
    };
    const id = this.players.createRollMessage(this.userId, rest as MessageLike, mode, {
      whisper,
      blind,
    });
    const m = this.list.get(id);
    if (!m) throw new Error("fake client: the created message did not arrive");
    return clone(m);
  }

  // ---- PlayerPort ----
  /**
   * game.user.setFlag (v13 common/abstract/document.mjs, Document#setFlag): an update of the own
   * User.
   */
  async setOwnFlag(key: string, value: unknown): Promise<void> {
    this.players.updateUserFlag(this.userId, this.userId, key, value);
  }
  /** User#getFlag on this client's copy (v13 common/abstract/document.mjs, Document#getFlag). */
  userFlag(userId: string, key: string): unknown {
    return this.userFlagState[userId]?.[key];
  }
  /** Hooks.on (v13 client/helpers/hooks.mjs). */
  on(name: string, fn: (...args: unknown[]) => unknown): void {
    this.hooks.on(name, fn);
  }
  /** game.messages.get(id) (v13 client/documents/collections/chat-messages.mjs). */
  message(id: string): PlayerMessage | undefined {
    const m = this.list.get(id);
    return m && clone(m);
  }
  /** game.messages contents (v13 client/documents/collections/chat-messages.mjs). */
  messageList(): PlayerMessage[] {
    // each message copied once and frozen: the module may read game.messages, never change a
    // document in place (Foundry's documents change by update only)
    return [...this.list.values()].map((m) => {
      let f = this.frozen.get(m);
      if (!f) {
        f = deepFreeze(clone(m));
        this.frozen.set(m, f);
      }
      return f;
    });
  }

  /** test-only: the frozen copy of each message object handed out (messageList). */
  private readonly frozen = new WeakMap<Msg, PlayerMessage>();
  /**
   * ChatMessage#update from this client (Document#update, v13 common/abstract/document.mjs),
   * checked by the server.
   */
  async updateMessage(
    id: string,
    data: { content?: string; flags?: Record<string, unknown> },
  ): Promise<void> {
    this.players.updateMessage(this.userId, id, data);
  }
  /** game.actors.get(id) (v13 client/documents/collections/actors.mjs): the attached fixture. */
  actor(id: string): ActorLike | undefined {
    return this.actors.get(id);
  }
  /**
   * game.settings.get("core", "rollMode") (v13 client/helpers/client-settings.mjs); v14 calls it
   * messageMode.
   */
  rollMode(): RollModeName {
    return this.mode;
  }
  /**
   * The user's mode setting as Foundry holds it: `core.messageMode` in v14's names, `core.rollMode`
   * in v13's (what a system reads when the module names no mode; v13 client/game.mjs
   * Game#registerSettings, v14 `rollModeField` there).
   */
  modeWords(): string {
    return this.players.generation >= 14 ? mapLegacyRollMode(this.mode) : this.mode;
  }
  /** game.system.id (v13 client/game.mjs, Game#system). */
  systemId(): string {
    return this.players.systemId;
  }
  /** game.system.version (v13 client/game.mjs, Game#system: the manifest's version). */
  systemVersion(): string {
    return this.players.systemVersion;
  }
  /** ui.notifications.error (v13 client/applications/ui/notifications.mjs), recorded. */
  notifyError(message: string): void {
    this.errors.push(message);
  }
  /** test-only: every warning text shown or put in a line's place, in order. */
  readonly alertLog: string[] = [];
  /** Which of `alerts` each named line is (alertGm's `line`). */
  private readonly alertLines = new Map<string, number>();
  /**
   * ui.notifications.warn(message, {permanent: true}) (v13 client/applications/ui/notifications.mjs,
   * Notifications#notify), recorded: shown on this client only. A named line still shown takes
   * the new text in place (the same file: Notification#update sets `message` and the element's
   * text; Notifications#has says it is still queued or active).
   */
  alertGm(message: string, line?: string): void {
    this.alertLog.push(message);
    const at = line === undefined ? undefined : this.alertLines.get(line);
    if (at !== undefined) {
      this.alerts[at] = message;
      return;
    }
    this.alerts.push(message);
    if (line !== undefined) this.alertLines.set(line, this.alerts.length - 1);
  }
  /**
   * Core Roll on this client (v13 client/dice/roll.mjs): `@references` replaced from the roll data
   * (Roll.replaceFormulaData), `new Roll(formula).evaluate()` through this client's dice
   * (fake/dice.ts: each die through CONFIG.Dice.fulfillment), posted as Roll#toMessage does (the
   * live roll, kept as JSON by ChatMessage#rolls); the outcome as live-port.ts reads it.
   */
  readonly coreRoll: CoreRoller = async (formula, data, message, rollMode) => {
    const bound = formula.replace(/@([A-Za-z][A-Za-z0-9_.]*)/g, (_m, path: string) => {
      const v = getPath(data, path);
      if (typeof v !== "number")
        throw new Error(`fake Roll: @${path} has no number in the roll data`);
      return String(v);
    });
    const env = this.rollEnvFor(bound.replace(/\s+/g, "").replace(/\+-/g, "-"));
    const roll = new FakeRoll(bound, {}, {}, env);
    this.rolls.push(roll.formula.replace(/\s+/g, ""));
    await roll.evaluate();
    // the live port says the mode in the generation's words (players/live-port.ts coreRoll)
    const created = await this.postRoll(
      { ...message, rolls: [asStored(roll)] } as MessageLike,
      rollMode && (this.players.generation >= 14 ? mapLegacyRollMode(rollMode) : rollMode),
    );
    const natural = roll.dice[0]?.results[0]?.result;
    return {
      total: roll.total,
      ...(natural !== undefined ? { natural } : {}),
      messageId: created.id!,
    };
  };

  /**
   * CONFIG.Dice.fulfillment on this client (v13 client/config.mjs; DiceFulfillmentMethod): the
   * module's method, not interactive, with its handler, made the default method.
   */
  fulfillDice(label: string, handler: DiceHandler): void {
    const f = this.clientDice.fulfillment;
    // as the live port does (players/live-port.ts fulfillDice): the module's method becomes the
    // default, and a default another module had set keeps the dice the module does not supply
    const previous =
      f.defaultMethod && f.defaultMethod !== MODULE_ID ? f.methods[f.defaultMethod] : undefined;
    const chained: DiceHandler = async (term, options) =>
      (await handler(term, options)) ??
      (previous?.interactive ? undefined : previous?.handler?.(term as never, options));
    f.methods[MODULE_ID] = { label, interactive: false, handler: chained };
    f.defaultMethod = MODULE_ID;
  }

  /**
   * The method this client sends a denomination to: `config[denomination] || defaultMethod`
   * (v13 client/dice/terms/dice.mjs #invokeFulfillmentHandler).
   */
  diceMethodFor(denomination: string): string {
    return this.clientDice.methodFor(denomination);
  }

  /**
   * test-only: ChatMessage#delete from this client (Document#delete, v13
   * common/abstract/document.mjs), checked by the server: the author or a GM.
   */
  async deleteMessage(id: string): Promise<void> {
    await this.write([{ kind: "chat.delete", ids: [id] }]);
  }
}

export interface PlayerTable {
  readonly server: PlayerServer;
  readonly gm: PlayerClient;
  readonly gm2: PlayerClient;
  readonly players: readonly [PlayerClient, PlayerClient];
  readonly sceneId: string;
  readonly tokenIds: string[];
  readonly actorIds: string[];
  readonly userIds: { gm: string; gm2: string; a: string; b: string };
}

/**
 * test-only: the system release a table on each Foundry generation runs (tests/fixtures/systems):
 * dnd5e 5.3.3 on v13 and 6.0.6 on v14 (6 is v14 only), pf2e 7.12.2 on v13 and 8.5.1 on v14 (8 is
 * v14 only); any other system a version that says nothing.
 */
export function tableSystemVersion(system: string, generation: number): string {
  if (system === "dnd5e") return generation >= 14 ? "6.0.6" : "5.3.3";
  if (system === "pf2e") return generation >= 14 ? "8.5.1" : "7.12.2";
  return "1.0.0";
}

/**
 * test-only: one scene, two GMs (the second joins later for hand-overs), two players each owning a
 * fisher.
 */
export async function makePlayerTable(
  opts: {
    generation?: 13 | 14;
    system?: string;
    /** game.system.version; the release tables run on that generation by default. */
    systemVersion?: string;
    anaOwnsBoth?: boolean;
    /** Ana's and Bo's actors' type (default character), system data and items. */
    actors?: readonly (Pick<ActorDoc, "system" | "items"> & { type?: string })[];
  } = {},
): Promise<PlayerTable> {
  const server = new PlayerServer();
  server.reset();
  server.generation = opts.generation ?? 13;
  server.systemId = opts.system ?? "dnd5e";
  server.systemVersion =
    opts.systemVersion ?? tableSystemVersion(server.systemId, server.generation);
  // pf2e builds only its own actor types (ActorProxyPF2e): the swarm is a pf2e hazard there
  server.refusesModuleTypes = server.systemId === "pf2e";
  const gmId = server.addUser("Gamemaster", true);
  const gm2Id = server.addUser("Second GM", true);
  const a = server.addUser("Ana's player", false);
  const b = server.addUser("Bo's player", false);
  const actorOf = (i: number, owner: string) => {
    const { type = "character", ...data } = opts.actors?.[i] ?? {};
    return server.addActor(["Ana", "Bo"][i]!, type, [owner], data);
  };
  const actorIds = [actorOf(0, a), actorOf(1, opts.anaOwnsBoth ? a : b)];
  const tokens = actorIds.map((actorId, i) => fisherToken(["Ana", "Bo"][i]!, actorId));
  const sceneId = server.addScene("Mirror lake", tokens);
  const gm = new PlayerClient(server, gmId, 7);
  const gm2 = new PlayerClient(server, gm2Id, 8);
  const pa = new PlayerClient(server, a, 9);
  const pb = new PlayerClient(server, b, 10);
  await gm.connect();
  await pa.connect();
  await pb.connect();
  const tokenIds = gm.scene(sceneId)!.tokens.map((t) => t._id);
  return {
    server,
    gm,
    gm2,
    players: [pa, pb],
    sceneId,
    tokenIds,
    actorIds,
    userIds: { gm: gmId, gm2: gm2Id, a, b },
  };
}

/**
 * test-only: a 3 x 3 x 2 lake; Ana (f1) at [0,0,0], Bo (f2) at [2,0,0]; `settings` the lake's own;
 * `anaMods` Ana's modifiers in the set-up (as the wizard fills them in from the system). Fair dice
 * only when `fairDice` says so: the tests on this lake choose their players' dice, which fair dice
 * exist to prevent (tests/foundry/players/fair-dice.test.ts plays with them on).
 */
export async function lakeOn(
  t: PlayerTable,
  settings?: Parameters<LakeHost["createLake"]>[0]["settings"],
  anaMods?: Partial<Mods>,
  fairDice = false,
): Promise<string> {
  const r = await t.gm.runtime!.host.createLake({
    sceneId: t.sceneId,
    name: "Mirror lake",
    lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
    origin: { col: 1, row: 1 },
    fishers: [
      { tokenId: t.tokenIds[0]!, at: [0, 0, 0], ...(anaMods ? { mods: anaMods } : {}) },
      { tokenId: t.tokenIds[1]!, at: [2, 0, 0] },
    ],
    ...(settings ? { settings } : {}),
    seed: 5,
    fairDice,
  });
  if (!r.ok) throw new Error(r.error.code);
  return r.value.id;
}
