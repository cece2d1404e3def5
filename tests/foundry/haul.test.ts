/**
 * The catch in the inventory (core/haul.ts): K13's fish as items in the fishers' characters,
 * through the behavioural fake, on v13 and v14. The engine is the oracle: what lands in a bag is
 * checked against the fish the engine's events say each fisher caught, never against a count
 * written here.
 */
import { describe, expect, test } from "vitest";
import { MODULE_ID } from "../../src/foundry/core/constants.ts";
import type { ItemDoc } from "./fake/server.ts";
import { FakeClient } from "./fake/client.ts";
import type { Table } from "./fake/world.ts";
import { makeTable } from "./fake/world.ts";
import type { LakeHost } from "../../src/foundry/fishing/host.ts";
import { drawCatch, parseCatchDice } from "../../src/foundry/core/haul.ts";

const TROUT = "Compendium.kolikoly-test.catch.Item.trout00000000000";
const BOOT = "Compendium.kolikoly-test.catch.Item.boot000000000000";
const TABLE = "Compendium.kolikoly-test.tables.RollTable.catchTable000000";

/** dnd5e-shaped loot (dnd5e module/data/item/loot.mjs: quantity, weight, price, type). */
function loot(name: string, subtype: string) {
  return {
    name,
    type: "loot",
    img: "icons/svg/item-bag.svg",
    system: {
      quantity: 1,
      weight: { value: 1, units: "lb" },
      price: { value: 2, denomination: "sp" },
      type: { value: subtype, subtype: "" },
    },
  };
}

function world(t: Table): void {
  t.server.addDocument(TROUT, "Item", { _id: "trout00000000000", ...loot("Lake trout", "gear") });
  t.server.addDocument(BOOT, "Item", { _id: "boot000000000000", ...loot("Old boot", "junk") });
  // a RollTable's source (v13 common/documents/roll-table.mjs, table-result.mjs)
  t.server.addDocument(TABLE, "RollTable", {
    _id: "catchTable000000",
    name: "Lake catch",
    formula: "1d20",
    results: [
      {
        _id: "r1",
        type: "document",
        name: "Lake trout",
        documentUuid: TROUT,
        range: [1, 12],
        weight: 12,
      },
      {
        _id: "r2",
        type: "document",
        name: "Old boot",
        documentUuid: BOOT,
        range: [13, 18],
        weight: 6,
      },
      { _id: "r3", type: "text", name: "A song of the lake", range: [19, 20], weight: 2 },
    ],
  });
}

async function lake(t: Table, catchUuid: string | undefined, fish = [9, 7]) {
  const host = t.gm.runtime!.host;
  const r = await host.createLake({
    sceneId: t.sceneId,
    name: "Mirror lake",
    lake: { width: 4, height: 4, levels: 1, verticalAdjacency: true },
    origin: { col: 0, row: 0 },
    // K9: a net that always hits AC 10, so every round catches
    fishers: t.tokenIds.map((tokenId, i) => ({
      tokenId,
      at: [i, 0, 0] as [number, number, number],
      mods: { attack: 12 },
    })),
    squares: fish.map((n, i) => ({ at: [i, 1, 0] as [number, number, number], swarms: [n] })),
    seed: 5,
    ...(catchUuid ? { catch: catchUuid } : {}),
  });
  if (!r.ok) throw new Error(r.error.code);
  const id = r.value.id;
  // K3: the start squares are empty; each fisher moves onto a prepared square first
  for (const [i, f] of ["f1", "f2"].entries())
    await host.setDeclaration(id, f, { action: "move", to: [i, 1, 0] });
  const moved = await host.resolveRound(id);
  if (!moved.ok) throw new Error(moved.error.code);
  return { host, id };
}

