/**
 * Requests that meet a change under way land in the round or turn their sender saw, or are
 * refused: the guards the hosts hold inside a game's queue (core/authority.ts), each pinned by a
 * test that fails when the guard is taken out.
 * - K5, K6: a declaration that reaches the GM while the round is being locked is either in the
 *   locked round (and on its roll card) or refused: never in the record and off the card.
 * - K5: a declaration for a round that resolves meanwhile is refused, never kept for the next.
 * - J2: undoing a Kayanak turn in play takes back that turn only, not the last finished one.
 * - J2: a step or an end from a fisher whose turn it is not is refused, whoever sends it.
 */
import { describe, expect, test } from "vitest";
import { hop } from "./fake/client.ts";
import { checksFlagOf } from "../../src/foundry/players/desk.ts";
import { lakeOn, makePlayerTable } from "./players/fake-players.ts";
import { ask, board } from "./kayanak/fixtures.ts";

async function hops(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await hop();
}

describe("K5, K6: a declaration meeting the lock", () => {
  test("over every interleaving, a declaration sent as the GM locks is on the roll card or refused, never in the record off the card", async () => {
    const outcomes = new Set<string>();
    for (let delay = -12; delay < 12; delay++) {
      const t = await makePlayerTable({ generation: delay % 2 ? 14 : 13 });
      const lake = await lakeOn(t);
      const host = t.gm.runtime!.host;
      expect((await host.setDeclaration(lake, "f2", { action: "catch" }, 1)).ok).toBe(true);
      // Ana's declaration and the GM's lock, `delay` socket trips apart (either first)
      const declare = () =>
        t.players[0].wiring!.player.declare({
          lake,
          fisher: "f1",
          round: 1,
          declaration: { action: "catch" },
        });
      let declaring: ReturnType<typeof declare>;
      let locking: ReturnType<NonNullable<typeof t.gm.wiring>["gm"]["lock"]>;
      if (delay < 0) {
        declaring = declare();
        await hops(-delay);
        locking = t.gm.wiring!.gm.lock(lake);
      } else {
        locking = t.gm.wiring!.gm.lock(lake);
        await hops(delay);
        declaring = declare();
      }
      const declared = await declaring;
      const locked = await locking;
      expect(locked.ok).toBe(true);
      await hops(6);
      const l = await host.load(lake);
      if (!l.ok) throw new Error(l.error.code);
      const card = t.gm.messageList().find((m) => checksFlagOf(m)?.lake === lake);
      const rows = checksFlagOf(card!)!.rows.map((r) => r.fisher);
      const inRecord = Object.keys(l.value.record.pending.actions).sort();
      // the record and the card agree, and Ana's reply tells the truth about which it is
      expect(inRecord).toEqual([...rows].sort());
      expect(declared.ok).toBe(inRecord.includes("f1"));
      if (!declared.ok) expect(["locked", "staleRound"]).toContain(declared.error.code);
      outcomes.add(declared.ok ? "in" : declared.error.code);
    }
    // both outcomes happen: the interleavings reach both sides of the lock
    expect([...outcomes].sort()).toEqual(["in", "locked"]);
  }, 120_000);

  test("through the API, a declaration queued behind the lock is refused: the round is closed", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    const host = t.gm.runtime!.host;
    const card = { content: "", flags: {} };
    const locking = host.lockRound(lake, 1, card);
    const declaring = host.setDeclaration(lake, "f1", { action: "catch" }, 1);
    expect((await locking).ok).toBe(true);
    expect(await declaring).toMatchObject({ ok: false, error: { code: "locked" } });
    const l = await host.load(lake);
    expect(l.ok && l.value.record.pending.actions).toEqual({});
  });
});

