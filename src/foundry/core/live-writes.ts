/**
 * The live port's writes, a chunk of its own (issue 23): loaded by a client's first write, not at
 * start (a player's client writes little: its user flag's key commitment). Each WriteOp is one
 * Foundry call (named beside it), or v14's modifyBatch once batches are seen to reach the other
 * clients (batch.ts); and the GM store's compendium made at ready.
 */
import { MODULE_ID, STORE_PACK_NAME } from "./constants.ts";
import { canBatch, emptyOp, messageModeOption } from "./compat.ts";
import type { BatchReach } from "./batch.ts";
import { writeV14 } from "./batch.ts";
import { STALE_RECORD, revisionId, revisionName } from "./record.ts";
import type { SwarmBody } from "./swarm-body.ts";
import { refusesModuleTypes, swarmBody } from "./swarm-body.ts";
import type { StoreDoc } from "./store/sealed.ts";
import type { WrappedKeys } from "./store/passphrase.ts";
import { WRAPPED_DOC_ID, WRAPPED_DOC_NAME } from "./store/passphrase.ts";
import type { ChatCreate, WriteOp } from "./port.ts";
import { WriteError } from "./write-error.ts";
import type { BatchOperation, ModifyBatch } from "./types/foundry.d.ts";
import type { AnyDoc } from "./live-store.ts";
import { STORE_OWNERSHIP, storeClosed, storePack } from "./live-store.ts";

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

/**
 * A chat.create's cards by visibility, each group with the option that says its mode (the cards'
 * own order kept within a group). Every card the module posts says its mode: a card created
 * without one takes whatever the server and core make of the GM's own mode setting.
 * - v14: `messageMode` (ChatMessage#_preCreate applies it with ChatMessage.applyMode, to every
 *   message): `public` for cards to everyone, `gm` for whispered ones, which keeps a non-empty
 *   whisper list as it is: two groups, two creates (two operations of one batch).
 * - v13: `rollMode` (ChatMessage#_preCreate applies it with applyRollMode to roll messages only):
 *   one create with `publicroll`, which makes the cards that carry rolls public and leaves every
 *   other card's whisper list as it is. Only public cards carry rolls (documents.ts ChatCreate): a
 *   whispered card with rolls could not say its mode there, and is refused before anything is
 *   written.
 */
export function chatGroups(
  cards: readonly ChatCreate[],
  generation: number,
): { cards: ChatCreate[]; options: Record<string, string> }[] {
  const open = cards.filter((c) => !c.whisper?.length);
  const whispered = cards.filter((c) => c.whisper?.length);
  if (whispered.some((c) => c.rolls?.length))
    throw new Error("kolikoly-fishing | a whispered card never carries rolls");
  const groups =
    generation >= 14
      ? [
          { cards: open, options: messageModeOption(generation, "public") },
          { cards: whispered, options: messageModeOption(generation, "gm") },
        ]
      : [{ cards: [...cards], options: messageModeOption(generation, "public") }];
  return groups.filter((g) => g.cards.length > 0);
}

/**
 * The created documents of a chat.create's groups, in the order of its cards: by the ids the
 * cards were created with (a record's cards all have one), else group by group.
 */
function inCardOrder<T>(cards: readonly ChatCreate[], created: readonly T[][]): T[] {
  const all = created.flat();
  if (!cards.every((c) => c._id)) return all;
  const byId = new Map(
    all.map((d) => [String((d as { id?: unknown }).id ?? (d as { _id?: unknown })._id), d]),
  );
  return cards.map((c) => byId.get(c._id!)).filter((d): d is T => d !== undefined);
}

/** The batch operations of one WriteOp: one, or a chat.create's one per visibility group. */
function batchOps(op: WriteOp, generation: number): BatchOperation[] {
  if (op.kind !== "chat.create") return [batchOf(op)];
  // a card of a record's outbox is created with the id its revision gives it (commit.ts)
  return chatGroups(op.data, generation).map(
    (g) =>
      ({
        action: "create",
        documentName: "ChatMessage",
        data: g.cards.map(chatData),
        keepId: true,
        ...g.options,
      }) as BatchOperation,
  );
}

