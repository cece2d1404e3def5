/**
 * The key hand-over against forgeries, over generated interleavings (core/store/handover.ts): a
 * player's console sends `keysGiven` to the GM clients as often as it likes, before, during and
 * after the world's first lake (whose key the first GM client offers to the second), claiming to
 * be the first GM, the second, a player, a user that does not exist or no one, replaying the
 * genuine offer, or flooding; the clock jumps around the 10 s the hand-over once rationed its
 * store looks by. Whatever came before or after, the second GM client ends up holding the lake's
 * key, and once the first GM left, it opens the lake and resolves a round; no forged key is ever
 * held by a GM client.
 */
import fc from "fast-check";
import { afterEach, describe, expect, test, vi } from "vitest";
import { QUERY } from "../../src/foundry/core/constants.ts";
import { keyIdOf } from "../../src/foundry/core/store/keyring.ts";
import { FakeClient } from "./fake/client.ts";
import { declareAll, setUpLake } from "./fake/measure.ts";
import { makeTable } from "./fake/world.ts";

/** What a player's console sends (the claimed sender, when the forgery names one). */
type Forgery =
  | { kind: "key"; from: "gm1" | "gm2" | "player" | "nobody" | "none"; to: "gm1" | "gm2" }
  | { kind: "replay"; from: "gm1" | "none"; to: "gm1" | "gm2" }
  | { kind: "flood"; to: "gm2" }
  | { kind: "garbage"; to: "gm2" }
  | { kind: "askHeld"; to: "gm1" };

interface Step {
  readonly forgery: Forgery;
  /** Sent and not waited for: its answer may come after later steps, the lake's offer included. */
  readonly overlap: boolean;
  /** How far the clock moves before this step, around the 10 s window (and a minute). */
  readonly clock: number;
}

const forgery: fc.Arbitrary<Forgery> = fc.oneof(
  fc.record({
    kind: fc.constant("key" as const),
    from: fc.constantFrom("gm1", "gm2", "player", "nobody", "none"),
    to: fc.constantFrom("gm1", "gm2"),
  }),
  fc.record({
    kind: fc.constant("replay" as const),
    from: fc.constantFrom("gm1", "none"),
    to: fc.constantFrom("gm1", "gm2"),
  }),
  fc.record({ kind: fc.constant("flood" as const), to: fc.constant("gm2" as const) }),
  fc.record({ kind: fc.constant("garbage" as const), to: fc.constant("gm2" as const) }),
  fc.record({ kind: fc.constant("askHeld" as const), to: fc.constant("gm1" as const) }),
);

const step: fc.Arbitrary<Step> = fc.record({
  forgery,
  overlap: fc.boolean(),
  clock: fc.constantFrom(0, 1, 9_999, 10_000, 10_001, 60_001),
});

const scenario = fc.record({
  generation: fc.constantFrom(13 as const, 14 as const),
  steps: fc.array(step, { minLength: 0, maxLength: 10 }),
  /** Where among the steps the first GM makes the lake (its key offered at once). */
  at: fc.nat({ max: 10 }),
  /** A player's key: 32 random bytes as hex. */
  seeds: fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), {
    minLength: 12,
    maxLength: 12,
  }),
});

const toHex = (b: Uint8Array) => Buffer.from(b).toString("hex");

afterEach(() => vi.useRealTimers());

const RUNS = 120;

