/**
 * One coordinate convention wherever a user reads a square: `[x,y,level]`, all 0-based, exactly
 * as a scenario file writes it. The table's lake, log, declaration form and errors, the CLI's
 * play-by-play and the engine's (scenario) error messages all print `[3,0,0]` for `"at": [3,0,0]`.
 */
import { describe, expect, it } from "vitest";
import type { GameEvent } from "../../src/rules/index.ts";
import { exportScenario, viewFor } from "../../src/rules/index.ts";
import { showCoord } from "../../src/rules/kolikoly/declare.ts";
import { eventLines } from "../../src/cli/text.ts";
import { lakeSvg } from "../../src/ui/lake-svg.ts";
import { eventText } from "../../src/sandbox/log-view.ts";
import { declareContextFor, errorText, project } from "../../src/sandbox/render.ts";
import * as T from "../../src/sandbox/table.ts";
import { coordLabel } from "../../src/ui/handlebars-helpers.ts";
import { L, SMALL, renderDeclare } from "./fixtures.ts";

/** The other way squares used to be written (column and row from 1, `4,1 L0`). */
const ONE_BASED = /\b\d+,\d+ L\d+\b/;

describe("coordinates: [x,y,level], 0-based, everywhere", () => {
  it("the table, the CLI and the engine write a square the same way", () => {
    expect(coordLabel([3, 0, 0])).toBe("[3,0,0]");
    expect(showCoord([3, 0, 0])).toBe("[3,0,0]");
    const moved: GameEvent = {
      type: "moved",
      round: 1,
      audience: "all",
      fisher: "ana",
      from: [0, 0, 0],
      to: [1, 0, 1],
      via: "move",
    } as GameEvent;
    const names = (id: string) => (id === "ana" ? "Ana" : id);
    const table = eventText(moved, names, L);
    const cli = eventLines(moved, names).join("\n");
    for (const text of [table, cli]) {
      expect(text).toContain("[0,0,0]");
      expect(text).toContain("[1,0,1]");
      expect(text).not.toMatch(ONE_BASED);
    }
  });

  it("the table's errors name squares as the engine and the file do", () => {
    let t = T.newTable(SMALL);
    // Ana is at [0,0,0]; [4,4,0] is not next to her.
    const far = T.chooseSquare(t, [4, 4, 0]);
    const farText = errorText(far.error!, L);
    expect(farText).toContain("[4,4,0]");
    expect(farText).toContain("[0,0,0]");
    expect(farText).not.toMatch(ONE_BASED);
    t = T.resolve(t);
    const file = exportScenario(t.session) as unknown as { rounds: unknown[] };
    const bad = { ...file, rounds: [{ actions: { ana: { action: "move", to: [4, 4, 1] } } }] };
    const loaded = T.loadScenario(t, JSON.stringify(bad), "bad.json");
    const loadText = errorText(loaded.error!, L);
    expect(loadText).toContain("rounds[0].actions.ana.to");
    expect(loadText).toContain("[4,4,1]");
    expect(loadText).not.toMatch(ONE_BASED);
  });

  it("the lake and the declaration form label squares [x,y,level]", () => {
    const t = T.newTable(SMALL);
    const r = project(t);
    const lake = lakeSvg(viewFor(t.session.state, "gm"), [], { localize: L });
    expect(lake).toContain('aria-label="Square [0,0,0];');
    expect(lake).not.toMatch(ONE_BASED);
    const form = renderDeclare()(declareContextFor(t, r)!);
    expect(form).toContain("[0,0,0]");
    expect(form).not.toMatch(ONE_BASED);
  });
});
