/**
 * The Node side of the boot test: a fake of Foundry's server for the pages the test opens. It
 * holds the world in Foundry's document source shapes and answers the socket events Foundry's
 * client sends (protocol.ts), the way the Foundry server's documented behaviour says:
 * - `modifyDocument` (v13 DocumentSocketRequest {type, action, operation}; `parentUuid` and
 *   `pack` in the operation): the permission checks of the common document classes (v13
 *   common/documents/*.mjs: a GM, Assistant included, may do anything; scenes need OWNER, which
 *   players never have by default; a player creates chat messages only as their own author;
 *   tokens need TOKEN_CREATE/TOKEN_DELETE and ownership of their actor; settings need
 *   SETTINGS_MODIFY; a compendium document needs OWNER of an unlocked pack, reads need OBSERVER),
 *   then the change is answered to the requester and broadcast to the other connected clients;
 * - `modifyBatch` (v14 only, foundry.documents.modifyBatch, facts §9): every operation applied in
 *   order, all or nothing;
 * - `userQuery` (User#query, facts §7): relayed to the one target user's page and its answer
 *   relayed back to the caller alone; an inactive target, a disconnect or a timeout rejects;
 * - `manageCompendium` (CompendiumCollection.createCompendium): GM only, a new world pack;
 * - connection and disconnection: the user becomes active/inactive and every other client is
 *   told ("userActivity"), which fires `userConnected` there.
 * Where Foundry's server behaviour is not public, the choice is a switch in ServerOptions.
 * The fake is stateful and strict: an unknown document, user or event throws.
 */
import { randomBytes } from "node:crypto";
import type {
  ClientEvent,
  DocumentRequest,
  DocumentResponse,
  PackMeta,
  QueryAck,
  Reply,
  ServerEvent,
  Source,
  UserSource,
  WorldData,
} from "./protocol.ts";

export interface ServerOptions {
  generation: 13 | 14;
  /**
   * Who is sent a change to a world compendium's document. Not public: "observers" (users with
   * OBSERVER on the pack, the module's design assumption) or "everyone".
   */
  packChangesTo: "observers" | "everyone";
  /**
   * Who is sent a plain (non-roll) whisper, at login and when it is created. Not public
   * (docs/foundry.md, "What every client receives": not documented either way): "everyone" or
   * "recipients" (the author, the whisper's recipients).
   */
  whispersTo: "everyone" | "recipients";
  /**
   * Whether a v14 batch is broadcast to other users (facts §9: foundryvtt/foundryvtt#13656 reports
   * a build where it was not). "all" as documented, or "requester".
   */
  batchBroadcast: "all" | "requester";
  /** A query's answer waited for when the caller gives no timeout (not public). */
  defaultQueryTimeout: number;
  /** v14: whether query handlers are told the caller (UNCONFIRMED; the client's switch). */
  queryCaller: boolean;
}

export const DEFAULT_OPTIONS: ServerOptions = {
  generation: 13,
  packChangesTo: "observers",
  whispersTo: "everyone",
  batchBroadcast: "all",
  defaultQueryTimeout: 30_000,
  queryCaller: false,
};

/** One page's socket: the bridge delivers events to it in order. */
export interface Connection {
  readonly userId: string;
  readonly session: string;
  send(e: ServerEvent): void;
}

export interface WorldSeed {
  world: { id: string; title: string };
  system: WorldData["system"];
  modules: Source[];
  documentTypes: Record<string, string[]>;
  users: Omit<UserSource, "active">[];
  actors: Source[];
  scenes: Source[];
  packs: PackMeta[];
  settings?: Source[];
}

/** CONST.DOCUMENT_OWNERSHIP_LEVELS and the USER_PERMISSIONS default roles the checks use (v13 constants). */
const OWNER = 3;
const OBSERVER = 2;
const LEVELS: Record<string, number> = { NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 };
const ROLES: Record<string, number> = { PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 };
const PERMISSION_ROLE: Record<string, number> = {
  ACTOR_CREATE: 3,
  SETTINGS_MODIFY: 3,
  TOKEN_CREATE: 3,
  TOKEN_DELETE: 3,
  MESSAGE_WHISPER: 1,
  QUERY_USER: 1,
};

