/**
 * Issue 19, "a secrecy checker that can see": the leak check (fake/secrecy.ts) judges what a
 * player's client receives by content, against the GM's truth. Each kind of leak is planted here,
 * in both games, by wrapping the module's own function or its writes within the test only, and
 * the check must fire on it; the same play without a plant shows none (the 1,000-round suites,
 * players/secrecy-*.test.ts, run the honest module through the same check).
 * - token: the swarm tokens drawn as if one unseen swarm were seen (projection.ts tokenOps);
 *   this very bug went unreported by the check the module had before, which compared the
 *   tokens' swarm ids with the engine's while the module writes its own (aliases.ts);
 * - flag: the scene's public lake (or board) flag carrying an unseen swarm (a covered hole);
 * - view answer: the GM's answer to a player's `view` query holding an unseen swarm (or a
 *   Kayanak answer holding a covered hole's fish);
 * - chat roll: the round card's rolls holding the dice only the GM may see (dice.ts
 *   foundryDriver's public rolls), or a Kayanak roll card's roll JSON holding a hole's fish;
 * - store field: a GM store document with a plain field beside its sealed part (a swarm, a
 *   covered hole, the round's declarations before the lock), on a server that sends the
 *   store's documents to every client.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import type * as Projection from "../../../src/foundry/fishing/projection.ts";
import type * as Dice from "../../../src/foundry/core/dice.ts";
import type * as KayanakBoard from "../../../src/foundry/kayanak/board.ts";
import type { GameState } from "../../../src/rules/index.ts";
import type { KayanakState } from "../../../src/rules/kayanak/index.ts";
import { holeOf } from "../../../src/rules/kayanak/index.ts";
import type { WriteOp } from "../../../src/foundry/core/port.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { GmDesk } from "../../../src/foundry/players/desk.ts";
import { openDoc } from "../../../src/foundry/core/store/sealed.ts";
import type { StoreDoc } from "../../../src/foundry/core/store/sealed.ts";
import { publicBoardOf } from "../../../src/foundry/kayanak/board.ts";
import type { BoardView } from "../../../src/foundry/kayanak/board.ts";
import { FakeClient } from "../fake/client.ts";
import type { Payload } from "../fake/server.ts";
import { SecrecyChecker } from "../fake/secrecy.ts";
import { rngFor } from "../fake/world.ts";
import { playSuite } from "../players/secrecy-suite.ts";
import type { PlayerClient, PlayerTable } from "../players/fake-players.ts";
import { makePlayerTable } from "../players/fake-players.ts";
import { settleClients } from "../players/actors.ts";
import { ask, board } from "../kayanak/fixtures.ts";

/** The plants switched on by a test, and the states the GM's module last drew from. */
const plants = vi.hoisted(() => ({
  token: false,
  roll: false,
  state: undefined as GameState | undefined,
  board: undefined as KayanakState | undefined,
}));

vi.mock("../../../src/foundry/fishing/projection.ts", async (importOriginal) => {
  const m = await importOriginal<typeof Projection>();
  return {
    ...m,
    tokenOps: (...a: Parameters<typeof m.tokenOps>) => {
      const state = a[2];
      plants.state = state;
      if (!plants.token) return m.tokenOps(...a);
      // the planted bug: the first unseen swarm drawn as if it were seen
      const i = state.swarms.findIndex((s) => !s.seen);
      const shown = {
        ...state,
        swarms: state.swarms.map((s, k) => (k === i ? { ...s, seen: true } : s)),
      };
      return m.tokenOps(a[0], a[1], shown, a[3], a[4], a[5]);
    },
  };
});

vi.mock("../../../src/foundry/core/dice.ts", async (importOriginal) => {
  const m = await importOriginal<typeof Dice>();
  return {
    ...m,
    foundryDriver: (port: Parameters<typeof m.foundryDriver>[0]) => {
      const d = m.foundryDriver(port);
      return {
        publicRolls: d.publicRolls,
        // the planted bug: every die kept for the round card, the GM's own too
        roll: (q: Parameters<typeof d.roll>[0]) =>
          d.roll(plants.roll && q.audience !== "all" ? { ...q, audience: "all" } : q),
      };
    },
  };
});

