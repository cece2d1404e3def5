/**
 * The sandbox table end to end in real Chromium (issue 5): three rounds by clicking and three
 * by keyboard, each checked against the engine playing the same declarations; a player's DOM
 * holding no secret (K19, K20); loading scenario files; the balance panel against the simulator.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { strings as en } from "../../src/sandbox/i18n.ts";
import type { Coord, Declaration, GameState, Session, Viewer } from "../../src/rules/index.ts";
import {
  eventsFor,
  exportScenario,
  onBoard,
  playRound,
  squareKey,
  startSession,
  viewFor,
} from "../../src/rules/index.ts";
import { checkSimOptions, simulateGames, summarize } from "../../src/rules/sim/index.ts";
import { squareLabel } from "../../src/ui/lake-svg.ts";
import { logLines } from "../../src/sandbox/log-view.ts";
import { setupFor } from "../../src/sandbox/table.ts";
import { makeLocalize } from "../../src/ui/handlebars-helpers.ts";
import { statAt } from "../../src/sandbox/balance.ts";
import { secretSession } from "../sandbox/fixtures.ts";
import {
  REPO,
  openTable,
  pageErrors,
  passGate,
  screenshot,
  sandboxPerFile,
  viewAs,
} from "./harness.ts";

const L = makeLocalize(en);
const table = sandboxPerFile();

/** No input on the page holds the seed (value or attribute), and the HTML has no `value="<seed>"`. */
async function expectNoSeed(page: Page, seed: number) {
  expect(await page.inputValue("#ks-new input[name=seed]")).toBe("");
  const values = await page.evaluate(() =>
    [...document.querySelectorAll("input")].flatMap((i) => [i.value, i.getAttribute("value")]),
  );
  expect(values).not.toContain(String(seed));
  expect(await page.content()).not.toContain(String(seed));
}

/** What the page must show for `viewer`: every square's accessible name, fishers' squares, the log. */
function expected(session: Session, viewer: Viewer) {
  const view = viewFor(session.state, viewer);
  const labels: Record<string, string> = {};
  const { width, height, levels } = view.lake;
  for (let l = 0; l < levels; l++)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) labels[`${x},${y},${l}`] = squareLabel(view, [x, y, l], L);
  return {
    round: String(session.state.round),
    labels,
    fishers: Object.fromEntries(view.fishers.map((f) => [f.id, squareKey(f.at)])),
    log: logLines(view, eventsFor(session.log, viewer), L).map((l) =>
      l.whisper ? `${l.whisper} ${l.text}` : l.text,
    ),
  };
}

async function shown(page: Page) {
  return page.evaluate(() => {
    const labels: Record<string, string> = {};
    for (const sq of document.querySelectorAll<SVGGElement>(".kolikoly-sq"))
      labels[sq.dataset.at!] = sq.getAttribute("aria-label")!;
    const fishers: Record<string, string> = {};
    for (const f of document.querySelectorAll<SVGGElement>(".kolikoly-fisher"))
      fishers[f.dataset.fisher!] = f.closest<SVGGElement>(".kolikoly-sq")!.dataset.at!;
    return {
      round: document.body.dataset.round!,
      labels,
      fishers,
      log: [...document.querySelectorAll(".kolikoly-log__line")].map((li) =>
        li.textContent!.trim(),
      ),
    };
  });
}

const DIRS: readonly [number, number, number][] = [
  [1, 0, 0],
  [0, 1, 0],
  [-1, 0, 0],
  [0, -1, 0],
];
function step(state: GameState, at: Coord, dirs = DIRS): Coord {
  for (const [dx, dy, dl] of dirs) {
    const c: Coord = [at[0] + dx, at[1] + dy, at[2] + dl];
    if (onBoard(state.lake, c)) return c;
  }
  throw new Error("no neighbour");
}