describe("K5: a declaration meeting the resolution", () => {
  test("a declaration for a round that resolves meanwhile is refused, and the next round holds nothing of it", async () => {
    const t = await makePlayerTable();
    const lake = await lakeOn(t);
    const host = t.gm.runtime!.host;
    expect((await host.setDeclaration(lake, "f2", { action: "catch" }, 1)).ok).toBe(true);
    // the resolution is under way when a declaration for round 1 comes (queued behind it)
    const resolving = host.resolveRound(lake, 1);
    const late = host.setDeclaration(lake, "f1", { action: "catch" }, 1);
    expect((await resolving).ok).toBe(true);
    expect(await late).toMatchObject({ ok: false, error: { code: "staleRound", field: "round" } });
    const l = await host.load(lake);
    if (!l.ok) throw new Error(l.error.code);
    expect(l.value.session.state.round).toBe(1);
    expect(l.value.record.pending.actions).toEqual({});
  });

  test("from a player's client: sent as the GM resolves, the declaration never lands in the next round", async () => {
    for (let delay = 0; delay < 12; delay++) {
      const t = await makePlayerTable();
      const lake = await lakeOn(t);
      const host = t.gm.runtime!.host;
      expect((await host.setDeclaration(lake, "f2", { action: "catch" }, 1)).ok).toBe(true);
      const resolving = host.resolveRound(lake, 1);
      await hops(delay);
      const r = await t.players[0].wiring!.player.declare({
        lake,
        fisher: "f1",
        round: 1,
        declaration: { action: "catch" },
      });
      await resolving;
      const l = await host.load(lake);
      if (!l.ok) throw new Error(l.error.code);
      const round1 = l.value.session.log.some(
        (e) => e.round === 1 && e.type === "declared" && e.fisher === "f1",
      );
      // in round 1 (it came before the resolution read the record), or refused: never round 2
      expect(Object.keys(l.value.record.pending.actions)).toEqual([]);
      expect(r.ok).toBe(round1);
    }
  }, 60_000);
});

describe("J2: Kayanak turns under concurrent requests", () => {
  test("J2 undoing the turn in play takes back that turn only; the last finished turn stays", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    const [pa, pb] = t.players;
    // Ana's turn 1, finished; Bo's turn 2 rolled and in play
    expect((await ask(pa, id, "f1", 0, { kind: "roll" })).ok).toBe(true);
    const after1 = await t.gm.runtime!.kayanak.load(id);
    if (!after1.ok) throw new Error("no board");
    if (after1.value.record.pending.turn)
      expect((await ask(pa, id, "f1", 0, { kind: "end" })).ok).toBe(true);
    expect((await ask(pb, id, "f2", 1, { kind: "roll" })).ok).toBe(true);
    const inPlay = await t.gm.runtime!.kayanak.load(id);
    if (!inPlay.ok) throw new Error("no board");
    const finished = inPlay.value.record.rounds.length;
    expect(finished).toBe(1);
    const u = await t.gm.runtime!.kayanak.undoTurn(id);
    expect(u).toEqual({ ok: true, value: { turn: 1 } });
    const l = await t.gm.runtime!.kayanak.load(id);
    if (!l.ok) throw new Error("no board");
    expect(l.value.record.rounds.length).toBe(1);
    expect(l.value.record.pending.turn).toBeUndefined();
    expect(l.value.state.turn).toBe(1);
  });

  test("J2 a step or an end from a fisher whose turn it is not is refused, by their player or the GM; the turn in play stays", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    const [pa, pb] = t.players;
    expect((await ask(pa, id, "f1", 0, { kind: "roll" })).ok).toBe(true);
    const before = await t.gm.runtime!.kayanak.load(id);
    if (!before.ok) throw new Error("no board");
    // the fixture's board (seed 3): Ana's dice leave her steps to take, so her turn is in play
    expect(before.value.record.pending.turn?.fisher).toBe("f1");
    const requests = t.server.requests.length;
    for (const request of [{ kind: "end" }, { kind: "step", step: { move: [1, 0] } }]) {
      expect(await ask(pb, id, "f2", 0, request)).toMatchObject({
        ok: false,
        error: { code: "notYourTurn" },
      });
      expect(await t.gm.runtime!.kayanak.request(id, "f2", request as never, 0)).toMatchObject({
        ok: false,
        error: { code: "notYourTurn" },
      });
    }
    expect(t.server.requests.length).toBe(requests);
    const after = await t.gm.runtime!.kayanak.load(id);
    if (!after.ok) throw new Error("no board");
    expect(after.value.record.pending.turn).toEqual(before.value.record.pending.turn);
    expect(after.value.record.rounds.length).toBe(0);
  });

  test("J2 two requests sent at once for the same turn: the second is refused, never played on the next turn", async () => {
    const t = await makePlayerTable();
    const id = await board(t);
    const [pa] = t.players;
    const first = ask(pa, id, "f1", 0, { kind: "roll" });
    const second = ask(pa, id, "f1", 0, { kind: "roll" });
    const [a, b] = await Promise.all([first, second]);
    expect(a.ok).toBe(true);
    expect(b.ok).toBe(false);
    if (!b.ok) expect(["diceRolled", "staleTurn"]).toContain(b.error.code);
  });
});
