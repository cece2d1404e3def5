/**
 * The mode a check is posted in, per Foundry generation and system version: the module says
 * the player's mode in the words each version reads (v13 `rollMode` names; on v14 `messageMode`
 * names, dnd5e 5.3.2+ and 6 in `message.rollMode`, pf2e 8 in `messageMode`), and the message
 * the system creates is public, GM-only or blind as asked. What a player's client sees of a
 * whispered roll, and what Dice So Nice animates for it, follow the message's `whisper` and
 * `blind` fields (v13 ChatMessage#isContentVisible; Dice So Nice reads the same fields of the
 * created message), so those fields are what each case checks, on the other player's client.
 * Also: a sheet roll whose message shape the adapter does not know is still counted through
 * the system's roll hook.
 */
import { describe, expect, test } from "vitest";
import type { ActorLike, MessageLike, RollModeName } from "../../../src/foundry/systems/types.ts";
import { dnd5eAna, dnd5eBo } from "../../fixtures/systems/dnd5e.ts";
import { pf2eCharacter } from "../../fixtures/systems/pf2e.ts";
import type { Post } from "../../fixtures/systems/system-fakes.ts";
import { withDnd5eRolls, withPf2eRolls } from "../../fixtures/systems/system-fakes.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";
import { settleClients, standIn } from "./actors.ts";

const desk = (c: PlayerClient) => c.wiring!.player;
const gmDesk = (c: PlayerClient) => c.wiring!.gm;
const pending = (t: PlayerTable, lake: string) => t.server.truth.store.get(lake)!.pending;

/** Each client's copy of Ana's and Bo's characters, rolling through the system's stand-in. */
function attach(
  t: PlayerTable,
  faces: number[],
  post?: (c: PlayerClient) => Post,
  hooks = true,
): void {
  const queue = [...faces];
  const d20 = () => queue.shift() ?? 10;
  for (const c of [t.gm, t.gm2, ...t.players]) {
    const o = {
      ...standIn(t.server),
      post: post?.(c) ?? ((d: MessageLike, m: string | undefined) => c.postRoll(d, m)),
      d20,
      userId: () => c.userId,
      callAll: (h: string, ...a: unknown[]) => (hooks ? c.hooks.callAll(h, ...a) : undefined),
      call: (h: string, ...a: unknown[]) => (hooks ? c.hooks.call(h, ...a) : true),
      dice: c.clientDice,
      deleteMessage: (id: string) => c.deleteMessage(id),
    };
    t.actorIds.forEach((id, i) => {
      const name = ["Ana", "Bo"][i]!;
      let actor: ActorLike;
      if (t.server.systemId === "dnd5e") {
        const f = [dnd5eAna, dnd5eBo][i]!;
        actor = withDnd5eRolls({ ...f, id, items: structuredClone([...(f.items ?? [])]) }, o);
      } else if (t.server.systemId === "pf2e") actor = withPf2eRolls(pf2eCharacter(id, name), o);
      else
        actor = {
          id,
          name,
          system: {},
          getRollData: () => ({ abilities: { dex: { mod: 3 }, wis: { mod: 2 } } }),
        };
      c.attachActor(id, actor);
    });
  }
}

async function tracking(t: PlayerTable): Promise<string> {
  const lake = await lakeOn(t);
  await desk(t.players[0]).declare({
    lake,
    fisher: "f1",
    round: 1,
    declaration: { action: "track", target: [1, 1, 0] },
  });
  expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true });
  return lake;
}

const settle = (t: PlayerTable) => settleClients([t.gm, t.gm2, ...t.players]);

/** The newest message with rolls, as a client holds it. */
const lastRoll = (c: PlayerClient) =>
  c
    .messageList()
    .filter((m) => m.rolls?.length)
    .at(-1)!;

const TABLES = [
  [13, "dnd5e", "5.3.3"],
  [13, "pf2e", "7.12.2"],
  [13, "swade", "1.0.0"],
  [14, "dnd5e", "5.3.3"],
  [14, "dnd5e", "6.0.6"],
  [14, "pf2e", "8.5.1"],
  [14, "swade", "1.0.0"],
] as const;
const MODES: readonly RollModeName[] = ["publicroll", "gmroll", "blindroll"];

