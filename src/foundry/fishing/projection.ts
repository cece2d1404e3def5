/**
 * What players may see of a lake, as Foundry data: the public lake flag on the scene and the
 * swarm tokens. Everything here is computed from `viewFor(state, "player")` and the public
 * events only (secrecy is a projection, docs/architecture.md), so no secret can reach a scene,
 * a token or a flag, which every client receives (docs/foundry.md, "What every client receives").
 */
import type { Coord, GameEvent, GameState, LakeSpec, LakeView } from "../../rules/index.ts";
import { coordOf, indexOf, onBoard, viewFor } from "../../rules/index.ts";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { DISPLAY_ALWAYS, MODULE_ID, SWARM_ICON } from "../core/constants.ts";
import type { SceneData, TokenCreate, TokenData, TokenUpdate, WriteOp } from "../core/port.ts";
import { MODULE_BODY, fishAt, fishSystem } from "../core/swarm-body.ts";
import type { Alias } from "./aliases.ts";
import { IDENTITY, aliasEvents, aliasView } from "./aliases.ts";

export type Layout = "side-by-side" | "scene-levels";
export type MarkerMode = "remove" | "lastSeen";

export interface PublicFisher {
  readonly id: string;
  readonly name: string;
  readonly tokenId: string;
  readonly actorId: string | null;
}

/** The public lake: a flag on its scene (`flags.kolikoly-fishing.lakes.<id>`). No secret in it. */
export interface PublicLake {
  readonly id: string;
  readonly name: string;
  readonly sceneId: string;
  readonly lake: LakeSpec;
  /** Grid column and row of square (0, 0) of level 0. */
  readonly origin: { readonly col: number; readonly row: number };
  readonly layout: Layout;
  /**
   * "scene-levels" (v14): the Scene Level each lake level is drawn on, surface first. A token's
   * level is its `level` field (TokenData.level, a Level id), not its elevation alone: without
   * it every lake level's tokens would show on one Scene Level.
   */
  readonly sceneLevels?: readonly { readonly id: string; readonly elevation: number }[];
  /** Empty columns between levels laid out side by side. */
  readonly gap: number;
  readonly fishers: readonly PublicFisher[];
  readonly swarmActorId: string;
  /** The swarm tokens' bar path (swarm-body.ts); absent means the module's own `fish`. */
  readonly swarmBar?: string;
  readonly markers: MarkerMode;
  /**
   * Fair dice for the players' checks (players/fair-dice.ts): public, so each player's client
   * knows to draw its dice; absent (a lake made before the setting) is off.
   */
  readonly fairDice?: boolean;
  readonly round: number;
  readonly over: boolean;
  /** Explored squares by index (public: viewFor gives them to players). */
  readonly explored: readonly number[];
  /** K5: who has declared this round (never what). */
  readonly declared: readonly string[];
  readonly catches: Readonly<Record<string, number>>;
}

export interface SceneFlags {
  readonly lakes?: Readonly<Record<string, PublicLake>>;
  readonly active?: string;
}

export function sceneFlags(scene: SceneData): SceneFlags {
  return (scene.flags[MODULE_ID] ?? {}) as SceneFlags;
}

export function publicLakeOf(scene: SceneData, lakeId: string): PublicLake | undefined {
  return sceneFlags(scene).lakes?.[lakeId];
}

/** The public lake after a state change: round, explored squares, catches; `declared` is reset. */
export function publicLakeFor(
  base: PublicLake,
  state: GameState,
  declared: readonly string[],
): PublicLake {
  const view = viewFor(state, "player");
  return {
    ...base,
    round: view.round,
    over: view.over,
    explored: view.explored.map((c) => indexOf(state.lake, c)),
    declared: [...declared],
    catches: Object.fromEntries(view.fishers.map((f) => [f.id, f.caught])),
  };
}

// the scene's grid arithmetic both games' boards use (core/grid.ts)
export { gridCellAt, gridCellOrigin } from "../core/grid.ts";
import { gridCellAt, gridCellOrigin } from "../core/grid.ts";

