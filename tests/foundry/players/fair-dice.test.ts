/**
 * Fair dice from a player's console (the behavioural fake: a GM, two players, the GM store). A
 * player's client that follows the protocol by hand (commit, draw, dice from the stream, the
 * secret in the roll) is counted, with its proof in the GM record and in the exported game; every
 * other way to post a check is refused, the GM is told which fisher, which message and why, and
 * nothing in the pending round changes. The rolls here are written as dnd5e 5.3.3 posts a Survival
 * check (tests/fixtures/systems/dnd5e.ts); the system's own roll path, drawing its dice through
 * Foundry's dice fulfillment, is tests/foundry/players/fair-dice-systems.test.ts.
 */
import { JSDOM } from "jsdom";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { fixRandomBytes } from "./fixed-random.ts";
import type { FairCheck } from "../../../src/dice/fair.ts";
import { FairStream, commitOf, randomHex, shapeOf } from "../../../src/dice/fair.ts";
import { checkFairRoll } from "../../../src/dice/fair-check.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { panelContext } from "../../../src/foundry/apps/panel-context.ts";
import { verifyScenario } from "../../../src/cli/verify.ts";
import { cardFlagOf } from "../../../src/foundry/fishing/cards.ts";
import { checksFlagOf } from "../../../src/foundry/players/desk.ts";
import { appendFairProof, fairProofLines } from "../../../src/foundry/players/fair-proof.ts";
import type { FairNonce, Reply } from "../../../src/foundry/players/protocol.ts";
import type { MessageLike } from "../../../src/foundry/systems/types.ts";
import { strictLocalize } from "../fake/client.ts";
import type { ResultJson, TermJson } from "../../fixtures/systems/core-roll.ts";
import { die, dropped, kept, plus, roll } from "../../fixtures/systems/core-roll.ts";
import { dnd5eAna, dnd5eSkillMessage } from "../../fixtures/systems/dnd5e.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { declareTrackAndCatch, dnd5eActors, settleClients } from "./actors.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";

let clients: PlayerClient[] = [];
afterEach(() => {
  clients = [];
  vi.restoreAllMocks();
});
beforeEach(() => {
  fixRandomBytes(0x9e3779b9);
});

const desk = (c: PlayerClient) => c.wiring!.player;
const gmDesk = (c: PlayerClient) => c.wiring!.gm;
const pending = (t: PlayerTable, lake: string) => t.server.truth.store.get(lake)!.pending;
const record = (t: PlayerTable, lake: string) => t.server.truth.store.get(lake)!;
const settle = () => settleClients(clients);
const rows = (c: PlayerClient) =>
  checksFlagOf(c.messageList().find((m) => checksFlagOf(m) && !checksFlagOf(m)!.closed)!)!.rows;

/** Ana's Survival modifier in the fixture (dnd5eAna: +4). */
const MOD = 4;

/** A round-1 fair lake: Ana (f1) tracks (Survival), Bo (f2) catches; locked. */
async function fairTable(fair = true) {
  const t = await makePlayerTable({ system: "dnd5e" });
  clients = [t.gm, t.gm2, ...t.players];
  dnd5eActors(t, []);
  const lake = await lakeOn(t, undefined, undefined, fair);
  await declareTrackAndCatch(t, lake);
  const [a, b] = t.players;
  return { t, lake, a, b };
}

/** The shape of a d20 term with these modifiers and number of dice, plus the Survival bonus. */
function d20Terms(number: number, modifiers: string[], results: ResultJson[]): TermJson[] {
  return [die(20, results, { cls: "Die", number, modifiers }), ...plus(MOD)];
}

/** What an honest client does by hand: a secret, its commitment for the shape, the GM's nonce. */
async function draw(
  c: PlayerClient,
  check: FairCheck,
  shape: string,
  secret = randomHex(64),
): Promise<{ secret: string; reply: Reply<FairNonce> }> {
  const reply = await desk(c).send<FairNonce>({
    type: "draw",
    lake: check.lake,
    round: check.round,
    fisher: check.fisher,
    commit: commitOf(check, shape, secret),
    shape,
  });
  return { secret, reply };
}

