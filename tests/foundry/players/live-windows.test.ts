/**
 * Issue 20 item 3: live windows, on a table of two GM clients and two players in the behavioural
 * fake. Each window is drawn with the real templates and Handlebars (live-windows.ts) and follows
 * the changes its client receives, from any client, drawn again once per burst; Resolve means
 * the round on screen; a half-filled form survives a re-render; players are asked to declare
 * when a lake is made, when a round opens and when they join mid-round.
 */
import { describe, expect, test } from "vitest";
import { publicLakeOf } from "../../../src/foundry/fishing/projection.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";
import { settleClients } from "./actors.ts";
import type { DeclareWindow } from "./live-windows.ts";
import { openDeclare, openPanel } from "./live-windows.ts";
import { ask, board } from "../kayanak/fixtures.ts";

/** Every request under way answered, every GM queue empty. */
async function settled(t: PlayerTable, lake: string): Promise<void> {
  const clients = [t.gm, t.gm2, ...t.players].filter((c) => c.runtime);
  for (let i = 0; i < 3; i++) {
    await settleClients(clients);
    for (const c of clients) await c.runtime!.host.authority.settled(lake);
  }
}

const declare = (
  c: PlayerClient,
  lake: string,
  fisher: string,
  round: number,
  declaration: object,
) => c.wiring!.player.declare({ lake, fisher, round, declaration } as never);

describe("the GM panel follows every client (issue 20 item 3)", () => {
  test("K5 a player declares and withdraws on their client: the GM's panel shows it after the debounce, one drawing per burst, no GM click", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    await settled(t, lake);
    const panel = await openPanel(t.gm, t.sceneId);
    expect(panel.row("f1")).toContain("Not declared");
    const r = await declare(t.players[0], lake, "f1", 1, { action: "catch" });
    expect(r.ok).toBe(true);
    await settled(t, lake);
    // a record revision and the scene's `declared` reached the GM client: one drawing for both
    await panel.refresh.idle();
    expect(panel.refresh.draws).toBe(1);
    expect(panel.row("f1")).toContain("Declared");
    expect(panel.root.querySelector<HTMLSelectElement>('select[name="action.f1"]')!.value).toBe(
      "catch",
    );
    expect((await t.players[0].wiring!.player.withdraw({ lake, fisher: "f1", round: 1 })).ok).toBe(
      true,
    );
    await settled(t, lake);
    await panel.refresh.idle();
    expect(panel.row("f1")).toContain("Not declared");
    expect(panel.refresh.draws).toBe(2);
    // K6: a total entered from a macro (not the panel) shows in the panel's total box
    await declare(t.players[1], lake, "f2", 1, { action: "catch" });
    await settled(t, lake);
    expect((await t.gm.wiring!.gm.lock(lake)).ok).toBe(true);
    expect((await t.gm.wiring!.gm.enterTotal(lake, "f2", 14)).ok).toBe(true);
    await settled(t, lake);
    await panel.refresh.idle();
    expect(panel.root.querySelector<HTMLInputElement>('input[name="total.f2"]')!.value).toBe("14");
    panel.close();
  });

  test("another GM client resolves and undoes: the panel shows the new round, then the previous one, and its Resolve acts on the round on screen", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    await t.gm2.connect();
    await settled(t, lake);
    const mine = await openPanel(t.gm, t.sceneId);
    const other = await openPanel(t.gm2, t.sceneId);
    expect([mine.shownRound(), other.shownRound()]).toEqual([1, 1]);
    // the active GM resolves round 1 with its panel's Resolve
    expect(await mine.resolve()).toEqual({ kind: "resolved", round: 1 });
    await settled(t, lake);
    await other.refresh.idle();
    expect(other.shownRound()).toBe(2);
    expect(other.root.querySelector(".kolikoly-round")!.textContent).toContain("Round 2");
    // undone from the active GM's client: the other panel goes back to round 1
    expect((await t.gm.runtime!.host.undoRound(lake)).ok).toBe(true);
    await settled(t, lake);
    await other.refresh.idle();
    expect(other.shownRound()).toBe(1);
    // resolved again elsewhere (the API), and Resolve clicked before this panel was drawn again:
    // nothing is resolved for the round off screen, the panel now shows the round in play
    await mine.refresh.idle();
    expect(mine.shownRound()).toBe(1);
    mine.refresh.stop(); // its drawing not come yet, however long the resolution takes here
    expect((await t.gm.runtime!.host.resolveRound(lake, 1)).ok).toBe(true);
    const rounds = () => t.gm.runtime!.host.cached(lake)!.state.round;
    expect(rounds()).toBe(1);
    expect(await mine.resolve()).toEqual({ kind: "moved", shown: 1 });
    expect(rounds()).toBe(1);
    expect(mine.shownRound()).toBe(2);
    // hand-over: the active GM leaves; the other panel follows and its Resolve resolves round 2
    await settled(t, lake);
    await other.refresh.idle();
    expect(other.shownRound()).toBe(2);
    t.gm.disconnect();
    await settled(t, lake);
    await other.refresh.idle();
    expect(await other.resolve()).toEqual({ kind: "resolved", round: 2 });
    expect(other.shownRound()).toBe(3);
    other.close();
    mine.close();
  });

  test("a total half-typed in the GM panel survives a drawing caused by a player", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    // Ana declared: her row asks for her check's total (a row with no action has no total boxes)
    await declare(t.players[0], lake, "f1", 1, { action: "catch" });
    await settled(t, lake);
    const panel = await openPanel(t.gm, t.sceneId);
    const box = panel.root.querySelector<HTMLInputElement>('input[name="total.f1"]')!;
    box.value = "1";
    box.focus();
    await declare(t.players[1], lake, "f2", 1, { action: "catch" });
    await settled(t, lake);
    await panel.refresh.idle();
    expect(panel.refresh.draws).toBe(1);
    expect(panel.row("f2")).toContain("Declared");
    const again = panel.root.querySelector<HTMLInputElement>('input[name="total.f1"]')!;
    expect(again).not.toBe(box); // drawn anew
    expect(again.value).toBe("1");
    expect(panel.doc.activeElement).toBe(again);
    panel.close();
  });

  test("J: the Kayanak boards of the panel follow a player's turn", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    await settled(t, id);
    const panel = await openPanel(t.gm, t.sceneId);
    const status = () =>
      panel.root.querySelector(`.kolikoly-kayanak-boards tr[data-board="${id}"]`)!.textContent;
    expect(status()).toContain("Turn 1: Ana");
    await ask(t.players[0], id, "f1", 0, { kind: "roll" });
    await ask(t.players[0], id, "f1", 0, { kind: "end" });
    await settled(t, id);
    await panel.refresh.idle();
    expect(status()).toContain("Turn 2: Bo");
    panel.close();
  });
});

