/**
 * The port: exactly the part of Foundry's API the module's logic uses, in one interface.
 * `live-port.ts` implements it with Foundry's globals (one Foundry call per method, named
 * beside it); `tests/foundry/fake/` implements it with a behavioural fake of a Foundry server
 * and its clients. The module's logic (lake-host.ts and what it uses, projection.ts, chat.ts, transport.ts)
 * only ever talks to a Port.
 */
import type { BatchReach } from "./batch.ts";
import type { KeyStorage } from "./store/keyring.ts";
import type { WrappedKeys } from "./store/passphrase.ts";
import type { StoreDoc } from "./store/sealed.ts";
import type { SwarmBody } from "./swarm-body.ts";

export interface UserInfo {
  readonly id: string;
  readonly name: string;
  readonly isGM: boolean;
  readonly active: boolean;
  /** CONST.USER_ROLES: 1 player, 2 trusted, 3 assistant GM, 4 GM (isGM from 3 up). */
  readonly role?: number;
}

/** The token fields the module reads and writes (TokenDocument source). */
export interface TokenData {
  readonly _id: string;
  readonly name: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly elevation: number;
  /** v14: the Scene Level the token is on (a Level document id); absent on v13. */
  readonly level?: string;
  readonly actorId: string | null;
  readonly actorLink: boolean;
  readonly hidden: boolean;
  readonly texture?: { readonly src: string };
  readonly bar1?: { readonly attribute: string | null };
  readonly displayBars?: number;
  /** The unlinked token's actor delta: its fish at the lake's bar path (swarm-body.ts). */
  readonly delta?: { readonly system?: Readonly<Record<string, unknown>> };
  readonly flags?: Readonly<Record<string, unknown>>;
}

/** A v14 Level document as the module reads it (API docs v14, LevelData: elevation {bottom, top}). */
export interface SceneLevel {
  readonly id: string;
  readonly name: string;
  readonly bottom: number;
  readonly top: number;
}

/** A token to create; with `_id`, created with that id (Document.createDocuments `keepId`). */
export type TokenCreate = Omit<TokenData, "_id"> & { readonly _id?: string };
export type TokenUpdate = Partial<TokenCreate> & { readonly _id: string };

/** What the module needs of a scene: its flags, tokens and grid geometry (canvas.dimensions). */
export interface SceneData {
  readonly _id: string;
  readonly name: string;
  readonly flags: Readonly<Record<string, unknown>>;
  readonly tokens: readonly TokenData[];
  readonly gridSize: number;
  /** v14 Scene Levels (embedded Level documents): id and elevation range; empty on v13. */
  readonly levels?: readonly SceneLevel[];
  /** Where the scene's inner rectangle starts (the scene has padding): canvas.dimensions.sceneX/Y. */
  readonly sceneX: number;
  readonly sceneY: number;
  /** The scene's inner rectangle in pixels, padding left out (Scene#dimensions sceneWidth/Height). */
  readonly sceneWidth: number;
  readonly sceneHeight: number;
  /** scene.grid.type: CONST.GRID_TYPES (GRIDLESS 0, SQUARE 1, the four hex kinds 2-5). */
  readonly gridType: number;
}

/** A module chat card as this client holds it (Port#moduleCards). */
export interface ModuleCard {
  readonly id: string;
  /** The user the server recorded as the author; undefined if unknown. */
  readonly author: string | undefined;
  /** The card's `flags["kolikoly-fishing"]`. */
  readonly flag: Readonly<Record<string, unknown>>;
}

export interface ChatCreate {
  /** Created with this id (`keepId`): a record's cards have ids fixed by game, revision and place. */
  readonly _id?: string;
  readonly content: string;
  readonly speaker?: { readonly alias: string };
  /** User ids; empty or absent means public. */
  readonly whisper?: readonly string[];
  /** Serialised core Rolls (Roll#toJSON) of public rolls only; never a secret roll. */
  readonly rolls?: readonly object[];
  readonly flags: Readonly<Record<string, unknown>>;
}

