/**
 * The GM store's keys between clients (issue 10 item 2, store/handover.ts): GM clients hand them
 * over by targeted query, a player can neither obtain one nor slip one in, and a GM without the
 * key is told and can import it.
 */
import { describe, expect, test } from "vitest";
import { QUERY } from "../../src/foundry/core/constants.ts";
import { FakeClient } from "./fake/client.ts";
import { setUpLake } from "./fake/measure.ts";
import { makeTable } from "./fake/world.ts";

const hexOf = (c: FakeClient) => Object.values(c.runtime!.host.store.ring.hexes());

describe("GM store keys (issue 10 item 2)", () => {
  test("a GM who connects after the lake was made is handed the key at ready; one connected before gets it at once", async () => {
    const t = await makeTable();
    const early = new FakeClient(t.server, t.server.addUser("Early GM", true), 60);
    await early.connect();
    const { id } = await setUpLake(t, 3, 3);
    expect(hexOf(early)).toEqual(hexOf(t.gm)); // offered as soon as it was made
    const late = new FakeClient(t.server, t.server.addUser("Late GM", true), 61);
    await late.connect();
    expect(hexOf(late)).toEqual(hexOf(t.gm)); // asked for at its ready
    expect((await late.runtime!.host.load(id)).ok).toBe(true);
    // the keys never travelled to a player, in any payload
    for (const p of t.players)
      for (const hex of hexOf(t.gm)) expect(JSON.stringify(p.received)).not.toContain(hex);
  });

  test("a player asking for the key gets nothing, and a key asked for in a GM's name goes to that GM alone", async () => {
    const t = await makeTable();
    const gm2 = new FakeClient(t.server, t.server.addUser("Second GM", true), 62);
    await gm2.connect();
    await setUpLake(t, 3, 3);
    const [ana, bo] = t.players;
    const ids = t.gm.runtime!.host.store.ring.ids();
    expect(await ana.query(t.gm.userId, QUERY.keysWanted, { for: ana.userId, ids })).toEqual({
      sent: 0,
    });
    // naming the second GM: the key goes to that GM's client, by a query of its own
    const before = gm2.received.length;
    expect(await ana.query(t.gm.userId, QUERY.keysWanted, { for: gm2.userId, ids })).toEqual({
      sent: 1,
    });
    expect(gm2.received.slice(before).some((p) => p.channel === "query")).toBe(true);
    for (const hex of hexOf(t.gm)) {
      expect(JSON.stringify(ana.received)).not.toContain(hex);
      expect(JSON.stringify(bo.received)).not.toContain(hex);
    }
  });

  test("a key a player slips in is not taken: only keys a store revision names, or a GM holds, are", async () => {
    const t = await makeTable();
    await setUpLake(t, 3, 3);
    const planted = "ab".repeat(32);
    const before = t.gm.runtime!.host.store.ring.ids();
    expect(
      await t.players[0].query(t.gm.userId, QUERY.keysGiven, { keys: { x: planted } }),
    ).toEqual({ taken: 0 });
    expect(t.gm.runtime!.host.store.ring.ids()).toEqual(before);
    // and a flood is cut short: at most 16 keys looked at
    const many = Object.fromEntries(
      Array.from({ length: 500 }, (_, i) => [i, i.toString(16).padStart(64, "0")]),
    );
    expect(await t.players[0].query(t.gm.userId, QUERY.keysGiven, { keys: many })).toEqual({
      taken: 0,
    });
  });

  test("a GM in a new browser with no other GM connected is told the key is missing; importing the key file opens the lake", async () => {
    const t = await makeTable();
    const { id } = await setUpLake(t, 3, 3);
    const file = t.gm.runtime!.core.exportKeys();
    if (!file.ok) throw new Error(file.error.code);
    t.gm.newBrowser();
    await t.gm.reload();
    expect(await t.gm.runtime!.host.load(id)).toMatchObject({
      ok: false,
      error: { code: "keyMissing" },
    });
    expect(await t.gm.runtime!.host.resolveRound(id)).toMatchObject({ ok: false });
    expect(await t.gm.runtime!.core.importKeys("{}")).toMatchObject({
      ok: false,
      error: { code: "badKeyFile", field: "format" },
    });
    expect(await t.gm.runtime!.core.importKeys(file.value)).toEqual({
      ok: true,
      value: { keys: 1, missing: 0 },
    });
    expect((await t.gm.runtime!.host.load(id)).ok).toBe(true);
    // a player may not export keys
    expect(t.players[0].runtime!.core.exportKeys()).toMatchObject({ ok: false });
  });
});
