/**
 * Client documents and their database round trip: v13 client/documents/abstract/client-document.mjs
 * (ClientDocumentMixin), common/abstract/document.mjs (Document: create/update/delete,
 * createDocuments..., embedded documents, flags, permissions), client/data/client-backend.mjs
 * (ClientDatabaseBackend: pre-hooks and `_preCreate`/`_preUpdate`/`_preDelete` on the calling
 * client, one `modifyDocument` socket request, then `_handle*Documents` on every client that
 * receives the response: the document is added/changed/removed, `_onCreate`/`_onUpdate`/
 * `_onDelete` run, then the `create<Name>` / `update<Name>` / `delete<Name>` hook).
 */
import type { DocumentRequest, DocumentResponse, Source } from "../protocol.ts";
import { DataModel } from "./data-model.ts";
import { Roll, mapLegacyRollMode } from "./dice.ts";
import { env, misuse } from "./env.ts";
import { FakeHooks as Hooks } from "./hooks.ts";
import { DOCUMENT_OWNERSHIP_LEVELS, TOKEN_DISPLAY_MODES, USER_PERMISSIONS } from "./constants.ts";
import type { Obj } from "./utils.ts";
import {
  Collection,
  deepClone,
  diffObject,
  expandObject,
  getProperty,
  isEmpty,
  isPlain,
  isSubclass,
  logCompatibilityWarning,
  mergeObject,
} from "./utils.ts";

export interface DocMeta {
  name: string;
  collection: string;
  embedded: Record<string, string>;
}

export interface Ctx {
  parent?: ClientDocument | null;
  pack?: string | null;
}

export type DocClass = typeof ClientDocument;

interface SheetLike {
  render(options?: boolean | Obj): Promise<unknown>;
  rendered: boolean;
  close(): Promise<unknown>;
}

/** A type-to-class lookup for a document's `system` (CONFIG[name].dataModels, v11+). */
// v13 client/data/client-backend.mjs#systemModel
function systemModel(name: string, type: unknown): (new (d: Obj, o: Obj) => DataModel) | undefined {
  const cfg = env.CONFIG[name] as { dataModels?: Record<string, unknown> } | undefined;
  const m = typeof type === "string" ? cfg?.dataModels?.[type] : undefined;
  return typeof m === "function" ? (m as new (d: Obj, o: Obj) => DataModel) : undefined;
}

export class ClientDocument {
  static metadata: DocMeta = { name: "Document", collection: "", embedded: {} };

  /** Document.documentName (document.mjs). */
  static get documentName(): string {
    return this.metadata.name;
  }

  /** Document.implementation: the configured class, CONFIG[documentName].documentClass. */
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document.implementation
  static get implementation(): DocClass {
    const cfg = env.CONFIG[this.documentName] as { documentClass?: DocClass } | undefined;
    return cfg?.documentClass ?? this;
  }

  declare _id: string | null;
  declare name: string;
  declare type: string;
  declare flags: Obj;
  declare system: Obj;
  _source: Obj;
  parent: ClientDocument | null;
  pack: string | null;
  _sheet: SheetLike | null = null;
  /** Embedded collections by their collection name (Scene.tokens, Actor.items). */
  readonly embedded = new Map<string, Collection<ClientDocument>>();

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#constructor
  constructor(data: Obj = {}, { parent = null, pack = null }: Ctx = {}) {
    this.parent = parent;
    this.pack = pack;
    this._source = this.cleanSource(deepClone(data));
    this._initialize();
    this.prepareData();
  }

  /** Each document type's own cleaning (defaults of its schema, v13 common/documents/*.mjs). */
  protected cleanSource(data: Obj): Obj {
    data.flags ??= {};
    return data;
  }

