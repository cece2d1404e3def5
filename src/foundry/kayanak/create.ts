/**
 * A Kayanak board's set-up (J1, J11) in Foundry, made three ways, each exactly reproducible:
 * - with a seed the GM gives: the engine's own board for that seed, floes and fish alike (what
 *   `kolikoly replay` and the table make of a `kayanak-scenario/1` file with that seed). The
 *   seed lives in the GM record only, never in a flag or a card; the fish are as secret as the
 *   seed is (the GM guide says so);
 * - with no seed: a seed drawn here cuts the floes, which every player sees, and the fish are
 *   dropped by a generator of their own with 128 bits of state from the browser's crypto
 *   (`secretDrop`): the rules ship in every client, so a player could otherwise try every seed
 *   against the floes and find the fish. The drop goes into the set-up as placed `holes`, in
 *   the GM record only; the export carries them, so the game replays exactly;
 * - from a `kayanak-scenario/1` file: exactly what the file says, its turns replayed to where
 *   it stopped, its fishers matched to the scene's tokens (core/scenario-file.ts).
 * The engine checks the whole set-up (or file) first and names the field at fault; nothing is
 * written until all of it is accepted. The record is written first, the bears, the public board
 * and the set-up card roll forward from it.
 */
import { catchSettingFrom } from "../core/haul-source.ts";
import type { PrngState } from "../../rules/index.ts";
import { Xoshiro128, wholeWithin } from "../../rules/index.ts";
import type {
  Hole,
  HoleState,
  KayanakSession,
  KayanakSetup,
  KayanakState,
  PlacedHole,
  Variant,
} from "../../rules/kayanak/index.ts";
import {
  DEFAULT_FISH,
  dropFish,
  newGame,
  playScenario,
  playScenarioText,
  startSession,
} from "../../rules/kayanak/index.ts";
import type { GameHosting } from "../core/game-host.ts";
import { matchOnScene, matchedTokens, readGameFile } from "../core/scenario-file.ts";
import { boardMisfit, misfitError } from "../core/grid.ts";
import type { ChatCreate, SceneData, WriteOp } from "../core/port.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import type { BoardFisher, PublicBoard } from "./board.ts";
import { bearOps, publicBoardFor, publicBoardOf, sceneBoardOp } from "./board.ts";
import { importedTurnsLine, kayanakCard } from "./cards.ts";
import type { KayanakRecord } from "./record.ts";
import type { GameFile } from "../core/scenario-file.ts";

export interface KayanakBoardOptions {
  readonly sceneId: string;
  readonly name: string;
  /** The grid square of the board's top-left hole. */
  readonly origin: { readonly col: number; readonly row: number };
  readonly width?: number;
  readonly height?: number;
  /** Floes to generate (J1). */
  readonly floes?: number;
  readonly fish?: { readonly big: number; readonly small: number };
  readonly variant?: Variant;
  readonly keepFishing?: boolean;
  readonly shakeTheBox?: boolean;
  /** J6 setting: the landing check's DC (`1d20 + dex`), or null (default) for none. */
  readonly landCheck?: number | null;
  /**
   * The fishers in turn order (J2: clockwise, as the GM lists them), each a token and a hole,
   * and the dexterity modifier of the landing check (J6 setting; default 0).
   */
  readonly fishers: readonly {
    readonly tokenId: string;
    readonly at: Hole;
    readonly dex?: number;
  }[];
  /**
   * The board of this seed, floes and fish, as the engine makes it (the CLI, the table): the
   * same seed makes the same board again. Left out: the floes from a seed drawn here and the
   * fish dropped apart from it, in secret.
   */
  readonly seed?: number;
  /** What a catch grants the characters: a RollTable's or an Item's UUID (core/haul.ts). */
  readonly catch?: string;
}

/** A board from a `kayanak-scenario/1` file: where it goes, and whose token each fisher is. */
export interface KayanakScenarioOptions {
  readonly sceneId: string;
  /** The file: its text, or its JSON already parsed. */
  readonly scenario: unknown;
  /** The board's name; the file's `name` when left out. */
  readonly name?: string;
  readonly origin: { readonly col: number; readonly row: number };
  /** The scene token of each fisher of the file, by its id; the others are matched by name. */
  readonly tokens?: Readonly<Record<string, string>>;
  /** What a catch grants the characters: a RollTable's or an Item's UUID (core/haul.ts). */
  readonly catch?: string;
}

/** What making a board needs of the Kayanak host. */
export interface BoardMaking {
  readonly games: GameHosting<KayanakSession>;
}

