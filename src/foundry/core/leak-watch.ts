/**
 * What of the GM store reached this client (issue 10 item 1). The store is a world compendium
 * that players may not read (docs/foundry.md, "Where secrets live"); whether Foundry's server also
 * keeps its changes from them is not in any source we can read. So every client counts, from
 * `init`, the store traffic it holds:
 * - socket: `modifyDocument` broadcasts whose operation names the store pack. v13
 *   ClientDatabaseBackend#activateSocketListeners registers `socket.on("modifyDocument")`, and the
 *   listener receives the DocumentSocketResponse's data `{type, action, operation: {pack,
 *   parentUuid, ...}, result, userId}` (client/data/client-backend.mjs, #onModifyDocument);
 * - index: entries of the store pack's index on this client (CompendiumCollection#index), which a
 *   broadcast fills as Foundry applies it (CompendiumCollection#set indexes the document:
 *   UNCONFIRMED for v13, whose compendium-collection.mjs we could not read);
 * - cache: store documents held in this client's pack (the CompendiumCollection's own contents).
 * A GM client legitimately holds all three; on a player's client any of them is a leak.
 *
 * Foundry buffers every socket event from the connection until `ready` (v13 client/game.mjs:
 * Game.connect `prependAny`, Game#activateSocketListeners replays the buffer with `emitEvent`),
 * so a listener registered at `init` hears an early event twice, the same object both times: the
 * watch counts each response object once.
 */

/** The store traffic a client holds. */
export interface StoreTraffic {
  /** Store broadcasts this client's socket received since `init`. */
  readonly socket: number;
  /** Index entries of the store pack on this client. */
  readonly index: number;
  /** Store documents in this client's pack cache. */
  readonly cache: number;
}

/** The store pack as this client holds it: `game.packs.get(STORE_PACK_ID)`, absent here or not. */
export interface StorePackView {
  sizes(): { readonly index: number; readonly cache: number } | undefined;
}

/** Whether a client holds anything at all of the store. */
export function holdsStore(t: StoreTraffic): boolean {
  return t.socket > 0 || t.index > 0 || t.cache > 0;
}

/**
 * The compendium a socket response names: v13 `response.operation.pack` (DocumentSocketResponse);
 * also the v11 shape `response.request.operation.pack` / `request.pack`, for safety.
 */
export function packOfResponse(r: unknown): string | undefined {
  if (typeof r !== "object" || r === null) return undefined;
  const o = r as {
    operation?: { pack?: unknown };
    request?: { pack?: unknown; operation?: { pack?: unknown } };
  };
  const pack = o.operation?.pack ?? o.request?.operation?.pack ?? o.request?.pack;
  return typeof pack === "string" ? pack : undefined;
}

export class LeakWatch {
  private readonly seen = new WeakSet<object>();
  private socket = 0;
  private told = false;
  /** Called the first time this client holds anything of the store (a player reports it). */
  onTraffic: ((t: StoreTraffic) => void) | undefined;

  /**
   * The function registered with `game.socket.on(...)`: one stable reference, so a live check
   * (tests/quench) can find it among the socket's listeners. A v14 batch broadcast may carry an
   * array of responses; each is looked at.
   */
  readonly listener = (payload: unknown): void => {
    this.receive(payload);
  };

  constructor(
    readonly packId: string,
    private readonly pack: StorePackView,
  ) {}

  /** One received socket payload: true when it named the store (and was not seen before). */
  receive(payload: unknown): boolean {
    let counted = false;
    for (const r of Array.isArray(payload) ? payload : [payload]) {
      if (typeof r !== "object" || r === null || this.seen.has(r)) continue;
      this.seen.add(r);
      if (packOfResponse(r) !== this.packId) continue;
      this.socket++;
      counted = true;
    }
    if (counted) this.notice();
    return counted;
  }

  /** Looks again (a store document hook fired here): tells `onTraffic` the first time there is any. */
  notice(): void {
    const t = this.traffic();
    if (this.told || !holdsStore(t)) return;
    this.told = true;
    this.onTraffic?.(t);
  }

  /** `onTraffic` may be told again (its report did not get through). */
  retell(): void {
    this.told = false;
  }

  traffic(): StoreTraffic {
    const s = this.pack.sizes();
    return { socket: this.socket, index: s?.index ?? 0, cache: s?.cache ?? 0 };
  }
}
