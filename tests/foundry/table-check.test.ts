/**
 * Issue 10 item 1 through the behavioural fake: every client counts the GM store traffic it holds
 * from init, the table check asks every connected client for it, and a leak is a persistent error
 * on every GM client. The fake server's `storeBroadcast` decides whether players' clients are sent
 * the store's changes ("filtered": GMs only; "everyone").
 */
import { describe, expect, test } from "vitest";
import { viewFor } from "../../src/rules/index.ts";
import { QUERY, TEMPLATE_ROOT } from "../../src/foundry/core/constants.ts";
import {
  LeakWatch,
  contentDigest,
  packOfResponse,
  storeContentKind,
} from "../../src/foundry/core/leak-watch.ts";
import { STORE_FORMAT } from "../../src/foundry/core/store/sealed.ts";
import type { TableReport } from "../../src/foundry/core/table-check.ts";
import { LEAK_SETTING, leakOf, parseAnswer } from "../../src/foundry/core/table-check.ts";
import { tableCheckContext } from "../../src/foundry/apps/table-check-context.ts";
import { TABLE_CHECK_TEMPLATE } from "../../src/foundry/apps/table-check-dialog.ts";
import { leakBanner } from "../../src/foundry/apps/table-check-context.ts";
import { FakeClient, renderTemplateFile, strictLocalize } from "./fake/client.ts";
import type { Table } from "./fake/world.ts";
import { makeTable, randomDeclaration, rngFor } from "./fake/world.ts";
import type { Cipher } from "../../src/foundry/core/store/sealed.ts";

/** A cipher that seals nothing (the control: the store's revisions go out readable). */
const SEE_THROUGH: Cipher = { seal: (_k, _a, plain) => plain, open: (_k, _a, s) => s };

/** A table with a second, assistant GM connected: the warning must reach every GM client. */
async function tableWithTwoGms(storeBroadcast: "filtered" | "everyone") {
  const t = await makeTable({ seed: 5 });
  t.server.storeBroadcast = storeBroadcast;
  const second = new FakeClient(t.server, t.server.addUser("Assistant", 3), 9);
  await second.connect();
  return { ...t, gm2: second };
}

async function playRounds(t: Table, rounds: number): Promise<string> {
  const host = t.gm.runtime!.host;
  const made = await host.createLake({
    sceneId: t.sceneId,
    name: "Mirror lake",
    lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
    origin: { col: 1, row: 1 },
    fishers: t.tokenIds.map((tokenId, i) => ({ tokenId, at: [i, 0, 0] as const })),
    seed: 3,
  });
  if (!made.ok) throw new Error(made.error.code);
  const id = made.value.id;
  for (let r = 0; r < rounds; r++) {
    const s = host.cached(id)!;
    const rng = rngFor(40 + r);
    for (const f of s.state.fishers) {
      const d = randomDeclaration(viewFor(s.state, { fisher: f.id }), f.id, rng);
      if (d) await host.setDeclaration(id, f.id, d);
    }
    const res = await host.resolveRound(id);
    if (!res.ok) throw new Error(res.error.code);
  }
  return id;
}

/** Lets every query and setting broadcast started by the last round land. */
async function settle(ms = 100): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
}

function rowOf(report: TableReport, userId: string) {
  const row = report.rows.find((r) => r.userId === userId);
  if (!row) throw new Error(`no row for ${userId}`);
  return row;
}

