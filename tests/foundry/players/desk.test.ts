/**
 * The players' desk on the GM's client (players/desk.ts), against a host and a port built by
 * hand: only the active GM answers, a sender is held to a rate, a card counts only when a GM
 * client wrote it, and a player is told only of the checks they owe for their own fishers.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import {
  CHANGES_PER_ROUND,
  DEFAULT_QUERY_MS,
  GmDesk,
  RATE_WINDOW_MS,
  REPLY_MARGIN_MS,
  REQUESTS_PER_WINDOW,
} from "../../../src/foundry/players/desk.ts";
import { HOOK, MODULE_ID } from "../../../src/foundry/core/constants.ts";
import { newGame } from "../../../src/rules/index.ts";

type Msg = { id: string; author?: string; flags?: Record<string, unknown> };

function fixture(
  opts: {
    active?: boolean | (() => boolean);
    locked?: boolean;
    round?: number;
    refuse?: boolean;
  } = {},
) {
  const messages: Msg[] = [];
  const declared: unknown[][] = [];
  // the hooks the desk listens on, the messages it updated, the messages it read as rolls
  const handlers = new Map<string, (data: unknown) => void>();
  const updated: [string, unknown][] = [];
  const read: string[] = [];
  const record = {
    pending: {
      locked: opts.locked ?? false,
      actions: { f1: { action: "catch" }, f2: { action: "catch" } } as Record<string, unknown>,
      totals: { f2: { total: 12 } } as Record<string, unknown>,
    },
    setup: { fishers: [] },
  };
  const pub = {
    name: "Pond",
    fishers: [
      { id: "f1", name: "Ana", actorId: "a1" },
      { id: "f2", name: "Bo", actorId: "a2" },
      { id: "f3", name: "Cy", actorId: null },
    ],
  };
  const state = newGame({
    seed: 1,
    lake: { width: 2, height: 2, levels: 1, verticalAdjacency: true },
    fishers: [
      { id: "f1", at: [0, 0, 0] },
      { id: "f2", at: [1, 1, 0] },
      { id: "f3", at: [1, 0, 0] },
    ],
    squares: [],
  });
  state.round = opts.round ?? 0;
  const session = { state };
  const host = {
    isAuthority: typeof opts.active === "function" ? opts.active : () => opts.active ?? true,
    settled: async () => undefined,
    load: async (id: string) =>
      id === "l1"
        ? { ok: true, value: { session, pub, record } }
        : { ok: false, error: { code: "unknownLake", field: "lake", message: "" } },
    alias: () => (s: string) => s,
    setDeclaration: async (...args: unknown[]) => {
      declared.push(args);
      return opts.refuse
        ? { ok: false, error: { code: "badDeclaration", field: "declaration", message: "" } }
        : { ok: true, value: true };
    },
  };
  const port = {
    users: () => [
      { id: "gm", isGM: true },
      { id: "ana", isGM: false },
      { id: "bo", isGM: false },
    ],
    ownersOf: (actor: string) => ({ a1: ["ana"], a2: ["bo", "ana"] })[actor] ?? [],
    messageList: () => messages,
    message: (id: string) => messages.find((m) => m.id === id),
    on: (name: string, fn: (data: unknown) => void) => void handlers.set(name, fn),
    updateMessage: async (id: string, data: unknown) => void updated.push([id, data]),
    localize: (k: string) => k,
    render: async () => "<card>",
  };
  const keys = { sender: async (raw: { as?: string }) => raw.as };
  const desk = new GmDesk(
    port as never,
    host as never,
    keys as never,
    () =>
      ({
        readMessage: (m: Msg) => void read.push(m.id),
      }) as never,
  );
  return { desk, messages, declared, record, handlers, updated, read, host };
}

/** Ana's declaration for her fisher f1, a catch, in `round`. */
const declareF1 = (desk: GmDesk, round: number, options: unknown = {}) =>
  desk.handle(
    {
      type: "declare",
      lake: "l1",
      fisher: "f1",
      round,
      declaration: { action: "catch" },
      as: "ana",
    },
    options,
  );

