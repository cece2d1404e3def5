/**
 * Quench batches (run inside a live world by a GM or a player; built with the module and
 * loaded only when Quench is active). Quench registers mocha/chai batches on its `quenchReady`
 * hook: quench.registerBatch(key, fn(context), {displayName}).
 *   kolikoly-fishing.gm-round     GM: a lake on a scratch scene, rounds resolved, cleaned up.
 *   kolikoly-fishing.player-secrecy  run as a PLAYER: no secret reachable from game, canvas,
 *                                 chat or packs (issue 3, Tests); the module's socket listener
 *                                 and this client's pack cache hold no GM store traffic (issue 10).
 */
import type { KolikolyApi } from "../../src/foundry/api.ts";

interface Chai {
  ok(v: unknown, msg?: string): void;
  equal(a: unknown, b: unknown, msg?: string): void;
  deepEqual(a: unknown, b: unknown, msg?: string): void;
  notInclude(hay: string, needle: string, msg?: string): void;
  isUndefined(v: unknown, msg?: string): void;
}
interface QuenchContext {
  describe(name: string, fn: () => void): void;
  it(name: string, fn: () => Promise<void> | void): void;
  before(fn: () => Promise<void> | void): void;
  after(fn: () => Promise<void> | void): void;
  assert: Chai;
}
export interface Quench {
  registerBatch(
    key: string,
    fn: (context: QuenchContext) => void,
    options?: { displayName?: string },
  ): void;
}

const RECORD_MARK = "kolikoly-gm-record/1";
/** Passed in by main.ts, so this chunk shares no code with the module's ES module. */
let MODULE_ID = "kolikoly-fishing";
let STORE_PACK_ID = "world.kolikoly-gm-store";

/** Everything a client holds that Foundry sent it, as one string. */
function clientData(): string {
  const g = game as unknown as Record<string, { contents?: { toObject(): object }[] } | undefined>;
  const parts: unknown[] = [];
  for (const c of ["scenes", "actors", "messages", "journal", "users", "items", "tables", "macros"])
    parts.push((g[c]?.contents ?? []).map((d) => d.toObject()));
  const storage = (game.settings as unknown as { storage: Map<string, unknown> }).storage;
  parts.push([...((storage.get("world") as Map<string, unknown> | undefined)?.entries?.() ?? [])]);
  return JSON.stringify(parts);
}

function playerSecrecy(ctx: QuenchContext): void {
  const { describe, it, assert } = ctx;
  describe("nothing secret reaches this player's client", () => {
    it("runs as a player", () =>
      assert.ok(!game.user!.isGM, "log in as a player to run this batch"));
    it("no GM record in any document, setting or user this client holds", () => {
      assert.notInclude(clientData(), RECORD_MARK);
      assert.notInclude(clientData(), "pendingBefore");
    });
    it("the GM store exists, and gives this player nothing: no document, no index entry, nothing cached", async () => {
      const pack = game.packs!.get(STORE_PACK_ID) as unknown as
        | {
            getDocuments(): Promise<unknown[]>;
            getIndex(): Promise<{ size: number }>;
            index: { size: number };
            contents?: unknown[];
          }
        | undefined;
      // a missing store proves nothing: the batch fails rather than passes
      assert.ok(pack, "no GM store in this world: start it once as a GM with the module active");
      const docs: unknown[] = await pack!.getDocuments().catch(() => []);
      assert.equal(docs.length, 0, "the server handed a player the GM store's documents");
      const index = await pack!.getIndex().catch(() => ({ size: 0 }));
      assert.equal(index.size, 0, "the server handed a player the GM store's index");
      // what this client may have been sent along the way (broadcasts of the store's changes)
      assert.equal(pack!.index.size, 0, "the GM store's index is cached on a player's client");
      assert.equal(
        pack!.contents?.length ?? 0,
        0,
        "GM store documents are cached on a player's client",
      );
    });
    it("the module's store-traffic listener is on this client's socket and counted no GM store traffic", () => {
      const api = (game.modules!.get(MODULE_ID) as unknown as { api?: KolikolyApi }).api;
      assert.ok(api, "the module's API is missing: is the module active?");
      // registered on game.socket at init (hooks/table-check.ts); socket.io's Emitter#listeners
      const socket = game.socket as unknown as { listeners(event: string): unknown[] };
      assert.ok(
        socket.listeners("modifyDocument").includes(api!.runtime.table.watch.listener),
        "the store-traffic listener is not on game.socket",
      );
      // store broadcasts this client's socket received, index entries and cached store documents
      assert.deepEqual(api!.storeTraffic(), {
        socket: 0,
        index: 0,
        cache: 0,
        sealed: 0,
        readable: 0,
      });
    });
    it("no hidden swarm token on any scene, and every swarm token is a seen swarm's", () => {
      for (const s of game.scenes!.contents)
        for (const t of s.tokens.contents) {
          const f = (t.flags as Record<string, { swarm?: string }>)[MODULE_ID];
          if (f?.swarm) assert.ok(!t.hidden, `hidden swarm token on ${s.name}`);
        }
    });
    it("the canvas draws no hidden swarm", () => {
      for (const t of (canvas?.tokens?.placeables ?? []) as unknown as {
        document: { hidden: boolean; flags: Record<string, { swarm?: string }> };
      }[])
        if (t.document.flags[MODULE_ID]?.swarm) assert.ok(!t.document.hidden);
    });
    it("GM and private whispers hold only their placeholder", () => {
      for (const msg of game.messages!.contents) {
        const m = msg as unknown as { flags: Record<string, { kind?: string }>; content?: string };
        const f = m.flags[MODULE_ID];
        if (f?.kind !== "gm" && f?.kind !== "private") continue;
        assert.notInclude(m.content ?? "", "<li>", "a whisper carries details");
        assert.equal(
          (m as unknown as { rolls: unknown[] }).rolls.length,
          0,
          "a whisper carries rolls",
        );
      }
    });
  });
}

