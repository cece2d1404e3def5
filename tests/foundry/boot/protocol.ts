/**
 * What travels between the Node fake server (server.ts) and the browser fake client (client/):
 * Foundry's socket events, as JSON. Every shape below names the Foundry event it stands for.
 * Playwright carries them: `exposeBinding("__kkSocket")` client -> server (the binding knows
 * which page, so which user, sent it: Foundry's socket session), `page.evaluate(__kkDeliver)`
 * server -> client.
 */

export type Source = Record<string, unknown>;

/** CONST.USER_ROLES (v13 common/constants.mjs): NONE 0, PLAYER 1, TRUSTED 2, ASSISTANT 3, GAMEMASTER 4. */
export type Role = 0 | 1 | 2 | 3 | 4;

export interface UserSource extends Source {
  _id: string;
  name: string;
  role: Role;
  /** Set by the server from socket connections (v13 BaseUser has no stored `active`). */
  active: boolean;
  color: string;
  character: string | null;
  flags: Source;
}

export interface PackMeta {
  /** `world.<name>` or `<module>.<name>` (v13 CompendiumCollection#collection). */
  id: string;
  name: string;
  label: string;
  type: string;
  packageType: "world" | "module" | "system";
  packageName: string;
  path: string;
  /** The manifest's ownership by role name (v13 manifest docs, "packs"). */
  ownership?: Record<string, string>;
  system?: string;
}

/** What the server sends a client at connection (Foundry's "world" socket event, v13 Game.getData). */
export interface WorldData {
  userId: string;
  generation: 13 | 14;
  world: { id: string; title: string };
  system: {
    id: string;
    title: string;
    version: string;
    esmodules: string[];
    languages?: { lang: string; name: string; path: string }[];
  };
  modules: Source[];
  users: UserSource[];
  actors: Source[];
  items: Source[];
  scenes: Source[];
  messages: Source[];
  /** Combat documents (v13 common/documents/combat.mjs BaseCombat), with their combatants. */
  combats?: Source[];
  journal: Source[];
  settings: Source[];
  packs: PackMeta[];
  /** game.documentTypes: every type of each document, "base" and module sub-types included. */
  documentTypes: Record<string, string[]>;
  /** core.language's default (the world's language). */
  language?: string;
  /** The v14 switch: query handlers are told the calling user (UNCONFIRMED for v14). */
  queryCaller?: boolean;
}

/** v13 DocumentSocketRequest: {type, action, operation} (API docs foundry.abstract.types.DocumentSocketRequest). */
export interface DocumentRequest {
  type: string;
  action: "create" | "update" | "delete" | "get";
  operation: Source;
}

/** v13 DocumentSocketResponse: the request echoed with `result` and the acting `userId`. */
export interface DocumentResponse extends DocumentRequest {
  result: unknown[];
  userId: string;
}

/** Client -> server events (`game.socket.emit(event, ...args, ack)` in Foundry). */
export type ClientEvent =
  | { event: "connect"; session: string; view: string }
  | { event: "modifyDocument"; request: DocumentRequest }
  | { event: "modifyBatch"; requests: DocumentRequest[] }
  | { event: "manageCompendium"; request: { action: "create"; data: Source; options: Source } }
  | {
      event: "userQuery";
      target: string;
      queryId: string;
      queryName: string;
      queryData: unknown;
      queryOptions: { timeout?: number };
    }
  | { event: "queryAck"; queryId: string; ack: QueryAck };

/** v13 User#query's acknowledgement (client/documents/user.mjs): fulfilled or rejected with a reason. */
export type QueryAck =
  { status: "fulfilled"; value: unknown } | { status: "rejected"; reason: string };

/** Server -> client events. */
export type ServerEvent =
  | { event: "modifyDocument"; response: DocumentResponse }
  | { event: "modifyBatch"; responses: DocumentResponse[] }
  | { event: "userActivity"; userId: string; activity: { active: boolean } }
  | { event: "manageCompendium"; response: { action: "create"; result: PackMeta } }
  | {
      event: "userQuery";
      from: string;
      queryId: string;
      queryName: string;
      queryData: unknown;
      queryOptions: { timeout?: number };
    };

/** A server reply to a client event: Foundry acknowledges with the result, or an error. */
export type Reply = { ok: true; value: unknown } | { ok: false; error: string };
