/**
 * The swarm's sheet (K4, issue 9): an ApplicationV2 actor sheet of its own, since game systems
 * register sheets only for their own actor types (dnd5e unregisters the core actor sheet), so a
 * swarm would otherwise open nothing. It only shows: fish counts change through the game, never
 * by hand (the GM store is the truth; a hand edit would be undone at the next reconcile).
 */
import { MODULE_ID, SWARM_TYPE, TEMPLATE_ROOT } from "../core/constants.ts";
import type { Runtime } from "../runtime.ts";
import type { PublicLake, SwarmFlag } from "../fishing/projection.ts";
import { sceneFlags } from "../fishing/projection.ts";
import type { Coord } from "../../rules/index.ts";
import { swarmSheetContext } from "./swarm-sheet-context.ts";

const { HandlebarsApplicationMixin } = foundry.applications.api;
// fvtt-types' ActorSheetV2 through the mixin is too deep for the checker: typed as a plain base
const ActorSheetV2 = foundry.applications.sheets
  .ActorSheetV2 as unknown as typeof foundry.applications.api.ApplicationV2;

interface SwarmActor {
  readonly id: string | null;
  readonly name: string;
  readonly img: string | null;
  readonly system: { fish?: { value?: number; max?: number } };
  /** The token of a synthetic (unlinked) actor: ClientDocumentMixin#token / Actor#token. */
  readonly token?: {
    readonly flags?: Record<string, unknown>;
    readonly parent?: { readonly flags?: Record<string, unknown> } | null;
  } | null;
}

function lakesOf(flags: Record<string, unknown> | undefined): PublicLake[] {
  return Object.values(sceneFlags({ flags: flags ?? {} } as never).lakes ?? {});
}

/**
 * The sheet class Foundry is given: Foundry constructs a sheet itself (DocumentSheetConfig), so
 * what it needs is closed over by the class the composition root makes (module.ts), never set on
 * the class from outside.
 */
export function swarmSheetClass(runtime: Runtime): typeof SwarmSheet {
  const Base = SwarmSheet;
  // named as the class it extends: Foundry ids a registered sheet by scope and class name
  // (DocumentSheetConfig.registerSheet, v13: `${scope}.${sheetClass.name}`), kept as before
  return class SwarmSheet extends Base {
    protected override runtime(): Runtime {
      return runtime;
    }
  };
}

export class SwarmSheet extends HandlebarsApplicationMixin(ActorSheetV2) {
  /** The module's runtime (swarmSheetClass); the bare class has none and shows no GM detail. */
  protected runtime(): Runtime | undefined {
    return undefined;
  }

  static override DEFAULT_OPTIONS = {
    classes: ["kolikoly-swarm-sheet"],
    position: { width: 360, height: "auto" as const },
    window: { resizable: false },
  };

  static override PARTS = { main: { template: `${TEMPLATE_ROOT}/swarm-sheet.hbs` } };

  /** Registered for the swarm type only, as its default sheet (DocumentSheetConfig, v13). */
  static register(sheet: typeof SwarmSheet): void {
    const config = foundry.applications.apps.DocumentSheetConfig as unknown as {
      registerSheet(doc: unknown, scope: string, cls: unknown, o: object): void;
    };
    config.registerSheet(Actor, MODULE_ID, sheet, {
      types: [SWARM_TYPE],
      makeDefault: true,
      label: "KOLIKOLY.Foundry.SwarmSheet.Label",
    });
  }

  override async _prepareContext(options: never): Promise<never> {
    const base = (await super._prepareContext(options)) as object;
    const rt = this.runtime();
    const actor = (this as unknown as { actor: SwarmActor }).actor;
    const flag = actor.token?.flags?.[MODULE_ID] as (SwarmFlag & { at?: Coord }) | undefined;
    // the token's lake, else (the lake's base actor in the sidebar) the lake that made it
    const lake =
      (flag && lakesOf(actor.token?.parent?.flags ?? undefined).find((l) => l.id === flag.lake)) ??
      game
        .scenes!.contents.flatMap((s) => lakesOf(s.flags as Record<string, unknown>))
        .find((l) => l.swarmActorId === actor.id);
    const gm = rt && game.user!.isGM && lake ? { session: rt.host.cached(lake.id) } : undefined;
    const t = (k: string, d?: Readonly<Record<string, unknown>>) =>
      d ? game.i18n!.format(k, d as Record<string, string>) : game.i18n!.localize(k);
    return {
      ...base,
      ...swarmSheetContext(
        {
          name: actor.name,
          img: actor.img ?? "",
          fish: { value: actor.system.fish?.value ?? 0, max: actor.system.fish?.max ?? 0 },
          flag,
          lake,
          gm,
        },
        t,
      ),
    } as never;
  }
}
