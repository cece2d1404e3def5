/**
 * Issue 11 item 4: the Kayanak board on the canvas, as data (src/foundry/kayanak/canvas.ts).
 * Drawn from the public board flag only: a GM's canvas and a player's draw the same picture,
 * with no covered hole's contents; the holes highlighted are exactly the engine's legal steps on
 * the GM's true state; a click's pixel maps to its hole (holeAt), and the step it asks for is
 * the only legal one there or the one of the kind picked; sent as the player's request, it plays.
 */
import { JSDOM } from "jsdom";
import { describe, expect, test } from "vitest";
import { iceSheetArt } from "../../../src/ui/ice-svg.ts";
import { holeAt, holeOrigin, publicBoardOf } from "../../../src/foundry/kayanak/board.ts";
import type { PublicBoard } from "../../../src/foundry/kayanak/board.ts";
import {
  CLICK_SLOP,
  actingFisher,
  isClick,
  legalByHole,
  litHoles,
  stepFor,
} from "../../../src/foundry/kayanak/canvas.ts";
import { holeKey, legalSteps } from "../../../src/rules/kayanak/index.ts";
import type { Hole } from "../../../src/rules/kayanak/index.ts";
import type { PlayerClient, PlayerTable } from "../players/fake-players.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import { ask, board } from "./fixtures.ts";

/** Ana's bear mid-board, so that every direction is on it. */
const AT = {
  at: [
    [1, 1],
    [3, 2],
  ],
} as const;

const pubOf = (c: PlayerClient, t: PlayerTable, id: string): PublicBoard =>
  publicBoardOf(c.scene(t.sceneId)!, id)!;

describe("a click on the board, not a pan or a drag", () => {
  const at = (button: number, x: number, y: number) => ({ button, global: { x, y } });
  test("the primary button pressed and released in place is a click", () => {
    expect(isClick(at(0, 100, 100), at(0, 100, 100))).toBe(true);
    expect(isClick(at(0, 100, 100), at(0, 100 + CLICK_SLOP, 100))).toBe(true);
    expect(isClick(at(0, 100, 100), at(0, 103, 104))).toBe(true);
  });
  test("a right-button pan, a middle button, a drag or a lone release is not", () => {
    // Foundry pans the canvas with the right button held
    expect(isClick(at(2, 100, 100), at(2, 100, 100))).toBe(false);
    expect(isClick(at(2, 100, 100), at(2, 400, 250))).toBe(false);
    expect(isClick(at(1, 100, 100), at(1, 100, 100))).toBe(false);
    // a left drag (a selection box, a token moved) that ends on a hole
    expect(isClick(at(0, 100, 100), at(0, 100 + CLICK_SLOP + 1, 100))).toBe(false);
    expect(isClick(at(0, 100, 100), at(0, 300, 300))).toBe(false);
    // a release whose press was elsewhere (off the canvas) or of another button
    expect(isClick(undefined, at(0, 100, 100))).toBe(false);
    expect(isClick(at(2, 100, 100), at(0, 100, 100))).toBe(false);
    expect(isClick(at(0, 100, 100), at(2, 100, 100))).toBe(false);
  });
});

