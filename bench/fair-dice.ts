/**
 * What fair dice cost (docs/players.md, "Fair dice"): the construction's speed (a die from the
 * HMAC stream against a die from Math.random, measured side by side), the GM's check of a posted
 * roll, and what one player's check costs a round in the behavioural fake, a lake with fair dice
 * against one that trusts its players: queries to the GM, writes, and the time from the sheet's
 * click to the check counted.
 */
import { FairStream, commitOf, shapeOf } from "../src/dice/fair.ts";
import { checkFairRoll } from "../src/dice/fair-check.ts";
import type { BenchOptions, BenchRow } from "./lib/types.ts";

const check = { lake: "lake1", round: 1, fisher: "f1", kind: "survival" };
const secret = "5a".repeat(32);
const nonce = "c3".repeat(16);

function perItem(n: number, fn: () => void): number {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) fn();
  return (performance.now() - t0) / n;
}

/** `2d20kh + 4 + 1d4` rolled from the stream, as the GM's client receives it. */
function honestRoll() {
  const s = new FairStream(secret, nonce, check);
  const [a, b, g] = [s.face(20), s.face(20), s.face(4)];
  const die = (faces: number, number: number, modifiers: string[], results: number[]) => ({
    class: "Die",
    number,
    faces,
    modifiers,
    results: results.map((result) => ({ result, active: true })),
  });
  const plus = { class: "OperatorTerm", operator: "+" };
  const terms = [
    die(20, 2, ["kh"], [a, b]),
    plus,
    { class: "NumericTerm", number: 4 },
    plus,
    die(4, 1, [], [g]),
  ];
  return { terms, total: Math.max(a, b) + 4 + g };
}

async function roundCost(fair: boolean): Promise<{ queries: number; writes: number; ms: number }> {
  const [players, actors] = await Promise.all([
    import("../tests/foundry/players/fake-players.ts"),
    import("../tests/foundry/players/actors.ts"),
  ]);
  const t = await players.makePlayerTable({ system: "dnd5e" });
  actors.dnd5eActors(t, () => 11);
  const lake = await players.lakeOn(t, undefined, undefined, fair);
  const a = t.players[0];
  await a.wiring!.player.declare({
    lake,
    fisher: "f1",
    round: 1,
    declaration: { action: "track", target: [1, 1, 0] },
  });
  await t.gm.wiring!.gm.lock(lake);
  await actors.settleClients([t.gm, ...t.players]);
  let queries = 0;
  const query = t.server.query.bind(t.server);
  t.server.query = (...args: Parameters<typeof query>) => {
    queries++;
    return query(...args);
  };
  const writes = t.server.requests.length;
  const t0 = performance.now();
  const actor = a.actor(t.actorIds[0]!) as unknown as {
    rollSkill(c: object, d: object, m: object): Promise<unknown>;
  };
  await actor.rollSkill({ skill: "sur" }, {}, { create: true });
  await actors.settleClients([t.gm, ...t.players]);
  const ms = performance.now() - t0;
  const counted = t.server.truth.store.get(lake)!.pending.totals.f1;
  if (!counted) throw new Error(`the ${fair ? "fair" : "trusted"} check was not counted`);
  return { queries, writes: t.server.requests.length - writes, ms };
}

export async function run(opts: BenchOptions): Promise<BenchRow[]> {
  const n = opts.smoke ? 5_000 : 50_000;
  const stream = new FairStream(secret, nonce, check);
  let sink = 0;
  const fairDie = perItem(n, () => (sink += stream.face(20)));
  const randomDie = perItem(n, () => (sink += Math.ceil(Math.random() * 20)));
  const commit = perItem(n / 10, () => (sink += commitOf(check, "2d20kh,1d4", secret).length));
  const roll = honestRoll();
  const draw = { commit: commitOf(check, shapeOf(roll), secret), nonce, shape: shapeOf(roll) };
  const verify = perItem(n / 10, () => {
    if (!checkFairRoll(roll, check, draw, secret).ok) throw new Error("the honest roll is refused");
  });
  if (sink < 0) throw new Error("unreachable");
  const rows: BenchRow[] = [
    {
      name: `a fair d20 (HMAC-SHA-256 stream) / a Math.random d20, ${n} dice each`,
      value: `${(fairDie * 1000).toFixed(1)} us / ${(randomDie * 1000).toFixed(3)} us (x${(fairDie / randomDie).toFixed(0)})`,
    },
    {
      name: "a commitment (SHA-256) and the GM's check of a posted 2d20kh + 4 + 1d4",
      value: `${(commit * 1000).toFixed(1)} us, ${(verify * 1000).toFixed(1)} us`,
    },
  ];
  const runs = opts.smoke ? 3 : 9;
  // a first table warms the modules and the fake up: not counted
  await roundCost(false);
  const trusted: { queries: number; writes: number; ms: number }[] = [];
  const fair: { queries: number; writes: number; ms: number }[] = [];
  for (let i = 0; i < runs; i++) {
    trusted.push(await roundCost(false));
    fair.push(await roundCost(true));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const last = (xs: { queries: number; writes: number }[]) => xs[xs.length - 1]!;
  rows.push(
    {
      name: "one player's check from the sheet, trusted -> fair dice: queries to the GM, writes (behavioural fake)",
      value: `${last(trusted).queries} -> ${last(fair).queries} queries, ${last(trusted).writes} -> ${last(fair).writes} writes`,
    },
    {
      name: `one player's check from the sheet to counted, trusted -> fair dice, median of ${runs} (behavioural fake, no network)`,
      value: `${median(trusted.map((x) => x.ms)).toFixed(1)} ms -> ${median(fair.map((x) => x.ms)).toFixed(1)} ms (x${(median(fair.map((x) => x.ms)) / median(trusted.map((x) => x.ms))).toFixed(2)})`,
    },
  );
  return rows;
}
