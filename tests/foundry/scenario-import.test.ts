/**
 * Scenario files in Foundry (both games), as a GM would use them through the API: a lake
 * designed at the table or a game exported and continued, a Kayanak board from a file or a
 * seed; each fisher's values from the character at set-up; the engine's order for revivals
 * (H5 before K5); refusals named by the file's field, in the GM's language, with nothing written.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Scenario } from "../../src/rules/index.ts";
import { playScenario } from "../../src/rules/index.ts";
import { playScenario as playKayanak } from "../../src/rules/kayanak/index.ts";
import { publicLakeOf, swarmFlagOf } from "../../src/foundry/fishing/projection.ts";
import { makeApi } from "../../src/foundry/api.ts";
import type { FisherDesk } from "../../src/foundry/players/protocol.ts";
import type { ActorLike } from "../../src/foundry/systems/types.ts";
import { dnd5eAna, dnd5eBo } from "../fixtures/systems/dnd5e.ts";
import { withDnd5eRolls } from "../fixtures/systems/system-fakes.ts";
import type { PlayerTable } from "./players/fake-players.ts";
import { makePlayerTable } from "./players/fake-players.ts";
import { standIn } from "./players/actors.ts";
import { findLeaks } from "./fake/secrecy.ts";

const golden = (name: string): Scenario =>
  JSON.parse(readFileSync(new URL(`../golden/${name}.json`, import.meta.url), "utf8")) as Scenario;

/** The file's first `rounds` rounds (a game stopped there). */
function upTo(s: Scenario, rounds: number): Scenario {
  return { ...s, rounds: s.rounds.slice(0, rounds) };
}

function api(t: PlayerTable) {
  const rt = t.gm.runtime!;
  return makeApi(rt, { panel: () => undefined, wizard: () => undefined });
}

/** Ana's and Bo's dnd5e characters on every client (Bo in leather armour with a shield). */
function characters(t: PlayerTable): void {
  const leather = {
    id: "leather000000000",
    name: "Leather Armor",
    type: "equipment",
    system: { equipped: true, type: { value: "light" }, armor: { value: 11 } },
  };
  const shield = {
    id: "shield0000000000",
    name: "Shield",
    type: "equipment",
    system: { equipped: true, type: { value: "shield" }, armor: { value: 2 } },
  };
  const bo = {
    ...dnd5eBo,
    system: {
      ...(dnd5eBo.system as object),
      attributes: {
        ...(dnd5eBo.system as { attributes: object }).attributes,
        ac: { value: 16 },
        hp: { value: 19, max: 24 },
      },
    },
    items: [...(dnd5eBo.items as unknown[]), leather, shield],
  } as ActorLike;
  for (const c of [t.gm, t.gm2, ...t.players])
    [dnd5eAna, bo].forEach((f, i) =>
      c.attachActor(
        t.actorIds[i]!,
        withDnd5eRolls(
          { ...f, id: t.actorIds[i]!, items: structuredClone([...(f.items ?? [])]) },
          {
            ...standIn(t.server),
            post: (d, m) => c.postRoll(d, m),
            d20: () => 10,
            userId: () => c.userId,
            callAll: (h, ...a) => c.hooks.callAll(h, ...a),
          },
        ),
      ),
    );
}

