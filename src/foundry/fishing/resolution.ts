/**
 * Resolving a round and writing any change to a lake. A change is the GM record's new revision
 * first (the commit point), then one batch of its public writes: tokens, the public lake flag and
 * chat, rolled forward from the record (core/commit.ts). A failure before the record leaves
 * nothing public; a failure after it is finished from the record, never taken back.
 */
import type {
  AsyncDriver,
  ForcedTable,
  ForcedValue,
  GameEvent,
  HazardChoice,
  RollRecord,
  Session,
} from "../../rules/index.ts";
import {
  HAZARD_CHOICE,
  eventsFor,
  forcedLayer,
  pendingRoundInput,
  playRoundAsync,
} from "../../rules/index.ts";
import type { Alias } from "./aliases.ts";
import { roundMessages } from "./cards.ts";
import { hauls, roundGrants } from "./haul.ts";
import { changeHaulCard } from "../core/haul-card.ts";
import { HOOK } from "../core/constants.ts";
import type { Delivery } from "./delivery.ts";
import { cardFairEntries, withWithheld } from "./fair-record.ts";
import { namer } from "./delivery.ts";
import type { FoundryDriver } from "../core/dice.ts";
import { foundryDriver, VetoError } from "../core/dice.ts";
import type { HazardChoices } from "./hazard-choice.ts";
import { NeedChoice } from "./hazard-choice.ts";
import type { ChatCreate, Port, SceneData, WriteOp } from "../core/port.ts";
import type { PublicLake } from "./projection.ts";
import { publicLakeFor, publicLakeOf, sceneLakeOp, tokenOps } from "./projection.ts";
import type { AwaitedRound, GmRecord } from "./record.ts";
import { EMPTY_PENDING } from "./record.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import type { GameHosting } from "../core/game-host.ts";

/** A lake as the GM side reads it: its record, the session rebuilt from it, its scene and public flag. */
export interface Loaded {
  readonly record: GmRecord;
  readonly session: Session;
  readonly scene: SceneData;
  readonly pub: PublicLake;
}

/** What the resolution needs of the lake host. */
export interface HostParts {
  readonly port: Port;
  /** What both games' hosts share: the sessions known, the one commit (core/game-host.ts). */
  readonly games: GameHosting<Session>;
  readonly delivery: Delivery;
  /** H4: answers the engine's HP-or-aim decisions (hazard-choice.ts). */
  readonly choices: HazardChoices;
  load(lakeId: string): Promise<Result<Loaded>>;
  alias(lakeId: string): Alias;
  swarmName(): string;
  gmIds(): string[];
  readonly wrapDriver: ((base: AsyncDriver, lakeId: string) => AsyncDriver) | undefined;
}

/** The refusal of a change while the round waits for a hazard choice (H4): who it waits for. */
export function awaitingError(l: Loaded): Result<never> {
  return err("awaitingChoice", "round", namer(l.pub)(l.record.pending.awaiting?.fisher ?? ""));
}

export function chatOp(data: ChatCreate[]): WriteOp {
  return { kind: "chat.create", data };
}

/** A round under way that waits for a hazard choice: the question, recorded, and the lake. */
export interface Awaiting {
  readonly kind: "awaiting";
  readonly round: number;
  readonly awaiting: AwaitedRound;
  readonly pub: PublicLake;
  /** The question as this client already asks it (absent: a round found waiting, to ask again). */
  readonly asked?: Promise<HazardChoice>;
}

/** A round resolved and written. */
export interface Resolved {
  readonly kind: "resolved";
  readonly round: number;
  readonly events: GameEvent[];
  readonly after: () => Promise<void>;
}

/** The answer to an awaited question, to go on with (its id names the question). */
export interface ChoiceAnswer {
  readonly id: string;
  readonly choice: HazardChoice;
}

/** Records every answer the engine is given, in order (the round so far, if it must wait). */
function recording(inner: AsyncDriver, out: RollRecord[]): AsyncDriver {
  return {
    roll: async (request) => {
      const a = await inner.roll(request);
      out.push(
        a.natural === undefined
          ? { key: request.key, total: a.total }
          : { key: request.key, total: a.total, natural: a.natural },
      );
      return a;
    },
  };
}

/** The answers given so far as forced values, each key's in order. */
function answersOf(rolls: readonly RollRecord[]): ForcedTable {
  const table = new Map<string, ForcedValue[]>();
  for (const r of rolls) {
    const v = r.natural === undefined ? { total: r.total } : { total: r.total, natural: r.natural };
    table.set(r.key, [...(table.get(r.key) ?? []), v]);
  }
  return table;
}

/**
 * K5-K23: plays the pending round with Foundry's dice and writes it; nothing changes on a failure.
 * H4 (issue 20 item 9): when a hazard choice must be asked, the round so far (every answer the
 * engine was given) is written into the GM record as `awaiting` and the step ends, freeing the
 * lake's queue; the next step (`answer`) plays the round again from those answers plus the
 * choice, so the round is exactly the one a single uninterrupted resolution would have played.
 */
