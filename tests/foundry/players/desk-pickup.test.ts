/**
 * K6: the roll pick-up of the players' desk (players/desk.ts `pickUp`, issue 10 item 4), against
 * a host and a port built by hand with two lakes, each with an open roll card: which card counts
 * a roll, which refuses it and why, and what the player's reply and the GM are told. The same
 * behaviours end to end are tests/foundry/players/integrity.test.ts.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import { GmDesk } from "../../../src/foundry/players/desk.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import type { PickedRoll } from "../../../src/foundry/systems/types.ts";
import { newGame } from "../../../src/rules/index.ts";
import { coreRollOf } from "../../fixtures/systems/core-roll.ts";

type Msg = {
  id: string;
  author?: string;
  whisper?: string[];
  rolls?: unknown[];
  flags?: Record<string, unknown>;
  picked?: PickedRoll;
};

/**
 * Lakes l1 and l2, each in round 1 with Ana's fisher f1 declared (a catch on l1, a move on l2:
 * another check), both locked unless `unlocked` names them; Ana owns actor a1.
 */
function table(o: { unlocked?: string[]; owners?: Record<string, string[]> } = {}) {
  const messages: Msg[] = [];
  const totals: unknown[][] = [];
  const updated: [string, unknown][] = [];
  const alerts: string[] = [];
  const lake = (id: string, action: string) => ({
    session: {
      state: newGame({
        seed: 1,
        lake: { width: 2, height: 2, levels: 1, verticalAdjacency: true },
        // the set-up's modifiers: what the desk bounds a roll by
        fishers: [
          { id: "f1", at: [0, 0, 0], mods: { attack: 3, stealth: 3 } },
          { id: "f2", at: [1, 1, 0], mods: { attack: 3, stealth: 3 } },
        ],
        squares: [],
      }),
    },
    pub: {
      name: id,
      fishers: [
        { id: "f1", name: "Ana", actorId: "a1" },
        { id: "f2", name: "Bo", actorId: "a2" },
      ],
    },
    record: {
      pending: {
        locked: !o.unlocked?.includes(id),
        actions: { f1: { action }, f2: { action: "catch" } },
        totals: {} as Record<string, unknown>,
      },
      setup: { fishers: [] },
    },
  });
  const lakes: Record<string, ReturnType<typeof lake>> = {
    l1: lake("l1", "catch"),
    l2: lake("l2", "move"),
  };
  const host = {
    isAuthority: () => true,
    settled: async () => undefined,
    load: async (id: string) =>
      lakes[id]
        ? { ok: true, value: lakes[id] }
        : { ok: false, error: { code: "unknownLake", field: "lake", message: "" } },
    alias: () => (s: string) => s,
    setTotal: async (lakeId: string, fisher: string, total: unknown) => {
      totals.push([lakeId, fisher, total]);
      (lakes[lakeId]!.record.pending.totals as Record<string, unknown>)[fisher] = total;
      return { ok: true, value: true };
    },
  };
  const port = {
    users: () => [
      { id: "gm", isGM: true },
      { id: "ana", isGM: false },
      { id: "bo", isGM: false },
    ],
    ownersOf: (actor: string) => (o.owners ?? { a1: ["ana"], a2: ["bo"] })[actor] ?? [],
    messageList: () => messages,
    message: (id: string) => messages.find((m) => m.id === id),
    on: () => undefined,
    updateMessage: async (id: string, data: unknown) => void updated.push([id, data]),
    localize: (k: string, data?: object) => (data ? `${k} ${JSON.stringify(data)}` : k),
    hasKey: () => true,
    alertGm: (text: string) => void alerts.push(text),
    render: async () => "<card>",
    actor: (id: string) => ({ id }),
  };
  const adapter = {
    readMessage: (m: Msg) => m.picked,
    // the sheet as the player may have edited it: never the bound
    mods: () => ({ attack: 99, stealth: 99 }),
  };
  const keys = { sender: async (raw: { as?: string }) => raw.as };
  const desk = new GmDesk(port as never, host as never, keys as never, () => adapter as never);
  const card = (id: string, lakeId: string, round = 1, rows = ["f1", "f2"]) =>
    void messages.push({
      id,
      author: "gm",
      flags: {
        [MODULE_ID]: {
          kind: "checks",
          lake: lakeId,
          round,
          rows: rows.map((fisher) => ({ fisher, status: "waiting" })),
        },
      },
    });
  /** Ana's attack roll, 1d20 + 3 showing 12, as a system adapter picks it up. */
  const roll = (id: string, over: Partial<Msg> = {}): Msg => {
    const m: Msg = {
      id,
      author: "ana",
      rolls: [coreRollOf("1d20 + 3", [12])],
      picked: { actorId: "a1", kind: "attack", total: 15, natural: 12 },
      ...over,
    };
    messages.push(m);
    return m;
  };
  const rowsOf = (cardId: string) =>
    updated
      .filter(([id]) => id === cardId)
      .map(([, d]) => (d as { flags: Record<string, { rows: unknown }> }).flags[MODULE_ID]!.rows);
  return { desk, messages, totals, updated, alerts, card, roll, rowsOf };
}

