/** Shared builders for the Kayanak table's tests (unit and e2e). */
import { Xoshiro128, seedState } from "../../src/rules/index.ts";
import type { Hole, KayanakState } from "../../src/rules/kayanak/index.ts";
import { greedyBot, viewFor } from "../../src/rules/kayanak/index.ts";
import type { KayanakOptions, KayanakTable } from "../../src/sandbox/kayanak/table.ts";
import * as K from "../../src/sandbox/kayanak/table.ts";

export const SMALL_K: KayanakOptions = {
  ...K.KAYANAK_DEFAULTS,
  width: 5,
  height: 4,
  floes: 4,
  big: 6,
  small: 20,
  fishers: 2,
  seed: 7,
};

/** A table with its bears placed on `at` (in turn order). */
export function placed(o: KayanakOptions, at: readonly Hole[]): KayanakTable {
  let t = K.newKayanakTable(o);
  for (const h of at) t = K.placeBear(t, h);
  if (t.error || t.placing) throw new Error(`placing failed: ${JSON.stringify(t.error)}`);
  return t;
}

/** The step the greedy bot would take now (from the player's view only), if any. */
export function botStep(t: KayanakTable, rng = new Xoshiro128(seedState(1))) {
  const s: KayanakState = K.currentState(t);
  const me = s.fishers[s.next]!.id;
  return greedyBot.step(viewFor(s, { fisher: me }), me, K.legalNow(t), rng);
}

/** Plays whole turns with the greedy bot through the table's own transitions. */
export function playTurns(t: KayanakTable, turns: number): KayanakTable {
  const rng = new Xoshiro128(seedState(3));
  for (let i = 0; i < turns && K.phaseOf(t) !== "over"; i++) {
    t = K.roll(t);
    for (let guard = 0; guard < 40 && t.turn; guard++) {
      const st = botStep(t, rng);
      t = st ? K.step(t, st) : K.endTurn(t);
      if (t.error) throw new Error(JSON.stringify(t.error));
    }
  }
  return t;
}
