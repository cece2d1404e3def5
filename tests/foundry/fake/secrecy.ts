/**
 * The leak check: given the GM's truth, does anything a player's client received hold a
 * secret? Secrets (issue 3, issue 19): an unseen swarm's position or count, what an unexplored
 * square holds, a hidden move, another fisher's private news, a declaration before the round is
 * resolved, a die only the GM may see, what a covered Kayanak hole holds, the GM record itself,
 * and a GM store revision that can be read without its key.
 *
 * It reads every payload a player's client of the fakes receives (the world at login, every
 * document change: scenes and their tokens and flags, actors, world settings, chat messages and
 * their rolls' JSON, the GM store's documents; every query and its answer) and judges it by
 * CONTENT against the truth: a square and a count, a declaration's action and target, a die's
 * formula and total, a hole and its fish. Never by ids: the module shows players its own ids
 * (aliases.ts), so an id says nothing about what a payload gives away.
 *
 * `SecrecyChecker` keeps, per player client, what that player may know so far (every swarm a
 * public fact has placed on a square with a count) and the tokens that client holds (a token
 * update carries only what changed); `findLeaks` is one check with no memory.
 */
import type { Coord, Declaration, GameEvent, GameState } from "../../../src/rules/index.ts";
import { coordOf, eventsFor, resolveRound, runSync, viewFor } from "../../../src/rules/index.ts";
import type { Audience, RollRequest } from "../../../src/rules/index.ts";
import type { KayanakState } from "../../../src/rules/kayanak/index.ts";
import { holeOf } from "../../../src/rules/kayanak/index.ts";
import { eventLine } from "../../../src/foundry/fishing/cards.ts";
import { MODULE_ID } from "../../../src/foundry/core/constants.ts";
import type { SceneData, TokenData } from "../../../src/foundry/core/port.ts";
import type { PublicLake } from "../../../src/foundry/fishing/projection.ts";
import { barOf, publicLakeOf, squareAt } from "../../../src/foundry/fishing/projection.ts";
import { fishAt } from "../../../src/foundry/core/swarm-body.ts";
import type { GmRecord } from "../../../src/foundry/fishing/record.ts";
import type { Payload } from "./server.ts";
import { strictLocalize } from "./client.ts";

/** One die of a round as the engine asked for it, with the total it was given. */
export interface RollTruth {
  readonly key: string;
  readonly formula: string;
  readonly total: number;
  readonly audience: Audience;
}

export interface Truth {
  readonly state: GameState;
  readonly log: readonly GameEvent[];
  /** Fishers this player owns (their own private news may reach them by query only). */
  readonly owned: readonly string[];
  readonly names: (id: string) => string;
  /**
   * The lake's scene as the server holds it: its grid and the public lake flag place a token
   * on a square. Without it tokens are judged by the square in their flag alone.
   */
  readonly scene?: SceneData;
  readonly lake?: string;
  /** The declarations of the round being declared (K5: secret until the round is resolved). */
  readonly pending?: Readonly<Record<string, Declaration>>;
  /** Every die of the last resolved round, with its audience (`roundRolls`). */
  readonly rolls?: readonly RollTruth[];
  /** A Kayanak board's state: its covered holes' fish are secret (J10). */
  readonly kayanak?: KayanakState;
}

/** Strings that would betray a secret if they appeared in any document a player receives. */
export function forbiddenLines(t: Pick<Truth, "log" | "names"> & Partial<Truth>): string[] {
  return t.log
    .filter((e) => e.audience !== "all")
    .map((e) => eventLine(e, t.names, strictLocalize))
    .filter((s) => s.length > 12);
}

/**
 * The dice of a resolved round, asked again: the engine is run over the round's input from the
 * state before it, each request answered with the total the record kept for it (in order).
 */
export function roundRolls(before: GameState, round: GmRecord["rounds"][number]): RollTruth[] {
  const out: RollTruth[] = [];
  let i = 0;
  runSync(resolveRound(before, round.input), {
    roll(q: RollRequest) {
      const r = round.rolls[i++];
      if (!r || r.key !== q.key) throw new Error(`roundRolls: the record has no roll ${q.key}`);
      if (!q.decision)
        out.push({ key: q.key, formula: q.formula, total: r.total, audience: q.audience });
      return r.natural === undefined ? { total: r.total } : { total: r.total, natural: r.natural };
    },
  });
  return out;
}

/** Keys only the GM record holds (whether the GM ended the game is public: the scene shows it). */
const RECORD_KEYS = new Set(["setup", "pending", "pendingBefore", "rng"]);

