/**
 * Kayanak's code on a Foundry client is a chunk of its own (issue 23: every client loads the
 * module's entry at start, and most tables never play Kayanak). This file is the one seam between
 * the two: the entry imports it, never the chunk (kayanak-chunk.ts: the host, the canvas layer,
 * the cards, the Kayanak rules they play), and a test checks that the built entry has no static
 * import of the chunk (tests/foundry/bundle.test.ts).
 *
 * The chunk is imported the first time this client needs it: a scene holds a Kayanak board (at
 * ready, on canvasReady, on a scene update that adds one: `drawKayanak` below), the lake wizard
 * picks Kayanak, or a Kayanak operation is asked for (the API, the GM panel, a player's request at
 * the active GM: `LazyKayanak`). What Foundry reads before ready
 * stays in the entry, small: the dice terms `dk` and `dt` in CONFIG.Dice.terms at init (a chat
 * message's rolls are rebuilt from them when the world loads) and their Dice So Nice faces
 * (hooks/kayanak-dice.ts, from dice.ts), and the board's public flag as a scene holds it (board.ts).
 */
import type { TableCore } from "../core/table-core.ts";
import type { SceneData } from "../core/port.ts";
import { boardFlags } from "./flags.ts";
import type { KayanakHost } from "./host.ts";
// a type only: erased from the build, so the entry has no static import of the chunk
import type * as Chunk from "./kayanak-chunk.ts";

export type KayanakChunk = typeof Chunk;

let chunk: Promise<KayanakChunk> | undefined;
let loaded: KayanakChunk | undefined;
const configure: ((k: KayanakChunk) => void)[] = [];

/** The chunk, imported once per page; what was asked with `onKayanakLoad` is done first. */
export function loadKayanak(): Promise<KayanakChunk> {
  chunk ??= import("./kayanak-chunk.ts").then((k) => {
    for (const fn of configure) fn(k);
    loaded = k;
    return k;
  });
  return chunk;
}

/** Whether this page has imported the chunk yet. */
export function kayanakLoaded(): boolean {
  return loaded !== undefined;
}

/**
 * Wiring the chunk needs from the rest of the module, done when it loads, before anything of it
 * runs (what the chunk's code needs of the module is passed to it as arguments: module.ts).
 */
export function onKayanakLoad(fn: (k: KayanakChunk) => void): void {
  configure.push(fn);
  if (loaded) fn(loaded);
}

/** Whether any of these scenes holds a Kayanak board (its public flag). */
export function anyBoard(scenes: readonly Pick<SceneData, "flags">[]): boolean {
  return scenes.some((s) => Object.keys(boardFlags(s).boards ?? {}).length > 0);
}

/**
 * ready, canvasReady, updateScene (hooks/ready.ts): the canvas's Kayanak board drawn, the chunk
 * loaded first when a scene holds a board. Until then there is nothing to draw or take away.
 */
export function drawKayanak(
  rt: Chunk.BoardRuntime,
  scenes: readonly Pick<SceneData, "flags">[],
  /** How a player's click is sent (the players' query), given by the composition root. */
  asPlayer?: Chunk.PlayerSend,
): void {
  if (!loaded && !anyBoard(scenes)) return;
  void loadKayanak().then((k) => k.drawKayanak(rt, asPlayer));
}

/** canvasTearDown (hooks/ready.ts): a board drawn on this client frees its picture's texture. */
export function tearDownKayanak(): void {
  loaded?.tearDownKayanak();
}

type Op<K extends keyof KayanakHost> = KayanakHost[K] extends (...a: infer A) => infer R
  ? (...a: A) => R
  : never;

/**
 * The runtime's Kayanak host (runtime.ts `kayanak`): the host's operations, each loading the
 * chunk and making the host (one per runtime, on the table core: its store, keys and authority)
 * the first time one is asked for.
 */
export class LazyKayanak {
  private made: Promise<KayanakHost> | undefined;

  constructor(private readonly core: TableCore) {}

  /** The host itself, once the chunk is in. */
  host(): Promise<KayanakHost> {
    this.made ??= loadKayanak().then((k) => new k.KayanakHost(this.core));
    return this.made;
  }

  /** The one authority is the table core's: answered without the chunk. */
  isAuthority(): boolean {
    return this.core.isAuthority();
  }

  readonly load: Op<"load"> = (id) => this.host().then((h) => h.load(id));
  readonly createBoard: Op<"createBoard"> = (o) => this.host().then((h) => h.createBoard(o));
  readonly createFromScenario: Op<"createFromScenario"> = (o) =>
    this.host().then((h) => h.createFromScenario(o));
  readonly readFile: Op<"readFile"> = (text) => this.host().then((h) => h.readFile(text));
  readonly request: Op<"request"> = (...a) => this.host().then((h) => h.request(...a));
  readonly undoTurn: Op<"undoTurn"> = (id) => this.host().then((h) => h.undoTurn(id));
  readonly exportScenario: Op<"exportScenario"> = (id) =>
    this.host().then((h) => h.exportScenario(id));
  /** Reconcile (core/commit.ts): asked only for a board on some scene, which loads the chunk anyway. */
  readonly reconcile: Op<"reconcile"> = (id, o) => this.host().then((h) => h.reconcile(id, o));
}
