/**
 * Builders for the Kayanak tests in the fake: a 4 x 3 board of 3 floes on the player table's
 * scene (two bears, seed 3), and a player's request to the GM host.
 */
import type { Hole, Step } from "../../../src/rules/kayanak/index.ts";
import type { BoardView } from "../../../src/foundry/kayanak/board.ts";
import { publicBoardOf } from "../../../src/foundry/kayanak/board.ts";
import type { PlayerClient, PlayerTable } from "../players/fake-players.ts";
import { rngFor } from "../fake/world.ts";

export interface BoardOptions {
  readonly variant?: "basic" | "weather";
  readonly big?: number;
  readonly small?: number;
  /** The bears' holes, in turn order (default [0,0] and [3,2]). */
  /** The board's seed (default 3); null gives none (the floes' seed drawn, the fish apart). */
  readonly seed?: number | null;
  readonly at?: readonly [readonly [number, number], readonly [number, number]];
  /** What a catch grants (a RollTable's or an Item's UUID the server holds). */
  readonly catch?: string;
}

/** Creates the board through the GM host's own API; its id. */
export async function board(t: PlayerTable, o: BoardOptions = {}): Promise<string> {
  const [a, b] = o.at ?? [
    [0, 0],
    [3, 2],
  ];
  const r = await t.gm.runtime!.kayanak.createBoard({
    sceneId: t.sceneId,
    name: "Ice sheet",
    origin: { col: 1, row: 1 },
    width: 4,
    height: 3,
    floes: 3,
    fish: { big: o.big ?? 4, small: o.small ?? 14 },
    ...(o.variant ? { variant: o.variant } : {}),
    fishers: [
      { tokenId: t.tokenIds[0]!, at: [a[0], a[1]] },
      { tokenId: t.tokenIds[1]!, at: [b[0], b[1]] },
    ],
    ...(o.seed === null ? {} : { seed: o.seed ?? 3 }),
    ...(o.catch ? { catch: o.catch } : {}),
  });
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.field}`);
  return r.value.id;
}

/** A player's (or the GM's) Kayanak request, as the canvas and the bar send it. */
export const ask = (
  c: PlayerClient,
  lake: string,
  fisher: string,
  round: number,
  request: object,
) => c.wiring!.player.kayanak({ lake, fisher, round, request });

/** The board as a client's scene shows it (its public flag). */
export function view(c: PlayerClient, id: string, sceneId: string): BoardView {
  return publicBoardOf(c.scene(sceneId)!, id)!.view;
}

/** A player's pick among what the player's view allows (the engine judges it). */
export function pick(v: BoardView, me: string, rng: ReturnType<typeof rngFor>): Step | undefined {
  const f = v.fishers.find((x) => x.id === me)!;
  const near = v.holes.filter(
    (h) =>
      Math.max(Math.abs(h.at[0] - f.at[0]), Math.abs(h.at[1] - f.at[1])) === 1 &&
      Math.abs(h.at[0] - f.at[0]) + Math.abs(h.at[1] - f.at[1]) === 1,
  );
  const face = v.inPlay?.die.face;
  const opts: Step[] = [];
  for (const h of near) {
    const at = [h.at[0], h.at[1]] as Hole;
    if (face === "bear" || face === "star") opts.push({ move: at });
    if ((face === "pickax" || face === "star") && !h.open) opts.push({ hack: at });
    if ((face === "fish" || face === "star") && h.open) opts.push({ fish: at });
  }
  return opts.length ? opts[rng.die(opts.length) - 1] : undefined;
}

/**
 * test-only: the players play the board to its end by their requests (a random legal step each
 * time, seeded), `afterTurn` called after each turn.
 */
export async function playToEnd(
  t: PlayerTable,
  id: string,
  seed: number,
  afterTurn: () => void = () => undefined,
): Promise<void> {
  const [pa, pb] = t.players;
  const rng = rngFor(seed);
  for (let guard = 0; guard <= 2000; guard++) {
    const v = view(t.gm, id, t.sceneId);
    if (v.over) return;
    const me = v.next!;
    const client = me === "f1" ? pa : pb;
    const r1 = await ask(client, id, me, v.turn, { kind: "roll" });
    if (!r1.ok) throw new Error(`roll refused: ${r1.error.code}`);
    for (let s = 0; s < 8; s++) {
      const now = view(client, id, t.sceneId);
      if (now.turn !== v.turn || now.over || !now.inPlay) break;
      const step = pick(now, me, rng);
      const r = step
        ? await ask(client, id, me, now.turn, { kind: "step", step })
        : await ask(client, id, me, now.turn, { kind: "end" });
      if (!r.ok) await ask(client, id, me, now.turn, { kind: "end" });
    }
    const after = view(client, id, t.sceneId);
    if (after.turn === v.turn && !after.over) {
      const e = await ask(client, id, me, v.turn, { kind: "end" });
      if (!e.ok) throw new Error(`end refused: ${e.error.code}`);
    }
    afterTurn();
  }
}