/** One database operation; `write` runs a list of them as one batch where Foundry can (v14). */
export type WriteOp =
  | { readonly kind: "tokens.create"; readonly sceneId: string; readonly data: TokenCreate[] }
  | { readonly kind: "tokens.update"; readonly sceneId: string; readonly updates: TokenUpdate[] }
  | { readonly kind: "tokens.delete"; readonly sceneId: string; readonly ids: string[] }
  | { readonly kind: "scene.update"; readonly sceneId: string; readonly update: object }
  | { readonly kind: "chat.create"; readonly data: ChatCreate[] }
  | { readonly kind: "chat.delete"; readonly ids: string[] }
  /** A new revision of a lake's record in the GM store (store/sealed.ts), created with a fixed id. */
  | { readonly kind: "store.put"; readonly doc: StoreDoc }
  /** Revisions nobody reads again (store/gm-store.ts `written`). */
  | { readonly kind: "store.delete"; readonly ids: string[] }
  /** The passphrase copy of the keys (store/passphrase.ts): one document, created or replaced. */
  | { readonly kind: "store.copy"; readonly copy: WrappedKeys };

/** One document of the GM store as its index lists it. */
export interface StoreEntry {
  readonly _id: string;
  readonly name: string;
}

export interface RollResult {
  readonly total: number;
  /** Faces of the first die term, in order (its first is the natural of a d20 roll). */
  readonly firstDieFaces: readonly number[];
  /** Roll#toJSON, for attaching public rolls to a chat message. */
  readonly json: object;
}

export interface Port {
  /** game.release.generation */
  readonly generation: number;
  /** game.user */
  me(): UserInfo;
  /** game.users */
  users(): UserInfo[];
  /** game.users.activeGM?.id */
  activeGmId(): string | undefined;
  /** game.scenes.get(id) with canvas dimensions */
  scene(id: string): SceneData | undefined;
  /** Users with OWNER on an actor: actor.testUserPermission(user, "OWNER") */
  ownersOf(actorId: string): string[];
  /** The user's display language for an actor id's name (game.actors.get(id)?.name) */
  actorName(actorId: string): string | undefined;
  /** The body this system allows a swarm (swarm-body.ts): the module's sub-type, or pf2e's hazard. */
  swarmBody(): SwarmBody;
  /** Creates the lake's swarm Actor (Actor.create) in the body this system allows (swarm-body.ts). */
  createSwarmActor(name: string): Promise<{ id: string; body: SwarmBody }>;
  /** Writes: v14 foundry.documents.modifyBatch, v13 one call per op (compat.ts). Returns created ids per op. */
  write(ops: readonly WriteOp[]): Promise<string[][]>;
  /**
   * Draws a lake's GM and private cards of the given rounds again on this client (ui.chat.updateMessage for each):
   * their details are filled in from what this client learned since they were first drawn.
   */
  rerenderCards(lakeId: string, rounds: readonly number[]): void;
  /**
   * The module's chat cards of one game on this client (game.messages whose
   * `flags["kolikoly-fishing"].lake` names it), oldest first, each with its author as the server
   * recorded it (ChatMessage#author, DocumentAuthorField: set by the server, not the sender).
   */
  moduleCards(gameId: string): ModuleCard[];
  /** The GM store's index (CompendiumCollection#getIndex); empty when there is no store. */
  storeIndex(): Promise<StoreEntry[]>;
  /** v14: whether this session's batches reach the other clients (batch.ts); absent: not checked. */
  readonly reach?: BatchReach;
  /** GM store documents by id: each one's module flags (`flags["kolikoly-fishing"]`), undefined if absent. */
  storeRead(ids: readonly string[]): Promise<unknown[]>;
  /** Where this browser keeps the GM store's keys (localStorage, one entry per world). */
  keyStorage(): KeyStorage;
  /** new Roll(formula).evaluate({allowInteractive: false}) */
  roll(formula: string): Promise<RollResult>;
  /** Hooks.call: false when a listener vetoed. */
  callHook(name: string, ...args: unknown[]): boolean;
  /** Hooks.callAll */
  callAllHook(name: string, ...args: unknown[]): void;
  /**
   * User#query: to one user through the server; only the caller gets the answer. `timeout` (ms)
   * is User#query's own option (10 s when not given).
   */
  query(
    userId: string,
    name: string,
    data: object,
    options?: { readonly timeout?: number },
  ): Promise<unknown>;
  /** game.i18n.format / localize */
  localize(key: string, data?: Readonly<Record<string, unknown>>): string;
  /** game.i18n.has(key): whether the key has a translation (else localize gives the key back). */
  hasKey(key: string): boolean;
  /** foundry.applications.handlebars.renderTemplate */
  render(template: string, context: object): Promise<string>;
  /** game.settings.get(MODULE_ID, key) */
  setting(key: string): unknown;
}
