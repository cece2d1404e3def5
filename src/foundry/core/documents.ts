/**
 * The Foundry data the module reads and writes (users, scenes, tokens, chat cards, the GM store's
 * documents) and the write operations on them: plain types, written once. The port (port.ts) and
 * every file that shapes a write read them from here; this file imports nothing of the module, so
 * no type here can close a loop of imports.
 */

/** The GM store's document format (store/sealed.ts): the sealed revision of a game's record. */
export const STORE_FORMAT = "kolikoly-gm-store/2";

/** One GM store document: a game's record at one revision, sealed (store/sealed.ts). */
export interface StoreDoc {
  readonly format: typeof STORE_FORMAT;
  readonly lakeId: string;
  readonly sceneId: string;
  readonly rev: number;
  /** The id of the key that sealed `sealed` (keyring.ts `keyIdOf`): names the key, tells nothing of it. */
  readonly key: string;
  /** The revisions holding the setup (the first) and the rounds before this one's, in order. */
  readonly parts: readonly number[];
  /** Rounds resolved, counting this revision's own (public: the scene shows the round). */
  readonly rounds: number;
  readonly endedByGm: boolean;
  /** base64 of nonce (24 bytes) then ciphertext of a `Secret`. */
  readonly sealed: string;
}

/** The passphrase copy's format (store/passphrase.ts). */
export const WRAPPED_FORMAT = "kolikoly-gm-keys-wrapped/1";

/** scrypt's cost (store/passphrase.ts). */
export interface KdfParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** The GM store's keys sealed under a passphrase, one document in the store (store/passphrase.ts). */
export interface WrappedKeys {
  readonly format: typeof WRAPPED_FORMAT;
  readonly kdf: { readonly name: "scrypt"; readonly salt: string } & KdfParams;
  /** The ids of the keys inside (public anyway: every revision names its key's id). */
  readonly ids: readonly string[];
  /** 24-byte nonce, then the sealed keys file, as hex. */
  readonly sealed: string;
}

/** Where a browser keeps the GM store's keys (localStorage, one entry per world: store/keyring.ts). */
export interface KeyStorage {
  load(): string | null;
  save(text: string): void;
}

/** What a lake makes its swarms' actors of in this world (swarm-body.ts). */
export interface SwarmBody {
  /** The Actor type created for the lake's swarms. */
  readonly type: string;
  /** The token bar: a path under the actor's `system` holding `{value, max}`. */
  readonly bar: string;
}

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
  /** A catch's items on a character (core/haul.ts): Actor#createEmbeddedDocuments("Item"). */
  | { readonly kind: "items.create"; readonly actorId: string; readonly data: object[] }
  | {
      readonly kind: "items.update";
      readonly actorId: string;
      readonly updates: ({ readonly _id: string } & Record<string, unknown>)[];
    }
  | { readonly kind: "items.delete"; readonly actorId: string; readonly ids: string[] }
  /** A new revision of a lake's record in the GM store (store/sealed.ts), created with a fixed id. */
  | { readonly kind: "store.put"; readonly doc: StoreDoc }
  /** Revisions nobody reads again (store/gm-store.ts `written`). */
  | { readonly kind: "store.delete"; readonly ids: string[] }
  /** The passphrase copy of the keys (store/passphrase.ts): one document, created or replaced. */
  | { readonly kind: "store.copy"; readonly copy: WrappedKeys };

/** An item of a character as the catch reads it (core/haul.ts): game.actors.get(id).items. */
export interface HeldItem {
  readonly id: string;
  readonly name: string;
  /** `system.quantity` when it is a number (the item stacks); else undefined. */
  readonly quantity?: number;
  /** Where it came from: the module's `source` flag, else `_stats.compendiumSource`. */
  readonly source?: string;
  /** The haul cards whose grants this item holds (its `receipts` flag). */
  readonly receipts: readonly string[];
}

/** A RollTable or an Item read with fromUuid, as a lake's catch source (core/haul.ts). */
export type CatchDoc =
  | {
      readonly kind: "table";
      readonly name: string;
      readonly formula: string;
      readonly results: readonly {
        readonly name: string;
        readonly img?: string;
        /** A "document" result's Item UUID (TableResult#documentUuid). */
        readonly uuid?: string;
        readonly range: readonly [number, number];
      }[];
    }
  | {
      readonly kind: "item";
      readonly name: string;
      readonly img?: string;
      readonly uuid: string;
      /** Item#toObject(): what a new item is made from. */
      readonly data: Readonly<Record<string, unknown>>;
    };

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
