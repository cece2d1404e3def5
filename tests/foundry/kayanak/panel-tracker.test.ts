/**
 * Issue 11, after the first pass: the GM panel lists the scene's Kayanak boards (whose turn it
 * is, the host's Undo and Export; no End, since the rules have no end by the GM), and the combat
 * tracker cannot silently leave the board's turn: moved by hand (a GM's or a player's next or
 * previous turn), the active GM's client puts it back on the board's current fisher.
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

/** Everything under way settled: the clients' news, and the GM host's queue for the board. */
async function settled(t: PlayerTable, id: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await settleClients([t.gm, ...t.players]);
    await t.gm.runtime!.host.authority.settled(id);
  }
}

const combatUpdates = (t: PlayerTable) =>
  t.server.requests.filter((r) => r.ops.includes("combat.update")).length;

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

describe("the combat tracker follows the board", () => {
  for (const generation of [13, 14] as const)
    test(`v${generation}: next or previous turn by hand (a GM's, a player's) is put back on the board's fisher`, async () => {
      const t = await makePlayerTable({ generation });
      const id = await board(t);
      await settled(t, id);
      const combat = () => t.server.truth.combats[0]!;
      const combatId = combat()._id;
      expect(combat()).toMatchObject({ round: 1, turn: 0 });
      const boardTurn = () => publicBoardOf(t.gm.scene(t.sceneId)!, id)!.view.turn;

      // the GM clicks "next turn" on the tracker: Bo's turn there, Ana's on the board
      let before = combatUpdates(t);
      await t.gm.write([
        { kind: "combat.update", updates: [{ _id: combatId, round: 1, turn: 1 }] },
      ]);
      await settled(t, id);
      expect(combat()).toMatchObject({ round: 1, turn: 0 });
      expect(boardTurn()).toBe(0);
      // the hand's write and the one putting it back; the put-back itself changes nothing more
      expect(combatUpdates(t) - before).toBe(2);

      // Bo (a player: BaseCombat #canUpdate lets players change round and turn) clicks it too
      before = combatUpdates(t);
      await t.players[1].write([
        { kind: "combat.update", updates: [{ _id: combatId, round: 2, turn: 1 }] },
      ]);
      await settled(t, id);
      expect(combat()).toMatchObject({ round: 1, turn: 0 });
      expect(combatUpdates(t) - before).toBe(2);

      // the board moves on by itself: the tracker follows, with no put-back write
      await ask(t.players[0], id, "f1", 0, { kind: "roll" });
      await settled(t, id);
      await ask(t.players[0], id, "f1", 0, { kind: "end" });
      await settled(t, id);
      expect(boardTurn()).toBe(1);
      expect(combat()).toMatchObject({ round: 1, turn: 1 });
      // "previous turn" by hand: back on Bo
      before = combatUpdates(t);
      await t.gm.write([
        { kind: "combat.update", updates: [{ _id: combatId, round: 1, turn: 0 }] },
      ]);
      await settled(t, id);
      expect(combat()).toMatchObject({ round: 1, turn: 1 });
      expect(combatUpdates(t) - before).toBe(2);
      // the game went on meanwhile, untouched: Bo plays his turn
      expect(await ask(t.players[1], id, "f2", 1, { kind: "roll" })).toMatchObject({ ok: true });
    });

  test("only the active GM's client puts it back; a combat of no board is left alone", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    await settled(t, id);
    const combatId = t.server.truth.combats[0]!._id;
    const moved = { id: combatId, scene: t.sceneId, round: 1, turn: 1 };
    const flags = t.server.truth.combats[0]!.flags;
    // a player's client (not the authority) writes nothing
    expect(
      await t.players[0].runtime!.kayanak.trackerMoved({ ...moved, flags }, { turn: 1 }),
    ).toEqual({ ok: true, value: false });
    const host = t.gm.runtime!.kayanak;
    // no board flag on the combat, or no turn or round in the change: nothing to do
    expect(await host.trackerMoved({ ...moved, flags: {} }, { turn: 1 })).toEqual({
      ok: true,
      value: false,
    });
    expect(await host.trackerMoved({ ...moved, flags }, { active: true })).toEqual({
      ok: true,
      value: false,
    });
    // a combat that only claims the board (not the one the board names) is not the board's
    expect(
      await host.trackerMoved({ ...moved, id: "otherCombat00001", flags }, { turn: 1 }),
    ).toEqual({ ok: true, value: false });
    expect(t.server.truth.combats[0]).toMatchObject({ round: 1, turn: 0 });
  });
});

