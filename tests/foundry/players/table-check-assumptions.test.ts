/**
 * The table check bears out at the table what the fakes assume (docs/foundry.md, "What the table
 * check checks"): a blind check the module asks the system for stays hidden from players (a
 * real test roll, taken back), the GM store reaches no player readable, a store write reaches the
 * other GM clients, and on v14 batches reach every client. Each assumption is run here both ways:
 * holding, and failing as a real table could make it fail.
 */
import { describe, expect, test } from "vitest";
import { JSDOM } from "jsdom";
import { QUERY } from "../../../src/foundry/core/constants.ts";
import type { Assumption, TableReport } from "../../../src/foundry/core/table-check.ts";
import { tableCheckContext } from "../../../src/foundry/apps/table-check-context.ts";
import { TABLE_CHECK_TEMPLATE } from "../../../src/foundry/apps/table-check-dialog.ts";
import { renderTemplateFile, strictLocalize } from "../fake/client.ts";
import { dnd5eActors, settleClients } from "./actors.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";

async function checked(t: PlayerTable): Promise<TableReport> {
  const r = await t.gm.runtime!.table.run();
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

const byId = (report: TableReport) =>
  Object.fromEntries(report.assumptions.map((a) => [a.id, a])) as Record<
    Assumption["id"],
    Assumption
  >;

async function table(generation: 13 | 14): Promise<PlayerTable> {
  const t = await makePlayerTable({ generation, system: "dnd5e" });
  await t.gm2.connect();
  await lakeOn(t);
  dnd5eActors(t, [7, 7, 7, 7]);
  await settleClients([t.gm, t.gm2, ...t.players]);
  return t;
}

const rollMessages = (c: PlayerClient) => c.messageList().filter((m) => m.rolls?.length);

describe("the table check's assumptions", () => {
  test.each([13, 14] as const)(
    "v%i dnd5e: a blind test check through the system stays hidden, the store unreadable, the second GM hears; the test roll is taken back",
    async (generation) => {
      const t = await table(generation);
      const report = await checked(t);
      const a = byId(report);
      expect(a.hiddenRoll).toMatchObject({ state: "held", data: { count: 2 } });
      expect(a.store).toMatchObject({ state: "held" });
      expect(a.gmReach).toMatchObject({ state: "held", data: { count: 1 } });
      expect(a.batches.state).toBe(generation === 13 ? "moot" : a.batches.state);
      if (generation === 14) expect(["held", "unchecked"]).toContain(a.batches.state);
      // each player's client held the test roll, unreadable
      for (const p of t.players)
        expect(report.rows.find((r) => r.userId === p.userId)!.answer!.probe).toEqual({
          held: true,
          visible: false,
        });
      expect(report.problems).toBe(false);
      await settleClients([t.gm, t.gm2, ...t.players]);
      for (const c of [t.gm, ...t.players]) expect(rollMessages(c)).toEqual([]);
    },
  );

  test("a system that posts the module's blind check for everyone fails the hidden-roll assumption", async () => {
    const t = await table(14);
    // a dnd5e that drops the mode it is given (as pf2e 8 does with `rollMode`): the user's public mode
    for (const c of [t.gm, t.gm2, ...t.players]) {
      const post = c.postRoll.bind(c);
      c.postRoll = (d, _m) => post(d, "public");
    }
    const report = await checked(t);
    expect(byId(report).hiddenRoll).toMatchObject({ state: "failed", why: "postedOpen" });
    expect(report.problems).toBe(true);
  });

  test("a GM client that does not take the module's store word fails the second-GM assumption", async () => {
    const t = await table(13);
    const answer = t.gm2.answerQuery.bind(t.gm2);
    t.gm2.answerQuery = (name, data, options) =>
      name === QUERY.storeWritten
        ? Promise.reject(new Error("no handler"))
        : answer(name, data, options);
    const report = await checked(t);
    expect(byId(report).gmReach).toMatchObject({
      state: "failed",
      why: "gmDeaf",
      data: { users: "Second GM" },
    });
  });

  test("with no player and no other GM connected, nothing is called held", async () => {
    const t = await makePlayerTable({ generation: 13, system: "dnd5e" });
    for (const p of t.players) p.disconnect();
    await lakeOn(t);
    dnd5eActors(t, [7]);
    const a = byId(await checked(t));
    expect([a.hiddenRoll.state, a.store.state, a.gmReach.state]).toEqual([
      "unchecked",
      "unchecked",
      "unchecked",
    ]);
  });

  test("the window lists each assumption with its state, and says what to do for a failed one (the real template)", () => {
    const assumptions: Assumption[] = [
      { id: "batches", state: "moot", why: "singleWrites" },
      { id: "hiddenRoll", state: "failed", why: "readByPlayer", data: { users: "Bo" } },
      { id: "store", state: "held", why: "unreadable", data: { count: 2 } },
      { id: "gmReach", state: "unchecked", why: "noOtherGm" },
    ];
    const report: TableReport = {
      at: 0,
      version: "1",
      rows: [],
      assumptions,
      leak: false,
      problems: true,
    };
    const t = strictLocalize;
    const html = renderTemplateFile(TABLE_CHECK_TEMPLATE, tableCheckContext(report, t));
    const doc = new JSDOM(html).window.document;
    const rows = [...doc.querySelectorAll("[data-assumption]")];
    expect(
      rows.map((r) => [r.getAttribute("data-assumption"), r.getAttribute("data-state")]),
    ).toEqual(assumptions.map((a) => [a.id, a.state]));
    const failed = doc.querySelector("[data-assumption=hiddenRoll]")!;
    expect(failed.classList.contains("kolikoly-bad")).toBe(true);
    expect(failed.textContent).toContain("Bo");
    expect(failed.querySelector(".kolikoly-advice")?.textContent).toContain(
      t("KOLIKOLY.Foundry.TableCheck.Assumption.hiddenRoll.Advice"),
    );
    expect(doc.querySelectorAll(".kolikoly-advice")).toHaveLength(1);
  });
});
