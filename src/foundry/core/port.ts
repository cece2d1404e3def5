/**
 * The port: exactly the part of Foundry's API the module's logic uses, in one interface.
 * `live-port.ts` implements it with Foundry's globals (one Foundry call per method, named
 * beside it); `tests/foundry/fake/` implements it with a behavioural fake of a Foundry server
 * and its clients. The module's logic (lake-host.ts and what it uses, projection.ts, chat.ts, transport.ts)
 * only ever talks to a Port.
 */
import type { BatchReach } from "./batch.ts";
import type {
  UserInfo,
  SceneData,
  ModuleCard,
  WriteOp,
  StoreEntry,
  RollResult,
  KeyStorage,
  SwarmBody,
  HeldItem,
  CatchDoc,
} from "./documents.ts";

// the data the port reads and writes, written once in documents.ts
export type {
  UserInfo,
  TokenData,
  SceneLevel,
  TokenCreate,
  TokenUpdate,
  SceneData,
  ModuleCard,
  ChatCreate,
  WriteOp,
  StoreEntry,
  RollResult,
  HeldItem,
  CatchDoc,
} from "./documents.ts";

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
  /** An actor's items (game.actors.get(id).items) as the catch reads them; undefined: no such actor. */
  actorItems(actorId: string): HeldItem[] | undefined;
  /** fromUuid(uuid) read as a catch source (a RollTable or an Item); undefined for anything else. */
  catchDoc(uuid: string): Promise<CatchDoc | undefined>;
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
