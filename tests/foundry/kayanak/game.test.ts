/**
 * Issue 11 item 4: Kayanak in the behavioural fake. A GM and two players: the board set up on the
 * scene, turns played by the players' requests (owner-attested, through the players' query), no
 * Combat made (the turn order is the board's), the end card naming the winners; refused requests change
 * nothing; undo; writes per request; no covered hole's contents in anything a player receives.
 */
import { describe, expect, test } from "vitest";
import type { KayanakSetup } from "../../../src/rules/kayanak/index.ts";
import { DEFAULT_ACTION_DIE, newGame, playScenario } from "../../../src/rules/kayanak/index.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import { settleClients } from "../players/actors.ts";
import { findLeaks } from "../fake/secrecy.ts";
import type { Payload } from "../fake/server.ts";
import {
  ACTION_DENOMINATION,
  makeTerms,
  registerDiceSoNice,
  resultCss,
  resultLabel,
} from "../../../src/foundry/kayanak/dice.ts";
import { ask, board, playToEnd, view } from "./fixtures.ts";

function playerLeaks(p: readonly Payload[]): string[] {
  const out = findLeaks(
    p,
    { state: { swarms: [] } as never, log: [], owned: [], names: (x) => x },
    [],
  );
  const walk = (v: unknown, path: string): void => {
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`));
    if (typeof v !== "object" || v === null) return;
    const o = v as Record<string, unknown>;
    if (o.type === "dropped") out.push(`${path}: the fish drop`);
    if ("seed" in o) out.push(`${path}: the seed`);
    if (o.open === false && ("big" in o || "small" in o))
      out.push(`${path}: a covered hole's fish`);
    for (const [k, x] of Object.entries(o)) walk(x, `${path}.${k}`);
  };
  p.forEach((x, i) => walk(x, `payload ${i}`));
  return out;
}

