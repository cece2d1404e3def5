/**
 * Builders for the Kayanak tests in the fake: a 4 x 3 board of 3 floes on the player table's
 * scene (two bears, seed 3), and a player's request to the GM host.
 */
import type { PlayerClient, PlayerTable } from "../players/fake-players.ts";

export interface BoardOptions {
  readonly variant?: "basic" | "weather";
  readonly big?: number;
  readonly small?: number;
  /** The bears' holes, in turn order (default [0,0] and [3,2]). */
  readonly at?: readonly [readonly [number, number], readonly [number, number]];
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
    seed: 3,
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
