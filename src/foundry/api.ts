/**
 * The public API: game.modules.get("kolikoly-fishing").api (docs/foundry.md). Each method
 * returns a typed result ({ok, value} or {ok: false, error: {code, field, message}}).
 */
import type { Declaration, Scenario } from "../rules/index.ts";
import type { Runtime } from "./runtime.ts";
import type { CreateLakeOptions, Result } from "./service.ts";
import type { PublicLake } from "./projection.ts";
import type { PendingTotal } from "./record.ts";

export interface KolikolyApi {
  /** Creates a lake on a scene (active GM only). */
  createLake(options: CreateLakeOptions): Promise<Result<PublicLake>>;
  /** Resolves the pending round of a lake with Foundry's dice (active GM only). */
  resolveRound(lakeId: string): Promise<Result<{ round: number }>>;
  /** The game as a scenario file (scenario-format.md); GM only. */
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
  /** The runtime, for the players' side (issue 4) and macros that need the transport. */
  readonly runtime: Runtime;
}

export interface WizardOptions {
  readonly sceneId?: string;
  readonly tokens?: readonly string[];
}

export function makeApi(
  rt: Runtime,
  open: { panel(): void; wizard(sceneId?: string, tokens?: readonly string[]): void },
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
        ? open.wizard(o.sceneId, Array.isArray(o.tokens) ? o.tokens.map(String) : undefined)
        : open.wizard(o),
    runtime: rt,
  };
}