/** Both fishers cast the net; the round resolves. */
async function catchRound(host: LakeHost, id: string) {
  for (const f of ["f1", "f2"]) {
    const me = host.cached(id)!.state.fishers.find((x) => x.id === f)!;
    if (me.condition === "ok") await host.setDeclaration(id, f, { action: "catch" });
  }
  const r = await host.resolveRound(id);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

/** The fish the engine's events say a fisher caught in one round (K13). */
function fishIn(host: LakeHost, id: string, round: number, f: string): number {
  return host
    .cached(id)!
    .log.filter((e) => e.type === "caught" && e.round === round && e.fisher === f)
    .reduce((s, e) => s + (e as { fish: number }).fish, 0);
}

/** The fish the engine says each fisher caught so far (K13). */
function caught(host: LakeHost, id: string): Record<string, number> {
  return Object.fromEntries(host.cached(id)!.state.fishers.map((f) => [f.id, f.caught]));
}

function items(t: Table, actor: number): readonly ItemDoc[] {
  return t.server.truth.actors.find((a) => a._id === t.actorIds[actor])!.items ?? [];
}

function qty(t: Table, actor: number, name: string): number {
  return items(t, actor)
    .filter((i) => i.name === name)
    .reduce((n, i) => n + (i.system.quantity as number), 0);
}

function haulCards(t: Table) {
  return t.server.truth.messages.filter(
    (m) => (m.flags[MODULE_ID] as { kind?: string } | undefined)?.kind === "haul",
  );
}

describe("K13: the catch lands in the character's inventory", () => {
  test("one item: each fish caught is one of it, stacked in one item; undo takes the round's back", async () => {
    for (const generation of [13, 14] as const) {
      const t = await makeTable({ generation });
      world(t);
      const { host, id } = await lake(t, TROUT);
      await catchRound(host, id);
      await catchRound(host, id);
      const c = caught(host, id);
      expect(c.f1! + c.f2!).toBeGreaterThan(0);
      expect(qty(t, 0, "Lake trout")).toBe(c.f1);
      expect(qty(t, 1, "Lake trout")).toBe(c.f2);
      // stacked: one item a character, whatever the rounds
      for (const a of [0, 1])
        expect(items(t, a).filter((i) => i.name === "Lake trout").length).toBe(
          (c[`f${a + 1}`] ?? 0) > 0 ? 1 : 0,
        );
      const first = caught(host, id);
      expect((await host.undoRound(id)).ok).toBe(true);
      const after = caught(host, id);
      expect(qty(t, 0, "Lake trout")).toBe(after.f1);
      expect(qty(t, 1, "Lake trout")).toBe(after.f2);
      expect(after.f1! + after.f2!).toBeLessThanOrEqual(first.f1! + first.f2!);
      // undone to nothing: the items are gone, not left at 0
      expect((await host.undoRound(id)).ok).toBe(true);
      expect(items(t, 0).concat(items(t, 1))).toEqual([]);
    }
  });

  test("a table: each fish is one draw; items stack by source, a text result is told in the card only", async () => {
    for (const generation of [13, 14] as const) {
      const t = await makeTable({ generation });
      world(t);
      const { host, id } = await lake(t, TABLE, [30, 30]);
      for (let r = 0; r < 4; r++) await catchRound(host, id);
      const c = caught(host, id);
      const record = t.server.truth.store.get(id)!;
      const setting = record.catch!;
      expect(setting.from).toBe("Lake catch");
      expect(setting.dice).toEqual(parseCatchDice("1d20"));
      // the oracle: every fish is one draw from the record's key, placed by lake, round, fisher
      for (const [i, f] of (["f1", "f2"] as const).entries()) {
        const drawn = [2, 3, 4, 5].flatMap((round) =>
          drawCatch(setting, `${id}|round|${round}|${f}`, fishIn(host, id, round, f)),
        );
        expect(drawn.length).toBe(c[f]);
        expect(qty(t, i, "Lake trout")).toBe(drawn.filter((e) => e.uuid === TROUT).length);
        expect(qty(t, i, "Old boot")).toBe(drawn.filter((e) => e.uuid === BOOT).length);
        expect(items(t, i).some((x) => x.name === "A song of the lake")).toBe(false);
        // what the item is made of is the source's, with the module's mark on it
        const trout = items(t, i).find((x) => x.name === "Lake trout");
        if (trout) {
          expect(trout.type).toBe("loot");
          expect(trout.system.price).toEqual({ value: 2, denomination: "sp" });
          expect((trout.flags![MODULE_ID] as { source: string }).source).toBe(TROUT);
        }
      }
      expect(haulCards(t).length).toBeGreaterThan(0);
      const song = haulCards(t).some((m) => m.content.includes("A song of the lake"));
      const songDrawn = [2, 3, 4, 5].some((round) =>
        (["f1", "f2"] as const).some((f) =>
          drawCatch(setting, `${id}|round|${round}|${f}`, fishIn(host, id, round, f)).some(
            (e) => !e.uuid,
          ),
        ),
      );
      expect(song).toBe(songDrawn);
    }
  });

  test("K23: the end card lists each character's haul", async () => {
    const t = await makeTable({ generation: 14 });
    world(t);
    const { host, id } = await lake(t, TROUT);
    await catchRound(host, id);
    const c = caught(host, id);
    expect((await host.endGame(id)).ok).toBe(true);
    const end = t.server.truth.messages.find(
      (m) => (m.flags[MODULE_ID] as { kind?: string }).kind === "end",
    )!;
    expect(end.content).toContain("kolikoly-card-haul");
    expect(c.f1).toBeGreaterThan(0);
    expect(end.content).toContain(`${c.f1} × Lake trout`);
    // each client draws the end card again in its own language: the haul stays on it
    expect(await t.players[1].shown(end)).toContain(`${c.f1} × Lake trout`);
  });

  test("a stack the character already had grows; stacks of another source are left alone", async () => {
    const t = await makeTable({ generation: 13 });
    world(t);
    const before = {
      _id: "had0000000000000",
      name: "Lake trout",
      type: "loot",
      system: { quantity: 3 },
    };
    addItems(t, 0, [
      { ...before, _stats: { compendiumSource: TROUT } },
      { _id: "other00000000000", name: "Lake trout", type: "loot", system: { quantity: 5 } },
    ]);
    await t.gm.reload(); // the world as the GM's client loads it
    const { host, id } = await lake(t, TROUT);
    await catchRound(host, id);
    const c = caught(host, id);
    const mine = items(t, 0);
    expect(mine.find((i) => i._id === "had0000000000000")!.system.quantity).toBe(3 + c.f1!);
    expect(mine.find((i) => i._id === "other00000000000")!.system.quantity).toBe(5);
    expect(mine.length).toBe(2);
  });
});

/** World setup: items a character holds before the game. */
function addItems(t: Table, actor: number, list: ItemDoc[]): void {
  t.server.giveItems(t.actorIds[actor]!, list);
}

describe("exactly once: the haul card is the receipt", () => {
  test("v14: a round that grants items is still two writes: the GM record, then one batch", async () => {
    const t = await makeTable({ generation: 14 });
    world(t);
    const { host, id } = await lake(t, TABLE, [20, 20]);
    for (const f of ["f1", "f2"]) await host.setDeclaration(id, f, { action: "catch" });
    const before = t.server.requests.length;
    expect((await host.resolveRound(id)).ok).toBe(true);
    expect(items(t, 0).length + items(t, 1).length).toBeGreaterThan(0);
    const sent = t.server.requests.slice(before).map((r) => r.ops);
    expect(sent.length).toBe(2);
  });

  test("reloads, a reconcile and a second GM rolling the record forward grant nothing again", async () => {
    for (const generation of [13, 14] as const) {
      const t = await makeTable({ generation });
      world(t);
      const { host, id } = await lake(t, TABLE, [20, 20]);
      await catchRound(host, id);
      const snapshot = JSON.stringify([items(t, 0), items(t, 1)]);
      await t.gm.reload();
      expect((await t.gm.runtime!.host.reconcile(id)).ok).toBe(true);
      const second = new FakeClient(t.server, t.server.addUser("Second GM", true), 77);
      await second.connect();
      expect((await second.runtime!.host.reconcile(id)).ok).toBe(false); // not the active GM
      t.gm.disconnect();
      expect((await second.runtime!.host.reconcile(id)).ok).toBe(true);
      expect(JSON.stringify([items(t, 0), items(t, 1)])).toBe(snapshot);
    }
  });

  test("an item write refused after its card went out (v13) is written again at once, exactly", async () => {
    const t = await makeTable({ generation: 13 });
    world(t);
    const { host, id } = await lake(t, TROUT);
    t.server.failNext("items.create");
    await catchRound(host, id);
    const c = caught(host, id);
    expect(qty(t, 0, "Lake trout")).toBe(c.f1);
    expect(qty(t, 1, "Lake trout")).toBe(c.f2);
  });

  test("a v14 batch refused whole is written again whole: one card, the items once", async () => {
    const t = await makeTable({ generation: 14 });
    world(t);
    const { host, id } = await lake(t, TROUT);
    t.server.failNext("items.create");
    await catchRound(host, id);
    const c = caught(host, id);
    expect(haulCards(t).length).toBe(1);
    expect(qty(t, 0, "Lake trout")).toBe(c.f1);
    expect(qty(t, 1, "Lake trout")).toBe(c.f2);
  });

  test("a haul card a GM deleted by hand is posted again on reload, and grants nothing again", async () => {
    const t = await makeTable({ generation: 13 });
    world(t);
    const { host, id } = await lake(t, TROUT);
    await catchRound(host, id);
    const c = caught(host, id);
    const card = haulCards(t)[0]!;
    await t.gm.write([{ kind: "chat.delete", ids: [card._id] }]);
    await t.gm.reload();
    expect((await t.gm.runtime!.host.reconcile(id)).ok).toBe(true);
    expect(haulCards(t).length).toBe(1);
    expect(qty(t, 0, "Lake trout")).toBe(c.f1);
    expect(qty(t, 1, "Lake trout")).toBe(c.f2);
  });
});

describe("a player cannot cause an item to be granted", () => {
  test("a forged haul card, a player's own resolve and a player's reconcile grant nothing", async () => {
    const t = await makeTable({ generation: 13 });
    world(t);
    const { host, id } = await lake(t, TROUT);
    await catchRound(host, id);
    const before = JSON.stringify([items(t, 0), items(t, 1)]);
    const ana = t.players[0];
    // a card in the haul's shape, with a grant of 50 trout to Ana's character
    await ana.write([
      {
        kind: "chat.create",
        data: [
          {
            content: "haul",
            flags: {
              [MODULE_ID]: {
                kind: "haul",
                lake: id,
                rev: 99,
                grants: [
                  { actor: t.actorIds[0], fisher: "f1", uuid: TROUT, name: "Lake trout", qty: 50 },
                ],
              },
            },
          },
        ],
      },
    ]);
    expect((await ana.runtime!.host.resolveRound(id)).ok).toBe(false);
    expect((await ana.runtime!.host.reconcile(id)).ok).toBe(false);
    await t.gm.reload();
    expect((await t.gm.runtime!.host.reconcile(id)).ok).toBe(true);
    // a player's receipts removed from their own items do not make the GM grant again either
    const trout = items(t, 0).find((i) => i.name === "Lake trout");
    if (trout)
      await ana.write([
        {
          kind: "items.update",
          actorId: t.actorIds[0]!,
          updates: [{ _id: trout._id, [`flags.${MODULE_ID}.receipts`]: [] }],
        },
      ]);
    await t.gm.reload();
    expect((await t.gm.runtime!.host.reconcile(id)).ok).toBe(true);
    const after = JSON.parse(JSON.stringify([items(t, 0), items(t, 1)])) as ItemDoc[][];
    for (const i of after.flat()) delete (i.flags?.[MODULE_ID] as { receipts?: unknown })?.receipts;
    const was = JSON.parse(before) as ItemDoc[][];
    for (const i of was.flat()) delete (i.flags?.[MODULE_ID] as { receipts?: unknown })?.receipts;
    expect(after).toEqual(was);
  });

  test("a catch that is not a table or an item is refused with its field, and nothing is written", async () => {
    const t = await makeTable({ generation: 14 });
    world(t);
    const writes = t.server.requests.length;
    const make = (c: unknown) =>
      t.gm.runtime!.host.createLake({
        sceneId: t.sceneId,
        name: "Mirror lake",
        lake: { width: 4, height: 4, levels: 1, verticalAdjacency: true },
        origin: { col: 0, row: 0 },
        fishers: [{ tokenId: t.tokenIds[0]!, at: [0, 0, 0] }],
        catch: c as string,
      });
    for (const bad of ["Compendium.nowhere.Item.x", 42, "Scene.abc"]) {
      const r = await make(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatchObject({ code: "badCatch", field: "catch" });
    }
    t.server.addDocument("RollTable.odd", "RollTable", {
      name: "Odd",
      formula: "1d20kh",
      results: [{ type: "text", name: "x", range: [1, 20] }],
    });
    const r = await make("RollTable.odd");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("catchFormula");
    expect(t.server.requests.length).toBe(writes);
    expect(t.gm.localize("KOLIKOLY.Foundry.Error.catchFormula")).not.toContain("KOLIKOLY");
  });
});

describe("the draws follow the table's dice", () => {
  const entries = (lo: number, hi: number) =>
    Array.from({ length: hi - lo + 1 }, (_, k) => ({
      name: String(lo + k),
      range: [lo + k, lo + k] as const,
    }));
  const setting = (formula: string, lo: number, hi: number) => ({
    from: "dice",
    key: "0123456789abcdef0123456789abcdef",
    dice: parseCatchDice(formula)!,
    entries: entries(lo, hi),
  });
  const counts = (formula: string, lo: number, hi: number, n: number) => {
    const c = new Map<string, number>();
    for (const e of drawCatch(setting(formula, lo, hi), "lake|round|1|f1", n))
      c.set(e.name, (c.get(e.name) ?? 0) + 1);
    return c;
  };

  test("1d20: every face, each near a twentieth (chi-square under its 0.1% bound)", () => {
    const n = 20_000;
    const c = counts("1d20", 1, 20, n);
    expect(c.size).toBe(20);
    const chi = [...c.values()].reduce((s, o) => s + (o - n / 20) ** 2 / (n / 20), 0);
    expect(chi).toBeLessThan(43.8); // 19 degrees of freedom, p = 0.001
  });

  test("2d6+1: 3 to 13, 8 the likeliest, as two dice make it", () => {
    const n = 36_000;
    const c = counts("2d6+1", 3, 13, n);
    expect([...c.keys()].map(Number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 11 }, (_, k) => k + 3),
    );
    for (let total = 3; total <= 13; total++) {
      const ways = 6 - Math.abs(total - 8);
      expect(Math.abs(c.get(String(total))! - (n * ways) / 36)).toBeLessThan(250);
    }
  });

  test("the same place draws the same, another place another", () => {
    const s = setting("1d20", 1, 20);
    expect(drawCatch(s, "a|round|1|f1", 30)).toEqual(drawCatch(s, "a|round|1|f1", 30));
    expect(drawCatch(s, "a|round|1|f1", 30)).not.toEqual(drawCatch(s, "a|round|2|f1", 30));
    expect(drawCatch(s, "a|round|1|f1", 30)).not.toEqual(
      drawCatch({ ...s, key: "f".repeat(32) }, "a|round|1|f1", 30),
    );
  });
});
