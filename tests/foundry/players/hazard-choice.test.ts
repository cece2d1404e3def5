/**
 * Issue 12 item 2, H4 in Foundry: when a hazard hits and the choice is open, the fisher's owner
 * chooses HP or the effect during resolution (a targeted query from the active GM), the GM may
 * choose for them from a window, and with no answer the lake's default applies after the world's
 * time-out. The answer is recorded with the round, so undo, reload and export replay exactly; the
 * round card tells every outcome; no other player is asked or learns anything private.
 */
import { afterEach, describe, expect, test } from "vitest";
import { HOOK, MODULE_ID, QUERY } from "../../../src/foundry/core/constants.ts";
import { eventLine } from "../../../src/foundry/fishing/cards.ts";
import type { AwaitedChoice, ChoiceView } from "../../../src/foundry/fishing/hazard-choice.ts";
import { parseChoiceQuery } from "../../../src/foundry/fishing/hazard-choice.ts";
import { publicLakeOf } from "../../../src/foundry/fishing/projection.ts";
import type { GameEvent, Hazard, HazardChoice, RollRecord } from "../../../src/rules/index.ts";
import { forcedLayer, playScenario } from "../../../src/rules/index.ts";
import { JSDOM } from "jsdom";
import { CHOICE_TEMPLATE } from "../../../src/foundry/apps/hazard-choice-dialog.ts";
import { renderTemplateFile, strictLocalize } from "../fake/client.ts";
import { findLeaks } from "../fake/secrecy.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { lakeOn, makePlayerTable } from "./fake-players.ts";
import { settleClients } from "./actors.ts";

const SEIZE: Hazard = {
  id: "turtle",
  name: "Old snapping turtle",
  flavour: "Jaws close on a boot.",
  size: 2,
  hp: 16,
  mod: 1,
  attacks: "hand",
  aim: "seize",
};

/** Ana (f1) moves into [1,0,0], which is bad; the turtle hits her for 3 (she has 10 HP). */
const HIT = {
  "check:f1": [10],
  "explore:1,0,0": [1],
  "hazard:f1": [1],
  "hazardAttack:f1": [25],
  "hazardDamage:f1": [3],
};

let clients: PlayerClient[] = [];
afterEach(() => {
  clients = [];
});

async function table(generation: 13 | 14 = 13): Promise<PlayerTable> {
  const t = await makePlayerTable({ generation });
  clients = [t.gm, t.gm2, ...t.players];
  return t;
}

const setting = (t: PlayerTable, key: string, value: unknown) =>
  t.server.setWorldSetting(`${MODULE_ID}.${key}`, value);

const lake = (t: PlayerTable) => lakeOn(t, { hazards: [SEIZE] });

/** The GM client's dice, these rolls forced (every other die is Foundry's). */
function force(gm: PlayerClient, rolls: Record<string, number[]>): void {
  const table = new Map(Object.entries(rolls).map(([k, v]) => [k, v.map((total) => ({ total }))]));
  gm.forcedDice = (base) => forcedLayer(base, table);
}

async function declareMove(t: PlayerTable, lakeId: string): Promise<void> {
  const r = await t.players[0].wiring!.player.declare({
    lake: lakeId,
    fisher: "f1",
    round: 1,
    declaration: { action: "move", to: [1, 0, 0] },
  });
  expect(r).toMatchObject({ ok: true });
}

/**
 * H4's question coming: a lake where Ana declares a Move into a square whose hazard hits (the
 * GM's dice forced), with `timeout` seconds to choose.
 */
async function hitComing(
  timeout: number,
  generation?: 13 | 14,
): Promise<{ t: PlayerTable; lakeId: string }> {
  const t = await table(generation);
  setting(t, "hazardChoiceTimeout", timeout);
  const lakeId = await lake(t);
  await declareMove(t, lakeId);
  force(t.gm, HIT);
  return { t, lakeId };
}