/**
 * A GM store revision's sealed part, if it can be read without its key: base64 that decodes to
 * JSON (store/sealed.ts seals with XChaCha20-Poly1305, which leaves bytes nothing can parse).
 */
function readable(sealed: string): unknown {
  try {
    return JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(sealed, "base64")),
    );
  } catch {
    return undefined;
  }
}

const isCoord = (v: unknown): v is Coord =>
  Array.isArray(v) && v.length === 3 && v.every((n) => Number.isInteger(n));
const sq = (c: readonly number[]) => c.join(",");
const fact = (c: readonly number[], n: number) => `${sq(c)}#${n}`;
/** The square and count fields a fact about fish on a square is written with. */
const PLACES = ["at", "to", "from", "target"] as const;
const COUNTS = ["fish", "left"] as const;

/** Every (square, count) pair an object states: `{at, fish}`, `{to, fish}`, `{at, left}`... */
function factsOf(o: Record<string, unknown>): { at: Coord; n: number }[] {
  const out: { at: Coord; n: number }[] = [];
  for (const p of PLACES) {
    const at = o[p];
    if (!isCoord(at)) continue;
    for (const c of COUNTS) if (typeof o[c] === "number") out.push({ at, n: o[c] as number });
  }
  return out;
}

/** Every (square, count) pair anywhere in a value. */
function allFacts(v: unknown, into: Set<string>): void {
  if (Array.isArray(v)) return v.forEach((x) => allFacts(x, into));
  if (typeof v !== "object" || v === null) return;
  const o = v as Record<string, unknown>;
  for (const f of factsOf(o)) into.add(fact(f.at, f.n));
  for (const x of Object.values(o)) allFacts(x, into);
}

const sameCoord = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => x === b[i]);

/** Does `o` state declaration `d`: its action, and its square if it names one? */
function states(o: Record<string, unknown>, d: Declaration): boolean {
  if (o.action !== d.action) return false;
  for (const k of ["target", "to", "toward"] as const)
    if (k in d && !sameCoord(o[k], (d as Record<string, unknown>)[k])) return false;
  return true;
}

/** A roll's JSON (Roll#toJSON, v13 client/dice/roll.mjs: `formula`, `total`, `evaluated`). */
function rollOf(o: Record<string, unknown>): { formula: string; total: number } | undefined {
  return typeof o.formula === "string" && typeof o.total === "number"
    ? { formula: o.formula.replace(/\s+/g, ""), total: o.total }
    : undefined;
}

const visibleTo = (a: Audience, owned: readonly string[]) =>
  a === "all" || (typeof a === "object" && owned.includes(a.fisher));

export class SecrecyChecker {
  /** Every (square, count) a public fact or a player view has shown so far. */
  private readonly known = new Set<string>();
  /**
   * What was judged by content, to show a run really held the check to something: swarm tokens,
   * (square, count) facts, dice the engine rolled, declared actions, Kayanak holes.
   */
  readonly judgedCounts = { tokens: 0, facts: 0, dice: 0, actions: 0, holes: 0 };
  /** The chat messages whose dice were judged. */
  private readonly judged = new Set<string>();
  /** The tokens this client holds, as the payloads built them. */
  private tokens = new Map<string, TokenData>();

