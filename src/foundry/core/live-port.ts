/**
 * The Port on Foundry: each method is one Foundry call (named beside it). The behavioural fake
 * in tests/foundry/fake implements the same interface.
 */
import { catchDocOf, heldItemOf } from "./haul-source.ts";
import { MODULE_ID } from "./constants.ts";
import { authorIdOf } from "./compat.ts";
import { BatchReach } from "./batch.ts";
import { refusesModuleTypes, swarmBody } from "./swarm-body.ts";
import { GRID_SQUARE } from "./grid.ts";
import type { KeyStorage } from "./store/keyring.ts";
import type { Port, RollResult, SceneData, SceneLevel, UserInfo } from "./port.ts";
import { storePack } from "./live-store.ts";
import type { ModifyBatch } from "./types/foundry.d.ts";

/** A chat message's module flag (`flags["kolikoly-fishing"]`), if it names a game. */
function moduleFlag(m: unknown): Record<string, unknown> | undefined {
  const f = (m as { flags?: Record<string, unknown> }).flags?.[MODULE_ID] as
    Record<string, unknown> | undefined;
  return f && typeof f.lake === "string" ? f : undefined;
}

/** v14: the scene's embedded Level documents (Scene#levels; LevelData.elevation {bottom, top}). */
function sceneLevels(s: unknown): SceneLevel[] {
  const levels = (s as { levels?: { contents?: unknown[] } }).levels?.contents ?? [];
  return levels.map((l) => {
    const v = l as { id: string; name?: string; elevation?: { bottom?: number; top?: number } };
    return {
      id: v.id,
      name: v.name ?? "",
      bottom: v.elevation?.bottom ?? 0,
      top: v.elevation?.top ?? 0,
    };
  });
}

function userInfo(u: User.Implementation): UserInfo {
  return { id: u.id!, name: u.name ?? "", isGM: u.isGM, active: u.active, role: u.role };
}

/**
 * This browser's keys for this world's GM store: window.localStorage, which the browser keeps
 * for this origin and never sends anywhere; one entry per world (several worlds share an origin).
 */
function browserKeys(): KeyStorage {
  const name = `${MODULE_ID}.gm-keys.${game.world?.id ?? "world"}`;
  return {
    load: () => globalThis.localStorage?.getItem(name) ?? null,
    save: (text) => globalThis.localStorage?.setItem(name, text),
  };
}

/** Hooks with the module's own (undeclared) hook names. */
function hooks(): {
  call(n: string, ...a: unknown[]): boolean;
  callAll(n: string, ...a: unknown[]): boolean;
} {
  return Hooks as unknown as ReturnType<typeof hooks>;
}