describe("the leak watch (issue 10 item 1)", () => {
  test("counts a modifyDocument response naming the GM store once, even when Foundry replays it at ready", () => {
    const watch = new LeakWatch("world.kolikoly-gm-store", {
      sizes: () => ({ index: 2, cache: 1 }),
    });
    const told: unknown[] = [];
    watch.onTraffic = (t) => told.push(t);
    // v13 DocumentSocketResponse data: {type, action, operation: {pack}, result, userId}
    const store = {
      type: "JournalEntry",
      action: "create",
      operation: { pack: "world.kolikoly-gm-store" },
      result: [],
      userId: "u",
    };
    const other = { type: "Scene", action: "update", operation: {}, result: [], userId: "u" };
    expect(watch.receive(store)).toBe(true);
    expect(watch.receive(store)).toBe(false); // the buffered replay of the same event
    expect(watch.receive(other)).toBe(false);
    expect(watch.receive([{ ...store }])).toBe(true); // an array of responses (a batch)
    expect(watch.traffic()).toEqual({ socket: 2, index: 2, cache: 1, sealed: 0, readable: 0 });
    expect(told).toHaveLength(1);
    expect(packOfResponse({ request: { operation: { pack: "p" } } })).toBe("p");
    expect(packOfResponse("modifyDocument")).toBeUndefined();
  });

  test("issue 20 item 12: each store document is sorted by what it holds, and readable ones are proven by digest", () => {
    const watch = new LeakWatch("world.kolikoly-gm-store", {
      sizes: () => ({ index: 0, cache: 0 }),
    });
    const header = {
      format: STORE_FORMAT,
      lakeId: "lake1",
      sceneId: "s1",
      rev: 2,
      key: "k",
      parts: [],
      rounds: 0,
      endedByGm: false,
    };
    const cipherText = btoa(
      String.fromCharCode(...Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256)),
    );
    const plainText = btoa(JSON.stringify({ pending: { actions: { f1: { action: "catch" } } } }));
    const sealed = { revision: { ...header, sealed: cipherText } };
    const seeThrough = { revision: { ...header, rev: 3, sealed: plainText } };
    const plainRecord = { record: { lakeId: "lake1" } };
    expect(storeContentKind(sealed)).toBe("sealed");
    expect(storeContentKind(seeThrough)).toBe("readable");
    expect(storeContentKind(plainRecord)).toBe("readable");
    expect(storeContentKind({ other: 1 })).toBeUndefined();
    watch.receive({
      operation: { pack: "world.kolikoly-gm-store" },
      result: [
        { _id: "d1", name: "lake1@2", flags: { "kolikoly-fishing": sealed } },
        { _id: "d2", name: "lake1@3", flags: { "kolikoly-fishing": seeThrough } },
      ],
    });
    expect(watch.traffic()).toMatchObject({ socket: 1, sealed: 1, readable: 1 });
    expect(watch.proofs()).toEqual([{ id: "d2", digest: contentDigest(seeThrough) }]);
  });

  test("a client's answer is taken only when every field has its type", () => {
    const good = {
      version: "0.1.0",
      adapter: "dnd5e",
      queries: [QUERY.check],
      traffic: { socket: 0, index: 0, cache: 0, sealed: 0, readable: 0 },
      proofs: [],
    };
    expect(parseAnswer(good)).toEqual(good);
    expect(parseAnswer({ ...good, traffic: { socket: -1, index: 0, cache: 0 } })).toBeUndefined();
    expect(parseAnswer({ ...good, queries: [1] })).toBeUndefined();
    expect(parseAnswer("ok")).toBeUndefined();
    expect(leakOf({})).toBeUndefined();
    expect(leakOf({ at: 5, users: [{ id: "a", name: "A" }] })).toEqual({
      at: 5,
      users: [{ id: "a", name: "A" }],
      proofs: [],
    });
    // a proof is an id and a sha256: anything else makes the whole answer nonsense
    expect(parseAnswer({ ...good, proofs: [{ id: "x", digest: "zz" }] })).toBeUndefined();
  });
});

