/**
 * `game` and Foundry's start-up on this page (v13 client/game.mjs, Game; facts §8 and the API
 * docs' hookEvents page: "init, i18nInit, setup, ..., ready", each once per connection):
 * 1. Game.create: the socket connects and the server sends the world data ("world" event);
 * 2. initialize: core settings and sheets registered, `init`; Localization#initialize loads the
 *    translations and fires `i18nInit`;
 * 3. setupGame: compendium packs and world documents (game.users/user, actors, scenes, messages),
 *    `setup`, the interface rendered, socket listeners activated, the canvas drawn for the
 *    active scene (`canvasInit`, `canvasReady`), then `game.ready = true` and `ready`.
 * Documents do not exist during `init` (game.actors is undefined, game.user null), as in Foundry.
 */
import type {
  DocumentRequest,
  DocumentResponse,
  QueryAck,
  ServerEvent,
  Source,
  WorldData,
} from "../protocol.ts";
import { ActorSheet, DocumentSheetConfig } from "./applications.ts";
import { DICE_CONFIGURATION_SETTING } from "./dice.ts";
import type {
  ClientDocument,
  FakeActor,
  FakeChatMessage,
  FakeScene,
  FakeSetting,
  FakeUser,
} from "./documents.ts";
import { Scenes, Users, WorldCollection, backend, docClass } from "./documents.ts";
import { env, misuse } from "./env.ts";
import { FakeHooks as Hooks } from "./hooks.ts";
import { Localization } from "./i18n.ts";
import { ClientKeybindings, KeyboardManager } from "./keyboard.ts";
import type { LanguageEntry } from "./i18n.ts";
import { localizeSchema } from "./data-model.ts";
import type { DataModel } from "./data-model.ts";
import { CompendiumCollection, addPack } from "./packs.ts";
import { ClientSettings } from "./settings.ts";
import type { ClientSocket } from "./socket.ts";
import { ActorDirectory, ChatLog, Notifications, SceneControls, renderInterface } from "./ui.ts";
import type { Obj } from "./utils.ts";
import { Collection } from "./utils.ts";

export interface ModuleEntry {
  id: string;
  title: string;
  active: boolean;
  languages: LanguageEntry[];
  esmodules: string[];
  api?: unknown;
  [k: string]: unknown;
}

/** User#query's transport (v13 user.mjs, facts §7) and the answering side of CONFIG.queries. */
export class Queries {
  private next = 0;
  /** The v14 switch: whether a handler is told the calling user (UNCONFIRMED for v14). */
  passCaller = false;

  // v13 client/documents/user.mjs User#query: the sender (facts §7)
  async send(
    target: string,
    queryName: string,
    queryData: unknown,
    timeout?: number,
  ): Promise<unknown> {
    const queryId = `${env.game.userId}-${++this.next}`;
    const ack = (await env.socket.request({
      event: "userQuery",
      target,
      queryId,
      queryName,
      queryData,
      queryOptions: timeout === undefined ? {} : { timeout },
    })) as QueryAck;
    if (ack.status === "rejected") throw new Error(ack.reason);
    return ack.value;
  }

  /**
   * The receiving client: CONFIG.queries[name](data, {timeout}) (v13 handlers get the data and
   * the query options); a missing handler or a thrown error comes back rejected with its
   * message (UNCONFIRMED wording: the receiver side is not in the public sources).
   */
  // v13 client/documents/user.mjs User#query: the receiving client (facts §7; UNCONFIRMED, not in the public sources)
  async receive(e: Extract<ServerEvent, { event: "userQuery" }>): Promise<void> {
    const handler = env.CONFIG.queries[e.queryName];
    let ack: QueryAck;
    if (typeof handler !== "function")
      ack = { status: "rejected", reason: `User query '${e.queryName}' is not registered` };
    else {
      try {
        const options: Obj = { ...e.queryOptions };
        if (this.passCaller) options.user = env.game.users.get(e.from);
        ack = { status: "fulfilled", value: await handler(e.queryData, options) };
      } catch (err) {
        ack = { status: "rejected", reason: String((err as Error)?.message ?? err) };
      }
    }
    await env.socket.request({ event: "queryAck", queryId: e.queryId, ack });
  }
}

export class FakeGame {
  readonly data: WorldData;
  readonly userId: string;
  readonly release: { generation: number; version: string; build: number };
  readonly system: { id: string; title: string; version: string; languages: LanguageEntry[] };
  readonly world: { id: string; title: string };
  readonly modules: Collection<ModuleEntry>;
  readonly documentTypes: Record<string, string[]>;
  readonly i18n = new Localization();
  readonly settings = new ClientSettings();
  readonly keyboard = new KeyboardManager();
  readonly keybindings = new ClientKeybindings();
  readonly queries = new Queries();
  readonly packs = new Collection<CompendiumCollection>();
  readonly collections = new Map<string, Collection<ClientDocument>>();
  ready = false;
  declare users: Users;
  declare actors: WorldCollection<FakeActor>;
  declare items: WorldCollection;
  declare scenes: Scenes;
  declare messages: WorldCollection<FakeChatMessage>;
  declare journal: WorldCollection;
  declare combats: WorldCollection;