  /** The leaks in `payloads` (received in order since the last check) against `t`. */
  check(payloads: readonly Payload[], t: Truth, forbidden = forbiddenLines(t)): string[] {
    const leaks: string[] = [];
    const state = t.state;
    const lakeOk = !!state.lake;
    const view = lakeOk ? viewFor(state, "player") : undefined;
    const publicLog = eventsFor(t.log, "player");
    // what players may know: the view and every public fact, now and before
    for (const s of view?.swarms ?? []) this.known.add(fact(s.at, s.fish));
    allFacts(publicLog, this.known);
    const own = new Set<string>();
    for (const f of t.owned) allFacts(eventsFor(t.log, { fisher: f }), own);
    const nowSeen = new Set((view?.swarms ?? []).map((s) => fact(s.at, s.fish)));
    const unseen = new Map<string, number>();
    for (const s of state.swarms ?? []) if (!s.seen) unseen.set(sq(s.at), s.fish);
    const unexplored = new Set<string>();
    if (lakeOk && view)
      for (let i = 0; i < state.explored.length; i++)
        if (state.explored[i] !== 1) unexplored.add(sq(coordOf(state.lake, i)));
    const secretAt = (at: Coord) =>
      unseen.has(sq(at))
        ? `an unseen swarm's square ${sq(at)} (${unseen.get(sq(at))} fish)`
        : unexplored.has(sq(at))
          ? `the unexplored square ${sq(at)}`
          : undefined;
    const pub: PublicLake | undefined =
      t.scene && t.lake ? publicLakeOf(t.scene, t.lake) : undefined;
    // the dice players may see this round (formula and total): a message (or a payload) shows
    // each at most as often as the round rolled it where players may see it
    let shown = new Map<string, number>();
    const dieKey = (formula: string, total: number) => `${formula.replace(/\s+/g, "")}=${total}`;
    const covered = (t.kayanak?.holes ?? []).flatMap((h, i) =>
      h.open ? [] : [{ at: holeOf(t.kayanak!.board, i), big: h.big, small: h.small }],
    );
    const kayanakFishers = new Set((t.kayanak?.fishers ?? []).map((f) => f.id));

    const judgeToken = (tok: TokenData, path: string): void => {
      const flag = tok.flags?.[MODULE_ID] as { swarm?: unknown; at?: unknown; stale?: unknown };
      const isSwarm = (pub && tok.actorId === pub.swarmActorId) || typeof flag?.swarm === "string";
      if (!isSwarm || !lakeOk) return;
      this.judgedCounts.tokens++;
      const bar = fishAt(tok.delta?.system, pub ? barOf(pub) : "fish");
      const places: Coord[] = [];
      if (isCoord(flag?.at)) places.push(flag.at);
      if (pub && t.scene && typeof tok.x === "number" && typeof tok.y === "number") {
        const at = squareAt(pub, t.scene, tok.x, tok.y);
        if (at && pub.layout === "side-by-side") places.push(at);
      }
      for (const at of places) {
        const n = bar?.value;
        const secret = secretAt(at);
        const stale = flag?.stale === true;
        const explained =
          n !== undefined && (stale ? this.known.has(fact(at, n)) : nowSeen.has(fact(at, n)));
        if (explained) continue;
        if (secret || n !== undefined)
          leaks.push(
            `${path}: a ${stale ? "last-seen marker" : "swarm token"} at ${sq(at)} with ${n ?? "?"} fish the players' view does not hold${secret ? `: ${secret}` : ""}`,
          );
      }
    };

    const walk = (v: unknown, path: string, inQuery: boolean, dice = true): void => {
      if (typeof v === "string") {
        if (!inQuery)
          for (const f of forbidden) if (v.includes(f)) leaks.push(`${path}: holds "${f}"`);
        return;
      }
      if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`, inQuery, dice));
      if (typeof v !== "object" || v === null) return;
      const o = v as Record<string, unknown>;
      if (Array.isArray(o.rolls)) shown = new Map();
      for (const k of Object.keys(o))
        if (RECORD_KEYS.has(k)) leaks.push(`${path}.${k}: GM record data`);
      if (typeof o.sealed === "string") {
        const open = readable(o.sealed);
        if (open !== undefined) {
          leaks.push(`${path}.sealed: a readable GM store revision`);
          walk(open, `${path}.sealed(opened)`, inQuery);
        }
      }
      if ("audience" in o && o.audience !== "all") {
        const a = o.audience as { fisher?: string } | string;
        if (!inQuery) leaks.push(`${path}: a non-public event in a document`);
        else if (typeof a !== "object" || !t.owned.includes(a.fisher ?? ""))
          leaks.push(`${path}: another fisher's news`);
      }
      // fish on a square: a public fact, or (by query) the player's own news, or a leak
      if (lakeOk)
        for (const f of factsOf(o)) {
          this.judgedCounts.facts++;
          const k = fact(f.at, f.n);
          if (this.known.has(k) || (inQuery && own.has(k))) continue;
          const secret = secretAt(f.at);
          if (secret) leaks.push(`${path}: ${f.n} fish at ${sq(f.at)}, ${secret}`);
        }
      // K5: a declaration before the round is resolved
      // (a query's answer to the player may hold their own: the same words as another's are theirs)
      const pending = t.pending && typeof o.action === "string" ? Object.entries(t.pending) : [];
      this.judgedCounts.actions += pending.length ? 1 : 0;
      const mine = inQuery && pending.some(([f, d]) => t.owned.includes(f) && states(o, d));
      if (!mine)
        for (const [fisher, d] of pending)
          if (states(o, d))
            leaks.push(`${path}: ${fisher}'s declaration ${JSON.stringify(d)} before the round`);
      // a die only the GM (or another fisher) may see
      const roll = dice ? rollOf(o) : undefined;
      if (roll && t.rolls) {
        const key = dieKey(roll.formula, roll.total);
        const same = t.rolls.filter((r) => dieKey(r.formula, r.total) === key);
        if (same.length) this.judgedCounts.dice++;
        const mayShow = same.filter((r) => visibleTo(r.audience, inQuery ? t.owned : [])).length;
        const used = (shown.get(key) ?? 0) + 1;
        shown.set(key, used);
        if (same.length > 0 && used > mayShow)
          leaks.push(
            `${path}: the die ${same.find((r) => !visibleTo(r.audience, []))?.key ?? same[0]!.key} (${key}), which only the GM may see`,
          );
      }
      // J10: what a covered hole holds
      if (covered.length && Array.isArray(o.at) && o.at.length === 2)
        for (const h of covered)
          if (sameCoord(o.at, h.at) && !(typeof o.id === "string" && kayanakFishers.has(o.id))) {
            this.judgedCounts.holes++;
            if (o.big === h.big && o.small === h.small)
              leaks.push(
                `${path}: the covered hole ${sq(h.at)}'s fish (${h.big} big, ${h.small} small)`,
              );
            else if ("big" in o || "small" in o)
              leaks.push(`${path}: fish counts on the covered hole ${sq(h.at)}`);
          }
      for (const [k, x] of Object.entries(o)) walk(x, `${path}.${k}`, inQuery, dice);
    };