/**
 * modifyBatch for WriteOps: each op's operations sent in order, the answer given back one array
 * per op (a chat.create's groups joined in card order). An answer of another length is handed on
 * as it is, for batchIds to refuse.
 */
async function sendBatch(
  sent: readonly WriteOp[],
  generation: number,
  modifyBatch: ModifyBatch,
): Promise<unknown> {
  const parts = sent.map((op) => batchOps(op, generation));
  const results = await modifyBatch(parts.flat());
  if (!Array.isArray(results) || results.length !== parts.flat().length) return results;
  let at = 0;
  return sent.map((op, i) => {
    const mine = results.slice(at, (at += parts[i]!.length)) as unknown[][];
    if (op.kind !== "chat.create") return mine[0];
    if (mine.some((r) => !Array.isArray(r))) return undefined;
    return inCardOrder(op.data, mine);
  });
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
      throw new Error("a chat.create is sent by its visibility groups (batchOps)");
    case "chat.delete":
      return { action: "delete", documentName: "ChatMessage", ids: op.ids };
    case "items.create":
      return { action: "create", documentName: "Item", parent: actorOf(op.actorId), data: op.data };
    case "items.update":
      return {
        action: "update",
        documentName: "Item",
        parent: actorOf(op.actorId),
        updates: op.updates,
      };
    case "items.delete":
      return { action: "delete", documentName: "Item", parent: actorOf(op.actorId), ids: op.ids };
    case "store.put":
    case "store.delete":
    case "store.copy":
      throw new Error("the GM store is written on its own");
  }
}

/** A character the catch writes into (game.actors); a missing one fails the write. */
function actorOf(id: string): AnyDoc {
  const a = game.actors!.get(id) as unknown as AnyDoc | undefined;
  if (!a) throw new Error(`no actor ${id}`);
  return a;
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

/** One Foundry call per op (v13), or everything but the store in one modifyBatch (v14). */
async function runOne(op: WriteOp, generation: number): Promise<string[]> {
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
    case "chat.create": {
      // one create per visibility group, each saying its mode (chatGroups)
      const groups = chatGroups(op.data, generation);
      const created: { id: string }[][] = [];
      for (const g of groups)
        created.push(
          await Chat.createDocuments(g.cards.map(chatData), { keepId: true, ...g.options }),
        );
      return inCardOrder(op.data, created).map((d) => d.id);
    }
    case "chat.delete":
      await Chat.deleteDocuments(op.ids);
      return [];
    // the catch (core/haul.ts): Actor#createEmbeddedDocuments and the rest, on the character
    case "items.create":
      return (await actorOf(op.actorId).createEmbeddedDocuments("Item", op.data)).map((d) => d.id);
    case "items.update":
      await actorOf(op.actorId).updateEmbeddedDocuments("Item", op.updates);
      return [];
    case "items.delete":
      await actorOf(op.actorId).deleteEmbeddedDocuments("Item", op.ids);
      return [];
  }
}

/** Port#write on Foundry: v14 batches where they reach everyone, else one call per op. */
export async function writeAll(
  ops: readonly WriteOp[],
  generation: number,
  reach: BatchReach,
  modifyBatch: ModifyBatch | undefined,
): Promise<string[][]> {
  // a card that cannot say its mode is refused before anything is written
  for (const op of ops) if (op.kind === "chat.create") chatGroups(op.data, generation);
  const batch = (sent: WriteOp[]) => sendBatch(sent, generation, modifyBatch!);
  if (canBatch(generation, typeof modifyBatch === "function") && (await reach.mayBatch(ops, batch)))
    return writeV14(ops, batch, async (op) => void (await runOne(op, generation)));
  const done: string[][] = [];
  for (const op of ops) {
    if (emptyOp(op as never)) {
      done.push([]);
      continue;
    }
    try {
      done.push(await runOne(op, generation));
    } catch (e) {
      throw new WriteError(String((e as Error).message), done);
    }
  }
  return done;
}

/** A swarm's actor (Actor.create, v13), of the kind the system builds (core/swarm-body.ts). */
export async function createSwarmActor(name: string): Promise<{ id: string; body: SwarmBody }> {
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
}