/** A seed for a new board, from the browser's crypto (a whole number below 2,000,000,000). */
export function randomSeed(): number {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return a[0]! % 2_000_000_000;
}

/** A generator's full 128-bit state from the browser's crypto (never all zero: xoshiro's one bad state). */
function cryptoState(): PrngState {
  const a = new Uint32Array(4);
  do globalThis.crypto.getRandomValues(a);
  while (a.every((x) => x === 0));
  return [a[0]!, a[1]!, a[2]!, a[3]!];
}

/**
 * J1's fish drop for a board, drawn apart from its seed (see the file's comment): the fish of
 * `fish` each into a uniformly random hole, from a generator of its own, as placed holes.
 */
export function secretDrop(
  width: number,
  height: number,
  fish: { readonly big: number; readonly small: number },
  state: PrngState = cryptoState(),
): PlacedHole[] {
  const holes: HoleState[] = Array.from({ length: width * height }, () => ({
    open: false,
    frozen: false,
    big: 0,
    small: 0,
  }));
  dropFish(holes, fish.big, fish.small, new Xoshiro128(state));
  return holes.flatMap((h, i): PlacedHole[] =>
    h.big + h.small > 0
      ? [{ at: [i % width, Math.floor(i / width)], big: h.big, small: h.small }]
      : [],
  );
}

/** The bears (unless `bears` is false) and the public board flag, each only where it differs. */
export function publicBoardOps(
  scene: SceneData,
  pub: PublicBoard,
  state: KayanakState,
  bears = true,
): WriteOp[] {
  const ops = bears ? bearOps(pub, scene, state) : [];
  if (JSON.stringify(publicBoardOf(scene, pub.id)) !== JSON.stringify(pub))
    ops.push(sceneBoardOp(scene, pub));
  return ops;
}

/** J1, J11: a new board on a scene, the fishers' tokens as bears, in turn order (J2). */
export async function createBoard(
  h: BoardMaking,
  o: KayanakBoardOptions,
): Promise<Result<PublicBoard>> {
  if (!h.games.isAuthority()) return err("notActiveGm");
  const scene = h.games.port.scene(o.sceneId);
  if (!scene) return err("unknownScene", "sceneId");
  if (typeof o.name !== "string" || !o.name.trim()) return err("badField", "name");
  if (!Array.isArray(o.fishers) || o.fishers.length === 0) return err("noFishers", "fishers");
  if (o.seed !== undefined && !Number.isSafeInteger(o.seed)) return err("badField", "seed");
  const seen = new Set<string>();
  const fishers: BoardFisher[] = [];
  for (const [i, f] of o.fishers.entries()) {
    const t = scene.tokens.find((x) => x._id === f.tokenId);
    if (!t || seen.has(t._id)) return err("unknownToken", `fishers[${i}].tokenId`);
    seen.add(t._id);
    fishers.push({ id: `f${i + 1}`, name: t.name, tokenId: t._id, actorId: t.actorId });
  }
  const asked: KayanakSetup = {
    seed: o.seed ?? randomSeed(),
    ...(o.width !== undefined ? { width: o.width } : {}),
    ...(o.height !== undefined ? { height: o.height } : {}),
    ...(o.floes !== undefined ? { floeCount: o.floes } : {}),
    ...(o.fish ? { fish: o.fish } : {}),
    settings: {
      variant: o.variant ?? "basic",
      keepFishing: o.keepFishing ?? false,
      shakeTheBox: o.shakeTheBox ?? false,
      landCheck: o.landCheck ?? null,
    },
    fishers: o.fishers.map((f, i) => ({
      id: fishers[i]!.id,
      name: fishers[i]!.name,
      at: f.at,
      ...(f.dex !== undefined ? { dex: f.dex } : {}),
    })),
  };
  // the GM's options checked as given (the engine names the field at fault, `fish.big` too)
  const checked = newGame(asked);
  if (!checked.ok) return checked;
  const { width, height } = checked.state.board;
  // a seed the GM gave makes the engine's own board; else the fish fall apart from the seed
  const { fish: _fish, ...rest } = asked;
  const setup: KayanakSetup =
    o.seed !== undefined
      ? asked
      : { ...rest, holes: secretDrop(width, height, o.fish ?? DEFAULT_FISH) };
  const started = startSession(setup);
  if (!started.ok) return started;
  return placeBoard(h, scene, o, started.session, fishers, o.name.trim());
}

