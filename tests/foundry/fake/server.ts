/**
 * A behavioural fake of a Foundry server: documents, permissions, and what it sends to each
 * client. Each behaviour names where it comes from (docs/foundry.md, "Foundry facts the design
 * rests on", gathers them: Foundry v13/v14 API docs, the v13 client source and the fvtt-types
 * definitions). It is stateful and fails loudly
 * on misuse (an unknown document, a player writing what only a GM may), like libWrapper's
 * test fakes; `reset()` starts a fresh world.
 */
import type { GmRecord } from "../../../src/foundry/fishing/record.ts";
import {
  STALE_RECORD,
  revisionId,
  revisionName,
  revisionOf,
} from "../../../src/foundry/core/record.ts";
import type { Cipher, StoreDoc } from "../../../src/foundry/core/store/sealed.ts";
import { assemble, isStoreDoc, openDoc } from "../../../src/foundry/core/store/sealed.ts";
import { XCHACHA } from "../../../src/foundry/core/store/gm-crypto.ts";
import { KEYS_FORMAT } from "../../../src/foundry/core/store/keyring.ts";
import {
  WRAPPED_DOC_ID,
  WRAPPED_DOC_NAME,
  isWrappedKeys,
} from "../../../src/foundry/core/store/passphrase.ts";
import type {
  ChatCreate,
  SceneData,
  SceneLevel,
  TokenData,
  UserInfo,
  WriteOp,
} from "../../../src/foundry/core/port.ts";
import { WriteError } from "../../../src/foundry/core/write-error.ts";
import type { FakeClient } from "./client.ts";
import { hop } from "./client.ts";
import { clone, mergeObject } from "./util.ts";
import { emptyOp } from "../../../src/foundry/core/compat.ts";

export interface ActorDoc {
  readonly _id: string;
  readonly name: string;
  readonly type: string;
  /** DOCUMENT_OWNERSHIP_LEVELS by user id, "default" for everyone else (OWNER = 3). */
  readonly ownership: Readonly<Record<string, number>>;
  /** The system's data (BaseActor `system`), as the systems' stand-ins read it (systems.ts). */
  readonly system?: Readonly<Record<string, unknown>>;
  /** Embedded Items (BaseActor `items`): `_id`, `type`, `system`, and their flags and stats. */
  readonly items?: readonly ItemDoc[];
}

/** An embedded Item (v13 common/documents/item.mjs, BaseItem), as the server keeps it. */
export interface ItemDoc {
  readonly _id: string;
  readonly name: string;
  readonly type: string;
  readonly img?: string;
  readonly system: Readonly<Record<string, unknown>>;
  readonly flags?: Readonly<Record<string, unknown>>;
  readonly _stats?: Readonly<Record<string, unknown>>;
}

export interface MessageDoc extends ChatCreate {
  readonly _id: string;
  readonly author: string;
}

export interface SettingDoc {
  readonly key: string;
  readonly value: unknown;
}

/** What a client holds after connecting: the world data Foundry sends at login. */
export interface WorldSnapshot {
  users: UserInfo[];
  scenes: SceneData[];
  actors: ActorDoc[];
  messages: MessageDoc[];
  settings: SettingDoc[];
  /** The world's Combat documents (v13 client/game.mjs, Game.getData's world data `combats`). */
  combats: CombatDoc[];
}

export type Payload =
  | { readonly channel: "world"; readonly data: WorldSnapshot }
  | {
      readonly channel: "modifyDocument";
      readonly op:
        | WriteOp["kind"]
        | "actor.create"
        | "actor.update"
        | "setting"
        | "combat.create"
        | "combat.update";
      readonly data: unknown;
      /** The user who asked for the change (DocumentSocketResponse#userId, common/abstract/socket.mjs). */
      readonly userId?: string;
    }
  | { readonly channel: "query"; readonly name: string; readonly data: unknown }
  | { readonly channel: "userActivity"; readonly data: { userId: string; active: boolean } };

interface State {
  scenes: Map<string, SceneData>;
  actors: Map<string, ActorDoc>;
  messages: Map<string, MessageDoc>;
  settings: Map<string, SettingDoc>;
  /** The GM store's documents by id: name and module flags (a JournalEntry in a world compendium). */
  store: Map<string, StoreEntryDoc>;
  /** Combat documents a GM made (the module makes none), with their embedded combatants. */
  combats: Map<string, CombatDoc>;
}

/** A Combat as the server keeps it (v13 common/documents/combat.mjs, BaseCombat; combatant.mjs). */
export interface CombatDoc {
  readonly _id: string;
  readonly scene: string;
  readonly active: boolean;
  readonly round: number;
  readonly turn: number;
  readonly combatants: readonly {
    readonly _id: string;
    readonly tokenId: string;
    readonly sceneId: string;
    readonly actorId: string | null;
    readonly initiative: number;
  }[];
  readonly flags: Readonly<Record<string, unknown>>;
}

/** One GM store document as the server keeps it. */
export interface StoreEntryDoc {
  readonly _id: string;
  readonly name: string;
  /** A sealed revision; a document 0.1.0 wrote holds the plain `record` instead. */
  readonly flags: {
    readonly revision?: StoreDoc;
    readonly record?: GmRecord;
    /** The passphrase copy of the keys (store/passphrase.ts), in its own document. */
    readonly copy?: unknown;
  };
}