/** Ana's Survival check message, its roll carrying `reveal` in its options (or nothing). */
function survival(t: PlayerTable, terms: TermJson[], reveal?: object): MessageLike {
  const base = dnd5eSkillMessage(
    "x",
    t.userIds.a,
    { ...dnd5eAna, id: t.actorIds[0]! },
    "sur",
    1,
    MOD,
  );
  const r = roll(terms, {
    cls: "D20Roll",
    options: reveal ? { [MODULE_ID]: { fair: reveal } } : {},
  });
  return { ...base, rolls: [r] } as MessageLike;
}

const anaCheck = (lake: string, round = 1): FairCheck => ({
  lake,
  round,
  fisher: "f1",
  kind: "survival",
});

/** Posts a message from a player and names it to the GM; the GM's answer. */
async function post(t: PlayerTable, c: PlayerClient, lake: string, m: MessageLike) {
  const created = await c.postRoll(m, "publicroll");
  await settle();
  const reply = await desk(c).send({ type: "rolled", lake, round: 1, messageId: created.id! });
  await settle();
  return { created, reply };
}

describe("fair dice: an honest client is counted, with its proof", () => {
  test("commit, draw, dice from the stream, the secret in the roll: counted; the record and the export carry the proof", async () => {
    const { t, lake, a } = await fairTable();
    const check = anaCheck(lake);
    const shape = shapeOf({ terms: d20Terms(1, [], []) });
    expect(shape).toBe("1d20");
    const { secret, reply } = await draw(a, check, shape);
    expect(reply.ok).toBe(true);
    if (!reply.ok) return;
    // the GM record holds the commitment and the nonce before the player knows the nonce
    const d = pending(t, lake).draws!.f1!;
    expect(d).toMatchObject({
      nonce: reply.value.nonce,
      shape,
      kind: "survival",
      user: t.userIds.a,
    });
    expect(d.commit).toBe(commitOf(check, shape, secret));
    const face = new FairStream(secret, reply.value.nonce, check).face(20);
    const alerts = t.gm.alertLog.length;
    const { reply: counted } = await post(
      t,
      a,
      lake,
      survival(t, d20Terms(1, [], [kept(face)]), { ...check, secret }),
    );
    expect(counted).toMatchObject({ ok: true });
    expect(pending(t, lake).totals.f1).toEqual({ total: face + MOD, natural: face });
    expect(t.gm.alertLog.length).toBe(alerts);
    // the proof kept with the draw, written in the same revision as the total
    const kept1 = pending(t, lake).draws!.f1!;
    expect(kept1.secret).toBe(secret);
    expect(checkFairRoll(kept1.roll, check, kept1, secret)).toEqual({ ok: true, dice: 1 });
    expect(rows(t.gm)[0]).toEqual({ fisher: "f1", status: "rolled" });
    const loaded = await t.gm.runtime!.host.load(lake);
    if (!loaded.ok) throw new Error("load");
    expect(
      panelContext(loaded.value.session, pending(t, lake), loaded.value.pub, strictLocalize)
        .fishers[0]!.fair,
    ).toMatch(/^Fair dice drawn at .+; the roll was checked die by die\.$/);
    // Bo withholds nothing (he never drew); the GM resolves and exports the game
    await gmDesk(t.gm).enterTotal(lake, "f2", 12, 8);
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    const exported = await t.gm.runtime!.host.exportScenario(lake);
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    const fair = (exported.value.rounds[0]!.actions.f1 as { fair?: Record<string, unknown> }).fair!;
    expect(fair).toMatchObject({ lake, round: 1, commit: d.commit, nonce: d.nonce, shape, secret });
    expect(checkFairRoll(fair.roll, check, d, secret)).toEqual({ ok: true, dice: 1 });
    // a total the GM typed has no proof
    expect((exported.value.rounds[0]!.actions.f2 as { fair?: unknown }).fair).toBeUndefined();
    // the CLI's `kolikoly verify`, offline, on the exported file: Ana's check fair, Bo's no proof
    const verified = verifyScenario(JSON.parse(JSON.stringify(exported.value)));
    if (!verified.ok) throw new Error(verified.error.message);
    expect(verified.checks.map((c) => [c.fisher, c.verdict])).toEqual([
      ["f1", "fair"],
      ["f2", "noProof"],
    ]);
    // the round card names the draw; Bo's client checks Ana's roll itself, from its own chat
    await settle();
    const bo = t.players[1];
    const card = bo
      .messageList()
      .map((m) => cardFlagOf(m.flags))
      .find((f) => f?.kind === "round" && f.round === 1)!;
    expect(card.fair).toEqual([
      { fisher: "f1", commit: d.commit, nonce: d.nonce, shape, message: kept1.message },
    ]);
    const name = (id: string) => ({ f1: "Ana", f2: "Bo" })[id] ?? id;
    const lines = fairProofLines(card.fair!, lake, 1, (id) => bo.message(id), name, strictLocalize);
    expect(lines).toEqual([
      {
        fisher: "f1",
        ok: true,
        text: strictLocalize("KOLIKOLY.Players.FairProof.Checked", { fisher: "Ana", dice: "1" }),
      },
    ]);
    // a copy of the roll changed after the fact (another face) is not the fair roll there
    const changed = (id: string) => {
      const m = structuredClone(bo.message(id)!) as MessageLike & {
        rolls: { terms: { results?: { result: number }[] }[] }[];
      };
      m.rolls[0]!.terms[0]!.results![0]!.result = face === 20 ? 1 : 20;
      return m;
    };
    const [bad] = fairProofLines(card.fair!, lake, 1, changed, name, strictLocalize);
    expect(bad!.ok).toBe(false);
    expect(bad!.text).toContain(
      strictLocalize("KOLIKOLY.Players.FairProof.Failed", { fisher: "Ana", reason: "" }).trim(),
    );
    // a live Roll, as a Foundry client holds a message's rolls (terms name their class only in
    // toJSON, v13 client/dice/terms/term.mjs), is checked as its data
    const live = (id: string) => {
      const data = bo.message(id)!;
      const r = data.rolls![0] as unknown as Record<string, unknown>;
      const terms = (r.terms as Record<string, unknown>[]).map((x) => {
        const { class: cls, ...rest } = x;
        return { ...rest, toJSON: () => ({ class: cls, ...rest }) };
      });
      const roll = { ...r, terms, toJSON: () => ({ ...r }) };
      return { ...data, rolls: [roll] } as unknown as MessageLike;
    };
    expect(fairProofLines(card.fair!, lake, 1, live, name, strictLocalize)[0]!.ok).toBe(true);
    // a roll this client does not hold cannot be checked here, and says so
    expect(fairProofLines(card.fair!, lake, 1, () => undefined, name, strictLocalize)[0]).toEqual({
      fisher: "f1",
      ok: false,
      text: strictLocalize("KOLIKOLY.Players.FairProof.Missing", { fisher: "Ana" }),
    });
  });

  test("the same commitment again (a reply lost on the way) gets the same nonce, and writes nothing", async () => {
    const { t, lake, a } = await fairTable();
    const secret = randomHex(64);
    const first = await draw(a, anaCheck(lake), "1d20", secret);
    const rev = record(t, lake).rev;
    const again = await draw(a, anaCheck(lake), "1d20", secret);
    expect(again.reply).toEqual(first.reply);
    expect(record(t, lake).rev).toBe(rev);
  });

  test("a draw outlives its GM: drawn before the first GM's browser drops, the roll counts with the second", async () => {
    const { t, lake, a } = await fairTable();
    const check = anaCheck(lake);
    const { secret, reply } = await draw(a, check, "1d20");
    if (!reply.ok) throw new Error("draw");
    // the first GM's browser drops: the second GM, logged in meanwhile, is the active one
    await t.gm2.connect();
    t.gm.disconnect();
    await settle();
    const face = new FairStream(secret, reply.value.nonce, check).face(20);
    const m = survival(t, d20Terms(1, [], [kept(face)]), { ...check, secret });
    const created = await a.postRoll(m, "publicroll");
    await settle();
    const r = await desk(a).send({ type: "rolled", lake, round: 1, messageId: created.id! });
    await settle();
    expect(r).toEqual({ ok: true, value: { counted: true } });
    expect(pending(t, lake).totals.f1).toEqual({ total: face + MOD, natural: face });
    expect(pending(t, lake).draws!.f1!.secret).toBe(secret);
  });

  test("a GM's roll for a player is the GM's call: counted on a fair lake without a draw", async () => {
    const { t, lake } = await fairTable();
    const r = await gmDesk(t.gm).rollFor(lake, "f1");
    await settle();
    expect(r.ok).toBe(true);
    expect(pending(t, lake).totals.f1).toBeDefined();
    expect(pending(t, lake).draws).toBeUndefined();
  });

  test("a lake without fair dice trusts the rolling client as before, and refuses a draw", async () => {
    const { t, lake, a } = await fairTable(false);
    const { reply } = await draw(a, anaCheck(lake), "1d20");
    expect(reply).toMatchObject({ ok: false, error: { code: "fairOff" } });
    const { reply: counted } = await post(t, a, lake, survival(t, d20Terms(1, [], [kept(20)])));
    expect(counted).toMatchObject({ ok: true });
    expect(pending(t, lake).totals.f1).toEqual({ total: 20 + MOD, natural: 20 });
  });
});

