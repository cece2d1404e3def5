/**
 * A fishing game played through the module exactly as a table plays it, held against the
 * engine's replay of the same scenario (the CLI's `replay`), round by round:
 * - the GM sets the lake up from the file's set-up (or from the characters, through the API a
 *   macro uses), then for each round revives whom the file revives, the owning player's client
 *   declares (the GM for a fisher no player owns), the GM locks the round, each check comes in
 *   as the table chooses (typed by the GM, rolled from the player's card, or rolled by the
 *   system as the round resolves), each H4 question is answered by the fisher's owner, and the
 *   GM resolves; Foundry's dice show the faces the engine's answers need;
 * - after each round, the GM's game must equal the engine's event for event, the dice asked
 *   must be the engine's in order, and each player must have been shown exactly their view;
 * - along the way the GM may undo a round and play it again, and hand the table over to the
 *   second GM; at the end the module's export must replay to the same game.
 * Rounds a table could not play (a file may force a number no die shows) are continued from the
 * file instead, and counted apart.
 */
import type {
  Declaration,
  GameEvent,
  RoundRecord,
  Scenario,
  Session,
} from "../../../src/rules/index.ts";
import {
  HAZARD_CHOICE,
  checkKey,
  eventsFor,
  playScenario,
  rebuild,
  startSession,
} from "../../../src/rules/index.ts";
import { QUERY } from "../../../src/foundry/core/constants.ts";
import { aliasEvents } from "../../../src/foundry/fishing/aliases.ts";
import { cardFlagOf } from "../../../src/foundry/fishing/cards.ts";
import type { PlayerClient } from "../players/fake-players.ts";
import { settleClients } from "../players/actors.ts";
import type { Draw } from "./dice.ts";
import { firstDifference } from "./compare.ts";
import { DiceQueue, drawFor } from "./dice.ts";
import type { Asked } from "./oracle.ts";
import { eventsOfRound, roundRequests } from "./oracle.ts";
import type { DiffTable, SystemId } from "./table.ts";
import { diffTable } from "./table.ts";

/** How a fisher's K6 check reaches the GM record before the round resolves. */
export type CheckWay = "resolution" | "typed" | "sheet";

export interface LakeRun {
  readonly scenario: Scenario;
  readonly generation: 13 | 14;
  readonly system: SystemId;
  /** Who owns each fisher's character: 0 Ana's player, 1 Bo's player, -1 no one (the GM). */
  readonly owners: readonly (0 | 1 | -1)[];
  /** The set-up: the file's (rounds played from there) or the characters' (createLake). */
  readonly via: "file" | "characters";
  /** How each check comes in (a seeded choice per round and fisher). */
  readonly check: (round: number, fisher: string) => CheckWay;
  /** After this round (1-based) the GM undoes it and the table plays it again. */
  readonly undoAfter?: number;
  /** Before this round (1-based) the first GM leaves and the second takes the table over. */
  readonly handOverBefore?: number;
  /** Rounds continued from the file before the table plays (at least those a table cannot play). */
  readonly continueRounds?: number;
}

export interface LakeReport {
  readonly differences: string[];
  /** Rounds played through the table (each replay after an undo counted again). */
  readonly played: number;
  /** Rounds continued from the file. */
  readonly continued: number;
  readonly undone: number;
  readonly handedOver: boolean;
}

const KEY_PREFIXES_OF_SYSTEM = new Set(["check", "attack", "initiative"]);

/** Whether the module rolls this request through the game system (players/desk.ts `driver`). */
function bySystem(a: Asked): boolean {
  const [prefix, fisher] = a.request.key.split(":");
  return !!a.request.fisher && fisher === a.request.fisher && KEY_PREFIXES_OF_SYSTEM.has(prefix!);
}

/** Why a table could not play round `i` (a die no face gives), or undefined when it can. */
export async function unplayable(session: Session, i: number): Promise<string | undefined> {
  for (const a of await roundRequests(session, i)) {
    if (a.request.kind === "hazardChoice") continue;
    const draw = drawFor(a.request, a.answer, bySystem(a));
    // a K6 check can still be typed by the GM (any total, a natural 1-20)
    if (typeof draw === "string" && !isTypable(a, session.rounds[i]!)) return draw;
  }
  return undefined;
}

