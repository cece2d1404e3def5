/**
 * The Port on Foundry: each method is one Foundry call (named beside it). The behavioural fake
 * in tests/foundry/fake implements the same interface.
 */
import { MODULE_ID, STORE_PACK_ID, STORE_PACK_NAME } from "./constants.ts";
import { authorIdOf, canBatch, emptyOp } from "./compat.ts";
import { BatchReach, writeV14 } from "./batch.ts";
import { refusesModuleTypes, swarmBody } from "./swarm-body.ts";
import { GRID_SQUARE } from "./grid.ts";
import { STALE_RECORD, revisionId, revisionName } from "./record.ts";
import type { StoreDoc } from "./store/sealed.ts";
import type { WrappedKeys } from "./store/passphrase.ts";
import { WRAPPED_DOC_ID, WRAPPED_DOC_NAME } from "./store/passphrase.ts";
import type { KeyStorage } from "./store/keyring.ts";
import type {
  ChatCreate,
  Port,
  RollResult,
  SceneData,
  SceneLevel,
  UserInfo,
  WriteOp,
} from "./port.ts";
import { WriteError } from "./write-error.ts";
import type { BatchOperation, ModifyBatch } from "./types/foundry.d.ts";

type AnyDoc = {
  id: string;
  update(data: object, options?: object): Promise<unknown>;
  createEmbeddedDocuments(
    name: string,
    data: object[],
    options?: object,
  ): Promise<{ id: string }[]>;
  updateEmbeddedDocuments(name: string, data: object[], options?: object): Promise<unknown>;
  deleteEmbeddedDocuments(name: string, ids: string[], options?: object): Promise<unknown>;
  toObject(): Record<string, unknown>;
  getFlag(scope: string, key: string): unknown;
  setFlag(scope: string, key: string, value: unknown): Promise<unknown>;
};

type StorePack = {
  ownership: Record<string, string | undefined>;
  configure(settings: object): Promise<unknown>;
  getDocuments(query?: object): Promise<AnyDoc[]>;
  getDocument(id: string): Promise<AnyDoc | undefined>;
  getIndex(): Promise<Map<string, { _id: string; name?: string }>>;
  documentClass: {
    create(data: object, options: object): Promise<AnyDoc>;
    createDocuments(data: object[], options: object): Promise<AnyDoc[]>;
    deleteDocuments(ids: string[], options: object): Promise<unknown>;
  };
  collection: string;
};

function storePack(): StorePack | undefined {
  return game.packs?.get(STORE_PACK_ID) as unknown as StorePack | undefined;
}

/**
 * The GM store: a world compendium of JournalEntries, ownership NONE for every player role, so
 * players' clients are not sent its documents (docs/foundry.md, "Where secrets live"). Created
 * by the active GM at ready (CompendiumCollection.createCompendium, v13 API; the metadata's
 * `ownership` is honoured at creation, foundryvtt#13484), closed again if a GM opened it.
 */
export async function ensureStore(): Promise<void> {
  // the active GM alone creates or closes it: two GMs logging in together would both create it
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
  try {
    if (!storePack()) {
      const cc = foundry.documents.collections.CompendiumCollection as unknown as {
        createCompendium(meta: object): Promise<unknown>;
      };
      // created closed: createCompendium takes the pack's ownership with its metadata
      await cc.createCompendium({
        name: STORE_PACK_NAME,
        label: game.i18n!.localize("KOLIKOLY.Foundry.Store.Label"),
        type: "JournalEntry",
        ownership: STORE_OWNERSHIP,
      });
    }
    const pack = storePack();
    if (pack && !storeClosed(pack))
      await pack.configure({ ownership: STORE_OWNERSHIP, locked: false });
  } catch (e) {
    // the rest of ready (reconcile, the board) still runs; writes refuse with storeMissing
    console.warn("kolikoly-fishing | the GM store could not be prepared", e);
  }
}