describe("the Kayanak board on the canvas (issue 11 item 4)", () => {
  test("a click's pixel is its hole; off the board is nothing", async () => {
    const t = await makePlayerTable();
    const id = await board(t, AT);
    const scene = t.gm.scene(t.sceneId)!;
    const pub = pubOf(t.gm, t, id);
    // grid 100 from 200,300; the board's top-left hole on square 1,1
    expect(holeOrigin(pub, scene, [0, 0])).toEqual({ x: 300, y: 400 });
    expect(holeAt(pub, scene, 350, 450)).toEqual([0, 0]);
    expect(holeAt(pub, scene, 300, 400)).toEqual([0, 0]);
    expect(holeAt(pub, scene, 699, 699)).toEqual([3, 2]);
    expect(holeAt(pub, scene, 299, 450)).toBeUndefined();
    expect(holeAt(pub, scene, 700, 450)).toBeUndefined();
    expect(holeAt(pub, scene, 350, 700)).toBeUndefined();
    for (const h of pub.view.holes) {
      const o = holeOrigin(pub, scene, h.at);
      expect(holeAt(pub, scene, o.x + 50, o.y + 50)).toEqual(h.at);
    }
  });

  for (const variant of ["basic", "weather"] as const)
    test(`${variant}: the highlighted holes are the engine's legal steps on the GM's true state`, async () => {
      const t = await makePlayerTable();
      const id = await board(t, { ...AT, variant });
      const [pa, pb] = t.players;
      const host = t.gm.runtime!.kayanak;
      let clicked = 0;
      for (let turn = 0; turn < 12; turn++) {
        const v0 = pubOf(t.gm, t, id).view;
        if (v0.over) break;
        const me = v0.next!;
        const client = me === "f1" ? pa : pb;
        expect(await ask(client, id, me, v0.turn, { kind: "roll" })).toMatchObject({ ok: true });
        for (let s = 0; s < 6; s++) {
          const pub = pubOf(client, t, id);
          if (pub.view.turn !== v0.turn || !pub.view.inPlay) break;
          const l = await host.load(id);
          if (!l.ok) throw new Error(l.error.code);
          const truth = legalSteps(l.value.state);
          const fromView = [...legalByHole(pub.view).values()].flat();
          // every true step is offered (a tile step once per hole of its floe)
          for (const step of truth) expect(fromView).toContainEqual(step);
          for (const step of fromView) expect(truth).toContainEqual(step);
          // a click on the first legal hole, in pixels, is the request the player sends
          const scene = client.scene(t.sceneId)!;
          const lit = litHoles(pub.view)[0];
          if (!lit) break;
          const o = holeOrigin(pub, scene, lit.at);
          const at = holeAt(pub, scene, o.x + scene.gridSize / 2, o.y + scene.gridSize / 2) as Hole;
          expect(at).toEqual(lit.at);
          const pickKind = lit.kinds.length > 1 ? lit.kinds[0] : undefined;
          const { step, kinds } = stepFor(pub.view, at, pickKind);
          expect(kinds).toEqual(lit.kinds);
          expect(step).toBeDefined();
          // more than one kind there: nothing is inferred, the player picks
          if (lit.kinds.length > 1) expect(stepFor(pub.view, at).step).toBeUndefined();
          expect(
            actingFisher(pub, { id: t.userIds[me === "f1" ? "a" : "b"], isGM: false }, (a) =>
              t.gm.runtime!.port.ownersOf(a),
            ),
          ).toBe(me);
          expect(
            actingFisher(pub, { id: t.userIds[me === "f1" ? "b" : "a"], isGM: false }, (a) =>
              t.gm.runtime!.port.ownersOf(a),
            ),
          ).toBeUndefined();
          const r = await ask(client, id, me, pub.view.turn, { kind: "step", step });
          expect(r).toMatchObject({ ok: true });
          clicked++;
        }
        const after = pubOf(t.gm, t, id).view;
        if (after.turn === v0.turn && !after.over)
          expect(await ask(client, id, me, v0.turn, { kind: "end" })).toMatchObject({ ok: true });
      }
      expect(clicked).toBeGreaterThan(5);
    });

  test("J10 drawn from the public flag only: the GM's picture is the player's; no covered hole's fish", async () => {
    const t = await makePlayerTable();
    const id = await board(t, AT);
    const [pa] = t.players;
    await ask(pa, id, "f1", 0, { kind: "roll" });
    const gmPub = pubOf(t.gm, t, id);
    const plPub = pubOf(pa, t, id);
    const lit = litHoles(plPub.view);
    const picture = (p: PublicBoard) =>
      iceSheetArt(p.view, { title: p.name, legal: litHoles(p.view).map((h) => h.at) }).svg;
    expect(picture(gmPub)).toBe(picture(plPub));
    const doc = new JSDOM(picture(plPub), { contentType: "image/svg+xml" }).window.document;
    const holes = [...doc.querySelectorAll(".ks-ky-hole")];
    expect(holes).toHaveLength(12);
    let covered = 0;
    for (const h of holes) {
      const open = h.getAttribute("data-open") === "true";
      // a covered hole's fish are nowhere in the picture; an open one's are drawn
      expect(h.hasAttribute("data-big"), h.getAttribute("data-at")!).toBe(open);
      if (!open) {
        covered++;
        expect(h.querySelectorAll(".ks-ky-ball")).toHaveLength(0);
      }
    }
    expect(covered).toBeGreaterThan(0);
    // no bear (the scene has their tokens), nothing focusable; the lit holes are the legal ones
    expect(doc.querySelectorAll(".ks-ky-bear, [tabindex]")).toHaveLength(0);
    expect(
      [...doc.querySelectorAll(".ks-ky-hole--legal")].map((h) => h.getAttribute("data-at")),
    ).toEqual(lit.map((h) => `${h.at[0]},${h.at[1]}`));
    // the legal holes are next to the bear (J4-J6), and only while a turn is in play
    const bear = plPub.view.fishers[0]!.at;
    expect(lit.length).toBeGreaterThan(0);
    for (const h of lit)
      expect(Math.abs(h.at[0] - bear[0]) + Math.abs(h.at[1] - bear[1])).toBeLessThanOrEqual(2);
    await ask(pa, id, "f1", 0, { kind: "end" });
    expect(litHoles(pubOf(pa, t, id).view)).toEqual([]);
    expect(legalByHole(pubOf(pa, t, id).view).size).toBe(0);
    expect(holeKey([1, 2])).toBe("1,2");
  });
});