describe("fair dice: every console attack is refused, the GM told why, nothing changed", () => {
  /** Posts a forged check; asserts the refusal, the GM's line and an unchanged round. */
  async function refused(
    t: PlayerTable,
    lake: string,
    c: PlayerClient,
    m: MessageLike,
    reason: string,
    data: Record<string, string> = {},
  ) {
    const before = structuredClone(pending(t, lake));
    const alerts = t.gm.alertLog.length;
    const { created, reply } = await post(t, c, lake, m);
    expect(reply, reason).toMatchObject({ ok: false, error: { code: "unfairRoll" } });
    expect(pending(t, lake), reason).toEqual(before);
    expect(t.gm.alertLog.length, reason).toBe(alerts + 1);
    expect(t.gm.alertLog.at(-1), reason).toContain(created.id!);
    expect(t.gm.alertLog.at(-1), reason).toContain(
      strictLocalize(`KOLIKOLY.Players.Refusal.${reason}`, { fisher: "Ana", ...data }),
    );
    for (const p of t.players) expect(p.alerts, reason).toEqual([]);
    // the player reads why, in their language
    if (reply.ok) throw new Error(reason);
    expect(desk(c).errorText(reply.error)).toBe(
      strictLocalize("KOLIKOLY.Players.Error.unfairRoll"),
    );
  }

  test("a hand-written natural 20 with the true modifier, and manual entry: no fair secret", async () => {
    const { t, lake, a } = await fairTable();
    await refused(t, lake, a, survival(t, d20Terms(1, [], [kept(20)])), "fairMissing");
    // Foundry's manual method: the die typed in the roll resolver, never through the module
    const manual = survival(t, [
      { ...die(20, [kept(20)], { cls: "Die" }), method: "manual" },
      ...plus(MOD),
    ]);
    await refused(t, lake, a, manual, "fairMissing");
  });

  test("a roll posted before the GM's part of the dice: no draw", async () => {
    const { t, lake, a } = await fairTable();
    const check = anaCheck(lake);
    const secret = randomHex(64);
    // the client makes up a nonce of its own and rolls from it
    const face = new FairStream(secret, randomHex(32), check).face(20);
    await refused(
      t,
      lake,
      a,
      survival(t, d20Terms(1, [], [kept(face)]), { ...check, secret }),
      "fairNoDraw",
    );
  });

  test("the drawn secret with a hand-written natural 20, and the drawn dice reordered", async () => {
    const { t, lake, a } = await fairTable();
    const check = anaCheck(lake);
    const { secret, reply } = await draw(a, check, "2d20kh");
    if (!reply.ok) throw new Error("draw");
    const s = new FairStream(secret, reply.value.nonce, check);
    const [x, y] = [s.face(20), s.face(20)];
    const reveal = { ...check, secret };
    // a natural 20 (or 19, 18) in the first die's place, where the fair dice gave another face
    const forged = [20, 19, 18].find((n) => n !== x && n !== y)!;
    const hi = Math.max(forged, y);
    const lo = Math.min(forged, y);
    const results = forged > y ? [kept(hi), dropped(lo)] : [dropped(lo), kept(hi)];
    await refused(t, lake, a, survival(t, d20Terms(2, ["kh"], results), reveal), "fairDice", {
      claimed: `1: ${forged}`,
      known: String(x),
    });
    if (x !== y) {
      // the fair dice in the other order: the same faces, not the fair roll
      const swapped = y > x ? [kept(y), dropped(x)] : [dropped(y), kept(x)];
      await refused(t, lake, a, survival(t, d20Terms(2, ["kh"], swapped), reveal), "fairDice", {
        claimed: `1: ${y}`,
        known: String(x),
      });
    }
    // and the honest roll still counts afterwards
    // keep-highest keeps the later of two equal faces (DiceTerm._keepOrDrop)
    const honest = x > y ? [kept(x), dropped(y)] : [dropped(x), kept(y)];
    const { reply: ok } = await post(t, a, lake, survival(t, d20Terms(2, ["kh"], honest), reveal));
    expect(ok).toMatchObject({ ok: true });
    expect(pending(t, lake).totals.f1).toEqual({
      total: Math.max(x, y) + MOD,
      natural: Math.max(x, y),
    });
  });

  test("advantage added after the dice were drawn for a plain roll: another shape", async () => {
    const { t, lake, a } = await fairTable();
    const check = anaCheck(lake);
    const { secret, reply } = await draw(a, check, "1d20");
    if (!reply.ok) throw new Error("draw");
    const s = new FairStream(secret, reply.value.nonce, check);
    const [x, y] = [s.face(20), s.face(20)];
    const results = x > y ? [kept(x), dropped(y)] : [dropped(x), kept(y)];
    await refused(
      t,
      lake,
      a,
      survival(t, d20Terms(2, ["kh"], results), { ...check, secret }),
      "fairShape",
      { claimed: "2d20kh", known: "1d20" },
    );
  });

  test("a secret from an earlier round, or from another fisher's draw", async () => {
    const { t, lake, a, b } = await fairTable();
    // round 1: Ana rolls honestly and it counts; the GM resolves
    const c1 = anaCheck(lake, 1);
    const one = await draw(a, c1, "1d20");
    if (!one.reply.ok) throw new Error("draw");
    const f1 = new FairStream(one.secret, one.reply.value.nonce, c1).face(20);
    await post(t, a, lake, survival(t, d20Terms(1, [], [kept(f1)]), { ...c1, secret: one.secret }));
    await gmDesk(t.gm).enterTotal(lake, "f2", 12, 8);
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    // round 2: Ana tracks again; the round-1 roll, secret and all, posted again
    expect(
      await desk(a).declare({
        lake,
        fisher: "f1",
        round: 2,
        declaration: { action: "track", target: [1, 1, 0] },
      }),
    ).toMatchObject({ ok: true });
    expect(await gmDesk(t.gm).lock(lake)).toMatchObject({ ok: true });
    const old = survival(t, d20Terms(1, [], [kept(f1)]), { ...c1, secret: one.secret });
    const post2 = async (m: MessageLike) => {
      const before = structuredClone(pending(t, lake));
      const created = await a.postRoll(m, "publicroll");
      await settle();
      const reply = await desk(a).send({ type: "rolled", lake, round: 2, messageId: created.id! });
      await settle();
      expect(pending(t, lake)).toEqual(before);
      return reply;
    };
    expect(await post2(old)).toMatchObject({ ok: false, error: { code: "unfairRoll" } });
    expect(t.gm.alertLog.at(-1)).toContain(strictLocalize("KOLIKOLY.Players.Refusal.fairOther"));
    // the old secret relabelled for round 2, after a genuine round-2 draw: not the committed one
    const c2 = anaCheck(lake, 2);
    const two = await draw(a, c2, "1d20");
    if (!two.reply.ok) throw new Error("draw");
    const f2 = new FairStream(one.secret, two.reply.value.nonce, c2).face(20);
    expect(
      await post2(survival(t, d20Terms(1, [], [kept(f2)]), { ...c2, secret: one.secret })),
    ).toMatchObject({ ok: false, error: { code: "unfairRoll" } });
    expect(t.gm.alertLog.at(-1)).toContain(strictLocalize("KOLIKOLY.Players.Refusal.fairSecret"));
    // Bo's player draws for Ana's fisher: not an owner, and told nothing of Ana's check
    const theirs = await draw(b, c2, "1d20");
    expect(theirs.reply).toMatchObject({ ok: false, error: { code: "notOwner" } });
  });

  test("a second roll after seeing the first: no second draw, the GM is told; withheld, it counts as a natural 1", async () => {
    const { t, lake, a } = await fairTable();
    const check = anaCheck(lake);
    const first = await draw(a, check, "1d20");
    if (!first.reply.ok) throw new Error("draw");
    const seen = new FairStream(first.secret, first.reply.value.nonce, check).face(20);
    expect(seen).toBeGreaterThan(0);
    // the player does not like it and asks again, with another secret (and another shape)
    const alerts = t.gm.alertLog.length;
    const again = await draw(a, check, "1d20");
    expect(again.reply).toMatchObject({ ok: false, error: { code: "alreadyDrawn" } });
    const other = await draw(a, check, "2d20kh");
    expect(other.reply).toMatchObject({ ok: false, error: { code: "alreadyDrawn" } });
    expect(t.gm.alertLog.length).toBeGreaterThan(alerts);
    expect(t.gm.alertLog.at(-1)).toContain("Ana");
    for (const p of t.players) expect(p.alerts).toEqual([]);
    // a roll from the second secret is not the committed one
    const s2 = new FairStream(again.secret, first.reply.value.nonce, check).face(20);
    const m = survival(t, d20Terms(1, [], [kept(s2)]), { ...check, secret: again.secret });
    const created = await a.postRoll(m, "publicroll");
    await settle();
    expect(
      await desk(a).send({ type: "rolled", lake, round: 1, messageId: created.id! }),
    ).toMatchObject({
      ok: false,
      error: { code: "unfairRoll" },
    });
    // the GM's panel says why Ana's check is missing, and what the round will count
    const loaded = await t.gm.runtime!.host.load(lake);
    if (!loaded.ok) throw new Error("load");
    const panel = panelContext(
      loaded.value.session,
      pending(t, lake),
      loaded.value.pub,
      strictLocalize,
    );
    expect(panel.fishers[0]!.fair).toMatch(
      new RegExp(`^Fair dice drawn at .+, no roll yet\\. .*natural 1 \\(total ${1 + MOD}\\)`),
    );
    expect(panel.fishers[1]!.fair).toBe("");
    // the round resolves without Ana's roll: her withheld check is the worst roll
    await gmDesk(t.gm).enterTotal(lake, "f2", 12, 8);
    expect(await gmDesk(t.gm).resolve(lake, 1)).toMatchObject({ ok: true });
    const r0 = record(t, lake).rounds[0]!;
    const check0 = r0.rolls.find((r) => r.key.startsWith("check") && r.key.includes("f1"));
    expect(check0).toMatchObject({ total: 1 + MOD, natural: 1 });
    const exported = await t.gm.runtime!.host.exportScenario(lake);
    if (!exported.ok) throw new Error("export");
    const a0 = exported.value.rounds[0]!.actions.f1 as {
      total?: number;
      natural?: number;
      fair?: object;
    };
    expect(a0).toMatchObject({ total: 1 + MOD, natural: 1 });
    expect(a0.fair).toMatchObject({ withheld: true, lake, round: 1, shape: "1d20" });
    const verified = verifyScenario(JSON.parse(JSON.stringify(exported.value)));
    if (!verified.ok) throw new Error(verified.error.message);
    expect(verified.checks.find((c) => c.fisher === "f1")?.verdict).toBe("withheld");
    // the round card says so, on every client
    await settle();
    const card = t.players[1]
      .messageList()
      .map((m) => cardFlagOf(m.flags))
      .find((f) => f?.kind === "round" && f.round === 1)!;
    expect(
      fairProofLines(
        card.fair!,
        lake,
        1,
        () => undefined,
        (id) => (id === "f1" ? "Ana" : id),
        strictLocalize,
      ),
    ).toEqual([
      {
        fisher: "f1",
        ok: true,
        text: strictLocalize("KOLIKOLY.Players.FairProof.Withheld", { fisher: "Ana" }),
      },
    ]);
  });

  test("draws the protocol refuses: before the lock, for a fisher with no check, malformed", async () => {
    const t = await makePlayerTable({ system: "dnd5e" });
    clients = [t.gm, t.gm2, ...t.players];
    dnd5eActors(t, []);
    const lake = await lakeOn(t, undefined, undefined, true);
    const a = t.players[0];
    expect((await draw(a, anaCheck(lake), "1d20")).reply).toMatchObject({
      ok: false,
      error: { code: "notLocked" },
    });
    await desk(t.players[1]).declare({
      lake,
      fisher: "f2",
      round: 1,
      declaration: { action: "catch" },
    });
    await gmDesk(t.gm).lock(lake);
    expect((await draw(a, anaCheck(lake), "1d20")).reply).toMatchObject({
      ok: false,
      error: { code: "noCheck" },
    });
    for (const [field, bad] of [
      ["commit", { commit: "zz" }],
      ["shape", { shape: "1d20; alert(1)" }],
    ] as const) {
      const base = { type: "draw", lake, round: 1, fisher: "f1" };
      const r = await desk(a).send({
        ...base,
        ...{ commit: "a".repeat(64), shape: "1d20" },
        ...bad,
      } as never);
      expect(r, field).toMatchObject({ ok: false, error: { code: "badIntent", field } });
    }
    expect(pending(t, lake).draws).toBeUndefined();
  });
});

describe("fair dice on the round card", () => {
  test("the list goes under the card's content once, each line marked by what it found", () => {
    const dom = new JSDOM(
      `<li class="chat-message"><div class="message-content"><p>card</p></div></li>`,
    );
    const html = dom.window.document.querySelector<HTMLElement>(".chat-message")!;
    const lines = [
      { fisher: "f1", ok: true, text: "Ana: every die (2) is the fair one." },
      { fisher: "f2", ok: false, text: "Bo: not the fair roll." },
    ];
    appendFairProof(html, "Fair dice, checked on your screen:", lines);
    appendFairProof(html, "Fair dice, checked on your screen:", lines);
    const box = html.querySelectorAll(".message-content .kolikoly-card-fair");
    expect(box).toHaveLength(1);
    expect([...box[0]!.querySelectorAll("li")].map((li) => [li.className, li.textContent])).toEqual(
      [
        ["kolikoly-fair-ok", "Ana: every die (2) is the fair one."],
        ["kolikoly-fair-bad", "Bo: not the fair roll."],
      ],
    );
  });
});