/** The first round a table can play from on: every later round's dice are faces a table shows. */
export async function firstPlayable(session: Session): Promise<number> {
  let from = session.rounds.length;
  for (let i = session.rounds.length - 1; i >= 0; i--) {
    if (await unplayable(session, i)) break;
    from = i;
  }
  return from;
}

function k6Key(fisher: string, d: Declaration): string {
  return checkKey(fisher, d.action);
}

function isTypable(a: Asked, rec: RoundRecord): boolean {
  const f = a.request.fisher;
  const d = f ? rec.input.actions[f] : undefined;
  if (!f || !d || a.request.key !== k6Key(f, d)) return false;
  const n = a.answer.natural;
  return Math.abs(a.answer.total) <= 999 && (n === undefined || (n >= 1 && n <= 20));
}

const show = (v: unknown) => JSON.stringify(v);

export async function playLake(run: LakeRun): Promise<LakeReport> {
  const oracle = playScenario(run.scenario);
  if (!oracle.ok) throw new Error(`the scenario does not play: ${oracle.error.message}`);
  const O = oracle.session;
  const dice = new DiceQueue();
  const differences = dice.differences;
  const t = await diffTable({
    generation: run.generation,
    system: run.system,
    fishers: O.setup.fishers,
    owners: run.owners,
    dice,
  });
  let gm = t.gm;
  let handedOver = false;
  const rounds = O.rounds.length;
  const continued = Math.max(run.continueRounds ?? 0, await firstPlayable(O));
  const lake = await setUp(run, t, O, continued);
  if (typeof lake !== "string")
    return { ...lake, differences: [...differences, ...lake.differences] };
  let played = 0;
  let undone = 0;

  for (let i = continued; i < rounds && differences.length === 0; i++) {
    const n = i + 1;
    if (run.handOverBefore === n && !handedOver) {
      t.gm.disconnect();
      gm = t.gm2;
      handedOver = true;
      await settleClients([t.gm2, ...t.players]);
    }
    const asked = await roundRequests(O, i);
    const rec = O.rounds[i]!;
    const ok = await playRound(run, t, gm, lake, O, i, asked, rec, dice);
    if (!ok) break;
    played++;
    if (run.undoAfter === n) {
      const u = await gm.runtime!.host.undoRound(lake);
      if (!u.ok) {
        differences.push(`round ${n}: undo refused (${u.error.code})`);
        break;
      }
      undone++;
      // the round is declared again as it was (the record gives it back), locked afresh
      if (!(await replayRound(run, t, gm, lake, O, i, asked, rec, dice))) break;
      played++;
    }
  }
  if (differences.length === 0 && O.endedByGm) {
    const e = await gm.runtime!.host.endGame(lake);
    if (!e.ok) differences.push(`the GM's end was refused (${e.error.code})`);
  }
  if (differences.length === 0) await finalChecks(t, gm, lake, O, continued, differences);
  return { differences, played, continued, undone, handedOver };
}

