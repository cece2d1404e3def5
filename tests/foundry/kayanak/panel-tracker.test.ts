/**
 * Issue 11, after the first pass: the GM panel lists the scene's Kayanak boards (whose turn it
 * is, the host's Undo and Export; no End, since the rules have no end by the GM). The turn order
 * is the board's own (issue 20 item 7): no Combat is made, and a Combat the GM runs is left alone.
 */
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { TEMPLATE_ROOT } from "../../../src/foundry/core/constants.ts";
import { kayanakPanelBoards } from "../../../src/foundry/apps/panel-context.ts";
import { publicBoardOf } from "../../../src/foundry/kayanak/board.ts";
import type { PlayerTable } from "../players/fake-players.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import { settleClients } from "../players/actors.ts";
import { renderTemplateFile, strictLocalize } from "../fake/client.ts";
import { ask, board } from "./fixtures.ts";
import { combatOfFishers } from "../fake/systems.ts";

/** Everything under way settled: the clients' news, and the GM host's queue for the board. */
async function settled(t: PlayerTable, id: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await settleClients([t.gm, ...t.players]);
    await t.gm.runtime!.host.authority.settled(id);
  }
}

/** The module's own writes that touch a Combat (none: the board keeps its turn order itself). */
const combatWrites = (t: PlayerTable) =>
  t.server.requests.filter((r) => r.ops.some((o) => o.startsWith("combat"))).length;

describe("the GM panel lists the scene's Kayanak boards", () => {
  test("whose turn it is, the turn in play, Undo and Export per board, no End", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    await settled(t, id);
    const scene = () => t.gm.scene(t.sceneId)!;
    expect(kayanakPanelBoards(scene(), strictLocalize)).toEqual([
      { id, name: "Ice sheet", status: "Turn 1: Ana", over: false, inPlay: false, active: true },
    ]);
    await ask(t.players[0], id, "f1", 0, { kind: "roll" });
    await settled(t, id);
    expect(kayanakPanelBoards(scene(), strictLocalize)[0]).toMatchObject({ inPlay: true });
    await ask(t.players[0], id, "f1", 0, { kind: "end" });
    await settled(t, id);
    const boards = kayanakPanelBoards(scene(), strictLocalize);
    expect(boards[0]).toMatchObject({ status: "Turn 2: Bo", inPlay: false });
    // the panel without a lake on the scene still lists the board, with its buttons
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/gm-panel.hbs`, { lake: null, boards });
    const doc = new JSDOM(html).window.document;
    const row = doc.querySelector(`.kolikoly-kayanak-boards tr[data-board="${id}"]`)!;
    expect(row.textContent).toContain("Ice sheet");
    expect(row.textContent).toContain("Turn 2: Bo");
    const undo = row.querySelector("[data-action=kayanakUndo]") as HTMLElement;
    const exp = row.querySelector("[data-action=kayanakExport]") as HTMLElement;
    expect([undo.dataset.board, exp.dataset.board]).toEqual([id, id]);
    expect(row.querySelector("[data-action=end]")).toBeNull();
    expect(doc.querySelector(".kolikoly-kayanak-boards .hint")!.textContent).toContain(
      "no end by the GM",
    );
    // what the buttons call: the host's undo and export
    const host = t.gm.runtime!.kayanak;
    const ex = await host.exportScenario(id);
    expect(ex.ok && (ex.value as { format: string }).format).toBe("kayanak-scenario/1");
    expect(await host.undoTurn(id)).toMatchObject({ ok: true, value: { turn: 0 } });
    await settled(t, id);
    expect(kayanakPanelBoards(scene(), strictLocalize)[0]).toMatchObject({
      status: "Turn 1: Ana",
    });
    // a scene with no board lists none, and the panel has no boards section
    const none = renderTemplateFile(`${TEMPLATE_ROOT}/gm-panel.hbs`, { lake: null, boards: [] });
    expect(new JSDOM(none).window.document.querySelector(".kolikoly-kayanak-boards")).toBeNull();
  });
});

describe("the turn order is the board's, no Combat's (issue 20 item 7)", () => {
  test("the board makes no Combat, and a GM's own Combat of the bears is never read nor moved", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    await settled(t, id);
    expect(t.server.truth.combats).toEqual([]);
    // the GM runs an encounter of their own with the same tokens, on round 3, turn 2
    const combat = combatOfFishers(t);
    t.server.updateCombat(t.userIds.gm, combat, { round: 3, turn: 1 });
    await settled(t, id);
    const [pa, pb] = t.players;
    expect(await ask(pa, id, "f1", 0, { kind: "roll" })).toMatchObject({ ok: true });
    expect(await ask(pa, id, "f1", 0, { kind: "end" })).toMatchObject({ ok: true });
    // a hand on the tracker changes nothing on the board
    t.server.updateCombat(t.userIds.a, combat, { round: 3, turn: 0 });
    await settled(t, id);
    expect(await ask(pb, id, "f2", 1, { kind: "roll" })).toMatchObject({ ok: true });
    expect(await ask(pb, id, "f2", 1, { kind: "end" })).toMatchObject({ ok: true });
    await settled(t, id);
    expect(publicBoardOf(t.gm.scene(t.sceneId)!, id)!.view).toMatchObject({ turn: 2, next: "f1" });
    expect(t.server.truth.combats).toMatchObject([{ _id: combat, round: 3, turn: 0 }]);
    expect(combatWrites(t)).toBe(0);
  });
});