  // v13 client/game.mjs Game#constructor
  constructor(
    data: WorldData,
    readonly socket: ClientSocket,
  ) {
    this.data = data;
    this.userId = data.userId;
    // the builds tables run: 13.351 (v13's last stable), 14.369
    const build = data.generation >= 14 ? 369 : 351;
    this.release = { generation: data.generation, version: `${data.generation}.${build}`, build };
    this.system = { ...data.system, languages: data.system.languages ?? [] };
    this.world = data.world;
    this.documentTypes = data.documentTypes;
    this.modules = new Collection<ModuleEntry>();
    for (const m of data.modules)
      this.modules.set(String(m.id), { ...(m as unknown as ModuleEntry) });
  }

  /** Game#initialize. */
  // v13 client/game.mjs Game#initialize
  async initialize(): Promise<void> {
    this.registerCoreSettings();
    // world settings are loaded with the world data, before init (ClientSettings constructor)
    const Setting = docClass("Setting");
    for (const s of this.data.settings)
      this.settings.world.set(String(s._id), new Setting(s) as FakeSetting);
    // the core sheets are registered first, so that a system may unregister them at init
    DocumentSheetConfig.registerSheet({ documentName: "Actor" }, "core", ActorSheet, {
      makeDefault: true,
    });
    Hooks.callAll("init");
    const lang = String(this.settings.get("core", "language"));
    await this.i18n.initialize(
      lang,
      { id: this.system.id, languages: this.system.languages },
      this.modules.contents,
    );
    // Localization#initialize: type labels, then the data models' schemas, then i18nInit
    for (const [name, types] of Object.entries(this.documentTypes)) {
      const c = env.CONFIG[name] as { typeLabels?: Record<string, string> };
      c.typeLabels ??= {};
      for (const t of types) c.typeLabels[t] ??= t === "base" ? "TYPES.Base" : `TYPES.${name}.${t}`;
    }
    for (const model of Object.values(env.CONFIG.Actor.dataModels)) {
      const m = model as typeof DataModel & { LOCALIZATION_PREFIXES?: string[] };
      localizeSchema(
        m.schema,
        m.LOCALIZATION_PREFIXES ?? [],
        (k) => this.i18n.has(k),
        (k) => this.i18n.localize(k),
      );
    }
    Hooks.callAll("i18nInit");
    await this.setupGame();
  }

  /** Game#registerSettings: the core settings the module and the fake read. */
  // v13 client/game.mjs Game#registerSettings
  private registerCoreSettings(): void {
    const s = this.settings;
    s.register("core", "language", {
      scope: "client",
      type: String,
      default: this.data.language ?? "en",
    });
    if (this.release.generation >= 14)
      s.register("core", "messageMode", {
        scope: "client",
        type: String,
        default: "public",
        choices: { public: "CHAT.Public", gm: "CHAT.GM", blind: "CHAT.Blind", self: "CHAT.Self" },
      });
    else
      s.register("core", "rollMode", {
        scope: "client",
        type: String,
        default: "publicroll",
        choices: {
          publicroll: "CHAT.RollPublic",
          gmroll: "CHAT.RollPrivate",
          blindroll: "CHAT.RollBlind",
          selfroll: "CHAT.RollSelf",
        },
      });
    // v13 client/applications/settings/menus/dice-config.mjs DiceConfig.registerSetting (from
    // Game#registerSettings): each die's fulfillment method, a client setting, none by default
    s.register("core", DICE_CONFIGURATION_SETTING, {
      config: false,
      default: {},
      type: Object,
      scope: "client",
    });
    s.register("core", CompendiumCollection.CONFIG_SETTING, {
      scope: "world",
      type: Object,
      default: {},
    });
  }

  /** Game#setupGame. */
  // v13 client/game.mjs Game#setupGame
  private async setupGame(): Promise<void> {
    for (const p of this.data.packs) addPack(p);
    this.users = new Users("User", this.data.users);
    // Users#_initialize (v13 client/documents/collections/users.mjs): this client's own user
    this.users.current = this.users.get(this.userId, { strict: true })!;
    this.actors = new WorldCollection<FakeActor>("Actor", this.data.actors);
    this.items = new WorldCollection("Item", this.data.items);
    this.scenes = new Scenes("Scene", this.data.scenes);
    this.messages = new WorldCollection<FakeChatMessage>("ChatMessage", this.data.messages);
    this.journal = new WorldCollection("JournalEntry", this.data.journal);
    this.combats = new WorldCollection("Combat", this.data.combats ?? []);
    for (const c of [
      this.users,
      this.actors,
      this.items,
      this.scenes,
      this.messages,
      this.journal,
      this.combats,
    ])
      this.collections.set(c.documentName, c as unknown as Collection<ClientDocument>);
    this.collections.set("Setting", this.settings.world as unknown as Collection<ClientDocument>);
    Hooks.callAll("setup");
    this.initializeKeyboard();
    renderInterface();
    env.ui.controls.render();
    env.ui.actors.render();
    await env.ui.chat.renderAll();
    this.activateSocketListeners();
    await env.canvas.draw(this.scenes.active ?? null);
    this.ready = true;
    Hooks.callAll("ready");
  }

