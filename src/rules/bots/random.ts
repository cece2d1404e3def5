/** The random bot: a uniformly random action, and a uniformly random adjacent target (K2). */
import { neighbours } from "../lake/geometry.ts";
import type { Declaration } from "../kolikoly/types.ts";
import type { LakeView } from "../kolikoly/view.ts";
import type { Bot } from "./bot.ts";
import { botRandom, choose, copyCoord } from "./bot.ts";

export function randomBot(fisher: string, seed: number): Bot {
  const rng = botRandom(seed);
  return {
    kind: "random",
    fisher,
    decide(view: LakeView): Declaration | undefined {
      const me = view.fishers.find((f) => f.id === fisher);
      if (!me || me.condition !== "ok") return undefined;
      const around = neighbours(view.lake, me.at);
      const action = rng.pick(4);
      if (action === 0 || around.length === 0) return { action: "catch" };
      const target = copyCoord(choose(rng, around));
      if (action === 1) return { action: "track", target };
      if (action === 2) return { action: "move", to: target };
      return { action: "herd", toward: target };
    },
  };
}