/** Top-left pixel of a board square (K1 layout): levels side by side with a gap, or stacked (v14 Scene Levels). */
export function squareOrigin(
  pub: Pick<PublicLake, "origin" | "layout" | "gap" | "lake" | "sceneLevels">,
  scene: Pick<SceneData, "gridSize" | "sceneX" | "sceneY">,
  at: Coord,
): { x: number; y: number; elevation: number; level?: string } {
  const [x, y, level] = at;
  const levelShift = pub.layout === "side-by-side" ? level * (pub.lake.width + pub.gap) : 0;
  const onto = pub.layout === "scene-levels" ? pub.sceneLevels?.[level] : undefined;
  return {
    ...gridCellOrigin(scene, pub.origin.col + levelShift + x, pub.origin.row + y),
    elevation: onto ? onto.elevation : pub.layout === "scene-levels" ? -level : 0,
    ...(onto ? { level: onto.id } : {}),
  };
}

/**
 * The squares a lake takes on the scene from its origin (squareOrigin's layout): its levels side
 * by side, `gap` squares apart, or one level's width when they are stacked (Scene Levels).
 */
export function lakeFootprint(
  lake: Pick<PublicLake["lake"], "width" | "height" | "levels">,
  layout: Layout,
  gap: number,
): { width: number; height: number } {
  const width =
    layout === "side-by-side" ? lake.levels * lake.width + (lake.levels - 1) * gap : lake.width;
  return { width, height: lake.height };
}

/**
 * The Scene Levels a lake of `levels` levels is drawn on: the scene's own Level documents,
 * highest first (lake level 0 is the surface), each token placed at its level's bottom
 * elevation. Undefined when the scene has fewer Levels than the lake.
 */
export function sceneLevelsFor(
  scene: Pick<SceneData, "levels">,
  levels: number,
): { id: string; elevation: number }[] | undefined {
  const own = [...(scene.levels ?? [])].sort((a, b) => b.bottom - a.bottom);
  if (own.length < levels) return undefined;
  return own.slice(0, levels).map((l) => ({ id: l.id, elevation: l.bottom }));
}

/** The square a pixel position lies in, if it is on the board (the wizard reads fishers' starts this way). */
export function squareAt(
  pub: Pick<PublicLake, "origin" | "layout" | "gap" | "lake">,
  scene: Pick<SceneData, "gridSize" | "sceneX" | "sceneY">,
  px: number,
  py: number,
): Coord | undefined {
  const cell = gridCellAt(scene, px, py);
  const col = cell.col - pub.origin.col;
  const row = cell.row - pub.origin.row;
  if (row < 0 || row >= pub.lake.height || col < 0) return undefined;
  const stride = pub.layout === "side-by-side" ? pub.lake.width + pub.gap : Infinity;
  const level = pub.layout === "side-by-side" ? Math.floor(col / stride) : 0;
  const x = pub.layout === "side-by-side" ? col - level * stride : col;
  if (x >= pub.lake.width || level >= pub.lake.levels) return undefined;
  return [x, row, level];
}

export interface SwarmFlag {
  readonly lake: string;
  readonly swarm: string;
  /** "last seen" marker: the swarm was here when players last saw it. */
  readonly stale?: boolean;
}

/** The lake's swarm bar path. */
export function barOf(pub: Pick<PublicLake, "swarmBar">): string {
  return pub.swarmBar ?? MODULE_BODY.bar;
}

export function swarmFlagOf(t: TokenData): SwarmFlag | undefined {
  const f = t.flags?.[MODULE_ID] as SwarmFlag | undefined;
  return f && typeof f.swarm === "string" && typeof f.lake === "string" ? f : undefined;
}

/**
 * The document id of a swarm's token: fixed by the lake and the swarm's public id (16 hex
 * characters, a Foundry id's length), and created with it (`keepId`). A token is the lake's swarm
 * token only when its id is this and its actor is the lake's swarm actor, both of which only a GM
 * client chose: a token's flags are not enough, since the owner of a token may update it, flags
 * and actor included (v13 common/documents/token.mjs, BaseToken #canUpdate: the actor's owner),
 * but no one can change a document's id.
 */
export function swarmTokenId(lakeId: string, swarm: string): string {
  return bytesToHex(sha256(utf8ToBytes(`kolikoly-swarm-token|${lakeId}|${swarm}`))).slice(0, 16);
}

/** The lake's swarm tokens (and last-seen markers) on a scene, known by what a GM client wrote. */
export function swarmTokensOf(pub: PublicLake, scene: Pick<SceneData, "tokens">): TokenData[] {
  return scene.tokens.filter((t) => {
    const f = swarmFlagOf(t);
    return (
      !!f &&
      f.lake === pub.id &&
      t.actorId === pub.swarmActorId &&
      t._id === swarmTokenId(pub.id, f.swarm) &&
      !isFisherToken(pub, t)
    );
  });
}