/** The lake on the scene: the file's set-up (its first rounds continued), or the characters'. */
async function setUp(
  run: LakeRun,
  t: DiffTable,
  O: Session,
  continued: number,
): Promise<string | LakeReport> {
  const host = t.gm.runtime!.host;
  const fail = (why: string): LakeReport => ({
    differences: [why],
    played: 0,
    continued,
    undone: 0,
    handedOver: false,
  });
  const origin = { col: 1, row: 1 };
  // the differential games force each roll's face (the scenario's), which fair dice exist to
  // prevent: their lakes trust the rolling client; a fair lake's export is checked by the CLI's
  // verify in tests/foundry/players/fair-dice.test.ts
  const fairDice = false;
  if (run.via === "file" || continued > 0) {
    const { endedByGm: _end, ...file } = run.scenario;
    const r = await host.createFromScenario({
      sceneId: t.sceneId,
      scenario: { ...file, rounds: file.rounds.slice(0, continued) },
      name: "Differential lake",
      origin,
      tokens: t.tokens,
      fairDice,
    });
    return r.ok
      ? r.value.id
      : fail(`set-up from the file refused: ${r.error.code} ${r.error.field}`);
  }
  // from the characters: tokens and starts only, as a macro makes a lake; the generic adapter's
  // system keeps no armour class, armour or hit points, so the GM types them (the wizard's boxes)
  const s = O.setup;
  const r = await host.createLake({
    sceneId: t.sceneId,
    name: "Differential lake",
    lake: s.lake,
    origin,
    seed: s.seed,
    fishers: s.fishers.map((f) => ({
      tokenId: t.tokens[f.id]!,
      at: f.at,
      hazardChoice: f.hazardChoice ?? "hp",
      ...(run.system === "generic" ? { ac: f.ac ?? 10, armor: f.armor ?? 0, hp: f.hp ?? 10 } : {}),
    })),
    settings: { ...s.settings },
    ...(s.squares?.length ? { squares: s.squares } : {}),
    fairDice,
  });
  if (!r.ok) return fail(`set-up from the characters refused: ${r.error.code} ${r.error.field}`);
  const l = await host.load(r.value.id);
  if (!l.ok) return fail(`the new lake does not load: ${l.error.code}`);
  // the module's fishers are f1, f2...: the scenario's ids are those (the generator's)
  const d = firstDifference([l.value.session.state], [startSession(O.setup).state]);
  if (d) return fail(`the characters' set-up is not the file's: ${d}`);
  return r.value.id;
}

/** Answers every H4 question of the round as the engine did, by the fisher's owner (or the GM). */
function scriptChoices(t: DiffTable, gm: PlayerClient, asked: readonly Asked[]): void {
  const queue = new Map<string, ("hp" | "aim")[]>();
  for (const a of asked)
    if (a.request.kind === "hazardChoice") {
      const f = a.request.fisher!;
      const choice = a.answer.total === HAZARD_CHOICE.aim ? "aim" : "hp";
      queue.set(f, [...(queue.get(f) ?? []), choice]);
    }
  const answer = (fisher: string) => queue.get(fisher)?.shift();
  for (const c of [t.gm, t.gm2, ...t.players])
    c.chooser = (v) => {
      const owner = t.owner(v.fisher);
      const mine = owner ? owner === c : c === gm;
      return mine ? answer(v.fisher) : undefined;
    };
}

async function playRound(
  run: LakeRun,
  t: DiffTable,
  gm: PlayerClient,
  lake: string,
  O: Session,
  i: number,
  asked: readonly Asked[],
  rec: RoundRecord,
  dice: DiceQueue,
): Promise<boolean> {
  const n = i + 1;
  const host = gm.runtime!.host;
  const d = dice.differences;
  for (const f of rec.input.revive ?? []) {
    const r = await host.setRevive(lake, f, true);
    if (!r.ok) return (void d.push(`round ${n}: revival of ${f} refused (${r.error.code})`), false);
  }
  for (const [f, decl] of Object.entries(rec.input.actions)) {
    const owner = t.owner(f);
    const r = owner
      ? await owner.wiring!.player.declare({ lake, fisher: f, round: n, declaration: decl })
      : await host.setDeclaration(lake, f, decl, n);
    if (!r.ok)
      return (
        void d.push(`round ${n}: ${f}'s declaration refused (${r.error.code} ${r.error.field})`),
        false
      );
  }
  const locked = await gm.wiring!.gm.lock(lake);
  if (!locked.ok)
    return (void d.push(`round ${n}: the lock refused (${locked.error.code})`), false);
  await settleClients([gm, ...t.players]);
  // each declaring fisher's K6 check, as the table chooses to bring it in
  const given = new Set<string>();
  for (const [f, decl] of Object.entries(rec.input.actions)) {
    const a = asked.find((x) => x.request.key === k6Key(f, decl));
    if (!a) continue;
    const way = chooseWay(run, t, n, f, a);
    if (way === "typed") {
      const r = await host.setTotal(lake, f, a.answer);
      if (!r.ok)
        return (void d.push(`round ${n}: ${f}'s typed total refused (${r.error.code})`), false);
      given.add(a.request.key);
    } else if (way === "sheet") {
      const owner = t.owner(f)!;
      dice.push({
        key: a.request.key,
        formula: a.request.formula,
        system: true,
        faces: [a.answer.natural!],
        natural: a.answer.natural!,
      });
      const r = await owner.wiring!.player.rollFromCard(lake, n, f);
      await settleClients([gm, ...t.players]);
      if (!r.ok || r.value !== 1)
        return (
          void d.push(`round ${n}: ${f}'s roll from the card did not count (${show(r)})`),
          false
        );
      const rec2 = await host.load(lake);
      if (!rec2.ok || !rec2.value.record.pending.totals[f])
        return (void d.push(`round ${n}: ${f}'s sheet roll was not counted by the GM`), false);
      given.add(a.request.key);
    }
  }
  return resolveAndCompare(t, gm, lake, O, i, asked, given, dice);
}

