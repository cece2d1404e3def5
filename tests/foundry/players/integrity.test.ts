/**
 * Issue 10 items 4 and 6 in the behavioural fake (fake-players.ts: a GM, two players, the GM
 * store): hand-made roll messages are refused by the active GM, nothing changes in the pending
 * round, and the GM is shown which fisher, which message and why; and the hidden-actions world
 * setting posts the checks the module asks for (and sheet checks while a roll card is open) in a
 * private mode, with the GM still counting them and the `rolled` request still answering only the
 * author or a GM, never with a number.
 */
import { afterEach, describe, expect, test } from "vitest";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { checksFlagOf } from "../../../src/foundry/players/desk.ts";
import type { MessageLike } from "../../../src/foundry/systems/types.ts";
import { strictLocalize } from "../fake/client.ts";
import { die, dropped, kept, num, plus, roll } from "../../fixtures/systems/core-roll.ts";
import { d20Roll, dnd5eAna, dnd5eSkillMessage } from "../../fixtures/systems/dnd5e.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { dnd5eActors, settleClients } from "./actors.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";

let clients: PlayerClient[] = [];
afterEach(() => {
  clients = [];
});

function track(t: PlayerTable): PlayerTable {
  clients = [t.gm, t.gm2, ...t.players];
  return t;
}

async function settle(): Promise<void> {
  await settleClients(clients);
}

const desk = (c: PlayerClient) => c.wiring!.player;
const gmDesk = (c: PlayerClient) => c.wiring!.gm;
const pending = (t: PlayerTable, lake: string) => t.server.truth.store.get(lake)!.pending;
const rows = (c: PlayerClient) =>
  checksFlagOf(c.messageList().find((m) => checksFlagOf(m) && !checksFlagOf(m)!.closed)!)!.rows;
type RollSkill = { rollSkill(c: object, d: object, m: object): Promise<unknown> };
const rollSkill = (c: PlayerClient, actorId: string, skill: string, rollMode?: string) =>
  (c.actor(actorId) as unknown as RollSkill).rollSkill(
    { skill },
    {},
    { create: true, ...(rollMode ? { rollMode } : {}) },
  );

/** Ana's Survival check as dnd5e 5.3.3 posts it (flags.dnd5e.roll), with the given roll. */
function survival(t: PlayerTable, r: unknown, flags: object = {}): MessageLike {
  const base = dnd5eSkillMessage(
    "ignored",
    t.userIds.a,
    { ...dnd5eAna, id: t.actorIds[0]! },
    "sur",
    13,
    4,
  );
  return {
    ...base,
    flags: { ...base.flags, ...flags },
    rolls: r ? [r] : [],
  } as MessageLike;
}

/** A round 1 lake where Ana (f1) tracks (Survival, +4) and Bo (f2) catches; locked. */
async function lockedTable(faces: number[] = []) {
  const t = track(await makePlayerTable({ system: "dnd5e" }));
  dnd5eActors(t, faces);
  const lake = await lakeOn(t);
  const [a, b] = t.players;
  await desk(a).declare({
    lake,
    fisher: "f1",
    round: 1,
    declaration: { action: "track", target: [1, 1, 0] },
  });
  await desk(b).declare({ lake, fisher: "f2", round: 1, declaration: { action: "catch" } });
  expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true });
  return { t, lake, a, b };
}