  /** Game#initializeKeyboard: the window's listeners, core's bindings, every binding sorted. */
  // v13 client/game.mjs Game#initializeKeyboard
  private initializeKeyboard(): void {
    this.keyboard._activateListeners();
    this.keybindings._registerCoreKeybindings();
    this.keybindings.initialize();
  }

  /** Game#activateSocketListeners: documents, user activity, queries, compendium creation. */
  // v13 client/game.mjs Game#activateSocketListeners
  private activateSocketListeners(): void {
    const s = this.socket;
    s.listen("modifyDocument", (e) => {
      if (e.event === "modifyDocument") this.applyResponse(e.response);
    });
    s.listen("modifyBatch", (e) => {
      if (e.event === "modifyBatch") for (const r of e.responses) this.applyResponse(r);
    });
    s.listen("userActivity", (e) => {
      if (e.event !== "userActivity") return;
      // Users#_handleUserActivity (facts §7): a change of `active` fires userConnected
      const user = this.users.get(e.userId);
      if (!user || user.active === e.activity.active) return;
      user._source.active = e.activity.active;
      user.active = e.activity.active;
      env.ui.actors.render();
      Hooks.callAll("userConnected", user, user.active);
    });
    s.listen("userQuery", (e) => {
      if (e.event === "userQuery") void this.queries.receive(e);
    });
    s.listen("manageCompendium", (e) => {
      if (e.event === "manageCompendium") addPack(e.response.result);
    });
  }

  // v13 client/game.mjs ClientDatabaseBackend#_onModifyDocument (client/data/client-backend.mjs)
  private applyResponse(r: DocumentResponse): void {
    backend.handle(r);
  }

  /** `foundry.documents.modifyBatch` (v14 only; facts §9): one request, results per operation in order. */
  // v13 client/game.mjs foundry.documents.modifyBatch (API docs v14, facts §9)
  async modifyBatch(operations: Obj[]): Promise<ClientDocument[][]> {
    if (this.release.generation < 14) throw misuse("modifyBatch does not exist before v14");
    const requests: (DocumentRequest | undefined)[] = [];
    for (const op of operations) {
      const { action, documentName, data, updates, ids, ...rest } = op as Obj & {
        action: string;
        documentName: string;
        data?: Obj[];
        updates?: Obj[];
        ids?: string[];
      };
      const cls = docClass(documentName);
      if (action === "create") requests.push(await backend.prepareCreate(cls, data ?? [], rest));
      else if (action === "update")
        requests.push(await backend.prepareUpdate(cls, updates ?? [], rest));
      else if (action === "delete")
        requests.push(await backend.prepareDelete(cls, ids ?? [], rest));
      else throw new Error(`modifyBatch: unknown action ${action}`);
    }
    const sent = requests.filter((r): r is DocumentRequest => r !== undefined);
    const responses = sent.length
      ? ((await this.socket.request({
          event: "modifyBatch",
          requests: sent,
        })) as DocumentResponse[])
      : [];
    let i = 0;
    return requests.map((r) => (r ? backend.handle(responses[i++]!) : []));
  }

  /**
   * Game#user: the users' current one, null until setupGame builds the users (during `init` and
   * `i18nInit` there is none, only `game.userId`). Typed as the user because the fake reads it
   * only after `setup`.
   */
  // v13 client/game.mjs Game#user
  get user(): FakeUser {
    return (this.users?.current ?? null) as FakeUser;
  }

  // v13 client/game.mjs Game#canvas
  get canvas(): unknown {
    return env.canvas;
  }
}

/** Game.create: connect, receive the world, build `game`. */
// v13 client/game.mjs Game#createGame
export async function createGame(socket: ClientSocket): Promise<FakeGame> {
  const data = (await socket.request({
    event: "connect",
    session: socket.session,
    view: "game",
  })) as WorldData;
  env.socket = socket;
  env.ui = {
    notifications: new Notifications(),
    chat: new ChatLog(),
    actors: new ActorDirectory(),
    controls: new SceneControls(),
  };
  const game = new FakeGame(data, socket);
  game.queries.passCaller = Boolean(data.queryCaller);
  env.game = game;
  return game;
}

export type { FakeScene, Source };