const code = (r: { ok: boolean; error?: { code: string; field: string } }) =>
  r.ok ? "ok" : `${r.error!.code}:${r.error!.field}`;

describe("GmDesk#handle", () => {
  test("only the active GM answers; an unattested sender is refused", async () => {
    const off = fixture({ active: false });
    expect(
      code(await off.desk.handle({ type: "view", lake: "l1", fisher: "f1", as: "ana" }, {})),
    ).toBe("notActiveGm:");
    const on = fixture();
    expect(code(await on.desk.handle({ type: "view", lake: "l1", fisher: "f1" }, {}))).toBe(
      "unattested:",
    );
    expect(
      code(await on.desk.handle({ type: "view", lake: "l1", fisher: "f1", as: "ana" }, {})),
    ).toBe("ok");
    expect(
      code(await on.desk.handle({ type: "view", lake: "l9", fisher: "f1", as: "ana" }, {})),
    ).toBe("unknownLake:lake");
  });

  test("a view is the fisher's own player's only", async () => {
    const { desk } = fixture();
    const ask = (fisher: string, as: string) =>
      desk.handle({ type: "view", lake: "l1", fisher, as }, {});
    expect(code(await ask("f1", "bo"))).toBe("notOwner:fisher");
    expect(code(await ask("f3", "ana"))).toBe("notOwner:fisher");
    expect(code(await ask("f9", "ana"))).toBe("unknownFisher:fisher");
    const r = await ask("f1", "ana");
    expect(r.ok && (r.value as { view: { viewer: unknown } }).view.viewer).toEqual({
      fisher: "f1",
    });
  });

  test("a sender is held to REQUESTS_PER_WINDOW in any RATE_WINDOW_MS, others not", async () => {
    const { desk } = fixture();
    let now = 1_000_000;
    desk.now = () => now;
    const view = (as: string) => desk.handle({ type: "view", lake: "l1", fisher: "f1", as }, {});
    for (let i = 0; i < REQUESTS_PER_WINDOW; i++) expect(code(await view("ana"))).toBe("ok");
    expect(code(await view("ana"))).toBe("tooMany:");
    expect(code(await view("bo"))).toBe("notOwner:fisher");
    now += RATE_WINDOW_MS - 1;
    expect(code(await view("ana"))).toBe("tooMany:");
    now += 1;
    expect(code(await view("ana"))).toBe("ok");
  });

  test("the rate limit runs on this client's clock when no test sets one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(5_000_000);
    const { desk } = fixture();
    const view = () => desk.handle({ type: "view", lake: "l1", fisher: "f1", as: "ana" }, {});
    for (let i = 0; i < REQUESTS_PER_WINDOW; i++) await view();
    expect(code(await view())).toBe("tooMany:");
    vi.setSystemTime(5_000_000 + RATE_WINDOW_MS);
    expect(code(await view())).toBe("ok");
  });

  test("K5: a declaration for the round being declared only, with the player's change budget (counted in the GM record)", async () => {
    const { desk, declared } = fixture({ round: 2 });
    const declare = (round: number) => declareF1(desk, round);
    expect(code(await declare(2))).toBe("staleRound:round");
    expect(code(await declare(4))).toBe("staleRound:round");
    for (let i = 0; i < 3; i++) expect(code(await declare(3))).toBe("ok");
    expect(declared).toHaveLength(3);
    expect(declared[0]!.slice(0, 4)).toEqual(["l1", "f1", { action: "catch" }, 3]);
    // the budget goes with every player's change to the lake host, which counts it in the record
    // (fishing/declaring.ts; tests/foundry/adversarial/flood.test.ts plays it through a reload)
    for (const d of declared) expect(d[5]).toBe(CHANGES_PER_ROUND);
    const w = await desk.handle(
      { type: "withdraw", lake: "l1", fisher: "f2", round: 3, as: "bo" },
      {},
    );
    expect(code(w)).toBe("ok");
    expect(declared.at(-1)!.slice(0, 4)).toEqual(["l1", "f2", null, 3]);
  });

  test("K5: a declaration the lake refuses is not counted against CHANGES_PER_ROUND", async () => {
    const refused = fixture({ round: 2, refuse: true });
    for (let i = 0; i <= CHANGES_PER_ROUND; i++)
      expect(code(await declareF1(refused.desk, 3))).toBe("badDeclaration:declaration");
    expect(refused.declared).toHaveLength(CHANGES_PER_ROUND + 1);
  });

  test("issue 20 item 9: a declaration may start until the sender's wait, less a margin for the reply, is up", async () => {
    const { desk, declared } = fixture({ round: 2 });
    let now = 2_000_000;
    desk.now = () => now;
    const declareWith = async (options: unknown) => {
      await declareF1(desk, 3, options);
      const inTime = declared.at(-1)![4] as () => boolean;
      // the last moment the lake host may still start the change, asked at every millisecond
      const started = now;
      const at = (t: number) => {
        now = t;
        return inTime();
      };
      let last = started;
      while (last - started < 60_000 && at(last + 1)) last++;
      now = started;
      return last - started;
    };
    // 8 s: a quarter (2 s) kept back; 40 s: the margin (2.5 s)
    expect(await declareWith({ timeout: 8_000 })).toBe(6_000);
    expect(await declareWith({ timeout: 40_000 })).toBe(40_000 - REPLY_MARGIN_MS);
    // no wait named, or one that is no wait: User#query's default
    const fallback = DEFAULT_QUERY_MS - REPLY_MARGIN_MS;
    for (const options of [
      undefined,
      null,
      {},
      { timeout: "8000" },
      { timeout: 0 },
      { timeout: -5 },
      { timeout: Number.POSITIVE_INFINITY },
      { timeout: Number.NaN },
    ])
      expect(await declareWith(options), JSON.stringify(options)).toBe(fallback);
  });

  test("a view says the round is closed while it is locked or waits for a hazard choice", async () => {
    const { desk, record } = fixture();
    const locked = async () => {
      const r = await desk.handle({ type: "view", lake: "l1", fisher: "f1", as: "ana" }, {});
      return r.ok && (r.value as { locked: boolean }).locked;
    };
    expect(await locked()).toBe(false);
    (record.pending as Record<string, unknown>).awaiting = { fisher: "f1" };
    expect(await locked()).toBe(true);
    delete (record.pending as Record<string, unknown>).awaiting;
    record.pending.locked = true;
    expect(await locked()).toBe(true);
  });

  test("a request whose handling throws is answered failed, with the reason, not left unanswered", async () => {
    const { desk, host } = fixture();
    host.load = async () => {
      throw new Error("the store is unreachable");
    };
    expect(await desk.handle({ type: "view", lake: "l1", fisher: "f1", as: "ana" }, {})).toEqual({
      ok: false,
      error: { code: "failed", field: "", message: "the store is unreachable" },
    });
  });

  test("K6: the checks owed: the locked round's, for the sender's own declared fishers", async () => {
    const open = fixture({ round: 1 });
    const checks = (d: GmDesk, round: number, as: string) =>
      d.handle({ type: "checks", lake: "l1", round, as }, {});
    expect(code(await checks(open.desk, 2, "ana"))).toBe("notLocked:round");
    const locked = fixture({ round: 1, locked: true });
    expect(code(await checks(locked.desk, 1, "ana"))).toBe("staleRound:round");
    expect(code(await checks(locked.desk, 3, "ana"))).toBe("notLocked:round");
    const r = await checks(locked.desk, 2, "ana");
    expect(r.ok && r.value).toEqual([
      { fisher: "f1", actorId: "a1", kind: expect.any(String), rolled: false },
      { fisher: "f2", actorId: "a2", kind: expect.any(String), rolled: true },
    ]);
    const bo = await checks(locked.desk, 2, "bo");
    expect(bo.ok && (bo.value as { fisher: string }[]).map((c) => c.fisher)).toEqual(["f2"]);
    locked.record.pending.actions = { f2: { action: "catch" } };
    const ana = await checks(locked.desk, 2, "ana");
    expect(ana.ok && (ana.value as { fisher: string }[]).map((c) => c.fisher)).toEqual(["f2"]);
  });

  test("rolled: only the roll's author or a GM may point at it", async () => {
    const { desk, messages } = fixture();
    messages.push({ id: "m1", author: "ana" });
    const rolled = (as: string, messageId = "m1") =>
      desk.handle({ type: "rolled", lake: "l1", round: 1, messageId, as }, {});
    expect(code(await rolled("bo"))).toBe("notOwner:messageId");
    expect(code(await rolled("ana", "m9"))).toBe("unknownMessage:messageId");
    expect(code(await rolled("ana"))).toBe("notACheck:messageId");
    expect(code(await rolled("gm"))).toBe("notACheck:messageId");
  });
});

