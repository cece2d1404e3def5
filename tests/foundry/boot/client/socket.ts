/**
 * `game.socket`: Foundry's socket.io client (v13 Game#socket). Here every emit goes to the Node
 * fake server through the `__kkSocket` binding (the binding, like Foundry's session cookie,
 * tells the server which user is speaking), and the server's events come back through
 * `__kkDeliver`. Like socket.io, an event with no listener yet is dropped, and events arrive
 * in the order the server sent them. A module's `game.socket.on(event, fn)` gets the event's
 * arguments as Foundry's server sends them (a `modifyDocument` listener the response); the fake
 * game's own listeners (`listen`) get the whole bridged event.
 */
import type { ClientEvent, Reply, ServerEvent } from "../protocol.ts";
import { misuse } from "./env.ts";
import { FakeHooks } from "./hooks.ts";

type FakeListener = (e: ServerEvent) => void;
type Listener = (...args: unknown[]) => void;

declare global {
  interface Window {
    __kkSocket?: (e: ClientEvent) => Promise<Reply>;
    __kkDeliver?: (e: ServerEvent) => void;
  }
}

/**
 * The arguments socket.io hands an event's listeners, as Foundry's server emits them: v13
 * ClientDatabaseBackend's `modifyDocument` listener takes the DocumentSocketResponse
 * (client/data/client-backend.mjs), Users' `userActivity` listener `(userId, activityData)`
 * (client/documents/collections/users.mjs), CompendiumCollection's `manageCompendium` listener
 * the response (client/documents/collections/compendium-collection.mjs). The v14 batch
 * broadcast's shape is not in any source we can read: the fake passes its responses.
 */
// v13 client/data/client-backend.mjs #onModifyDocument(response): the arguments of each event
function argsOf(e: ServerEvent): unknown[] {
  switch (e.event) {
    case "modifyDocument":
      return [e.response];
    case "modifyBatch":
      return [e.responses];
    case "userActivity":
      return [e.userId, e.activity];
    case "manageCompendium":
      return [e.response];
    case "userQuery":
      return [e];
  }
}

export class ClientSocket {
  /** Listeners in the order registered: the fake's own (the whole event) and socket.io's. */
  private readonly entries: {
    event: string;
    fn: FakeListener | Listener;
    whole: boolean;
  }[] = [];
  readonly session = crypto.randomUUID();
  /** Every event this client received, in order (the test reads it). */
  readonly received: ServerEvent["event"][] = [];
  /** Each socket.io listener added with `on`, and the hook being called then (the test reads it). */
  readonly registered: { event: string; during: string | undefined }[] = [];

  // v13 client/game.mjs Game.connect: the page's socket
  constructor() {
    window.__kkDeliver = (e) => this.deliver(e);
  }

  /** socket.emit(event, ...args, ack): here a request answered by the server (Foundry's ack). */
  // v13 client/game.mjs Game#socket: socket.io emit with an acknowledgement
  async request(e: ClientEvent): Promise<unknown> {
    const send = window.__kkSocket;
    if (!send) throw misuse("the page has no __kkSocket binding (not opened by the boot test)");
    const reply = await send(e);
    if (!reply.ok) throw new Error(reply.error);
    return reply.value;
  }

  /** The fake game's own listeners (game.ts): the whole event, as the bridge delivers it. */
  // v13 client/game.mjs Game#activateSocketListeners: Foundry's listeners, fed the whole event here
  listen(event: ServerEvent["event"], fn: FakeListener): void {
    this.entries.push({ event, fn, whole: true });
  }

  /** socket.on(event, fn) (socket.io): `fn` gets the event's arguments as Foundry's server sends them. */
  // v13 client/game.mjs Game#socket: socket.io on, as a module calls it on game.socket
  on(event: string, fn: Listener): this {
    this.entries.push({ event, fn, whole: false });
    this.registered.push({ event, during: FakeHooks.trace.at(-1) });
    return this;
  }

  /** socket.listeners(event) (socket.io's Emitter): the functions added with `on`. */
  // v13 client/game.mjs Game#socket: socket.io (@socket.io/component-emitter) listeners
  listeners(event: string): Listener[] {
    return this.entries.filter((e) => e.event === event && !e.whole).map((e) => e.fn as Listener);
  }

  // v13 client/game.mjs Game#socket: socket.io dispatches a received event to its listeners
  private deliver(e: ServerEvent): void {
    this.received.push(e.event);
    for (const entry of this.entries.filter((x) => x.event === e.event)) {
      try {
        if (entry.whole) (entry.fn as FakeListener)(e);
        else (entry.fn as Listener)(...argsOf(e));
      } catch (err) {
        // socket.io would surface a listener's error as an uncaught exception
        setTimeout(() => {
          throw err;
        });
      }
    }
  }
}
