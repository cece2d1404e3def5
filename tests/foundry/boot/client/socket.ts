/**
 * `game.socket`: Foundry's socket.io client (v13 Game#socket). Here every emit goes to the Node
 * fake server through the `__kkSocket` binding (the binding, like Foundry's session cookie,
 * tells the server which user is speaking), and the server's events come back through
 * `__kkDeliver`. Like socket.io, an event with no listener yet is dropped, and events arrive
 * in the order the server sent them.
 */
import type { ClientEvent, Reply, ServerEvent } from "../protocol.ts";
import { misuse } from "./env.ts";

type Listener = (e: ServerEvent) => void;

declare global {
  interface Window {
    __kkSocket?: (e: ClientEvent) => Promise<Reply>;
    __kkDeliver?: (e: ServerEvent) => void;
  }
}

export class ClientSocket {
  private readonly listeners = new Map<string, Listener[]>();
  readonly session = crypto.randomUUID();
  /** Every event this client received, in order (the test reads it). */
  readonly received: ServerEvent["event"][] = [];

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

  /** socket.on(event, fn) (socket.io). */
  // v13 client/game.mjs Game#socket: socket.io on
  on(event: ServerEvent["event"], fn: Listener): void {
    const list = this.listeners.get(event) ?? [];
    list.push(fn);
    this.listeners.set(event, list);
  }

  // v13 client/game.mjs Game#socket: socket.io dispatches a received event to its listeners
  private deliver(e: ServerEvent): void {
    this.received.push(e.event);
    for (const fn of this.listeners.get(e.event) ?? []) {
      try {
        fn(e);
      } catch (err) {
        // socket.io would surface a listener's error as an uncaught exception
        setTimeout(() => {
          throw err;
        });
      }
    }
  }
}