/** The three rounds both play-throughs declare: every action kind, targets from where each fisher is. */
function plan(round: number, i: number, state: GameState): Declaration {
  const f = state.fishers[i]!;
  const kinds = [
    ["move", "move", "track"],
    ["catch", "track", "herd"],
    ["move", "catch", "move"],
  ] as const;
  const kind = kinds[round]![i % 3]!;
  if (kind === "catch") return { action: "catch" };
  if (round === 2 && i === 0 && f.at[2] + 1 < state.lake.levels)
    return { action: "move", to: [f.at[0], f.at[1], f.at[2] + 1] };
  const t = step(state, f.at);
  return kind === "move"
    ? { action: "move", to: t }
    : kind === "track"
      ? { action: "track", target: t }
      : { action: "herd", toward: t };
}
const targetOf = (d: Declaration): Coord | undefined =>
  d.action === "catch"
    ? undefined
    : d.action === "track"
      ? d.target
      : d.action === "move"
        ? d.to
        : d.toward;

async function checkBoard(page: Page, session: Session, viewer: Viewer) {
  const want = expected(session, viewer);
  const got = await shown(page);
  expect(got.round).toBe(want.round);
  expect(got.fishers).toEqual(want.fishers);
  expect(got.labels).toEqual(want.labels);
  expect(got.log).toEqual(want.log);
}

const OPTS = { width: 6, height: 6, levels: 3, fishers: 3, seed: 42 };
const query = `?width=${OPTS.width}&height=${OPTS.height}&levels=${OPTS.levels}&fishers=${OPTS.fishers}&seed=${OPTS.seed}`;

