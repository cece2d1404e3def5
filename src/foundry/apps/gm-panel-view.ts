/**
 * The GM panel's view and what it follows (issue 20 item 3), apart from its window
 * (gm-panel.ts) so the behavioural fake draws the same panel on several GM clients: the context
 * the template is rendered with, which changes concern the panel, and its Resolve, which means
 * the round on screen.
 */
import type { Runtime } from "../runtime.ts";
import type { LiveChange } from "../core/live-feed.ts";
import type { SceneData } from "../core/port.ts";
import type { Result } from "../core/result.ts";
import { sceneFlags } from "../fishing/projection.ts";
import { boardFlags } from "../kayanak/flags.ts";
import { kayanakPanelBoards, panelContext } from "./panel-context.ts";
import { leakBanner } from "./table-check-context.ts";
import { keyCopyLine } from "./key-copy-dialog.ts";

/** The lake the panel shows: the viewed scene's active lake. */
export function panelLakeId(scene: Pick<SceneData, "flags"> | undefined): string | undefined {
  return scene ? sceneFlags(scene as SceneData).active : undefined;
}

/** What templates/foundry/gm-panel.hbs is rendered with, on this GM client, for the viewed scene. */
export async function gmPanelContext(
  rt: Runtime,
  sceneId: string | undefined,
  canLock: boolean,
): Promise<object> {
  const t = (k: string, d?: Readonly<Record<string, unknown>>) => rt.port.localize(k, d);
  // a leak recorded by a table check stays on top of the panel until a GM dismisses it
  const leaked = rt.table.leak();
  const leak = leaked ? leakBanner(leaked, t) : null;
  // issue 11: the scene's Kayanak boards, from their public flag, whatever the lake
  const scene = sceneId ? rt.port.scene(sceneId) : undefined;
  const boards = scene ? kayanakPanelBoards(scene, t) : [];
  // issue 20 item 11: whether the store holds a passphrase copy, and whether it is behind
  const keys = await keyCopyLine(rt.core, t);
  const lakeId = panelLakeId(scene);
  if (!lakeId) return { lake: null, leak, boards, keys };
  const l = await rt.host.load(lakeId);
  // a lake this browser cannot open (its key is missing, a revision damaged): said plainly
  if (!l.ok)
    return {
      lake: null,
      leak,
      sealed: ["keyMissing", "storeDamaged"].includes(l.error.code)
        ? t(`KOLIKOLY.Foundry.Error.${l.error.code}`)
        : null,
      boards,
      keys,
    };
  return {
    lake: panelContext(l.value.session, l.value.record.pending, l.value.pub, t),
    canLock,
    leak,
    boards,
    keys,
  };
}

/**
 * Whether a change is one the panel shows: a record of a game on the viewed scene (every
 * declaration, total, lock, resolution and undo writes one), the viewed scene's flags (a lake
 * made or made active, a Kayanak board's turn), a card of one of its games, a user coming or
 * going (a hand-over moves the authority the buttons need).
 */
export function panelConcerns(c: LiveChange, scene: SceneData | undefined): boolean {
  if (c.kind === "users") return true;
  if (!scene) return false;
  if (c.kind === "scene") return c.sceneId === scene._id;
  const games = [
    ...Object.keys(sceneFlags(scene).lakes ?? {}),
    ...Object.keys(boardFlags(scene).boards ?? {}),
  ];
  return c.game === undefined || games.includes(c.game);
}

export type ResolveOutcome =
  | { readonly kind: "resolved"; readonly round: number }
  /** The round on screen was resolved (or undone) by another GM client meanwhile: nothing done. */
  | { readonly kind: "moved"; readonly shown: number }
  | { readonly kind: "failed"; readonly result: Result<unknown> };

/**
 * Resolve, as the panel means it: the round it shows (its button's data-round). If another GM
 * client resolved or undid it meanwhile, nothing is resolved and the panel is drawn again with
 * the round now in play, rather than the GM being told `staleRound` about a round off screen.
 */
export async function resolveShown(
  rt: Runtime,
  lakeId: string,
  shown: number | undefined,
): Promise<ResolveOutcome> {
  const r = await rt.host.resolveRound(lakeId, shown);
  if (r.ok) return { kind: "resolved", round: r.value.round };
  if (r.error.code === "staleRound" && shown !== undefined) return { kind: "moved", shown };
  return { kind: "failed", result: r };
}