/** The embedded collections of each parent type (v13 document metadata.embedded). */
const EMBEDDED: Record<string, Record<string, string>> = {
  Scene: { Token: "tokens" },
  Actor: { Item: "items" },
  Combat: { Combatant: "combatants" },
};
const WORLD: Record<string, string> = {
  User: "users",
  Actor: "actors",
  Item: "items",
  Scene: "scenes",
  ChatMessage: "messages",
  JournalEntry: "journal",
  Combat: "combats",
  Setting: "settings",
};

// what crosses socket.io is JSON (client/game.mjs Game#socket): every payload is copied so
function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

// common/utils/helpers.mjs getType(v) === "Object"
function isObj(v: unknown): v is Source {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** foundry.utils.mergeObject with expanded dotted keys and `-=` deletions (the server applies updates so). */
// common/utils/helpers.mjs mergeObject (expandObject, -= deletion, == replacement keys)
export function applyUpdate(target: Source, changes: Source, recursive = true): Source {
  const out: Source = clone(target);
  const expand = (o: Source): Source => {
    const r: Source = {};
    for (const [k, v] of Object.entries(o)) {
      const parts = k.split(".");
      let node = r;
      for (const p of parts.slice(0, -1))
        node = (node[p] = isObj(node[p]) ? node[p] : {}) as Source;
      node[parts.at(-1)!] = isObj(v) ? expand(v) : v;
    }
    return r;
  };
  const merge = (t: Source, c: Source, rec: boolean) => {
    for (const [k, v] of Object.entries(c)) {
      if (k.startsWith("-=")) delete t[k.slice(2)];
      else if (k.startsWith("==")) t[k.slice(2)] = clone(v);
      else if (rec && isObj(v) && isObj(t[k])) merge(t[k] as Source, v, true);
      else t[k] = clone(v);
    }
  };
  merge(out, expand(changes), recursive);
  return out;
}

interface PendingQuery {
  from: string;
  to: string;
  resolve(r: Reply): void;
  timer: NodeJS.Timeout;
}

interface Pack {
  meta: PackMeta;
  docs: Map<string, Source>;
}

interface State {
  users: Map<string, UserSource>;
  actors: Map<string, Source>;
  items: Map<string, Source>;
  scenes: Map<string, Source>;
  messages: Map<string, Source>;
  journal: Map<string, Source>;
  combats: Map<string, Source>;
  settings: Map<string, Source>;
  packs: Map<string, Pack>;
}

export class FakeFoundryServer {
  readonly options: ServerOptions;
  private state: State;
  private readonly seed: WorldSeed;
  private readonly connections = new Map<string, Connection>();
  private readonly queries = new Map<string, PendingQuery>();
  private nextQuery = 0;
  /** Every database request, by user: one per `modifyDocument`, one per `modifyBatch` (the test counts writes). */
  readonly requests: { user: string; event: string; ops: string[] }[] = [];
  /** Every event delivered, by user (the test checks what a player's page was sent). */
  readonly sent = new Map<string, ServerEvent[]>();

  // the world a Foundry server loads (common/documents/*.mjs source shapes)
  constructor(seed: WorldSeed, options: Partial<ServerOptions> = {}) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.seed = seed;
    this.state = {
      users: new Map<string, UserSource>(
        seed.users.map((u) => [String(u._id), { ...clone(u), active: false } as UserSource]),
      ),
      actors: new Map(seed.actors.map((a) => [String(a._id), clone(a)])),
      items: new Map(),
      scenes: new Map(seed.scenes.map((s) => [String(s._id), clone(s)])),
      messages: new Map(),
      journal: new Map(),
      combats: new Map(),
      settings: new Map((seed.settings ?? []).map((s) => [String(s._id), clone(s)])),
      packs: new Map(seed.packs.map((p) => [p.id, { meta: clone(p), docs: new Map() }])),
    };
  }

  /**
   * World setup: a module pack's documents as its LevelDB holds them (built by the Foundry CLI in
   * scripts/build-packs.mjs, read back with classic-level): what the server serves from it.
   */
  loadPackDocs(packId: string, docs: readonly Source[]): void {
    const pack = this.state.packs.get(packId);
    if (!pack) throw new Error(`fake server: no pack ${packId}`);
    for (const d of docs) pack.docs.set(String(d._id), clone(d));
  }

  // the server's new document ids: common/utils/helpers.mjs randomID (16 alphanumerics)
  static id(): string {
    const chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    return [...randomBytes(16)].map((b) => chars[b % chars.length]).join("");
  }

  // ---- users and permissions -----------------------------------------------------------------

  // the server's User documents (common/documents/user.mjs BaseUser)
  user(id: string): UserSource {
    const u = this.state.users.get(id);
    if (!u) throw new Error(`fake server: no user ${id}`);
    return u;
  }

  // common/documents/user.mjs BaseUser#isGM: GAMEMASTER or ASSISTANT (fvtt-types doc)
  private isGM(u: UserSource): boolean {
    return u.role >= ROLES.ASSISTANT!;
  }

  // common/documents/user.mjs BaseUser#can: the role's default (common/constants.mjs USER_PERMISSIONS)
  private can(u: UserSource, permission: string): boolean {
    const role = PERMISSION_ROLE[permission];
    if (role === undefined) throw new Error(`fake server: unknown permission ${permission}`);
    return u.role >= role;
  }

  /** Document#getUserLevel: GMs own everything; else `ownership[user] ?? ownership.default`. */
  // common/abstract/document.mjs Document#getUserLevel: GMs are OWNER, else ownership[user] ?? default
  private level(u: UserSource, doc: Source | undefined): number {
    if (this.isGM(u)) return OWNER;
    const own = doc?.ownership as Record<string, number> | undefined;
    return own?.[u._id] ?? own?.default ?? 0;
  }

  /** CompendiumCollection#getUserLevel with core.compendiumConfiguration over the manifest (facts §13). */
  // client/documents/collections/compendium-collection.mjs CompendiumCollection#getUserLevel, as the server checks it (facts §13)
  packLevel(u: UserSource, pack: Pack): number {
    const ownership = this.packConfig(pack).ownership ??
      pack.meta.ownership ?? { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };
    let level = 0;
    for (const [role, l] of Object.entries(ownership as Record<string, string>))
      if (u.role >= (ROLES[role] ?? 99)) level = Math.max(level, LEVELS[l] ?? 0);
    return level;
  }

  // client/documents/collections/compendium-collection.mjs CompendiumCollection#config: the core.compendiumConfiguration world setting
  private packConfig(pack: Pack): { ownership?: Record<string, string>; locked?: boolean } {
    const setting = [...this.state.settings.values()].find(
      (s) => s.key === "core.compendiumConfiguration",
    );
    const all = setting ? (JSON.parse(String(setting.value)) as Record<string, Source>) : {};
    return (all[pack.meta.id] ?? {}) as { ownership?: Record<string, string>; locked?: boolean };
  }

  // the server's refusal of a DocumentSocketRequest (API docs foundry.abstract.types.DocumentSocketResponse error; wording UNCONFIRMED)
  private refuse(u: UserSource, action: string, type: string, id?: unknown): never {
    // the server's refusal (wording UNCONFIRMED; Foundry names the user, action and document)
    throw new Error(
      `User ${u.name} lacks permission to ${action} ${type}${id ? ` [${String(id)}]` : ""}`,
    );
  }

  // ---- connections -------------------------------------------------------------------------

  /**
   * A page connects (its socket, with the user's session): the user becomes active and every
   * other client is told at once (facts §7: before the newcomer's own `init`). A second
   * connection of the same user replaces the first (a reload): the old one is disconnected.
   */
  // a socket connects: Users#_handleUserActivity on the other clients (client/documents/collections/users.mjs, facts §7)
  connect(conn: Connection): WorldData {
    const u = this.user(conn.userId);
    const old = this.connections.get(u._id);
    if (old && old.session !== conn.session) this.disconnect(u._id, old.session);
    this.connections.set(u._id, conn);
    u.active = true;
    this.broadcast(u._id, { event: "userActivity", userId: u._id, activity: { active: true } });
    return this.worldFor(u);
  }

  /** A page's socket closes: the user is inactive; pending queries to it are rejected. */
  // a socket closes: the user inactive (client/documents/collections/users.mjs _handleUserActivity); pending queries rejected (UNCONFIRMED wording)
  disconnect(userId: string, session: string): void {
    const conn = this.connections.get(userId);
    if (!conn || conn.session !== session) return;
    this.connections.delete(userId);
    this.user(userId).active = false;
    for (const [id, q] of this.queries)
      if (q.to === userId) {
        clearTimeout(q.timer);
        this.queries.delete(id);
        q.resolve({
          ok: true,
          value: { status: "rejected", reason: `User [${userId}] disconnected` },
        });
      }
    this.broadcast(userId, { event: "userActivity", userId, activity: { active: false } });
  }

  // client/documents/user.mjs User#active as the server knows it
  isConnected(userId: string): boolean {
    return this.connections.has(userId);
  }

  /** The world data a user's client is sent at login (Game.getData; docs/foundry.md, "What every client receives"). */
  // client/game.mjs Game.getData: the world data sent at login (every world document, filtered whispers per options)
  private worldFor(u: UserSource): WorldData {
    return clone({
      userId: u._id,
      generation: this.options.generation,
      world: this.seed.world,
      system: this.seed.system,
      modules: this.seed.modules,
      documentTypes: this.seed.documentTypes,
      queryCaller: this.options.queryCaller,
      users: [...this.state.users.values()],
      actors: [...this.state.actors.values()],
      items: [...this.state.items.values()],
      scenes: [...this.state.scenes.values()],
      messages: [...this.state.messages.values()].filter((m) => this.receivesMessage(u, m)),
      journal: [...this.state.journal.values()],
      combats: [...this.state.combats.values()],
      settings: [...this.state.settings.values()],
      packs: [...this.state.packs.values()].map((p) => p.meta),
    });
  }

  /** Whether a chat message reaches a user (options.whispersTo for plain whispers; roll messages reach all). */
  // client/documents/chat-message.mjs ChatMessage#visible, as the server may filter plain whispers (not public: options.whispersTo)
  private receivesMessage(u: UserSource, m: Source): boolean {
    const whisper = (m.whisper as string[] | undefined) ?? [];
    const isRoll = ((m.rolls as unknown[] | undefined) ?? []).length > 0;
    if (!whisper.length || isRoll || this.options.whispersTo === "everyone") return true;
    return m.author === u._id || whisper.includes(u._id);
  }

  // ---- events ------------------------------------------------------------------------------

  // the server's socket listeners (client/game.mjs Game#socket events: modifyDocument, userQuery, manageCompendium)
  async handle(userId: string, session: string, e: ClientEvent): Promise<Reply> {
    try {
      if (e.event === "connect") throw new Error("fake server: connect is handled by the bridge");
      const conn = this.connections.get(userId);
      if (!conn || conn.session !== session)
        throw new Error(`fake server: ${userId} is not connected on this page`);
      const u = this.user(userId);
      switch (e.event) {
        case "modifyDocument":
          return { ok: true, value: this.modifyDocument(u, e.request) };
        case "modifyBatch":
          return { ok: true, value: this.modifyBatch(u, e.requests) };
        case "manageCompendium":
          return { ok: true, value: this.createCompendium(u, e.request.data) };
        case "userQuery":
          return await this.query(u, e);
        case "queryAck":
          return this.ack(u, e.queryId, e.ack);
      }
    } catch (err) {
      return { ok: false, error: String((err as Error).message) };
    }
  }

  // API docs foundry.abstract.types.DocumentSocketRequest: one request, answered and broadcast
  private modifyDocument(u: UserSource, request: DocumentRequest): DocumentResponse {
    this.requests.push({
      user: u._id,
      event: "modifyDocument",
      ops: [`${request.type}.${request.action}`],
    });
    if (request.action === "get") return this.get(u, request);
    const draft = this.draft();
    const response = this.apply(draft, u, request);
    this.state = draft;
    this.announce(u._id, response);
    return response;
  }

  /** v14 modifyBatch: all operations on one draft; any failure leaves the world unchanged. */
  // API docs v14 foundry.documents.modifyBatch: all operations or none (facts §9)
  private modifyBatch(u: UserSource, requests: DocumentRequest[]): DocumentResponse[] {
    if (this.options.generation < 14)
      throw new Error("fake server: modifyBatch does not exist on v13");
    this.requests.push({
      user: u._id,
      event: "modifyBatch",
      ops: requests.map((r) => `${r.type}.${r.action}`),
    });
    const draft = this.draft();
    const responses = requests.map((r) => this.apply(draft, u, r));
    this.state = draft;
    if (this.options.batchBroadcast === "all")
      for (const to of this.connections.keys()) {
        if (to === u._id) continue;
        const visible = responses
          .map((r) => this.filterFor(this.user(to), r))
          .filter((r): r is DocumentResponse => r !== undefined);
        if (visible.length) this.send(to, { event: "modifyBatch", responses: visible });
      }
    return responses;
  }

  // API docs v14 foundry.documents.modifyBatch "all must succeed, or all must fail": the server works on a copy
  private draft(): State {
    return {
      users: new Map([...this.state.users].map(([k, v]) => [k, clone(v)])),
      actors: new Map([...this.state.actors].map(([k, v]) => [k, clone(v)])),
      items: new Map(this.state.items),
      scenes: new Map([...this.state.scenes].map(([k, v]) => [k, clone(v)])),
      messages: new Map(this.state.messages),
      journal: new Map(this.state.journal),
      combats: new Map([...this.state.combats].map(([k, v]) => [k, clone(v)])),
      settings: new Map(this.state.settings),
      packs: new Map(
        [...this.state.packs].map(([k, p]) => [k, { meta: p.meta, docs: new Map(p.docs) }]),
      ),
    };
  }

  /** The collection a request addresses: a pack's, a parent's embedded array, or the world's. */
  // API docs foundry.abstract.types.DatabaseOperation: parentUuid and pack name the collection
  private target(
    s: State,
    u: UserSource,
    request: DocumentRequest,
  ): { list: Map<string, Source>; parent?: Source; pack?: Pack; save(): void } {
    const op = request.operation;
    if (op.pack) {
      const pack = s.packs.get(String(op.pack));
      if (!pack) throw new Error(`fake server: no compendium ${String(op.pack)}`);
      if (pack.meta.type !== request.type)
        throw new Error(
          `fake server: ${pack.meta.id} holds ${pack.meta.type}, not ${request.type}`,
        );
      return { list: pack.docs, pack, save: () => undefined };
    }
    if (op.parentUuid) {
      const [ptype, pid] = String(op.parentUuid).split(".");
      const parent = s[WORLD[ptype ?? ""] as keyof State] as Map<string, Source> | undefined;
      const doc = parent?.get(pid ?? "");
      const key = EMBEDDED[ptype ?? ""]?.[request.type];
      if (!doc || !key)
        throw new Error(`fake server: no parent ${String(op.parentUuid)} for ${request.type}`);
      const arr = (doc[key] as Source[] | undefined) ?? [];
      const list = new Map(arr.map((d) => [String(d._id), d]));
      return {
        list,
        parent: doc,
        save: () => {
          doc[key] = [...list.values()];
        },
      };
    }
    const key = WORLD[request.type];
    if (!key) throw new Error(`fake server: ${request.type} is not a world document type`);
    void u;
    return { list: s[key as keyof State] as Map<string, Source>, save: () => undefined };
  }

  // common/abstract/backend.mjs DatabaseBackend create/update/delete as the server runs them
  private apply(s: State, u: UserSource, request: DocumentRequest): DocumentResponse {
    const { type, action, operation } = request;
    const t = this.target(s, u, request);
    const result: unknown[] = [];
    if (action === "create") {
      for (const raw of (operation.data as Source[]) ?? []) {
        const d = clone(raw);
        d._id = operation.keepId && d._id ? d._id : FakeFoundryServer.id();
        // a create whose _id exists is refused (the GM store's compare-and-set rests on it; the
        // server's code is not public: tests/foundry/fake/server.ts offers the other way too)
        if (t.list.has(String(d._id)))
          throw new Error(`staleRecord: a ${type} with _id ${String(d._id)} already exists`);
        this.checkCreate(u, type, d, t);
        // embedded documents in the data are created with their parent, each given an id
        // (common/abstract/document.mjs Document.createDocuments; a Combat's combatants)
        for (const key of Object.values(EMBEDDED[type] ?? {}))
          for (const e of (d[key] as Source[] | undefined) ?? [])
            e._id = operation.keepId && e._id ? e._id : FakeFoundryServer.id();
        t.list.set(String(d._id), d);
        result.push(clone(d));
      }
    } else if (action === "update") {
      for (const change of (operation.updates as Source[]) ?? []) {
        const doc = t.list.get(String(change._id));
        if (!doc) throw new Error(`${type} "${String(change._id)}" does not exist!`);
        this.checkUpdate(u, type, doc, change, t);
        t.list.set(String(doc._id), applyUpdate(doc, change, operation.recursive !== false));
        result.push(clone(change));
      }
    } else if (action === "delete") {
      for (const id of (operation.ids as string[]) ?? []) {
        const doc = t.list.get(id);
        if (!doc) throw new Error(`${type} "${id}" does not exist!`);
        this.checkDelete(u, type, doc, t);
        t.list.delete(id);
        result.push(id);
      }
    } else throw new Error(`fake server: unknown action ${String(action)}`);
    t.save();
    return { type, action, operation: clone(operation), result, userId: u._id };
  }

  /** The create permission of each document type (v13 common/documents/*.mjs, BaseX#canUserCreate). */
  private checkCreate(
    u: UserSource,
    type: string,
    d: Source,
    t: { parent?: Source; pack?: Pack },
  ): void {
    if (t.pack) return this.checkPackWrite(u, t.pack, "create");
    switch (type) {
      case "ChatMessage":
        // BaseChatMessage: a user other than a GM creates messages as themselves only
        d.author ??= u._id;
        if (d.author !== u._id && !this.isGM(u)) this.refuse(u, "create", type);
        if (((d.whisper as string[]) ?? []).length && !this.can(u, "MESSAGE_WHISPER"))
          this.refuse(u, "create", "whispered ChatMessage");
        for (const w of (d.whisper as string[]) ?? []) this.user(w);
        return;
      case "Actor":
        if (!this.can(u, "ACTOR_CREATE")) this.refuse(u, "create", type);
        if (!this.seed.documentTypes.Actor?.includes(String(d.type)))
          throw new Error(`"${String(d.type)}" is not a valid type for the Actor Document class`);
        d.ownership ??= { default: 0, [u._id]: OWNER };
        return;
      case "Token":
        if (!this.can(u, "TOKEN_CREATE")) this.refuse(u, "create", type);
        if (d.actorId && !this.state.actors.has(String(d.actorId)))
          throw new Error(`fake server: no actor ${String(d.actorId)}`);
        return;
      case "Item":
        if (this.level(u, t.parent) < OWNER) this.refuse(u, "create", type);
        return;
      case "Setting":
        if (!this.can(u, "SETTINGS_MODIFY")) this.refuse(u, "create", type);
        return;
      default:
        if (!this.isGM(u)) this.refuse(u, "create", type);
    }
  }

  // common/documents/*.mjs canUserModify(update) of each type
  private checkUpdate(
    u: UserSource,
    type: string,
    doc: Source,
    change: Source,
    t: { parent?: Source; pack?: Pack },
  ): void {
    if (t.pack) return this.checkPackWrite(u, t.pack, "update");
    switch (type) {
      case "ChatMessage":
        if (doc.author !== u._id && !this.isGM(u)) this.refuse(u, "update", type, doc._id);
        if ("author" in change && !this.isGM(u))
          this.refuse(u, "change the author of", type, doc._id);
        return;
      case "User":
        // BaseUser: a user updates their own document (not their role); GMs any
        if (doc._id !== u._id && !this.isGM(u)) this.refuse(u, "update", type, doc._id);
        if ("role" in change && !this.isGM(u)) this.refuse(u, "change the role of", type, doc._id);
        return;
      case "Token": {
        const actor = doc.actorId ? this.state.actors.get(String(doc.actorId)) : undefined;
        if (this.level(u, actor) < OWNER) this.refuse(u, "update", type, doc._id);
        return;
      }
      case "Item":
        if (this.level(u, t.parent) < OWNER) this.refuse(u, "update", type, doc._id);
        return;
      case "Setting":
        if (!this.can(u, "SETTINGS_MODIFY")) this.refuse(u, "update", type, doc._id);
        return;
      default:
        // Scene, Actor, JournalEntry: OWNER of the document (players never own scenes by default)
        if (this.level(u, doc) < OWNER) this.refuse(u, "update", type, doc._id);
    }
  }

  // common/documents/*.mjs canUserModify(delete) of each type
  private checkDelete(
    u: UserSource,
    type: string,
    doc: Source,
    t: { parent?: Source; pack?: Pack },
  ): void {
    if (t.pack) return this.checkPackWrite(u, t.pack, "delete");
    if (type === "ChatMessage") {
      if (doc.author !== u._id && !this.isGM(u)) this.refuse(u, "delete", type, doc._id);
      return;
    }
    if (type === "Token") {
      const actor = doc.actorId ? this.state.actors.get(String(doc.actorId)) : undefined;
      if (!this.can(u, "TOKEN_DELETE") || this.level(u, actor) < OWNER)
        this.refuse(u, "delete", type, doc._id);
      return;
    }
    if (this.level(u, doc) < OWNER) this.refuse(u, "delete", type, doc._id);
  }

  /** A compendium is written only by users with OWNER on it, and only when unlocked. */
  // client/documents/collections/compendium-collection.mjs CompendiumCollection#locked and OWNER needed to write
  private checkPackWrite(u: UserSource, pack: Pack, action: string): void {
    if (this.packLevel(u, pack) < OWNER)
      this.refuse(u, `${action} documents in`, `compendium ${pack.meta.id}`);
    const locked = this.packConfig(pack).locked ?? pack.meta.packageType !== "world";
    if (locked)
      throw new Error(
        `You may not modify the Compendium ${pack.meta.id} which is currently locked`,
      );
  }

  /** A compendium's documents on request: OBSERVER of the pack needed (the module's design rests on it). */
  // common/abstract/backend.mjs DatabaseBackend#get on a compendium: OBSERVER needed (docs/foundry.md assumption)
  private get(u: UserSource, request: DocumentRequest): DocumentResponse {
    const op = request.operation;
    const pack = this.state.packs.get(String(op.pack ?? ""));
    if (!pack)
      throw new Error(`fake server: "get" needs a compendium pack (got ${String(op.pack)})`);
    if (this.packLevel(u, pack) < OBSERVER) this.refuse(u, "view", `compendium ${pack.meta.id}`);
    const query = (op.query as Source | undefined) ?? {};
    // `<field>__in` matches any of a list: v13 ClientDatabaseBackend asks for
    // `getDocuments({_id__in: ids})` itself (client/data/client-backend.mjs, #loadCompendiumDocuments)
    const docs = [...pack.docs.values()].filter((d) =>
      Object.entries(query).every(([k, v]) =>
        k.endsWith("__in") && Array.isArray(v) ? v.includes(d[k.slice(0, -4)]) : d[k] === v,
      ),
    );
    const result = op.index ? docs.map((d) => ({ _id: d._id, name: d.name })) : clone(docs);
    return { ...request, result, userId: u._id };
  }

  /** The change as another user may receive it, or nothing (options.packChangesTo, options.whispersTo). */
  // what each client is sent of a DocumentSocketResponse (API docs; not public: options.packChangesTo, options.whispersTo)
  private filterFor(to: UserSource, r: DocumentResponse): DocumentResponse | undefined {
    const pack = r.operation.pack ? this.state.packs.get(String(r.operation.pack)) : undefined;
    if (pack && this.options.packChangesTo === "observers" && this.packLevel(to, pack) < OBSERVER)
      return undefined;
    if (r.type === "ChatMessage" && r.action === "create") {
      const result = (r.result as Source[]).filter((m) => this.receivesMessage(to, m));
      return result.length ? { ...r, result } : undefined;
    }
    return r;
  }

  // API docs foundry.abstract.types.DocumentSocketResponse broadcast to the other clients
  private announce(from: string, r: DocumentResponse): void {
    for (const to of this.connections.keys()) {
      if (to === from) continue;
      const visible = this.filterFor(this.user(to), r);
      if (visible) this.send(to, { event: "modifyDocument", response: visible });
    }
  }

  // socket.io broadcast to the other sockets (client/game.mjs Game#socket)
  private broadcast(except: string, e: ServerEvent): void {
    for (const to of this.connections.keys()) if (to !== except) this.send(to, e);
  }

  // socket.io emit to one socket (client/game.mjs Game#socket)
  private send(to: string, e: ServerEvent): void {
    const conn = this.connections.get(to);
    if (!conn) return;
    const list = this.sent.get(to) ?? [];
    list.push(clone(e));
    this.sent.set(to, list);
    conn.send(clone(e));
  }

  // ---- compendiums -------------------------------------------------------------------------

  private createCompendium(u: UserSource, data: Source): PackMeta {
    if (!this.isGM(u)) this.refuse(u, "create", "a compendium pack");
    const name = String(data.name ?? "");
    if (!/^[a-z0-9-]+$/.test(name))
      throw new Error(`fake server: a pack name must be a slug (got "${name}")`);
    const id = `world.${name}`;
    if (this.state.packs.has(id))
      throw new Error(`A compendium pack with the name "${name}" already exists`);
    const meta: PackMeta = {
      id,
      name,
      label: String(data.label ?? name),
      type: String(data.type),
      packageType: "world",
      packageName: this.seed.world.id,
      path: `packs/${name}`,
      // the metadata's ownership is kept (PackageCompendiumData.ownership; honoured at creation
      // per foundryvtt/foundryvtt#13484, as the module's live-port.ts cites)
      ...(isObj(data.ownership)
        ? { ownership: clone(data.ownership) as Record<string, string> }
        : {}),
      ...(data.type === "Actor" || data.type === "Item" ? { system: this.seed.system.id } : {}),
    };
    this.requests.push({ user: u._id, event: "manageCompendium", ops: ["create"] });
    this.state.packs.set(id, { meta, docs: new Map() });
    this.broadcast(u._id, {
      event: "manageCompendium",
      response: { action: "create", result: meta },
    });
    return meta;
  }

  // ---- queries -----------------------------------------------------------------------------

  /** User#query relayed: to the target's page only; its ack goes back to the caller only. */
  // client/documents/user.mjs User#query relayed by the server (facts §7; timeout handling UNCONFIRMED)
  private query(u: UserSource, e: Extract<ClientEvent, { event: "userQuery" }>): Promise<Reply> {
    if (!this.can(u, "QUERY_USER")) this.refuse(u, "query", "users");
    const target = this.connections.get(e.target);
    const reject = (reason: string): Reply => ({
      ok: true,
      value: { status: "rejected", reason } satisfies QueryAck,
    });
    if (!target) return Promise.resolve(reject(`User [${e.target}] is not active`));
    const id = `q${++this.nextQuery}`;
    const timeout = e.queryOptions.timeout ?? this.options.defaultQueryTimeout;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.queries.delete(id);
        resolve(
          reject(`The query "${e.queryName}" to User [${e.target}] timed out after ${timeout}ms`),
        );
      }, timeout);
      this.queries.set(id, { from: u._id, to: e.target, resolve, timer });
      this.send(e.target, {
        event: "userQuery",
        from: u._id,
        queryId: id,
        queryName: e.queryName,
        queryData: clone(e.queryData),
        queryOptions: clone(e.queryOptions),
      });
    });
  }

  // client/documents/user.mjs User#query: the target's acknowledgement back to the caller (facts §7)
  private ack(u: UserSource, queryId: string, ack: QueryAck): Reply {
    const q = this.queries.get(queryId);
    if (!q) return { ok: true, value: null }; // answered after a timeout or a disconnect: dropped
    if (q.to !== u._id) throw new Error(`fake server: ${u.name} answered a query sent to ${q.to}`);
    clearTimeout(q.timer);
    this.queries.delete(queryId);
    q.resolve({ ok: true, value: clone(ack) });
    return { ok: true, value: null };
  }

  // ---- what the test reads ---------------------------------------------------------------

  /** The server's truth (never sent to a client as such). */
  // test-only: the server's state for the test's assertions
  get truth(): {
    scenes: Source[];
    actors: Source[];
    messages: Source[];
    combats: Source[];
    settings: Source[];
    packs: { meta: PackMeta; docs: Source[] }[];
    users: UserSource[];
  } {
    return clone({
      scenes: [...this.state.scenes.values()],
      actors: [...this.state.actors.values()],
      messages: [...this.state.messages.values()],
      combats: [...this.state.combats.values()],
      settings: [...this.state.settings.values()],
      packs: [...this.state.packs.values()].map((p) => ({
        meta: p.meta,
        docs: [...p.docs.values()],
      })),
      users: [...this.state.users.values()],
    });
  }

  /** A user's level on a pack (CompendiumCollection#getUserLevel as the server applies it). */
  // test-only: a user's level on a pack, for the test
  packLevelOf(userId: string, packId: string): number | undefined {
    const pack = this.state.packs.get(packId);
    return pack ? this.packLevel(this.user(userId), pack) : undefined;
  }

  /** Stops pending query timers (the test's teardown). */
  // test-only: stops pending query timers at teardown
  close(): void {
    for (const q of this.queries.values()) clearTimeout(q.timer);
    this.queries.clear();
  }
}