describe("issue 10 item 4: forged roll messages are refused, and the GM is told", () => {
  test("each forgery: the round's pending state is unchanged, the card still waits, the GM sees fisher, message and reason; a genuine roll then counts", async () => {
    const { t, lake, a, b } = await lockedTable([13]);
    const before = structuredClone(pending(t, lake));
    // [what, who posts it, the message, the reason the GM reads]
    const forged: [string, PlayerClient, MessageLike, string][] = [
      ["no dice in it", a, survival(t, roll([num(30)])), "noD20"],
      ["no roll at all", a, survival(t, undefined), ""],
      ["dice not adding up", a, survival(t, { ...d20Roll(5, 4), total: 30 }), "totalMismatch"],
      ["a total off by one", a, survival(t, { ...d20Roll(13, 4), total: 18 }), "totalMismatch"],
      [
        "both dice active under kh",
        a,
        survival(
          t,
          roll([die(20, [kept(19), kept(20)], { cls: "D20Die", modifiers: ["kh"] }), ...plus(4)]),
        ),
        "modifierMismatch",
      ],
      [
        "a d20 showing 25",
        a,
        survival(t, roll([die(20, [kept(25)], { cls: "D20Die" }), ...plus(4)])),
        "dieOutOfRange",
      ],
      [
        "a request mark for another round",
        a,
        survival(t, d20Roll(19, 4), {
          [MODULE_ID]: { request: { round: 2, fisher: "f1", kind: "survival" } },
        }),
        "otherRequest",
      ],
      [
        "a request mark for another fisher",
        a,
        survival(t, d20Roll(19, 4), {
          [MODULE_ID]: { request: { round: 1, fisher: "f2", kind: "survival" } },
        }),
        "otherRequest",
      ],
      ["a roll not made by the fisher's owner", b, survival(t, d20Roll(20, 4)), "notOwner"],
    ];
    let tried = 0;
    let refused = 0;
    const told = new Map<string, number>();
    for (const [what, who, data, reason] of forged) {
      tried++;
      const alerts = t.gm.alertLog.length;
      const m = await who.postRoll(data, "publicroll");
      await settle();
      const reply = await desk(who).send({ type: "rolled", lake, round: 1, messageId: m.id! });
      await settle();
      expect(pending(t, lake), what).toEqual(before);
      expect(rows(t.gm)[0], what).toEqual({ fisher: "f1", status: "waiting" });
      expect(reply.ok, what).toBe(false);
      // the player's answer names a reason, never a number of the roll
      expect(JSON.stringify(reply), what).not.toMatch(/\b(30|18|25|19|20)\b/);
      if (!reply.ok) refused++;
      if (reason === "") {
        // a message with no roll is no check at all: nothing to count, nothing to tell
        expect(reply, what).toMatchObject({ ok: false, error: { code: "notACheck" } });
        continue;
      }
      expect(t.gm.alertLog.length, what).toBe(alerts + 1);
      const alert = t.gm.alertLog.at(-1)!;
      // one line a sender on the GM's screen: the first refusal, then the count and the latest
      const count = (told.get(who.userId) ?? 0) + 1;
      told.set(who.userId, count);
      const said = {
        fisher: "Ana",
        lake: "Mirror lake",
        message: m.id!,
        reason: strictLocalize(`KOLIKOLY.Players.Refusal.${reason}`),
      };
      const user = t.gm.users().find((u) => u.id === who.userId)!.name;
      expect(alert, what).toBe(
        count === 1
          ? strictLocalize("KOLIKOLY.Players.Refused", said)
          : strictLocalize("KOLIKOLY.Players.RefusedMany", { ...said, count: String(count), user }),
      );
      expect(t.gm.alerts, what).toHaveLength(told.size);
      // shown on the GM's screen only: no player client got the alert
      for (const p of t.players) expect(p.alerts, what).toEqual([]);
    }
    // the players read their refusal in their language
    expect(
      desk(a).errorText({ code: "badRoll", field: "messageId", message: "totalMismatch" }),
    ).toBe(strictLocalize("KOLIKOLY.Players.Error.badRoll"));
    console.info(`roll integrity end to end: forged rolls refused ${refused} of ${tried} tried`);
    expect(refused).toBe(tried);
    // the genuine sheet roll counts, and the GM is not alerted for it
    const alerts = t.gm.alertLog.length;
    await rollSkill(a, t.actorIds[0]!, "sur");
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 17, natural: 13 });
    expect(t.gm.alertLog.length).toBe(alerts);
    // a second roll is refused (the first stands); the GM's reading it again after a reload is
    // no news, so the GM is not alerted
    await rollSkill(a, t.actorIds[0]!, "sur");
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 17, natural: 13 });
    expect(t.gm.alertLog.length).toBe(alerts);
  });

  test("a roll made before the round's card does not count when it is named afterwards (a GM who reloads reads only what follows the card)", async () => {
    const t = track(await makePlayerTable({ system: "dnd5e" }));
    dnd5eActors(t, [20]);
    const lake = await lakeOn(t);
    const a = t.players[0];
    await desk(a).declare({
      lake,
      fisher: "f1",
      round: 1,
      declaration: { action: "track", target: [1, 1, 0] },
    });
    // a natural 20 rolled before the lock (nobody asked for it yet)
    await rollSkill(a, t.actorIds[0]!, "sur");
    await settle();
    const early = a.messageList().find((m) => m.rolls?.length)!;
    await gmDesk(t.gm).lock(lake);
    // the GM reloads: a fresh client reads the messages after the open card only
    t.gm.disconnect();
    await t.gm.connect();
    dnd5eActors(t, []);
    await settle();
    const reply = await desk(a).send({ type: "rolled", lake, round: 1, messageId: early.id });
    await settle();
    expect(reply).toMatchObject({ ok: false, error: { code: "beforeCard" } });
    expect(pending(t, lake).totals).toEqual({});
    expect(t.gm.alerts.at(-1)).toBe(
      strictLocalize("KOLIKOLY.Players.Refused", {
        fisher: "Ana",
        lake: "Mirror lake",
        message: early.id,
        reason: strictLocalize("KOLIKOLY.Players.Refusal.beforeCard"),
      }),
    );
  });

  test("dnd5e advantage, guidance and Halfling Lucky as the system posts them are counted", async () => {
    const { t, lake, a } = await lockedTable();
    // 2d20kh + 4 + 1d4 (guidance), a D20Roll of 4.4.4 to 5.2
    const adv = roll(
      [
        die(20, [dropped(6), kept(14)], {
          cls: "D20Die",
          modifiers: ["kh"],
        }),
        ...plus(4),
        { class: "OperatorTerm", options: {}, evaluated: true, operator: "+" },
        die(4, [kept(3)], { cls: "Die" }),
      ],
      { cls: "D20Roll" },
    );
    await a.postRoll(survival(t, adv), "publicroll");
    await settle();
    expect(pending(t, lake).totals.f1).toEqual({ total: 21, natural: 14 });
    expect(t.gm.alerts).toEqual([]);
  });
});