  /**
   * DataModel#_initialize: source values become instance properties; `system` becomes the
   * type's data model where CONFIG has one; embedded sources become embedded collections.
   */
  protected _initialize(): void {
    const meta = (this.constructor as DocClass).metadata;
    const embeddedKeys = new Set(Object.values(meta.embedded));
    for (const [k, v] of Object.entries(this._source)) {
      if (embeddedKeys.has(k)) continue;
      Object.defineProperty(this, k, {
        value: deepClone(v),
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
    // a typed document's system is its data model, from the model's initial values where the
    // source has none (TypeDataField: the server stores what was given; v11+ client/data)
    const Model = systemModel(meta.name, this._source.type);
    if (Model)
      this.system = new Model((this._source.system as Obj) ?? {}, {
        parent: this,
      }) as unknown as Obj;
    else if (meta.name === "Actor" || meta.name === "Item") this.system ??= {};
    for (const [name, key] of Object.entries(meta.embedded)) {
      const cls = docClass(name);
      const old = this.embedded.get(key);
      const coll = new Collection<ClientDocument>();
      for (const src of (this._source[key] as Obj[] | undefined) ?? []) {
        const keep = old?.get(String(src._id));
        if (keep) {
          keep._source = deepClone(src);
          keep._initialize();
          coll.set(String(src._id), keep);
        } else coll.set(String(src._id), new cls(src, { parent: this, pack: this.pack }));
      }
      this.embedded.set(key, coll);
    }
  }

  /** ClientDocumentMixin#prepareData: base data, embedded documents, derived data. */
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#prepareData
  prepareData(): void {
    const sys = this.system as unknown as { prepareBaseData?(): void; prepareDerivedData?(): void };
    if (sys instanceof DataModel) sys.prepareBaseData?.();
    this.prepareBaseData();
    for (const coll of this.embedded.values()) for (const d of coll.values()) d.prepareData();
    if (sys instanceof DataModel) sys.prepareDerivedData?.();
    this.prepareDerivedData();
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#prepareBaseData
  prepareBaseData(): void {}
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#prepareDerivedData
  prepareDerivedData(): void {}

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#id
  get id(): string | null {
    return this._id ?? null;
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#documentName
  get documentName(): string {
    return (this.constructor as DocClass).documentName;
  }

  /** Document#uuid (document.mjs): parent's uuid + Name.id, or Compendium.<pack>.<Name>.<id>. */
  get uuid(): string {
    const own = `${this.documentName}.${this.id}`;
    if (this.parent) return `${this.parent.uuid}.${own}`;
    if (this.pack) return `Compendium.${this.pack}.${own}`;
    return own;
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#isEmbedded
  get isEmbedded(): boolean {
    return this.parent !== null;
  }

  /** ClientDocumentMixin#collection: the world collection, or the compendium. */
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#collection
  get collection(): Collection<ClientDocument> | undefined {
    return collectionFor(this.documentName, this.parent, this.pack);
  }

  /**
   * Document#getUserLevel (document.mjs): a GM (Assistant too) is OWNER of everything;
   * otherwise the user's own level, else `default` of the `ownership` field; an embedded
   * document without ownership inherits its parent's.
   */
  getUserLevel(user: FakeUser | null = env.game?.user ?? null): number {
    if (!user) return DOCUMENT_OWNERSHIP_LEVELS.NONE;
    if (user.isGM) return DOCUMENT_OWNERSHIP_LEVELS.OWNER;
    const own = (this as unknown as { ownership?: Record<string, number> }).ownership;
    if (own) return own[user.id ?? ""] ?? own.default ?? DOCUMENT_OWNERSHIP_LEVELS.NONE;
    return this.parent?.getUserLevel(user) ?? DOCUMENT_OWNERSHIP_LEVELS.NONE;
  }

  /** Document#testUserPermission(user, permission, {exact}) (document.mjs). */
  testUserPermission(
    user: FakeUser,
    permission: keyof typeof DOCUMENT_OWNERSHIP_LEVELS | number,
    { exact = false } = {},
  ): boolean {
    const want =
      typeof permission === "number" ? permission : DOCUMENT_OWNERSHIP_LEVELS[permission];
    if (want === undefined) throw misuse(`testUserPermission: unknown level ${String(permission)}`);
    const level = this.getUserLevel(user);
    return exact ? level === want : level >= want;
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#isOwner
  get isOwner(): boolean {
    return this.testUserPermission(env.game.user, "OWNER");
  }

  /** Document#toObject(source = true): a copy of the source, embedded ones included. */
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#toObject
  toObject(): Obj {
    return deepClone(this._source);
  }

  /** DataModel#updateSource: merges changes into the source and initializes again. */
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#updateSource
  updateSource(changes: Obj, { recursive = true }: { recursive?: boolean } = {}): Obj {
    this._source = mergeObject(this._source, changes, { recursive, performDeletions: true });
    this._initialize();
    this.prepareData();
    return changes;
  }

  // ---- flags ------------------------------------------------------------------------------

  /**
   * Document#getFlag (document.mjs): the scope must be core, world, the system or an active
   * module ("Flag scope ... is not valid or not currently active" otherwise).
   */
  getFlag(scope: string, key: string): unknown {
    checkScope(scope);
    return getProperty(this.flags?.[scope], key);
  }

  /** Document#setFlag: `update({flags.<scope>.<key>: value})`. */
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#setFlag
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    checkScope(scope);
    await this.update({ [`flags.${scope}.${key}`]: value });
    return this;
  }

  /** Document#unsetFlag: `update({flags.<scope>.-=<key>: null})`. */
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#unsetFlag
  async unsetFlag(scope: string, key: string): Promise<this> {
    checkScope(scope);
    const parts = key.split(".");
    parts[parts.length - 1] = `-=${parts.at(-1)}`;
    await this.update({ [`flags.${scope}.${parts.join(".")}`]: null });
    return this;
  }

  // ---- the sheet --------------------------------------------------------------------------

  /**
   * ClientDocumentMixin#sheet: an instance of the sheet class DocumentSheetConfig picks for this
   * document's type (the user's choice, else the registered default); null when no sheet is
   * registered for the type (v13 DocumentSheetConfig.getSheetClass returns nothing).
   */
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#sheet
  get sheet(): SheetLike | null {
    if (!this._sheet) {
      const cls = sheetClassFor(this);
      if (!cls) return null;
      this._sheet = new cls({ document: this });
    }
    return this._sheet;
  }

  // ---- writes -----------------------------------------------------------------------------

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#update
  async update(data: Obj = {}, operation: Obj = {}): Promise<this | undefined> {
    const cls = this.constructor as DocClass;
    const [doc] = await cls.updateDocuments([{ ...data, _id: this.id }], {
      ...operation,
      parent: this.parent,
      pack: this.pack,
    });
    return doc as this | undefined;
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#delete
  async delete(operation: Obj = {}): Promise<this | undefined> {
    const cls = this.constructor as DocClass;
    const [doc] = await cls.deleteDocuments([this.id!], {
      ...operation,
      parent: this.parent,
      pack: this.pack,
    });
    return doc as this | undefined;
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document.create
  static async create(data: Obj, operation: Obj = {}): Promise<ClientDocument | undefined> {
    const [doc] = await this.createDocuments([data], operation);
    return doc;
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document.createDocuments
  static createDocuments(data: Obj[] = [], operation: Obj = {}): Promise<ClientDocument[]> {
    return backend.create(this, data, operation);
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document.updateDocuments
  static updateDocuments(updates: Obj[] = [], operation: Obj = {}): Promise<ClientDocument[]> {
    return backend.update(this, updates, operation);
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document.deleteDocuments
  static deleteDocuments(ids: string[] = [], operation: Obj = {}): Promise<ClientDocument[]> {
    return backend.delete(this, ids, operation);
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#getEmbeddedCollection
  getEmbeddedCollection(name: string): Collection<ClientDocument> {
    const key = (this.constructor as DocClass).metadata.embedded[name];
    const coll = key ? this.embedded.get(key) : undefined;
    if (!coll)
      throw new Error(
        `${name} is not a valid embedded Document within the ${this.documentName} Document`,
      );
    return coll;
  }

  /** Document#createEmbeddedDocuments(name, data, operation): createDocuments with this parent. */
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#createEmbeddedDocuments
  createEmbeddedDocuments(
    name: string,
    data: Obj[],
    operation: Obj = {},
  ): Promise<ClientDocument[]> {
    this.getEmbeddedCollection(name);
    return docClass(name).createDocuments(data, { ...operation, parent: this, pack: this.pack });
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#updateEmbeddedDocuments
  updateEmbeddedDocuments(
    name: string,
    updates: Obj[],
    operation: Obj = {},
  ): Promise<ClientDocument[]> {
    this.getEmbeddedCollection(name);
    return docClass(name).updateDocuments(updates, { ...operation, parent: this, pack: this.pack });
  }

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#deleteEmbeddedDocuments
  deleteEmbeddedDocuments(
    name: string,
    ids: string[],
    operation: Obj = {},
  ): Promise<ClientDocument[]> {
    this.getEmbeddedCollection(name);
    return docClass(name).deleteDocuments(ids, { ...operation, parent: this, pack: this.pack });
  }

  // ---- lifecycle (overridden per type) ------------------------------------------------------

  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#_preCreate
  async _preCreate(_data: Obj, _options: Obj, _user: FakeUser): Promise<boolean | void> {}
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#_preUpdate
  async _preUpdate(_changes: Obj, _options: Obj, _user: FakeUser): Promise<boolean | void> {}
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#_preDelete
  async _preDelete(_options: Obj, _user: FakeUser): Promise<boolean | void> {}
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#_onCreate
  _onCreate(_data: Obj, _options: Obj, _userId: string): void {}
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#_onUpdate
  _onUpdate(_changed: Obj, _options: Obj, _userId: string): void {
    // ClientDocumentMixin#_onUpdate: an open sheet re-renders
    if (this._sheet?.rendered) void this._sheet.render(false);
  }
  // v13 common/abstract/document.mjs + client/documents/abstract/client-document.mjs Document#_onDelete
  _onDelete(_options: Obj, _userId: string): void {
    if (this._sheet?.rendered) void this._sheet.close();
  }
}

/** DatabaseBackend#getFlagScopes (v13 common/abstract/backend.mjs): core, world, system, modules. */
function checkScope(scope: string): void {
  const g = env.game;
  const scopes = [
    "core",
    "world",
    g.system.id,
    ...g.modules.filter((m) => m.active).map((m) => m.id),
  ];
  if (!scopes.includes(scope))
    throw new Error(`Flag scope "${scope}" is not valid or not currently active`);
}

// v13 client/data/client-backend.mjs#sheetClassFor
function sheetClassFor(doc: ClientDocument): (new (o: Obj) => SheetLike) | undefined {
  const cfg = env.CONFIG[doc.documentName] as
    | { sheetClasses?: Record<string, Record<string, { cls: unknown; default: boolean }>> }
    | undefined;
  const type = typeof doc._source.type === "string" ? doc._source.type : "base";
  const regs = Object.values(cfg?.sheetClasses?.[type] ?? {});
  const chosen = regs.find((r) => r.default) ?? regs[0];
  return chosen?.cls as (new (o: Obj) => SheetLike) | undefined;
}

// ---- document types -----------------------------------------------------------------------

export class FakeUser extends ClientDocument {
  static override metadata: DocMeta = { name: "User", collection: "users", embedded: {} };
  declare role: number;
  declare active: boolean;
  declare color: string;

  /** BaseUser#isGM: the GAMEMASTER or ASSISTANT role (fvtt-types common/documents/user.d.mts). */
  get isGM(): boolean {
    return this.role >= 3;
  }
  // v13 client/documents/user.mjs User#hasRole
  hasRole(role: number): boolean {
    return this.role >= role;
  }
  /** BaseUser#can(permission): the role's default for it (CONST.USER_PERMISSIONS). */
  // v13 client/documents/user.mjs User#can
  can(permission: string): boolean {
    const p = USER_PERMISSIONS[permission];
    if (!p) throw misuse(`User#can: the fake knows no permission ${permission}`);
    return this.role >= p.defaultRole;
  }
  /**
   * BaseUser#hasPermission: the role's default for it (no user in the fake's worlds has a
   * permission set explicitly).
   */
  // v13 common/documents/user.mjs BaseUser#hasPermission
  hasPermission(permission: string): boolean {
    return this.can(permission);
  }
  // v13 client/documents/user.mjs User#isSelf
  get isSelf(): boolean {
    return env.game.userId === this.id;
  }
  /** v13 User#isActiveGM: this user is game.users.activeGM. */
  // v13 client/documents/user.mjs User#isActiveGM
  get isActiveGM(): boolean {
    return env.game.users.activeGM === this;
  }
  // v13 client/documents/user.mjs User#character
  get character(): ClientDocument | null {
    const id = this._source.character;
    return typeof id === "string" ? (env.game.actors.get(id) ?? null) : null;
  }

  /**
   * User#query (v13 client/documents/user.mjs, facts §7): the name must be registered in this
   * client's CONFIG.queries; the sender needs QUERY_USER; an inactive target is refused here,
   * before anything is sent; then the server relays it ("userQuery") and the answer comes back
   * fulfilled (the value) or rejected (an Error with the reason).
   */
  async query(
    queryName: string,
    queryData: unknown,
    { timeout }: { timeout?: number } = {},
  ): Promise<unknown> {
    if (!(queryName in env.CONFIG.queries))
      throw new Error(`User query '${queryName}' is not registered`);
    if (!env.game.user.can("QUERY_USER"))
      throw new Error("You do not have permission to query users");
    if (!this.active) throw new Error(`User [${this.id}] is not active`);
    return env.game.queries.send(this.id!, queryName, queryData, timeout);
  }
}

export class FakeItem extends ClientDocument {
  static override metadata: DocMeta = { name: "Item", collection: "items", embedded: {} };
  /** Item#actor: the owning actor of an embedded item. */
  // v13 client/documents/item.mjs Item#actor
  get actor(): ClientDocument | null {
    return this.parent?.documentName === "Actor" ? this.parent : null;
  }
}

export class FakeActor extends ClientDocument {
  static override metadata: DocMeta = {
    name: "Actor",
    collection: "actors",
    embedded: { Item: "items" },
  };
  declare prototypeToken: Obj;
  declare img: string | null;

  // v13 client/documents/actor.mjs Actor#items
  get items(): Collection<ClientDocument> {
    return this.embedded.get("items")!;
  }

  /** Actor#token (v13 client/documents/actor.mjs): the token of a synthetic (unlinked) actor. */
  get token(): FakeTokenDocument | null {
    return this.parent instanceof FakeTokenDocument ? this.parent : null;
  }
  // v13 client/documents/actor.mjs Actor#isToken
  get isToken(): boolean {
    return this.token !== null;
  }

  /** Actor#getRollData: the system data (a data model's own getRollData when it has one). */
  // v13 client/documents/actor.mjs Actor#getRollData
  getRollData(): Obj {
    const sys = this.system as unknown as { getRollData?(): Obj };
    return typeof sys.getRollData === "function" ? sys.getRollData() : { ...this.system };
  }

  /** ClientDocumentMixin#_onCreate etc.: the collection's directory (ui.actors) renders again. */
  // v13 client/documents/actor.mjs Actor#_onCreate
  override _onCreate(): void {
    if (!this.isToken) env.ui.actors.render();
  }
  // v13 client/documents/actor.mjs Actor#_onUpdate
  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    if (!this.isToken) env.ui.actors.render();
  }
  // v13 client/documents/actor.mjs Actor#_onDelete
  override _onDelete(options: Obj, userId: string): void {
    super._onDelete(options, userId);
    env.ui.actors.render();
  }

  /** A synthetic actor's writes go to its token's delta (v13 ActorDelta), here `delta` on the token. */
  // v13 client/documents/actor.mjs Actor#update
  override async update(data: Obj = {}, operation: Obj = {}): Promise<this | undefined> {
    const token = this.token;
    if (!token) return super.update(data, operation);
    const delta = expandObject(data);
    await token.update({ delta }, operation);
    return this;
  }
}

export class FakeTokenDocument extends ClientDocument {
  static override metadata: DocMeta = { name: "Token", collection: "tokens", embedded: {} };
  declare actorId: string | null;
  declare actorLink: boolean;
  declare x: number;
  declare y: number;
  declare width: number;
  declare height: number;
  declare hidden: boolean;
  declare displayBars: number;
  declare bar1: { attribute: string | null };
  declare delta: Obj;
  declare texture: { src: string };
  /** v14: the Level it stands on (a Level id). */
  declare level?: string | null;
  declare private synthetic: FakeActor | null;

  /** CanvasDocument#includedInLevel: a token is drawn on its own Level only. */
  // API docs v14 foundry.documents.abstract.CanvasDocument#includedInLevel (a token's `level`)
  includedInLevel(level: { id: string | null } | null | undefined): boolean {
    return !level || !this.level || this.level === level.id;
  }

  protected override cleanSource(data: Obj): Obj {
    // BaseToken schema defaults (v13 common/documents/token.mjs)
    return {
      width: 1,
      height: 1,
      elevation: 0,
      hidden: false,
      actorLink: false,
      displayBars: TOKEN_DISPLAY_MODES.NONE,
      bar1: { attribute: null },
      delta: {},
      texture: { src: "icons/svg/mystery-man.svg" },
      ...super.cleanSource(data),
    };
  }

  // v13 client/documents/token.mjs TokenDocument#_initialize
  protected override _initialize(): void {
    super._initialize();
    this.synthetic = null;
  }

  /**
   * TokenDocument#actor (v13 client/documents/token.mjs): the world actor for a linked token;
   * for an unlinked one a synthetic actor built from the world actor and the token's delta,
   * whose parent is this token.
   */
  get actor(): FakeActor | null {
    const base = this.actorId
      ? (env.game.actors.get(this.actorId) as FakeActor | undefined)
      : undefined;
    if (!base) return null;
    if (this.actorLink) return base;
    if (!this.synthetic) {
      const data = mergeObject(base.toObject(), deepClone(this.delta ?? {}), { inplace: false });
      const cls = FakeActor.implementation as unknown as typeof FakeActor;
      this.synthetic = new cls({ ...data, _id: base.id }, { parent: this });
    }
    return this.synthetic;
  }

  /** BaseToken#getUserLevel: a token's permission is its actor's. */
  // v13 client/documents/token.mjs TokenDocument#getUserLevel
  override getUserLevel(user: FakeUser | null = env.game?.user ?? null): number {
    const a = this.actorId ? env.game.actors.get(this.actorId) : undefined;
    return a ? a.getUserLevel(user) : super.getUserLevel(user);
  }

  /**
   * TokenDocument#getBarAttribute (token.mjs): the bar's attribute read from the actor's system
   * data; `{value, max}` is a bar, a number a value.
   */
  getBarAttribute(barName: "bar1" | "bar2"): Obj | null {
    const attr = (this as unknown as Record<string, { attribute?: string | null }>)[barName]
      ?.attribute;
    const actor = this.actor;
    if (!attr || !actor) return null;
    const data = getProperty(actor.system, attr) as unknown;
    if (data === null || data === undefined) return null;
    if (isPlain(data) && "value" in data && "max" in data)
      return {
        type: "bar",
        attribute: attr,
        value: Number(data.value ?? 0),
        max: Number(data.max ?? 0),
      };
    if (typeof data === "number") return { type: "value", attribute: attr, value: data };
    return null;
  }

  /**
   * TokenDocument.getTrackedAttributes (facts §3, v12 token.mjs, v13 per fvtt-types): a data
   * model or schema is read from its schema; an object from its structure; a type name (or
   * nothing) from CONFIG.Actor.trackableAttributes, else the union over every actor type.
   */
  static getTrackedAttributes(
    data?: unknown,
    path: string[] = [],
  ): { bar: string[][]; value: string[][] } {
    if (isSubclass(data, DataModel) || data instanceof DataModel) {
      const schema = (
        isSubclass(data, DataModel) ? data : (data as DataModel).constructor
      ) as typeof DataModel;
      return trackedFromSchema(schema.schema, path);
    }
    if (isPlain(data) || Array.isArray(data)) return trackedFromObject(data as Obj, path);
    if (!data || typeof data === "string") {
      const config = this._getConfiguredTrackedAttributes(data as string | undefined);
      if (config) return config;
      const bar = new Map<string, string[]>();
      const value = new Map<string, string[]>();
      const models = env.CONFIG.Actor.dataModels;
      for (const type of env.game.documentTypes.Actor ?? []) {
        const m = models[type];
        if (!m) continue;
        const inner = this.getTrackedAttributes(m, path);
        inner.bar.forEach((b) => bar.set(b.join("."), b));
        inner.value.forEach((v) => value.set(v.join("."), v));
      }
      return { bar: [...bar.values()], value: [...value.values()] };
    }
    return { bar: [], value: [] };
  }

  /** TokenDocument._getConfiguredTrackedAttributes (facts §3): empty config -> undefined; else type, else union. */
  // v13 client/documents/token.mjs TokenDocument._getConfiguredTrackedAttributes
  static _getConfiguredTrackedAttributes(
    type?: string,
  ): { bar: string[][]; value: string[][] } | undefined {
    const all = env.CONFIG.Actor.trackableAttributes;
    if (isEmpty(all)) return undefined;
    let config = type ? deepClone(all[type]) : undefined;
    if (!config || isEmpty(config)) {
      const bar = new Set<string>();
      const value = new Set<string>();
      for (const attrs of Object.values(all)) {
        attrs.bar.forEach((b) => bar.add(b));
        attrs.value.forEach((v) => value.add(v));
      }
      config = { bar: [...bar], value: [...value] };
    }
    return {
      bar: config.bar.map((a) => a.split(".")),
      value: config.value.map((a) => a.split(".")),
    };
  }

  /** TokenDocument.getTrackedAttributeChoices (facts §3): `{group, value, label}` per path, bars first. */
  // v13 client/documents/token.mjs TokenDocument.getTrackedAttributeChoices
  static getTrackedAttributeChoices(attributes: { bar: string[][]; value: string[][] }): Obj[] {
    const group = (list: string[][], name: string) =>
      list
        .map((a) => a.join("."))
        .sort()
        .map((v) => ({ group: name, value: v, label: v }));
    return [...group(attributes.bar, "bar"), ...group(attributes.value, "value")];
  }

  // v13 client/documents/token.mjs TokenDocument#_onUpdate
  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    const sheet = this.synthetic?._sheet;
    if (sheet?.rendered) void sheet.render(false);
  }
}

// v13 client/data/client-backend.mjs#trackedFromSchema
function trackedFromSchema(
  schema: { fields: Record<string, unknown> },
  path: string[],
): { bar: string[][]; value: string[][] } {
  const out = { bar: [] as string[][], value: [] as string[][] };
  for (const [name, f] of Object.entries(schema.fields)) {
    const p = [...path, name];
    const inner = (f as { fields?: Record<string, unknown> }).fields;
    if (inner) {
      if ("value" in inner && "max" in inner) out.bar.push(p);
      else {
        const sub = trackedFromSchema({ fields: inner }, p);
        out.bar.push(...sub.bar);
        out.value.push(...sub.value);
      }
    } else if ((f as { constructor: { name: string } }).constructor.name === "NumberField")
      out.value.push(p);
  }
  return out;
}

// v13 client/data/client-backend.mjs#trackedFromObject
function trackedFromObject(data: Obj, path: string[]): { bar: string[][]; value: string[][] } {
  const out = { bar: [] as string[][], value: [] as string[][] };
  for (const [k, v] of Object.entries(data)) {
    const p = [...path, k];
    if (isPlain(v)) {
      if ("value" in v && "max" in v) out.bar.push(p);
      else {
        const sub = trackedFromObject(v, p);
        out.bar.push(...sub.bar);
        out.value.push(...sub.value);
      }
    } else if (typeof v === "number" || v === null) out.value.push(p);
  }
  return out;
}

/**
 * A tile (v13 common/documents/tile.mjs BaseTile): a picture placed on the scene, a scene's map
 * often; the canvas draws it in the primary group (canvas.ts).
 */
export class FakeTileDocument extends ClientDocument {
  static override metadata: DocMeta = { name: "Tile", collection: "tiles", embedded: {} };
  declare x: number;
  declare y: number;
  declare width: number;
  declare height: number;
  declare elevation: number;
  declare sort: number;
  declare hidden: boolean;
  declare texture: { src: string | null };
  /** v14: the Levels it is on (SceneLevelsSetField); none named: every Level (UNCONFIRMED). */
  declare levels?: string[];

  /** CanvasDocument#includedInLevel: whether the canvas draws it while `level` is viewed. */
  // API docs v14 foundry.documents.abstract.CanvasDocument#includedInLevel
  includedInLevel(level: { id: string | null } | null | undefined): boolean {
    return !level || !this.levels?.length || this.levels.includes(level.id!);
  }

  protected override cleanSource(data: Obj): Obj {
    // BaseTile schema defaults (v13 common/documents/tile.mjs)
    return {
      x: 0,
      y: 0,
      width: 0,
      height: 0,
      elevation: 0,
      sort: 0,
      hidden: false,
      texture: { src: null },
      ...super.cleanSource(data),
    };
  }
}

/**
 * A Level of a v14 scene (API docs v14, foundry.documents.Level; LevelData `elevation {bottom,
 * top}`, `sort`): what the canvas shows one at a time.
 */
export class FakeLevel extends ClientDocument {
  static override metadata: DocMeta = { name: "Level", collection: "levels", embedded: {} };
  declare elevation: { bottom: number; top: number };
  declare sort: number;

  /** Level#isView: this Level is the one the canvas shows. */
  // API docs v14 foundry.documents.Level#isView
  get isView(): boolean {
    return env.canvas?.level === this;
  }
}

export class FakeScene extends ClientDocument {
  static override metadata: DocMeta = {
    name: "Scene",
    collection: "scenes",
    embedded: { Token: "tokens", Tile: "tiles", Level: "levels" },
  };
  declare active: boolean;
  declare width: number;
  declare height: number;
  declare padding: number;
  declare grid: { size: number; type: number };
  declare dimensions: Obj & {
    size: number;
    sceneX: number;
    sceneY: number;
    width: number;
    height: number;
  };

  // v13 client/documents/scene.mjs Scene#tokens
  get tokens(): Collection<FakeTokenDocument> {
    return this.embedded.get("tokens") as Collection<FakeTokenDocument>;
  }

  // v13 client/documents/scene.mjs Scene#tiles
  get tiles(): Collection<FakeTileDocument> {
    return this.embedded.get("tiles") as Collection<FakeTileDocument>;
  }

  /** Scene#levels: v14's embedded Level documents; a v13 scene has none. */
  // API docs v14 foundry.documents.Scene#levels
  get levels(): Collection<FakeLevel> | undefined {
    if (env.game.release.generation < 14) return undefined;
    return this.embedded.get("levels") as Collection<FakeLevel>;
  }

  /**
   * Scene#view(options): the canvas draws this scene; on v14 `options.level` names the Level to
   * show (API docs v14 SceneViewOptions.level).
   */
  // v13 client/documents/scene.mjs Scene#view (API docs v14 Scene#view)
  async view(options: { level?: string } = {}): Promise<unknown> {
    return env.canvas.draw(this, options);
  }

  /**
   * Scene#getDimensions (v13 BaseScene / grid calculateDimensions): the padding is whole grid
   * squares, `ceil(padding * sceneWidth / size) * size`, around the scene rectangle.
   */
  // v13 client/documents/scene.mjs Scene#prepareBaseData
  override prepareBaseData(): void {
    const size = this.grid.size;
    const padX = Math.ceil((this.padding * this.width) / size) * size;
    const padY = Math.ceil((this.padding * this.height) / size) * size;
    this.dimensions = {
      size,
      sceneX: padX,
      sceneY: padY,
      sceneWidth: this.width,
      sceneHeight: this.height,
      width: this.width + 2 * padX,
      height: this.height + 2 * padY,
      distance: 5,
    };
  }

  // v13 client/documents/scene.mjs Scene#_onUpdate
  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    if (env.canvas?.scene === this) env.canvas.refresh();
  }
}

/** v13 ChatMessage rolls: JSON strings in the source (ArrayField of JSONField), Roll instances on the document. */
// v13 client/data/client-backend.mjs#rollJson
function rollJson(r: unknown): string {
  return typeof r === "string" ? r : JSON.stringify(r instanceof Roll ? r.toJSON() : r);
}

export class FakeChatMessage extends ClientDocument {
  static override metadata: DocMeta = { name: "ChatMessage", collection: "messages", embedded: {} };
  declare content: string;
  declare whisper: string[];
  declare blind: boolean;
  declare speaker: {
    actor?: string | null;
    token?: string | null;
    alias?: string | null;
    scene?: string | null;
  };
  declare flavor: string;
  declare timestamp: number;
  declare rolls: Roll[];

  protected override cleanSource(data: Obj): Obj {
    // BaseChatMessage schema (v13 common/documents/chat-message.mjs): author defaults to the
    // current user, rolls are stored as JSON strings
    return {
      author: env.game?.user?.id ?? null,
      content: "",
      whisper: [],
      blind: false,
      speaker: {},
      flavor: "",
      timestamp: Date.now(),
      ...super.cleanSource(data),
      rolls: ((data.rolls as unknown[]) ?? []).map(rollJson),
    };
  }

  // v13 client/documents/chat-message.mjs ChatMessage#_initialize
  protected override _initialize(): void {
    super._initialize();
    this.rolls = ((this._source.rolls as string[]) ?? []).map((j) => Roll.fromJSON(j));
  }

  /** ChatMessage#author: the User document (v12+ `author`). */
  // v13 client/documents/chat-message.mjs ChatMessage#author
  get author(): FakeUser | undefined {
    return env.game.users.get(String(this._source.author)) as FakeUser | undefined;
  }
  // v13 client/documents/chat-message.mjs ChatMessage#isAuthor
  get isAuthor(): boolean {
    return this._source.author === env.game.user.id;
  }
  // v13 client/documents/chat-message.mjs ChatMessage#isRoll
  get isRoll(): boolean {
    return this.rolls.length > 0;
  }

  /**
   * ChatMessage#visible (v12-era chat-message.mjs; v13 UNCONFIRMED): a whisper is listed only
   * for its author and recipients, except roll messages, which everyone lists (their content
   * hidden, isContentVisible).
   */
  get visible(): boolean {
    if (this.whisper.length) {
      if (this.isRoll) return true;
      return this.isAuthor || this.whisper.includes(env.game.user.id!);
    }
    return true;
  }

  /** ChatMessage#isContentVisible: recipients, and the author unless the roll is blind. */
  // v13 client/documents/chat-message.mjs ChatMessage#isContentVisible
  get isContentVisible(): boolean {
    if (!this.visible) return false;
    if (this.whisper.length)
      return this.whisper.includes(env.game.user.id!) || (this.isAuthor && !this.blind);
    return true;
  }

  /** ChatMessage#alias: the speaker's alias, else the author's name. */
  // v13 client/documents/chat-message.mjs ChatMessage#alias
  get alias(): string {
    return this.speaker?.alias || this.author?.name || "";
  }

  /**
   * v13 ChatMessage.applyRollMode(chatData, rollMode) (client/documents/chat-message.mjs lines
   * 141-172): "roll" is the current core.rollMode; publicroll whispers no one, selfroll the
   * current user; any other name keeps a non-empty whisper, else whispers the GMs; blind only for
   * blindroll. A v14 name passed here is not refused: `public` becomes a GM whisper, as in Foundry.
   * v14 keeps it, deprecated (`{since: 14, until: 16}`), mapping the name and calling applyMode.
   */
  static applyRollMode(chatData: Obj, rollMode: string): Obj {
    if (env.game.release.generation >= 14) {
      logCompatibilityWarning(
        "ChatMessage.applyRollMode is deprecated in favor of ChatMessage.applyMode.",
        { since: 14, until: 16 },
      );
      return FakeChatMessage.applyMode(chatData, mapLegacyRollMode(rollMode));
    }
    const mode = rollMode === "roll" ? String(env.game.settings.get("core", "rollMode")) : rollMode;
    const whisper = (chatData.whisper as string[] | undefined) ?? [];
    if (mode === "publicroll") chatData.whisper = [];
    else if (mode === "selfroll") chatData.whisper = [env.game.user.id];
    else chatData.whisper = whisper.length ? whisper : gmIds();
    chatData.blind = mode === "blindroll";
    return chatData;
  }

  /**
   * v14 ChatMessage.applyMode(chatData, mode?) (fvtt-types 14.363 chat-message.d.mts lines 19-32):
   * without a mode, the current core.messageMode; public whispers no one, self the current user,
   * gm and blind keep a non-empty whisper, else the GMs; blind only for blind. A key that is not
   * in CONFIG.ChatMessage.modes throws, as core 14.363 does ("reading 'handler'").
   */
  static applyMode(chatData: Obj, mode?: string): Obj {
    if (env.game.release.generation < 14)
      throw misuse("ChatMessage.applyMode does not exist on v13");
    const m = mode ?? String(env.game.settings.get("core", "messageMode"));
    const key = m === "ic" ? "public" : m;
    if (!["public", "gm", "blind", "self"].includes(key))
      throw new TypeError("Cannot read properties of undefined (reading 'handler')");
    const whisper = (chatData.whisper as string[] | undefined) ?? [];
    if (key === "public") chatData.whisper = [];
    else if (key === "self") chatData.whisper = [env.game.user.id];
    else chatData.whisper = whisper.length ? whisper : gmIds();
    chatData.blind = key === "blind";
    return chatData;
  }

  // v13 client/documents/chat-message.mjs ChatMessage#applyRollMode
  applyRollMode(rollMode: string): void {
    const data = FakeChatMessage.applyRollMode({ whisper: [...this.whisper] }, rollMode);
    this.updateSource({ whisper: data.whisper, blind: data.blind });
  }

  // v14 ChatMessage#applyMode (fvtt-types 14.363 chat-message.d.mts lines 148-153)
  applyMode(mode?: string): void {
    const data = FakeChatMessage.applyMode({ whisper: [...this.whisper] }, mode);
    this.updateSource({ whisper: data.whisper, blind: data.blind });
  }

  /**
   * ChatMessage.getSpeaker({actor, token, alias}) (chat-message.mjs): from an actor, its id and
   * name; without one, the user's name.
   */
  static getSpeaker({ actor, alias }: { actor?: ClientDocument | null; alias?: string } = {}): Obj {
    return {
      scene: env.canvas?.scene?.id ?? null,
      actor: actor?.id ?? null,
      token: (actor as FakeActor | undefined)?.token?.id ?? null,
      alias: alias ?? actor?.name ?? env.game.user.name,
    };
  }

  /**
   * ChatMessage#_preCreate (v13 client/documents/chat-message.mjs lines 488-511): for a roll
   * message only, `options.rollMode` is applied (applyRollMode). v14 (14.363 stack:
   * `_preCreate -> applyMode`): `options.messageMode` is applied to any message. v14 with only
   * `rollMode` (dnd5e 6 passes its mode so, basic-roll.mjs buildPost): what core does is not
   * settled by any source read; the fake maps the name and applies it, which is what a table
   * that keeps dnd5e's secret rolls secret must be doing.
   * Test-only: a message the module flags (its cards and the rolls it asks for) created with no
   * mode at all is reported as the fake's misuse: every one must say its mode.
   */
  override async _preCreate(data: Obj, options: Obj): Promise<void> {
    const v14 = env.game.release.generation >= 14;
    if (
      options.messageMode === undefined &&
      options.rollMode === undefined &&
      getProperty(data, "flags.kolikoly-fishing") !== undefined
    )
      console.error(misuse("a module message was created without saying its mode").message);
    if (!v14) {
      if (this.isRoll && typeof options.rollMode === "string") this.applyRollMode(options.rollMode);
      return;
    }
    const mode =
      options.messageMode ??
      (typeof options.rollMode === "string" ? mapLegacyRollMode(options.rollMode) : undefined);
    if (typeof mode === "string") this.applyMode(mode);
  }

  // v13 client/documents/chat-message.mjs ChatMessage#_onCreate
  override _onCreate(): void {
    void env.ui.chat.postOne(this);
  }
  // v13 client/documents/chat-message.mjs ChatMessage#_onUpdate
  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    void env.ui.chat.updateMessage(this);
  }
  // v13 client/documents/chat-message.mjs ChatMessage#_onDelete
  override _onDelete(): void {
    env.ui.chat.deleteMessage(this.id!);
  }

  /**
   * ChatMessage#renderHTML (v13, facts §8): the chat card as templates/sidebar/chat-message.hbs
   * lays it out (`li.chat-message` with a header and `.message-content`), rolls rendered after
   * the content ("???" where the content is hidden), then the renderChatMessageHTML hook with
   * the element and the template data, before the element is returned.
   */
  // v13 client/documents/chat-message.mjs ChatMessage#renderHTML
  async renderHTML(): Promise<HTMLElement> {
    const isWhisper = this.whisper.length > 0;
    const contentVisible = this.isContentVisible;
    const messageData = {
      message: this.toObject(),
      user: env.game.user,
      author: this.author,
      alias: contentVisible ? this.alias : (this.author?.name ?? ""),
      isWhisper,
      whisperTo: this.whisper.map((id) => env.game.users.get(id)?.name ?? id).join(", "),
      canDelete: env.game.user.isGM,
    };
    await Promise.resolve();
    const li = document.createElement("li");
    li.className = `chat-message message flexcol${isWhisper ? " whisper" : ""}${this.blind ? " blind" : ""}`;
    li.dataset.messageId = this.id!;
    const header = document.createElement("header");
    header.className = "message-header flexrow";
    const sender = document.createElement("h4");
    sender.className = "message-sender";
    sender.textContent = messageData.alias;
    header.append(sender);
    if (isWhisper) {
      const to = document.createElement("span");
      to.className = "whisper-to";
      to.textContent = `To: ${messageData.whisperTo}`;
      header.append(to);
    }
    if (this.flavor && contentVisible) {
      const flavor = document.createElement("span");
      flavor.className = "flavor-text";
      flavor.innerHTML = this.flavor;
      header.append(flavor);
    }
    const content = document.createElement("div");
    content.className = "message-content";
    let html = contentVisible ? this.content : "";
    for (const roll of this.rolls) html += await roll.render({ isPrivate: !contentVisible });
    content.innerHTML = html;
    li.append(header, content);
    Hooks.callAll("renderChatMessageHTML", this, li, messageData);
    return li;
  }
}

/** The GM users' ids, as applyRollMode / applyMode whisper them (v13 client/documents/chat-message.mjs). */
function gmIds(): string[] {
  return env.game.users.filter((u) => (u as FakeUser).isGM).map((u) => u.id!);
}

export class FakeJournalEntry extends ClientDocument {
  static override metadata: DocMeta = { name: "JournalEntry", collection: "journal", embedded: {} };
}

/**
 * Combat (v13 client/documents/combat.mjs): the encounter whose tracker shows the turn order;
 * its combatants are embedded data here (the module writes `round` and `turn` only).
 */
export class FakeCombat extends ClientDocument {
  static override metadata: DocMeta = { name: "Combat", collection: "combats", embedded: {} };
  declare round: number;
  declare turn: number;
  declare combatants: Obj[];

  /**
   * Combat#turns: the combatants in turn order, from Combat#setupTurns sorted by
   * Combat#_sortCombatants, initiative highest first, the id breaking ties (v13
   * client/documents/combat.mjs; fvtt-types client/documents/combat.d.mts).
   */
  get turns(): Obj[] {
    const init = (x: Obj) => (typeof x.initiative === "number" ? x.initiative : -Infinity);
    return [...(this.combatants ?? [])].sort(
      (a, b) => init(b) - init(a) || (String(a._id) > String(b._id) ? 1 : -1),
    );
  }
}

/** Setting (v13 client/documents/setting.mjs): a world setting's document; its value is JSON. */
export class FakeSetting extends ClientDocument {
  static override metadata: DocMeta = { name: "Setting", collection: "settings", embedded: {} };
  declare key: string;
  declare value: string;

  // v13 client/documents/setting.mjs Setting#_onCreate
  override _onCreate(_data: Obj, _options: Obj, _userId: string): void {
    env.game.settings.onWorldChange(this);
  }
  // v13 client/documents/setting.mjs Setting#_onUpdate
  override _onUpdate(changed: Obj, options: Obj, userId: string): void {
    super._onUpdate(changed, options, userId);
    env.game.settings.onWorldChange(this);
  }
}

/** A RollTable's result (v13 common/documents/table-result.mjs, BaseTableResult): embedded. */
export class FakeTableResult extends ClientDocument {
  static override metadata: DocMeta = { name: "TableResult", collection: "results", embedded: {} };
}

/**
 * RollTable (v13 client/documents/roll-table.mjs): its `formula` and embedded `results`, what the
 * module reads of a catch table with fromUuid (core/haul-source.ts).
 */
export class FakeRollTable extends ClientDocument {
  static override metadata: DocMeta = {
    name: "RollTable",
    collection: "tables",
    embedded: { TableResult: "results" },
  };
  declare formula: string;
  // v13 client/documents/roll-table.mjs RollTable#results (the embedded collection)
  get results(): Collection<ClientDocument> {
    return this.embedded.get("results")!;
  }
}

export const DOCUMENT_CLASSES: Record<string, DocClass> = {
  RollTable: FakeRollTable,
  TableResult: FakeTableResult,
  User: FakeUser,
  Actor: FakeActor,
  Item: FakeItem,
  Scene: FakeScene,
  Token: FakeTokenDocument,
  Tile: FakeTileDocument,
  Level: FakeLevel,
  ChatMessage: FakeChatMessage,
  JournalEntry: FakeJournalEntry,
  Combat: FakeCombat,
  Setting: FakeSetting,
};

/** getDocumentClass(name) (v13 client/utils/helpers.mjs): CONFIG[name].documentClass. */
export function docClass(name: string): DocClass {
  const cfg = env.CONFIG[name] as { documentClass?: DocClass } | undefined;
  const cls = cfg?.documentClass ?? DOCUMENT_CLASSES[name];
  if (!cls) throw misuse(`no document class ${name}`);
  return cls;
}

// ---- collections ------------------------------------------------------------------------

/** WorldCollection (v13 client/documents/abstract/world-collection.mjs) of one document type. */
export class WorldCollection<D extends ClientDocument = ClientDocument> extends Collection<D> {
  // v13 client/documents/abstract/world-collection.mjs WorldCollection#constructor
  constructor(
    readonly documentName: string,
    sources: Obj[] = [],
  ) {
    super();
    const cls = docClass(documentName);
    for (const s of sources) this.set(String(s._id), new cls(s) as D);
  }
  // v13 client/documents/abstract/world-collection.mjs WorldCollection#documentClass
  get documentClass(): DocClass {
    return docClass(this.documentName);
  }
}

/**
 * Users (v13 client/documents/collections/users.mjs): `activeGM` is the active GM with the
 * highest role (a full GM before an Assistant), ties broken by the lower id (facts §6).
 */
export class Users extends WorldCollection<FakeUser> {
  /** This client's own user (set by Users#_initialize; game.user reads it). */
  current: FakeUser | null = null;

  // v13 client/documents/collections/users.mjs Users#activeGM
  get activeGM(): FakeUser | null {
    const gms = this.filter((u) => u.active && u.isGM);
    gms.sort((a, b) => b.role - a.role || (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0));
    return gms[0] ?? null;
  }
}

/** Scenes (v13 client/documents/collections/scenes.mjs): the active scene is the one viewed at login. */
export class Scenes extends WorldCollection<FakeScene> {
  // v13 client/documents/collections/scenes.mjs Scenes#active
  get active(): FakeScene | undefined {
    return this.find((s) => s.active);
  }
  // v13 client/documents/collections/scenes.mjs Scenes#viewed
  get viewed(): FakeScene | undefined {
    return env.canvas?.scene ?? undefined;
  }
}

/** The collection a document of this type lives in: its parent's, its pack's, or the world's. */
// v13 client/data/client-backend.mjs#collectionFor
export function collectionFor(
  name: string,
  parent: ClientDocument | null | undefined,
  pack: string | null | undefined,
): Collection<ClientDocument> | undefined {
  if (parent) {
    const key = (parent.constructor as DocClass).metadata.embedded[name];
    return key ? parent.embedded.get(key) : undefined;
  }
  if (pack) return env.game.packs.get(pack) as unknown as Collection<ClientDocument> | undefined;
  return env.game.collections.get(name);
}

/** fromUuidSync (v13 client/utils/helpers.mjs) for world and embedded documents. */
export function fromUuidSync(uuid: string): ClientDocument | null {
  const parts = uuid.split(".");
  if (parts[0] === "Compendium") {
    const pack = env.game.packs.get(`${parts[1]}.${parts[2]}`);
    return (pack?.get(parts[4] ?? "") as ClientDocument | undefined) ?? null;
  }
  let doc: ClientDocument | undefined = env.game.collections
    .get(parts[0] ?? "")
    ?.get(parts[1] ?? "");
  for (let i = 2; doc && i + 1 < parts.length; i += 2)
    doc = doc.getEmbeddedCollection(parts[i]!).get(parts[i + 1]!);
  return doc ?? null;
}

// ---- the database backend -----------------------------------------------------------------

// v13 client/data/client-backend.mjs#parentOf
function parentOf(operation: Obj): ClientDocument | null {
  const p = operation.parent as ClientDocument | null | undefined;
  return p ?? null;
}

// v13 client/data/client-backend.mjs#wire
function wire(operation: Obj, extra: Obj): Obj {
  const { parent, ...rest } = operation;
  return {
    ...rest,
    ...extra,
    parentUuid: (parent as ClientDocument | null | undefined)?.uuid ?? null,
    pack: operation.pack ?? null,
    modifiedTime: Date.now(),
  };
}

/**
 * ClientDatabaseBackend (v13 client/data/client-backend.mjs). The pre-steps run on the calling
 * client; one request goes to the server; the response is handled as every other client
 * handles the broadcast.
 */
export const backend = {
  /** Prepares a create request (documents constructed, _preCreate, preCreate<Name> hooks). */
  // v13 client/data/client-backend.mjs ClientDatabaseBackend#_createDocuments (its steps before the request)
  async prepareCreate(
    cls: DocClass,
    data: Obj[],
    operation: Obj,
  ): Promise<DocumentRequest | undefined> {
    const parent = parentOf(operation);
    const pack = (operation.pack as string | null | undefined) ?? null;
    const user = env.game.user;
    const out: Obj[] = [];
    for (const d of data) {
      const impl = cls.implementation;
      // the configured class constructs the document (a system's proxy may refuse the type)
      const doc = new impl(d, { parent, pack });
      if ((await doc._preCreate(d, operation, user)) === false) continue;
      if (Hooks.call(`preCreate${cls.documentName}`, doc, d, operation, user.id) === false)
        continue;
      out.push(doc._source);
    }
    if (!out.length) return undefined;
    return { type: cls.documentName, action: "create", operation: wire(operation, { data: out }) };
  },

  /** One modifyDocument request over the socket, its answer applied (ClientDatabaseBackend#_handle*). */
  // v13 client/data/client-backend.mjs ClientDatabaseBackend (the socket request each action makes)
  async send(request: DocumentRequest): Promise<ClientDocument[]> {
    const response = (await env.socket.request({
      event: "modifyDocument",
      request,
    })) as DocumentResponse;
    return this.handle(response);
  },

  // v13 client/data/client-backend.mjs ClientDatabaseBackend#_createDocuments
  async create(cls: DocClass, data: Obj[], operation: Obj): Promise<ClientDocument[]> {
    const request = await this.prepareCreate(cls, data, operation);
    return request ? this.send(request) : [];
  },

  /**
   * Prepares an update request: each update is diffed against the document's source (unless
   * `diff: false`); documents with nothing to change are left out, and a request with nothing
   * left is not sent; _preUpdate and preUpdate<Name> may veto.
   */
  // v13 client/data/client-backend.mjs ClientDatabaseBackend#_updateDocuments (its steps before the request)
  async prepareUpdate(
    cls: DocClass,
    updates: Obj[],
    operation: Obj,
  ): Promise<DocumentRequest | undefined> {
    const coll = collectionFor(
      cls.documentName,
      parentOf(operation),
      operation.pack as string | null,
    );
    if (!coll) throw misuse(`no collection for ${cls.documentName}`);
    const user = env.game.user;
    const out: Obj[] = [];
    for (const u of updates) {
      const doc = coll.get(String(u._id));
      if (!doc) throw new Error(`${cls.documentName} "${String(u._id)}" does not exist!`);
      const full = expandObject(u);
      const changes = operation.diff === false ? full : diffObject(doc._source, full);
      delete changes._id;
      if (isEmpty(changes)) continue;
      if ((await doc._preUpdate(changes, operation, user)) === false) continue;
      if (Hooks.call(`preUpdate${cls.documentName}`, doc, changes, operation, user.id) === false)
        continue;
      out.push({ ...changes, _id: doc.id });
    }
    if (!out.length) return undefined;
    return {
      type: cls.documentName,
      action: "update",
      operation: wire(operation, { updates: out }),
    };
  },

  // v13 client/data/client-backend.mjs ClientDatabaseBackend#_updateDocuments
  async update(cls: DocClass, updates: Obj[], operation: Obj): Promise<ClientDocument[]> {
    const request = await this.prepareUpdate(cls, updates, operation);
    return request ? this.send(request) : [];
  },

  // v13 client/data/client-backend.mjs ClientDatabaseBackend#_deleteDocuments (its steps before the request)
  async prepareDelete(
    cls: DocClass,
    ids: string[],
    operation: Obj,
  ): Promise<DocumentRequest | undefined> {
    const coll = collectionFor(
      cls.documentName,
      parentOf(operation),
      operation.pack as string | null,
    );
    if (!coll) throw misuse(`no collection for ${cls.documentName}`);
    const user = env.game.user;
    const out: string[] = [];
    for (const id of ids) {
      const doc = coll.get(id);
      if (!doc) throw new Error(`${cls.documentName} "${id}" does not exist!`);
      if ((await doc._preDelete(operation, user)) === false) continue;
      if (Hooks.call(`preDelete${cls.documentName}`, doc, operation, user.id) === false) continue;
      out.push(id);
    }
    if (!out.length) return undefined;
    return { type: cls.documentName, action: "delete", operation: wire(operation, { ids: out }) };
  },

  // v13 client/data/client-backend.mjs ClientDatabaseBackend#_deleteDocuments
  async delete(cls: DocClass, ids: string[], operation: Obj): Promise<ClientDocument[]> {
    const request = await this.prepareDelete(cls, ids, operation);
    return request ? this.send(request) : [];
  },

  /** DatabaseBackend#get (a compendium's documents on request: `{query, pack}`). */
  // v13 client/data/client-backend.mjs DatabaseBackend#get (common/abstract/backend.mjs)
  async get(cls: DocClass, operation: Obj): Promise<Source[]> {
    const request: DocumentRequest = {
      type: cls.documentName,
      action: "get",
      operation: wire(operation, {}),
    };
    const response = (await env.socket.request({
      event: "modifyDocument",
      request,
    })) as DocumentResponse;
    return response.result as Source[];
  },

  /** _handleCreateDocuments / _handleUpdateDocuments / _handleDeleteDocuments (client-backend.mjs). */
  handle(response: DocumentResponse): ClientDocument[] {
    const { type, action, operation, userId } = response;
    const parentUuid = operation.parentUuid as string | null;
    const parent = parentUuid ? fromUuidSync(parentUuid) : null;
    const pack = (operation.pack as string | null) ?? null;
    if (parentUuid && !parent) return []; // a parent this client does not hold
    const coll = collectionFor(type, parent, pack);
    if (!coll) return []; // e.g. a compendium this client never loaded
    const cls = docClass(type);
    const options = { ...operation };
    delete options.data;
    delete options.updates;
    delete options.ids;
    const out: ClientDocument[] = [];
    if (action === "create") {
      for (const src of response.result as Obj[]) {
        const doc = new cls(src, { parent, pack });
        coll.set(doc.id!, doc);
        if (parent)
          parent._source[(parent.constructor as DocClass).metadata.embedded[type]!] = [
            ...((parent._source[
              (parent.constructor as DocClass).metadata.embedded[type]!
            ] as Obj[]) ?? []),
            deepClone(src),
          ];
        out.push(doc);
      }
      for (const doc of out) doc._onCreate(doc._source, options, userId);
      for (const doc of out) Hooks.callAll(`create${type}`, doc, options, userId);
    } else if (action === "update") {
      const changes: [ClientDocument, Obj][] = [];
      for (const change of response.result as Obj[]) {
        const doc = coll.get(String(change._id));
        if (!doc) continue;
        doc.updateSource(change, { recursive: operation.recursive !== false });
        if (parent) syncParentSource(parent, type, doc);
        changes.push([doc, change]);
      }
      for (const [doc, change] of changes) doc._onUpdate(change, options, userId);
      for (const [doc, change] of changes)
        Hooks.callAll(`update${type}`, doc, change, options, userId);
      out.push(...changes.map(([d]) => d));
    } else if (action === "delete") {
      for (const id of response.result as string[]) {
        const doc = coll.get(id);
        if (!doc) continue;
        coll.delete(id);
        if (parent) {
          const key = (parent.constructor as DocClass).metadata.embedded[type]!;
          parent._source[key] = ((parent._source[key] as Obj[]) ?? []).filter((s) => s._id !== id);
        }
        out.push(doc);
      }
      for (const doc of out) doc._onDelete(options, userId);
      for (const doc of out) Hooks.callAll(`delete${type}`, doc, options, userId);
    }
    if (parent && out.length) parent.prepareData();
    return out;
  },
};

// v13 client/data/client-backend.mjs#syncParentSource
function syncParentSource(parent: ClientDocument, type: string, doc: ClientDocument): void {
  const key = (parent.constructor as DocClass).metadata.embedded[type]!;
  parent._source[key] = ((parent._source[key] as Obj[]) ?? []).map((s) =>
    s._id === doc.id ? deepClone(doc._source) : s,
  );
}
