/**
 * Resolving a round and writing any change to a lake. A change is the GM record's new revision
 * first (the commit point), then one batch of its public writes: tokens, the public lake flag and
 * chat, rolled forward from the record (core/commit.ts). A failure before the record leaves
 * nothing public; a failure after it is finished from the record, never taken back.
 */
import type { AsyncDriver, GameEvent, Session } from "../../rules/index.ts";
import { eventsFor, forcedLayer, pendingRoundInput, playRoundAsync } from "../../rules/index.ts";
import type { Alias } from "./aliases.ts";
import { roundMessages } from "./cards.ts";
import { HOOK } from "../core/constants.ts";
import type { Delivery } from "./delivery.ts";
import { namer } from "./delivery.ts";
import { foundryDriver, VetoError } from "../core/dice.ts";
import type { HazardChoices } from "./hazard-choice.ts";
import type { ChatCreate, Port, SceneData, WriteOp } from "../core/port.ts";
import type { PublicLake } from "./projection.ts";
import { publicLakeFor, publicLakeOf, sceneLakeOp, tokenOps } from "./projection.ts";
import type { GmRecord } from "./record.ts";
import { EMPTY_PENDING } from "./record.ts";
import type { Result } from "../core/result.ts";
import { err } from "../core/result.ts";
import type { GmStore } from "../core/store/gm-store.ts";
import type { TableCore } from "../core/table-core.ts";

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
  /** The table core: the one commit (core/table-core.ts). */
  readonly core: TableCore;
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
  /** After a stale refusal: the scene in line with the newest record (inside the lake's queue). */
  catchUp(lakeId: string): Promise<unknown>;
}

export function chatOp(data: ChatCreate[]): WriteOp {
  return { kind: "chat.create", data };
}

/** K5-K23: plays the pending round with Foundry's dice and writes it; nothing changes on a failure. */
export async function resolveOnce(
  h: HostParts,
  lakeId: string,
  expected: number | undefined,
): Promise<Result<{ round: number; events: GameEvent[]; after: () => Promise<void> }>> {
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
  // the private news and the hooks go out once the lake's queue is free (LakeHost#resolveRound)
  return {
    ok: true,
    value: {
      round,
      events: r.events,
      after: () => h.delivery.afterRound(pub, r.session, r.events),
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
  const c = await h.core.commit(
    {
      from: l.record.rev,
      record,
      chat,
      field: "lake",
      publish: (scene) => publicOps(h, l.pub, scene, record, session.state, shown),
    },
    (r) => h.remember(r.lakeId, r.rev, session),
  );
  if (!c.ok) {
    if (c.error.code === "staleRecord") await h.catchUp(record.lakeId);
    return c;
  }
  return { ok: true, value: true };
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