describe("a check's visibility per Foundry generation and system version", () => {
  test.each(TABLES.flatMap(([g, s, v]) => MODES.map((m) => [g, s, v, m] as const)))(
    "v%i %s %s: a %s check from the roll card is posted so, and counted",
    async (generation, system, systemVersion, mode) => {
      const t = await makePlayerTable({ generation, system, systemVersion });
      attach(t, [12]);
      const lake = await tracking(t);
      const [a, b] = t.players;
      a.mode = mode;
      expect(await desk(a).rollFromCard(lake, 1)).toEqual({ ok: true, value: 1 });
      await settle(t);
      const gms = [t.userIds.gm, t.userIds.gm2];
      // Bo's copy: the fields his client renders it by, and Dice So Nice animates it by
      const seen = lastRoll(b);
      expect(seen.whisper).toEqual(mode === "publicroll" ? [] : gms);
      expect(seen.blind).toBe(mode === "blindroll");
      expect(seen.whisper).not.toContain(t.userIds.b);
      // the GM reads every mode: the check is counted
      // the generic system rolls core dice on the player's client, the systems the queue's 12
      const die = lastRoll(t.gm).rolls![0]!.terms![0]!.results![0]!.result;
      expect(pending(t, lake).totals.f1?.natural).toBe(system === "swade" ? die : 12);
    },
  );

  test.each(TABLES.filter(([, s]) => s !== "swade"))(
    "v%i %s %s: the GM rolling for an absent player in GM mode posts a GM-only check",
    async (generation, system, systemVersion) => {
      const t = await makePlayerTable({ generation, system, systemVersion });
      attach(t, [9]);
      const lake = await tracking(t);
      t.gm.mode = "gmroll";
      expect(await gmDesk(t.gm).rollFor(lake, "f1")).toMatchObject({ ok: true });
      await settle(t);
      const seen = lastRoll(t.players[1]);
      expect(seen.whisper).toEqual([t.userIds.gm, t.userIds.gm2]);
      expect(pending(t, lake).totals.f1?.natural).toBe(9);
    },
  );

  test.each(TABLES.filter(([, s]) => s !== "swade"))(
    "v%i %s %s: a check the GM's client rolls at resolution is public, whatever the GM's own mode",
    async (generation, system, systemVersion) => {
      const t = await makePlayerTable({ generation, system, systemVersion });
      attach(t, [9, 9, 9, 9]);
      const lake = await tracking(t);
      t.gm.mode = "blindroll";
      expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
      await settle(t);
      const rolls = t.players[1].messageList().filter((m) => m.rolls?.length);
      expect(rolls.length).toBeGreaterThan(0);
      for (const m of rolls) expect([m.whisper ?? [], !!m.blind]).toEqual([[], false]);
    },
  );
});

describe("sheet rolls counted through the system's roll hook as well as its message", () => {
  /** A later dnd5e that moved the check's skill inside its system data (a shape no adapter reads). */
  const moved =
    (c: PlayerClient): Post =>
    (d, m) => {
      const sys = d.system as { skill?: string } | undefined;
      if (d.type !== "check" || !sys?.skill) return c.postRoll(d, m);
      const { skill, ...rest } = sys;
      return c.postRoll({ ...d, system: { ...rest, check: { skill } } } as MessageLike, m);
    };
  const sheet = (t: PlayerTable, c: PlayerClient, skill: string) =>
    (
      c.actor(t.actorIds[0]!) as unknown as {
        rollSkill: (c: object, d: object, m: object) => Promise<unknown>;
      }
    ).rollSkill({ skill }, {}, {});

  test("dnd5e 6: a Survival check whose message shape changed counts, named by dnd5e.rollSkillV2", async () => {
    const t = await makePlayerTable({ generation: 14, system: "dnd5e" });
    attach(t, [14], moved);
    const lake = await tracking(t);
    const a = t.players[0];
    await sheet(t, a, "sur");
    await settle(t);
    // the message alone says nothing the adapter reads
    const m = lastRoll(t.gm);
    expect(a.wiring!.adapter().readMessage(m, (id) => a.actor(id))).toBeNull();
    expect(pending(t, lake).totals.f1).toEqual({ total: 18, natural: 14 });
  });

  test("without the hook's word the same message is not counted", async () => {
    const t = await makePlayerTable({ generation: 14, system: "dnd5e" });
    // the system fires no roll hook: the player's client has no word to add
    attach(t, [14], moved, false);
    const lake = await tracking(t);
    await sheet(t, t.players[0], "sur");
    await settle(t);
    expect(pending(t, lake).totals).toEqual({});
  });

  /** Ana rolls `skill` from her sheet, then her client names the message as a `kind` check. */
  async function named(skill: string, kind: string) {
    const t = await makePlayerTable({ generation: 14, system: "dnd5e" });
    attach(t, [19]);
    const lake = await tracking(t);
    const a = t.players[0];
    await sheet(t, a, skill);
    await settle(t);
    const messageId = lastRoll(t.gm).id;
    const reply = await desk(a).send({ type: "rolled", lake, round: 1, messageId, kind } as never);
    return { reply, totals: pending(t, lake).totals };
  }

  test("a roll the message marks as another skill never counts, whatever check its author names", async () => {
    const { reply, totals } = await named("ath", "survival");
    expect(reply).toMatchObject({ ok: false, error: { code: "notACheck" } });
    expect(totals).toEqual({});
  });

  test("a hint that is no check kind is refused as a bad request", async () => {
    const { reply } = await named("sur", "athletics");
    expect(reply).toMatchObject({ ok: false, error: { code: "badIntent", field: "kind" } });
  });
});