describe("key hand-over: forged keysGiven in every order (store/handover.ts)", () => {
  test(`${RUNS} generated interleavings: the second GM holds the key and plays; no forged key is held`, async () => {
    // only Date is faked: the fake server's hops (setImmediate) and timeouts run as they do
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(1_000_000);
    const seen = { steps: 0, overlapping: 0, before: 0, after: 0, replays: 0 };
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const t = await makeTable({ generation: s.generation });
        const gm2 = new FakeClient(t.server, t.server.addUser("Second GM", true), 62);
        await gm2.connect();
        const [ana] = t.players;
        const ids = {
          gm1: t.gm.userId,
          gm2: gm2.userId,
          player: ana.userId,
          nobody: "x".repeat(16),
        };
        const forged = s.seeds.map(toHex);
        const genuineOffer = () =>
          gm2.received.find((p) => p.channel === "query" && p.name === QUERY.keysGiven)?.data as
            { keys: Record<string, string> } | undefined;
        const open: Promise<unknown>[] = [];
        /** Each answer a forgery got: a forged key is never taken. */
        const answers: { what: Forgery; answer: unknown; genuine: boolean }[] = [];
        let lake: string | undefined;
        const makeLake = async () => {
          lake = (await setUpLake(t, 3, 3)).id;
        };
        for (const [i, st] of s.steps.entries()) {
          if (i === Math.min(s.at, s.steps.length)) await makeLake();
          vi.setSystemTime(Date.now() + st.clock);
          const f = st.forgery;
          const to = ids[f.to];
          let data: object;
          let genuine = false;
          switch (f.kind) {
            case "key":
              data = {
                keys: { k: forged[i]! },
                ...(f.from === "none" ? {} : { from: ids[f.from] }),
              };
              break;
            case "replay": {
              // the genuine offer again (a player never sees it: the worst case), else a forgery
              const g = genuineOffer();
              genuine = !!g;
              data = {
                keys: g?.keys ?? { k: forged[i]! },
                ...(f.from === "none" ? {} : { from: ids[f.from] }),
              };
              seen.replays += genuine ? 1 : 0;
              break;
            }
            case "flood":
              data = {
                keys: Object.fromEntries(forged.map((h, j) => [`k${j}`, h])),
                from: ids.gm1,
              };
              break;
            case "garbage":
              data = { keys: { k: forged[i]!.toUpperCase() }, from: [ids.gm1] };
              break;
            case "askHeld":
              data = { ids: forged.map((h) => keyIdOf(Buffer.from(h, "hex"))) };
              break;
          }
          const name = f.kind === "askHeld" ? QUERY.keysHeld : QUERY.keysGiven;
          const sent = ana
            .query(to, name, data)
            .then((answer) => answers.push({ what: f, answer, genuine }))
            .catch(() => undefined);
          seen.steps++;
          if (lake) seen.after++;
          else seen.before++;
          if (st.overlap) {
            seen.overlapping++;
            open.push(sent);
          } else await sent;
        }
        if (!lake) await makeLake();
        await Promise.all(open);

        const held = (c: FakeClient) => c.runtime!.host.store.ring.ids().sort();
        // the first GM's key, and only it, on both GM clients; a player's key on neither
        expect(held(t.gm)).toHaveLength(1);
        expect(held(gm2)).toEqual(held(t.gm));
        const forgedIds = new Set(forged.map((h) => keyIdOf(Buffer.from(h, "hex"))));
        for (const c of [t.gm, gm2])
          for (const id of held(c)) expect(forgedIds.has(id)).toBe(false);
        for (const a of answers)
          if (a.what.kind !== "askHeld" && !a.genuine)
            expect(a.answer, JSON.stringify(a.what)).toEqual({ taken: 0 });
          else if (a.what.kind === "askHeld") expect(a.answer).toEqual({ held: [] });

        // the first GM leaves: the second opens the lake and resolves a round
        t.gm.disconnect();
        const host = gm2.runtime!.host;
        expect((await host.load(lake!)).ok).toBe(true);
        await declareAll(host, lake!, 1);
        const r = await host.resolveRound(lake!);
        expect(r.ok, JSON.stringify(r)).toBe(true);
      }),
      { numRuns: RUNS, seed: 20261207, endOnFailure: true },
    );
    // the generator reached what the test is about
    expect(seen.before).toBeGreaterThan(RUNS);
    expect(seen.after).toBeGreaterThan(RUNS);
    expect(seen.overlapping).toBeGreaterThan(RUNS);
    expect(seen.replays).toBeGreaterThan(5);
    console.log(
      `key hand-over interleavings: ${RUNS} runs, ${seen.steps} forged messages (${seen.before} before the lake, ${seen.after} after, ${seen.overlapping} overlapping, ${seen.replays} replays of the genuine offer)`,
    );
  }, 300_000);
});