/** A board from a `kayanak-scenario/1` file, played as the CLI plays it, its bears matched to tokens. */
export async function createBoardFromScenario(
  h: BoardMaking,
  o: KayanakScenarioOptions,
): Promise<Result<PublicBoard>> {
  if (!h.games.isAuthority()) return err("notActiveGm");
  const scene = h.games.port.scene(o.sceneId);
  if (!scene) return err("unknownScene", "sceneId");
  const read = readGameFile(o.scenario, playScenario, playScenarioText);
  if (!read.ok) return read;
  const { session, name: fileName } = read.value;
  const matches = matchOnScene(h.games.port, scene, session.setup.fishers, o.tokens);
  const tokens = matchedTokens(matches, scene);
  if (!tokens.ok) return tokens;
  const fishers = session.setup.fishers.map((f, i): BoardFisher => {
    const t = scene.tokens.find((x) => x._id === tokens.value[i])!;
    return { id: f.id, name: t.name, tokenId: t._id, actorId: t.actorId };
  });
  const name = (o.name ?? fileName ?? "").trim();
  if (!name) return err("boardName", "name");
  return placeBoard(h, scene, o, session, fishers, name);
}

/** Lays a checked board out on the scene and writes it: the record, then the scene and the card. */
async function placeBoard(
  h: BoardMaking,
  scene: SceneData,
  o: {
    readonly origin: { readonly col: number; readonly row: number };
    readonly sceneId: string;
    readonly catch?: string;
  },
  session: KayanakSession,
  fishers: readonly BoardFisher[],
  name: string,
): Promise<Result<PublicBoard>> {
  // what a catch grants (core/haul.ts), read before anything is written
  const caught = await catchSettingFrom(h.games.port, o.catch, session.turns.length);
  if (!caught.ok) return caught;
  if (!wholeWithin(o.origin?.col, 0, 10_000) || !wholeWithin(o.origin?.row, 0, 10_000))
    return err("boardOrigin", "origin");
  const { width, height } = session.state.board;
  // a square grid, and every hole of the board on the scene (core/grid.ts)
  const misfit = boardMisfit(scene, o.origin, width, height);
  if (misfit)
    return {
      ok: false,
      error: misfitError(misfit, scene, { origin: o.origin, width, height }, (k, d) =>
        h.games.port.localize(k, d),
      ),
    };
  const boardId = `board${String(randomSeed()).padStart(10, "0")}`;
  const pub = publicBoardFor(
    { id: boardId, name, sceneId: o.sceneId, origin: o.origin, fishers },
    session.state,
  );
  const record: KayanakRecord = {
    format: "kolikoly-gm-record/1",
    game: "kayanak",
    lakeId: boardId,
    sceneId: o.sceneId,
    rev: 1,
    setup: session.setup,
    rounds: session.turns,
    endedByGm: false,
    pending: {},
    pendingBefore: [],
    ...(caught.value ? { catch: caught.value } : {}),
  };
  const port = h.games.port;
  const t = port.localize.bind(port);
  const named = (id: string) => fishers.find((f) => f.id === id)?.name ?? id;
  const s = session.state;
  const next = s.over ? undefined : named(s.fishers[s.next]!.id);
  const card: ChatCreate = await kayanakCard(port, {
    board: pub,
    card: "setup",
    turn: s.turn,
    title: t("KOLIKOLY.Kayanak.Foundry.Chat.SetUp", { board: pub.name }),
    // the set-up's events are public (the floes, the bears); a continued game says where it is
    events: s.turn === 0 ? session.log : [],
    name: named,
    extra: [
      ...(s.turn > 0 ? [importedTurnsLine(s.turn, t)] : []),
      ...(next ? [t("KOLIKOLY.Kayanak.Foundry.Chat.First", { name: next })] : []),
    ],
  });
  const c = await h.games.create(record, [card], (now) => publicBoardOps(now, pub, s), session);
  return c.ok ? { ok: true, value: pub } : c;
}

/** A Kayanak file as the lake wizard shows it (apps/wizard-file.ts): played, or refused by field. */
export function readBoardFile(text: string): Result<GameFile> {
  const read = readGameFile(text, playScenario, playScenarioText);
  if (!read.ok) return read;
  const { session, name } = read.value;
  const s = session.state;
  return {
    ok: true,
    value: {
      game: "kayanak",
      text,
      name,
      width: s.board.width,
      height: s.board.height,
      fishers: session.setup.fishers.map((f) => ({ id: f.id, name: f.name ?? f.id })),
      played: s.turn,
      over: s.over,
    },
  };
}