vi.mock("../../../src/foundry/kayanak/board.ts", async (importOriginal) => {
  const m = await importOriginal<typeof KayanakBoard>();
  return {
    ...m,
    publicBoardFor: (...a: Parameters<typeof m.publicBoardFor>) => {
      plants.board = a[1];
      return m.publicBoardFor(...a);
    },
  };
});

const realWrite = FakeClient.prototype.write;
const realHandle = GmDesk.prototype.handle;

/** Every write of a GM client goes through `edit` first (the module's writes, changed). */
function plantWrites(edit: (op: WriteOp, gm: FakeClient) => WriteOp): void {
  FakeClient.prototype.write = function (this: FakeClient, ops: readonly WriteOp[]) {
    return realWrite.call(this, this.me().isGM ? ops.map((o) => edit(o, this)) : ops);
  };
}

/** Every answer of the GM's players' query goes through `edit` first. */
function plantAnswers(
  edit: (raw: Record<string, unknown>, reply: unknown, desk: GmDesk) => unknown,
) {
  GmDesk.prototype.handle = async function (this: GmDesk, raw: unknown, options: unknown) {
    const reply = await realHandle.call(this, raw, options);
    return edit(raw as Record<string, unknown>, reply, this) as never;
  };
}

afterEach(() => {
  FakeClient.prototype.write = realWrite;
  GmDesk.prototype.handle = realHandle;
  plants.token = false;
  plants.roll = false;
});

const unseen = () => (plants.state?.swarms ?? []).filter((s) => !s.seen);
const facts = (s: readonly { at: readonly number[]; fish: number }[]) =>
  s.map((w) => ({ at: [...w.at], fish: w.fish }));
const covered = () =>
  (plants.board?.holes ?? []).flatMap((h, i) =>
    h.open ? [] : [{ at: holeOf(plants.board!.board, i), big: h.big, small: h.small }],
  );

/** A store revision with `extra` beside its sealed part. */
function storeField(op: WriteOp, extra: (doc: StoreDoc) => object): WriteOp {
  return op.kind === "store.put" ? { ...op, doc: { ...op.doc, ...extra(op.doc) } } : op;
}

const kinds = (leaks: readonly string[]) => leaks.map((l) => l.replace(/^.*?: /, "")).slice(0, 3);

