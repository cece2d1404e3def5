/**
 * The public API: game.modules.get("kolikoly-fishing").api (docs/foundry.md). Each method
 * returns a typed result ({ok, value} or {ok: false, error: {code, field, message}}).
 */
import type { Declaration, Scenario } from "../rules/index.ts";
import type { Runtime } from "./runtime.ts";
import type { CreateLakeOptions, Result, ScenarioLakeOptions } from "./fishing/host.ts";
import type { Port } from "./core/port.ts";
import { UNKNOWN_ERROR_KEY, errorKey } from "./core/reply.ts";
import { LAKE_LIMITS_TEXT } from "../rules/index.ts";
import type { PublicLake } from "./fishing/projection.ts";
import type { PendingTotal } from "./fishing/record.ts";
import type { StoreTraffic } from "./core/leak-watch.ts";
import type { TableReport } from "./core/table-check.ts";
import type {
  KayanakBoardOptions,
  KayanakRequest,
  KayanakScenarioOptions,
} from "./kayanak/host.ts";
import type { PublicBoard } from "./kayanak/board.ts";
import type { SwarmBody } from "./core/swarm-body.ts";

export interface KolikolyApi {
  /**
   * Creates a lake on a scene (active GM only). Each fisher's modifiers, net, armour class,
   * armour and hit points are those given, else the character's as the system adapter reads
   * them, kept in the lake's set-up.
   */
  createLake(options: CreateLakeOptions): Promise<Result<PublicLake>>;
  /**
   * A lake from a scenario file (`kolikoly-scenario/1`, its text or parsed JSON), played as the
   * CLI plays it and placed at the round it stopped (active GM only). Fishers are matched to the
   * scene's tokens by name unless `tokens` names them; a refusal names the file's field.
   */
  createFromScenario(options: ScenarioLakeOptions): Promise<Result<PublicLake>>;
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
  /** H5: revives an unconscious or dying fisher as the coming round starts (they act in it). */
  setRevive(lakeId: string, fisher: string, on: boolean): Promise<Result<boolean>>;
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
    /** A board from a `kayanak-scenario/1` file (its text or JSON), continued where it stopped. */
    createFromScenario(options: KayanakScenarioOptions): Promise<Result<PublicBoard>>;
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

/**
 * A refusal as the API returns it: its stable `code` and `field`, and its `message` in this
 * user's language (the module's keys, then the engine's: core/reply.ts `errorKey`), never a bare
 * code. A refusal that already carries words (an engine's check of a file) keeps them where no
 * key has any.
 */
export function localized<T>(port: Port, r: Result<T>): Result<T> {
  if (r.ok) return r;
  const key = errorKey(r.error.code, (k) => port.hasKey(k));
  if (key === UNKNOWN_ERROR_KEY) return r;
  const message = port.localize(key, {
    ...LAKE_LIMITS_TEXT,
    code: r.error.code,
    field: r.error.field,
    message: r.error.message,
  });
  return { ok: false, error: { ...r.error, message } };
}

export function makeApi(
  rt: Runtime,
  open: {
    panel(): void;
    wizard(sceneId?: string, tokens?: readonly string[], mode?: WizardOptions["mode"]): void;
    tableCheck?(show: boolean): Promise<Result<TableReport>>;
  },
): KolikolyApi {
  const said = <T>(p: Promise<Result<T>>): Promise<Result<T>> =>
    p.then((r) => localized(rt.port, r));
  return {
    createLake: (o) => said(rt.host.createLake(o)),
    createFromScenario: (o) => said(rt.host.createFromScenario(o)),
    resolveRound: (id) =>
      said(
        rt.host
          .resolveRound(id)
          .then((r) => (r.ok ? { ok: true as const, value: { round: r.value.round } } : r)),
      ),
    exportScenario: (id) => said(rt.host.exportScenario(id)),
    undoRound: (id) => said(rt.host.undoRound(id)),
    endGame: (id) => said(rt.host.endGame(id)),
    declare: (id, f, d) => said(rt.host.setDeclaration(id, f, d)),
    setTotal: (id, f, t) => said(rt.host.setTotal(id, f, t)),
    setRevive: (id, f, on) => said(rt.host.setRevive(id, f, on)),
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
    exportKeys: () => localized(rt.port, rt.core.exportKeys()),
    importKeys: (text) => said(rt.core.importKeys(text)),
    keepKeyCopy: (passphrase) => said(rt.core.keyCopy.keep(passphrase)),
    unlockKeys: (passphrase) => said(rt.core.unlockKeys(passphrase)),
    kayanak: {
      createBoard: (o) => said(rt.kayanak.createBoard(o)),
      createFromScenario: (o) => said(rt.kayanak.createFromScenario(o)),
      request: (b, f, r) => said(rt.kayanak.request(b, f, r)),
      undoTurn: (b) => said(rt.kayanak.undoTurn(b)),
      exportScenario: (b) => said(rt.kayanak.exportScenario(b)),
    },
    swarmBody: () => rt.port.swarmBody(),
    runtime: rt,
  };
}