describe("issue 10 item 6: the hidden-actions setting", () => {
  const modes = ["gmroll", "blindroll"] as const;

  test("off: a card roll keeps the player's public mode (the check names its skill to everyone)", async () => {
    const { t, lake, a } = await lockedTable([11]);
    expect(await desk(a).rollFromCard(lake, 1, "f1")).toEqual({ ok: true, value: 1 });
    await settle();
    const m = t.gm.messageList().find((x) => x.rolls?.length)!;
    expect(m.whisper).toEqual([]);
    expect(m.blind).toBe(false);
    expect(pending(t, lake).totals.f1).toEqual({ total: 15, natural: 11 });
  });

  for (const mode of modes)
    test(`${mode}: card rolls, sheet rolls while the card is open and the GM's roll for an absent player are private; the GM counts them; rolled answers no number`, async () => {
      const { t, lake, a, b } = await lockedTable([11, 16]);
      t.server.setWorldSetting(`${MODULE_ID}.hiddenActions`, mode);
      await settle();
      // Ana's roll mode is public; the card's button rolls in the setting's mode
      expect(await desk(a).rollFromCard(lake, 1, "f1")).toEqual({ ok: true, value: 1 });
      await settle();
      const gms = [t.userIds.gm, t.userIds.gm2];
      const anas = t.gm.messageList().find((x) => x.rolls?.length)!;
      expect(anas.whisper).toEqual(gms);
      expect(anas.blind).toBe(mode === "blindroll");
      expect(pending(t, lake).totals.f1).toEqual({ total: 15, natural: 11 });
      // Bo's net attack (a core Roll: his 2024 Net has no attack activity), also from the card
      expect(await desk(b).rollFromCard(lake, 1, "f2")).toEqual({ ok: true, value: 1 });
      await settle();
      const bos = t.gm.messageList().filter((x) => x.rolls?.length)[1]!;
      expect(bos.whisper).toEqual(gms);
      expect(bos.blind).toBe(mode === "blindroll");
      expect(Object.keys(pending(t, lake).totals).sort()).toEqual(["f1", "f2"]);
      // rolled: the author is told it counted (no number), another player is refused
      const mine = await desk(a).send({ type: "rolled", lake, round: 1, messageId: anas.id });
      expect(mine).toEqual({ ok: true, value: { counted: true } });
      const other = await desk(b).send({ type: "rolled", lake, round: 1, messageId: anas.id });
      expect(other).toMatchObject({ ok: false, error: { code: "notOwner" } });
      expect(JSON.stringify([mine, other])).not.toMatch(/total|natural|\b15\b|\b11\b/);
    });

  for (const mode of modes)
    test(`${mode}: a sheet check in public mode is made private while the card is open, and only then; a more private roll is left alone`, async () => {
      const { t, lake, a } = await lockedTable([11, 12, 13, 14]);
      t.server.setWorldSetting(`${MODULE_ID}.hiddenActions`, mode);
      await settle();
      const gms = [t.userIds.gm, t.userIds.gm2];
      await rollSkill(a, t.actorIds[0]!, "sur", "publicroll");
      await settle();
      const first = a.messageList().filter((x) => x.rolls?.length)[0]!;
      expect(first.whisper).toEqual(gms);
      expect(first.blind).toBe(mode === "blindroll");
      expect(pending(t, lake).totals.f1).toEqual({ total: 15, natural: 11 });
      // a blind roll stays blind under the private GM mode; a self roll stays the player's
      await rollSkill(a, t.actorIds[0]!, "ste", "blindroll");
      await rollSkill(a, t.actorIds[0]!, "ani", "selfroll");
      await settle();
      const [, blind, self] = a.messageList().filter((x) => x.rolls?.length);
      expect(blind!.blind).toBe(true);
      expect(self!.whisper).toEqual([t.userIds.a]);
      // once the round resolves (the card closes), a sheet roll keeps its own public mode
      expect(await gmDesk(t.gm).enterTotal(lake, "f2", 12)).toMatchObject({ ok: true });
      expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
      await settle();
      await rollSkill(a, t.actorIds[0]!, "sur", "publicroll");
      await settle();
      const after = a
        .messageList()
        .filter((x) => x.rolls?.length && !x.flags?.[MODULE_ID])
        .at(-1)!;
      expect(after.whisper).toEqual([]);
    });

  test("blindroll: the GM's roll for an absent player is blind too, and counted", async () => {
    const { t, lake } = await lockedTable([18]);
    t.server.setWorldSetting(`${MODULE_ID}.hiddenActions`, "blindroll");
    await settle();
    expect(await gmDesk(t.gm).rollFor(lake, "f1")).toMatchObject({
      ok: true,
      value: { total: 22, natural: 18 },
    });
    await settle();
    const m = t.gm.messageList().find((x) => x.rolls?.length)!;
    expect(m.blind).toBe(true);
    expect(m.whisper).toEqual([t.userIds.gm, t.userIds.gm2]);
    expect(pending(t, lake).totals.f1).toEqual({ total: 22, natural: 18 });
  });
});