function gmRound(ctx: QuenchContext): void {
  const { describe, it, before, after, assert } = ctx;
  const api = (game.modules!.get(MODULE_ID) as unknown as { api: KolikolyApi }).api;
  let sceneId = "";
  let actorIds: string[] = [];
  let lakeId = "";
  describe("a lake on a scratch scene", () => {
    before(async () => {
      const A = Actor.implementation as unknown as {
        createDocuments(d: object[]): Promise<{ id: string }[]>;
      };
      const system = game.system!.documentTypes.Actor as unknown as Record<string, unknown>;
      const type = Object.keys(system).find((k) => k === "character") ?? Object.keys(system)[0]!;
      actorIds = (
        await A.createDocuments([
          { name: "Quench Ana", type },
          { name: "Quench Bo", type },
        ])
      ).map((a) => a.id);
      const S = Scene.implementation as unknown as { create(d: object): Promise<{ id: string }> };
      const scene = await S.create({
        name: "Kolikoly Quench",
        width: 2000,
        height: 1200,
        tokens: actorIds.map((actorId, i) => ({ name: `Q${i}`, actorId, x: 100 * i, y: 100 })),
      });
      sceneId = scene.id;
    });
    after(async () => {
      type Deletable = { delete(): Promise<unknown> } | undefined;
      const scene = game.scenes!.get(sceneId);
      const flags = scene?.flags as Record<
        string,
        { lakes?: Record<string, { swarmActorId: string }> }
      >;
      for (const l of Object.values(flags?.[MODULE_ID]?.lakes ?? {})) actorIds.push(l.swarmActorId);
      // every revision of the scratch lake's record (`<lake>@<rev>`, live-port.ts putRecord)
      const pack = game.packs!.get(STORE_PACK_ID) as unknown as
        | {
            getIndex(): Promise<Map<string, { _id: string; name?: string }>>;
            documentClass: { deleteDocuments(ids: string[], o: object): Promise<unknown> };
            collection: string;
          }
        | undefined;
      if (pack) {
        const ids = [...(await pack.getIndex()).values()]
          // named `<lake>@<rev>` (record.ts revisionName), or the bare lake id before revisions;
          // not imported here, so this chunk shares no code split out of the module's bundle
          .filter((e) => e.name === lakeId || (e.name ?? "").startsWith(`${lakeId}@`))
          .map((e) => e._id);
        if (ids.length) await pack.documentClass.deleteDocuments(ids, { pack: pack.collection });
      }
      await (scene as unknown as Deletable)?.delete();
      for (const id of actorIds) await (game.actors!.get(id) as unknown as Deletable)?.delete();
    });
    it("creates a lake and resolves rounds with Foundry's dice", async () => {
      const scene = game.scenes!.get(sceneId)!;
      const tokens = scene.tokens.contents.map((t) => t.id!);
      const r = await api.createLake({
        sceneId,
        name: "Quench pond",
        lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
        origin: { col: 1, row: 1 },
        fishers: tokens.map((tokenId, i) => ({ tokenId, at: [i, 0, 0] as const })),
      });
      assert.ok(r.ok, JSON.stringify(r));
      if (!r.ok) return;
      lakeId = r.value.id;
      for (let i = 0; i < 3; i++) {
        await api.declare(lakeId, "f1", { action: "track", target: [1, 1, 0] });
        const res = await api.resolveRound(lakeId);
        assert.ok(res.ok, JSON.stringify(res));
      }
    });
    it("the table check: every client that answers holds no GM store traffic unless it is a GM's", async () => {
      const r = await api.tableCheck({ show: false });
      assert.ok(r.ok, JSON.stringify(r));
      if (!r.ok) return;
      const leaks = r.value.rows.filter((row) => row.leak).map((row) => row.name);
      assert.deepEqual(leaks, [], "GM store traffic on a player's client");
      const me = r.value.rows.find((row) => row.userId === game.user!.id);
      assert.deepEqual(me?.missing, [], "a query handler of the module is not registered here");
    });
    it("no swarm token is hidden and the store holds the record", async () => {
      for (const t of game.scenes!.get(sceneId)!.tokens.contents)
        if ((t.flags as Record<string, { swarm?: string }>)[MODULE_ID]?.swarm) assert.ok(!t.hidden);
      const exported = await api.exportScenario(lakeId);
      assert.ok(exported.ok && exported.value.rounds.length === 3);
    });
  });
}

export function registerBatches(
  quench: Quench,
  ids: { moduleId: string; storePackId: string },
): void {
  MODULE_ID = ids.moduleId;
  STORE_PACK_ID = ids.storePackId;
  quench.registerBatch(`${MODULE_ID}.gm-round`, gmRound, {
    displayName: "Kolikoly: GM round (GM)",
  });
  quench.registerBatch(`${MODULE_ID}.player-secrecy`, playerSecrecy, {
    displayName: "Kolikoly: no secret on this client (player)",
  });
}
