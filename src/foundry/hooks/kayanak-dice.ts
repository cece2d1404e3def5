/**
 * Issue 11: Kayanak's dice at init (CONFIG.Dice.terms, v13 client/dice/terms/dice.mjs), and
 * their faces in Dice So Nice when it is installed (its `diceSoNiceReady` hook passes `dice3d`).
 */
import type { DiceTermBase, Dice3d } from "../kayanak/dice.ts";
import {
  ACTION_DENOMINATION,
  TEMPERATURE_DENOMINATION,
  makeTerms,
  registerDiceSoNice,
} from "../kayanak/dice.ts";
import type { HookSink } from "./hook-list.ts";

export function listen(hooks: HookSink): void {
  hooks.once("init", () => {
    const Base = foundry.dice.terms.DiceTerm as unknown as DiceTermBase;
    const name = (face: string) => game.i18n!.localize(`KOLIKOLY.Kayanak.Foundry.Face.${face}`);
    const terms = makeTerms(Base, name);
    const registry = CONFIG.Dice.terms as unknown as Record<string, unknown>;
    registry[ACTION_DENOMINATION] = terms.action;
    registry[TEMPERATURE_DENOMINATION] = terms.temperature;
  });
  hooks.once(
    "diceSoNiceReady" as never,
    ((dice3d: Dice3d | undefined) => void registerDiceSoNice(dice3d)) as never,
  );
}
