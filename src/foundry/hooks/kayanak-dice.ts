/**
 * Issue 11: Kayanak's dice at init (CONFIG.Dice.terms, v13 client/dice/terms/dice.mjs), and
 * their faces in Dice So Nice when it is installed (its `diceSoNiceReady` hook passes `dice3d`).
 * Issue 20 item 2: the roll class that draws a die's face on the chat card, in CONFIG.Dice.rolls
 * (where Roll.fromData looks a stored roll's class up by name, v13 client/dice/roll.mjs).
 */
import type { DiceTermBase, Dice3d, RollBase } from "../kayanak/dice.ts";
import {
  ACTION_DENOMINATION,
  TEMPERATURE_DENOMINATION,
  makeRollClass,
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
    const rolls = CONFIG.Dice.rolls as unknown as unknown[];
    rolls.push(
      makeRollClass(
        foundry.dice.Roll as unknown as RollBase,
        (template, context) =>
          foundry.applications.handlebars.renderTemplate(template, context as never),
        (key) => game.i18n!.localize(key),
      ),
    );
  });
  hooks.once(
    "diceSoNiceReady" as never,
    ((dice3d: Dice3d | undefined) => void registerDiceSoNice(dice3d)) as never,
  );
}
