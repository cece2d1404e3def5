/**
 * Writes docs/gm-guide-gm-view.png and docs/gm-guide-player-view.png, the GM guide's two views of
 * one round: a greedy-bot game on a 5 x 5 x 2 lake loaded into the standalone table, drawn once
 * in the GM's view and once in the public player view. `npm run guide-pictures` runs it.
 */
import type { Session } from "../../src/rules/index.ts";
import { exportScenario } from "../../src/rules/index.ts";
import { pictureSession } from "../sandbox/fixtures.ts";
import { docsPicture, viewAs } from "./harness.ts";

/** A round where the GM sees more than the players: an unseen swarm, and the fish's flight. */
function pictureGame(): Session {
  const good = (s: Session, round: number) => {
    const last = s.log.filter((e) => e.round === s.state.round);
    return (
      round >= 4 &&
      last.some((e) => e.type === "fishMoved") &&
      s.state.swarms.some((w) => !w.seen) &&
      s.state.swarms.some((w) => w.seen) &&
      !s.state.over
    );
  };
  return pictureSession({ width: 5, height: 5, levels: 2, fishers: 3 }, 11, good);
}

const session = pictureGame();
for (const [file, viewer] of [
  ["docs/gm-guide-gm-view.png", "gm"],
  ["docs/gm-guide-player-view.png", "player"],
] as const)
  await docsPicture({
    file,
    search: "",
    load: "#ks-load",
    scenario: exportScenario(session),
    loaded: `body[data-round="${session.state.round}"]`,
    pose: async (page) => {
      await viewAs(page, "#ks-viewer", viewer);
      await page.locator("#ks-log").evaluate((el) => (el.scrollTop = el.scrollHeight));
    },
    main: ".ks-main",
    // the guide shows the two side by side: a narrower page keeps each picture small
    width: 1100,
  });
console.log(`gm-guide views: seed ${session.setup.seed}, round ${session.state.round}`);