/** Who made each choice, as the kolikoly.hazardChoice hook told the GM's client. */
function choicesMade(gm: PlayerClient): { fisher: string; choice: HazardChoice; by: string }[] {
  return gm.hooks.fired
    .filter((h) => h.name === HOOK.hazardChoice)
    .map((h) => h.args[0] as { fisher: string; choice: HazardChoice; by: string });
}

function hazardEvent(t: PlayerTable, lakeId: string) {
  const log = t.gm.runtime!.host.cached(lakeId)!.log;
  return log.find((e): e is Extract<GameEvent, { type: "hazard" }> => e.type === "hazard")!;
}

/** The round card of round 1 as a client draws it (its own language, from the public events). */
async function roundCard(c: PlayerClient, lakeId: string): Promise<string> {
  const m = c
    .messages()
    .find(
      (x) =>
        (x.flags[MODULE_ID] as { kind?: string; lake?: string; round?: number } | undefined)
          ?.kind === "round" && (x.flags[MODULE_ID] as { lake?: string }).lake === lakeId,
    );
  return m ? c.shown(m) : "";
}

/** The recorded answer of the round (the GM record, opened as a GM would). */
function recorded(t: PlayerTable, lakeId: string): RollRecord | undefined {
  return t.server.truth.store
    .get(lakeId)!
    .rounds[0]!.rolls.find((r) => r.key === "hazardChoice:f1");
}

/** Nothing a player received holds anything secret (fake/secrecy.ts). */
function noLeaks(t: PlayerTable, lakeId: string): void {
  const session = t.gm.runtime!.host.cached(lakeId)!;
  const names = (id: string) => ({ f1: "Ana", f2: "Bo" })[id] ?? id;
  t.players.forEach((c, i) => {
    expect(
      findLeaks(c.received, {
        state: session.state,
        log: session.log,
        owned: [`f${i + 1}`],
        names,
      }),
    ).toEqual([]);
  });
}

/** The choice questions a client was sent. */
const asked = (c: PlayerClient) =>
  c.received.filter(
    (p) =>
      p.channel === "query" &&
      p.name === QUERY.hazardChoice &&
      (p.data as { type?: string }).type === "ask",
  );