describe("the table check in the behavioural fake (issue 10 item 1)", () => {
  test("store writes filtered to GMs: 0 store traffic on every player's client, every client answers, nothing recorded", async () => {
    const t = await tableWithTwoGms("filtered");
    await playRounds(t, 3);
    await settle();
    const r = await t.gm.runtime!.table.run();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.rows).toHaveLength(4);
    for (const p of t.players) {
      const row = rowOf(r.value, p.userId);
      expect(row.answer?.traffic).toEqual({
        socket: 0,
        index: 0,
        cache: 0,
        sealed: 0,
        readable: 0,
      });
      expect(row.leak).toBe(false);
    }
    // GM clients hold the store by right, and answer no one their counts (issue 19: they would
    // tell a player asking when another player declared)
    expect(rowOf(r.value, t.gm2.userId).answer!.traffic).toEqual({
      socket: 0,
      index: 0,
      cache: 0,
      sealed: 0,
      readable: 0,
    });
    expect(rowOf(r.value, t.gm2.userId).leak).toBe(false);
    for (const row of r.value.rows) {
      expect(row.missing, `${row.name}: query handlers`).toEqual([]);
      expect(row.versionDiffers).toBe(false);
    }
    expect(r.value.leak).toBe(false);
    expect(r.value.problems).toBe(false);
    expect(leakOf(t.gm.setting(LEAK_SETTING))).toBeUndefined();
    for (const c of [t.gm, t.gm2, ...t.players]) expect(c.notifications).toEqual([]);
  });

  test("issue 20 item 12: sealed store writes sent to everyone are told for what they are, and raise no alarm", async () => {
    const t = await tableWithTwoGms("everyone");
    await playRounds(t, 1);
    await settle(200);
    // the players' clients hold sealed revisions and index entries: no leak, no permanent error
    expect(leakOf(t.gm.setting(LEAK_SETTING))).toBeUndefined();
    for (const c of [t.gm, t.gm2, ...t.players]) expect(c.notifications).toEqual([]);
    const r = await t.gm.runtime!.table.run();
    if (!r.ok) throw new Error(r.error.code);
    expect(r.value).toMatchObject({ leak: false, problems: false });
    for (const p of t.players) {
      const row = rowOf(r.value, p.userId);
      expect(row).toMatchObject({ exposure: "sealed", leak: false, unverified: false });
      expect(row.answer!.traffic.socket).toBeGreaterThan(0);
      expect(row.answer!.traffic.index).toBeGreaterThan(0);
      expect(row.answer!.traffic.sealed).toBeGreaterThan(0);
      expect(row.answer!.traffic.readable).toBe(0);
    }
    // the window says what a player learns and what stays secret
    const ctx = tableCheckContext(r.value, strictLocalize);
    const note = ctx.notes.find((n) => n.userId === t.players[0].userId)!.text;
    expect(note).toMatch(/^Ana's player's client received \d+ sealed revisions of the GM store: /);
    expect(note).toContain("it can count the GM's writes, see when they were made");
    expect(note).toContain("Declarations, totals, rolls and the hidden lake stay secret");
    expect(ctx.summary).toBe(
      "4 clients answered; no readable GM store content on any player's client.",
    );
  });

  test("readable store content sent to everyone (the control: a see-through cipher): the players' clients report it, the check confirms it, and every GM client shows a permanent error", async () => {
    const t = await tableWithTwoGms("everyone");
    t.gm.runtime!.host.store.cipher = SEE_THROUGH;
    await playRounds(t, 1);
    await settle(200);
    const leak = leakOf(t.gm.setting(LEAK_SETTING));
    expect(leak?.users.map((u) => u.id).sort()).toEqual(t.players.map((p) => p.userId).sort());
    expect(leak?.proofs.length).toBeGreaterThan(0);
    for (const gm of [t.gm, t.gm2]) {
      const errors = gm.notifications.filter((n) => n.type === "error" && n.permanent);
      expect(errors.length, "a permanent error on each GM client").toBeGreaterThan(0);
      expect(errors.at(-1)!.message).toContain("Ana's player");
      expect(errors.at(-1)!.message).toContain("Bo's player");
      expect(errors.at(-1)!.message).toContain("readable GM store content");
    }
    for (const p of t.players) expect(p.notifications).toEqual([]);
    const r = await t.gm.runtime!.table.run();
    if (!r.ok) throw new Error(r.error.code);
    for (const p of t.players) {
      const row = rowOf(r.value, p.userId);
      expect(row).toMatchObject({ exposure: "readable", leak: true });
      expect(row.answer!.traffic.readable).toBeGreaterThan(0);
    }
    // it survives a reload: the GM is told again at ready, until a GM dismisses it
    const before = t.gm2.notifications.length;
    await t.gm2.reload();
    expect(t.gm2.notifications.length).toBeGreaterThan(before);
    expect((await t.players[0].runtime!.table.dismiss()).ok).toBe(false);
    expect((await t.gm2.runtime!.table.dismiss()).ok).toBe(true);
    await settle();
    expect(t.gm.runtime!.table.leak()).toBeUndefined();
    const shown = t.gm.notifications.length;
    await t.gm.reload();
    expect(t.gm.notifications.length).toBe(shown);
  });

  test("a client that does not answer in time, and one without the check's handler, are shown as silent", async () => {
    const t = await makeTable();
    const [ana, bo] = t.players;
    ana.answerQuery = () => new Promise(() => undefined); // a frozen tab
    const answer = bo.answerQuery.bind(bo);
    bo.answerQuery = (name, data, options) =>
      name === QUERY.check
        ? Promise.reject(new Error(`Query '${name}' timed out`))
        : answer(name, data, options);
    t.gm.runtime!.table.timeoutMs = 60;
    const r = await t.gm.runtime!.table.run();
    if (!r.ok) throw new Error(r.error.code);
    expect(rowOf(r.value, ana.userId)).toMatchObject({ silence: "timeout", leak: false });
    expect(rowOf(r.value, bo.userId)).toMatchObject({ silence: "refused", leak: false });
    expect(r.value.problems).toBe(true);
    expect((await ana.runtime!.table.run()).ok, "a player may not run the check").toBe(false);
  });

  test("the table's window names the leaking player and marks the row (the real template)", async () => {
    const report: TableReport = {
      at: 0,
      version: "0.1.0",
      assumptions: [],
      leak: true,
      problems: true,
      rows: [
        {
          userId: "g",
          name: "Gamemaster",
          role: 4,
          isGM: true,
          answer: {
            version: "0.1.0",
            adapter: "dnd5e",
            queries: Object.values(QUERY),
            traffic: { socket: 4, index: 2, cache: 2, sealed: 2, readable: 0 },
            proofs: [],
          },
          missing: [],
          exposure: "none",
          leak: false,
          unverified: false,
          versionDiffers: false,
        },
        {
          userId: "a",
          name: "Ana's player",
          role: 1,
          isGM: false,
          answer: {
            version: "0.0.9",
            adapter: "dnd5e",
            queries: [QUERY.check],
            traffic: { socket: 3, index: 1, cache: 1, sealed: 0, readable: 1 },
            proofs: [{ id: "d1", digest: "0".repeat(64) }],
          },
          missing: [QUERY.news],
          exposure: "readable",
          leak: true,
          unverified: false,
          versionDiffers: true,
        },
        {
          userId: "b",
          name: "Bo's player",
          role: 2,
          isGM: false,
          silence: "timeout",
          missing: [],
          exposure: "none",
          leak: false,
          unverified: false,
          versionDiffers: false,
        },
      ],
    };
    const html = renderTemplateFile(
      TABLE_CHECK_TEMPLATE,
      tableCheckContext(report, strictLocalize),
    );
    expect(html).toContain("Leak: readable GM store content reached Ana&#x27;s player");
    expect(html).toMatch(/<td class="kolikoly-exposure kolikoly-bad">Readable<\/td>/);
    expect(html).toMatch(/<tr data-user="a" class="kolikoly-leak">/);
    expect(html).toMatch(/<tr data-user="b" class=" kolikoly-silent">/);
    expect(html).toContain("No answer in time");
    expect(html).toContain("Missing: news");
  });

  test("the GM panel shows a recorded leak as a banner with Dismiss, and offers the table check", () => {
    const leak = { at: 0, users: [{ id: "a", name: "Ana's player" }], proofs: [] };
    const html = renderTemplateFile(`${TEMPLATE_ROOT}/gm-panel.hbs`, {
      lake: null,
      leak: leakBanner(leak, strictLocalize),
    });
    expect(html).toMatch(/class="kolikoly-leak-banner" role="alert"/);
    expect(html).toContain(
      "Readable GM store content reached a player&#x27;s client: Ana&#x27;s player",
    );
    expect(html).toContain('data-action="dismissLeak"');
    expect(html).toContain('data-action="tableCheck"');
    const quiet = renderTemplateFile(`${TEMPLATE_ROOT}/gm-panel.hbs`, { lake: null, leak: null });
    expect(quiet).not.toContain("kolikoly-leak-banner");
  });
});