describe("the secrecy check sees each planted leak: the fishing game", () => {
  test("token: one unseen swarm drawn for players is found by its square and count, 40 rounds", async () => {
    plants.token = true;
    const run = await playSuite("filtered", 40);
    const tokens = run.leaks.filter((l) => l.includes("a swarm token at"));
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens[0]).toMatch(/an unseen swarm's square \d,\d,\d \(\d+ fish\)/);
    console.log(`token plant: ${run.leaks.length} leaks in ${run.rounds} rounds`, kinds(tokens));
  }, 120_000);

  test("flag: the scene's public lake holding an unseen swarm's square and count", async () => {
    plantWrites((op) => {
      if (op.kind !== "scene.update") return op;
      const key = Object.keys(op.update).find((k) => k.startsWith(`flags.${MODULE_ID}.lakes.`));
      if (!key || !unseen().length) return op;
      const pub = (op.update as Record<string, object>)[key]!;
      return { ...op, update: { ...op.update, [key]: { ...pub, deep: facts(unseen()) } } };
    });
    const run = await playSuite("filtered", 20);
    expect(run.leaks.some((l) => /scene\.update.*fish at .*an unseen swarm's square/.test(l))).toBe(
      true,
    );
  }, 120_000);

  test("view answer: the GM's answer to a player's view query holding an unseen swarm", async () => {
    plantAnswers((raw, reply, desk) => {
      const r = reply as { ok: boolean; value?: { view: { swarms: object[] } } };
      if (raw.type !== "view" || !r.ok) return reply;
      const host = (desk as unknown as { host: { cached(id: string): { state: GameState } } }).host;
      const more = host.cached(raw.lake as string)!.state.swarms.filter((s) => !s.seen);
      const swarms = [...r.value!.view.swarms, ...more.map((s) => ({ ...s, id: "w0123456789ab" }))];
      return { ...r, value: { ...r.value, view: { ...r.value!.view, swarms } } };
    });
    const run = await playSuite("filtered", 10);
    expect(
      run.leaks.some((l) => /query kolikoly-fishing\.intent:reply.*an unseen swarm/.test(l)),
    ).toBe(true);
  }, 120_000);

  test("chat roll: the round card's rolls holding the dice only the GM may see (a swarm's flight)", async () => {
    plants.roll = true;
    const run = await playSuite("filtered", 40);
    const dice = run.leaks.filter((l) => l.includes("which only the GM may see"));
    expect(dice.length).toBeGreaterThan(0);
    expect(dice[0]).toMatch(/chat\.create.*rolls\[\d+\]: the die flee:/);
  }, 120_000);

  test("store field: a GM store document with a plain swarm beside its sealed part", async () => {
    plantWrites((op) => storeField(op, () => ({ swarms: facts(unseen()) })));
    const run = await playSuite("everyone", 10);
    expect(run.leaks.some((l) => /store\.put.*fish at .*an unseen swarm's square/.test(l))).toBe(
      true,
    );
  }, 120_000);

  test("store field: the round's declarations beside the sealed part, before the lock (K5)", async () => {
    plantWrites((op, gm) =>
      storeField(op, (doc) => {
        const key = gm.server.vault.get(doc.key);
        const pending = key ? openDoc(doc, key, gm.server.cipher).secret.pending : {};
        return { declared: (pending as { actions?: object }).actions ?? {} };
      }),
    );
    const run = await playSuite("everyone", 10);
    expect(run.leaks.some((l) => /declaring: .*store\.put.*'s declaration/.test(l))).toBe(true);
  }, 120_000);
});

/** A Kayanak game played by the players' requests, each request's payloads checked at once. */
async function playKayanak(
  generation: 13 | 14,
): Promise<{ leaks: string[]; requests: number; holes: number }> {
  const t: PlayerTable = await makePlayerTable({ generation });
  t.server.storeBroadcast = "everyone";
  const id = await board(t);
  await settleClients([t.gm, ...t.players]);
  const [pa, pb] = t.players;
  const checkers = new Map<PlayerClient, SecrecyChecker>([
    [pa, new SecrecyChecker()],
    [pb, new SecrecyChecker()],
  ]);
  const marks = new Map<PlayerClient, number>([
    [pa, 0],
    [pb, 0],
  ]);
  const leaks: string[] = [];
  let requests = 0;
  // the GM's truth: the board's state with the turn in play applied (KayanakHost#load)
  const look = async () => {
    const l = await t.gm.runtime!.kayanak.load(id);
    if (!l.ok) throw new Error(l.error.code);
    const k = l.value.state;
    for (const [i, c] of [pa, pb].entries()) {
      const got: Payload[] = c.received.slice(marks.get(c));
      marks.set(c, c.received.length);
      const truth = {
        state: { swarms: [] } as unknown as GameState,
        log: [],
        owned: [`f${i + 1}`],
        names: (x: string) => x,
        kayanak: k,
      };
      leaks.push(...checkers.get(c)!.check(got, truth, []));
    }
  };
  const view = (c: PlayerClient): BoardView => publicBoardOf(c.scene(t.sceneId)!, id)!.view;
  const send = async (c: PlayerClient, me: string, turn: number, request: object) => {
    requests++;
    const r = await ask(c, id, me, turn, request);
    await settleClients([t.gm, ...t.players]);
    await look();
    return r;
  };
  await look();
  const rng = rngFor(5);
  for (let guard = 0; guard < 400; guard++) {
    const v = view(t.gm);
    if (v.over || leaks.length > 20) break;
    const me = v.next!;
    const c = me === "f1" ? pa : pb;
    await send(c, me, v.turn, { kind: "roll" });
    for (let s = 0; s < 8; s++) {
      const now = view(c);
      if (now.turn !== v.turn || now.over || !now.inPlay) break;
      const f = now.fishers.find((x) => x.id === me)!;
      const near = now.holes.filter(
        (h) => Math.abs(h.at[0] - f.at[0]) + Math.abs(h.at[1] - f.at[1]) === 1,
      );
      const face = now.inPlay.die.face;
      const opts: object[] = [];
      for (const h of near) {
        const at = [h.at[0], h.at[1]];
        if (face === "bear" || face === "star") opts.push({ move: at });
        if ((face === "pickax" || face === "star") && !h.open) opts.push({ hack: at });
        if ((face === "fish" || face === "star") && h.open) opts.push({ fish: at });
      }
      const step = opts[rng.die(Math.max(1, opts.length)) - 1];
      const r = step
        ? await send(c, me, now.turn, { kind: "step", step })
        : await send(c, me, now.turn, { kind: "end" });
      if (!(r as { ok: boolean }).ok) await send(c, me, now.turn, { kind: "end" });
    }
    const after = view(c);
    if (after.turn === v.turn && !after.over) await send(c, me, v.turn, { kind: "end" });
  }
  const holes = [...checkers.values()].reduce((n, k) => n + k.judgedCounts.holes, 0);
  return { leaks, requests, holes };
}

/** A plant on the writes of one kind, while a covered hole is left to give away. */
function whileCovered<K extends WriteOp["kind"]>(
  kind: K,
  edit: (op: Extract<WriteOp, { kind: K }>, under: ReturnType<typeof covered>[number]) => WriteOp,
): (op: WriteOp) => WriteOp {
  return (op) =>
    op.kind === kind && covered().length
      ? edit(op as Extract<WriteOp, { kind: K }>, covered()[0]!)
      : op;
}

/** A Kayanak game with a plant in place: some leak matches `what`. */
async function kayanakFires(what: RegExp, generation: 13 | 14 = 13): Promise<void> {
  const run = await playKayanak(generation);
  expect(run.leaks.some((l) => what.test(l))).toBe(true);
}

describe("the secrecy check sees each planted leak: Kayanak (J10)", () => {
  for (const generation of [13, 14] as const)
    test(`v${generation}: the honest module, a whole game with the store sent to everyone: 0 leaks`, async () => {
      const run = await playKayanak(generation);
      expect(run.leaks).toEqual([]);
      expect(run.requests).toBeGreaterThan(50);
      // every covered hole a payload named was judged by its fish
      expect(run.holes).toBeGreaterThan(100);
    }, 120_000);

  test("flag: the board's public view holding a covered hole's fish", async () => {
    plantWrites((op) => {
      if (op.kind !== "scene.update") return op;
      const key = Object.keys(op.update).find((k) => k.startsWith(`flags.${MODULE_ID}.boards.`));
      if (!key) return op;
      const pub = (op.update as Record<string, { view: BoardView }>)[key]!;
      const under = covered();
      const holes = pub.view.holes.map((h) => {
        const c = under.find((u) => u.at[0] === h.at[0] && u.at[1] === h.at[1]);
        return c ? { ...h, big: c.big, small: c.small } : h;
      });
      return { ...op, update: { ...op.update, [key]: { ...pub, view: { ...pub.view, holes } } } };
    });
    await kayanakFires(/scene\.update.*the covered hole \d,\d's fish/);
  }, 120_000);

  test("token: a bear token's flags holding the covered hole next to it", async () => {
    plantWrites(
      whileCovered("tokens.update", (op, under) => ({
        ...op,
        updates: op.updates.map((u) => ({ ...u, flags: { [MODULE_ID]: { under } } })),
      })),
    );
    await kayanakFires(/tokens\.update.*the covered hole \d,\d's fish/);
  }, 120_000);

  test("view answer: the GM's answer to a player's Kayanak request holding a covered hole's fish", async () => {
    plantAnswers((raw, reply) =>
      raw.type === "kayanak" && covered().length
        ? { ...(reply as object), under: covered()[0] }
        : reply,
    );
    await kayanakFires(/intent:reply.*the covered hole \d,\d's fish/);
  }, 120_000);

  test("chat roll: a roll card's roll JSON holding a covered hole's fish", async () => {
    plantWrites(
      whileCovered("chat.create", (op, under) => ({
        ...op,
        data: op.data.map((m) =>
          m.rolls?.length ? { ...m, rolls: m.rolls.map((r) => ({ ...r, options: under })) } : m,
        ),
      })),
    );
    await kayanakFires(/chat\.create.*rolls.*the covered hole \d,\d's fish/, 14);
  }, 120_000);

  test("store field: a board's store document with its covered holes beside the sealed part", async () => {
    plantWrites((op) => storeField(op, () => ({ holes: covered() })));
    await kayanakFires(/store\.put.*the covered hole \d,\d's fish/);
  }, 120_000);
});
