/**
 * Hooks and API (issue 3 item 8), the dice driver's secrecy (item 6), the typed transport, the
 * v13/v14 compatibility helper, the hazard table reader, and the leak check itself failing
 * when it should.
 */
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { describe, expect, test } from "vitest";
import type { RollRequest } from "../../src/rules/index.ts";
import { DEFAULT_HAZARDS } from "../../src/rules/index.ts";
import { HOOK, MODULE_ID, QUERY, SWARM_ICON } from "../../src/foundry/constants.ts";
import { canBatch, messageModeOption, queryCaller } from "../../src/foundry/compat.ts";
import { hazardsFromResults } from "../../src/foundry/hazard-table.ts";
import { publicLakeOf } from "../../src/foundry/projection.ts";
import { sendIntent } from "../../src/foundry/transport.ts";
import type { Table } from "./fake/world.ts";
import { makeTable } from "./fake/world.ts";
import { findLeaks } from "./fake/secrecy.ts";

async function pond(t: Table) {
  const host = t.gm.runtime!.host;
  const r = await host.createLake({
    sceneId: t.sceneId,
    name: "Pond",
    lake: { width: 3, height: 3, levels: 1, verticalAdjacency: true },
    origin: { col: 0, row: 0 },
    fishers: [
      { tokenId: t.tokenIds[0]!, at: [1, 0, 0], mods: { attack: 8, damage: 2 } },
      { tokenId: t.tokenIds[1]!, at: [0, 0, 0] },
    ],
    // K3: next to Ana's start square, which holds no fish
    squares: [{ at: [1, 1, 0], swarms: [3, 4] }],
  });
  if (!r.ok) throw new Error(r.error.code);
  return { host, id: r.value.id };
}

/** The pond after a first round in which Ana moves quietly onto the two swarms (K14 5-16). */
async function pondWithAnaOnTheSwarms(t: Table) {
  const p = await pond(t);
  await p.host.setDeclaration(p.id, "f1", { action: "move", to: [1, 1, 0] });
  await p.host.setTotal(p.id, "f1", { total: 10 });
  const r = await p.host.resolveRound(p.id);
  if (!r.ok) throw new Error(r.error.code);
  expect(p.host.cached(p.id)!.state.swarms.map((w) => [w.at, w.seen])).toEqual([
    [[1, 1, 0], true],
    [[1, 1, 0], true],
  ]);
  return p;
}

describe("hooks", () => {
  test("kolikoly.preResolveRound may veto: nothing is rolled or written", async () => {
    const t = await makeTable();
    const { host, id } = await pond(t);
    await host.setDeclaration(id, "f1", { action: "catch" });
    t.gm.hooks.on(HOOK.preResolveRound, () => false);
    const before = t.server.requests.length;
    expect(await host.resolveRound(id)).toMatchObject({ ok: false, error: { code: "vetoed" } });
    expect(t.server.requests.length).toBe(before);
    expect(t.gm.rolls).toEqual([]);
  });

  test("K9-K11: roundResolved, fishCaught and gameEnded fire on the GM client with the facts", async () => {
    const t = await makeTable();
    const { host, id } = await pondWithAnaOnTheSwarms(t);
    await host.setDeclaration(id, "f1", { action: "catch" });
    await host.setTotal(id, "f1", { total: 25, natural: 17 });
    const r = await host.resolveRound(id);
    if (!r.ok) throw new Error(r.error.code);
    const names = t.gm.hooks.fired.map((h) => h.name);
    expect(names).toContain(HOOK.roundResolved);
    const caught = t.gm.hooks.fired.find((h) => h.name === HOOK.fishCaught);
    expect(caught?.args[0]).toMatchObject({ lakeId: id, fisher: "f1" });
    await host.endGame(id);
    const end = t.gm.hooks.fired.find((h) => h.name === HOOK.gameEnded);
    expect(end?.args[0]).toMatchObject({ lakeId: id, reason: "gm" });
    // the module's hooks fire on the GM client only (core hooks such as userConnected fire everywhere)
    expect(t.players[0].hooks.fired.filter((h) => h.name.startsWith("kolikoly."))).toEqual([]);
  });

  test("K19: only public rolls ride on the round card (Dice So Nice animates created roll messages); secret flee rolls never do", async () => {
    const t = await makeTable();
    const { host, id } = await pondWithAnaOnTheSwarms(t);
    const cardsBefore = t.players[1].messages().length;
    const requests: RollRequest[] = [];
    t.gm.hooks.on(HOOK.roll, (req) => void requests.push(req as RollRequest));
    await host.setDeclaration(id, "f1", { action: "catch" });
    await host.setTotal(id, "f1", { total: 3, natural: 2 }); // a miss: both swarms flee in secret (K11)
    expect((await host.resolveRound(id)).ok).toBe(true);
    const secret = requests.filter((r) => r.audience !== "all");
    expect(secret.length).toBe(2);
    const card = t.players[1]
      .messages()
      .slice(cardsBefore)
      .find((m) => (m.flags[MODULE_ID] as { kind: string }).kind === "round")!;
    expect(card.rolls?.length ?? 0).toBe(requests.length - secret.length);
    for (const m of t.players[1].messages().slice(cardsBefore))
      expect(m.rolls?.length ?? 0).toBe(m === card ? (card.rolls?.length ?? 0) : 0);
  });
});

