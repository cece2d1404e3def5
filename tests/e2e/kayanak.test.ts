/**
 * The table's Kayanak mode end to end in real Chromium (issue 11, item 3): the game switch; the
 * bears placed and turns played by clicking and by keyboard, the sheet checked against the engine
 * after each step; a fisher's page holding no covered hole's contents anywhere in its HTML (J10);
 * loading a good and a bad kayanak file (and the format tag switching games); undo.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { strings as en } from "../../src/sandbox/i18n.ts";
import type { Hole, KayanakState, KayanakViewer } from "../../src/rules/kayanak/index.ts";
import { eventsFor, exportScenario, rebuild, viewFor } from "../../src/rules/kayanak/index.ts";
import { exportScenario as exportFishing, startSession } from "../../src/rules/index.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import { kayanakLogLines } from "../../src/sandbox/kayanak/log.ts";
import * as K from "../../src/sandbox/kayanak/table.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import { openTable, pageErrors, screenshot, sandboxPerFile, viewAs, pickGame } from "./harness.ts";

const L = makeLocalize(en);
const ctx = sandboxPerFile();

const OPTS: K.KayanakOptions = {
  ...K.KAYANAK_DEFAULTS,
  width: 7,
  height: 5,
  floes: 5,
  fishers: 3,
  seed: 11,
};
const QUERY = `?game=kayanak&width=${OPTS.width}&height=${OPTS.height}&floes=${OPTS.floes}&fishers=${OPTS.fishers}&seed=${OPTS.seed}`;
const BEARS: Hole[] = [
  [0, 0],
  [6, 4],
  [3, 2],
];
const key = (h: Hole) => `${h[0]},${h[1]}`;

/** What the page shows: each hole's facts from its data attributes, the bears' holes, the log. */
async function shown(page: Page) {
  return page.evaluate(() => {
    const holes: Record<string, string> = {};
    for (const g of document.querySelectorAll<SVGGElement>("#ks-kayanak .ks-ky-hole"))
      holes[g.dataset.at!] =
        `${g.dataset.open}/${g.dataset.frozen}/${g.dataset.big ?? "-"}/${g.dataset.small ?? "-"}`;
    const bears: Record<string, string> = {};
    const svg = document.querySelector("#ks-kayanak .ks-ky-sheet__svg")!;
    for (const b of svg.querySelectorAll<SVGGElement>(".ks-ky-bear")) {
      const c = b.querySelector("circle:not(.ks-ky-bear__ring)")!;
      bears[b.dataset.fisher!] = `${c.getAttribute("cx")},${c.getAttribute("cy")}`;
    }
    return {
      holes,
      bears,
      turn: document.querySelector<HTMLElement>("#ks-kayanak")!.dataset.turn!,
      log: [...document.querySelectorAll("#ks-ky-log .kolikoly-log__line")].map((li) =>
        li.textContent!.trim(),
      ),
    };
  });
}

/** What the engine says the page must show, for this viewer (while placing: the bears placed so far, no log). */
function expected(
  state: KayanakState,
  log: readonly unknown[],
  viewer: KayanakViewer,
  placed?: readonly Hole[],
) {
  const view = viewFor(state, viewer);
  const holes: Record<string, string> = {};
  for (const h of view.holes)
    holes[key(h.at)] = `${h.open}/${h.frozen}/${h.big ?? "-"}/${h.small ?? "-"}`;
  // Bear tokens sit on their hole's centre (lake-svg's grid: 3 + 18 + 56x, 3 + 18 + 56y; the
  // hole is drawn 4 units below the square's middle).
  const bears: Record<string, string> = {};
  const fishers = placed
    ? view.fishers.slice(0, placed.length).map((f, i) => ({ ...f, at: placed[i]! }))
    : view.fishers;
  for (const f of fishers) bears[f.id] = `${21 + 56 * f.at[0] + 28},${21 + 56 * f.at[1] + 28 + 4}`;
  const names = new Map(state.fishers.map((f) => [f.id, f.name]));
  const lines = kayanakLogLines(
    placed ? [] : eventsFor(log as Parameters<typeof eventsFor>[0], viewer),
    names,
    L,
  );
  return {
    holes,
    bears,
    turn: String(state.turn),
    log: lines.map((l) => (l.whisper ? `${l.whisper} ${l.text}` : l.text)),
  };
}

