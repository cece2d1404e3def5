/**
 * Issue 20 item 2: a Kayanak roll card shows the die's face, never the face's index as a total.
 * A turn's dice rolled in the behavioural fake (the GM host's own driver), the message's rolls
 * read back as Roll.fromData reads them (the class named in the JSON, from CONFIG.Dice.rolls) and
 * drawn with the module's template in real Handlebars.
 */
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { DEFAULT_ACTION_DIE, DEFAULT_TEMPERATURE_DIE } from "../../../src/rules/kayanak/index.ts";
import type { RollBase, RolledFace } from "../../../src/foundry/kayanak/dice.ts";
import { KAYANAK_ROLL, makeRollClass } from "../../../src/foundry/kayanak/dice.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import { renderTemplateFile, strictLocalize } from "../fake/client.ts";
import { ask, board } from "./fixtures.ts";

/** The part of core Roll a stored roll brings back: its options (v13 client/dice/roll.mjs). */
class StoredRoll {
  options: object = {};
}

const KayanakRoll = makeRollClass(
  StoredRoll as unknown as RollBase,
  async (template, context) => renderTemplateFile(template, context),
  (key) => strictLocalize(key),
);

/** Roll.fromData: a roll of the JSON's class with its options (the fake's Roll stands for core). */
function fromData(json: { options?: object }): InstanceType<typeof KayanakRoll> {
  return Object.assign(Object.create(KayanakRoll.prototype) as InstanceType<typeof KayanakRoll>, {
    options: json.options ?? {},
  });
}

/** The text under the roll, where core Roll#render prints the total. */
function totalText(html: string): string {
  const m = /<h4 class="dice-total[^"]*"[^>]*>([\s\S]*?)<\/h4>/.exec(html);
  return (m?.[1] ?? "")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

describe("Kayanak's roll card (issue 20 item 2)", () => {
  test("J3, J8: each die is drawn as its face (symbol, name, dots), never its place on the die", async () => {
    const t = await makePlayerTable();
    const id = await board(t, { variant: "weather" });
    const [pa] = t.players;
    const r = await ask(pa!, id, "f1", 0, { kind: "roll" });
    expect(r).toMatchObject({ ok: true });
    const card = t.server.truth.messages.find(
      (m) => (m.flags[MODULE_ID] as { card?: string } | undefined)?.card === "roll",
    )!;
    const rolls = card.rolls as {
      class: string;
      total: number;
      options: { kolikoly: RolledFace };
    }[];
    // the weather variant rolls both dice (J8)
    expect(rolls.map((x) => x.options.kolikoly.die)).toEqual(["actionDie", "temperatureDie"]);
    for (const json of rolls) {
      expect(json.class).toBe(KAYANAK_ROLL);
      const faces =
        json.options.kolikoly.die === "actionDie" ? DEFAULT_ACTION_DIE : DEFAULT_TEMPERATURE_DIE;
      // the stored face is the one the total points at: what the engine played
      expect(json.options.kolikoly).toMatchObject(faces[json.total - 1]!);
      const html = await fromData(json).render();
      const shown = totalText(html);
      const name = strictLocalize(`KOLIKOLY.Kayanak.Foundry.Face.${json.options.kolikoly.face}`);
      expect(shown).toContain(name);
      expect(shown).not.toMatch(/^\d+$/);
      expect(shown.split(" ")).not.toContain(String(json.total));
      expect(html).toContain(
        strictLocalize(`KOLIKOLY.Kayanak.Foundry.Die.${json.options.kolikoly.die}`),
      );
      // a reader who may not see the roll sees neither the face nor a number
      expect(totalText(await fromData(json).render({ isPrivate: true }))).toBe("?");
    }
  });
});