afterEach(() => void vi.restoreAllMocks());

const refusal = (code: string) => ({
  ok: false,
  error: { code, field: "messageId", message: code },
});

describe("K6 GmDesk#pickUp: which open card counts a roll", () => {
  test("a card that refuses the roll (another check on its lake) does not keep the card that counts it from counting it", async () => {
    const t = table();
    t.card("card2", "l2");
    t.card("card1", "l1");
    const m = t.roll("r1");
    expect(await t.desk.pickUp(m as never)).toMatchObject({ ok: true, value: { total: 15 } });
    expect(t.totals).toEqual([["l1", "f1", { total: 15, natural: 12 }]]);
    expect(t.rowsOf("card1")).toEqual([
      [
        { fisher: "f1", status: "rolled" },
        { fisher: "f2", status: "waiting" },
      ],
    ]);
    expect(t.rowsOf("card2")).toEqual([]);
  });

  test("a card of a lake that does not load, of another round or of a round not locked counts nothing, nor one without the fisher's row; the right one does", async () => {
    const t = table({ unlocked: ["l2"] });
    t.card("gone", "l9");
    t.card("later", "l1", 2);
    t.card("open", "l2");
    const alone = t.roll("r0");
    // no card wants it: not a check, nothing written, the GM not told
    expect(await t.desk.pickUp(alone as never)).toBeUndefined();
    expect([t.totals, t.updated, t.alerts]).toEqual([[], [], []]);
    t.card("card1", "l1");
    const m = t.roll("r1");
    expect(await t.desk.pickUp(m as never)).toMatchObject({ ok: true });
    expect(t.totals).toEqual([["l1", "f1", { total: 15, natural: 12 }]]);
    expect(t.updated.map(([id]) => id)).toEqual(["card1"]);
    // the round's card without a row for Ana's fisher
    const u = table();
    u.card("othersRow", "l1", 1, ["f2"]);
    expect(await u.desk.pickUp(u.roll("r2") as never)).toBeUndefined();
    expect(u.totals).toEqual([]);
  });

  test("refusals reach the player as a code on the message: another check, a check already counted, a reroll", async () => {
    const other = table();
    other.card("card2", "l2");
    expect(await other.desk.pickUp(other.roll("r1") as never)).toEqual(refusal("wrongCheck"));
    const t = table();
    t.card("card1", "l1");
    expect(await t.desk.pickUp(t.roll("r2") as never)).toMatchObject({ ok: true });
    expect(await t.desk.pickUp(t.roll("r3") as never)).toEqual(refusal("alreadyRolled"));
    const again = t.roll("r4", {
      picked: { actorId: "a1", kind: "attack", total: 15, natural: 12, reroll: true },
    });
    expect(await t.desk.pickUp(again as never)).toEqual(refusal("rerolled"));
  });

  test("a self roll whispered to its player alone is refused; one whispered to the GM too, or a GM's own, counts", async () => {
    const t = table({ owners: { a1: ["ana", "gm"] } });
    t.card("card1", "l1");
    expect(await t.desk.pickUp(t.roll("self", { whisper: ["ana"] }) as never)).toEqual(
      refusal("selfRoll"),
    );
    expect(await t.desk.pickUp(t.roll("toGm", { whisper: ["gm"] }) as never)).toMatchObject({
      ok: true,
    });
    const u = table({ owners: { a1: ["ana", "gm"] } });
    u.card("card1", "l1");
    expect(await u.desk.pickUp(u.roll("both", { whisper: ["ana", "gm"] }) as never)).toMatchObject({
      ok: true,
    });
    const w = table({ owners: { a1: ["ana", "gm"] } });
    w.card("card1", "l1");
    expect(
      await w.desk.pickUp(w.roll("gmSelf", { author: "gm", whisper: ["gm"] }) as never),
    ).toMatchObject({ ok: true });
  });

  test("a roll before its card is refused and the GM told; one the chat does not list yet is not read", async () => {
    const t = table();
    const early = t.roll("early");
    t.card("card1", "l1");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await t.desk.pickUp(early as never)).toEqual(refusal("beforeCard"));
    expect(t.alerts).toHaveLength(1);
    // the GM's console: which message, whose fisher, why, and no detail where there is none
    expect(warn).toHaveBeenCalledWith(
      "kolikoly-fishing | refused the roll in chat message early for Ana: beforeCard",
    );
    const unlisted: Msg = {
      id: "unlisted",
      author: "ana",
      rolls: [coreRollOf("1d20 + 3", [12])],
      picked: { actorId: "a1", kind: "attack", total: 15, natural: 12 },
    };
    expect(await t.desk.pickUp(unlisted as never)).toBeUndefined();
    expect(t.totals).toEqual([]);
  });

  test("a roll above the fisher's modifier is refused, and the GM shown both numbers", async () => {
    const t = table();
    t.card("card1", "l1");
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const high = t.roll("high", {
      rolls: [coreRollOf("1d20 + 9", [12])],
      picked: { actorId: "a1", kind: "attack", total: 21, natural: 12 },
    });
    expect(await t.desk.pickUp(high as never)).toEqual({
      ok: false,
      error: { code: "unverifiableRoll", field: "messageId", message: "aboveModifier" },
    });
    expect(t.alerts).toHaveLength(1);
    const told = JSON.parse(t.alerts[0]!.replace("KOLIKOLY.Players.Refused ", "")) as object;
    const data = { claimed: "+9", known: "+3", fisher: "Ana" };
    expect(told).toEqual({
      fisher: "Ana",
      lake: "l1",
      message: "high",
      reason: `KOLIKOLY.Players.Refusal.aboveModifier ${JSON.stringify(data)}`,
    });
    expect(t.totals).toEqual([]);
  });

  test("a self roll by an owner the table no longer lists is refused like any self roll", async () => {
    const t = table({ owners: { a1: ["ana", "gone"] } });
    t.card("card1", "l1");
    const m = t.roll("ghost", { author: "gone", whisper: ["gone"] });
    expect(await t.desk.pickUp(m as never)).toEqual(refusal("selfRoll"));
  });

  test("a roll card is never read as a roll; nothing is read off the active GM's client", async () => {
    const t = table();
    t.card("card1", "l1");
    const card = t.messages[0]!;
    card.picked = { actorId: "a1", kind: "attack", total: 15, natural: 12 };
    expect(await t.desk.pickUp(card as never)).toBeUndefined();
    expect(t.totals).toEqual([]);
  });
});
