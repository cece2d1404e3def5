import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { eventsFor, playScenarioText } from "../../src/rules/kayanak/index.ts";
import { goldenSuite } from "./suite.ts";
import { KAYANAK_GOLDEN } from "./viewers.ts";

describe("Kayanak golden replays (scenario in, event log out; regenerate with node --import tsx scripts/update-golden.mjs kayanak)", () => {
  goldenSuite(KAYANAK_GOLDEN, {
    listTitle: "there are the three golden scenarios, each with an expected log per viewer",
    scenarios: (files) =>
      expect(files).toEqual(["basic-win.json", "keep-fishing.json", "weather.json"]),
    dice: "die",
  });

  test("what each golden game shows: a 10-fish win, tiles and crystals, fishing on past 10", () => {
    const play = (f: string) => {
      const r = playScenarioText(readFileSync(join(KAYANAK_GOLDEN.dir, f), "utf8"));
      if (!r.ok) throw new Error(r.error.message);
      return r.session;
    };
    const win = play("basic-win.json");
    expect(win.state).toMatchObject({ over: true, endReason: "tenFish", winners: ["ana"] });
    const weather = play("weather.json");
    const types = new Set(weather.log.map((e) => e.type));
    expect(types.has("tile") && types.has("crystal")).toBe(true);
    expect(weather.state.over).toBe(true);
    const keep = play("keep-fishing.json");
    expect(keep.state.endReason).toBe("allOpen");
    expect(Math.max(...keep.state.fishers.map((f) => f.big + f.small))).toBeGreaterThanOrEqual(10);
    // the player's log of every golden game holds no GM-only event
    for (const s of [win, weather, keep])
      expect(eventsFor(s.log, { fisher: "ana" }).every((e) => e.audience === "all")).toBe(true);
  });
});
