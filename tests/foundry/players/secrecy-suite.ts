/**
 * The secrecy suite (issue 10 item 2): seeded rounds, played as a table plays them (players
 * declare and roll from their own clients, in public, GM and blind mode; players and GMs reload;
 * the active GM hands over to the second GM and back), once with the GM store's changes sent only
 * to GMs and once with them sent to every client, as a server that ignores the pack's ownership
 * would. In both, no player's client receives a secret: not in a document, a flag, a roll, a
 * query meant for someone else, nor in what the GM store sends (sealed: store/sealed.ts).
 * The control, with a see-through cipher, shows the same check finds the store when it is readable.
 */
import { expect } from "vitest";
import type { FisherDesk } from "../../../src/foundry/players/protocol.ts";
import type { Cipher } from "../../../src/foundry/core/store/sealed.ts";
import type { Payload } from "../fake/server.ts";
import type { Truth } from "../fake/secrecy.ts";
import { SecrecyChecker, forbiddenLines, roundRolls } from "../fake/secrecy.ts";
import { randomDeclaration, rngFor } from "../fake/world.ts";
import { dnd5eActors, settleClients } from "./actors.ts";
import { fixRandomBytes } from "./fixed-random.ts";
import type { PlayerClient, PlayerTable } from "./fake-players.ts";
import { makePlayerTable } from "./fake-players.ts";

const desk = (c: PlayerClient) => c.wiring!.player;
const gmDesk = (c: PlayerClient) => c.wiring!.gm;

/** A cipher that seals nothing: the bytes go out as they came (the control). */
export const SEE_THROUGH: Cipher = { seal: (_k, _a, plain) => plain, open: (_k, _a, s) => s };

async function settle(t: PlayerTable): Promise<void> {
  await settleClients([t.gm, t.gm2, ...t.players]);
}

function activeGm(t: PlayerTable): PlayerClient {
  return [t.gm, t.gm2].find((g) => g.runtime?.host.isAuthority())!;
}

async function newLake(t: PlayerTable, seed: number): Promise<string> {
  const r = await activeGm(t).runtime!.host.createLake({
    sceneId: t.sceneId,
    name: `Lake ${seed}`,
    lake: { width: 3, height: 3, levels: 2, verticalAdjacency: true },
    origin: { col: 1, row: 1 },
    fishers: [
      { tokenId: t.tokenIds[0]!, at: [0, 0, 0] },
      { tokenId: t.tokenIds[1]!, at: [2, 0, 0] },
    ],
    seed,
  });
  if (!r.ok) throw new Error(r.error.code);
  return r.value.id;
}

export interface SuiteRun {
  rounds: number;
  games: number;
  leaks: string[];
  handovers: number;
  reloads: number;
  rolls: number;
  declarations: number;
  /** Store payloads the players' clients received. */
  storePayloads: number;
  /** What the checker judged by content (SecrecyChecker#judgedCounts, summed). */
  judged: SecrecyChecker["judgedCounts"];
}

export async function playSuite(
  mode: "filtered" | "everyone",
  rounds: number,
  cipher?: Cipher,
): Promise<SuiteRun> {
  const rng = rngFor(mode === "filtered" ? 1010 : 2020);
  // the lakes roll with fair dice (the default): the players' secrets and the GM's nonces from
  // fixed bytes, so each suite plays the same game every run
  const bytes = fixRandomBytes(mode === "filtered" ? 1010 : 2020);
  try {
    return await play(mode, rounds, rng, cipher);
  } finally {
    bytes.mockRestore();
  }
}