describe("Kayanak in the behavioural fake", () => {
  for (const generation of [13, 14] as const)
    test(`v${generation}: a whole game by the players' requests, to the end card`, async () => {
      const t = await makePlayerTable({ generation });
      const id = await board(t);
      await settleClients([t.gm, ...t.players]);
      // the bears are the fishers' tokens, on their holes (origin 1,1; grid 100 from 200,300)
      const scene = t.server.truth.scenes[0]!;
      expect(scene.tokens[0]).toMatchObject({ x: 300, y: 400 });
      expect(scene.tokens[1]).toMatchObject({ x: 600, y: 600 });
      // the turn order: the fishers in the order listed, the first one's turn; no Combat
      const first = view(t.gm, id, t.sceneId);
      expect(first.fishers.map((f) => f.id)).toEqual(["f1", "f2"]);
      expect(first.next).toBe("f1");
      expect(t.server.truth.combats).toEqual([]);
      let last = first.next;
      await playToEnd(t, id, 5, () => {
        // J2: the next fisher in the order listed, turn after turn, and never a Combat
        const g = view(t.gm, id, t.sceneId);
        expect(t.server.truth.combats).toEqual([]);
        if (!g.over) expect(g.next).toBe(last === "f1" ? "f2" : "f1");
        last = g.next;
      });
      const end = view(t.gm, id, t.sceneId);
      expect(end.over).toBe(true);
      expect(end.winners.length).toBeGreaterThan(0);
      const cards = t.server.truth.messages.filter(
        (m) => (m.flags[MODULE_ID] as { card?: string } | undefined)?.card === "end",
      );
      expect(cards).toHaveLength(1);
      const names = end.winners.map((w) => (w === "f1" ? "Ana" : "Bo"));
      for (const n of names) expect(cards[0]!.content).toContain(n);
      // roll cards carry the module's dice terms (Dice So Nice animates messages with rolls)
      const roll = t.server.truth.messages.find(
        (m) => (m.flags[MODULE_ID] as { card?: string } | undefined)?.card === "roll",
      )!;
      expect(JSON.stringify(roll.rolls)).toContain("KayanakActionDie");
      // J10: nothing a player's client received holds a covered hole's contents or the seed
      for (const p of t.players) expect(playerLeaks(p.received)).toEqual([]);
      // the record replays: the exported scenario holds every finished turn
      const ex = await t.gm.runtime!.kayanak.exportScenario(id);
      expect(ex.ok).toBe(true);
    });

  test("J1 with no seed the fish are not the floes' seed's: the public floes give no covered hole away, the export replays", async () => {
    const t = await makePlayerTable();
    // two boards with no seed given: each its own floes' seed, and fish dropped apart from it
    const a = await board(t, { seed: null });
    const b = await board(t, { seed: null });
    const host = t.gm.runtime!.kayanak;
    const la = await host.load(a);
    const lb = await host.load(b);
    if (!la.ok || !lb.ok) throw new Error("no board");
    const contents = (h: readonly { big: number; small: number }[]) =>
      JSON.stringify(h.map((x) => [x.big, x.small]));
    expect(contents(la.value.state.holes)).not.toBe(contents(lb.value.state.holes));
    // what the engine drops for the floes' seed (a player's brute force: the rules are in the
    // bundle) is not where the fish are: they are placed holes, in the GM record only
    const setup = la.value.record.setup;
    expect(Number.isSafeInteger(setup.seed)).toBe(true);
    expect(setup.fish).toBeUndefined();
    expect(setup.holes?.length).toBeGreaterThan(0);
    const { holes: _placed, ...rest } = setup;
    const bySeed = newGame({ ...rest, fish: { big: 4, small: 14 } } as KayanakSetup);
    if (!bySeed.ok) throw new Error(bySeed.error.message);
    expect(bySeed.state.board.floes).toEqual(la.value.state.board.floes);
    expect(contents(la.value.state.holes)).not.toBe(contents(bySeed.state.holes));
    // the same fish in all: the GM's options kept
    expect(la.value.state.dropped).toEqual({ big: 4, small: 14 });
    // a bad option is still refused, by the field's name, before anything is written
    const n = t.server.requests.length;
    const bad = await host.createBoard({
      sceneId: t.sceneId,
      name: "Bad",
      origin: { col: 1, row: 1 },
      width: 4,
      height: 3,
      fish: { big: -1, small: 2 },
      fishers: [{ tokenId: t.tokenIds[0]!, at: [0, 0] }],
    });
    expect(bad).toMatchObject({ ok: false, error: { field: "fish.big" } });
    expect(t.server.requests.length).toBe(n);
    // a turn played, then the export (GM only) replays to the same holes and fishers
    await ask(t.players[0], a, "f1", 0, { kind: "roll" });
    await ask(t.players[0], a, "f1", 0, { kind: "end" });
    const ex = await host.exportScenario(a);
    if (!ex.ok) throw new Error(ex.error.message);
    expect(ex.value.holes).toEqual(setup.holes);
    const replay = playScenario(JSON.parse(JSON.stringify(ex.value)));
    if (!replay.ok) throw new Error(replay.error.message);
    const now = await host.load(a);
    if (!now.ok) throw new Error("no board");
    expect(replay.session.state.holes).toEqual(now.value.session.state.holes);
    expect(replay.session.state.fishers).toEqual(now.value.session.state.fishers);
    expect(replay.session.state.turn).toBe(1);
    // and the players still received nothing of a covered hole
    for (const p of t.players) expect(playerLeaks(p.received)).toEqual([]);
  });

  test("J1 a seed the GM gives makes the engine's own board, floes and fish: the CLI's and the table's for that seed; the seed stays in the GM record", async () => {
    const t = await makePlayerTable();
    const id = await board(t); // seed 3
    const host = t.gm.runtime!.kayanak;
    const l = await host.load(id);
    if (!l.ok) throw new Error("no board");
    const setup = l.value.record.setup;
    expect(setup).toMatchObject({ seed: 3, fish: { big: 4, small: 14 } });
    expect(setup.holes).toBeUndefined();
    const file = {
      format: "kayanak-scenario/1",
      seed: 3,
      board: { width: 4, height: 3, floeCount: 3 },
      fish: { big: 4, small: 14 },
      fishers: setup.fishers.map((f) => ({ id: f.id, name: f.name, at: f.at })),
      turns: [],
    };
    const cli = playScenario(file);
    if (!cli.ok) throw new Error(cli.error.message);
    expect(l.value.state.board.floes).toEqual(cli.session.state.board.floes);
    expect(l.value.state.holes).toEqual(cli.session.state.holes);
    // the seed reached no player's client: not the flag, not a card, not a query
    for (const p of t.players) expect(JSON.stringify(p.received)).not.toMatch(/"seed"/);
  });

  test("refused requests change nothing: not the owner, not their turn, an illegal step, stale", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    const [pa, pb] = t.players;
    const before = JSON.stringify(t.server.truth.scenes);
    const requests = t.server.requests.length;
    // Bo's player asks for Ana's fisher; Bo asks out of turn; a stale turn number; a bad shape
    expect(await ask(pb, id, "f1", 0, { kind: "roll" })).toMatchObject({
      ok: false,
      error: { code: "notOwner" },
    });
    expect(await ask(pb, id, "f2", 0, { kind: "roll" })).toMatchObject({
      ok: false,
      error: { code: "notYourTurn" },
    });
    expect(await ask(pa, id, "f1", 4, { kind: "roll" })).toMatchObject({
      ok: false,
      error: { code: "staleTurn" },
    });
    expect(await ask(pa, id, "f1", 0, { kind: "dance" })).toMatchObject({
      ok: false,
      error: { code: "badIntent" },
    });
    expect(await ask(pa, id, "f1", 0, { kind: "step", step: { move: [1, 0] } })).toMatchObject({
      ok: false,
      error: { code: "notRolled" },
    });
    expect(await ask(pa, id, "f1", 0, { kind: "roll" })).toMatchObject({ ok: true });
    const mid = JSON.stringify(t.server.truth.scenes);
    const n = t.server.requests.length;
    // a hole far from the bear
    expect(await ask(pa, id, "f1", 0, { kind: "step", step: { move: [3, 0] } })).toMatchObject({
      ok: false,
    });
    expect(JSON.stringify(t.server.truth.scenes)).toBe(mid);
    expect(t.server.requests.length).toBe(n);
    // a player's error reads in words (errorKey finds the engine's or the module's key)
    expect(
      pa.wiring!.player.errorText({ code: "staleTurn", field: "round", message: "" }),
    ).not.toContain("KOLIKOLY");
    expect(before).not.toBe(mid);
    expect(requests).toBeLessThan(n);
  });

  test("two identical rolls sent at once: the second is refused staleTurn, not played on the next turn", async () => {
    const t = await makePlayerTable();
    // the action die comes up fish (the GM's client rolls it): with no open hole near the one
    // fisher's bear nothing is allowed, so the roll ends the turn at once
    const fish = DEFAULT_ACTION_DIE.findIndex((f) => f.face === "fish") + 1;
    const roll = t.gm.roll.bind(t.gm);
    t.gm.roll = async (formula) => {
      const r = await roll(formula);
      return formula === `1d${ACTION_DENOMINATION}` ? { ...r, total: fish } : r;
    };
    const r = await t.gm.runtime!.kayanak.createBoard({
      sceneId: t.sceneId,
      name: "Pond",
      origin: { col: 1, row: 1 },
      width: 2,
      height: 1,
      floes: 1,
      fish: { big: 1, small: 1 },
      fishers: [{ tokenId: t.tokenIds[0]!, at: [0, 0] }],
    });
    if (!r.ok) throw new Error(r.error.code);
    const id = r.value.id;
    const [pa] = t.players;
    const [first, second] = await Promise.all([
      ask(pa, id, "f1", 0, { kind: "roll" }),
      ask(pa, id, "f1", 0, { kind: "roll" }),
    ]);
    expect(first).toMatchObject({ ok: true, value: { turn: 1 } });
    expect(second).toMatchObject({ ok: false, error: { code: "staleTurn", field: "round" } });
    expect(view(t.gm, id, t.sceneId).turn).toBe(1);
    const rolls = t.server.truth.messages.filter(
      (m) => (m.flags[MODULE_ID] as { card?: string } | undefined)?.card === "roll",
    );
    expect(rolls).toHaveLength(1);
  });

  test("writes per request: a fixed small number on v13 and v14", async () => {
    for (const generation of [13, 14] as const) {
      const t = await makePlayerTable({ generation });
      const id = await board(t);
      const [pa] = t.players;
      const count = async (fn: () => Promise<unknown>) => {
        const n = t.server.requests.length;
        await fn();
        return t.server.requests.slice(n).filter((r) => r.user === t.userIds.gm).length;
      };
      const roll = await count(() => ask(pa, id, "f1", 0, { kind: "roll" }));
      const end = await count(() => ask(pa, id, "f1", 0, { kind: "end" }));
      // v14: one batch and the record; v13: one request per kind of change
      if (generation === 14) {
        expect(roll).toBe(2);
        expect(end).toBe(2);
      } else {
        expect(roll).toBeLessThanOrEqual(3);
        expect(end).toBeLessThanOrEqual(5);
      }
    }
  });

  test("undo (GM): the turn in play, then the last turn, exactly as before", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    const [pa] = t.players;
    const host = t.gm.runtime!.kayanak;
    const start = view(t.gm, id, t.sceneId);
    await ask(pa, id, "f1", 0, { kind: "roll" });
    expect(view(t.gm, id, t.sceneId).inPlay).not.toBeNull();
    expect(await host.undoTurn(id)).toMatchObject({ ok: true, value: { turn: 0 } });
    expect(view(t.gm, id, t.sceneId)).toEqual(start);
    await ask(pa, id, "f1", 0, { kind: "roll" });
    await ask(pa, id, "f1", 0, { kind: "end" });
    expect(view(t.gm, id, t.sceneId)).toMatchObject({ turn: 1, next: "f2" });
    expect(await host.undoTurn(id)).toMatchObject({ ok: true, value: { turn: 0 } });
    expect(view(t.gm, id, t.sceneId)).toEqual(start);
    // a player cannot undo: the host refuses on a player's client (not the authority)
    expect(await t.players[0].runtime!.kayanak.undoTurn(id)).toMatchObject({ ok: false });
    expect(await host.undoTurn(id)).toMatchObject({ ok: false, error: { code: "nothingToUndo" } });
  });
});