describe("players are asked to declare (issue 20 item 3)", () => {
  /** Each player's client opens its declaration window when asked. */
  function windows(t: PlayerTable): Map<PlayerClient, DeclareWindow[]> {
    const out = new Map<PlayerClient, DeclareWindow[]>();
    for (const c of [t.gm, t.gm2, ...t.players]) {
      out.set(c, []);
      c.declareWindow = (pub, sceneId) =>
        void openDeclare(c, pub, sceneId).then((w) => w && out.get(c)!.push(w));
    }
    return out;
  }

  test("K5 a lake made asks each player for round 1, a round resolved for the next one; an undo and the GM ask nothing", async () => {
    const t = await makePlayerTable();
    const open = windows(t);
    const lake = await lakeOn(t);
    await settled(t, lake);
    expect(t.players.map((p) => p.prompted)).toEqual([[{ lake, round: 1 }], [{ lake, round: 1 }]]);
    expect(t.gm.prompted).toEqual([]);
    const w = open.get(t.players[0])![0]!;
    expect(w.root.querySelector(".kolikoly-declare-dialog__round")!.textContent).toContain("1");
    expect((await t.gm.runtime!.host.resolveRound(lake)).ok).toBe(true);
    await settled(t, lake);
    expect(t.players[1].prompted.at(-1)).toEqual({ lake, round: 2 });
    // the open window follows: round 2
    await w.refresh.idle();
    expect(w.controller.desks.get("f1")!.round).toBe(2);
    expect((await t.gm.runtime!.host.undoRound(lake)).ok).toBe(true);
    await settled(t, lake);
    expect(t.players[1].prompted).toHaveLength(2);
    await w.refresh.idle();
    expect(w.controller.desks.get("f1")!.round).toBe(1);
    w.close();
  });

  test("a player who joins mid-round without a declaration is asked; one who declared is not", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    await settled(t, lake);
    const [ana, bo] = t.players;
    expect((await declare(ana, lake, "f1", 1, { action: "catch" })).ok).toBe(true);
    await settled(t, lake);
    ana.prompted.length = 0;
    bo.prompted.length = 0;
    await ana.reload();
    await bo.reload();
    await settled(t, lake);
    expect(ana.prompted).toEqual([]);
    expect(bo.prompted).toEqual([{ lake, round: 1 }]);
    // with "open automatically" off in the user's settings, nothing opens
    t.server.setWorldSetting("kolikoly-fishing.openDeclareAtRoundStart", false);
    bo.prompted.length = 0;
    await bo.reload();
    await settled(t, lake);
    expect(bo.prompted).toEqual([]);
  });

  test("K5 a half-filled declaration survives the window being drawn again by another player's declaration", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    await settled(t, lake);
    const [ana, bo] = t.players;
    const w = (await openDeclare(ana, publicLakeOf(ana.scene(t.sceneId)!, lake)!, t.sceneId))!;
    const form = () => w.root.querySelector<HTMLFormElement>("form.kolikoly-declare")!;
    const pick = (sel: string) => {
      const i = form().querySelector<HTMLInputElement>(sel)!;
      i.focus();
      i.click();
    };
    pick('input[name="action"][value="track"]');
    await w.controller.idle();
    pick('[data-dir="e"] input[name="target"]');
    await w.controller.idle();
    const before = w.renders();
    expect((await declare(bo, lake, "f2", 1, { action: "catch" })).ok).toBe(true);
    await settled(t, lake);
    await w.refresh.idle();
    expect(w.renders()).toBe(before + 1);
    expect(w.root.querySelector(".kolikoly-declare-dialog__declared")!.textContent).toContain("Bo");
    // not sent, not lost: Track, east, and the focus where it was
    expect(
      form().querySelector<HTMLInputElement>('input[name="action"][value="track"]')!.checked,
    ).toBe(true);
    const east = form().querySelector<HTMLInputElement>('[data-dir="e"] input[name="target"]')!;
    expect(east.checked).toBe(true);
    expect(w.doc.activeElement).toBe(east);
    // nothing reached the GM: Ana has not declared
    expect(publicLakeOf(t.gm.scene(t.sceneId)!, lake)!.declared).toEqual(["f2"]);
    w.close();
  });
});