describe("chat cards", () => {
  test("each client shows the round card in its own language, from the public events it carries", async () => {
    const t = await makeTable();
    const { host, id } = await pond(t);
    t.players[1].language.set(
      "KOLIKOLY.Foundry.Event.RoundEnd",
      "Fin du tour : {explored} cases explorées.",
    );
    expect((await host.resolveRound(id)).ok).toBe(true);
    const card = t.players[1]
      .messages()
      .find((m) => (m.flags[MODULE_ID] as { kind: string }).kind === "round")!;
    expect(card.content).toContain("The round ends");
    // Ana's and Bo's start squares and the prepared one (K3, K4)
    expect(await t.players[1].shown(card)).toContain("Fin du tour : 3 cases explorées.");
    expect(await t.players[0].shown(card)).toBe(card.content);
  });
});

describe("transport (player -> active GM over User#query)", () => {
  test("v14: the GM accepts a declaration from the fisher's owner only, whatever the payload claims", async () => {
    const t = await makeTable({ generation: 14 });
    const { id } = await pond(t);
    const [ana, bo] = t.players;
    expect(
      await sendIntent(ana, {
        type: "declare",
        lake: id,
        fisher: "f1",
        round: 1,
        declaration: { action: "catch" },
      }),
    ).toEqual({ ok: true });
    const forged = {
      type: "declare",
      lake: id,
      fisher: "f2",
      round: 1,
      declaration: { action: "catch" },
      user: bo.userId,
    } as never;
    expect(await sendIntent(ana, forged)).toMatchObject({ ok: false, error: { code: "notOwner" } });
    expect(
      await sendIntent(bo, {
        type: "declare",
        lake: id,
        fisher: "f2",
        round: 7,
        declaration: { action: "catch" },
      }),
    ).toMatchObject({ ok: false, error: { code: "staleRound" } });
    expect(
      await sendIntent(bo, {
        type: "declare",
        lake: id,
        fisher: "f2",
        round: 1,
        declaration: { action: "move", to: [2, 2, 0] },
      }),
    ).toMatchObject({ ok: false, error: { code: "notAdjacent" } });
    expect(await sendIntent(bo, { type: "nonsense" } as never)).toMatchObject({
      ok: false,
      error: { code: "badIntent" },
    });
    // K5: everyone sees who has declared, never what
    const pub = publicLakeOf(bo.scene(t.sceneId)!, id)!;
    expect(pub.declared).toEqual(["f1"]);
    expect(JSON.stringify(bo.received)).not.toContain('"action":"catch"');
  });

  test("v13: a query handler is not told who called, so an intent without an attestor is refused", async () => {
    const t = await makeTable({ generation: 13 });
    const { id } = await pond(t);
    expect(
      await sendIntent(t.players[0], {
        type: "declare",
        lake: id,
        fisher: "f1",
        round: 1,
        declaration: { action: "catch" },
      }),
    ).toMatchObject({
      ok: false,
      error: { code: "unattested" },
    });
  });

  test("a player cannot read the GM store, and a query to an unregistered name fails loudly", async () => {
    const t = await makeTable();
    const { id } = await pond(t);
    await expect(t.players[0].storeIndex()).rejects.toThrow(/may not read the GM store/);
    const doc = t.server.truth.storeDocs.find((d) => d.flags.revision?.lakeId === id)!;
    await expect(t.players[0].storeRead([doc._id])).rejects.toThrow(/may not read the GM store/);
    await expect(t.players[0].query(t.players[1].userId, `${MODULE_ID}.nope`, {})).rejects.toThrow(
      /not registered/,
    );
    expect(
      await t.players[1].query(t.players[0].userId, QUERY.private, {
        lake: id,
        fisher: "f1",
        events: [{ round: 1, audience: "gm" }],
      }),
    ).toBe(false);
  });
});