export function livePort(): Port {
  const generation = game.release?.generation ?? 13;
  // issue 20 item 10: batches are used only once they are seen to reach the other clients
  const reach = new BatchReach();
  const modifyBatch = (foundry.documents as unknown as { modifyBatch?: ModifyBatch }).modifyBatch;
  return {
    generation,
    reach,
    me: () => userInfo(game.user!),
    users: () => game.users!.contents.map(userInfo),
    activeGmId: () => game.users!.activeGM?.id ?? undefined,
    scene(id): SceneData | undefined {
      const s = game.scenes!.get(id);
      if (!s) return undefined;
      // Scene#dimensions (v13 SceneDimensions: the grid size and the inner rectangle) and
      // Scene#grid, the scene's BaseGrid, whose `type` is one of CONST.GRID_TYPES
      const d = s.dimensions as unknown as {
        sceneX: number;
        sceneY: number;
        sceneWidth: number;
        sceneHeight: number;
        size: number;
      };
      const grid = (s as unknown as { grid?: { type?: number } }).grid;
      return {
        _id: s.id!,
        name: s.name ?? "",
        flags: foundry.utils.deepClone(s.flags ?? {}) as Record<string, unknown>,
        tokens: s.tokens.contents.map(
          (t) => t.toObject() as unknown as SceneData["tokens"][number],
        ),
        gridSize: d.size,
        sceneX: d.sceneX,
        sceneY: d.sceneY,
        sceneWidth: d.sceneWidth,
        sceneHeight: d.sceneHeight,
        gridType: grid?.type ?? GRID_SQUARE,
        levels: sceneLevels(s),
      };
    },
    ownersOf(actorId) {
      const a = game.actors!.get(actorId) as unknown as
        { testUserPermission(u: User.Implementation, level: string): boolean } | undefined;
      if (!a) return [];
      return game.users!.contents.filter((u) => a.testUserPermission(u, "OWNER")).map((u) => u.id!);
    },
    actorItems(actorId) {
      const a = game.actors!.get(actorId) as unknown as
        { items: { contents: { toObject(): Record<string, unknown> }[] } } | undefined;
      return a?.items.contents.map((i) => heldItemOf(i.toObject()));
    },
    async catchDoc(uuid) {
      // a RollTable or an Item, world or compendium (fromUuid loads a compendium's document)
      const d = (await fromUuid(uuid as never).catch(() => null)) as unknown as {
        documentName?: string;
        toObject(): Record<string, unknown>;
      } | null;
      return d?.documentName ? catchDocOf(d.documentName, d.toObject(), uuid) : undefined;
    },
    actorName: (actorId) =>
      (game.actors!.get(actorId) as unknown as { name?: string } | undefined)?.name,
    // pf2e builds only the types in CONFIG.PF2E.Actor.documentClasses (swarm-body.ts)
    swarmBody: () => swarmBody(refusesModuleTypes(CONFIG)),
    async createSwarmActor(name) {
      // the GM's alone: with the writes' chunk (live-writes.ts)
      return (await import("./live-writes.ts")).createSwarmActor(name);
    },
    async write(ops) {
      // the writes' code is its own chunk, loaded by the first write rather than at start
      const { writeAll } = await import("./live-writes.ts");
      return writeAll(ops, generation, reach, modifyBatch);
    },
    rerenderCards(lakeId, rounds) {
      // ChatLog#updateMessage (v13 foundry.applications.sidebar.tabs.ChatLog): renders the
      // message again in place, which fires renderChatMessageHTML (hooks/render-chat-message.ts)
      const chat = ui.chat as unknown as { updateMessage?(m: unknown): Promise<unknown> } | null;
      for (const m of game.messages!.contents) {
        const f = moduleFlag(m);
        if (
          f?.lake === lakeId &&
          (f.kind === "gm" || f.kind === "private") &&
          rounds.includes(f.round as number)
        )
          void chat?.updateMessage?.(m);
      }
    },
    moduleCards(gameId) {
      return game.messages!.contents.flatMap((m) => {
        const flag = moduleFlag(m);
        if (flag?.lake !== gameId) return [];
        // ChatMessage#author: the User the server recorded (v13 DocumentAuthorField)
        return [{ id: m.id!, author: authorIdOf(m), flag }];
      });
    },
    async storeIndex() {
      const pack = storePack();
      if (!pack) return [];
      // CompendiumCollection#getIndex: v13 answers from the index this client holds (it asks the
      // server only for fields it lacks), so it may name an old revision: store/gm-store.ts reads
      // past it by revision id. The index is a Collection (a Map by _id)
      return [...(await pack.getIndex()).values()].map((e) => ({
        _id: e._id,
        name: e.name ?? "",
      }));
    },
    async storeRead(ids) {
      const pack = storePack();
      if (!pack) return ids.map(() => undefined);
      // CompendiumCollection#getDocuments with an `_id__in` query: one request for them all
      const docs = await pack.getDocuments({ _id__in: [...ids] });
      const byId = new Map(docs.map((d) => [d.id, d]));
      return ids.map((id) => byId.get(id)?.toObject().flags?.[MODULE_ID as never]);
    },
    keyStorage: browserKeys,
    async roll(formula): Promise<RollResult> {
      const r = new Roll(formula);
      await r.evaluate({ allowInteractive: false });
      const first = r.dice[0];
      return {
        total: r.total ?? 0,
        firstDieFaces: first ? first.results.map((x) => x.result) : [],
        json: r.toJSON(),
      };
    },
    callHook: (name, ...args) => hooks().call(name, ...args) !== false,
    callAllHook: (name, ...args) => void hooks().callAll(name, ...args),
    async query(userId, name, data, options) {
      const u = game.users!.get(userId) as unknown as {
        query(n: string, d: object, o?: object): Promise<unknown>;
      };
      return u.query(name, data, { timeout: options?.timeout ?? 10_000 });
    },
    localize: (key, data) =>
      data ? game.i18n!.format(key, data as Record<string, string>) : game.i18n!.localize(key),
    hasKey: (key) => game.i18n!.has(key),
    render: (template, context) =>
      foundry.applications.handlebars.renderTemplate(template, context as Record<string, unknown>),
    setting: (key) =>
      (game.settings as unknown as { get(ns: string, k: string): unknown }).get(MODULE_ID, key),
  };
}