/** The page against the mirror table's engine state, for the mirror's viewer. */
async function checkBoard(page: Page, t: K.KayanakTable) {
  const got = await shown(page);
  const want = expected(K.currentState(t), K.currentLog(t), t.viewer, t.placing?.placed);
  expect(got.holes).toEqual(want.holes);
  expect(got.bears).toEqual(want.bears);
  expect(got.turn).toBe(want.turn);
  expect(got.log).toEqual(want.log);
}

async function version(page: Page): Promise<number> {
  return Number(await page.getAttribute("#ks-kayanak", "data-version"));
}
/** Runs an action and waits for the table to draw its result. */
async function act(page: Page, fn: () => Promise<unknown>) {
  const before = await version(page);
  await fn();
  await page.waitForFunction(
    (v) => Number(document.querySelector<HTMLElement>("#ks-kayanak")!.dataset.version) > v,
    before,
  );
}

/**
 * No input on the page holds the seed (value or attribute), the HTML has no `value="<seed>"`, and
 * a long seed (a random one) is nowhere in it at all.
 */
async function expectNoSeed(page: Page, seed: number) {
  expect(await page.inputValue('#ks-ky-new input[name="seed"]')).toBe("");
  const values = await page.evaluate(() =>
    [...document.querySelectorAll("input")].flatMap((i) => [i.value, i.getAttribute("value")]),
  );
  expect(values).not.toContain(String(seed));
  const html = await page.content();
  expect(html).not.toContain(`value="${seed}"`);
  if (seed >= 1_000_000) expect(html).not.toContain(String(seed));
}

