/**
 * Writes docs/table-kayanak.png, the picture of the table's Kayanak mode in docs/sandbox.md: a
 * Tricky weather game some turns in (a tile and a crystal on the sheet, holes opened and fished),
 * loaded from a scenario file into the GM's view, the next fisher's dice rolled and the holes
 * they may step to highlighted. Run: `npx tsx tests/e2e/kayanak-screenshot.ts`.
 */
import { Xoshiro128, seedState } from "../../src/rules/index.ts";
import { exportScenario, greedyBot, viewFor } from "../../src/rules/kayanak/index.ts";
import * as K from "../../src/sandbox/kayanak/table.ts";
import { docsPicture } from "./harness.ts";

/** A weather game: greedy bots, with a crystal and a tile forced early so both show. */
function pictureGame(): K.KayanakTable {
  const o: K.KayanakOptions = { ...K.KAYANAK_DEFAULTS, variant: "weather", seed: 5 };
  let t = K.newKayanakTable(o);
  for (const h of [
    [1, 1],
    [6, 4],
    [3, 4],
  ] as const)
    t = K.chooseHole(t, h);
  const rng = new Xoshiro128(seedState(9));
  for (let turn = 0; turn < 9; turn++) {
    // Turn 4: a crystal face; turn 9: a tile face (J8); the rest as the dice fall.
    if (turn === 3) t = K.setForce(t, "temperature", 3);
    if (turn === 8) t = K.setForce(t, "temperature", 1);
    t = K.roll(t);
    for (let guard = 0; guard < 30 && t.turn; guard++) {
      const s = K.currentState(t);
      const legal = K.legalNow(t);
      const weather = legal.find(
        (st) =>
          ("tile" in st && st.tile === "place") || ("crystal" in st && st.crystal === "place"),
      );
      const me = s.fishers[s.next]!.id;
      const st =
        weather && (turn === 3 || turn === 8)
          ? weather
          : greedyBot.step(viewFor(s, { fisher: me }), me, legal, rng);
      t = st ? K.step(t, st) : K.endTurn(t);
      if (t.error) throw new Error(JSON.stringify(t.error));
    }
  }
  return t;
}

const game = pictureGame();
await docsPicture({
  file: "docs/table-kayanak.png",
  search: "?game=kayanak",
  load: "#ks-ky-load",
  scenario: exportScenario(game.session),
  loaded: `#ks-kayanak[data-turn="${game.session.state.turn}"]`,
  pose: async (page) => {
    await page.click("#ks-ky-roll");
    await page.waitForSelector(".ks-ky-die--action");
    await page.locator("#ks-ky-log").evaluate((el) => (el.scrollTop = el.scrollHeight));
  },
  main: "#ks-kayanak .ks-main",
});
const s = game.session.state;
console.log(
  `docs/table-kayanak.png: seed ${game.session.setup.seed}, turn ${s.turn}, tiles ${s.tiles.length}, frozen ${s.holes.filter((h) => h.frozen).length}`,
);