describe("sandbox table in Chromium", () => {
  it("K5-K23 plays three rounds by clicking; board and log match the engine after each", async () => {
    const page = await openTable(table.browser, table.url + query);
    let session = startSession(setupFor(OPTS));
    await checkBoard(page, session, "gm");
    for (let round = 0; round < 3; round++) {
      const actions: Record<string, Declaration> = {};
      for (const [i, f] of session.state.fishers.entries()) {
        const d = plan(round, i, session.state);
        actions[f.id] = d;
        await page.click(`.ks-tab[data-fisher="${f.id}"]`);
        await page.click(`form.kolikoly-declare input[name=action][value=${d.action}]`);
        const t = targetOf(d);
        if (t && i % 2 === 0) await page.click(`.kolikoly-sq[data-at="${squareKey(t)}"]`);
        else if (t)
          await page.click(`form.kolikoly-declare input[name=target][value="${squareKey(t)}"]`);
        await page.click(".kolikoly-declare__submit");
        await page.waitForSelector(`.ks-declared--yes[data-fisher="${f.id}"]`);
      }
      await page.click("#ks-resolve");
      const r = playRound(session, { actions });
      if (!r.ok) throw new Error(r.error.message);
      session = r.session;
      await page.waitForSelector(`body[data-round="${round + 1}"]`);
      await checkBoard(page, session, "gm");
      await screenshot(page, `click-round-${round + 1}`);
    }
    // Undo (engine `undo`) takes the last round back.
    await page.click("#ks-undo");
    await page.waitForSelector(`body[data-round="2"]`);
    const back = startSession(setupFor(OPTS));
    let s = back;
    for (const e of session.rounds.slice(0, 2)) {
      const r = playRound(s, e.input);
      if (!r.ok) throw new Error(r.error.message);
      s = r.session;
    }
    await checkBoard(page, s, "gm");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("K5-K23 plays three rounds by keyboard alone, with a visible focus", async () => {
    const page = await openTable(table.browser, table.url + query);
    const focused = (sel: string) =>
      page.evaluate((s) => document.activeElement?.matches(s) ?? false, sel);
    const tabTo = async (sel: string, back = false) => {
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press(back ? "Shift+Tab" : "Tab");
        if (await focused(sel)) return;
      }
      throw new Error(`keyboard focus never reached ${sel}`);
    };
    let session = startSession(setupFor(OPTS));
    for (let round = 0; round < 3; round++) {
      const actions: Record<string, Declaration> = {};
      for (const [i, f] of session.state.fishers.entries()) {
        const d = plan(round, i, session.state);
        actions[f.id] = d;
        // Pick the fisher in the tab list with the arrow keys.
        await tabTo(".ks-tab[aria-selected=true]");
        for (let k = 0; k < 6 && !(await focused(`.ks-tab[data-fisher="${f.id}"]`)); k++)
          await page.keyboard.press("ArrowRight");
        // Back to the lake: the fisher's own square holds the roving focus.
        await tabTo(".kolikoly-sq", true);
        expect(await focused(`.kolikoly-sq[data-at="${squareKey(f.at)}"]`)).toBe(true);
        const outline = await page.evaluate(
          () => getComputedStyle(document.activeElement!.querySelector("rect")!).strokeWidth,
        );
        expect(outline).toBe("5px"); // the focus ring is visible
        const t = targetOf(d);
        if (t) {
          const key = t[2] > f.at[2] ? "PageDown" : t[2] < f.at[2] ? "PageUp" : undefined;
          if (key) await page.keyboard.press(key);
          for (let n = 0; n < Math.abs(t[0] - f.at[0]); n++)
            await page.keyboard.press(t[0] > f.at[0] ? "ArrowRight" : "ArrowLeft");
          for (let n = 0; n < Math.abs(t[1] - f.at[1]); n++)
            await page.keyboard.press(t[1] > f.at[1] ? "ArrowDown" : "ArrowUp");
        }
        await page.keyboard.press("Enter"); // own square: Catch; a neighbour: Move there
        if (d.action === "track" || d.action === "herd") {
          await tabTo("form.kolikoly-declare input[name=action]:checked");
          await page.keyboard.press(d.action === "track" ? "ArrowUp" : "ArrowDown");
          expect(await focused(`input[name=action][value=${d.action}]`)).toBe(true);
        }
        await tabTo(".kolikoly-declare__submit");
        await page.keyboard.press("Enter");
        await page.waitForSelector(`.ks-declared--yes[data-fisher="${f.id}"]`);
      }
      await tabTo("#ks-resolve");
      await page.keyboard.press("Enter");
      const r = playRound(session, { actions });
      if (!r.ok) throw new Error(r.error.message);
      session = r.session;
      await page.waitForSelector(`body[data-round="${round + 1}"]`);
      await checkBoard(page, session, "gm");
      await screenshot(page, `keyboard-round-${round + 1}`);
    }
    // The log is a live region.
    expect(await page.getAttribute("#ks-log", "role")).toBe("log");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("K5 K6 hot-seat: each player declares in their own view behind a covered hand-over, never sees another's choice; typed totals are used", async () => {
    const page = await openTable(table.browser, table.url + query);
    const [ana, bo] = ["ana", "bo"];
    const take = async (name: string) => {
      await page.waitForSelector("#ks-cover[open]");
      expect(await page.textContent("#ks-cover-text")).toBe(
        name === "GM"
          ? L("KOLIKOLY.Sandbox.Pass.ToGm")
          : L("KOLIKOLY.Sandbox.Pass.ToFisher", { name }),
      );
      await page.click("#ks-cover-take");
      await passGate(page);
      await page.waitForSelector("#ks-cover", { state: "hidden" });
    };
    // The GM starts the hand-over: the screen is covered until Ana's player takes it.
    await page.click("#ks-pass");
    await take("Ana");
    expect(await page.inputValue("#ks-viewer")).toBe(`fisher:${ana}`);
    await page.waitForSelector(`form.kolikoly-declare[data-fisher="${ana}"]`);
    // A player's view has only their own form and no tabs for other fishers.
    expect(await page.$$eval("form.kolikoly-declare", (fs) => fs.length)).toBe(1);
    expect(await page.$$eval(".ks-tab", (ts) => ts.length)).toBe(0);
    await page.click("form.kolikoly-declare input[name=action][value=catch]");
    await page.fill("form.kolikoly-declare input[name=total]", "15");
    await page.click(".kolikoly-declare__submit");
    // Declared: the screen is covered at once, and nothing of Ana's choice is left in the page.
    await page.waitForSelector("#ks-cover[open]");
    expect(await page.content()).not.toContain(L("KOLIKOLY.Sandbox.TypedTotal", { total: 15 }));
    expect(await page.$$eval("form.kolikoly-declare", (fs) => fs.length)).toBe(0);
    await screenshot(page, "hot-seat-cover");
    await take("Bo");
    await page.waitForSelector(`form.kolikoly-declare[data-fisher="${bo}"]`);
    // Bo's player sees that Ana has declared, never what (K5).
    const anaLine = await page.textContent(`.ks-declared[data-fisher="${ana}"]`);
    expect(anaLine!.trim()).toBe(`Ana: ${L("KOLIKOLY.Sandbox.Declared")}`);
    expect(await page.content()).not.toContain(L("KOLIKOLY.Sandbox.TypedTotal", { total: 15 }));
    await page.click(`.kolikoly-sq[data-at="4,5,0"]`); // Bo starts at [5,5,0] (K3): Move west
    await page.click(".kolikoly-declare__submit");
    await take("Cai");
    await page.click("form.kolikoly-declare input[name=action][value=catch]");
    await page.click(".kolikoly-declare__submit");
    await take("GM");
    await page.waitForSelector(".ks-tab");
    expect(await page.textContent(`.ks-declared[data-fisher="${ana}"]`)).toContain(
      L("KOLIKOLY.Sandbox.TypedTotal", { total: 15 }),
    );
    expect(await page.textContent(`.ks-declared[data-fisher="${ana}"]`)).toContain(
      L("KOLIKOLY.Sandbox.Log.ActionCatch"),
    );
    await page.click("#ks-resolve");
    await page.waitForSelector('body[data-round="1"]');
    const r = playRound(
      startSession(setupFor(OPTS)),
      {
        actions: {
          ana: { action: "catch" },
          bo: { action: "move", to: [4, 5, 0] },
          cai: { action: "catch" },
        },
      },
      new Map([["attack:ana", [{ total: 15 }]]]),
    );
    if (!r.ok) throw new Error(r.error.message);
    await checkBoard(page, r.session, "gm");
    expect(r.session.log.find((e) => e.type === "check" && e.fisher === ana)).toMatchObject({
      total: 15,
    });
    // Saving downloads the game as a scenario file that replays to the same log.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#ks-save")]);
    const saved = JSON.parse(readFileSync(await download.path(), "utf8"));
    expect(saved).toEqual(JSON.parse(JSON.stringify(exportScenario(r.session))));
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("K19 K20 a player's page holds no unseen swarm, unexplored content, GM-only log line or seed", async () => {
    // A long seed, to look for anywhere in the page's HTML (it decides every unexplored square).
    const session = secretSession(200, 73_919_456_021);
    const page = await openTable(table.browser, table.url);
    await page.setInputFiles("#ks-load", {
      name: "secret.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(exportScenario(session))),
    });
    await page.waitForSelector(`body[data-round="${session.state.round}"]`);
    const state = session.state;
    const unseen = state.swarms.filter((s) => !s.seen);
    const gmLines = logLines(viewFor(state, "gm"), eventsFor(session.log, "gm"), L)
      .filter((_, i) => eventsFor(session.log, "gm")[i]!.audience === "gm")
      .map((l) => l.text);
    const unexplored = state.explored.flatMap((e, i) => (e ? [] : [i]));
    // The GM's view has the secrets (so the checks below can fail)...
    await checkBoard(page, session, "gm");
    const gmHtml = await page.content();
    expect(gmHtml).toContain(`value="${session.setup.seed}"`);
    for (const s of unseen) expect(gmHtml).toContain(`data-swarm="${s.id}"`);
    for (const t of gmLines) expect(gmHtml).toContain(escapeHtml(t));
    await screenshot(page, "secret-gm");
    for (const viewer of [{ fisher: state.fishers[0]!.id }, "player"] as Viewer[]) {
      const key = typeof viewer === "object" ? `fisher:${viewer.fisher}` : viewer;
      await viewAs(page, "#ks-viewer", key);
      await page.waitForFunction(
        (k) => (document.querySelector("#ks-viewer") as HTMLSelectElement).value === k,
        key,
      );
      await checkBoard(page, session, viewer);
      const html = await page.content();
      for (const s of unseen) expect(html).not.toContain(`data-swarm="${s.id}"`);
      for (const t of gmLines) expect(html).not.toContain(escapeHtml(t));
      expect(html).not.toContain("kolikoly-swarm--unseen");
      // No swarm token and no content in any unexplored square.
      const fogged = await page.evaluate(() =>
        [...document.querySelectorAll(".kolikoly-sq--fog")].map((g) => ({
          at: (g as SVGGElement).dataset.at!,
          tokens: g.querySelectorAll(".kolikoly-swarm").length,
          label: g.getAttribute("aria-label")!,
        })),
      );
      expect(fogged.length).toBe(unexplored.length);
      for (const f of fogged) {
        expect(f.tokens).toBe(0);
        expect(f.label).not.toMatch(/swarm/);
      }
      // Every swarm on the page is a seen one, where it was seen.
      const tokens = await page.evaluate(() =>
        [...document.querySelectorAll<SVGGElement>(".kolikoly-swarm")].map((g) => [
          g.dataset.swarm!,
          g.closest<SVGGElement>(".kolikoly-sq")!.dataset.at!,
        ]),
      );
      for (const [id, at] of tokens) {
        const s = state.swarms.find((x) => x.id === id)!;
        expect(s.seen).toBe(true);
        expect(squareKey(s.at)).toBe(at);
      }
      // The seed decides every unexplored square: it is nowhere on a player's page.
      await expectNoSeed(page, session.setup.seed);
      await screenshot(page, `secret-${key.replace(":", "-")}`);
    }
    // Saving (the whole truth), loading and a new game are offered in the GM's view only.
    expect(await page.isHidden("#ks-save")).toBe(true);
    expect(await page.isHidden("#ks-load")).toBe(true);
    expect(await page.isHidden('#ks-new button[type="submit"]')).toBe(true);
    // A new game with the seed field emptied (the GM's view): a fresh random seed, shown to the GM only.
    await viewAs(page, "#ks-viewer", "gm");
    await page.fill("#ks-new input[name=seed]", "");
    await page.click('#ks-new button[type="submit"]');
    await page.waitForSelector('body[data-round="0"]');
    const fresh = await page.inputValue("#ks-new input[name=seed]");
    expect(fresh).toMatch(/^\d+$/);
    expect(fresh).not.toBe(String(session.setup.seed));
    await viewAs(page, "#ks-viewer", "player");
    await expectNoSeed(page, Number(fresh));
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("loads a scenario file and shows the replayed state; a bad file names the field and changes nothing", async () => {
    let session = startSession(setupFor(OPTS));
    for (let round = 0; round < 3; round++) {
      const actions: Record<string, Declaration> = {};
      session.state.fishers.forEach((f, i) => (actions[f.id] = plan(round, i, session.state)));
      const r = playRound(session, { actions });
      if (!r.ok) throw new Error(r.error.message);
      session = r.session;
    }
    const scenario = exportScenario(session);
    const page = await openTable(table.browser, table.url);
    await page.setInputFiles("#ks-load", {
      name: "three-rounds.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(scenario)),
    });
    await page.waitForSelector(`body[data-round="3"]`);
    await checkBoard(page, session, "gm");
    // The same game, one round later, with a move that is not adjacent: refused, nothing changes.
    const bad = JSON.parse(JSON.stringify(scenario));
    const id = session.state.fishers[0]!.id;
    bad.rounds[1].actions[id] = { action: "move", to: [5, 5, 2] };
    await page.setInputFiles("#ks-load", {
      name: "bad.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(bad)),
    });
    await page.waitForSelector("#ks-error:not([hidden])");
    const err = await page.textContent("#ks-error");
    expect(err).toContain("bad.json");
    expect(err).toContain(`rounds[1].actions.${id}.to`);
    await checkBoard(page, session, "gm");
    // Not JSON at all.
    await page.setInputFiles("#ks-load", {
      name: "garbage.json",
      mimeType: "application/json",
      buffer: Buffer.from("{ not json"),
    });
    await page.waitForFunction(
      () => document.querySelector("#ks-error")?.textContent?.includes("garbage.json") ?? false,
    );
    await checkBoard(page, session, "gm");
    await screenshot(page, "load-error");
    // Another game (another seed, one round more) replaces the first one entirely, log included.
    let other = startSession(setupFor({ ...OPTS, seed: 7 }));
    for (let round = 0; round < 4; round++) {
      const actions: Record<string, Declaration> = {};
      other.state.fishers.forEach((f, i) => (actions[f.id] = plan(round % 3, i, other.state)));
      const r = playRound(other, { actions });
      if (!r.ok) throw new Error(r.error.message);
      other = r.session;
    }
    await page.setInputFiles("#ks-load", {
      name: "other.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(exportScenario(other))),
    });
    await page.waitForSelector(`body[data-round="4"]`);
    await checkBoard(page, other, "gm");
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it("balance panel: charts appear and the figures equal `kolikoly simulate --json` for the same seed", async () => {
    const page = await openTable(table.browser, table.url + query);
    await page.fill("#ks-balance-form input[name=games]", "12");
    await page.fill("#ks-balance-form input[name=seed]", "5");
    await page.click("#ks-balance-run");
    await page.waitForSelector("#ks-chart-rounds .ks-chart__bar", { timeout: 60_000 });
    await page.waitForSelector("#ks-chart-catch .ks-chart__bar");
    expect(await page.getAttribute("#ks-balance-progress", "value")).toBe("12");
    const got = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll<HTMLElement>(".ks-stat")].map((d) => [
          d.dataset.stat!,
          Number(d.dataset.value),
        ]),
      ),
    );
    const want = simulateJson({
      fishers: OPTS.fishers,
      lake: `${OPTS.width}x${OPTS.height}x${OPTS.levels}`,
      games: 12,
      seed: 5,
    });
    for (const [path, value] of Object.entries(got)) expect(value).toBe(statAt(want, path));
    expect(Object.keys(got)).toContain("rounds.p90");
    // The rounds chart counts every game.
    const bars = await page.$$eval("#ks-chart-rounds .ks-chart__bar", (bs) =>
      bs.reduce((n, b) => n + Number((b as SVGRectElement).dataset.count), 0),
    );
    expect(bars).toBe(12);
    await page.locator("#ks-balance").screenshot({ path: `${REPO}test-output/e2e/balance.png` });
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * The CLI's `simulate --json` when bin/kolikoly.mjs exists; until then the same pure simulator
 * core in this process (the figures are the simulator's, not the page's).
 */
function simulateJson(o: { fishers: number; lake: string; games: number; seed: number }): unknown {
  const bin = `${REPO}bin/kolikoly.mjs`;
  if (existsSync(bin)) {
    const args = [
      "simulate",
      "--fishers",
      String(o.fishers),
      "--lake",
      o.lake,
      "--games",
      String(o.games),
      "--seed",
      String(o.seed),
      "--bot",
      "greedy",
      "--json",
    ];
    const r = spawnSync(process.execPath, [bin, ...args], { cwd: REPO, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`kolikoly simulate failed: ${r.stderr}`);
    return JSON.parse(r.stdout);
  }
  const [width, height, levels] = o.lake.split("x").map(Number) as [number, number, number];
  const c = checkSimOptions({
    fishers: o.fishers,
    lake: { width, height, levels, verticalAdjacency: true },
    games: o.games,
    seed: o.seed,
    bot: "greedy",
  });
  if (!c.ok) throw new Error(c.error.message);
  return summarize(simulateGames(c.value));
}