afterEach(() => void vi.useRealTimers());

describe("GmDesk#listen: the hooks on the active GM's client", () => {
  const flag = (over: object = {}) => ({
    [MODULE_ID]: { kind: "checks", lake: "l1", round: 1, rows: [], ...over },
  });

  test("a created message is read as a roll, and a resolved round's card closes, on the active GM's client only", async () => {
    const { desk, messages, handlers, updated, read } = fixture();
    desk.listen();
    messages.push({ id: "card", author: "gm", flags: flag() });
    messages.push({ id: "roll", author: "ana" });
    handlers.get("createChatMessage")!(messages[1]);
    await desk.idle();
    expect(read).toEqual(["roll"]);
    // not a resolution of a lake's round: nothing closes
    for (const bad of [undefined, {}, { lakeId: "l1" }, { lakeId: "l1", round: "1" }, { round: 1 }])
      handlers.get(HOOK.roundResolved)!(bad);
    await desk.idle();
    expect(updated).toEqual([]);
    handlers.get(HOOK.roundResolved)!({ lakeId: "l1", round: 1 });
    await desk.idle();
    expect(updated).toEqual([["card", { content: "<card>", flags: flag({ closed: true }) }]]);
  });

  test("a GM client whose host throws (a GM logged out) is not the active GM for its hooks: no roll read, no card closed", async () => {
    const { desk, messages, handlers, updated, read } = fixture({
      active: () => {
        throw new Error("logged out");
      },
    });
    desk.listen();
    messages.push({ id: "card", author: "gm", flags: flag() });
    messages.push({ id: "roll", author: "ana" });
    handlers.get("createChatMessage")!(messages[1]);
    handlers.get(HOOK.roundResolved)!({ lakeId: "l1", round: 1 });
    await desk.idle();
    expect([read, updated]).toEqual([[], []]);
    const passive = fixture({ active: false });
    passive.desk.listen();
    passive.messages.push({ id: "roll", author: "ana" });
    passive.handlers.get("createChatMessage")!(passive.messages[0]);
    await passive.desk.idle();
    expect(passive.read).toEqual([]);
  });
});

describe("GmDesk#cardOf: a round's open card, written by a GM client", () => {
  test("a card a player posts with the same flag is nobody's; a closed or other round's card is not the open one", () => {
    const { desk, messages } = fixture();
    const flag = (over: object = {}) => ({
      [MODULE_ID]: { kind: "checks", lake: "l1", round: 1, rows: [], ...over },
    });
    messages.push({ id: "byPlayer", author: "ana", flags: flag() });
    messages.push({ id: "noAuthor", flags: flag() });
    messages.push({ id: "stranger", author: "zed", flags: flag() });
    messages.push({ id: "closed", author: "gm", flags: flag({ closed: true }) });
    messages.push({ id: "otherLake", author: "gm", flags: flag({ lake: "l2" }) });
    messages.push({ id: "otherRound", author: "gm", flags: flag({ round: 2 }) });
    expect(desk.cardOf("l1", 1)).toBeUndefined();
    messages.push({ id: "real", author: "gm", flags: flag() });
    expect(desk.cardOf("l1", 1)?.id).toBe("real");
    expect(desk.cardOf("l1", 2)?.id).toBe("otherRound");
  });
});
