/**
 * One answer to a stranger: whatever Ana's console asks about Bo's fisher, on every channel a
 * player can reach (the intent query's every kind, a roll "of Bo's actor" for each check, the
 * news, hazard, table-check, store-poke and key queries), the replies are the same whatever Bo
 * declared and whether his roll was counted. Each state is played on its own table of the fakes;
 * the replies, with each table's ids put back to names, must be equal.
 */
import { afterEach, describe, expect, test } from "vitest";
import { QUERY } from "../../../src/foundry/core/constants.ts";
import {
  d20Roll,
  dnd5eAttackMessage,
  dnd5eBo,
  dnd5eSkillMessage,
  net2024,
} from "../../fixtures/systems/dnd5e.ts";
import type { MessageLike } from "../../../src/foundry/systems/types.ts";
import type { PlayerClient, PlayerTable } from "../players/fake-players.ts";
import { lakeOn, makePlayerTable } from "../players/fake-players.ts";
import { dnd5eActors, settleClients } from "../players/actors.ts";

let clients: PlayerClient[] = [];
afterEach(() => {
  clients = [];
});

/** What Bo did before Ana asks: his declaration and whether his check was counted. */
interface Hidden {
  readonly bo: object;
  readonly counted: boolean;
}

const MOVE = { action: "move", to: [2, 1, 0] };
const TRACK = { action: "track", target: [1, 1, 0] };
const CATCH = { action: "catch" };

/** Ana tracks; Bo does `h.bo`; the GM locks; Bo's check counted when `h.counted`. */
async function played(h: Hidden) {
  const t = await makePlayerTable({ system: "dnd5e" });
  clients = [t.gm, t.gm2, ...t.players];
  dnd5eActors(t, []);
  const lake = await lakeOn(t);
  const [a, b] = t.players;
  const ok = { ok: true };
  expect(
    await a.wiring!.player.declare({ lake, fisher: "f1", round: 1, declaration: TRACK }),
  ).toMatchObject(ok);
  expect(
    await b.wiring!.player.declare({ lake, fisher: "f2", round: 1, declaration: h.bo }),
  ).toMatchObject(ok);
  expect(await t.gm.wiring!.gm.lock(lake)).toMatchObject(ok);
  if (h.counted) expect(await t.gm.wiring!.gm.enterTotal(lake, "f2", 15)).toMatchObject(ok);
  await settleClients(clients);
  return { t, lake, a };
}

/** Every question Ana's console can put about Bo's fisher, and the answers, in order. */
async function ask(t: PlayerTable, lake: string, a: PlayerClient): Promise<unknown[]> {
  const out: unknown[] = [];
  const boActor = { ...dnd5eBo, id: t.actorIds[1]! };
  const send = (intent: object) => a.wiring!.player.send(intent as never);
  // a roll of each check, posted by Ana as Bo's actor, then pointed at
  const rolls: MessageLike[] = [
    ...["sur", "ste", "ani", "prc"].map((skill) => ({
      ...dnd5eSkillMessage("x", t.userIds.a, boActor, skill, 14, 2),
      rolls: [d20Roll(12, 2)],
    })),
    dnd5eAttackMessage("x", t.userIds.a, boActor, net2024, 12, 5),
  ] as MessageLike[];
  for (const m of rolls) {
    const posted = await a.postRoll(m, "publicroll");
    await settleClients(clients);
    out.push(await send({ type: "rolled", lake, round: 1, messageId: posted.id! }));
    out.push(
      await send({ type: "rolled", lake, round: 1, messageId: posted.id!, kind: "stealth" }),
    );
  }
  out.push(await send({ type: "view", lake, fisher: "f2" }));
  for (const declaration of [MOVE, TRACK, CATCH])
    out.push(await send({ type: "declare", lake, fisher: "f2", round: 1, declaration }));
  out.push(await send({ type: "withdraw", lake, fisher: "f2", round: 1 }));
  out.push(await send({ type: "checks", lake, round: 1 }));
  out.push(await send({ type: "checks", lake, round: 2 }));
  // the other channels, straight to the GM's client
  const gm = t.userIds.gm;
  out.push(await a.query(gm, QUERY.news, { user: t.userIds.b }));
  out.push(await a.query(gm, QUERY.news, { confirm: "n0000000000000000", user: t.userIds.b }));
  out.push(await a.query(gm, QUERY.check, { probe: "anything", reach: t.sceneId }));
  out.push(
    await a.query(gm, QUERY.hazardChoice, {
      type: "confirm",
      id: "q0000000000000000",
      user: t.userIds.b,
      key: "k",
    }),
  );
  out.push(await a.query(gm, QUERY.storeWritten, { game: lake }));
  await settleClients(clients);
  return out;
}

/** The answers with this table's ids put back to names, so two tables compare. */
function named(t: PlayerTable, lake: string, answers: unknown[]): string {
  let s = JSON.stringify(answers);
  const ids: Record<string, string> = {
    [lake]: "LAKE",
    [t.sceneId]: "SCENE",
    [t.actorIds[0]!]: "ANA-ACTOR",
    [t.actorIds[1]!]: "BO-ACTOR",
    ...Object.fromEntries(Object.entries(t.userIds).map(([k, v]) => [v, `USER-${k}`])),
  };
  for (const [id, name] of Object.entries(ids)) s = s.split(id).join(name);
  return s;
}

describe("one answer to a stranger (K5)", () => {
  test("K5: Ana's every question about Bo's fisher, on every channel, is answered alike whatever Bo declared or rolled", async () => {
    const states: Hidden[] = [
      { bo: MOVE, counted: false },
      { bo: TRACK, counted: false },
      { bo: CATCH, counted: false },
      { bo: MOVE, counted: true },
      { bo: TRACK, counted: true },
    ];
    const answers: string[] = [];
    for (const h of states) {
      const { t, lake, a } = await played(h);
      answers.push(named(t, lake, await ask(t, lake, a)));
    }
    for (const s of answers.slice(1)) expect(s).toBe(answers[0]);
    // and the one answer gives nothing away: every roll and request about Bo is "not yours"
    const first = JSON.parse(answers[0]!) as { ok: boolean; error?: { code: string } }[];
    const codes = first.slice(0, 16).map((r) => r.error?.code ?? "ok");
    // Perception is no check of this game: not a check, for anyone's actor
    expect(codes.slice(0, 10)).toEqual([
      ...Array(6).fill("notOwner"),
      "notACheck",
      "notACheck",
      "notOwner",
      "notOwner",
    ]);
    expect(codes.slice(10, 15)).toEqual(Array(5).fill("notOwner"));
  });
});