/** The way a check comes in, where the table can bring it in that way. */
function chooseWay(run: LakeRun, t: DiffTable, n: number, f: string, a: Asked): CheckWay {
  const want = run.check(n, f);
  const sys = drawFor(a.request, a.answer, true);
  const system = typeof sys !== "string";
  if (want === "sheet" && t.owner(f) && system) return "sheet";
  if (want === "resolution" && system) return "resolution";
  return "typed";
}

/** After an undo: the record gives the round's declarations and totals back; locked afresh, resolved again. */
async function replayRound(
  _run: LakeRun,
  t: DiffTable,
  gm: PlayerClient,
  lake: string,
  O: Session,
  i: number,
  asked: readonly Asked[],
  _rec: RoundRecord,
  dice: DiceQueue,
): Promise<boolean> {
  const n = i + 1;
  const l = await gm.runtime!.host.load(lake);
  if (!l.ok)
    return (void dice.differences.push(`round ${n}: the undone lake does not load`), false);
  const given = new Set<string>();
  for (const [f, total] of Object.entries(l.value.record.pending.totals)) {
    const decl = l.value.record.pending.actions[f];
    if (decl && total) given.add(k6Key(f, decl));
  }
  const locked = await gm.wiring!.gm.lock(lake);
  if (!locked.ok)
    return (
      void dice.differences.push(`round ${n}: the lock after undo refused (${locked.error.code})`),
      false
    );
  return resolveAndCompare(t, gm, lake, O, i, asked, given, dice);
}

async function resolveAndCompare(
  t: DiffTable,
  gm: PlayerClient,
  lake: string,
  O: Session,
  i: number,
  asked: readonly Asked[],
  given: ReadonlySet<string>,
  dice: DiceQueue,
): Promise<boolean> {
  const n = i + 1;
  const d = dice.differences;
  const draws: Draw[] = [];
  for (const a of asked) {
    if (a.request.kind === "hazardChoice" || given.has(a.request.key)) continue;
    const draw = drawFor(a.request, a.answer, bySystem(a));
    if (typeof draw === "string") return (void d.push(`round ${n}: not playable: ${draw}`), false);
    draws.push(draw);
  }
  dice.clear();
  dice.push(...draws);
  scriptChoices(t, gm, asked);
  const r = await gm.wiring!.gm.resolve(lake, n);
  await settleClients([gm, ...t.players]);
  if (d.length) return false;
  if (!r.ok)
    return (
      void d.push(`round ${n}: the resolution failed (${r.error.code} ${r.error.message})`),
      false
    );
  if (dice.left().length)
    return (
      void d.push(
        `round ${n}: the module left dice the engine rolled: ${dice
          .left()
          .map((x) => x.key)
          .join(", ")}`,
      ),
      false
    );
  const now = gm.runtime!.host.cached(lake);
  if (!now) return (void d.push(`round ${n}: no session on the GM's client`), false);
  // the round's events as the engine played them (an end the GM calls comes after, apart)
  const expected = eventsOfRound(rebuild(O.setup, O.rounds.slice(0, n), false).log, n);
  const diff = firstDifference(eventsOfRound(now.log, n), expected);
  if (diff) return (void d.push(`round ${n}: ${diff}`), false);
  return true;
}