describe("a lake from a scenario file (kolikoly-scenario/1)", () => {
  test("a game exported and continued: its rounds replayed exactly, placed at the round it stopped, fishers matched by name", async () => {
    const t = await makePlayerTable();
    const file = golden("hazards");
    const r = await api(t).createFromScenario({
      sceneId: t.sceneId,
      scenario: JSON.stringify(file),
      origin: { col: 1, row: 1 },
    });
    if (!r.ok) throw new Error(`${r.error.code} ${r.error.field}`);
    const cli = playScenario(file);
    if (!cli.ok) throw new Error(cli.error.message);
    const host = t.gm.runtime!.host;
    const l = await host.load(r.value.id);
    if (!l.ok) throw new Error(l.error.code);
    // the engine's game, event for event, with the file's fisher ids and names
    expect(l.value.session.log).toEqual(cli.session.log);
    expect(l.value.session.state).toEqual(cli.session.state);
    expect(r.value.name).toBe("hazards");
    expect(r.value.round).toBe(cli.session.state.round);
    expect(r.value.fishers.map((f) => [f.id, f.tokenId])).toEqual([
      ["ana", t.tokenIds[0]],
      ["bo", t.tokenIds[1]],
    ]);
    // the scene shows exactly what a player may see: the explored squares, the seen swarms
    const pub = publicLakeOf(t.players[0].scene(t.sceneId)!, r.value.id)!;
    expect(pub.round).toBe(cli.session.state.round);
    const seen = cli.session.state.swarms.filter((s) => s.seen).length;
    expect(t.players[0].scene(t.sceneId)!.tokens.filter((x) => swarmFlagOf(x))).toHaveLength(seen);
    // exported again, it replays to the same log: the module's export is the file's game
    const ex = await host.exportScenario(r.value.id);
    if (!ex.ok) throw new Error(ex.error.code);
    const again = playScenario(JSON.parse(JSON.stringify(ex.value)));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.session.log).toEqual(cli.session.log);
    expect(ex.value.name).toBe("hazards");
    // nothing of the file's secrets reached a player: no gm event, no unseen swarm, no other
    // fisher's news (the secrecy checker against the engine's game)
    const scene = t.server.truth.scenes.find((x) => x._id === t.sceneId);
    t.players.forEach((p, i) => {
      const truth = {
        state: cli.session.state,
        log: cli.session.log,
        owned: [["ana", "bo"][i]!],
        names: (id: string) => id,
        lake: r.value.id,
        ...(scene ? { scene } : {}),
      };
      expect(findLeaks(p.received, truth as never)).toEqual([]);
    });
  });

  test("H5 before K5 in Foundry: Bo, revived by the GM, declares from his own client in the round that revives him", async () => {
    const t = await makePlayerTable();
    // the hazards game stopped after round 3: Bo is unconscious (H5), Ana fine
    const r = await api(t).createFromScenario({
      sceneId: t.sceneId,
      scenario: upTo(golden("hazards"), 3),
      origin: { col: 1, row: 1 },
    });
    if (!r.ok) throw new Error(`${r.error.code} ${r.error.field}`);
    const lake = r.value.id;
    const host = t.gm.runtime!.host;
    const bo = t.players[1].wiring!.player;
    const declare = () =>
      bo.declare({ lake, fisher: "bo", round: 4, declaration: { action: "catch" } });
    // not revived: refused, the desk tells his window why (the engine's reason)
    expect(await declare()).toMatchObject({ ok: false, error: { code: "cannotAct" } });
    let view = (await bo.view({ lake, fisher: "bo" })) as { ok: true; value: FisherDesk };
    expect(view.value.cannotAct).toBe("unconscious");
    // revived: his window opens for the round, and his declaration counts
    expect(await api(t).setRevive(lake, "bo", true)).toEqual({ ok: true, value: true });
    view = (await bo.view({ lake, fisher: "bo" })) as { ok: true; value: FisherDesk };
    expect(view.value.cannotAct).toBeUndefined();
    expect(await declare()).toMatchObject({ ok: true });
    // the revival cannot be taken back from under his declaration: refused, by name, unchanged
    const back = await api(t).setRevive(lake, "bo", false);
    expect(back).toMatchObject({ ok: false, error: { code: "reviveDeclared" } });
    expect(back.ok ? "" : back.error.message).toContain("Bo");
    const done = await host.resolveRound(lake);
    if (!done.ok) throw new Error(done.error.code);
    const bos = done.value.events.filter((e) => "fisher" in e && e.fisher === "bo");
    expect(bos.map((e) => e.type)).toEqual(expect.arrayContaining(["revived", "declared"]));
  });

  test("refused files change nothing and say which field, in the GM's language", async () => {
    const t = await makePlayerTable();
    const before = t.server.requests.length;
    const a = api(t);
    const bad = structuredClone(golden("hazards")) as unknown as {
      rounds: { actions: Record<string, { to?: number[] }> }[];
    };
    bad.rounds[0]!.actions.ana!.to = [0, 4, 0];
    const r1 = await a.createFromScenario({
      sceneId: t.sceneId,
      scenario: bad,
      origin: { col: 1, row: 1 },
    });
    expect(r1).toMatchObject({
      ok: false,
      error: { code: "notAdjacent", field: "rounds[0].actions.ana.to" },
    });
    // a file's fisher no token is named after: the GM must say whose token it is
    const stranger = {
      ...golden("hazards"),
      fishers: golden("hazards").fishers.map((f) => ({ ...f, name: `${f.name}x`, id: `${f.id}x` })),
    };
    stranger.rounds = [];
    const r2 = await a.createFromScenario({
      sceneId: t.sceneId,
      scenario: stranger,
      origin: { col: 1, row: 1 },
    });
    expect(r2).toMatchObject({
      ok: false,
      error: { code: "unmatchedFisher", field: "fishers[0]" },
    });
    expect(r2.ok ? "" : r2.error.message).toMatch(/Anax/);
    // named by the GM, it is taken
    const r3 = await a.createFromScenario({
      sceneId: t.sceneId,
      scenario: stranger,
      origin: { col: 1, row: 1 },
      tokens: { anax: t.tokenIds[0]!, box: t.tokenIds[1]! },
    });
    expect(r3.ok).toBe(true);
    // not JSON at all, and a file of another game
    const r4 = await a.createFromScenario({
      sceneId: t.sceneId,
      scenario: "{",
      origin: { col: 1, row: 1 },
    });
    expect(r4.ok).toBe(false);
    const r5 = await a.createFromScenario({
      sceneId: t.sceneId,
      scenario: { format: "kayanak-scenario/1", fishers: [], turns: [] },
      origin: { col: 1, row: 1 },
    });
    expect(r5).toMatchObject({ ok: false, error: { code: "badFormat", field: "format" } });
    // the refusals wrote nothing but r3's lake
    expect(t.server.requests.slice(before).filter((q) => q.ops.includes("store.put")).length).toBe(
      1,
    );
  });

  test("a refusal through the API carries its message in the GM's language, never a bare code", async () => {
    const t = await makePlayerTable();
    const a = api(t);
    const r = await a.createFromScenario({
      sceneId: t.sceneId,
      scenario: upTo(golden("hazards"), 0),
      origin: { col: 1, row: 1 },
    });
    if (!r.ok) throw new Error(r.error.code);
    const d = await a.declare(r.value.id, "nobody", { action: "catch" });
    expect(d).toMatchObject({ ok: false, error: { code: "unknownFisher" } });
    expect(d.ok ? "" : d.error.message).toBe("That fisher is not on this lake.");
    t.gm.language.set("KOLIKOLY.Foundry.Error.unknownFisher", "Ce pêcheur n’est pas sur ce lac.");
    const fr = await a.declare(r.value.id, "nobody", { action: "catch" });
    expect(fr.ok ? "" : fr.error.message).toBe("Ce pêcheur n’est pas sur ce lac.");
  });
});