const OWNER = 3;

/** The timeout the module passes to User#query (live-port.ts); what the server does at expiry is not public. */
export const QUERY_TIMEOUT = 10_000;

/**
 * Users#activeGM (v13 client/documents/collections/users.mjs): among active users with isGM,
 * the highest role first (a full GM before an assistant), then the lowest id (String#compare).
 */
export function activeGmOf(users: readonly UserInfo[]): string | undefined {
  return [...users]
    .filter((u) => u.isGM && u.active)
    .sort((a, b) => (b.role ?? 4) - (a.role ?? 4) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0]
    ?.id;
}

export class FakeServer {
  generation: 13 | 14 = 13;
  private users: UserInfo[] = [];
  private state: State = FakeServer.empty();
  private readonly clients = new Map<string, FakeClient>();
  private nextId = 1;
  /** Every database request a client made: one per operation on v13, one per batch on v14. */
  requests: { user: string; ops: string[] }[] = [];
  private failing: { kind: WriteOp["kind"]; after: number; times: number } | undefined;

  /** test-only: a fresh, empty world store (the fake's own state, no Foundry counterpart). */
  private static empty(): State {
    return {
      scenes: new Map(),
      actors: new Map(),
      messages: new Map(),
      settings: new Map(),
      store: new Map(),
      combats: new Map(),
    };
  }

  /** test-only: starts a fresh world and puts every switch back to its default. */
  reset(): void {
    this.users = [];
    this.state = FakeServer.empty();
    this.clients.clear();
    this.nextId = 1;
    this.requests = [];
    this.failing = undefined;
    this.generation = 13;
    this.v14Caller = true;
    this.batchEmpty = "drop";
    this.batchReach = "everyone";
    this.batchFailure = "reject";
    this.shortBatches = 0;
    this.refusesModuleTypes = false;
    this.vault.clear();
    this.cipher = XCHACHA;
    this.storeBroadcast = "filtered";
    this.duplicateIds = "refused";
  }

  /**
   * A new document id, 16 characters like foundry.utils.randomID (v13 common/utils/helpers.mjs),
   * but counted rather than random so that runs repeat.
   */
  id(): string {
    return `id${String(this.nextId++).padStart(14, "0")}`;
  }

  /**
   * A user. `true` is a full GM (CONST.USER_ROLES.GAMEMASTER, 4), `false` a player (1); a number
   * is the role itself (3: an assistant GM). User#isGM holds from ASSISTANT up (v13
   * common/documents/user.mjs, BaseUser#isGM: hasRole("ASSISTANT")).
   */
  addUser(name: string, isGM: boolean | 1 | 2 | 3 | 4): string {
    const id = this.id();
    const role = isGM === true ? 4 : isGM === false ? 1 : isGM;
    this.users.push({ id, name, isGM: role >= 3, active: false, role });
    return id;
  }

  addScene(
    name: string,
    tokens: Omit<TokenData, "_id">[],
    grid: Partial<
      Pick<SceneData, "gridSize" | "sceneX" | "sceneY" | "sceneWidth" | "sceneHeight" | "gridType">
    > = {},
    levels: readonly Omit<SceneLevel, "id">[] = [],
  ): string {
    const _id = this.id();
    // v14 Scene Levels: embedded Level documents, each with an elevation range (API docs v14,
    // BaseLevel / LevelData); v13 scenes have none
    if (levels.length && this.generation < 14) throw new Error("fake server: Levels are v14 only");
    this.state.scenes.set(_id, {
      _id,
      name,
      flags: {},
      tokens: tokens.map((t) => ({ ...t, _id: this.id() })),
      // a new Scene's defaults (v13 common/documents/scene.mjs BaseScene: 4000 x 3000 pixels, a
      // square grid of 100), its inner rectangle after the padding (test-only placement)
      gridSize: 100,
      sceneX: 200,
      sceneY: 300,
      sceneWidth: 4000,
      sceneHeight: 3000,
      gridType: 1,
      ...grid,
      ...(levels.length ? { levels: levels.map((l) => ({ ...l, id: this.id() })) } : {}),
    });
    return _id;
  }

  /**
   * World setup: an Actor whose `ownership` gives `owners` OWNER (3) and everyone else NONE
   * (v13 common/documents/actor.mjs BaseActor; CONST.DOCUMENT_OWNERSHIP_LEVELS,
   * common/constants.mjs).
   */
  addActor(
    name: string,
    type: string,
    owners: readonly string[],
    data: Pick<ActorDoc, "system" | "items"> = {},
  ): string {
    const _id = this.id();
    this.state.actors.set(_id, {
      _id,
      name,
      type,
      ownership: Object.fromEntries([...owners.map((u) => [u, OWNER]), ["default", 0]]),
      ...clone(data),
    });
    return _id;
  }

