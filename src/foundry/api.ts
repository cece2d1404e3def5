/**
 * The public API: game.modules.get("kolikoly-fishing").api (docs/foundry.md). Each method
 * returns a typed result ({ok, value} or {ok: false, error: {code, field, message}}).
 */
import type { Declaration, Scenario } from "../rules/index.ts";
import type { Runtime } from "./runtime.ts";
import type { CreateLakeOptions, Result } from "./fishing/host.ts";
import type { PublicLake } from "./fishing/projection.ts";
import type { PendingTotal } from "./fishing/record.ts";
import type { StoreTraffic } from "./core/leak-watch.ts";
import type { TableReport } from "./core/table-check.ts";
import type { KayanakBoardOptions, KayanakRequest } from "./kayanak/host.ts";
import type { PublicBoard } from "./kayanak/board.ts";
import type { SwarmBody } from "./core/swarm-body.ts";

export interface KolikolyApi {
  /** Creates a lake on a scene (active GM only). */
  createLake(options: CreateLakeOptions): Promise<Result<PublicLake>>;
  /** Resolves the pending round of a lake with Foundry's dice (active GM only). */
  resolveRound(lakeId: string): Promise<Result<{ round: number }>>;
  /** The game as a scenario file (docs/scenario-format.md); GM only. */
  exportScenario(lakeId: string): Promise<Result<Scenario>>;
  undoRound(lakeId: string): Promise<Result<{ round: number }>>;
  endGame(lakeId: string): Promise<Result<unknown>>;
  /** K5: a declaration for a fisher, entered by the GM (players use issue 4's dialog). */
  declare(
    lakeId: string,
    fisher: string,
    declaration: Declaration | null,
  ): Promise<Result<unknown>>;
  /** K6: a typed check total for a fisher. */
  setTotal(lakeId: string, fisher: string, total: PendingTotal | null): Promise<Result<unknown>>;
  openPanel(): void;
  /** The lake wizard on a scene; with `tokens`, only those start ticked as fishers. */
  openWizard(options?: string | WizardOptions): void;
  /**
   * The table check (GM only, issue 10 item 1): asks every connected client what of the GM store
   * it holds, its module version, query handlers and system adapter; shows the table unless
   * `{show: false}`. A player's client holding store traffic is recorded as a leak.
   */
  tableCheck(options?: { show?: boolean }): Promise<Result<TableReport>>;
  /** What of the GM store this client holds (socket broadcasts since init, index, cache). */
  storeTraffic(): StoreTraffic;
  /** The GM store's keys as a file's text (GM only; store/keyring.ts). */
  exportKeys(): Result<string>;
  /** Takes the keys of an exported file (GM only): how many it held, how many are still missing. */
  importKeys(text: string): Promise<Result<{ keys: number; missing: number }>>;
  /**
   * Issue 20 item 11 (GM only): seals this browser's keys under a passphrase (12 characters or
   * more) and keeps that copy in the GM store, in place of an earlier one.
   */
  keepKeyCopy(passphrase: string): Promise<Result<{ keys: number }>>;
  /** Opens the passphrase copy in this browser (GM only): the keys taken, those still missing. */
  unlockKeys(passphrase: string): Promise<Result<{ keys: number; missing: number }>>;
  /** Issue 11: Kayanak boards (active GM): set up, act for a fisher, undo, export. */
  readonly kayanak: {
    createBoard(options: KayanakBoardOptions): Promise<Result<PublicBoard>>;
    request(boardId: string, fisher: string, request: KayanakRequest): Promise<Result<PublicBoard>>;
    undoTurn(boardId: string): Promise<Result<{ turn: number }>>;
    exportScenario(boardId: string): Promise<Result<unknown>>;
  };
  /**
   * What the lake makes a swarm's actor in this world (issue 20 item 7): the module's sub-type
   * and its `fish` bar, or under pf2e, which builds only its own actor types, a hazard whose hit
   * points are the fish (core/swarm-body.ts). The swarm presets macro makes the same.
   */
  swarmBody(): SwarmBody;
  /** The runtime, for the players' side (issue 4) and macros that need the transport. */
  readonly runtime: Runtime;
}

export interface WizardOptions {
  readonly sceneId?: string;
  readonly tokens?: readonly string[];
  /** Issue 11: the fishing lake (default) or a Kayanak board. */
  readonly mode?: "kolikoly" | "kayanak";
}

export function makeApi(
  rt: Runtime,
  open: {
    panel(): void;
    wizard(sceneId?: string, tokens?: readonly string[], mode?: WizardOptions["mode"]): void;
    tableCheck?(show: boolean): Promise<Result<TableReport>>;
  },
): KolikolyApi {
  return {
    createLake: (o) => rt.host.createLake(o),
    resolveRound: async (id) => {
      const r = await rt.host.resolveRound(id);
      return r.ok ? { ok: true, value: { round: r.value.round } } : r;
    },
    exportScenario: (id) => rt.host.exportScenario(id),
    undoRound: (id) => rt.host.undoRound(id),
    endGame: (id) => rt.host.endGame(id),
    declare: (id, f, d) => rt.host.setDeclaration(id, f, d),
    setTotal: (id, f, t) => rt.host.setTotal(id, f, t),
    openPanel: () => open.panel(),
    openWizard: (o) =>
      typeof o === "object" && o !== null
        ? open.wizard(
            o.sceneId,
            Array.isArray(o.tokens) ? o.tokens.map(String) : undefined,
            o.mode === "kayanak" ? "kayanak" : "kolikoly",
          )
        : open.wizard(o),
    tableCheck: (o) => open.tableCheck?.(o?.show !== false) ?? rt.table.run(),
    storeTraffic: () => rt.table.watch.traffic(),
    exportKeys: () => rt.host.exportKeys(),
    importKeys: (text) => rt.host.importKeys(text),
    keepKeyCopy: (passphrase) => rt.host.keyCopy.keep(passphrase),
    unlockKeys: (passphrase) => rt.host.unlockKeys(passphrase),
    kayanak: {
      createBoard: (o) => rt.kayanak.createBoard(o),
      request: (b, f, r) => rt.kayanak.request(b, f, r),
      undoTurn: (b) => rt.kayanak.undoTurn(b),
      exportScenario: (b) => rt.kayanak.exportScenario(b),
    },
    swarmBody: () => rt.port.swarmBody(),
    runtime: rt,
  };
}