export function isFisherToken(pub: PublicLake, t: TokenData): boolean {
  return pub.fishers.some((f) => f.tokenId === t._id);
}

interface Wanted {
  readonly swarm: string;
  readonly at: Coord;
  readonly fish: number;
  readonly max: number;
  readonly stale: boolean;
}

/**
 * K20: the swarm tokens players may see. `remove`: exactly the seen swarms. `lastSeen`: also a
 * marker where an unseen swarm was last seen (with the count players saw), until the swarm is
 * seen again or is publicly caught out; markers come from earlier public tokens, never from
 * the truth.
 */
export function wantedSwarms(
  pub: PublicLake,
  view: LakeView,
  existing: readonly TokenData[],
  publicEvents: readonly GameEvent[],
): Wanted[] {
  const out: Wanted[] = view.swarms.map((s) => ({
    swarm: s.id,
    at: s.at,
    fish: s.fish,
    max: s.max,
    stale: false,
  }));
  if (pub.markers !== "lastSeen") return out;
  const gone = new Set(
    publicEvents.flatMap((e) => (e.type === "swarmCaught" && e.left === 0 ? [e.swarm] : [])),
  );
  for (const t of existing) {
    const f = swarmFlagOf(t);
    if (!f || f.lake !== pub.id || out.some((w) => w.swarm === f.swarm) || gone.has(f.swarm))
      continue;
    const at = (t.flags?.[MODULE_ID] as { at?: unknown }).at;
    // only a GM client wrote it (swarmTokensOf), but it is read as data all the same
    if (!Array.isArray(at) || at.length !== 3 || !onBoard(pub.lake, at as unknown as Coord))
      continue;
    const fish = fishAt(t.delta?.system, barOf(pub));
    out.push({
      swarm: f.swarm,
      at: at as unknown as Coord,
      fish: fish?.value ?? 0,
      max: fish?.max ?? 0,
      stale: true,
    });
  }
  return out;
}

function swarmToken(
  pub: PublicLake,
  scene: SceneData,
  w: Wanted,
  slot: number,
  name: string,
): TokenCreate {
  const o = squareOrigin(pub, scene, w.at);
  const half = scene.gridSize / 2;
  return {
    _id: swarmTokenId(pub.id, w.swarm),
    name,
    x: o.x + (slot % 2) * half,
    y: o.y + (Math.floor(slot / 2) % 2) * half,
    width: 0.5,
    height: 0.5,
    elevation: o.elevation,
    ...(o.level ? { level: o.level } : {}),
    actorId: pub.swarmActorId,
    actorLink: false,
    hidden: false,
    texture: { src: SWARM_ICON },
    bar1: { attribute: barOf(pub) },
    displayBars: DISPLAY_ALWAYS,
    delta: { system: fishSystem(barOf(pub), w.fish, w.max) },
    flags: {
      [MODULE_ID]: {
        lake: pub.id,
        swarm: w.swarm,
        at: [...w.at],
        ...(w.stale ? { stale: true } : {}),
      },
    },
  };
}

/**
 * The token writes that make the scene show `state` to players: fisher moves, and swarm tokens
 * created, updated and deleted. At most one op of each kind, whatever the number of tokens.
 */