async function play(
  mode: "filtered" | "everyone",
  rounds: number,
  rng: ReturnType<typeof rngFor>,
  cipher: Cipher | undefined,
): Promise<SuiteRun> {
  const names = (id: string) => ({ f1: "Ana", f2: "Bo" })[id] ?? id;
  const modes = ["publicroll", "gmroll", "blindroll"] as const;
  const run: SuiteRun = {
    rounds: 0,
    games: 0,
    leaks: [],
    handovers: 0,
    reloads: 0,
    rolls: 0,
    declarations: 0,
    storePayloads: 0,
    judged: { tokens: 0, facts: 0, dice: 0, actions: 0, holes: 0 },
  };
  // each game in a world of its own: two GMs and two players, all connected
  const table = async (): Promise<PlayerTable> => {
    const t = await makePlayerTable({ system: "dnd5e" });
    t.server.storeBroadcast = mode;
    if (cipher) t.server.cipher = cipher;
    dnd5eActors(t, () => rng.die(20));
    if (cipher) for (const c of [t.gm, ...t.players]) await c.reload(); // the cipher is read at init
    await t.gm2.connect();
    return t;
  };
  let t = await table();
  let [a, b] = t.players as [PlayerClient, PlayerClient];
  // per player client: what it received since the last look, and the checker that remembers
  // what that player may know (issue 19: judged by content, against the GM's truth)
  const marks = new Map<PlayerClient, number>();
  const checkers = new Map<PlayerClient, SecrecyChecker>();
  const tally = () => {
    for (const k of checkers.values())
      for (const [n, v] of Object.entries(k.judgedCounts))
        run.judged[n as keyof SuiteRun["judged"]] += v;
    checkers.clear();
  };
  const fresh = () => {
    tally();
    for (const c of [a, b]) {
      marks.set(c, 0);
      checkers.set(c, new SecrecyChecker());
    }
  };
  fresh();
  const look = (when: string, truth: Omit<Truth, "owned" | "names" | "scene" | "lake">) => {
    const scene = t.server.truth.scenes.find((s) => s._id === t.sceneId);
    const forbidden = forbiddenLines({ log: truth.log, names });
    for (const [i, c] of [a, b].entries()) {
      const got: Payload[] = c.received.slice(marks.get(c));
      marks.set(c, c.received.length);
      run.storePayloads += got.filter(
        (p) => p.channel === "modifyDocument" && p.op.startsWith("store."),
      ).length;
      const leaks = checkers
        .get(c)!
        .check(got, { ...truth, owned: [`f${i + 1}`], names, scene, lake }, forbidden);
      run.leaks.push(...leaks.map((l) => `${mode} round ${run.rounds} ${when}: ${l}`));
    }
  };
  let lake = await newLake(t, 1);
  while (run.rounds < rounds) {
    const host = activeGm(t).runtime!.host;
    const before = host.cached(lake) ?? (await host.load(lake), host.cached(lake)!);
    if (before.state.over || before.state.round >= 25) {
      run.games++;
      t = await table();
      [a, b] = t.players as [PlayerClient, PlayerClient];
      fresh();
      lake = await newLake(t, run.games + 1);
      continue;
    }
    const round = before.state.round + 1;
    for (const [i, c] of [a, b].entries()) {
      const fisher = `f${i + 1}`;
      const v = await desk(c).view({ lake, fisher });
      if (!v.ok) throw new Error(`view: ${v.error.code}`);
      const d = randomDeclaration((v.value as FisherDesk).view, fisher, rng);
      if (!d) continue;
      const r = await desk(c).declare({ lake, fisher, round, declaration: d });
      if (!r.ok) throw new Error(`declare: ${r.error.code}`);
      run.declarations++;
    }
    await settle(t);
    // K5: before the lock, what each fisher declared is the GM's alone
    look("declaring", {
      state: before.state,
      log: before.log,
      pending: t.server.truth.store.get(lake)!.pending.actions,
    });
    const locked = await gmDesk(activeGm(t)).lock(lake);
    if (!locked.ok) throw new Error(`lock: ${locked.error.code}`);
    for (const c of [a, b]) {
      c.mode = modes[rng.die(3) - 1]!;
      const r = await desk(c).rollFromCard(lake, round);
      if (r.ok) run.rolls += r.value;
    }
    await settle(t);
    // a GM hand-over mid-round: the active GM's tab closes, the second GM resolves
    if (round % 17 === 5) {
      const leaving = activeGm(t);
      leaving.disconnect();
      run.handovers++;
      const res = await gmDesk(activeGm(t)).resolve(lake, round);
      if (!res.ok) throw new Error(`resolve after hand-over: ${res.error.code}`);
      await leaving.connect();
    } else {
      const res = await gmDesk(activeGm(t)).resolve(lake, round);
      if (!res.ok) throw new Error(`resolve: ${res.error.code}`);
    }
    await settle(t);
    run.rounds++;
    const now = activeGm(t).runtime!.host.cached(lake)!;
    const truth = {
      state: now.state,
      log: now.log,
      rolls: roundRolls(before.state, now.rounds.at(-1)!),
    };
    look("resolved", truth);
    // reloads: a player's browser, then now and then the active GM's (its key stays in its browser)
    if (run.rounds % 23 === 0) {
      const who = run.rounds % 46 === 0 ? activeGm(t) : a;
      await who.reload();
      await settle(t);
      run.reloads++;
      // the world a reloaded player gets at login, and what a reloaded GM writes, held to the same truth
      look("reloaded", truth);
    }
    if (run.leaks.length > 20) break;
  }
  tally();
  return run;
}

/** Rounds per mode (issue 10: at least 1,000); KK_ROUNDS shortens a run while working on it. */
export const ROUNDS = Number(process.env.KK_ROUNDS ?? 1000);

/** What every full run must show: no leak, and every ingredient really in the mix. */
export function expectClean(run: SuiteRun): void {
  expect(run.leaks.slice(0, 5)).toEqual([]);
  expect(run.rounds).toBe(ROUNDS);
  if (ROUNDS >= 1000) {
    expect(run.handovers).toBeGreaterThan(20);
    expect(run.reloads).toBeGreaterThan(20);
    expect(run.rolls).toBeGreaterThan(1000);
    expect(run.declarations).toBeGreaterThan(1000);
    // the check judged by content: swarm tokens, fish on squares, the engine's dice, declarations
    expect(run.judged.tokens).toBeGreaterThan(1000);
    expect(run.judged.facts).toBeGreaterThan(1000);
    expect(run.judged.dice).toBeGreaterThan(1000);
    expect(run.judged.actions).toBeGreaterThan(1000);
  }
  console.log(`secrecy suite: ${JSON.stringify({ ...run, leaks: run.leaks.length })}`);
}
