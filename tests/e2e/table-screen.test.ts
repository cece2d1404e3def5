/**
 * Issue 22's standalone table in Chromium, as a person sees it: the controls each view offers
 * (fishing and Kayanak), the game kept across a real reload (both games) with Start fresh and a
 * saved file loading as before, the hot-seat hand-over, undo keeping the round, Resolve asking
 * before a round with missing declarations, the end's results, the H4 question asked in the
 * table, and the geometry (nothing overflows, text at least 11 px, the declaration right after
 * the lake on a 390 px phone, the lake filling a 1920 px screen, readable chart labels, the
 * seed's placeholder whole, the floes visible while bears are placed). Screenshots go to
 * test-output/e2e/table-screen-*.png.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { strings as en } from "../../src/sandbox/i18n.ts";
import { LAKE_LIMITS, exportScenario, playRound, playScenario } from "../../src/rules/index.ts";
import { LEGIBLE_PX } from "../../src/ui/lake-svg.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import { HAZARD_MOVE, HAZARD_SCENARIO } from "../sandbox/hazard-game.ts";
import {
  OUT,
  openTable,
  pageErrors,
  passGate,
  sandboxPerFile,
  viewAs,
  pickGame,
} from "./harness.ts";

const L = makeLocalize(en);
const table = sandboxPerFile();

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${OUT}/table-screen-${name}.png`, fullPage: true });

/** The ids (or names) of the controls a person can see and use now. */
function offered(page: Page, ids: readonly string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const seen = (el: Element | null) =>
      !!el &&
      (el as HTMLElement).getClientRects().length > 0 &&
      !(el as HTMLButtonElement).disabled;
    return list.filter((sel) => seen(document.querySelector(sel)));
  }, ids as string[]);
}

const FISHING_GM_CONTROLS = [
  "#ks-resolve",
  "#ks-undo",
  "#ks-end",
  "#ks-pass",
  "#ks-hotseat",
  '#ks-new button[type="submit"]',
  "#ks-load",
  "#ks-save",
  "#ks-propose",
  "#ks-balance-run",
];

async function load(page: Page, selector: string, file: unknown, name = "game.json") {
  await page.setInputFiles(selector, {
    name,
    mimeType: "application/json",
    buffer: Buffer.from(typeof file === "string" ? file : JSON.stringify(file)),
  });
}

async function takeScreen(page: Page, id = "#ks-cover") {
  await page.waitForSelector(`${id}[open]`);
  await page.click(`${id}-take`);
  await passGate(page);
  await page.waitForSelector(id, { state: "hidden" });
}

/** The smallest drawn text on the page (CSS px, an SVG's scale included) and any overflow. */
function geometry(page: Page) {
  return page.evaluate(() => {
    let px = Infinity;
    let what = "";
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement as Element | null;
      if (!el || !n.textContent?.trim() || el.closest("title, desc, script, style, option"))
        continue;
      if ((el as HTMLElement).getClientRects().length === 0) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.closest(".ks-visually-hidden")) continue;
      let size = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGGraphicsElement) size *= el.getScreenCTM()?.a ?? 1;
      if (size < px) [px, what] = [size, n.textContent.trim().slice(0, 40)];
    }
    const doc = document.documentElement;
    return { px, what, overflow: doc.scrollWidth - doc.clientWidth };
  });
}