/** Players and trusted players may not even observe the GM store (CompendiumCollection#configure). */
export const STORE_OWNERSHIP = { PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER" } as const;

/** A chat message's module flag (`flags["kolikoly-fishing"]`), if it names a game. */
function moduleFlag(m: unknown): Record<string, unknown> | undefined {
  const f = (m as { flags?: Record<string, unknown> }).flags?.[MODULE_ID] as
    Record<string, unknown> | undefined;
  return f && typeof f.lake === "string" ? f : undefined;
}

function storeClosed(pack: StorePack): boolean {
  return pack.ownership.PLAYER === "NONE" && pack.ownership.TRUSTED === "NONE";
}

/** v14: the scene's embedded Level documents (Scene#levels; LevelData.elevation {bottom, top}). */
function sceneLevels(s: unknown): SceneLevel[] {
  const levels = (s as { levels?: { contents?: unknown[] } }).levels?.contents ?? [];
  return levels.map((l) => {
    const v = l as { id: string; name?: string; elevation?: { bottom?: number; top?: number } };
    return {
      id: v.id,
      name: v.name ?? "",
      bottom: v.elevation?.bottom ?? 0,
      top: v.elevation?.top ?? 0,
    };
  });
}

function userInfo(u: User.Implementation): UserInfo {
  return { id: u.id!, name: u.name ?? "", isGM: u.isGM, active: u.active, role: u.role };
}

function batchOf(op: WriteOp): BatchOperation {
  const scene = "sceneId" in op ? game.scenes!.get(op.sceneId) : undefined;
  switch (op.kind) {
    case "tokens.create":
      return {
        action: "create",
        documentName: "Token",
        parent: scene,
        data: op.data,
        // swarm tokens are created with the id that names them (projection.ts swarmTokenId)
        keepId: true,
        animate: false,
      };
    case "tokens.update":
      return {
        action: "update",
        documentName: "Token",
        parent: scene,
        updates: op.updates,
        animate: false,
      };
    case "tokens.delete":
      return { action: "delete", documentName: "Token", parent: scene, ids: op.ids };
    case "scene.update":
      return {
        action: "update",
        documentName: "Scene",
        updates: [{ _id: op.sceneId, ...op.update }],
      };
    case "chat.create":
      // a card of a record's outbox is created with the id its revision gives it (commit.ts)
      return {
        action: "create",
        documentName: "ChatMessage",
        data: op.data.map(chatData),
        keepId: true,
      } as BatchOperation;
    case "chat.delete":
      return { action: "delete", documentName: "ChatMessage", ids: op.ids };
    case "store.put":
    case "store.delete":
    case "store.copy":
      throw new Error("the GM store is written on its own");
  }
}

function chatData(c: ChatCreate): object {
  return {
    ...(c._id ? { _id: c._id } : {}),
    content: c.content,
    speaker: c.speaker ?? {},
    whisper: c.whisper ?? [],
    rolls: c.rolls ?? [],
    flags: c.flags,
  };
}

async function putRevision(doc: StoreDoc): Promise<void> {
  const pack = storePack();
  if (!pack) throw new Error("KOLIKOLY.Foundry.Error.storeMissing");
  // never write into a pack a player may read (a GM opened it up by hand)
  if (!storeClosed(pack)) throw new Error("KOLIKOLY.Foundry.Error.storeExposed");
  // Compare-and-set: each revision is its own document whose id is fixed by (lake, rev). The
  // server refuses to create a document whose _id exists (`keepId`), so of two GM clients
  // writing the same next revision, one is refused: nothing is overwritten.
  const id = revisionId(doc.lakeId, doc.rev);
  try {
    await pack.documentClass.create(
      { _id: id, name: revisionName(doc), flags: { [MODULE_ID]: { revision: doc } } },
      { pack: pack.collection, keepId: true },
    );
  } catch (e) {
    // refused because that revision exists (another GM wrote it first), or for another reason
    const taken = await pack.getDocument(id).catch(() => null);
    if (!taken) throw e;
    // the create did reach the server and only its answer was lost: the revision is this one
    const there = (taken.getFlag(MODULE_ID, "revision") as { sealed?: string } | undefined)?.sealed;
    if (there === doc.sealed) return;
    throw new Error(`${STALE_RECORD}: ${String((e as Error).message)}`, { cause: e });
  }
}

/**
 * The passphrase copy of the keys (store/passphrase.ts): its one document in the GM store, made
 * with its fixed id the first time (keepId), its flag replaced after that.
 */
async function putKeyCopy(copy: WrappedKeys): Promise<void> {
  const pack = storePack();
  if (!pack) throw new Error("KOLIKOLY.Foundry.Error.storeMissing");
  if (!storeClosed(pack)) throw new Error("KOLIKOLY.Foundry.Error.storeExposed");
  const there = await pack.getDocument(WRAPPED_DOC_ID).catch(() => null);
  // every field of a copy is always present, so setFlag's merge replaces each of them
  if (there) await there.setFlag(MODULE_ID, "copy", copy);
  else
    await pack.documentClass.create(
      { _id: WRAPPED_DOC_ID, name: WRAPPED_DOC_NAME, flags: { [MODULE_ID]: { copy } } },
      { pack: pack.collection, keepId: true },
    );
}

/** Removes revisions nobody reads again (CompendiumCollection documents, Document.deleteDocuments). */
async function deleteRevisions(ids: readonly string[]): Promise<void> {
  const pack = storePack();
  if (!pack || !ids.length) return;
  await pack.documentClass.deleteDocuments([...ids], { pack: pack.collection });
}

/**
 * This browser's keys for this world's GM store: window.localStorage, which the browser keeps
 * for this origin and never sends anywhere; one entry per world (several worlds share an origin).
 */
function browserKeys(): KeyStorage {
  const name = `${MODULE_ID}.gm-keys.${game.world?.id ?? "world"}`;
  return {
    load: () => globalThis.localStorage?.getItem(name) ?? null,
    save: (text) => globalThis.localStorage?.setItem(name, text),
  };
}

/** One Foundry call per op (v13), or everything but the store in one modifyBatch (v14). */
async function runOne(op: WriteOp): Promise<string[]> {
  if (op.kind === "store.put") {
    await putRevision(op.doc);
    return [];
  }
  if (op.kind === "store.delete") {
    await deleteRevisions(op.ids);
    return [];
  }
  if (op.kind === "store.copy") {
    await putKeyCopy(op.copy);
    return [];
  }
  const scene =
    "sceneId" in op ? (game.scenes!.get(op.sceneId) as unknown as AnyDoc | undefined) : undefined;
  if ("sceneId" in op && !scene) throw new Error(`no scene ${op.sceneId}`);
  const Chat = ChatMessage.implementation as unknown as {
    createDocuments(data: object[], options?: object): Promise<{ id: string }[]>;
    deleteDocuments(ids: string[]): Promise<unknown>;
  };
  switch (op.kind) {
    case "tokens.create":
      return (
        await scene!.createEmbeddedDocuments("Token", op.data as object[], { keepId: true })
      ).map((d) => d.id);
    case "tokens.update":
      await scene!.updateEmbeddedDocuments("Token", op.updates as object[], { animate: false });
      return [];
    case "tokens.delete":
      await scene!.deleteEmbeddedDocuments("Token", op.ids);
      return [];
    case "scene.update":
      await scene!.update(op.update);
      return [];
    case "chat.create":
      return (await Chat.createDocuments(op.data.map(chatData), { keepId: true })).map((d) => d.id);
    case "chat.delete":
      await Chat.deleteDocuments(op.ids);
      return [];
  }
}

/** Hooks with the module's own (undeclared) hook names. */
function hooks(): {
  call(n: string, ...a: unknown[]): boolean;
  callAll(n: string, ...a: unknown[]): boolean;
} {
  return Hooks as unknown as ReturnType<typeof hooks>;
}

export function livePort(): Port {
  const generation = game.release?.generation ?? 13;
  // issue 20 item 10: batches are used only once they are seen to reach the other clients
  const reach = new BatchReach();
  const modifyBatch = (foundry.documents as unknown as { modifyBatch?: ModifyBatch }).modifyBatch;
  return {
    generation,
    reach,
    me: () => userInfo(game.user!),
    users: () => game.users!.contents.map(userInfo),
    activeGmId: () => game.users!.activeGM?.id ?? undefined,
    scene(id): SceneData | undefined {
      const s = game.scenes!.get(id);
      if (!s) return undefined;
      // Scene#dimensions (v13 SceneDimensions: the grid size and the inner rectangle) and
      // Scene#grid, the scene's BaseGrid, whose `type` is one of CONST.GRID_TYPES
      const d = s.dimensions as unknown as {
        sceneX: number;
        sceneY: number;
        sceneWidth: number;
        sceneHeight: number;
        size: number;
      };
      const grid = (s as unknown as { grid?: { type?: number } }).grid;
      return {
        _id: s.id!,
        name: s.name ?? "",
        flags: foundry.utils.deepClone(s.flags ?? {}) as Record<string, unknown>,
        tokens: s.tokens.contents.map(
          (t) => t.toObject() as unknown as SceneData["tokens"][number],
        ),
        gridSize: d.size,
        sceneX: d.sceneX,
        sceneY: d.sceneY,
        sceneWidth: d.sceneWidth,
        sceneHeight: d.sceneHeight,
        gridType: grid?.type ?? GRID_SQUARE,
        levels: sceneLevels(s),
      };
    },
    ownersOf(actorId) {
      const a = game.actors!.get(actorId) as unknown as
        { testUserPermission(u: User.Implementation, level: string): boolean } | undefined;
      if (!a) return [];
      return game.users!.contents.filter((u) => a.testUserPermission(u, "OWNER")).map((u) => u.id!);
    },
    actorName: (actorId) =>
      (game.actors!.get(actorId) as unknown as { name?: string } | undefined)?.name,
    // pf2e builds only the types in CONFIG.PF2E.Actor.documentClasses (swarm-body.ts)
    swarmBody: () => swarmBody(refusesModuleTypes(CONFIG)),
    async createSwarmActor(name) {
      const A = Actor.implementation as unknown as {
        create(data: object): Promise<{ id: string }>;
      };
      const body = swarmBody(refusesModuleTypes(CONFIG));
      const a = await A.create({
        name,
        type: body.type,
        img: `modules/${MODULE_ID}/assets/swarm.svg`,
        prototypeToken: { bar1: { attribute: body.bar }, displayBars: 50, actorLink: false },
      });
      return { id: a.id, body };
    },
    async write(ops) {
      const batch = (sent: WriteOp[]) => modifyBatch!(sent.map(batchOf));
      if (
        canBatch(generation, typeof modifyBatch === "function") &&
        (await reach.mayBatch(ops, batch))
      )
        return writeV14(ops, batch, async (op) => void (await runOne(op)));
      const done: string[][] = [];
      for (const op of ops) {
        if (emptyOp(op as never)) {
          done.push([]);
          continue;
        }
        try {
          done.push(await runOne(op));
        } catch (e) {
          throw new WriteError(String((e as Error).message), done);
        }
      }
      return done;
    },
    rerenderCards(lakeId, rounds) {
      // ChatLog#updateMessage (v13 foundry.applications.sidebar.tabs.ChatLog): renders the
      // message again in place, which fires renderChatMessageHTML (hooks/render-chat-message.ts)
      const chat = ui.chat as unknown as { updateMessage?(m: unknown): Promise<unknown> } | null;
      for (const m of game.messages!.contents) {
        const f = moduleFlag(m);
        if (
          f?.lake === lakeId &&
          (f.kind === "gm" || f.kind === "private") &&
          rounds.includes(f.round as number)
        )
          void chat?.updateMessage?.(m);
      }
    },
    moduleCards(gameId) {
      return game.messages!.contents.flatMap((m) => {
        const flag = moduleFlag(m);
        if (flag?.lake !== gameId) return [];
        // ChatMessage#author: the User the server recorded (v13 DocumentAuthorField)
        return [{ id: m.id!, author: authorIdOf(m), flag }];
      });
    },
    async storeIndex() {
      const pack = storePack();
      if (!pack) return [];
      // CompendiumCollection#getIndex: v13 answers from the index this client holds (it asks the
      // server only for fields it lacks), so it may name an old revision: store/gm-store.ts reads
      // past it by revision id. The index is a Collection (a Map by _id)
      return [...(await pack.getIndex()).values()].map((e) => ({
        _id: e._id,
        name: e.name ?? "",
      }));
    },
    async storeRead(ids) {
      const pack = storePack();
      if (!pack) return ids.map(() => undefined);
      // CompendiumCollection#getDocuments with an `_id__in` query: one request for them all
      const docs = await pack.getDocuments({ _id__in: [...ids] });
      const byId = new Map(docs.map((d) => [d.id, d]));
      return ids.map((id) => byId.get(id)?.toObject().flags?.[MODULE_ID as never]);
    },
    keyStorage: browserKeys,
    async roll(formula): Promise<RollResult> {
      const r = new Roll(formula);
      await r.evaluate({ allowInteractive: false });
      const first = r.dice[0];
      return {
        total: r.total ?? 0,
        firstDieFaces: first ? first.results.map((x) => x.result) : [],
        json: r.toJSON(),
      };
    },
    callHook: (name, ...args) => hooks().call(name, ...args) !== false,
    callAllHook: (name, ...args) => void hooks().callAll(name, ...args),
    async query(userId, name, data, options) {
      const u = game.users!.get(userId) as unknown as {
        query(n: string, d: object, o?: object): Promise<unknown>;
      };
      return u.query(name, data, { timeout: options?.timeout ?? 10_000 });
    },
    localize: (key, data) =>
      data ? game.i18n!.format(key, data as Record<string, string>) : game.i18n!.localize(key),
    render: (template, context) =>
      foundry.applications.handlebars.renderTemplate(template, context as Record<string, unknown>),
    setting: (key) =>
      (game.settings as unknown as { get(ns: string, k: string): unknown }).get(MODULE_ID, key),
  };
}