describe("Kayanak dice terms", () => {
  const name = (f: string) => f.toUpperCase();
  test("faces, labels and classes of the action and temperature dice", () => {
    // a face is a Font Awesome icon Foundry ships (no emoji font needed), its name in the title
    expect(resultLabel("k", 1, name)).toContain(
      '<i class="fa-solid fa-paw" aria-hidden="true"></i> 2',
    );
    expect(resultLabel("k", 1, name)).toContain('title="BEAR 2"');
    expect(resultLabel("t", 3, name)).toContain(
      '<i class="fa-solid fa-snowflake" aria-hidden="true"></i> 1',
    );
    expect(resultLabel("k", 3, name)).toContain("fa-hammer");
    for (const k of ["k", "t"])
      for (let r = 1; r <= 6; r++)
        expect(resultLabel(k, r, name)).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(resultLabel("k", 9, name)).toBe("9");
    expect(resultCss("k", 6, ["kayanakactiondie", "d6", null, "max"])).toEqual([
      "kayanakactiondie",
      "d6",
      null,
      "kolikoly-kayanak-die",
      "kolikoly-face-star",
    ]);
  });

  test("the term classes on a DiceTerm: six faces, a denomination, a class name for fromData", () => {
    class Base {
      static DENOMINATION = "";
      faces: number;
      constructor(d: { faces?: number }) {
        this.faces = d.faces ?? 6;
      }
      getResultCSS(r: { result: number }) {
        return ["base", r.result === this.faces ? "max" : null];
      }
    }
    const { action, temperature } = makeTerms(Base, name);
    expect(action.name).toBe("KayanakActionDie");
    expect(temperature.name).toBe("KayanakTemperatureDie");
    expect(action.DENOMINATION).toBe(ACTION_DENOMINATION);
    const a = new action({ faces: 20 }) as unknown as Base & { getResultLabel(r: object): string };
    expect(a.faces).toBe(6);
    expect(a.getResultLabel({ result: 5 })).toContain("fa-fish");
  });

  test("Dice So Nice faces where it is installed, nothing where it is not", () => {
    const calls: unknown[] = [];
    expect(registerDiceSoNice(undefined)).toBe(false);
    expect(
      registerDiceSoNice({
        addSystem: (s) => calls.push(s),
        addDicePreset: (p, shape) => calls.push([p, shape]),
      }),
    ).toBe(true);
    expect(calls).toContainEqual([
      expect.objectContaining({ type: "dk", labels: expect.arrayContaining(["🐻 2", "★ 2"]) }),
      "d6",
    ]);
  });
});
