/**
 * Issue 12's smaller things about the table, each in real Chromium: the balance panel's caption
 * follows a loaded game and counts avoided hazards; one bad URL parameter no longer discards the
 * good ones; a typed total of 12.5 or -5 is refused and nothing changes; the player's legend has no
 * GM-only key; arrows are drawn under initials and off level titles; the log tells hazard outcomes;
 * squares are written [x,y,level] everywhere on the page.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { strings as en } from "../../src/sandbox/i18n.ts";
import type { Session } from "../../src/rules/index.ts";
import {
  eventsFor,
  exportScenario,
  playScenarioText,
  startSession,
  viewFor,
} from "../../src/rules/index.ts";
import { createBot } from "../../src/rules/bots/index.ts";
import { logLines } from "../../src/sandbox/log-view.ts";
import { setupFor, TABLE_DEFAULTS } from "../../src/sandbox/table.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import { OUT, REPO, openTable, pageErrors, sandboxPerFile, viewAs } from "./harness.ts";
import { playBots } from "../sandbox/fixtures.ts";

const L = makeLocalize(en);
const table = sandboxPerFile();

async function load(page: Page, name: string, text: string, round: number): Promise<void> {
  await page.setInputFiles("#ks-load", {
    name,
    mimeType: "application/json",
    buffer: Buffer.from(text),
  });
  await page.waitForSelector(`body[data-round="${round}"]`);
}

function botGame(o: Parameters<typeof setupFor>[0], rounds: number): Session {
  const s = startSession(setupFor(o));
  const bots = s.state.fishers.map((f, i) => createBot("greedy", f.id, o.seed * 7 + i));
  return playBots(s, bots, rounds);
}

const statsOf = (page: Page) =>
  page.$$eval(".ks-stat", (ds) => ds.map((d) => (d as HTMLElement).dataset.stat!));

describe("the table's small things (Chromium)", () => {
  it("balance panel: the caption follows a loaded game, results for another game go, avoided hazards are counted", async () => {
    const page = await openTable(table.browser, table.url);
    const caption = () => page.textContent("#ks-balance-what");
    expect(await caption()).toBe(L("KOLIKOLY.Sandbox.Balance.What", { lake: "3x2x2", fishers: 4 }));
    await page.fill("#ks-balance-form input[name=games]", "12");
    await page.click("#ks-balance-run");
    await page.waitForSelector("#ks-chart-rounds .ks-chart__bar", { timeout: 60_000 });
    const shown = await statsOf(page);
    expect(shown).toContain("hazardsPerGame.mean");
    expect(shown).toContain("avoidedHazardsPerGame.mean");
    expect(await page.textContent('.ks-stat[data-stat="avoidedHazardsPerGame.mean"] dt')).toBe(
      L("KOLIKOLY.Sandbox.Balance.AvoidedHazardsPerGame"),
    );
    // The mean's label never runs into the 90% line.
    const crossing = await page.$eval("#ks-chart-rounds", (svg) => {
      const [mean, p90] = [...svg.querySelectorAll<SVGTextElement>(".ks-chart__mark")];
      const x90 = Number(svg.querySelectorAll("line[stroke-dasharray]")[1]!.getAttribute("x1"));
      const b = mean!.getBBox();
      return { from: b.x, to: b.x + b.width, x90, p90: p90!.textContent };
    });
    expect(
      crossing.x90 < crossing.from || crossing.x90 > crossing.to,
      JSON.stringify(crossing),
    ).toBe(true);
    await page.locator("#ks-balance").screenshot({ path: `${OUT}/small-balance.png` });
    // Load another game (without touching the panel): the caption says so at once.
    const other = botGame({ width: 4, height: 5, levels: 2, fishers: 2, seed: 9 }, 3);
    await load(page, "other.json", JSON.stringify(exportScenario(other)), 3);
    expect(await caption()).toBe(L("KOLIKOLY.Sandbox.Balance.What", { lake: "4x5x2", fishers: 2 }));
    expect(await page.$$eval(".ks-stat", (d) => d.length)).toBe(0);
    expect(await page.textContent("#ks-balance-status")).toBe(L("KOLIKOLY.Sandbox.Balance.Stale"));
    // A new game from the form too.
    await page.fill("#ks-new input[name=width]", "7");
    await page.click("#ks-new button[type=submit]");
    await page.waitForFunction(() =>
      document.querySelector("#ks-balance-what")?.textContent?.includes("7x5x2"),
    );
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("URL parameters: a bad one is refused by name, the good ones are used", async () => {
    const page = await openTable(
      table.browser,
      `${table.url}?width=8&levels=10&fishers=4&seed=7&colour=red`,
    );
    expect(await page.isVisible("#ks-error")).toBe(true);
    const err = (await page.textContent("#ks-error"))!;
    expect(err).toContain("levels=10");
    expect(err).toContain("colour");
    expect(err).not.toContain("width=8");
    // width 8, 4 fishers, seed 7 kept; height and levels the defaults.
    expect(await page.getAttribute(".kolikoly-lake", "aria-label")).toBe(
      L("KOLIKOLY.Sandbox.Lake.Label", {
        width: 8,
        height: TABLE_DEFAULTS.height,
        levels: TABLE_DEFAULTS.levels,
      }),
    );
    expect(await page.$$eval(".ks-tab", (t) => t.length)).toBe(4);
    expect(await page.inputValue("#ks-new input[name=seed]")).toBe("7");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("K6 a typed total of 12.5 or -5 is refused with the reason, and nothing changes; 15 is taken", async () => {
    const page = await openTable(table.browser, table.url);
    await page.click("form.kolikoly-declare input[name=action][value=catch]");
    for (const typed of ["12.5", "-5"]) {
      await page.fill("form.kolikoly-declare input[name=total]", typed);
      await page.click(".kolikoly-declare__submit");
      await page.waitForSelector("#ks-error:not([hidden])");
      const err = (await page.textContent("#ks-error"))!;
      expect(err).toContain(typed);
      expect(err).toContain(L("KOLIKOLY.Declare.CheckAttack"));
      expect(await page.$$eval(".ks-declared--yes", (d) => d.length)).toBe(0);
      // The form stays as the player left it, the typed text in its box.
      expect(await page.inputValue("form.kolikoly-declare input[name=total]")).toBe(typed);
      expect(await page.getAttribute("body", "data-round")).toBe("0");
    }
    await page.fill("form.kolikoly-declare input[name=total]", "15");
    await page.click(".kolikoly-declare__submit");
    await page.waitForSelector('.ks-declared--yes[data-fisher="ana"]');
    expect(await page.isHidden("#ks-error")).toBe(true);
    expect(await page.textContent('.ks-declared[data-fisher="ana"]')).toContain(
      L("KOLIKOLY.Sandbox.TypedTotal", { total: 15 }),
    );
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("the player's legend has no GM-only key; arrows lie under initials and off level titles", async () => {
    const page = await openTable(table.browser, table.url);
    const game = botGame({ width: 6, height: 6, levels: 3, fishers: 4, seed: 5 }, 10);
    await load(page, "arrows.json", JSON.stringify(exportScenario(game)), game.state.round);
    const unseen = L("KOLIKOLY.Sandbox.Legend.Unseen");
    expect(await page.textContent("#ks-legend")).toContain(unseen);
    const layout = () =>
      page.evaluate(() => {
        const overlaps: string[] = [];
        const arrows = [...document.querySelectorAll(".kolikoly-arrow, .kolikoly-arrow__level")];
        const titles = [...document.querySelectorAll(".kolikoly-level__label")].map((t) =>
          t.getBoundingClientRect(),
        );
        for (const a of arrows) {
          const r = a.getBoundingClientRect();
          for (const t of titles)
            if (r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top)
              overlaps.push(`${a.outerHTML.slice(0, 60)} over a level title`);
          // Painted after an arrow means drawn over it: every token of the level comes later.
          for (const tok of a.closest("svg")!.querySelectorAll(".kolikoly-fisher__label"))
            if (!(a.compareDocumentPosition(tok) & Node.DOCUMENT_POSITION_FOLLOWING))
              overlaps.push(`${a.outerHTML.slice(0, 60)} drawn over ${tok.textContent}`);
        }
        return {
          arrows: arrows.length,
          levelMarks: document.querySelectorAll(".kolikoly-arrow__level").length,
          overlaps,
        };
      });
    const gm = await layout();
    expect(gm.arrows).toBeGreaterThan(2);
    expect(gm.overlaps).toEqual([]);
    await page.screenshot({
      path: `${OUT}/small-arrows-gm.png`,
      clip: { x: 0, y: 0, width: 1000, height: 520 },
    });
    for (const v of ["player", "fisher:ana"]) {
      await viewAs(page, "#ks-viewer", v);
      await page.waitForFunction(
        (k) => (document.querySelector("#ks-viewer") as HTMLSelectElement).value === k,
        v,
      );
      expect(await page.textContent("#ks-legend")).not.toContain(unseen);
      expect(await page.textContent("#ks-legend")).toContain(L("KOLIKOLY.Sandbox.Legend.Fog"));
      expect((await layout()).overlaps).toEqual([]);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("H3-H5 the log tells every hazard outcome: a missed attack, HP or the aim taken, a wound and its save", async () => {
    const text = readFileSync(`${REPO}tests/golden/hazards.json`, "utf8");
    // The same game with Ana's hazard attack missing.
    const missed = JSON.parse(text);
    missed.rounds[0].rolls["hazardAttack:ana"] = [2];
    const page = await openTable(table.browser, table.url);
    for (const [name, body] of [
      ["hazards.json", text],
      ["missed.json", JSON.stringify(missed)],
    ] as const) {
      const played = playScenarioText(body);
      if (!played.ok) throw new Error(played.error.message);
      const s = played.session;
      await load(page, name, body, s.state.round);
      const log = await page.$$eval(".kolikoly-log__line", (ls) =>
        ls.map((l) => l.textContent!.trim()),
      );
      const want = logLines(viewFor(s.state, "gm"), eventsFor(s.log, "gm"), L).map((l) =>
        l.whisper ? `${l.whisper} ${l.text}` : l.text,
      );
      expect(log).toEqual(want);
      const all = log.join("\n");
      if (name === "missed.json")
        expect(all).toMatch(/Sunken snag attacks Ana: 2 against a defence of \d+, a miss\./);
      else {
        expect(all).toContain("Sunken snag attacks Ana: 13 against a defence of 10, a hit.");
        expect(all).toContain(
          "4 damage: Ana accepts the hazard's aim (push back) instead of losing HP.",
        );
        expect(all).toMatch(
          /8 damage: a serious wound; Bo rolls 16 on the save against DC 15: unconscious\./,
        );
        expect(all).toContain("Hazard avoided: Needle gar.");
      }
    }
    await page.locator(".ks-log-panel").screenshot({ path: `${OUT}/small-hazard-log.png` });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("[x,y,level]: the page writes every square 0-based, as the file and the CLI do", async () => {
    const page = await openTable(table.browser, table.url);
    const game = botGame({ width: 6, height: 6, levels: 3, fishers: 3, seed: 42 }, 4);
    await load(page, "coords.json", JSON.stringify(exportScenario(game)), 4);
    // A square that is not next to Ana: the error names both squares as the engine does.
    const ana = game.state.fishers[0]!.at;
    const far = [(ana[0] + 3) % 6, (ana[1] + 3) % 6, ana[2]];
    await page.click(`.kolikoly-sq[data-at="${far.join(",")}"]`);
    await page.waitForSelector("#ks-error:not([hidden])");
    expect(await page.textContent("#ks-error")).toContain(`[${far.join(",")}]`);
    const body = (await page.textContent("body"))!;
    expect(body).toMatch(/\[\d+,\d+,\d+\]/);
    expect(body).not.toMatch(/\b\d+,\d+ L\d+\b/);
    expect(await page.textContent(".kolikoly-declare__where")).toContain(`[${ana.join(",")}]`);
    const labels = await page.$$eval(".kolikoly-sq", (gs) =>
      gs.map((g) => g.getAttribute("aria-label")!),
    );
    for (const l of labels) expect(l).toMatch(/^Square \[\d+,\d+,\d+\];/);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