  /**
   * A game system's own write to an actor (Actor#update, dotted keys merged: common/abstract/
   * document.mjs; `items.<id>.<path>` here stands for updateEmbeddedDocuments("Item")): what the
   * systems' turn automation does (systems.ts). BaseActor #canUpdate: an owner or a GM. Every
   * client is told; no client of the fake reads an actor's system data, so it is not applied there.
   */
  updateActor(userId: string, actorId: string, update: Record<string, unknown>): void {
    this.requireActive(userId);
    const a = this.state.actors.get(actorId);
    if (!a) throw new Error(`fake server: no actor ${actorId}`);
    if (!this.user(userId).isGM && (a.ownership[userId] ?? a.ownership.default ?? 0) < OWNER)
      throw new Error("fake server: only an owner or a GM may update an actor");
    const items = [...(a.items ?? [])];
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(update)) {
      const m = /^items\.([^.]+)\.(.+)$/.exec(k);
      const at = m ? items.findIndex((i) => i._id === m[1]) : -1;
      if (m && at < 0) throw new Error(`fake server: no item ${m[1]} on actor ${actorId}`);
      if (m) items[at] = mergeObject(items[at]!, { [m[2]!]: v });
      else rest[k] = v;
    }
    this.state.actors.set(actorId, { ...mergeObject(a, rest), ...(a.items ? { items } : {}) });
    this.requests.push({ user: userId, ops: ["actor.update"] });
    this.broadcast(() => true, {
      channel: "modifyDocument",
      op: "actor.update",
      data: { _id: actorId, ...update },
      userId,
    });
  }

  /**
   * test-only: world setup, items an actor holds before the game (a world saved with them, sent
   * to each client at its next login).
   */
  giveItems(actorId: string, items: readonly ItemDoc[]): void {
    const a = this.state.actors.get(actorId);
    if (!a) throw new Error(`fake server: no actor ${actorId}`);
    this.state.actors.set(actorId, { ...a, items: [...(a.items ?? []), ...clone(items)] });
  }

  /**
   * World setup: a document fromUuid finds (a world Item or RollTable, or one in a compendium):
   * its `documentName` and its source data (Document#toObject), as Foundry's client reads it
   * (v13 client/utils/helpers.mjs fromUuid; a compendium's document is loaded from the server).
   */
  addDocument(uuid: string, documentName: string, source: Record<string, unknown>): void {
    this.documents.set(uuid, { documentName, source: clone(source) });
  }

  /**
   * fromUuid on any client (v13 client/utils/helpers.mjs): the document the server holds, or
   * undefined.
   */
  documentByUuid(
    uuid: string,
  ): { documentName: string; source: Record<string, unknown> } | undefined {
    return this.documents.get(uuid);
  }

  private readonly documents = new Map<
    string,
    { documentName: string; source: Record<string, unknown> }
  >();

  /**
   * World setup: a world setting changed. ClientSettings#set stores a world setting in a Setting
   * document, which every client holds and receives (v13 client/helpers/client-settings.mjs,
   * client/documents/collections/world-settings.mjs); the fake skips the SETTINGS_MODIFY check.
   */
  setWorldSetting(key: string, value: unknown): void {
    this.state.settings.set(key, { key, value: clone(value) });
    this.broadcast(() => true, { channel: "modifyDocument", op: "setting", data: { key, value } });
  }

  /**
   * A User by id, throwing for an unknown one like Collection#get(id, {strict: true}) (v13
   * common/utils/collection.mjs).
   */
  user(id: string): UserInfo {
    const u = this.users.find((x) => x.id === id);
    if (!u) throw new Error(`fake server: no user ${id}`);
    return u;
  }

  /**
   * Every User document of the world, as game.users holds them (v13
   * client/documents/collections/users.mjs).
   */
  allUsers(): UserInfo[] {
    return clone(this.users);
  }

  /**
   * game.users.activeGM as every client computes it (v13 client/documents/collections/users.mjs,
   * Users#activeGM).
   */
  activeGmId(): string | undefined {
    return activeGmOf(this.users);
  }

  /**
   * Login: Foundry sends the connecting client the whole world: every scene with every token
   * (hidden ones too), every actor, every chat message (whispers included: for plain whispers
   * the filtering is undocumented, so the fake assumes the worst) and every world setting.
   * Compendium contents are not sent; they load on request (docs/foundry.md). The world data
   * is what Game.getData asks for at login (v13 client/game.mjs); the others hear "userActivity"
   * (client/documents/collections/users.mjs, #handleUserActivity). What the server leaves out is
   * not public.
   */
  connect(client: FakeClient): WorldSnapshot {
    const u = this.user(client.userId);
    if (u.active) throw new Error(`fake server: user ${u.name} is already connected`);
    this.clients.set(u.id, client);
    this.users = this.users.map((x) => (x.id === u.id ? { ...x, active: true } : x));
    const snapshot: WorldSnapshot = clone({
      users: this.users,
      scenes: [...this.state.scenes.values()],
      actors: [...this.state.actors.values()],
      messages: [...this.state.messages.values()],
      settings: [...this.state.settings.values()],
      combats: [...this.state.combats.values()],
    });
    this.broadcast((c) => c.userId !== u.id, {
      channel: "userActivity",
      data: { userId: u.id, active: true },
    });
    return snapshot;
  }

  /**
   * A socket closes: the user becomes inactive and the other clients hear "userActivity" with
   * active false (v13 client/documents/collections/users.mjs, #handleUserActivity fires
   * userConnected); the server's own side is not public.
   */
  disconnect(userId: string): void {
    if (!this.clients.delete(userId))
      throw new Error(`fake server: user ${userId} is not connected`);
    this.users = this.users.map((x) => (x.id === userId ? { ...x, active: false } : x));
    this.broadcast(() => true, { channel: "userActivity", data: { userId, active: false } });
  }

  /**
   * A GM starts an encounter of their own (the tracker's "create encounter", then "add
   * combatants" and "begin combat"): BaseCombat #canCreate, GMs only (v13
   * common/documents/combat.mjs); the combatants are embedded documents created with it
   * (Document.createDocuments, common/abstract/document.mjs), each with an id of its own. Every
   * client is told (the "modifyDocument" response, v13 common/abstract/socket.mjs). Not a module
   * write: the module makes no Combat (kayanak/host.ts); the systems' stand-ins (systems.ts) act
   * on one the GM made.
   */
  createCombat(
    userId: string,
    data: Omit<CombatDoc, "_id" | "combatants"> & {
      combatants: Omit<CombatDoc["combatants"][number], "_id">[];
    },
  ): string {
    this.requireActive(userId);
    this.requireGm(userId, "create combats");
    if (!this.state.scenes.has(data.scene)) throw new Error(`fake server: no scene ${data.scene}`);
    const c: CombatDoc = {
      ...clone(data),
      _id: this.id(),
      combatants: data.combatants.map((x) => ({ ...clone(x), _id: this.id() })),
    };
    this.state = { ...this.state, combats: new Map(this.state.combats).set(c._id, c) };
    this.broadcast(() => true, {
      channel: "modifyDocument",
      op: "combat.create",
      data: [c],
      userId,
    });
    return c._id;
  }

  /**
   * The tracker's next or previous turn (Combat#nextTurn, #previousTurn: an update of `round`
   * and `turn`). BaseCombat #canUpdate (v13 common/documents/combat.mjs): any user may change
   * `round` and `turn` (_canChangeRound, _canChangeTurn). Every client applies it and fires
   * `updateCombat` (client.ts).
   */
  updateCombat(userId: string, id: string, change: { round: number; turn: number }): void {
    this.requireActive(userId);
    const c = this.state.combats.get(id);
    if (!c) throw new Error(`fake server: no combat ${id}`);
    const next = { ...c, round: change.round, turn: change.turn };
    this.state = { ...this.state, combats: new Map(this.state.combats).set(id, next) };
    this.broadcast(() => true, {
      channel: "modifyDocument",
      op: "combat.update",
      data: [{ _id: id, ...change }],
      userId,
    });
  }

  /**
   * test-only: the next write request of this kind (after `after` more of that kind) fails on the
   * server, and the `times - 1` after it too.
   */
  failNext(kind: WriteOp["kind"], after = 0, times = 1): void {
    this.failing = { kind, after, times };
  }

  /**
   * A client's database request. v13: one operation per request (Document.createDocuments and
   * friends). v14: foundry.documents.modifyBatch, several operations in one request, all or
   * nothing (API docs v14, modifyBatch: "either all must succeed, or all must fail").
   */
  modify(userId: string, ops: readonly WriteOp[], batched = false): string[][] {
    this.requireActive(userId);
    if (ops.length === 0) throw new Error("fake server: an empty write request");
    if (ops.length > 1 && this.generation < 14)
      throw new Error("fake server: v13 has no batched writes");
    this.requests.push({ user: userId, ops: ops.map((o) => o.kind) });
    const draft: State = {
      scenes: new Map(this.state.scenes),
      actors: this.state.actors,
      messages: new Map(this.state.messages),
      settings: this.state.settings,
      store: new Map(this.state.store),
      combats: new Map(this.state.combats),
    };
    const results = ops.map((op) => this.apply(draft, userId, op));
    this.state = draft;
    for (const [i, op] of ops.entries()) this.announce(op, results[i]!, userId, batched);
    return results.map((r) => r.ids);
  }

  /**
   * v14 foundry.documents.modifyBatch as the module sees it: one request, all or nothing (API
   * docs v14), answered with one array of documents per operation. Two things the docs do not
   * settle are switches: `batchEmpty` (an operation with nothing in it kept as `[]`, or dropped
   * from the answer) and `batchFailure` (a refused batch rejects, or resolves `[]`: foundryvtt
   * #14356 reports a failure surfacing only as a notification; or, #14174, the operations before
   * the failing one stay applied and the answer is `[]`).
   */
  modifyBatch(userId: string, ops: readonly WriteOp[]): { id: string }[][] {
    if (this.generation < 14) throw new Error("fake server: modifyBatch is v14 only");
    const kept = this.batchEmpty === "drop" ? ops.filter((o) => !emptyOp(o as never)) : ops;
    if (this.batchFailure === "partial") {
      // foundryvtt#14174: the operations before a failing one stay applied; the answer is empty
      const out: { id: string }[][] = [];
      for (const op of kept) {
        try {
          out.push(...this.modify(userId, [op]).map((l) => l.map((id) => ({ id }))));
        } catch {
          return [];
        }
      }
      return out;
    }
    // foundryvtt#14174 (part of a batch applied): here all but the last operation, and the answer
    // holds the documents of those only, one operation short
    const short = this.shortBatches > 0 && kept.length > 1;
    if (short) this.shortBatches--;
    const applied = short ? kept.slice(0, -1) : kept;
    let ids: string[][];
    try {
      ids = applied.length ? this.modify(userId, applied, true) : [];
    } catch (e) {
      if (this.batchFailure === "resolveEmpty") return [];
      throw e;
    }
    return ids.map((list) => list.map((id) => ({ id })));
  }

  batchEmpty: "keep" | "drop" = "drop";
  /**
   * Who receives a v14 batch's changes: every client (the documented behaviour), or the writer
   * alone (foundryvtt#13656, open in the snapshots we can read: batched modifications are not
   * broadcast to users other than the one who made them).
   */
  batchReach: "everyone" | "writer" = "everyone";
  batchFailure: "reject" | "resolveEmpty" | "partial" = "reject";
  private shortBatches = 0;

  /**
   * test-only: the next `n` batches of two operations or more have their last operation neither
   * applied nor answered (as modifyBatch above); later batches go through whole.
   */
  shortenNextBatches(n = 1): void {
    this.shortBatches = n;
  }

  /**
   * test-only: a misuse guard; a real request needs an open socket, so a disconnected user cannot
   * send one.
   */
  private requireActive(userId: string): UserInfo {
    const u = this.user(userId);
    if (!u.active) throw new Error(`fake server: ${u.name} is not connected`);
    return u;
  }

  /**
   * GM (or assistant) only. Tokens: BaseToken create TOKEN_CREATE, delete TOKEN_DELETE, both
   * ASSISTANT by default (v13 common/documents/token.mjs; common/constants.mjs USER_PERMISSIONS).
   * Scenes: updated by OWNER or ASSISTANT (Document defaults; fvtt-types
   * common/abstract/document.d.mts names both), neither of which a player is by default.
   * Token updates are checked apart (`apply`): BaseToken #canUpdate lets the actor's owner update
   * its token. Actors: BaseActor ACTOR_CREATE, ASSISTANT by default.
   */
  private requireGm(userId: string, what: string): void {
    // Scenes and their tokens are created and deleted by GMs (Scene/Token document permissions).
    if (!this.user(userId).isGM) throw new Error(`fake server: a player may not ${what}`);
  }

  /** test-only: carries out `failNext`. */
  private maybeFail(kind: WriteOp["kind"]): void {
    if (this.failing?.kind !== kind) return;
    if (this.failing.after > 0) {
      this.failing = { ...this.failing, after: this.failing.after - 1 };
      return;
    }
    this.failing =
      this.failing.times > 1 ? { ...this.failing, times: this.failing.times - 1 } : undefined;
    throw new WriteError(`fake server refused ${kind}`, []);
  }

  /**
   * One database operation on the draft world. Updates merge like foundry.utils.mergeObject (v13
   * common/utils/helpers.mjs). Chat: anyone may create as themselves, the server records the author
   * (DocumentAuthorField), the author or a GM may delete (v13 common/documents/chat-message.mjs,
   * BaseChatMessage). The fake also refuses some data Foundry takes (a message without content,
   * an unknown whisper id, a token without name or x/y), to fail loudly.
   */
  private apply(s: State, userId: string, op: WriteOp): { ids: string[]; data: unknown } {
    this.maybeFail(op.kind);
    switch (op.kind) {
      case "tokens.create":
      case "tokens.update":
      case "tokens.delete":
      case "scene.update": {
        const scene = s.scenes.get(op.sceneId);
        if (!scene) throw new Error(`fake server: no scene ${op.sceneId}`);
        // BaseToken #canUpdate (v13 common/documents/token.mjs): a GM, or the owner of the
        // token's actor, may update a token, any of its fields (flags and actorId included)
        if (op.kind === "tokens.update" && !this.user(userId).isGM) {
          for (const u of op.updates) {
            const t = scene.tokens.find((x) => x._id === u._id);
            if (!t?.actorId || !this.ownersOf(t.actorId).includes(userId))
              throw new Error("fake server: a player may only update a token of an actor they own");
          }
        } else this.requireGm(userId, op.kind);
        if (op.kind === "scene.update") {
          const next = mergeObject(scene, op.update as Record<string, unknown>);
          s.scenes.set(scene._id, next);
          return { ids: [], data: { _id: scene._id, ...op.update } };
        }
        if (op.kind === "tokens.create") {
          const created = op.data.map((d) => {
            if (typeof d.x !== "number" || typeof d.y !== "number" || typeof d.name !== "string")
              throw new Error("fake server: a token needs a name, x and y");
            if (d.actorId && !s.actors.has(d.actorId))
              throw new Error(`fake server: no actor ${d.actorId}`);
            // created with the id given (Document.createDocuments keepId); a taken id is refused
            // (the server's duplicate-key error)
            const id = d._id ?? this.id();
            if (scene.tokens.some((t) => t._id === id))
              throw new Error(`fake server: a token with id ${id} exists`);
            return { ...clone(d), _id: id } as TokenData;
          });
          s.scenes.set(scene._id, { ...scene, tokens: [...scene.tokens, ...created] });
          return { ids: created.map((t) => t._id), data: { sceneId: scene._id, tokens: created } };
        }
        if (op.kind === "tokens.update") {
          const byId = new Map(scene.tokens.map((t) => [t._id, t]));
          for (const u of op.updates) {
            const t = byId.get(u._id);
            if (!t) throw new Error(`fake server: no token ${u._id}`);
            byId.set(u._id, mergeObject(t, u as unknown as Record<string, unknown>));
          }
          s.scenes.set(scene._id, { ...scene, tokens: scene.tokens.map((t) => byId.get(t._id)!) });
          return { ids: [], data: { sceneId: scene._id, updates: op.updates } };
        }
        for (const id of op.ids)
          if (!scene.tokens.some((t) => t._id === id))
            throw new Error(`fake server: no token ${id}`);
        s.scenes.set(scene._id, {
          ...scene,
          tokens: scene.tokens.filter((t) => !op.ids.includes(t._id)),
        });
        return { ids: [], data: { sceneId: scene._id, ids: op.ids } };
      }
      case "chat.create": {
        const created = op.data.map((d) => {
          if (typeof d.content !== "string")
            throw new Error("fake server: a message needs content");
          for (const w of d.whisper ?? []) this.user(w);
          // created with the id given (Document.createDocuments keepId, v13
          // common/abstract/document.mjs); the server refuses an id that exists
          const id = d._id ?? this.id();
          if (s.messages.has(id)) throw new Error(`fake server: a message with id ${id} exists`);
          return { ...clone(d), _id: id, author: userId } as MessageDoc;
        });
        for (const m of created) s.messages.set(m._id, m);
        return { ids: created.map((m) => m._id), data: created };
      }
      case "chat.delete": {
        for (const id of op.ids) {
          const m = s.messages.get(id);
          if (!m) throw new Error(`fake server: no message ${id}`);
          if (m.author !== userId && !this.user(userId).isGM)
            throw new Error("fake server: not your message");
          s.messages.delete(id);
        }
        return { ids: [], data: op.ids };
      }
      case "items.create":
      case "items.update":
      case "items.delete": {
        // An embedded Item is the actor's: BaseItem's permission is its parent's (v13
        // common/documents/item.mjs, #canCreate/#canUpdate/#canDelete via the parent actor's
        // testUserPermission OWNER), so a GM or an owner of the actor
        const a = s.actors.get(op.actorId);
        if (!a) throw new Error(`fake server: no actor ${op.actorId}`);
        if (!this.user(userId).isGM && (a.ownership[userId] ?? a.ownership.default ?? 0) < OWNER)
          throw new Error("fake server: only an owner or a GM may change an actor's items");
        const items = [...(a.items ?? [])];
        if (op.kind === "items.create") {
          const created = op.data.map((d) => {
            const doc = d as Partial<ItemDoc>;
            // Item#create validates the document: a name and a type the system knows
            if (typeof doc.name !== "string" || typeof doc.type !== "string")
              throw new Error("fake server: an item needs a name and a type");
            return { system: {}, ...clone(doc), _id: this.id() } as ItemDoc;
          });
          s.actors.set(a._id, { ...a, items: [...items, ...created] });
          return { ids: created.map((i) => i._id), data: { actorId: a._id, created } };
        }
        if (op.kind === "items.update") {
          for (const u of op.updates) {
            const at = items.findIndex((i) => i._id === u._id);
            if (at < 0) throw new Error(`fake server: no item ${u._id} on actor ${a._id}`);
            const { _id, ...rest } = u;
            items[at] = mergeObject(items[at]!, rest);
          }
          s.actors.set(a._id, { ...a, items });
          return { ids: [], data: { actorId: a._id, updates: op.updates } };
        }
        for (const id of op.ids)
          if (!items.some((i) => i._id === id))
            throw new Error(`fake server: no item ${id} on actor ${a._id}`);
        s.actors.set(a._id, { ...a, items: items.filter((i) => !op.ids.includes(i._id)) });
        return { ids: [], data: { actorId: a._id, ids: op.ids } };
      }
      case "store.put": {
        // A world compendium's documents are written by GMs only (its ownership: PLAYER NONE).
        this.requireGm(userId, "write the GM store");
        // Each revision is a document created with a fixed _id (live-port.ts putRevision, keepId):
        // the server refuses a create whose _id exists. That refusal is what makes the write a
        // compare-and-set; the server's code is not public (v13 API docs, Document.create
        // `keepId`), so `duplicateIds` offers the other behaviour too.
        const doc = op.doc;
        if (!isStoreDoc(doc)) throw new Error("fake server: not a store revision");
        const _id = revisionId(doc.lakeId, doc.rev);
        if (s.store.has(_id) && this.duplicateIds === "refused")
          throw new Error(
            `${STALE_RECORD}: a document with this _id already exists (${revisionName(doc)})`,
          );
        const entry: StoreEntryDoc = {
          _id,
          name: revisionName(doc),
          flags: { revision: clone(doc) },
        };
        s.store.set(_id, entry);
        return { ids: [_id], data: entry };
      }
      case "store.copy": {
        // the passphrase copy (live-port.ts putKeyCopy): created with its fixed id, or replaced
        this.requireGm(userId, "write the GM store");
        if (!isWrappedKeys(op.copy)) throw new Error("fake server: not a key copy");
        const entry: StoreEntryDoc = {
          _id: WRAPPED_DOC_ID,
          name: WRAPPED_DOC_NAME,
          flags: { copy: clone(op.copy) },
        };
        s.store.set(WRAPPED_DOC_ID, entry);
        return { ids: [WRAPPED_DOC_ID], data: entry };
      }
      case "store.delete": {
        this.requireGm(userId, "write the GM store");
        for (const id of op.ids)
          if (!s.store.has(id)) throw new Error(`fake server: no store document ${id}`);
        for (const id of op.ids) s.store.delete(id);
        return { ids: [], data: op.ids };
      }
    }
  }

  /**
   * After a write, Foundry sends the change to the clients that hold the document: world
   * documents to everyone; a compendium document change only to users who may read that pack
   * (the assumption tests/quench/secrecy checks in a live world). The broadcast is the
   * "modifyDocument" response (v13 common/abstract/socket.mjs, DocumentSocketResponse), which each
   * client applies (client/data/client-backend.mjs, ClientDatabaseBackend).
   */
  private announce(op: WriteOp, r: { data: unknown }, userId: string, batched = false): void {
    const canReadStore = (c: FakeClient) =>
      this.storeBroadcast === "everyone" ||
      (this.storeBroadcast === "writer" ? c.userId === userId : this.user(c.userId).isGM);
    // foundryvtt#13656 (open): "Batched document modifications are not broadcast to users other
    // than the users that made them": with `batchReach: "writer"` a batch reaches its writer only
    const reaches = (c: FakeClient) =>
      !batched || this.batchReach === "everyone" || c.userId === userId;
    const store = op.kind.startsWith("store.");
    this.broadcast((c) => reaches(c) && (!store || canReadStore(c)), {
      channel: "modifyDocument",
      op: op.kind,
      data: r.data,
      userId,
    });
  }

  /**
   * The socket emit to each chosen connected client (v13 common/abstract/socket.mjs), copied as
   * JSON like the wire.
   */
  private broadcast(to: (c: FakeClient) => boolean, p: Payload): void {
    for (const c of this.clients.values()) if (to(c)) c.receive(clone(p));
  }

  /**
   * Reading the GM store: a compendium loads on request, and the server answers only a user
   * with at least OBSERVER on the pack; players have NONE (docs/foundry.md, "Where secrets live").
   * The client asks with CompendiumCollection#getDocuments (v13
   * client/documents/collections/compendium-collection.mjs); the server's check is not public.
   */
  storeIndex(userId: string): { _id: string; name: string }[] {
    const u = this.requireActive(userId);
    if (!u.isGM) throw new Error("fake server: a player may not read the GM store");
    this.storeIndexReads++;
    return [...this.state.store.values()].map((e) => ({ _id: e._id, name: e.name }));
  }

  /** test-only: how many times a client asked for the GM store's index. */
  storeIndexReads = 0;

  /**
   * The documents asked for, by id: CompendiumCollection#getDocuments with an `_id__in` query
   * (v13 client/documents/collections/compendium-collection.mjs); a player is refused as above.
   */
  storeRead(userId: string, ids: readonly string[]): unknown[] {
    const u = this.requireActive(userId);
    if (!u.isGM) throw new Error("fake server: a player may not read the GM store");
    return ids.map((id) => clone(this.state.store.get(id)?.flags));
  }

  /**
   * pf2e's Actor class builds only pf2e's own types and throws for a module sub-type before
   * anything reaches the server (pf2e src/module/actor/base.ts, ActorProxyPF2e): a switch, for
   * a world whose system does the same.
   */
  refusesModuleTypes = false;

  /**
   * A world actor a GM creates (Actor.create: v13 common/abstract/document.mjs, Document.create).
   * BaseActor #canCreate needs ACTOR_CREATE, ASSISTANT by default (common/documents/actor.mjs);
   * every client receives it. Under pf2e the throw comes first, on the client
   * (src/module/actor/base.ts).
   */
  createActor(userId: string, name: string, type: string): string {
    if (this.refusesModuleTypes && type.includes("."))
      throw new Error(
        `Actor type ${type} does not exist and actor module sub-types are not supported`,
      );
    this.requireGm(userId, "create actors");
    this.requests.push({ user: userId, ops: ["actor.create"] });
    const _id = this.id();
    const a: ActorDoc = { _id, name, type, ownership: { default: 0 } };
    this.state.actors.set(_id, a);
    this.broadcast(() => true, {
      channel: "modifyDocument",
      op: "actor.create",
      data: { actor: a },
    });
    return _id;
  }

  /**
   * User#query (v13+): the server hands the query to the one target user and the answer back
   * to the caller only; the target must be active, and the name registered in its CONFIG.queries.
   * Whether v14 passes the calling user to the handler is open; v13 does not (docs/foundry.md).
   */
  async query(
    from: string,
    to: string,
    name: string,
    data: object,
    queryOptions?: { readonly timeout?: number },
  ): Promise<unknown> {
    this.requireActive(from);
    const sender = this.clients.get(from);
    // User#query (v13 client/documents/user.mjs): the sender's own CONFIG.queries must hold the
    // name, and the target must be active, both checked on the sender before anything is sent
    if (!sender?.hasQuery(name)) throw new Error(`User query '${name}' is not registered`);
    const target = this.clients.get(to);
    if (!target || !this.user(to).active) throw new Error(`User [${to}] is not active`);
    const payload = clone(data);
    // v13 hands the handler (data, {timeout}); whether v14 adds the calling user, set by the
    // server, is not in any source we can read (docs/foundry.md, "User#query"): `v14Caller` offers both.
    // the handler is given the sender's {timeout} (fvtt-types 13.345 User.QueryOptions)
    const timeout = queryOptions?.timeout ?? QUERY_TIMEOUT;
    const options =
      this.generation >= 14 && this.v14Caller ? { timeout, user: { id: from } } : { timeout };
    // The receiving client answers {status: "rejected", reason} when it has no handler or the
    // handler throws, and the sender's query() throws `new Error(reason)` (user.mjs, the ack);
    // always asynchronously, never as a synchronous throw.
    await hop(); // to the server, then to the target client
    // the sender's promise rejects once its timeout passes, answered or not (User#query's
    // timeout, v13 client/documents/user.mjs)
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Query '${name}' timed out`)), timeout);
    });
    try {
      return clone(await Promise.race([target.answerQuery(name, payload, options), late]));
    } catch (e) {
      throw new Error((e as Error).message, { cause: e });
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * test-only: how long an unanswered query waits before the server's timeout rejects it (the
   * module asks for 10 s, QUERY_TIMEOUT; tests shorten it to keep runs fast).
   */
  queryTimeoutMs = 50;

  /** A create with an existing _id: refused (a compare-and-set), or overwriting (not public). */
  duplicateIds: "refused" | "overwritten" = "refused";

  /**
   * Does the server send a world compendium's changes to users who may not read the pack? Not
   * public (issue 10: a system's report of players seeing a pack set to None on v13.351;
   * foundryvtt#9394), so both: "filtered" sends them to GMs only, "everyone" to every client.
   * Whether the other GM clients are sent them is not public either: "writer" sends them to the
   * writing client alone.
   */
  storeBroadcast: "filtered" | "everyone" | "writer" = "filtered";

  /** v14: does the server pass the calling user to a query handler? Unknown here; both offered. */
  v14Caller = true;

  /**
   * test-only: every key a GM client's browser saved (FakeClient#keyStorage), so that tests can
   * read the sealed store as the GM would. No Foundry counterpart: a real server never sees them.
   */
  readonly vault = new Map<string, Uint8Array>();
  /** test-only: the cipher the GM clients seal with (a see-through one in the leak check's control). */
  cipher: Cipher = XCHACHA;

  /** test-only: a GM browser saved its keys (the file format of store/keyring.ts). */
  vaultKeys(text: string): void {
    const f = JSON.parse(text) as { format?: string; keys?: Record<string, string> };
    if (f.format !== KEYS_FORMAT) return;
    for (const [id, hex] of Object.entries(f.keys ?? {}))
      this.vault.set(id, Uint8Array.from(hex.match(/../g)!.map((h) => Number.parseInt(h, 16))));
  }

  /**
   * test-only: a lake record as module 0.1.0 wrote it, one document holding the plain record
   * (`lake@rev`, flags.record), to test that it is read and then sealed.
   */
  putPlainRecordForTests(record: GmRecord): void {
    const _id = revisionId(record.lakeId, record.rev);
    this.state.store.set(_id, {
      _id,
      name: revisionName(record),
      flags: { record: clone(record) },
    });
  }

  /** test-only: each lake's record, opened from its newest revision with the vault's keys. */
  private records(): Map<string, GmRecord> {
    const out = new Map<string, GmRecord>();
    const byLake = new Map<string, StoreEntryDoc>();
    for (const e of this.state.store.values()) {
      const lake = e.flags.revision?.lakeId ?? e.flags.record!.lakeId;
      const rev = revisionOf(e.name, lake) ?? -1;
      const top = byLake.get(lake);
      if (!top || rev > (revisionOf(top.name, lake) ?? -1)) byLake.set(lake, e);
    }
    for (const [lake, e] of byLake) {
      if (!e.flags.revision) {
        out.set(lake, clone(e.flags.record!));
        continue;
      }
      const open = (d: StoreDoc) => openDoc(d, this.vault.get(d.key)!, this.cipher);
      const parts = e.flags.revision.parts.map((rev) => {
        const d = this.state.store.get(revisionId(lake, rev))?.flags.revision;
        if (!d) throw new Error(`fake server: ${lake} lost revision ${rev}`);
        return open(d);
      });
      out.set(lake, assemble(open(e.flags.revision), parts).record as GmRecord);
    }
    return out;
  }

  /** test-only: one message of the server's truth (a copy), for subclasses checking an update. */
  protected messageById(id: string): MessageDoc | undefined {
    return clone(this.state.messages.get(id));
  }

  /** test-only: the server's truth, for tests (never visible to a client). */
  get truth(): {
    scenes: SceneData[];
    messages: MessageDoc[];
    store: Map<string, GmRecord>;
    storeDocs: StoreEntryDoc[];
    actors: ActorDoc[];
    combats: CombatDoc[];
  } {
    const state = this.state;
    const records = () => this.records();
    return {
      scenes: clone([...state.scenes.values()]),
      messages: clone([...state.messages.values()]),
      actors: clone([...state.actors.values()]),
      combats: clone([...state.combats.values()]),
      /** test-only: opened on demand (most callers want the messages or the scenes). */
      get store() {
        return records();
      },
      /** test-only: the store's documents as the server holds them. */
      get storeDocs() {
        return clone([...state.store.values()]);
      },
    };
  }

  /**
   * Who owns an actor: GMs always, else the user's own level or `default` (v13
   * common/abstract/document.mjs, Document#getUserLevel / testUserPermission "OWNER").
   */
  ownersOf(actorId: string): string[] {
    const a = this.state.actors.get(actorId);
    if (!a) throw new Error(`fake server: no actor ${actorId}`);
    return this.users
      .filter((u) => u.isGM || (a.ownership[u.id] ?? a.ownership.default ?? 0) >= OWNER)
      .map((u) => u.id);
  }
}