    payloads.forEach((p, i) => {
      shown = new Map();
      const path = `payload ${i} (${p.channel}${"op" in p ? ` ${p.op}` : ""}${"name" in p ? ` ${p.name}` : ""})`;
      // the GM store's own documents may reach a player (a server that ignores the pack's
      // ownership: FakeServer#storeBroadcast "everyone"); what they show must hold nothing
      if (p.channel === "world") {
        // a message's dice are judged once, when it first arrives (against that round's dice);
        // the world at login holds every message again
        const { messages, ...rest } = p.data;
        walk(rest, `${path}.data`, false);
        messages.forEach((m, k) =>
          walk(m, `${path}.data.messages[${k}]`, false, !this.judged.has(m._id)),
        );
      } else walk(p, path, p.channel === "query");
      for (const m of messagesOf(p)) this.judged.add(m._id);
      for (const [id, tok] of this.touched(p)) judgeToken(tok, `${path} token ${id}`);
    });
    return leaks;
  }

  /** Applies a payload to this client's tokens; the tokens it created or changed. */
  private touched(p: Payload): [string, TokenData][] {
    if (p.channel === "world") {
      this.tokens = new Map(p.data.scenes.flatMap((s) => s.tokens.map((x) => [x._id, x])));
      return [...this.tokens];
    }
    if (p.channel !== "modifyDocument") return [];
    const d = p.data as {
      tokens?: TokenData[];
      updates?: (Partial<TokenData> & { _id: string })[];
      ids?: string[];
    };
    if (p.op === "tokens.create") {
      for (const x of d.tokens ?? []) this.tokens.set(x._id, x);
      return (d.tokens ?? []).map((x) => [x._id, x]);
    }
    if (p.op === "tokens.update")
      return (d.updates ?? []).map((u) => {
        const next = merged(this.tokens.get(u._id), u);
        this.tokens.set(u._id, next);
        return [u._id, next];
      });
    if (p.op === "tokens.delete") for (const id of d.ids ?? []) this.tokens.delete(id);
    return [];
  }
}

/** The chat messages a payload brings (ChatMessage documents: `_id`, `rolls`...). */
function messagesOf(p: Payload): { _id: string }[] {
  if (p.channel === "world") return p.data.messages;
  if (p.channel === "modifyDocument" && p.op === "chat.create") return p.data as { _id: string }[];
  return [];
}

/** A token after an update, merged as foundry.utils.mergeObject does (objects deeply). */
function merged(old: TokenData | undefined, u: object): TokenData {
  const deep = (a: unknown, b: unknown): unknown => {
    if (
      typeof a !== "object" ||
      a === null ||
      typeof b !== "object" ||
      b === null ||
      Array.isArray(b)
    )
      return b;
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b)) out[k] = deep(out[k], v);
    return out;
  };
  return deep(old ?? {}, u) as TokenData;
}

/** One check with no memory of earlier payloads (every public fact of the log counts as known). */
export function findLeaks(
  payloads: readonly Payload[],
  t: Truth,
  forbidden = forbiddenLines(t),
): string[] {
  return new SecrecyChecker().check(payloads, t, forbidden);
}
