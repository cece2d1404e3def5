/**
 * `foundry.documents.collections.CompendiumCollection` (v13
 * client/documents/collections/compendium-collection.mjs; facts §13): a pack's metadata, its
 * ownership by role (the `core.compendiumConfiguration` world setting wins over the manifest,
 * else {PLAYER: OBSERVER, ASSISTANT: OWNER}), its documents loaded on request from the server
 * (which checks the pack's permission), `configure` writing that world setting, and
 * `createCompendium` (GM only) asking the server for a new world pack.
 */
import type { PackMeta, Source } from "../protocol.ts";
import type { ClientDocument, FakeUser } from "./documents.ts";
import { backend, docClass } from "./documents.ts";
import { DOCUMENT_OWNERSHIP_LEVELS, USER_ROLES } from "./constants.ts";
import { env } from "./env.ts";
import type { Obj } from "./utils.ts";
import { Collection, deepClone } from "./utils.ts";

export class CompendiumCollection extends Collection<ClientDocument> {
  static CONFIG_SETTING = "compendiumConfiguration";
  static DEFAULT_OWNERSHIP: Record<string, string> = { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };
  index = new Collection<Source>();

  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#constructor
  constructor(readonly metadata: PackMeta) {
    super();
  }

  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#collection
  get collection(): string {
    return this.metadata.id;
  }
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#documentName
  get documentName(): string {
    return this.metadata.type;
  }
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#documentClass
  get documentClass(): ReturnType<typeof docClass> {
    return docClass(this.documentName);
  }
  /**
   * The label as the metadata holds it, not localized (core localizes it in some windows only:
   * foundryvtt#10664, foundryvtt#14048).
   */
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#title
  get title(): string {
    return this.metadata.label;
  }

  /** CompendiumCollection#config: this pack's entry of core.compendiumConfiguration. */
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#config
  get config(): Obj {
    const all = env.game.settings.get("core", CompendiumCollection.CONFIG_SETTING) as Record<
      string,
      Obj
    >;
    return all?.[this.collection] ?? {};
  }

  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#ownership
  get ownership(): Record<string, string> {
    return (
      (this.config.ownership as Record<string, string> | undefined) ??
      this.metadata.ownership ?? { ...CompendiumCollection.DEFAULT_OWNERSHIP }
    );
  }

  /** A world pack is unlocked unless configured locked; a package's pack is locked. */
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#locked
  get locked(): boolean {
    return (this.config.locked as boolean | undefined) ?? this.metadata.packageType !== "world";
  }

  /** CompendiumCollection#getUserLevel: the highest level among the roles the user has. */
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#getUserLevel
  getUserLevel(user: FakeUser = env.game.user): number {
    let level: number = DOCUMENT_OWNERSHIP_LEVELS.NONE;
    for (const [role, l] of Object.entries(this.ownership))
      if (user.hasRole(USER_ROLES[role as keyof typeof USER_ROLES] ?? 99))
        level = Math.max(
          level,
          DOCUMENT_OWNERSHIP_LEVELS[l as keyof typeof DOCUMENT_OWNERSHIP_LEVELS] ?? 0,
        );
    return level;
  }

  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#testUserPermission
  testUserPermission(user: FakeUser, permission: keyof typeof DOCUMENT_OWNERSHIP_LEVELS): boolean {
    return this.getUserLevel(user) >= DOCUMENT_OWNERSHIP_LEVELS[permission];
  }

  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#visible
  get visible(): boolean {
    return this.testUserPermission(env.game.user, "OBSERVER");
  }

  /** CompendiumCollection#getDocuments(query): the server answers with the matching sources. */
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#getDocuments
  async getDocuments(query: Obj = {}): Promise<ClientDocument[]> {
    const cls = this.documentClass;
    const sources = await backend.get(cls, { query, pack: this.collection });
    return sources.map((s) => {
      const doc = new cls(s, { pack: this.collection });
      this.set(doc.id!, doc);
      return doc;
    });
  }

  /** CompendiumCollection#getIndex: `_id` and `name` of every document (the default index fields). */
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#getIndex
  async getIndex(): Promise<Collection<Source>> {
    const sources = await backend.get(this.documentClass, {
      query: {},
      pack: this.collection,
      index: true,
    });
    this.index = new Collection<Source>();
    for (const s of sources) this.index.set(String(s._id), { _id: s._id, name: s.name });
    return this.index;
  }

  /** CompendiumCollection#set: a document the pack holds is indexed too (indexDocument; UNCONFIRMED for v13). */
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#set, #indexDocument
  override set(id: string, doc: ClientDocument): this {
    this.index.set(id, { _id: id, name: (doc as unknown as { name?: unknown }).name });
    return super.set(id, doc);
  }

  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#getDocument
  async getDocument(id: string): Promise<ClientDocument | undefined> {
    return (await this.getDocuments({ _id: id }))[0];
  }

  /** CompendiumCollection#configure(settings): merged into this pack's core.compendiumConfiguration entry. */
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#configure
  async configure(settings: Obj = {}): Promise<unknown> {
    const all =
      deepClone(
        env.game.settings.get("core", CompendiumCollection.CONFIG_SETTING) as Record<string, Obj>,
      ) ?? {};
    const entry = (all[this.collection] ??= {});
    for (const [k, v] of Object.entries(settings)) {
      if (v === undefined) delete entry[k];
      else entry[k] = v;
    }
    return env.game.settings.set("core", CompendiumCollection.CONFIG_SETTING, all);
  }

  /**
   * CompendiumCollection.createCompendium(metadata) (v13, facts §13): GM only (a notification
   * otherwise); the server creates the world pack ("manageCompendium", action create) and every
   * client adds it to game.packs.
   */
  // v13 client/documents/collections/compendium-collection.mjs CompendiumCollection.createCompendium
  static async createCompendium(
    metadata: Obj,
    options: Obj = {},
  ): Promise<CompendiumCollection | undefined> {
    if (!env.game.user.isGM) {
      env.ui.notifications.error("You do not have permission to modify this compendium pack");
      return undefined;
    }
    const meta = (await env.socket.request({
      event: "manageCompendium",
      request: { action: "create", data: metadata as Source, options },
    })) as PackMeta;
    return addPack(meta);
  }
}

/** game.packs gains a pack (on this client's createCompendium and on the server's broadcast). */
// v13 client/documents/collections/compendium-collection.mjs CompendiumCollection#addPack
export function addPack(meta: PackMeta): CompendiumCollection {
  const existing = env.game.packs.get(meta.id);
  if (existing) return existing;
  const pack = new CompendiumCollection(meta);
  env.game.packs.set(meta.id, pack);
  return pack;
}