describe("Kayanak table in Chromium", () => {
  it("the game switch: the header's select, ?game= and a bad value refused by name", async () => {
    const page = await openTable(ctx.browser, ctx.url);
    expect(await page.inputValue("#ks-game")).toBe("kolikoly");
    expect(await page.isVisible("#ks-kayanak")).toBe(false);
    expect(await page.isVisible(".ks-main[data-game=kolikoly]")).toBe(true);
    await pickGame(page, "kayanak");
    expect(await page.isVisible("#ks-kayanak .ks-ky-sheet")).toBe(true);
    expect(await page.isVisible(".ks-main[data-game=kolikoly]")).toBe(false);
    expect(new URL(page.url()).search).toBe("?game=kayanak");
    expect(await page.textContent("#ks-ky-status")).toBe(
      "Placing the bears (J11): Ana, click a free hole.",
    );
    await screenshot(page, "kayanak-switch");
    await pickGame(page, "kolikoly");
    expect(await page.isVisible(".ks-main[data-game=kolikoly]")).toBe(true);
    expect(await page.isVisible("#ks-kayanak")).toBe(false);
    await page.close();

    const bad = await openTable(ctx.browser, `${ctx.url}?game=chess&width=4`);
    expect(await bad.textContent("#ks-error")).toBe(
      "URL parameters refused: game=chess (must be one of kolikoly, kayanak). The other parameters were used.",
    );
    expect(await bad.inputValue("#ks-game")).toBe("kolikoly");
    await bad.close();

    const params = await openTable(ctx.browser, `${ctx.url}?game=kayanak&width=9&variant=snow`);
    expect(await params.textContent("#ks-ky-error")).toBe(
      "URL parameters refused: variant=snow (must be one of basic, weather). The other parameters were used.",
    );
    expect(await params.locator("#ks-kayanak .ks-ky-hole").count()).toBe(9 * 6);
    expect(pageErrors(params)).toEqual([]);
    await params.close();
  });

  it("J2-J7: bears placed and turns played by clicking; the sheet matches the engine after each step", async () => {
    const page = await openTable(ctx.browser, ctx.url + QUERY);
    let t = K.newKayanakTable(OPTS);
    await checkBoard(page, t);
    for (const h of BEARS) {
      await act(page, () => page.click(`.ks-ky-hole[data-at="${key(h)}"]`));
      t = K.chooseHole(t, h);
      await checkBoard(page, t);
    }
    expect(K.phaseOf(t)).toBe("roll");
    for (let turn = 0; turn < 4; turn++) {
      await act(page, () => page.click("#ks-ky-roll"));
      t = K.roll(t);
      await checkBoard(page, t);
      const faces = await page.getAttribute(".ks-ky-die--action", "data-face");
      expect(faces).toBe(K.currentState(t).pending!.die.face);
      // Take every dot on the first highlighted hole of the kind offered, then end the turn.
      for (let guard = 0; guard < 6 && t.turn; guard++) {
        const legal = K.legalHoles(t);
        if (legal.length === 0) break;
        const highlighted = await page
          .locator(".ks-ky-hole--legal")
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-at")));
        expect(highlighted.sort()).toEqual(legal.map(key).sort());
        await act(page, () => page.click(`.ks-ky-hole[data-at="${key(legal[0]!)}"]`));
        t = K.chooseHole(t, legal[0]!);
        expect(t.error).toBeUndefined();
        await checkBoard(page, t);
      }
      if (t.turn) {
        await act(page, () => page.click("#ks-ky-end-turn"));
        t = K.endTurn(t);
      }
      await checkBoard(page, t);
      await screenshot(page, `kayanak-click-turn-${turn + 1}`);
    }
    // The record the page built is the engine's: it rebuilds to the same state.
    expect(rebuild(t.session.setup, t.session.turns).state).toEqual(t.session.state);
    // Undo step reopens the last turn; Undo turn takes it back whole.
    await act(page, () => page.click("#ks-ky-undo-step"));
    t = K.undoStep(t);
    await checkBoard(page, t);
    await act(page, () => page.click("#ks-ky-undo-turn"));
    t = K.undoTurn(t);
    await checkBoard(page, t);
    await act(page, () => page.click("#ks-ky-undo-turn"));
    t = K.undoTurn(t);
    expect(t.session.turns).toHaveLength(2);
    await checkBoard(page, t);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("plays by keyboard alone: arrows move the focus over holes, letters pick the step, Enter takes it", async () => {
    const page = await openTable(ctx.browser, ctx.url + QUERY);
    let t = K.newKayanakTable(OPTS);
    const focusedAt = () =>
      page.evaluate(() => document.activeElement?.getAttribute("data-at") ?? null);
    const walkTo = async (to: Hole) => {
      const [x, y] = (await focusedAt())!.split(",").map(Number) as [number, number];
      for (let n = 0; n < Math.abs(to[0] - x); n++)
        await page.keyboard.press(to[0] > x ? "ArrowRight" : "ArrowLeft");
      for (let n = 0; n < Math.abs(to[1] - y); n++)
        await page.keyboard.press(to[1] > y ? "ArrowDown" : "ArrowUp");
      expect(await focusedAt()).toBe(key(to));
    };
    // Tab reaches the sheet (one hole in the tab order, with a thick focus ring).
    for (let i = 0; i < 60 && !(await focusedAt()); i++) await page.keyboard.press("Tab");
    expect(await focusedAt()).not.toBeNull();
    const ring = await page.evaluate(
      () => getComputedStyle(document.activeElement!.querySelector("rect")!).strokeWidth,
    );
    expect(ring).toBe("5px");
    for (const h of BEARS) {
      await walkTo(h);
      await act(page, () => page.keyboard.press("Enter"));
      t = K.chooseHole(t, h);
    }
    await checkBoard(page, t);
    for (let turn = 0; turn < 3; turn++) {
      // Roll from the keyboard: Tab to the button, Enter; the focus comes back to the sheet.
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press("Tab");
        if (await page.evaluate(() => document.activeElement?.id === "ks-ky-roll")) break;
      }
      await act(page, () => page.keyboard.press("Enter"));
      t = K.roll(t);
      expect(await focusedAt()).not.toBeNull();
      // Prefer hacking (H) where the die allows it, else the kind offered.
      if (K.legalKinds(t).includes("hack")) {
        await act(page, () => page.keyboard.press("h"));
        t = K.setKind(t, "hack");
      }
      for (let guard = 0; guard < 6 && t.turn; guard++) {
        const legal = K.legalHoles(t);
        if (legal.length === 0) break;
        await walkTo(legal[0]!);
        await act(page, () => page.keyboard.press("Enter"));
        t = K.chooseHole(t, legal[0]!);
        await checkBoard(page, t);
      }
      if (t.turn) {
        await act(page, () => page.click("#ks-ky-end-turn"));
        t = K.endTurn(t);
      }
      await checkBoard(page, t);
      await screenshot(page, `kayanak-keyboard-turn-${turn + 1}`);
    }
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("J8: Tricky weather with physical dice: faces picked, a hole hacked then frozen, a tile placed", async () => {
    const page = await openTable(ctx.browser, `${ctx.url + QUERY}&variant=weather`);
    let t = K.newKayanakTable({ ...OPTS, variant: "weather" });
    for (const h of BEARS) {
      await act(page, () => page.click(`.ks-ky-hole[data-at="${key(h)}"]`));
      t = K.chooseHole(t, h);
    }
    // Ana's physical dice show pickax 3 and an ice crystal.
    await act(page, () => page.selectOption("#ks-ky-force-die", "4"));
    await act(page, () => page.selectOption("#ks-ky-force-temperature", "3"));
    t = K.setForce(K.setForce(t, "die", 4), "temperature", 3);
    await act(page, () => page.click("#ks-ky-roll"));
    t = K.roll(t);
    expect(await page.getAttribute(".ks-ky-die--action", "data-face")).toBe("pickax");
    expect(await page.getAttribute(".ks-ky-die--temperature", "data-face")).toBe("crystal");
    expect(await page.textContent("#ks-ky-dots")).toBe("0 of 4 dots used, 4 left");
    await act(page, () => page.click('.ks-ky-hole[data-at="1,0"]'));
    t = K.chooseHole(t, [1, 0]);
    await act(page, () => page.check('input[name="ks-ky-kind"][value="crystal"]'));
    t = K.setKind(t, "crystal");
    expect(await page.locator(".ks-ky-hole--legal").count()).toBe(1);
    await act(page, () => page.click('.ks-ky-hole[data-at="1,0"]'));
    t = K.chooseHole(t, [1, 0]);
    await checkBoard(page, t);
    expect(await page.locator('.ks-ky-hole[data-at="1,0"] .ks-ky-crystal').count()).toBe(1);
    await act(page, () => page.click("#ks-ky-end-turn"));
    t = K.endTurn(t);
    // Bo's: bear 2 and No trespassing!; a tile on a floe no bear stands on.
    await act(page, () => page.selectOption("#ks-ky-force-die", "1"));
    await act(page, () => page.selectOption("#ks-ky-force-temperature", "1"));
    t = K.setForce(K.setForce(t, "die", 1), "temperature", 1);
    await act(page, () => page.click("#ks-ky-roll"));
    t = K.roll(t);
    await act(page, () => page.keyboard.press("t"));
    t = K.setKind(t, "tile");
    const hole = K.legalHoles(t)[0]!;
    await act(page, () => page.click(`.ks-ky-hole[data-at="${key(hole)}"]`));
    t = K.chooseHole(t, hole);
    await checkBoard(page, t);
    expect(await page.locator("#ks-ky-sheet .ks-ky-tile").count()).toBe(1);
    expect(await page.textContent("#ks-ky-panel")).toContain("In the box: 4 tiles, 7 crystals.");
    await screenshot(page, "kayanak-weather");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("J10: a fisher's page holds no covered hole's contents anywhere in its HTML", async () => {
    const page = await openTable(ctx.browser, ctx.url + QUERY);
    let t = K.newKayanakTable(OPTS);
    for (const h of BEARS) {
      await act(page, () => page.click(`.ks-ky-hole[data-at="${key(h)}"]`));
      t = K.chooseHole(t, h);
    }
    for (let turn = 0; turn < 3; turn++) {
      await act(page, () => page.click("#ks-ky-roll"));
      t = K.roll(t);
      for (const h of K.legalHoles(t).slice(0, 1)) {
        await act(page, () => page.click(`.ks-ky-hole[data-at="${key(h)}"]`));
        t = K.chooseHole(t, h);
      }
      if (t.turn) {
        await act(page, () => page.click("#ks-ky-end-turn"));
        t = K.endTurn(t);
      }
    }
    const s = K.currentState(t);
    const covered = s.holes
      .map((h, i) => ({ ...h, at: [i % s.board.width, Math.floor(i / s.board.width)] as Hole }))
      .filter((h) => !h.open);
    expect(covered.some((h) => h.big + h.small > 0)).toBe(true);
    const noStyles = (html: string) => html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, "");
    const gmHtml = noStyles(await page.content());
    expect(gmHtml).toContain("ks-ky-ball--under");
    expect(gmHtml).toContain("under the ice");
    await screenshot(page, "kayanak-gm");
    for (const f of ["ana", "bo", "cai"]) {
      await act(page, () => viewAs(page, "#ks-ky-viewer", `fisher:${f}`));
      t = K.setViewer(t, { fisher: f });
      await checkBoard(page, t);
      // The whole page, less the stylesheets Vite inlines (they name the classes, never a hole).
      const html = noStyles(await page.content());
      expect(html.length).toBeGreaterThan(10_000);
      for (const h of covered) {
        const label = L("KOLIKOLY.Sandbox.Kayanak.Hole.UnderIce", { big: h.big, small: h.small });
        expect(html).not.toContain(label);
        expect(html).not.toMatch(new RegExp(`data-at="${key(h.at)}"[^>]*data-big=`));
      }
      expect(html).not.toContain("ks-ky-ball--under");
      expect(html).not.toContain("under the ice");
      expect(html).not.toContain("fell into");
      // Every fish drawn is in an open hole: as many data-big attributes as open holes.
      expect((html.match(/data-big="/g) ?? []).length).toBe(s.holes.filter((h) => h.open).length);
      // Save (the file holds every fish) is for the GM's view only.
      expect(await page.isVisible("#ks-ky-save")).toBe(false);
      // The seed (with the sizes it decides every covered hole) is nowhere on a player's page.
      await expectNoSeed(page, OPTS.seed);
      await screenshot(page, `kayanak-player-${f}`);
    }
    // Load, New game and hot seat are the GM's: a player's page does not offer them.
    expect(await page.isHidden("#ks-ky-load")).toBe(true);
    expect(await page.isHidden('#ks-ky-new button[type="submit"]')).toBe(true);
    expect(await page.isHidden("#ks-ky-follow")).toBe(true);
    // A new game with the seed field emptied (the GM's view): a fresh random seed, shown to the GM only.
    await act(page, () => viewAs(page, "#ks-ky-viewer", "gm"));
    await page.fill('#ks-ky-new input[name="seed"]', "");
    await act(page, () => page.click('#ks-ky-new button[type="submit"]'));
    expect(await page.isVisible("#ks-ky-error")).toBe(false);
    const fresh = await page.inputValue('#ks-ky-new input[name="seed"]');
    expect(fresh).toMatch(/^\d+$/);
    expect(fresh).not.toBe(String(OPTS.seed));
    expect(Number(fresh)).toBeGreaterThanOrEqual(1_000_000); // (a 53-bit random seed)
    expect(await page.content()).toContain(`value="${fresh}"`);
    await act(page, () => viewAs(page, "#ks-ky-viewer", "fisher:bo"));
    await expectNoSeed(page, Number(fresh));
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("loads a good kayanak file, refuses a bad one by field with nothing changed, switches games by format", async () => {
    const good = (() => {
      let t = K.newKayanakTable({ ...OPTS, variant: "weather" });
      for (const h of BEARS) t = K.chooseHole(t, h);
      for (let i = 0; i < 5; i++) {
        t = K.roll(t);
        const legal = K.legalNow(t);
        if (legal[0]) t = K.step(t, legal[0]);
        if (t.turn) t = K.endTurn(t);
      }
      return t;
    })();
    const file = exportScenario(good.session);
    // From the fishing table's Load: the format tag switches to Kayanak.
    const page = await openTable(ctx.browser, ctx.url);
    await page.setInputFiles("#ks-load", {
      name: "ice.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(file)),
    });
    await page.waitForSelector(`#ks-kayanak[data-turn="${good.session.state.turn}"]`);
    expect(await page.inputValue("#ks-game")).toBe("kayanak");
    const loaded = K.loadScenario(K.newKayanakTable(OPTS), JSON.stringify(file), "ice.json");
    await checkBoard(page, loaded);
    expect(await page.isVisible(".ks-ky-die--temperature")).toBe(false);
    expect(await page.inputValue('#ks-ky-new select[name="variant"]')).toBe("weather");
    const before = await shown(page);
    // A bad file: refused with its field named, the table as it was.
    const bad = { ...file, fishers: [...file.fishers, { id: "eve", at: [0, 0] }] };
    await page.setInputFiles("#ks-ky-load", {
      name: "bad.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(bad)),
    });
    await page.waitForSelector("#ks-ky-error:not([hidden])");
    expect(await page.textContent("#ks-ky-error")).toBe(
      "Could not load bad.json: fishers[3].at: [0,0] already has a bear (J11). Nothing was changed.",
    );
    expect(await shown(page)).toEqual(before);
    await screenshot(page, "kayanak-load-refused");
    // A fishing file from the Kayanak table's Load goes back to the fishing table.
    const fishing = exportFishing(
      startSession(setupFor({ width: 3, height: 3, levels: 1, fishers: 2, seed: 5 })),
    );
    await page.setInputFiles("#ks-ky-load", {
      name: "lake.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(fishing)),
    });
    await page.waitForFunction(
      () => document.querySelector<HTMLSelectElement>("#ks-game")!.value === "kolikoly",
    );
    expect(await page.locator(".kolikoly-sq").count()).toBe(9);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
