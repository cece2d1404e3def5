/**
 * Issue 20 item 12: a player must not be able to raise the table check's permanent alarm on every
 * GM with a made-up report. Two ways a player's console could try: answering the GM's check
 * (`QUERY.check`, any client may answer its own handler with anything) with store traffic and
 * proofs it never received, and writing the `leakSeen` world setting (a world where players were
 * granted SETTINGS_MODIFY). Only what the GM's own client confirms against its copy of the store
 * counts; both fail on the module as it was (it believed any player's counts, and any value of
 * the setting).
 */
import { describe, expect, test } from "vitest";
import { MODULE_ID, QUERY } from "../../../src/foundry/core/constants.ts";
import { LEAK_SETTING, leakOf } from "../../../src/foundry/core/table-check.ts";
import { FakeClient } from "../fake/client.ts";
import type { Table } from "../fake/world.ts";
import { makeTable } from "../fake/world.ts";
import { setUpLake } from "../fake/measure.ts";

async function tableOfTwoGms(): Promise<Table & { gm2: FakeClient }> {
  const t = await makeTable({ seed: 5 });
  // the server sends the store's (sealed) changes to everyone: the player holds real ids
  t.server.storeBroadcast = "everyone";
  const gm2 = new FakeClient(t.server, t.server.addUser("Assistant", 3), 9);
  await gm2.connect();
  return { ...t, gm2 };
}

async function oneRound(t: Table): Promise<string> {
  const { host, id } = await setUpLake(t, 2, 4);
  await host.setDeclaration(id, "f1", { action: "catch" });
  const r = await host.resolveRound(id);
  if (!r.ok) throw new Error(r.error.code);
  return id;
}

const alarms = (c: FakeClient) => c.notifications.filter((n) => n.type === "error" && n.permanent);

describe("a made-up leak report raises no alarm (issue 20 item 12)", () => {
  test("a player's console answers the table check with readable traffic and forged proofs: not a leak", async () => {
    const t = await tableOfTwoGms();
    const ana = t.players[0];
    // real store ids, a digest the player invents (it holds only sealed revisions)
    ana.replaceQuery(QUERY.check, async () => ({
      ...ana.runtime!.table.answer(),
      traffic: { socket: 99, index: 99, cache: 99, sealed: 0, readable: 99 },
      proofs: [...ana.page.storeDocs.keys()].slice(0, 3).map((id) => ({
        id,
        digest: "ab".repeat(32),
      })),
    }));
    await oneRound(t); // the check after round 1 runs on the active GM's client
    await new Promise((r) => setTimeout(r, 200));
    expect(ana.page.storeDocs.size).toBeGreaterThan(0);
    expect(leakOf(t.gm.setting(LEAK_SETTING))).toBeUndefined();
    for (const gm of [t.gm, t.gm2]) expect(alarms(gm)).toEqual([]);
    const r = await t.gm.runtime!.table.run();
    if (!r.ok) throw new Error(r.error.code);
    const row = r.value.rows.find((x) => x.userId === ana.userId)!;
    expect(row).toMatchObject({ leak: false, unverified: true, exposure: "sealed" });
    expect(r.value.leak).toBe(false);
    // the honest player's row is what it is: sealed revisions, no leak
    const bo = r.value.rows.find((x) => x.userId === t.players[1].userId)!;
    expect(bo).toMatchObject({ leak: false, unverified: false, exposure: "sealed" });
  });

  test("a leakSeen world setting a GM client did not write raises no alarm at ready or on change", async () => {
    const t = await tableOfTwoGms();
    await oneRound(t);
    const id = [...t.players[0].page.storeDocs.keys()][0]!;
    // as a player granted SETTINGS_MODIFY would write it (the Setting document changes everywhere)
    t.server.setWorldSetting(`${MODULE_ID}.${LEAK_SETTING}`, {
      at: 1,
      users: [{ id: t.players[1].userId, name: "Bo's player" }],
      proofs: [{ id, digest: "cd".repeat(32) }],
    });
    await new Promise((r) => setTimeout(r, 100));
    await t.gm2.reload();
    for (const gm of [t.gm, t.gm2]) expect(alarms(gm)).toEqual([]);
    // without any proof at all: the same
    t.server.setWorldSetting(`${MODULE_ID}.${LEAK_SETTING}`, {
      at: 2,
      users: [{ id: t.players[1].userId, name: "Bo's player" }],
    });
    await new Promise((r) => setTimeout(r, 100));
    await t.gm.reload();
    for (const gm of [t.gm, t.gm2]) expect(alarms(gm)).toEqual([]);
  });
});
