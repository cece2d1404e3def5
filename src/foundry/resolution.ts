/**
 * Resolving a round and writing any change to a lake. A change is one fixed batch: token ops,
 * the public lake flag, chat, then the GM record's new revision last (the commit point). v14
 * sends the documents as one all-or-nothing batch; on v13, if a write fails part way, the scene
 * is put back from the unchanged record and the messages already created are deleted.
 */
import type { AsyncDriver, GameEvent, Session } from "../rules/index.ts";
import { eventsFor, forcedLayer, pendingRoundInput, playRoundAsync } from "../rules/index.ts";
import type { Alias } from "./aliases.ts";
import { roundMessages } from "./chat.ts";
import { HOOK } from "./constants.ts";
import type { Delivery } from "./delivery.ts";
import { namer } from "./delivery.ts";
import { foundryDriver, VetoError } from "./dice.ts";
import type { HazardChoices } from "./hazard-choice.ts";
import type { ChatCreate, Port, SceneData, WriteOp } from "./port.ts";
import type { PublicLake } from "./projection.ts";
import { publicLakeFor, sceneLakeOp, tokenOps } from "./projection.ts";
import type { GmRecord } from "./record.ts";
import { EMPTY_PENDING } from "./record.ts";
import type { Result } from "./result.ts";
import { err } from "./result.ts";
import type { GmStore } from "./store/gm-store.ts";
import { WriteError, isStale } from "./write-error.ts";

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
  readonly store: GmStore;
  readonly delivery: Delivery;
  /** H4: answers the engine's HP-or-aim decisions (hazard-choice.ts). */
  readonly choices: HazardChoices;
  load(lakeId: string): Promise<Result<Loaded>>;
  alias(lakeId: string): Alias;
  swarmName(): string;
  gmIds(): string[];
  /** The session this client now knows for a revision (the session cache). */
  remember(lakeId: string, rev: number, session: Session): void;
  readonly wrapDriver: ((base: AsyncDriver, lakeId: string) => AsyncDriver) | undefined;
}

export function chatOp(data: ChatCreate[]): WriteOp {
  return { kind: "chat.create", data };
}

/** K5-K23: plays the pending round with Foundry's dice and writes it; nothing changes on a failure. */
export async function resolveOnce(
  h: HostParts,
  lakeId: string,
  expected: number | undefined,
): Promise<Result<{ round: number; events: GameEvent[] }>> {
  const l = await h.load(lakeId);
  if (!l.ok) return l;
  const { record, session, pub } = l.value;
  if (expected !== undefined && session.state.round + 1 !== expected)
    return err("staleRound", "round");
  const p = record.pending;
  // K5, K6, H5: the declarations, revivals and typed or rolled totals, as the engine plays them
  const { input, forced } = pendingRoundInput(p);
  const round = session.state.round + 1;
  if (!h.port.callHook(HOOK.preResolveRound, { lakeId, round, input })) return err("vetoed");
  const driver = foundryDriver(h.port);
  let r;
  try {
    const outer = h.wrapDriver ? h.wrapDriver(driver, lakeId) : driver;
    // H4 decisions go to the fisher's owner (and the GM), never to the dice
    const decided = h.choices.layer(outer, { lakeId, round, pub });
    r = await playRoundAsync(session, input, forcedLayer(decided, forced));
  } catch (e) {
    return err(
      e instanceof VetoError ? "vetoed" : "resolutionFailed",
      "",
      String((e as Error).message),
    );
  }
  if (!r.ok) return r;
  const next: GmRecord = {
    ...record,
    rev: record.rev + 1,
    rounds: r.session.rounds,
    pending: EMPTY_PENDING,
    pendingBefore: [...record.pendingBefore, p],
  };
  const chat = await roundMessages(h.port, {
    lakeId,
    lakeName: pub.name,
    round,
    events: r.events,
    fisherNames: namer(pub),
    ownersOf: (f) => h.delivery.ownersOf(pub, f),
    gmIds: h.gmIds(),
    publicRolls: driver.publicRolls,
    alias: h.alias(lakeId),
  });
  const committed = await commit(h, l.value, next, r.session, r.events, chat);
  if (!committed.ok) return committed;
  await h.delivery.afterRound(pub, r.session, r.events);
  return { ok: true, value: { round, events: r.events } };
}

/**
 * Writes one change, the record's new revision last. Refused as stale when another GM client
 * wrote the record since it was read (a hand-over mid-round): so no round is resolved twice
 * and nothing is lost; the caller reloads and tries again.
 */
export async function commit(
  h: HostParts,
  l: Loaded,
  record: GmRecord,
  session: Session,
  events: readonly GameEvent[],
  chat: ChatCreate[],
): Promise<Result<true>> {
  const current = await h.store.get(record.lakeId);
  if (!current.ok) return current;
  if (current.value?.rev !== l.record.rev) return err("staleRecord");
  const scene = h.port.scene(l.scene._id) ?? l.scene;
  const pub = publicLakeFor(l.pub, session.state, Object.keys(record.pending.actions));
  const sealed = h.store.tryPut(record, "lake");
  if (!sealed.ok) return sealed;
  const put = sealed.value;
  const ops: WriteOp[] = [
    ...tokenOps(
      pub,
      scene,
      session.state,
      eventsFor(events, "player"),
      h.swarmName(),
      h.alias(record.lakeId),
    ),
    sceneLakeOp(scene, pub),
    chatOp(chat),
    put,
  ];
  const round = session.state.round;
  const cardsBefore = new Set(h.port.cardIds(record.lakeId, round));
  try {
    await h.port.write(ops);
  } catch (e) {
    // another GM client wrote this revision first (compare-and-set): take back and report
    const stale = isStale(e);
    // an unverified batch may have created this round's cards: found by their flag, not by id
    const created =
      e instanceof WriteError && e.unverified
        ? h.port.cardIds(record.lakeId, round).filter((id) => !cardsBefore.has(id))
        : undefined;
    await rollback(h, l, ops, e, created);
    return stale ? err("staleRecord") : err("writeFailed", "", String((e as Error).message));
  }
  h.remember(record.lakeId, record.rev, session);
  await h.store.written(put);
  // this round's GM cards were drawn before the record (the commit point) existed; the store's
  // create hook, which fires on this client too, draws them again (hooks/update-store.ts)
  return { ok: true, value: true };
}

async function rollback(
  h: HostParts,
  l: Loaded,
  ops: readonly WriteOp[],
  e: unknown,
  found?: readonly string[],
): Promise<void> {
  if (!(e instanceof WriteError)) return;
  const chatIndex = ops.findIndex((o) => o.kind === "chat.create");
  const created = found ? [...found] : (e.done[chatIndex] ?? []);
  const scene = h.port.scene(l.scene._id) ?? l.scene;
  const undoOps: WriteOp[] = [
    ...tokenOps(l.pub, scene, l.session.state, [], h.swarmName(), h.alias(l.pub.id)),
    sceneLakeOp(scene, l.pub),
  ];
  if (created.length) undoOps.push({ kind: "chat.delete", ids: created });
  try {
    await h.port.write(undoOps);
  } catch {
    // The record is unchanged; `reconcile` on the next load puts the scene right.
  }
}
