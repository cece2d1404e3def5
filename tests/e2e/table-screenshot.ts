/**
 * Writes docs/table.png, the README's picture of the table: a greedy-bot game loaded from a
 * scenario file into the GM's view, with a declaration being made. Run: `npx tsx tests/e2e/table-screenshot.ts`.
 */
import type { Session } from "../../src/rules/index.ts";
import { exportScenario } from "../../src/rules/index.ts";
import { pictureSession } from "../sandbox/fixtures.ts";
import { docsPicture } from "./harness.ts";

/** A game whose last round shows both kinds of arrow, with swarms in sight and fog left. */
function pictureGame(): Session {
  const good = (s: Session, round: number) => {
    const last = s.log.filter((e) => e.round === s.state.round);
    const fishArrows = last.filter((e) => e.type === "fishMoved").length;
    const moves = last.filter((e) => e.type === "moved").length;
    const explored = s.state.explored.filter((e) => e === 1).length;
    return (
      round >= 5 &&
      fishArrows >= 1 &&
      moves >= 2 &&
      s.state.swarms.filter((w) => w.seen).length >= 3 &&
      s.state.swarms.some((w) => !w.seen) &&
      explored < 60 &&
      !s.state.over
    );
  };
  return pictureSession({ width: 6, height: 6, levels: 3, fishers: 4 }, 7, good);
}

const session = pictureGame();
await docsPicture({
  file: "docs/table.png",
  search: "",
  load: "#ks-load",
  scenario: exportScenario(session),
  loaded: `body[data-round="${session.state.round}"]`,
  pose: async (page) => {
    // Ana is declaring a Move: the lake highlights where she may go.
    const ana = session.state.fishers[0]!;
    await page.click(`.ks-tab[data-fisher="${ana.id}"]`);
    await page.click(`form.kolikoly-declare input[name=action][value=move]`);
    await page.locator("#ks-log").evaluate((el) => (el.scrollTop = el.scrollHeight));
  },
  main: ".ks-main",
});
console.log(`docs/table.png: seed ${session.setup.seed}, round ${session.state.round}`);