describe("compat (v13/v14)", () => {
  test("chat message modes, batching and the query caller", () => {
    expect(messageModeOption(13, "blind")).toEqual({ rollMode: "blindroll" });
    expect(messageModeOption(14, "blind")).toEqual({ messageMode: "blind" });
    expect(canBatch(13, true)).toBe(false);
    expect(canBatch(14, true)).toBe(true);
    expect(canBatch(14, false)).toBe(false);
    expect(queryCaller(13, { user: { id: "u1" } })).toBeUndefined();
    expect(queryCaller(14, { user: { id: "u1" } })).toBe("u1");
    expect(queryCaller(14, {})).toBeUndefined();
  });
});

describe("H1 hazard table", () => {
  test("the module's own RollTable source reads back as the built-in hazards", () => {
    const file = path.resolve(
      import.meta.dirname,
      "../../packs/_source/kolikoly-hazards/hazards-en.yml",
    );
    const table = YAML.parse(fs.readFileSync(file, "utf8")) as { results: never[] };
    const r = hazardsFromResults(table.results);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.map((h) => h.id)).toEqual(DEFAULT_HAZARDS.map((h) => h.id));
    expect(hazardsFromResults([{ name: "x", flags: {} }])).toMatchObject({
      ok: false,
      error: { code: "badHazardTable" },
    });
  });
});

describe("the leak check", () => {
  test("catches a hidden token for an unseen swarm and a whisper carrying a hidden move", async () => {
    const t = await makeTable();
    const { host, id } = await pond(t);
    const s = host.cached(id)!;
    const unseen = s.state.swarms.find((w) => !w.seen)!;
    const start = t.players[0].received.length;
    const hiddenMove = "A swarm of 3 fish flees from [1,1,0] to [0,0,0].";
    // a careless module: a hidden token for the unseen swarm, and a whisper with the move in it
    await t.gm.write([
      {
        kind: "tokens.create",
        sceneId: t.sceneId,
        data: [
          {
            name: "x",
            x: 0,
            y: 0,
            width: 1,
            height: 1,
            elevation: 0,
            actorId: null,
            actorLink: false,
            hidden: true,
            texture: { src: SWARM_ICON },
            flags: { [MODULE_ID]: { lake: id, swarm: unseen.id } },
          },
        ],
      },
    ]);
    await t.gm.write([
      { kind: "chat.create", data: [{ content: hiddenMove, whisper: [t.gm.userId], flags: {} }] },
    ]);
    const truth = { state: s.state, log: [], owned: [], names: (x: string) => x };
    const leaks = findLeaks(t.players[0].received.slice(start), truth, [hiddenMove]);
    expect(leaks.some((l) => l.includes("unseen swarm"))).toBe(true);
    expect(leaks.some((l) => l.includes("flees"))).toBe(true);
  });
});