describe("each fisher's values from the character at set-up (H2-H5, K6, K9)", () => {
  test("dnd5e: armour class, layers of armour and hit points from the sheet, kept in the set-up, played and exported", async () => {
    const t = await makePlayerTable();
    characters(t);
    const r = await api(t).createLake({
      sceneId: t.sceneId,
      name: "Mirror lake",
      lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
      origin: { col: 1, row: 1 },
      // nothing but the tokens and starts: a lake made from a macro
      fishers: [
        { tokenId: t.tokenIds[0]!, at: [0, 0, 0] },
        { tokenId: t.tokenIds[1]!, at: [2, 0, 0], ac: 12 },
      ],
      settings: { hazardMode: "system" },
    });
    if (!r.ok) throw new Error(`${r.error.code} ${r.error.field}`);
    const host = t.gm.runtime!.host;
    const l = await host.load(r.value.id);
    if (!l.ok) throw new Error(l.error.code);
    const [ana, bo] = l.value.record.setup.fishers;
    // Ana: AC 14 and 24 HP from the sheet, no armour; her net's +5 and the sheet's skills
    expect(ana).toMatchObject({ ac: 14, armor: 0, hp: 24 });
    expect(ana!.mods).toMatchObject({ attack: 5, survival: 4, stealth: 5, initiative: 3 });
    // Bo: the GM's AC 12 wins; light armour and a shield are two layers; 19 HP now
    expect(bo).toMatchObject({ ac: 12, armor: 2, hp: 19 });
    const ex = await host.exportScenario(r.value.id);
    if (!ex.ok) throw new Error(ex.error.code);
    expect(ex.value.fishers.map((f) => [f.ac, f.armor, f.hp])).toEqual([
      [14, 0, 24],
      [12, 2, 19],
    ]);
    // the engine plays them: the state holds the same values
    expect(l.value.session.state.fishers.map((f) => [f.ac, f.armor, f.maxHp])).toEqual([
      [14, 0, 24],
      [12, 2, 19],
    ]);
  });
});

describe("a Kayanak board from a file or a seed (kayanak-scenario/1)", () => {
  test("J1 a Kayanak game from a file: its turns replayed, continued where it stopped, exported to the same game", async () => {
    const t = await makePlayerTable();
    const file = JSON.parse(
      readFileSync(new URL("../golden/kayanak/basic-win.json", import.meta.url), "utf8"),
    ) as { fishers: { id: string; name?: string }[]; turns: unknown[] };
    const cli = playKayanak(file);
    if (!cli.ok) throw new Error(cli.error.message);
    const tokens = Object.fromEntries(file.fishers.map((f, i) => [f.id, t.tokenIds[i % 2]!]));
    const r = await api(t).kayanak.createFromScenario({
      sceneId: t.sceneId,
      scenario: file,
      origin: { col: 1, row: 1 },
      tokens,
    });
    if (!r.ok) throw new Error(`${r.error.code} ${r.error.field}`);
    const k = t.gm.runtime!.kayanak;
    const l = await k.load(r.value.id);
    if (!l.ok) throw new Error(l.error.code);
    expect(l.value.session.log).toEqual(cli.session.log);
    expect(l.value.state).toEqual(cli.session.state);
    const ex = await k.exportScenario(r.value.id);
    if (!ex.ok) throw new Error(ex.error.code);
    const again = playKayanak(JSON.parse(JSON.stringify(ex.value)));
    if (!again.ok) throw new Error(again.error.message);
    expect(again.session.log).toEqual(cli.session.log);
    // no covered hole's fish reached a player
    for (const p of t.players) expect(JSON.stringify(p.received)).not.toMatch(/"seed"/);
  });
});