describe("the standalone table, issue 22 (Chromium)", () => {
  it("each view offers what its viewer may do: the GM's controls in the GM's view only", async () => {
    const page = await openTable(table.browser, table.url);
    expect(await offered(page, FISHING_GM_CONTROLS)).toEqual(
      FISHING_GM_CONTROLS.filter((c) => c !== "#ks-undo"), // nothing to undo yet
    );
    for (const v of ["player", "fisher:ana"]) {
      await viewAs(page, "#ks-viewer", v);
      await page.waitForFunction(
        (k) => document.querySelector<HTMLSelectElement>("#ks-viewer")!.value === k,
        v,
      );
      expect(await offered(page, FISHING_GM_CONTROLS), v).toEqual([]);
      expect(await page.isHidden("#ks-setup")).toBe(true);
      expect(await page.isHidden("#ks-balance")).toBe(true);
    }
    expect(await offered(page, [".kolikoly-declare__submit", "#ks-viewer"])).toEqual([
      "#ks-viewer",
    ]); // Declare is offered once an action is picked
    await page.click("form.kolikoly-declare input[name=action][value=catch]");
    expect(await offered(page, [".kolikoly-declare__submit"])).toEqual([
      ".kolikoly-declare__submit",
    ]);
    await shot(page, "player-ana");

    // Kayanak: a fisher's view plays and undoes only within its own turn.
    await pickGame(page, "kayanak");
    await page.waitForSelector("#ks-ky-sheet .ks-ky-hole");
    for (const h of ["0,0", "7,5", "3,2"]) {
      await page.click(`.ks-ky-hole[data-at="${h}"]`);
    }
    await page.waitForSelector('#ks-kayanak[data-phase="roll"]');
    const KY = [
      "#ks-ky-roll",
      "#ks-ky-end-turn",
      "#ks-ky-undo-step",
      "#ks-ky-undo-turn",
      "#ks-ky-follow",
      '#ks-ky-new button[type="submit"]',
      "#ks-ky-load",
      "#ks-ky-save",
    ];
    expect(await offered(page, KY)).toEqual([
      "#ks-ky-roll",
      "#ks-ky-undo-step",
      "#ks-ky-follow",
      '#ks-ky-new button[type="submit"]',
      "#ks-ky-load",
      "#ks-ky-save",
    ]);
    await viewAs(page, "#ks-ky-viewer", "fisher:ana");
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>("#ks-ky-viewer")!.value === "fisher:ana",
    );
    expect(await offered(page, KY)).toEqual(["#ks-ky-roll"]); // Ana's turn, nothing of hers to undo
    await page.click("#ks-ky-roll");
    await page.waitForSelector('#ks-kayanak[data-phase="steps"]');
    expect(await offered(page, KY)).toEqual([
      "#ks-ky-end-turn",
      "#ks-ky-undo-step",
      "#ks-ky-undo-turn",
    ]);
    await page.click("#ks-ky-end-turn");
    // Hot seat: a covered hand-over to Bo; Ana's player cannot take her turn back.
    await page.waitForSelector("#ks-ky-cover[open]");
    expect(await page.textContent("#ks-ky-cover-text")).toBe(
      L("KOLIKOLY.Sandbox.Pass.ToFisher", { name: "Bo" }),
    );
    await shot(page, "kayanak-cover");
    await takeScreen(page, "#ks-ky-cover");
    expect(await page.inputValue("#ks-ky-viewer")).toBe("fisher:bo");
    expect(await offered(page, KY)).toEqual(["#ks-ky-roll"]);
    await viewAs(page, "#ks-ky-viewer", "fisher:ana");
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>("#ks-ky-viewer")!.value === "fisher:ana",
    );
    expect(await offered(page, KY)).toEqual([]); // Bo's turn: Ana may neither roll nor undo
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("the game is kept across a reload (both games); Start fresh forgets it; a saved file loads as before", async () => {
    const page = await openTable(table.browser, table.url);
    // Round 1 played, a declaration and a draft for round 2.
    for (const id of ["ana", "bo", "cai", "dara"]) {
      await page.click(`.ks-tab[data-fisher="${id}"]`);
      await page.click("form.kolikoly-declare input[name=action][value=catch]");
      await page.click(".kolikoly-declare__submit");
    }
    await page.click("#ks-resolve");
    await page.waitForSelector('body[data-round="1"]');
    await page.click(`.ks-tab[data-fisher="bo"]`);
    await page.click("form.kolikoly-declare input[name=action][value=catch]");
    await page.click(".kolikoly-declare__submit");
    const before = {
      log: await page.textContent("#ks-log"),
      declared: await page.textContent("#ks-declared"),
      score: await page.textContent("#ks-score"),
    };
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#ks-save")]);
    const saved = readFileSync(await download.path(), "utf8");
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    expect(await page.getAttribute("body", "data-round")).toBe("1");
    expect(await page.textContent("#ks-log")).toBe(before.log);
    expect(await page.textContent("#ks-declared")).toBe(before.declared);
    expect(await page.textContent("#ks-score")).toBe(before.score);
    expect(await page.textContent("#ks-notice-text")).toBe(L("KOLIKOLY.Sandbox.Autosave.Restored"));
    expect(await page.isVisible("#ks-fresh")).toBe(true);
    await shot(page, "restored");
    // Start fresh wipes the game: the GM's, not offered in a player's view.
    await viewAs(page, "#ks-viewer", "fisher:bo");
    await page.waitForSelector("#ks-fresh", { state: "hidden" });
    // The first action took the notice away.
    expect(await page.isHidden("#ks-notice")).toBe(true);
    // Bo's view does not reach the GM's with a click: the gate asks, and Cancel leaves Bo's view.
    await page.selectOption("#ks-viewer", "gm");
    await page.waitForSelector("#ks-gate[open]");
    expect(await page.textContent("#ks-gate-text")).toBe(
      L("KOLIKOLY.Sandbox.Gate.AskTrust", { target: L("KOLIKOLY.Sandbox.Gate.TargetGm") }),
    );
    await page.click("#ks-gate-no");
    expect(await page.inputValue("#ks-viewer")).toBe("fisher:bo");
    expect(await page.isHidden("#ks-fresh")).toBe(true);
    await viewAs(page, "#ks-viewer", "gm");
    // Start fresh asks first; No changes nothing.
    await page.click("#ks-fresh");
    await page.waitForSelector("#ks-ask[open]");
    await page.click("#ks-ask-no");
    expect(await page.getAttribute("body", "data-round")).toBe("1");
    // Yes: the default game, and the game before can be brought back.
    await page.click("#ks-fresh");
    await page.click("#ks-ask-yes");
    await page.waitForSelector('body[data-round="0"]');
    expect(await page.textContent("#ks-notice-undo")).toBe(L("KOLIKOLY.Sandbox.Notice.Fresh.Undo"));
    await page.click("#ks-notice-undo");
    await page.waitForSelector('body[data-round="1"]');
    expect(await page.textContent("#ks-log")).toBe(before.log);
    // The notice can be dismissed.
    await page.click("#ks-notice-close");
    expect(await page.isHidden("#ks-notice")).toBe(true);
    // Start fresh again: a reload keeps the fresh one.
    await page.click("#ks-fresh");
    await page.click("#ks-ask-yes");
    await page.waitForSelector('body[data-round="0"]');
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    expect(await page.getAttribute("body", "data-round")).toBe("0");
    expect(await page.textContent("#ks-declared")).not.toContain(L("KOLIKOLY.Sandbox.Declared"));
    // The file saved before loads as it always did, and is kept in turn.
    await load(page, "#ks-load", saved);
    await page.waitForSelector('body[data-round="1"]');
    expect(await page.textContent("#ks-log")).toBe(before.log);
    await page.reload();
    await page.waitForSelector('body[data-round="1"]');

    // Kayanak: bears placed, a roll and a step, then a reload: the same turn, in progress.
    await pickGame(page, "kayanak");
    await page.waitForSelector("#ks-ky-sheet .ks-ky-hole");
    for (const h of ["0,0", "7,5", "3,2"]) await page.click(`.ks-ky-hole[data-at="${h}"]`);
    await page.selectOption("#ks-ky-force-die", "2");
    await page.click("#ks-ky-roll");
    await page.waitForSelector('#ks-kayanak[data-phase="steps"]');
    await page.click(".ks-ky-hole--legal");
    const ky = {
      status: await page.textContent("#ks-ky-status"),
      sheet: await page.innerHTML("#ks-ky-sheet"),
      log: await page.textContent("#ks-ky-log"),
    };
    await page.reload();
    await page.waitForSelector("body[data-ready=true]");
    await page.waitForSelector('#ks-kayanak[data-phase="steps"]');
    expect(await page.inputValue("#ks-game")).toBe("kayanak");
    expect(await page.textContent("#ks-ky-status")).toBe(ky.status);
    expect(await page.textContent("#ks-ky-log")).toBe(ky.log);
    expect(await page.innerHTML("#ks-ky-sheet")).toBe(ky.sheet);
    // ... and the fishing game beside it is still the loaded one.
    await pickGame(page, "kolikoly");
    await page.waitForSelector('body[data-round="1"]');
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("Resolve asks before a round with missing declarations; undo keeps the round; the end shows the results", async () => {
    const page = await openTable(table.browser, table.url);
    await page.click("form.kolikoly-declare input[name=action][value=catch]");
    await page.fill("form.kolikoly-declare input[name=total]", "14");
    await page.click(".kolikoly-declare__submit");
    await page.click("#ks-resolve");
    await page.waitForSelector("#ks-confirm[open]");
    expect(await page.textContent("#ks-confirm-text")).toBe(
      L("KOLIKOLY.Sandbox.Confirm.Missing", { names: "Bo, Cai, Dara" }),
    );
    await shot(page, "confirm");
    await page.click("#ks-confirm-no");
    await page.waitForSelector("#ks-confirm", { state: "hidden" });
    expect(await page.getAttribute("body", "data-round")).toBe("0");
    expect(await page.textContent("#ks-log")).toBe(""); // nothing was played
    await page.click("#ks-resolve");
    await page.click("#ks-confirm-yes");
    await page.waitForSelector('body[data-round="1"]');
    const played = await page.textContent("#ks-log");
    // Undo: round 0 again, Ana's Catch (with her typed 14) still declared.
    await page.click("#ks-undo");
    await page.waitForSelector('body[data-round="0"]');
    expect(await page.textContent('.ks-declared[data-fisher="ana"]')).toContain(
      L("KOLIKOLY.Sandbox.TypedTotal", { total: 14 }),
    );
    await page.click("#ks-resolve");
    await page.click("#ks-confirm-yes");
    await page.waitForSelector('body[data-round="1"]');
    expect(await page.textContent("#ks-log")).toBe(played);
    // The end: the results, and no "not yet" anywhere.
    await page.click("#ks-end");
    await page.waitForSelector("#ks-results");
    const panel = await page.textContent("#ks-act");
    expect(panel).toContain(L("KOLIKOLY.Sandbox.End.gm", { rounds: 1 }));
    expect(panel).not.toContain(L("KOLIKOLY.Sandbox.Waiting"));
    expect(await page.$$eval("#ks-results li", (li) => li.length)).toBe(4);
    expect(await page.textContent("#ks-results")).toMatch(/Most fish: /);
    await shot(page, "results");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("H4: the hazard question is asked in the table, the GM may hand it to the fisher's player", async () => {
    const page = await openTable(table.browser, table.url);
    await load(page, "#ks-load", HAZARD_SCENARIO);
    await page.waitForSelector('body[data-round="4"]');
    await page.click('.kolikoly-sq[data-at="1,1,1"]');
    await page.click(".kolikoly-declare__submit");
    await page.click("#ks-resolve");
    await page.waitForSelector("#ks-hazard");
    expect(await page.getAttribute("body", "data-round")).toBe("4"); // not played yet
    expect(await page.textContent("#ks-hazard-question")).toBe(
      L("KOLIKOLY.Hazards.Choice.Question", {
        hazard: "Undertow",
        fisher: "Ana",
        at: "[1,1,1]",
        // the damage is its own counted phrase (src/ui/hazard-choice-view.ts damageWords)
        damage: L("KOLIKOLY.Hazards.Damage", { damage: 6 }),
        hp: 10,
      }),
    );
    expect(await page.$$eval("#ks-hazard .ks-choice", (b) => b.map((x) => x.textContent))).toEqual([
      L("KOLIKOLY.Hazards.Choice.Hp", { damage: 6, left: 4 }),
      L("KOLIKOLY.Hazards.Choice.Aim", { effect: L("KOLIKOLY.Hazards.Aim.pushBack") }),
    ]);
    await shot(page, "hazard-gm");
    // A reload keeps the question.
    await page.reload();
    await page.waitForSelector("#ks-hazard");
    // The GM hands it to Ana's player, who answers in her own view.
    await page.click("#ks-hazard-pass");
    await takeScreen(page);
    expect(await page.inputValue("#ks-viewer")).toBe("fisher:ana");
    await shot(page, "hazard-ana");
    await page.click('#ks-hazard .ks-choice[data-choice="aim"]');
    await takeScreen(page); // back to the GM
    await page.waitForSelector('body[data-round="5"]');
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#ks-save")]);
    const file = JSON.parse(readFileSync(await download.path(), "utf8"));
    expect(file.rounds[4].rolls["hazardChoice:ana"]).toEqual([2]);
    const before = playScenario(HAZARD_SCENARIO);
    if (!before.ok) throw new Error(before.error.message);
    const engine = playRound(
      before.session,
      { actions: { ana: HAZARD_MOVE } },
      new Map([["hazardChoice:ana", [{ total: 2 }]]]),
    );
    if (!engine.ok) throw new Error(engine.error.message);
    expect(file).toEqual(JSON.parse(JSON.stringify(exportScenario(engine.session))));
    expect(await page.textContent("#ks-score")).toContain("10/10 HP");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("on a 390 px phone the declaration comes right after the lake; nothing overflows, no text below 11 px", async () => {
    const page = await table.browser.newPage({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
    });
    await page.goto(table.url);
    await page.waitForSelector("body[data-ready=true]");
    const boxes = await page.evaluate(() =>
      Object.fromEntries(
        [".ks-board", "#ks-act", ".ks-notes", ".ks-log-panel", ".ks-score-panel"].map((s) => {
          const r = document.querySelector(s)!.getBoundingClientRect();
          return [s, { top: r.top, bottom: r.bottom, left: r.left, right: r.right }];
        }),
      ),
    );
    const board = boxes[".ks-board"]!;
    const act = boxes["#ks-act"]!;
    expect(act.top).toBeGreaterThanOrEqual(board.bottom);
    expect(act.top - board.bottom).toBeLessThan(20);
    for (const later of [".ks-notes", ".ks-log-panel", ".ks-score-panel"])
      expect(boxes[later]!.top, later).toBeGreaterThan(act.bottom);
    const g = await geometry(page);
    expect(g.overflow).toBeLessThanOrEqual(0);
    expect(g.px, g.what).toBeGreaterThanOrEqual(LEGIBLE_PX);
    await shot(page, "phone");
    // Kayanak: the turn panel right after the sheet too.
    await pickGame(page, "kayanak");
    await page.waitForSelector("#ks-ky-sheet .ks-ky-hole");
    const ky = await page.evaluate(() => {
      const r = (s: string) => document.querySelector(`#ks-kayanak ${s}`)!.getBoundingClientRect();
      return {
        board: r(".ks-board").bottom,
        act: r(".ks-act-panel").top,
        notes: r(".ks-notes").top,
      };
    });
    expect(ky.act).toBeGreaterThanOrEqual(ky.board);
    expect(ky.notes).toBeGreaterThan(ky.act);
    expect((await geometry(page)).overflow).toBeLessThanOrEqual(0);
    await page.close();
  });

  it("on a 1920 px screen the default lake fills its box; chart labels are off the bars; the seed placeholders are whole", async () => {
    const page = await table.browser.newPage({
      viewport: { width: 1920, height: 1080 },
      deviceScaleFactor: 1,
    });
    await page.goto(table.url);
    await page.waitForSelector("body[data-ready=true]");
    const fill = await page.evaluate(() => {
      const box = document.querySelector<HTMLElement>("#ks-lake")!;
      const boards = [...box.querySelectorAll<SVGSVGElement>(".kolikoly-level__board")];
      const right = Math.max(...boards.map((b) => b.getBoundingClientRect().right));
      const bottom = Math.max(...boards.map((b) => b.getBoundingClientRect().bottom));
      const r = box.getBoundingClientRect();
      return {
        width: (right - r.left) / box.clientWidth,
        height: (bottom - r.top) / parseFloat(getComputedStyle(box).maxHeight),
        scrolls: box.scrollWidth > box.clientWidth,
      };
    });
    expect(Math.max(fill.width, fill.height), JSON.stringify(fill)).toBeGreaterThan(0.75);
    expect(fill.scrolls).toBe(false);
    const g = await geometry(page);
    expect(g.overflow).toBeLessThanOrEqual(0);
    expect(g.px, g.what).toBeGreaterThanOrEqual(LEGIBLE_PX);
    await shot(page, "wide");
    // The placeholders of the seed fields fit their fields.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>('input[name="seed"]')]
        .filter((i) => i.getClientRects().length > 0 && i.placeholder)
        .map((i) => {
          const cs = getComputedStyle(i);
          const ctx = document.createElement("canvas").getContext("2d")!;
          ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
          const room = i.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
          return { text: i.placeholder, need: ctx.measureText(i.placeholder).width, room };
        })
        .filter((p) => p.need > p.room),
    );
    expect(cut).toEqual([]);
    // The balance caption has no literal backticks; the charts' mark labels sit on no bar.
    expect(await page.textContent("#ks-balance-what")).not.toContain("`");
    await page.fill("#ks-balance-form input[name=games]", "30");
    await page.click("#ks-balance-run");
    await page.waitForSelector("#ks-chart-rounds .ks-chart__bar", { timeout: 60_000 });
    const onBars = await page.evaluate(() =>
      [...document.querySelectorAll<SVGSVGElement>(".ks-chart")].flatMap((svg) => {
        const bars = [...svg.querySelectorAll<SVGRectElement>(".ks-chart__bar")].map((b) =>
          b.getBBox(),
        );
        return [...svg.querySelectorAll<SVGTextElement>(".ks-chart__mark")]
          .map((t) => ({ label: t.textContent, b: t.getBBox() }))
          .filter(({ b }) =>
            bars.some(
              (r) =>
                b.x < r.x + r.width &&
                b.x + b.width > r.x &&
                b.y < r.y + r.height &&
                b.y + b.height > r.y,
            ),
          )
          .map(({ label }) => label);
      }),
    );
    expect(onBars).toEqual([]);
    await page.locator("#ks-balance").screenshot({ path: `${OUT}/table-screen-balance.png` });
    await page.close();
  });

  it("New game's estimate names one cause for a size out of range; Kayanak's placing keeps the floes visible", async () => {
    const page = await openTable(table.browser, table.url);
    await page.fill('#ks-new input[name="width"]', "40");
    await page.waitForFunction(
      () => document.querySelector<HTMLElement>("#ks-estimate")!.dataset.state === "none",
    );
    const text = await page.textContent("#ks-estimate");
    expect(text).toBe(
      L("KOLIKOLY.Sandbox.Length.OutOfRange", {
        field: L("KOLIKOLY.Sandbox.Width"),
        min: 1,
        max: LAKE_LIMITS.side,
      }),
    );
    expect(text).not.toMatch(/worker|created all the same/);
    // New game refuses 40 indeed: the game on the table stays.
    await page.click('#ks-new button[type="submit"]');
    expect(await page.$$eval(".kolikoly-level", (l) => l.length)).toBe(2);
    await pickGame(page, "kayanak");
    await page.waitForSelector('#ks-kayanak[data-phase="placing"]');
    const outlined = await page.$$eval(
      ".ks-ky-hole--legal .ks-ky-hole__bg",
      (bgs) => bgs.filter((b) => getComputedStyle(b).stroke !== "none").length,
    );
    expect(await page.$$eval(".ks-ky-hole--legal", (h) => h.length)).toBe(48);
    expect(outlined).toBe(0);
    await page
      .locator("#ks-ky-sheet")
      .screenshot({ path: `${OUT}/table-screen-kayanak-placing.png` });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