export function tokenOps(
  pub: PublicLake,
  scene: SceneData,
  state: GameState,
  publicEvents: readonly GameEvent[],
  swarmName: string,
  /** The lake's public swarm ids: tokens carry these, never the engine's (aliases.ts). */
  alias: Alias = IDENTITY,
): WriteOp[] {
  const view = aliasView(viewFor(state, "player"), alias);
  publicEvents = aliasEvents(publicEvents, alias);
  const mine = swarmTokensOf(pub, scene);
  const wanted = wantedSwarms(pub, view, mine, publicEvents);
  const slots = new Map<string, number>();
  const create: TokenCreate[] = [];
  const update: TokenUpdate[] = [];
  const keep = new Set<string>();
  for (const w of wanted) {
    const key = `${w.at.join(",")}`;
    const slot = slots.get(key) ?? 0;
    slots.set(key, slot + 1);
    const data = swarmToken(pub, scene, w, slot, swarmName);
    const old = mine.find((t) => swarmFlagOf(t)?.swarm === w.swarm);
    if (!old) {
      create.push(data);
      continue;
    }
    keep.add(old._id);
    const fish = fishAt(old.delta?.system, barOf(pub));
    const oldFlag = old.flags?.[MODULE_ID] as Record<string, unknown>;
    if (
      old.x !== data.x ||
      old.y !== data.y ||
      old.elevation !== data.elevation ||
      old.level !== data.level ||
      fish?.value !== w.fish ||
      fish?.max !== w.max ||
      Boolean(oldFlag.stale) !== w.stale ||
      JSON.stringify(oldFlag.at) !== JSON.stringify(w.at)
    )
      update.push({
        _id: old._id,
        x: data.x,
        y: data.y,
        elevation: data.elevation,
        ...(data.level ? { level: data.level } : {}),
        delta: data.delta!,
        flags: { [MODULE_ID]: { ...(data.flags![MODULE_ID] as object), stale: w.stale } },
      });
  }
  for (const f of view.fishers) {
    const pf = pub.fishers.find((x) => x.id === f.id);
    const t = pf && scene.tokens.find((x) => x._id === pf.tokenId);
    if (!t) continue;
    const o = squareOrigin(pub, scene, f.at);
    if (t.x !== o.x || t.y !== o.y || t.elevation !== o.elevation || t.level !== o.level)
      update.push({
        _id: t._id,
        x: o.x,
        y: o.y,
        elevation: o.elevation,
        ...(o.level ? { level: o.level } : {}),
      });
  }
  const remove = mine.filter((t) => !keep.has(t._id)).map((t) => t._id);
  const ops: WriteOp[] = [];
  if (create.length) ops.push({ kind: "tokens.create", sceneId: scene._id, data: create });
  if (update.length) ops.push({ kind: "tokens.update", sceneId: scene._id, updates: update });
  if (remove.length) ops.push({ kind: "tokens.delete", sceneId: scene._id, ids: remove });
  return ops;
}

export function sceneLakeOp(scene: SceneData, pub: PublicLake): WriteOp {
  return {
    kind: "scene.update",
    sceneId: scene._id,
    update: { [`flags.${MODULE_ID}.lakes.${pub.id}`]: pub, [`flags.${MODULE_ID}.active`]: pub.id },
  };
}

/**
 * One lake level as the canvas draws it (layer.ts): where its square (0, 0) lies on the scene,
 * at what elevation, on which v14 Level, and whether its row numbers fit left of it (not when
 * another level is laid right beside it, gap 0: they would cover that level's last column).
 */
export interface BoardLevel {
  readonly level: number;
  readonly x: number;
  readonly y: number;
  readonly elevation: number;
  readonly rows: boolean;
  /** The Scene Level it is drawn on ("scene-levels" layout): shown while that Level is viewed. */
  readonly sceneLevel?: string;
}

/**
 * The levels drawn on the scene (squareOrigin's layout): side by side, each one; stacked on the
 * scene's Levels, each one on its own Level at that Level's elevation. A stacked lake that names
 * no Levels has only its surface drawn: its levels would all lie on one spot of one Level.
 */
export function boardLevels(
  pub: Pick<PublicLake, "origin" | "layout" | "gap" | "lake" | "sceneLevels">,
  scene: Pick<SceneData, "gridSize" | "sceneX" | "sceneY">,
): BoardLevel[] {
  const stacked = pub.layout === "scene-levels";
  const shown = !stacked || pub.sceneLevels ? pub.lake.levels : 1;
  return Array.from({ length: shown }, (_, level) => {
    const o = squareOrigin(pub, scene, [0, 0, level]);
    return {
      level,
      x: o.x,
      y: o.y,
      elevation: o.elevation,
      rows: stacked || level === 0 || pub.gap > 0,
      ...(o.level !== undefined ? { sceneLevel: o.level } : {}),
    };
  });
}

/**
 * The lake as every client may see it, from the public flag only: its size, round and explored
 * squares (K20: what `viewFor` gives players), and no swarm or fisher, which the scene's own
 * tokens show. The canvas draws its picture from this (K21).
 */
export function publicLakeView(
  pub: Pick<PublicLake, "lake" | "round" | "over" | "explored">,
): LakeView {
  return {
    viewer: "player",
    round: pub.round,
    over: pub.over,
    lake: pub.lake,
    fishers: [],
    swarms: [],
    explored: pub.explored.map((i) => coordOf(pub.lake, i)),
  };
}