/** The end: the whole game, what each player was shown, and the export's replay. */
async function finalChecks(
  t: DiffTable,
  gm: PlayerClient,
  lake: string,
  O: Session,
  continued: number,
  d: string[],
): Promise<void> {
  const host = gm.runtime!.host;
  const l = await host.load(lake);
  if (!l.ok) return void d.push(`the lake does not load at the end (${l.error.code})`);
  const S = l.value.session;
  const diff = firstDifference(S.log, O.log);
  if (diff) return void d.push(`the game: ${diff}`);
  // the same state; the seeded generator's aside: Foundry's dice are not the seed's (the export
  // forces every roll, so its replay is the same game whatever the generator holds)
  const sd = firstDifference(
    Object.entries({ ...S.state, rng: 0 }),
    Object.entries({ ...O.state, rng: 0 }),
  );
  if (sd) return void d.push(`the final state: ${sd}`);
  // what each player was shown of the rounds played: the round cards' public events, and the
  // private news of the fishers they own (swarms under their public ids)
  const alias = host.alias(lake);
  const live = (e: GameEvent) => e.round > continued;
  for (const [p, name] of [
    [t.players[0], "Ana's player"],
    [t.players[1], "Bo's player"],
  ] as const) {
    const shown = publicShown(p, lake);
    const expected = aliasEvents(eventsFor(O.log, "player"), alias).filter(live);
    const pd = firstDifference(shown, expected);
    if (pd) return void d.push(`${name}'s round cards: ${pd}`);
    for (const f of O.setup.fishers.map((x) => x.id)) {
      if (t.owner(f) !== p) continue;
      const mine = aliasEvents(
        O.log.filter((e) => typeof e.audience === "object" && e.audience.fisher === f),
        alias,
      ).filter(live);
      const got = privateShown(p, lake, f);
      const fd = firstDifference(sortEvents(got), sortEvents(mine));
      if (fd) return void d.push(`${name}'s news of ${f}: ${fd}`);
    }
  }
  const ex = await host.exportScenario(lake);
  if (!ex.ok) return void d.push(`the export was refused (${ex.error.code})`);
  const again = playScenario(JSON.parse(JSON.stringify(ex.value)));
  if (!again.ok)
    return void d.push(`the export does not replay: ${again.error.field} ${again.error.message}`);
  const ed = firstDifference(again.session.log, O.log);
  if (ed) d.push(`the export's replay: ${ed}`);
}

/**
 * The public events of the round and end cards a player's client holds, oldest first; a round
 * played again after an undo is shown by its newest card (the older one is history, followed by
 * the undo card).
 */
function publicShown(p: PlayerClient, lake: string): GameEvent[] {
  const byRound = new Map<string, GameEvent[]>();
  for (const m of p.messageList()) {
    const f = cardFlagOf(m.flags);
    if (!f || f.lake !== lake || (f.kind !== "round" && f.kind !== "end")) continue;
    byRound.delete(`${f.kind}${f.round}`);
    byRound.set(`${f.kind}${f.round}`, [...(f.events ?? [])]);
  }
  return [...byRound.values()].flat();
}

/** The private news a player's client was sent for one fisher (every sending, once each). */
function privateShown(p: PlayerClient, lake: string, fisher: string): GameEvent[] {
  const seen = new Set<string>();
  const out: GameEvent[] = [];
  for (const x of p.received) {
    if (x.channel !== "query" || x.name !== QUERY.private) continue;
    const news = x.data as { lake: string; fisher: string; events: GameEvent[] };
    if (news.lake !== lake || news.fisher !== fisher) continue;
    for (const e of news.events) {
      const k = show(e);
      if (!seen.has(k)) {
        seen.add(k);
        out.push(e);
      }
    }
  }
  return out;
}

function sortEvents(list: readonly GameEvent[]): string[] {
  return list.map(show).sort();
}
