/**
 * The one commit of every game (the fishing game and Kayanak): the GM record is the commit point.
 *
 * 1. The record's next revision is written on its own: a compare-and-set (a revision's document
 *    id is fixed by game and revision, store/gm-store.ts), so a GM client that read an older
 *    record is refused and nothing else of its change is written; a revision created again after
 *    the store deleted it is found at once (`stands`) and refused the same way. A failure here leaves nothing
 *    public: no token, no scene flag, no card.
 * 2. Only then does the public side roll forward from the record: tokens, the scene flag, the
 *    tracker and the change's cards. The cards travel in the record itself (`outbox`), each
 *    flagged with the revision that made it, so a public write that fails (a closed tab, a
 *    refused batch, a v13 write that stopped part way) is finished later from the record by
 *    `rollForward`, never taken back: players are never shown a round that is then withdrawn.
 *    A card still unposted when the next change is made is carried on in the next revision's
 *    outbox, so no later change can leave it behind.
 *
 * `rollForward` is idempotent: the public writes are computed against the scene as it is now
 * (each game's `Publish` writes only what differs), the outbox is posted only while no GM-written
 * card of that revision exists, and GM-written cards of revisions the record never reached are
 * removed. Reconcile after a reload, a hand-over or a stale refusal is the same call.
 */
import { MODULE_ID } from "./constants.ts";
import type { CatchDoc, ChatCreate, ModuleCard, Port, SceneData, WriteOp } from "./port.ts";
import type { StoreRecord } from "./record.ts";
import type { Result } from "./result.ts";
import { err } from "./result.ts";
import type { GmStore } from "./store/gm-store.ts";
import type { SealKey } from "./store/sealed.ts";
import { WriteError, isStale } from "./write-error.ts";
import { grantOps, haulOf } from "./haul.ts";

/** The public writes that put a scene in line with a record, computed against the scene now. */
export type Publish = (scene: SceneData) => WriteOp[];

export interface CommitParts {
  readonly port: Port;
  readonly store: GmStore;
}

/** One change of a game, ready to commit. */
export interface Change<R extends StoreRecord> {
  /** The revision the change was made from (the compare-and-set); undefined for a new game. */
  readonly from: number | undefined;
  /** The next revision (its `outbox` is filled here from `chat`). */
  readonly record: R;
  /** The cards the change posts (public, whispered to the GM, or to a fisher's owners). */
  readonly chat: readonly ChatCreate[];
  readonly publish: Publish;
  /** A new game's key (store/gm-store.ts `keyForNewLake`); else the key of the revision read. */
  readonly key?: SealKey;
  /** The field a key-missing error names ("lake", "board"). */
  readonly field: string;
}