describe("the board outlives its combat (the GM ends it, or removes a combatant)", () => {
  test("the combat ended: every turn still ends, with no tracker write, and the board forgets it", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    await settled(t, id);
    const combatId = t.server.truth.combats[0]!._id;
    const [pa, pb] = t.players;
    await ask(pa, id, "f1", 0, { kind: "roll" });
    // the GM ends the combat (Combat#endCombat deletes it) while a turn is in play
    t.server.deleteCombat(t.userIds.gm, combatId);
    await settled(t, id);
    expect(t.server.truth.combats).toHaveLength(0);
    const before = combatUpdates(t);
    expect(await ask(pa, id, "f1", 0, { kind: "end" })).toMatchObject({ ok: true });
    expect(await ask(pb, id, "f2", 1, { kind: "roll" })).toMatchObject({ ok: true });
    expect(await ask(pb, id, "f2", 1, { kind: "end" })).toMatchObject({ ok: true });
    expect(await ask(pa, id, "f1", 2, { kind: "roll" })).toMatchObject({ ok: true });
    await settled(t, id);
    const pub = publicBoardOf(t.gm.scene(t.sceneId)!, id)!;
    expect(pub.view.turn).toBe(2);
    expect(pub.combatId).toBeNull();
    expect(combatUpdates(t)).toBe(before);
    // undo too
    expect(await t.gm.runtime!.kayanak.undoTurn(id)).toMatchObject({ ok: true });
  });

  test("a combatant removed: the tracker follows the current fisher's combatant, not its old place", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    await settled(t, id);
    const combat = () => t.server.truth.combats[0]!;
    const combatId = combat()._id;
    const [pa, pb] = t.players;
    // Ana's combatant removed: Bo's moves up to place 0 of the tracker
    const ana = combat().combatants.find((c) => c.tokenId === t.tokenIds[0])!;
    t.server.deleteCombatants(t.userIds.gm, combatId, [ana._id]);
    await settled(t, id);
    expect(await ask(pa, id, "f1", 0, { kind: "roll" })).toMatchObject({ ok: true });
    expect(await ask(pa, id, "f1", 0, { kind: "end" })).toMatchObject({ ok: true });
    await settled(t, id);
    // Bo's turn: the tracker on Bo's combatant (place 0 now), not on place 1 (no one)
    expect(combat()).toMatchObject({ round: 1, turn: 0 });
    expect(combat().combatants[combat().turn]!.tokenId).toBe(t.tokenIds[1]);
    // moved by hand, it is put back on Bo's combatant
    await t.gm.write([{ kind: "combat.update", updates: [{ _id: combatId, round: 1, turn: 1 }] }]);
    await settled(t, id);
    expect(combat()).toMatchObject({ round: 1, turn: 0 });
    // Bo ends his turn: Ana has no combatant, so the tracker is left where it is; the game goes on
    expect(await ask(pb, id, "f2", 1, { kind: "roll" })).toMatchObject({ ok: true });
    expect(await ask(pb, id, "f2", 1, { kind: "end" })).toMatchObject({ ok: true });
    await settled(t, id);
    expect(publicBoardOf(t.gm.scene(t.sceneId)!, id)!.view.turn).toBe(2);
    expect(await ask(pa, id, "f1", 2, { kind: "roll" })).toMatchObject({ ok: true });
  });
});