export async function resolveOnce(
  h: HostParts,
  lakeId: string,
  expected: number | undefined,
  answer?: ChoiceAnswer,
): Promise<Result<Resolved | Awaiting>> {
  const l = await h.load(lakeId);
  if (!l.ok) return l;
  const { record, session, pub } = l.value;
  if (expected !== undefined && session.state.round + 1 !== expected)
    return err("staleRound", "round");
  const p = record.pending;
  const round = session.state.round + 1;
  const prior = p.awaiting;
  // an answer to a question the record no longer holds (settled elsewhere, or after a reload)
  if (answer && answer.id !== prior?.id) return err("staleRound", "round");
  // a question already asked: go on with its answer only
  if (prior && !answer)
    return { ok: true, value: { kind: "awaiting", round, awaiting: prior, pub } };
  // K5, K6, H5: the declarations, revivals and typed or rolled totals, as the engine plays them;
  // a fair draw never rolled counts as the worst roll (fair-record.ts)
  const { input, forced } = pendingRoundInput(withWithheld(session.state, p));
  if (!prior && !h.port.callHook(HOOK.preResolveRound, { lakeId, round, input }))
    return err("vetoed");
  const driver = foundryDriver(h.port);
  const given: RollRecord[] = [];
  const before = prior
    ? [...prior.rolls, { key: prior.key, total: HAZARD_CHOICE[answer!.choice] }]
    : [];
  let r;
  try {
    const outer = h.wrapDriver ? h.wrapDriver(driver, lakeId) : driver;
    // H4 decisions go to the fisher's owner (and the GM), never to the dice
    const decided = h.choices.layer(outer, { lakeId, round, pub });
    const replayed = forcedLayer(forcedLayer(decided, forced), answersOf(before));
    r = await playRoundAsync(session, input, recording(replayed, given));
  } catch (e) {
    if (e instanceof NeedChoice) return awaitChoice(h, l.value, e, given, prior, driver);
    return err(
      e instanceof VetoError ? "vetoed" : "resolutionFailed",
      "",
      String((e as Error).message),
    );
  }
  if (!r.ok) return r;
  // what was pending before the round, without the question it waited for (undo gives it back)
  const { awaiting: _asked, ...declared } = p;
  const next: GmRecord = {
    ...record,
    rev: record.rev + 1,
    rounds: r.session.rounds,
    pending: EMPTY_PENDING,
    pendingBefore: [...record.pendingBefore, declared],
  };
  const chat = await roundMessages(h.port, {
    lakeId,
    lakeName: pub.name,
    round,
    events: r.events,
    fisherNames: namer(pub),
    ownersOf: (f) => h.delivery.ownersOf(pub, f),
    gmIds: h.gmIds(),
    publicRolls: [...(prior?.publicRolls ?? []), ...driver.publicRolls],
    alias: h.alias(lakeId),
    // fair dice: each check's draw, for every client to check (players/fair-proof.ts)
    fair: cardFairEntries(declared),
    ...(record.catch && r.events.some((e) => e.type === "gameEnd")
      ? { haul: hauls(record.catch, pub, r.session.log) }
      : {}),
  });
  // K13: the round's catch in the fishers' characters, written with its card (core/haul.ts)
  const grants = roundGrants(record.catch, pub, round, r.events);
  const haul = await changeHaulCard(h.port, pub, { kind: "round", n: round }, grants, namer(pub));
  if (haul) chat.push(haul);
  const committed = await commit(h, l.value, next, r.session, r.events, chat);
  if (!committed.ok) return committed;
  // the private news and the hooks go out once the lake's queue is free (LakeHost#resolveRound)
  return {
    ok: true,
    value: {
      kind: "resolved",
      round,
      events: r.events,
      after: () => h.delivery.afterRound(pub, r.session, r.events),
    },
  };
}

/** Writes the round so far and the question it waits for into the GM record (nothing public). */
async function awaitChoice(
  h: HostParts,
  l: Loaded,
  need: NeedChoice,
  given: readonly RollRecord[],
  prior: AwaitedRound | undefined,
  driver: FoundryDriver,
): Promise<Result<Awaiting>> {
  const awaiting: AwaitedRound = {
    ...need.question,
    rolls: given,
    publicRolls: [...(prior?.publicRolls ?? []), ...driver.publicRolls],
  };
  const record: GmRecord = {
    ...l.record,
    rev: l.record.rev + 1,
    pending: { ...l.record.pending, awaiting },
  };
  const c = await h.games.write(
    l.record.rev,
    record,
    [],
    (scene) => publicOps(h, l.pub, scene, record, l.session.state, [], false),
    l.session,
  );
  if (!c.ok) return c;
  return {
    ok: true,
    value: {
      kind: "awaiting",
      round: l.session.state.round + 1,
      awaiting,
      pub: l.pub,
      asked: need.answer,
    },
  };
}

/**
 * Writes one change of a lake (core/commit.ts): the record's new revision first, then the tokens,
 * the public lake flag and the change's cards roll forward from it. Refused as stale when another
 * GM client wrote the record since it was read (a hand-over mid-round), and then nothing of it is
 * written: no round is resolved twice and nothing is lost; the scene is brought in line with the
 * newer record instead, never with this client's older one.
 */
export async function commit(
  h: HostParts,
  l: Loaded,
  record: GmRecord,
  session: Session,
  events: readonly GameEvent[],
  chat: ChatCreate[],
): Promise<Result<true>> {
  const shown = eventsFor(events, "player");
  return h.games.write(
    l.record.rev,
    record,
    chat,
    (scene) => publicOps(h, l.pub, scene, record, session.state, shown),
    session,
  );
}

/**
 * The public writes that show a record's state to players, against the scene as it is now: the
 * tokens (K20: what players may see) and the public lake flag, each only where it differs.
 */
export function publicOps(
  h: Pick<HostParts, "swarmName" | "alias">,
  base: PublicLake,
  scene: SceneData,
  record: GmRecord,
  state: Session["state"],
  shownEvents: readonly GameEvent[] = [],
  tokens = true,
): WriteOp[] {
  const pub = publicLakeFor(base, state, Object.keys(record.pending.actions));
  const ops = tokens
    ? tokenOps(pub, scene, state, shownEvents, h.swarmName(), h.alias(record.lakeId))
    : [];
  if (JSON.stringify(publicLakeOf(scene, record.lakeId)) !== JSON.stringify(pub))
    ops.push(sceneLakeOp(scene, pub));
  return ops;
}