describe("H4 in Foundry: the owner chooses HP or the effect", () => {
  for (const generation of [13, 14] as const)
    test(`v${generation}: a player chooses HP; nothing is written while the question is open`, async () => {
      const { t, lakeId } = await hitComing(10, generation);
      const [ana, bo] = t.players;
      t.gm.chooser = () => undefined; // the GM waits for the player
      let click!: (c: HazardChoice) => void;
      ana.chooser = () => new Promise((r) => (click = r));
      const resolving = t.gm.runtime!.host.resolveRound(lakeId, 1);
      await until(() => ana.choiceWindows.length === 1);
      // the question is open: the round is not written anywhere yet
      expect(t.server.truth.store.get(lakeId)!.rounds).toHaveLength(0);
      expect(t.server.truth.messages.filter((m) => m.flags[MODULE_ID])).toHaveLength(0);
      const view: ChoiceView = ana.choiceWindows[0]!.view;
      expect(view).toMatchObject({
        role: "player",
        fisher: "f1",
        fallback: "hp",
        // H4: the question names the square where the turtle struck, Ana's own
        question: "Old snapping turtle hits Ana at [1,0,0] for 3 damage; Ana has 10 HP.",
        hpLabel: "Lose 3 HP (7 left)",
        aimLabel: "Take the effect: be seized and lose the next action",
        status: "If you do not choose, the GM may choose for you.",
      });
      // the GM sees the question too, with who was asked
      expect(t.gm.choiceWindows[0]!.view).toMatchObject({
        role: "gm",
        question: "Old snapping turtle hits Ana at [1,0,0] for 3 damage; Ana has 10 HP.",
        status: "Asked: Ana's player. You may choose for them.",
      });
      click("hp");
      const r = await resolving;
      expect(r).toMatchObject({ ok: true, value: { round: 1 } });
      await settleClients(clients);
      expect(choicesMade(t.gm)).toEqual([
        expect.objectContaining({ fisher: "f1", choice: "hp", by: "player" }),
      ]);
      expect(t.gm.choiceWindows[0]!.open).toBe(false);
      expect(hazardEvent(t, lakeId)).toMatchObject({ took: "hp", damage: 3, hp: 7 });
      expect(recorded(t, lakeId)).toEqual({ key: "hazardChoice:f1", total: 1 });
      // the round card, on the other player's client: the hit, the HP lost and left
      const card = await roundCard(bo, lakeId);
      expect(card).toContain("Ana meets Old snapping turtle.");
      expect(card).toContain("It attacks (25 against 9) and hits.");
      expect(card).toContain("Ana takes 3 damage: 7 HP left.");
      // only Ana's player was asked; Bo's client got no question
      expect(asked(ana)).toHaveLength(1);
      expect(asked(bo)).toEqual([]);
      noLeaks(t, lakeId);
    });

  test("a player chooses the effect: the card says so, and the state is the aim's", async () => {
    const { t, lakeId } = await hitComing(10);
    t.gm.chooser = () => undefined;
    t.players[0].chooser = () => "aim";
    expect(await t.gm.runtime!.host.resolveRound(lakeId, 1)).toMatchObject({ ok: true });
    await settleClients(clients);
    expect(choicesMade(t.gm)).toMatchObject([{ choice: "aim", by: "player" }]);
    expect(hazardEvent(t, lakeId)).toMatchObject({ took: "aim", effect: "seized" });
    const ana = t.gm.runtime!.host.cached(lakeId)!.state.fishers[0]!;
    expect(ana).toMatchObject({ hp: 10, lostActions: 1, lostReason: "seized" });
    expect(recorded(t, lakeId)).toEqual({ key: "hazardChoice:f1", total: 2 });
    const card = await roundCard(t.players[1], lakeId);
    expect(card).toContain("Ana keeps the HP (3 damage) and takes the effect.");
    expect(card).toContain("Seized: the next action is lost.");
    noLeaks(t, lakeId);
  });

  test("an absent player: the GM's window says so, and after the time-out the lake's default applies", async () => {
    const t = await table();
    setting(t, "hazardChoiceTimeout", 0.2);
    // the world's default for new lakes: take the effect (the lake keeps its copy)
    setting(t, "hazardChoiceDefault", "aim");
    const lakeId = await lake(t);
    setting(t, "hazardChoiceDefault", "hp");
    await declareMove(t, lakeId);
    force(t.gm, HIT);
    t.players[0].disconnect();
    t.gm.chooser = () => undefined;
    const started = Date.now();
    expect(await t.gm.runtime!.host.resolveRound(lakeId, 1)).toMatchObject({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(t.gm.choiceWindows[0]!.view).toMatchObject({
      status: "No player of Ana is connected: choose for them.",
      fallback: "aim",
      fallbackLabel: "With no answer: take the effect.",
    });
    expect(t.gm.choiceWindows[0]!.open).toBe(false);
    expect(t.gm.informed).toEqual([
      "No answer for Ana in 0.2 s: take the effect (the lake's default).",
    ]);
    expect(choicesMade(t.gm)).toMatchObject([{ choice: "aim", by: "default" }]);
    expect(hazardEvent(t, lakeId)).toMatchObject({ took: "aim" });
    expect(recorded(t, lakeId)).toEqual({ key: "hazardChoice:f1", total: 2 });
    expect(asked(t.players[1])).toEqual([]);
  });

  test("a player who does not answer in time: the default, and a late click changes nothing", async () => {
    const { t, lakeId } = await hitComing(0.2);
    t.gm.chooser = () => undefined;
    const ana = t.players[0];
    ana.chooser = () => new Promise((r) => setTimeout(() => r("aim"), 400));
    expect(await t.gm.runtime!.host.resolveRound(lakeId, 1)).toMatchObject({ ok: true });
    expect(choicesMade(t.gm)).toMatchObject([{ choice: "hp", by: "default" }]);
    await new Promise((r) => setTimeout(r, 450));
    await settleClients(clients);
    // her window lapsed (closed unanswered); the round stands as recorded
    expect(ana.choiceWindows[0]).toMatchObject({ open: false });
    expect(ana.choiceWindows[0]!.clicked).toBeUndefined();
    expect(hazardEvent(t, lakeId)).toMatchObject({ took: "hp", hp: 7 });
    expect(t.server.truth.store.get(lakeId)!.rounds).toHaveLength(1);
  });

  test("the GM chooses for a present player: the player's window closes, the GM's choice is recorded", async () => {
    const { t, lakeId } = await hitComing(10);
    const ana = t.players[0];
    ana.chooser = () => undefined; // at the table, not clicking
    t.gm.chooser = () => new Promise((r) => setTimeout(() => r("aim"), 30));
    expect(await t.gm.runtime!.host.resolveRound(lakeId, 1)).toMatchObject({ ok: true });
    await until(() => ana.choiceWindows[0]?.open === false);
    expect(ana.choiceWindows[0]!.clicked).toBeUndefined();
    expect(choicesMade(t.gm)).toMatchObject([{ choice: "aim", by: "gm" }]);
    expect(hazardEvent(t, lakeId)).toMatchObject({ took: "aim", effect: "seized" });
    expect(recorded(t, lakeId)).toEqual({ key: "hazardChoice:f1", total: 2 });
    noLeaks(t, lakeId);
  });

  test("a time-out of 0 asks no one: the default at once", async () => {
    const { t, lakeId } = await hitComing(0);
    expect(await t.gm.runtime!.host.resolveRound(lakeId, 1)).toMatchObject({ ok: true });
    expect(t.gm.choiceWindows).toEqual([]);
    expect(asked(t.players[0])).toEqual([]);
    expect(choicesMade(t.gm)).toMatchObject([{ choice: "hp", by: "default" }]);
  });

  test("the recorded choice replays exactly: the export, the GM's reload, undo and the round played again", async () => {
    const { t, lakeId } = await hitComing(10);
    t.gm.chooser = () => undefined;
    t.players[0].chooser = () => "aim";
    expect(await t.gm.runtime!.host.resolveRound(lakeId, 1)).toMatchObject({ ok: true });
    const session = t.gm.runtime!.host.cached(lakeId)!;
    // the export forces the answer by its key, as any roll
    const exported = await t.gm.runtime!.host.exportScenario(lakeId);
    if (!exported.ok) throw new Error(exported.error.code);
    expect(exported.value.rounds[0]!.rolls?.["hazardChoice:f1"]).toEqual([2]);
    const replayed = playScenario(JSON.parse(JSON.stringify(exported.value)));
    if (!replayed.ok) throw new Error(replayed.error.message);
    expect(replayed.session.log).toEqual(session.log);
    expect({ ...replayed.session.state, rng: null }).toEqual({ ...session.state, rng: null });
    // the GM reloads: the session rebuilt from the record is the same
    await t.gm.reload();
    const again = await t.gm.runtime!.host.load(lakeId);
    if (!again.ok) throw new Error(again.error.code);
    expect(again.value.session.log).toEqual(session.log);
    // undo puts the declaration back; the round resolved again asks again (here: HP)
    force(t.gm, HIT);
    t.gm.chooser = () => undefined;
    t.players[0].chooser = () => "hp";
    expect(await t.gm.runtime!.host.undoRound(lakeId)).toMatchObject({ ok: true });
    expect(await t.gm.runtime!.host.resolveRound(lakeId, 1)).toMatchObject({ ok: true });
    expect(hazardEvent(t, lakeId)).toMatchObject({ took: "hp", hp: 7 });
    expect(recorded(t, lakeId)).toEqual({ key: "hazardChoice:f1", total: 1 });
  });

  test("a forged question or close from another player shows nothing it should not", async () => {
    const t = await table();
    setting(t, "hazardChoiceTimeout", 10);
    const lakeId = await lake(t);
    const [ana, bo] = t.players;
    // Bo asks Ana's client about Bo's own fisher: not hers, no window
    const forged = {
      type: "ask",
      id: "forged1",
      scene: t.sceneId,
      lake: lakeId,
      round: 1,
      fisher: "f2",
      facts: { hazard: "x", name: "X", aim: "seize", damage: 1, hp: 5, at: [1, 1, 0] },
      fallback: "hp",
      seconds: 5,
    };
    expect(await bo.query(t.userIds.a, QUERY.hazardChoice, forged)).toEqual({ choice: null });
    expect(ana.choiceWindows).toEqual([]);
    // malformed questions are refused by shape
    expect(parseChoiceQuery({ ...forged, seconds: 0 })).toBeUndefined();
    expect(parseChoiceQuery({ ...forged, fallback: "both" })).toBeUndefined();
    expect(
      parseChoiceQuery({ ...forged, facts: { ...forged.facts, damage: "3" } }),
    ).toBeUndefined();
    expect(parseChoiceQuery(forged)).toMatchObject({ facts: { at: [1, 1, 0] } });
    // H4: the square must be one a lake may have, [x, y, level] whole numbers on the board
    const { at: _at, ...noSquare } = forged.facts;
    for (const facts of [
      noSquare,
      { ...forged.facts, at: [1, 1] },
      { ...forged.facts, at: [1, 1, 0, 0] },
      { ...forged.facts, at: [-1, 1, 0] },
      { ...forged.facts, at: [1, 32, 0] },
      { ...forged.facts, at: [1, 1, 9] },
      { ...forged.facts, at: [1, 1.5, 0] },
      { ...forged.facts, at: "1,1,0" },
    ])
      expect(parseChoiceQuery({ ...forged, facts }), JSON.stringify(facts)).toBeUndefined();
    // a real question's window is closed only by its own id
    await declareMove(t, lakeId);
    force(t.gm, HIT);
    t.gm.chooser = () => new Promise((r) => setTimeout(() => r("hp"), 60));
    ana.chooser = () => undefined;
    const resolving = t.gm.runtime!.host.resolveRound(lakeId, 1);
    await until(() => ana.choiceWindows.length === 1);
    await bo.query(t.userIds.a, QUERY.hazardChoice, { type: "settled", id: "guessed" });
    expect(ana.choiceWindows[0]!.open).toBe(true);
    expect(await resolving).toMatchObject({ ok: true });
  });

  test("H4 a question recorded by an older version, without its square, is asked of no one: the standing choice", async () => {
    const t = await table();
    setting(t, "hazardChoiceTimeout", 10);
    const lakeId = await lake(t);
    t.gm.chooser = () => "aim";
    t.players[0].chooser = () => "aim";
    const pub = publicLakeOf(t.gm.scene(t.sceneId)!, lakeId)!;
    const choice = await t.gm.runtime!.host.choices.ask(
      {
        id: "old1",
        key: "hazardChoice:f1",
        round: 1,
        fisher: "f1",
        facts: { hazard: "turtle", name: "Old snapping turtle", aim: "seize", damage: 3, hp: 10 },
        fallback: "hp",
        seconds: 10,
        deadline: Date.now() + 10_000,
      } as unknown as AwaitedChoice,
      { lakeId, round: 1, pub },
    );
    expect(choice).toBe("hp");
    expect(t.gm.choiceWindows).toEqual([]);
    expect(asked(t.players[0])).toEqual([]);
    expect(t.gm.informed).toEqual(["No answer for Ana in 10 s: lose the HP (the lake's default)."]);
  });
});

/** The export of a lake replays to exactly the session the GM's client holds. */
async function replaysExactly(t: PlayerTable, lakeId: string): Promise<void> {
  const session = t.gm.runtime!.host.cached(lakeId)!;
  const exported = await t.gm.runtime!.host.exportScenario(lakeId);
  if (!exported.ok) throw new Error(exported.error.code);
  const replayed = playScenario(JSON.parse(JSON.stringify(exported.value)));
  if (!replayed.ok) throw new Error(replayed.error.message);
  expect(replayed.session.log).toEqual(session.log);
  expect({ ...replayed.session.state, rng: null }).toEqual({ ...session.state, rng: null });
}

/** Bo's declaration for the round on screen (his fisher f2 moves one square). */
const boDeclares = (t: PlayerTable, lakeId: string) =>
  t.players[1].wiring!.player.declare({
    lake: lakeId,
    fisher: "f2",
    round: 1,
    declaration: { action: "move", to: [2, 1, 0] },
  });

describe("issue 20 item 9: a hazard choice holds up no one's request", () => {
  /**
   * Ana's client takes the question and never answers (a stalled query handler), the question
   * waits its 10 s; meanwhile Bo's requests are answered at once: his view says the round is
   * closed, his declaration is refused by name (the round under way waits for Ana's choice) and
   * changes nothing. Before this, both waited behind the lake's queue until the choice was made.
   */
  async function stalled(timeout: number) {
    const { t, lakeId } = await hitComing(timeout);
    t.players[0].stallQuery(QUERY.hazardChoice);
    t.players[1].wiring!.player.timeoutMs = 1_000;
    let gmClick!: (c: HazardChoice | undefined) => void;
    t.gm.chooser = () => new Promise((r) => (gmClick = r));
    const resolving = t.gm.runtime!.host.resolveRound(lakeId, 1);
    await until(() => t.gm.choiceWindows.length === 1);
    // the round so far is in the GM record, sealed; nothing public, the queue free
    await until(() => !!t.server.truth.store.get(lakeId)!.pending.awaiting);
    const started = Date.now();
    const declared = await boDeclares(t, lakeId);
    const view = await t.players[1].wiring!.player.view({ lake: lakeId, fisher: "f2" });
    const took = Date.now() - started;
    return {
      t,
      lakeId,
      resolving,
      gmClick: (c: HazardChoice | undefined) => gmClick(c),
      declared,
      view,
      took,
    };
  }

  test("H4 a player's declaration during the wait is answered at once, told why, and changes nothing", async () => {
    const { t, lakeId, resolving, gmClick, declared, view, took } = await stalled(10);
    expect(took).toBeLessThan(900);
    expect(declared).toMatchObject({
      ok: false,
      error: { code: "awaitingChoice", message: "Ana" },
    });
    if (declared.ok) throw new Error("accepted");
    expect(t.players[1].wiring!.player.errorText(declared.error)).toBe(
      "The GM is resolving the round and waiting for Ana's hazard choice; nothing was changed. Try again once the round card is posted.",
    );
    expect(view).toMatchObject({ ok: true, value: { round: 1, locked: true } });
    expect(t.server.truth.store.get(lakeId)!.pending.actions.f2).toBeUndefined();
    // the GM's own changes are refused the same way while the round waits
    expect(await t.gm.runtime!.host.undoRound(lakeId)).toMatchObject({
      ok: false,
      error: { code: "awaitingChoice" },
    });
    gmClick("aim");
    expect(await resolving).toMatchObject({ ok: true, value: { round: 1 } });
    await settleClients(clients);
    expect(choicesMade(t.gm)).toMatchObject([{ choice: "aim", by: "gm" }]);
    expect(hazardEvent(t, lakeId)).toMatchObject({ took: "aim", effect: "seized" });
    expect(recorded(t, lakeId)).toEqual({ key: "hazardChoice:f1", total: 2 });
    const rec = t.server.truth.store.get(lakeId)!;
    expect(rec.pending.awaiting).toBeUndefined();
    expect(rec.pendingBefore[0]).not.toHaveProperty("awaiting");
    // the round card is the whole round, its public rolls included
    const card = await roundCard(t.players[1], lakeId);
    expect(card).toContain("Ana keeps the HP (3 damage) and takes the effect.");
    await replaysExactly(t, lakeId);
    noLeaks(t, lakeId);
    // and round 2 takes Bo's declaration at once
    const next = await t.players[1].wiring!.player.declare({
      lake: lakeId,
      fisher: "f2",
      round: 2,
      declaration: { action: "move", to: [2, 1, 0] },
    });
    expect(next).toMatchObject({ ok: true });
  });

  test("H4 with no answer the time-out's default ends the round, exactly as recorded", async () => {
    const { t, lakeId, resolving, declared, took } = await stalled(0.4);
    expect(took).toBeLessThan(900);
    expect(declared).toMatchObject({ ok: false, error: { code: "awaitingChoice" } });
    expect(await resolving).toMatchObject({ ok: true, value: { round: 1 } });
    expect(choicesMade(t.gm)).toMatchObject([{ choice: "hp", by: "default" }]);
    expect(hazardEvent(t, lakeId)).toMatchObject({ took: "hp", damage: 3, hp: 7 });
    expect(recorded(t, lakeId)).toEqual({ key: "hazardChoice:f1", total: 1 });
    await replaysExactly(t, lakeId);
    // a GM reload rebuilds the same game from the record
    const session = t.gm.runtime!.host.cached(lakeId)!;
    await t.gm.reload();
    const again = await t.gm.runtime!.host.load(lakeId);
    if (!again.ok) throw new Error(again.error.code);
    expect(again.value.session.log).toEqual(session.log);
  });

  test("H4 a round left waiting by a GM's reload goes on from its record, dice unchanged", async () => {
    const { t, lakeId, declared } = await stalled(10);
    expect(declared).toMatchObject({ ok: false });
    const waiting = t.server.truth.store.get(lakeId)!.pending.awaiting!;
    expect(waiting.rolls.map((r) => r.key)).toContain("hazardAttack:f1");
    await t.gm.reload(); // the question's window is gone with the page
    t.gm.chooser = () => "hp";
    // nothing forced any more: the round goes on from the recorded answers, not from new dice
    t.gm.forcedDice = undefined;
    expect(await t.gm.runtime!.host.resolveRound(lakeId, 1)).toMatchObject({ ok: true });
    expect(hazardEvent(t, lakeId)).toMatchObject({ attack: 25, took: "hp", damage: 3, hp: 7 });
    expect(
      t.server.truth.store.get(lakeId)!.rounds[0]!.rolls.slice(0, waiting.rolls.length),
    ).toEqual(waiting.rolls);
    await replaysExactly(t, lakeId);
  });

  test("a request the GM cannot start before the player stops waiting is refused, never applied later", async () => {
    const t = await table();
    const lakeId = await lake(t);
    const bo = t.players[1].wiring!.player;
    bo.timeoutMs = 400;
    // the lake's queue busy for longer than Bo waits (a slow write, say)
    let free!: () => void;
    void t.gm.runtime!.host.authority.serial(lakeId, () => new Promise<void>((r) => (free = r)));
    const r = await boDeclares(t, lakeId);
    expect(r).toMatchObject({ ok: false, error: { code: "noReply" } });
    free();
    await t.gm.runtime!.host.settled(lakeId);
    await settleClients(clients);
    // the GM refused it when it reached the front of the queue: it did not land afterwards
    expect(t.server.truth.store.get(lakeId)!.pending.actions.f2).toBeUndefined();
    // in time, the same request is applied
    bo.timeoutMs = 10_000;
    expect(await boDeclares(t, lakeId)).toMatchObject({ ok: true });
    expect(t.server.truth.store.get(lakeId)!.pending.actions.f2).toBeDefined();
  });
});

describe("templates/foundry/hazard-choice.hbs", () => {
  test("the question, who else may answer, the default and the time left; names escaped", () => {
    const html = renderTemplateFile(CHOICE_TEMPLATE, {
      role: "player",
      fisher: "f1",
      question: "<b>Eel</b> hits Ana at [0,1,0] for 2 damage; Ana has 5 HP.",
      status: "If you do not choose, the GM may choose for you.",
      fallbackLabel: "With no answer: lose the HP.",
      left: "30 s left",
    });
    const doc = new JSDOM(html).window.document;
    const root = doc.querySelector(".kolikoly-hazard-choice")!;
    expect(root.getAttribute("data-fisher")).toBe("f1");
    expect(doc.querySelector(".kolikoly-hazard-choice__question")!.textContent).toBe(
      "<b>Eel</b> hits Ana at [0,1,0] for 2 damage; Ana has 5 HP.",
    );
    expect(doc.querySelector("b")).toBeNull();
    expect(doc.querySelector("[data-kolikoly-left]")!.getAttribute("role")).toBe("timer");
    expect(doc.querySelector("[data-kolikoly-left]")!.textContent).toBe("30 s left");
  });
});

describe("every hazard outcome in the card and the right whisper", () => {
  const names = (id: string) => ({ ana: "Ana" })[id] ?? id;
  const line = (e: Partial<Extract<GameEvent, { type: "hazard" }>>) =>
    eventLine(
      {
        type: "hazard",
        round: 1,
        audience: "all",
        fisher: "ana",
        at: [1, 0, 0],
        hazard: "h",
        name: "Lurker",
        mode: "size-and-wounds",
        avoided: false,
        ...e,
      } as GameEvent,
      names,
      strictLocalize,
    );

  test("a miss, HP lost, the effect taken, a wound with its save, and H2 system's unconscious", () => {
    expect(line({ attack: 9, defense: 12, hit: false })).toBe(
      "Ana meets Lurker. It attacks (9 against 12) and misses.",
    );
    expect(line({ attack: 14, defense: 12, hit: true, damage: 2, took: "hp", hp: 8 })).toBe(
      "Ana meets Lurker. It attacks (14 against 12) and hits. Ana takes 2 damage: 8 HP left.",
    );
    expect(
      line({ attack: 14, defense: 12, hit: true, damage: 2, took: "aim", effect: "thrown" }),
    ).toBe(
      "Ana meets Lurker. It attacks (14 against 12) and hits. Ana keeps the HP (2 damage) and takes the effect. Thrown to a nearby square.",
    );
    expect(
      line({
        attack: 20,
        defense: 12,
        hit: true,
        damage: 9,
        took: "wound",
        hp: 0,
        wound: "serious",
        save: 13,
        dc: 15,
        condition: "dying",
      }),
    ).toBe(
      "Ana meets Lurker. It attacks (20 against 12) and hits. 9 damage is more than Ana's HP: a serious wound, 0 HP left. Constitution save 13 against DC 15: dying.",
    );
    expect(
      line({
        mode: "system",
        attack: 16,
        defense: 15,
        hit: true,
        damage: 8,
        took: "hp",
        hp: 0,
        condition: "unconscious",
      }),
    ).toBe(
      "Ana meets Lurker. It attacks (16 against 15) and hits. Ana takes 8 damage: 0 HP left. Ana is unconscious.",
    );
    expect(line({ mode: "narrative" })).toBe("Ana meets Lurker.");
  });

  test("H6: a hazard avoided by Track is in the tracker's private note only", async () => {
    const t = await table();
    const lakeId = await lake(t);
    const r = await t.players[0].wiring!.player.declare({
      lake: lakeId,
      fisher: "f1",
      round: 1,
      declaration: { action: "track", target: [1, 0, 0] },
    });
    expect(r).toMatchObject({ ok: true });
    force(t.gm, { "check:f1": [9], "explore:1,0,0": [1], "hazard:f1": [1] });
    expect(await t.gm.runtime!.host.resolveRound(lakeId, 1)).toMatchObject({ ok: true });
    await settleClients(clients);
    const [ana, bo] = t.players;
    const note = ana
      .messages()
      .find((m) => (m.flags[MODULE_ID] as { kind?: string } | undefined)?.kind === "private")!;
    await until(async () =>
      (await ana.shown(note)).includes("A danger was avoided: Old snapping turtle."),
    );
    expect(await bo.shown(note)).not.toContain("Old snapping turtle");
    expect(JSON.stringify(bo.received)).not.toContain("Old snapping turtle");
    noLeaks(t, lakeId);
  });
});

async function until(ok: () => boolean | Promise<boolean>, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 5));
  }
}
