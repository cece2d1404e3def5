/**
 * Nothing a player owns bounds a check: the desk judges a roll by the fisher's modifiers in the
 * lake's set-up (filled in from the system when the lake was made, by the wizard, the API or a
 * file), never by the sheet as it is now, which the player may edit.
 */
import { describe, expect, test } from "vitest";
import { makeApi } from "../../../src/foundry/api.ts";
import { dnd5eActors, settleClients } from "./actors.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";

const desk = (c: PlayerClient) => c.wiring!.player;
const gmDesk = (c: PlayerClient) => c.wiring!.gm;
const pending = (t: PlayerTable, lake: string) => t.server.truth.store.get(lake)!.pending;
const settle = (t: PlayerTable) => settleClients([t.gm, t.gm2, ...t.players]);

/** Ana's Survival +`mod` on every client's copy of her sheet (her own edit of her character). */
function editSurvival(t: PlayerTable, mod: number): void {
  for (const c of [t.gm, t.gm2, ...t.players]) {
    const skills = (
      c.actor(t.actorIds[0]!)!.system as {
        skills: Record<string, { mod: number; prof: { flat: number }; total: number }>;
      }
    ).skills;
    skills.sur = { ...skills.sur!, mod, prof: { ...skills.sur!.prof, flat: 0 }, total: mod };
  }
}

async function tracking(t: PlayerTable, anaMods?: { survival: number }): Promise<string> {
  dnd5eActors(t, [11, 11, 11]);
  const lake = await lakeOn(t, undefined, anaMods);
  await desk(t.players[0]).declare({
    lake,
    fisher: "f1",
    round: 1,
    declaration: { action: "track", target: [1, 1, 0] },
  });
  expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true });
  return lake;
}

const sheetSurvival = (t: PlayerTable) =>
  (
    t.players[0].actor(t.actorIds[0]!) as unknown as {
      rollSkill: (c: object, d: object, m: object) => Promise<unknown>;
    }
  ).rollSkill({ skill: "sur" }, {}, {});

describe("a check is bounded by the set-up, never by the sheet", () => {
  test("a lake made through the API keeps the character's Survival from set-up: the sheet edited to +60 after does not count", async () => {
    const t = await makePlayerTable({ system: "dnd5e" });
    const lake = await tracking(t);
    // the set-up took Ana's Survival from her sheet when the lake was made
    expect(t.gm.runtime!.host.cached(lake)!.state.fishers[0]!.mods.survival).toBe(4);
    editSurvival(t, 60);
    await sheetSurvival(t);
    await settle(t);
    expect(pending(t, lake).totals).toEqual({});
    expect(t.gm.alerts).toHaveLength(1);
    expect(t.gm.alerts[0]).toContain("+60");
  });

  test("a set-up modifier lower than the sheet's is the bound: the sheet's own roll is refused", async () => {
    const t = await makePlayerTable({ system: "dnd5e" });
    const lake = await tracking(t, { survival: 1 });
    await sheetSurvival(t);
    await settle(t);
    expect(pending(t, lake).totals).toEqual({});
    // within the set-up's +1 it counts
    editSurvival(t, 1);
    await sheetSurvival(t);
    await settle(t);
    expect(pending(t, lake).totals.f1).toEqual({ total: 12, natural: 11 });
  });

  test("a lake from a file whose fishers have no modifiers: the rules' default bounds, not the sheet", async () => {
    const t = await makePlayerTable({ system: "dnd5e" });
    dnd5eActors(t, [11, 11, 11]);
    const file = {
      format: "kolikoly-scenario/1",
      name: "Mirror lake",
      seed: 5,
      lake: { width: 3, height: 3, levels: 2 },
      fishers: [
        { id: "ana", name: "Ana", at: [0, 0, 0] },
        { id: "bo", name: "Bo", at: [2, 0, 0] },
      ],
      rounds: [],
    };
    const api = makeApi(t.gm.runtime!, { panel: () => undefined, wizard: () => undefined });
    const made = await api.createFromScenario({
      sceneId: t.sceneId,
      scenario: JSON.stringify(file),
      origin: { col: 1, row: 1 },
    });
    if (!made.ok) throw new Error(made.error.code);
    const lake = made.value.id;
    await desk(t.players[0]).declare({
      lake,
      fisher: "ana",
      round: 1,
      declaration: { action: "track", target: [1, 1, 0] },
    });
    expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true });
    editSurvival(t, 60);
    await sheetSurvival(t);
    await settle(t);
    expect(pending(t, lake).totals).toEqual({});
  });
});
