/**
 * Issue 23: Kayanak's code is a chunk of its own, imported by kayanak/load.ts the first time a
 * client needs it. On a table without a board nothing asks for it (the lakes, drawing the
 * canvas); the first Kayanak operation loads it, wires it (onKayanakLoad)
 * before it runs, and makes one host per runtime. (The built chunk split is checked in
 * tests/foundry/build.test.ts, the real page in tests/foundry/boot.)
 */
import { describe, expect, test } from "vitest";
import {
  LazyKayanak,
  anyBoard,
  drawKayanak,
  kayanakLoaded,
  loadKayanak,
  onKayanakLoad,
} from "../../../src/foundry/kayanak/load.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import { board } from "./fixtures.ts";

describe("the Kayanak chunk, loaded on first use", () => {
  test("a table without a board never loads it; the first Kayanak operation does, once", async () => {
    const wired: string[] = [];
    onKayanakLoad(() => wired.push("before"));
    const t = await makePlayerTable();
    const lazy = t.gm.runtime!.kayanak;
    expect(lazy).toBeInstanceOf(LazyKayanak);
    // the authority is the fishing host's: answered without the chunk
    expect(lazy.isAuthority()).toBe(true);
    expect(t.players[0]!.runtime!.kayanak.isAuthority()).toBe(false);
    // nothing to draw: no scene holds a board
    const scenes = [{ flags: {} }, { flags: { [MODULE_ID]: { lakes: {} } } }];
    expect(anyBoard(scenes)).toBe(false);
    drawKayanak(t.gm.runtime!, scenes);
    await new Promise((r) => setTimeout(r, 20));
    expect(kayanakLoaded()).toBe(false);
    expect(wired).toEqual([]);

    // the GM makes a board (the API, the wizard): the chunk comes in, wired first
    const id = await board(t);
    expect(kayanakLoaded()).toBe(true);
    expect(wired).toEqual(["before"]);
    const host = await lazy.host();
    expect(await lazy.host()).toBe(host);
    expect((await lazy.load(id)).ok).toBe(true);
    // the scene's flag now says a board is there (what ready and canvasReady look for)
    const scene = t.gm.scene(t.sceneId)!;
    expect(anyBoard([scene])).toBe(true);
    // the same chunk for the whole page; wiring asked for later runs at once
    expect(await loadKayanak()).toBe(await loadKayanak());
    onKayanakLoad(() => wired.push("after"));
    expect(wired).toEqual(["before", "after"]);
  });
});
