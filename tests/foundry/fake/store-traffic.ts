/**
 * The part of a fake client that the table check reads (issue 10 item 1): the page's socket
 * listeners, fed Foundry-shaped `modifyDocument` responses, and the client's copy of the GM store
 * pack, which a store change the server sends this client fills as Foundry applies it. With the
 * fake server's `storeBroadcast: "everyone"`, players' clients receive store writes and this is
 * where it shows.
 */
import { MODULE_ID, STORE_PACK_ID } from "../../../src/foundry/core/constants.ts";
import type { UserInfo } from "../../../src/foundry/core/port.ts";
import type { CheckEnv, LeakSeen } from "../../../src/foundry/core/table-check.ts";
import { LEAK_SETTING } from "../../../src/foundry/core/table-check.ts";
import { readFileSync } from "node:fs";
import type { Payload } from "./server.ts";
import type { FakeServer } from "./server.ts";

type Listener = (...args: unknown[]) => void;

/** The module's version, from its manifest (game.modules.get(id).version reads module.json). */
const VERSION = String(
  (
    JSON.parse(readFileSync(new URL("../../../module.json", import.meta.url), "utf8")) as {
      version?: unknown;
    }
  ).version,
);

/** The Document type and action behind each of the fake server's operations. */
const DOCUMENT: Readonly<Record<string, readonly [string, string]>> = {
  "tokens.create": ["Token", "create"],
  "tokens.update": ["Token", "update"],
  "tokens.delete": ["Token", "delete"],
  "scene.update": ["Scene", "update"],
  "chat.create": ["ChatMessage", "create"],
  "chat.update": ["ChatMessage", "update"],
  "chat.delete": ["ChatMessage", "delete"],
  "actor.create": ["Actor", "create"],
  "user.update": ["User", "update"],
  setting: ["Setting", "update"],
  "store.put": ["JournalEntry", "create"],
  "store.delete": ["JournalEntry", "delete"],
  "store.copy": ["JournalEntry", "create"],
};

/**
 * A fake payload as Foundry's socket hands it to `modifyDocument` listeners: the
 * DocumentSocketResponse's data `{type, action, operation, result, userId}`, the operation naming
 * the compendium in `pack` (v13 client/data/client-backend.mjs, #onModifyDocument; API docs v13,
 * DocumentSocketResponse). The fake's payload does not carry the writer, so `userId` is "".
 */
export function documentResponse(p: Payload): object | undefined {
  if (p.channel !== "modifyDocument") return undefined;
  const [type, action] = DOCUMENT[p.op] ?? ["", "update"];
  const store = p.op.startsWith("store.");
  return {
    type,
    action,
    operation: store ? { pack: STORE_PACK_ID, modifiedTime: 0 } : { modifiedTime: 0 },
    result: Array.isArray(p.data) ? p.data : [p.data],
    userId: "",
  };
}

export interface Notice {
  readonly type: "info" | "warning" | "error";
  readonly message: string;
  readonly permanent: boolean;
}

export class FakePage {
  private readonly listeners = new Map<string, Listener[]>();
  /** game.packs.get(STORE_PACK_ID) on this client: the documents it holds, by id. */
  readonly storeDocs = new Map<string, unknown>();
  /** Its index: `_id` and `name` of each entry (CompendiumCollection#index). */
  readonly storeIndex = new Map<string, { _id: string; name: string }>();

  /** socket.io's Socket#on on `game.socket` (v13 client/game.mjs, Game#socket). */
  on(event: string, fn: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), fn]);
  }

  /** test-only: a new page (a login or a reload): no listener, nothing held. */
  reset(): void {
    this.listeners.clear();
    this.storeDocs.clear();
    this.storeIndex.clear();
  }

  /**
   * A payload this client's socket received. socket.io calls `modifyDocument` listeners in the
   * order they were registered: the module's (at init) before ClientDatabaseBackend's (at ready,
   * v13 client/game.mjs Game#activateSocketListeners), which then applies a compendium change to
   * the pack on this client: #handleCreateDocuments sets the document in `game.packs.get(pack)`
   * (CompendiumCollection#set indexes it: UNCONFIRMED for v13), #handleDeleteDocuments removes it (v13
   * client/data/client-backend.mjs).
   */
  receive(p: Payload): void {
    const r = documentResponse(p);
    if (!r) return;
    for (const fn of this.listeners.get("modifyDocument") ?? []) fn(r);
    if (p.channel !== "modifyDocument") return;
    if (p.op === "store.put")
      for (const d of (Array.isArray(p.data) ? p.data : [p.data]) as {
        _id?: unknown;
        name?: unknown;
      }[]) {
        if (typeof d?._id !== "string") continue;
        this.storeDocs.set(d._id, d);
        this.storeIndex.set(d._id, { _id: d._id, name: String(d.name ?? "") });
      }
    if (p.op === "store.delete")
      for (const id of p.data as string[]) {
        this.storeDocs.delete(id);
        this.storeIndex.delete(id);
      }
  }
}

/** What the fake client gives the table check (as hooks/table-check.ts gives it Foundry's). */
export interface CheckClient {
  readonly server: FakeServer;
  readonly page: FakePage;
  readonly notifications: Notice[];
  me(): UserInfo;
  setting(key: string): unknown;
  queryNames(): string[];
  adapterId(): string;
  /** game.actors contents' ids, in the world's order (the probe's actor: the first character). */
  actorIds(): string[];
  /** game.messages.get(id) on this client: its author, whisper and blind, or undefined. */
  heldMessage(
    id: string,
  ): { author: string; whisper: readonly string[]; blind: boolean } | undefined;
}

/**
 * The CheckEnv of a fake client: its manifest version, CONFIG.queries, the system adapter, the
 * store pack it holds, the `leakSeen` world setting (ClientSettings#set writes a Setting document
 * through the server, SETTINGS_MODIFY needed: Assistant GM by default; v13
 * client/helpers/client-settings.mjs) and ui.notifications (v13
 * client/applications/ui/notifications.mjs, `permanent`).
 */
export function fakeCheckEnv(c: CheckClient): CheckEnv {
  return {
    version: () => VERSION,
    queryNames: () => c.queryNames(),
    adapter: () => c.adapterId(),
    storePack: () => ({ index: c.page.storeIndex.size, cache: c.page.storeDocs.size }),
    // the documents the pack holds, each one's module flags (the fake keeps them at `flags`)
    storeDocs: () =>
      [...c.page.storeDocs].map(([id, d]) => ({ id, content: (d as { flags?: unknown }).flags })),
    now: () => Date.now(),
    leakSeen: () => c.setting(LEAK_SETTING),
    saveLeak: async (leak: LeakSeen | null) => {
      if (!c.me().isGM) throw new Error("fake server: a player may not modify world settings");
      c.server.setWorldSetting(`${MODULE_ID}.${LEAK_SETTING}`, leak ?? {});
    },
    alarm: (message) => void c.notifications.push({ type: "error", message, permanent: true }),
    generation: () => c.server.generation,
    probeActor: () => c.actorIds()[0],
    // ChatMessage#isContentVisible (v13 client/documents/chat-message.mjs): a whisper is readable
    // by its recipients, and by its author unless blind; anything else by everyone
    messageSeen: (id) => {
      const m = c.heldMessage(id);
      const me = c.me().id;
      const visible =
        !!m && (!m.whisper.length || m.whisper.includes(me) || (m.author === me && !m.blind));
      return { held: m !== undefined, visible };
    },
  };
}