export interface Committed<R extends StoreRecord> {
  readonly record: R;
  /** The public side caught up with the record (false: reconcile finishes it later). */
  readonly published: boolean;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A 16-character document id (the shape of foundry.utils.randomID), from the browser's crypto. */
export function newDocId(): string {
  const a = new Uint8Array(16);
  globalThis.crypto.getRandomValues(a);
  return Array.from(a, (b) => ID_CHARS[b % ID_CHARS.length]).join("");
}

/**
 * A card of a record's outbox: its flag names the revision whose change posts it, and its
 * document id is drawn once, here, and kept in the record, so that two GM clients rolling the
 * same record forward (a hand-over under way) create the same message and the server refuses the
 * second (`keepId`): a card is posted once, however often its record is rolled forward. Drawn at
 * random, not derived: a player who could foresee it could take the id first.
 */
function stamped(card: ChatCreate, rev: number): ChatCreate {
  const flag = (card.flags[MODULE_ID] ?? {}) as Record<string, unknown>;
  return { ...card, _id: newDocId(), flags: { ...card.flags, [MODULE_ID]: { ...flag, rev } } };
}

/**
 * Writes the record first, then rolls the public side forward from it. `remember` runs once the
 * record is written (the host's session cache), before anything public goes out.
 */
export async function commitChange<R extends StoreRecord>(
  h: CommitParts,
  change: Change<R>,
  remember: (record: R) => void,
): Promise<Result<Committed<R>>> {
  const id = change.record.lakeId;
  let owed: ChatCreate[] = [];
  if (change.from !== undefined) {
    const current = await h.store.get(id);
    if (!current.ok) return current;
    if (current.value?.rev !== change.from) return err("staleRecord");
    owed = unposted(h.port, current.value);
  }
  const record = {
    ...change.record,
    outbox: [...owed, ...change.chat.map((c) => stamped(c, change.record.rev))],
  } as R;
  await h.store.ready(); // the cipher's chunk (store/crypto.ts)
  let put: Extract<WriteOp, { kind: "store.put" }>;
  if (change.key) put = h.store.put(record, change.key) as typeof put;
  else {
    const sealed = h.store.tryPut(record, change.field);
    if (!sealed.ok) return sealed;
    put = sealed.value;
  }
  try {
    await h.port.write([put]);
  } catch (e) {
    // refused (another GM client wrote this revision first) or failed: nothing public went out
    return isStale(e) ? err("staleRecord") : err("writeFailed", "", String((e as Error).message));
  }
  // created, but maybe again after the store deleted it (store/gm-store.ts `stands`)
  if (!(await h.store.stands(put))) return err("staleRecord");
  remember(record);
  await h.store.written(put);
  const published = await rollForward(h.port, record, change.publish);
  // the revisions nothing reads any more, a checkpoint's worth at once, preferably on a change
  // that posts no card (store/gm-store.ts `prune`)
  await h.store.prune(put, change.chat.length === 0);
  return { ok: true, value: { record, published } };
}

/** The module's cards of a game written by a GM client: the only ones that count. */
export function gmCards(port: Port, gameId: string): ModuleCard[] {
  const gms = new Set(
    port
      .users()
      .filter((u) => u.isGM)
      .map((u) => u.id),
  );
  return port.moduleCards(gameId).filter((c) => c.author !== undefined && gms.has(c.author));
}

/**
 * The cards of a record's outbox not posted yet: a change whose public side could not be written
 * (every attempt of `rollForward` refused) and that the next change follows before any reconcile
 * would otherwise never post them, since a record's outbox is what reconcile posts. The next
 * revision carries them on, each with its id and the revision that made it.
 */
function unposted(port: Port, record: StoreRecord): ChatCreate[] {
  const posted = new Set(gmCards(port, record.lakeId).map((c) => c.id));
  return (record.outbox ?? []).filter((c) => c._id !== undefined && !posted.has(c._id));
}

function revOf(card: ModuleCard): number | undefined {
  const rev = (card.flag as { rev?: unknown }).rev;
  return Number.isInteger(rev) ? (rev as number) : undefined;
}

/**
 * The card writes a record calls for, in groups written in order: its outbox cards not posted
 * yet, and orphans removed: GM-written cards of a revision the store does not hold (a module
 * that posted before it wrote its record left them). A card seems an orphan to a client whose
 * record is older than the card (another GM client wrote the next revision and posted its card
 * meanwhile), so the store is read again before any is removed: a card is posted only after its
 * record, so once the card is seen, a fresh read sees its record.
 *
 * A haul card (core/haul.ts) is a group of its own: the card, then its items. The card is their
 * receipt: a group whose card the server refuses (posted already, by this client or another)
 * writes none of its items, and one whose card is in the chat is not written again.
 */
async function cardOps(
  port: Port,
  record: StoreRecord,
  newest?: () => Promise<number | undefined>,
): Promise<WriteOp[][]> {
  const cards = gmCards(port, record.lakeId);
  const groups: WriteOp[][] = [];
  const posted = new Set(cards.map((c) => c.id));
  const missing = (record.outbox ?? []).filter((c) => !c._id || !posted.has(c._id));
  const plain = missing.filter((c) => !haulOf(cardFlag(c)));
  if (plain.length) groups.push([{ kind: "chat.create", data: plain }]);
  for (const c of missing.filter((x) => haulOf(cardFlag(x)) && x._id))
    groups.push([
      { kind: "chat.create", data: [c] },
      ...(await grantOps(port, c._id!, haulOf(cardFlag(c))!.grants, itemSource(port))),
    ]);
  const later = cards.filter((c) => (revOf(c) ?? 0) > record.rev);
  if (later.length && newest) {
    const rev = (await newest()) ?? record.rev;
    const orphans = later.filter((c) => (revOf(c) ?? 0) > rev).map((c) => c.id);
    if (orphans.length) groups.push([{ kind: "chat.delete", ids: orphans }]);
  }
  return groups;
}

function cardFlag(c: ChatCreate): Readonly<Record<string, unknown>> | undefined {
  return c.flags[MODULE_ID] as Readonly<Record<string, unknown>> | undefined;
}

/** An item's source for a haul, read once a roll-forward (fromUuid). */
function itemSource(port: Port) {
  const seen = new Map<string, Promise<CatchDoc | undefined>>();
  return async (uuid: string) => {
    if (!seen.has(uuid)) seen.set(uuid, port.catchDoc(uuid));
    const d = await seen.get(uuid);
    return d?.kind === "item" ? d : undefined;
  };
}

/**
 * The haul cards of `record` this roll-forward posted whose items did not all go with them (a v13
 * write that stopped after the card): their items are written again, computed afresh, so a
 * character that holds the card's receipt already is left alone.
 */
async function owedItems(port: Port, record: StoreRecord, owed: ReadonlySet<string>) {
  const ops: WriteOp[][] = [];
  for (const c of record.outbox ?? []) {
    const haul = haulOf(cardFlag(c));
    if (!c._id || !haul || !owed.has(c._id)) continue;
    ops.push(await grantOps(port, c._id, haul.grants, itemSource(port)));
  }
  return ops.filter((g) => g.length > 0);
}

/** The haul cards among the first `done` operations of `ops` written: their items may be owed. */
function postedHauls(ops: readonly WriteOp[], done: number): string[] {
  return ops
    .slice(0, done)
    .flatMap((o) => (o.kind === "chat.create" ? o.data : []))
    .filter((c) => c._id && haulOf(cardFlag(c)))
    .map((c) => c._id!);
}

/** How a reconcile treats a finished game (issue 20 item 4). */
export interface ReconcileOptions {
  /**
   * A reload or a hand-over (Runtime#reconcileAll): a game whose record and public flag both say
   * it is over is left as it is, nothing written. The GM's own Reconcile button omits it.
   */
  readonly leaveFinished?: boolean;
}

/** How many times the public side is written before it is left to the next reconcile. */
export const ATTEMPTS = 3;

/**
 * Brings the public side in line with the record: the game's public writes, then its cards.
 * The first attempt is one batch (the usual case: one write). Each later one is computed afresh
 * from the scene and chat as they are then, so an attempt that stopped part way is finished, not
 * repeated, and writes its operations one by one, cards first: another GM client rolling the
 * same record forward (a hand-over) may have written some of them meanwhile, and one refused
 * operation then holds up none of the others. False when it could not all be written now (the
 * record holds the change; the next reconcile finishes it).
 */
export async function rollForward(
  port: Port,
  record: StoreRecord,
  publish: Publish,
  /** The store, read afresh before a card is removed as an orphan; without it, none is. */
  store?: GmStore,
): Promise<boolean> {
  const newest = store
    ? async () => {
        const now = await store.get(record.lakeId);
        return now.ok ? now.value?.rev : undefined;
      }
    : undefined;
  let last: unknown;
  // haul cards this call posted whose items are not all written yet (postedHauls)
  const owed = new Set<string>();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const scene = port.scene(record.sceneId);
    if (!scene) return false;
    const groups = [
      ...(await cardOps(port, record, newest)),
      ...(await owedItems(port, record, owed)),
    ];
    const ops = [...publish(scene), ...groups.flat()];
    if (!ops.length) return true;
    if (attempt === 0) {
      try {
        await port.write(ops);
        return true;
      } catch (e) {
        last = e;
        // a v13 write stops at its first refusal: a haul card before it went out
        if (e instanceof WriteError && !e.unverified)
          for (const id of postedHauls(ops, e.done.length)) owed.add(id);
        continue;
      }
    }
    let failed = false;
    // cards first, each group in order: a group stops at its first refusal, so a haul card
    // refused as posted already writes none of its items
    for (const group of groups)
      for (const [i, op] of group.entries())
        try {
          await port.write([op]);
          if (i === 0) for (const id of postedHauls([op], 1)) owed.add(id);
        } catch (e) {
          last = e;
          failed = true;
          break;
        }
    for (const op of ops.filter((o) => !groups.some((g) => g.includes(o))))
      try {
        await port.write([op]);
      } catch (e) {
        last = e;
        failed = true;
      }
    if (!failed) return true;
  }
  console.warn(
    `kolikoly-fishing | ${record.lakeId}: the scene is behind its record (revision ${record.rev}); it is brought in line on the next reload or change`,
    last,
  );
  // a haul card out without all its items: no later roll-forward writes them (the card is their
  // receipt), so the GM is told which, to give them by hand (docs/gm-guide.md, the catch)
  if (owed.size)
    console.warn(
      `kolikoly-fishing | ${record.lakeId}: the items of the catch card(s) ${[...owed].join(", ")} may not all be in the characters' inventories`,
    );
  return false;
}
