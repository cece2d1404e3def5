/**
 * The GM store as the GM side reads and writes it: lake records kept as sealed revisions
 * (sealed.ts) in the world compendium, opened with the keys this GM client holds (keyring.ts).
 * Revisions never change once written, so each is opened once and kept; only the newest of a
 * lake is asked for on every read.
 *
 * A store that stays small (issue 20 item 5): every CHECKPOINT_EVERY-th revision seals the whole
 * record (setup and every round) and builds on nothing, so a revision's chain never reaches back
 * past the checkpoint before it; once a lake's newest revision is DAMAGE_LOOKBACK past a
 * checkpoint, the revisions before that checkpoint are read by nothing (not by a read, not by the
 * damaged-revision fallback) and are deleted in one request. A lake keeps at most MAX_LIVE
 * documents however long its game; its record, every round in it, still holds the whole game
 * (the export, the replay and every undo are made from the record, never from old revisions).
 */
import type { StoreRecord } from "../record.ts";
import { revisionId, revisionOf } from "../record.ts";
import type { Port, WriteOp } from "../port.ts";
import type { Result } from "../result.ts";
import { err } from "../result.ts";
import { KeyRing } from "./keyring.ts";

type StorePut = Extract<WriteOp, { kind: "store.put" }>;
import type { Cipher, OpenedDoc, SealKey, StoreDoc } from "./sealed.ts";
import { assemble, isStoreDoc, openDoc, plainRecordOf, sealRevision } from "./sealed.ts";
import { loadGmCrypto } from "./chunk.ts";

interface Head {
  readonly doc: StoreDoc;
  readonly counts: readonly number[];
}

/** A revision's document content: sealed (format 2) or, written before sealing, the plain record. */
function contentOf(flags: unknown): { doc?: StoreDoc; plain?: StoreRecord } {
  const f = flags as { revision?: unknown; record?: unknown } | null | undefined;
  if (isStoreDoc(f?.revision)) return { doc: f.revision };
  const plain = plainRecordOf(f?.record);
  return plain ? { plain } : {};
}

export class GmStore {
  private ringOf: KeyRing | undefined;
  private readonly opened = new Map<string, OpenedDoc>();
  private readonly heads = new Map<string, Head>();
  /** Format-1 documents of a lake (plain records): removed once its first sealed revision is written. */
  private readonly plain = new Map<string, string[]>();
  /** Key ids named by revisions this client read: the only keys a hand-over may bring in. */
  private readonly named = new Set<string>();
  /** Asks the other GM clients for keys this one lacks (handover.ts); resolves once they answered. */
  askForKeys: ((ids: readonly string[]) => Promise<void>) | undefined;

  /**
   * False: the store as it was before issue 20 item 5 (no checkpoint, no revision deleted), kept
   * only so that `npm run bench` measures the old policy in the same run as the new one.
   */
  compact = true;

  /**
   * The cipher revisions are sealed with: XChaCha20-Poly1305 from the crypto chunk (crypto.ts,
   * issue 23), set by `ready`; tests swap in a see-through one to prove the leak check can fail.
   */
  cipher: Cipher | undefined;

  /** The cipher, its chunk loaded first: `get` waits for it, and so does every commit before `put`. */
  async ready(): Promise<Cipher> {
    this.cipher ??= (await loadGmCrypto()).XCHACHA;
    return this.cipher;
  }

  private loaded(): Cipher {
    if (!this.cipher) throw new Error("the GM store's cipher is not loaded (GmStore#ready)");
    return this.cipher;
  }

  constructor(private readonly port: Port) {}

  /** This client's keys, read from the browser's storage the first time they are needed. */
  get ring(): KeyRing {
    this.ringOf ??= new KeyRing(this.port.keyStorage());
    return this.ringOf;
  }

  /** The newest revision of each lake, by the store's index (names `lake@rev`). */
  private async newest(lakeId?: string): Promise<Map<string, { id: string; rev: number }[]>> {
    const out = new Map<string, { id: string; rev: number }[]>();
    for (const e of await this.port.storeIndex()) {
      const lake = lakeId ?? e.name.split("@")[0]!;
      const rev = revisionOf(e.name, lake);
      if (rev === undefined) continue;
      const list = out.get(lake) ?? [];
      list.push({ id: e._id, rev });
      out.set(lake, list);
    }
    for (const list of out.values()) list.sort((a, b) => b.rev - a.rev);
    return out;
  }

  private async read(ids: readonly string[]): Promise<Map<string, unknown>> {
    const out = new Map<string, unknown>();
    if (!ids.length) return out;
    const docs = await this.port.storeRead(ids);
    ids.forEach((id, i) => out.set(id, docs[i]));
    return out;
  }

  private open(id: string, doc: StoreDoc): OpenedDoc | "noKey" {
    const known = this.opened.get(id);
    if (known && known.doc.sealed === doc.sealed) return known;
    const key = this.ring.get(doc.key);
    if (!key) return "noKey";
    const o = openDoc(doc, key.bytes, this.loaded());
    this.opened.set(id, o);
    return o;
  }

  /** How far back a read looks for a revision that opens, when the newest is damaged. */
  static readonly DAMAGE_LOOKBACK = 8;

  /** How many revisions after the last one known a read asks for at once. */
  static readonly PROBE = 8;

  /** Every revision whose number is a multiple of this seals the whole record (a checkpoint). */
  static readonly CHECKPOINT_EVERY = 8;

  /**
   * The most documents a lake keeps (`prune`), however long its game: the revisions from the
   * checkpoint at or before (newest - DAMAGE_LOOKBACK) to the newest are read, at most
   * DAMAGE_LOOKBACK + CHECKPOINT_EVERY of them; the deletion waits for a change that posts no
   * card for up to CHECKPOINT_EVERY more. The revision just written comes on top until its
   * deletion ran.
   */
  static readonly MAX_LIVE = GmStore.DAMAGE_LOOKBACK + 2 * GmStore.CHECKPOINT_EVERY;

  /** The oldest revision a lake whose newest is `rev` still reads (0: every revision). */
  static floorOf(rev: number): number {
    const step = GmStore.CHECKPOINT_EVERY;
    return Math.max(0, Math.floor((rev - GmStore.DAMAGE_LOOKBACK) / step) * step);
  }

  /**
   * The highest revision found by asking for `ids` (one request); undefined when none exists.
   */
  private async probe(
    lakeId: string,
    revs: readonly number[],
  ): Promise<{ id: string; rev: number; content: unknown } | undefined> {
    const ids = revs.map((rev) => revisionId(lakeId, rev));
    const got = await this.read(ids);
    let found: { id: string; rev: number; content: unknown } | undefined;
    ids.forEach((id, i) => {
      const content = got.get(id);
      if (content !== undefined && (!found || revs[i]! > found.rev))
        found = { id, rev: revs[i]!, content };
    });
    return found;
  }

  /**
   * The newest revision of a lake, asked of the server itself: the revision ids are fixed by
   * (lake, rev), so a read asks for the next ids after the newest this client knows until none
   * exists. A client that read the lake before starts from the revision it read (no index read);
   * otherwise from the newest its index names. Not the index alone: v13 keeps a pack's index on
   * the client and does not ask the server again (CompendiumCollection#getIndex), so after a
   * missed broadcast it would name an old revision, or one deleted since: then the read goes on
   * by checkpoints (one of them is always kept, with DAMAGE_LOOKBACK revisions after it).
   */
  private async top(
    lakeId: string,
  ): Promise<
    { id: string; rev: number; content: unknown; all: { id: string; rev: number }[] } | undefined
  > {
    const step = GmStore.CHECKPOINT_EVERY;
    const cached = this.heads.get(lakeId)?.doc.rev;
    const range = (from: number, n: number, by = 1) =>
      Array.from({ length: n }, (_, i) => from + i * by);
    let all: { id: string; rev: number }[] = [];
    // the revision read last, and the next ones, in one request
    let best =
      cached !== undefined ? await this.probe(lakeId, range(cached, GmStore.PROBE + 1)) : undefined;
    if (!best) {
      all = (await this.newest(lakeId)).get(lakeId) ?? [];
      const named = all[0];
      if (!named) return undefined;
      best = await this.probe(lakeId, range(named.rev, GmStore.PROBE + 1));
      // the index names only revisions deleted since: on by checkpoints until one exists
      for (
        let from = Math.ceil((named.rev + 1) / step) * step;
        !best;
        from += step * GmStore.PROBE
      ) {
        best = await this.probe(lakeId, range(from, GmStore.PROBE, step));
        if (!best && from > named.rev + step * GmStore.PROBE * 64) return undefined;
      }
    }
    for (;;) {
      const next = await this.probe(lakeId, range(best.rev + 1, GmStore.PROBE));
      if (!next) break;
      best = next;
    }
    return { ...best, all };
  }

  /**
   * A game's record (a lake's or a Kayanak board's; each game's host tells its own by shape):
   * its newest revision with the revisions it builds on, opened. Undefined when the store holds
   * no revision of it; keyMissing when this client does not hold its key (after asking the other
   * GM clients), storeDamaged when a revision does not open.
   */
  async get(lakeId: string): Promise<Result<StoreRecord | undefined>> {
    await this.ready();
    const top = await this.top(lakeId);
    if (!top) return { ok: true, value: undefined };
    const head = await this.openHead(lakeId, top.rev, top.content, top.all);
    if (head.ok || head.error.code !== "storeDamaged") return head;
    // a damaged newest revision does not end the game: it goes on from the newest revision that
    // opens, numbered as the damaged one so that the next write comes after it (a revision's id
    // is fixed by its number: writing the damaged number again would be refused for ever)
    for (let rev = top.rev - 1; rev >= Math.max(1, top.rev - GmStore.DAMAGE_LOOKBACK); rev--) {
      const id = revisionId(lakeId, rev);
      const content = (await this.read([id])).get(id);
      if (content === undefined) continue;
      const older = await this.openHead(lakeId, rev, content, top.all);
      if (older.ok && older.value) {
        console.warn(
          `kolikoly-fishing | ${lakeId}: revision ${top.rev} of its GM record does not open; the game goes on from revision ${rev}`,
        );
        return { ok: true, value: { ...older.value, rev: top.rev } };
      }
    }
    return head;
  }

  /** One revision opened as the head of its chain (`get`). */
  private async openHead(
    lakeId: string,
    rev: number,
    raw: unknown,
    all: readonly { id: string; rev: number }[],
  ): Promise<Result<StoreRecord | undefined>> {
    const top = { rev, all, id: revisionId(lakeId, rev) };
    const content = contentOf(raw);
    if (content.plain) {
      // a format-1 lake was never read sealed: its documents are named by the index
      const docs = all.length ? all : ((await this.newest(lakeId)).get(lakeId) ?? []);
      this.plain.set(
        lakeId,
        docs.map((r) => r.id),
      );
      this.heads.delete(lakeId);
      return { ok: true, value: content.plain };
    }
    const doc = content.doc;
    if (!doc || doc.lakeId !== lakeId || doc.rev !== top.rev) return err("storeDamaged", "lake");
    this.named.add(doc.key);
    if (!this.ring.get(doc.key)) {
      await this.askForKeys?.([doc.key]);
      if (!this.ring.get(doc.key)) return err("keyMissing", "lake");
    }
    try {
      const ids = doc.parts.map((rev) => revisionId(lakeId, rev));
      const missing = ids.filter((id) => !this.opened.has(id));
      const fetched = await this.read(missing);
      const parts: OpenedDoc[] = [];
      for (const [i, id] of ids.entries()) {
        const known = this.opened.get(id);
        if (known) {
          parts.push(known);
          continue;
        }
        const d = contentOf(fetched.get(id)).doc;
        // a part is the revision its id names, of this lake, older than the head
        if (!d || d.lakeId !== lakeId || d.rev !== doc.parts[i] || d.rev >= doc.rev)
          return err("storeDamaged", "lake");
        const o = this.open(id, d);
        if (o === "noKey") return err("keyMissing", "lake");
        parts.push(o);
      }
      const head = this.open(top.id, doc);
      if (head === "noKey") return err("keyMissing", "lake");
      const { record, counts } = assemble(head, parts);
      this.heads.set(lakeId, { doc, counts });
      return { ok: true, value: record };
    } catch {
      // a wrong key, a changed text, or parts that do not add up: nothing is trusted
      return err("storeDamaged", "lake");
    }
  }

  /**
   * The write of a record's next revision, sealed with its lake's key (a new lake: the key this
   * client seals new lakes with, `keyForNewLake`). It builds on the revision this client read
   * last; a record it never read sealed (format 1) is written whole, and so is every
   * CHECKPOINT_EVERY-th revision (a checkpoint: its chain starts again with it).
   */
  put(record: StoreRecord, key?: SealKey): WriteOp {
    const head = this.heads.get(record.lakeId);
    const last = head && head.doc.rev === record.rev - 1 ? head : undefined;
    const use = key ?? (last ? this.ring.get(last.doc.key) : this.ring.current());
    if (!use) throw new Error("KOLIKOLY.Foundry.Error.keyMissing");
    const prev = this.compact && record.rev % GmStore.CHECKPOINT_EVERY === 0 ? undefined : last;
    return { kind: "store.put", doc: sealRevision(record, prev, use, this.loaded()) };
  }

  /**
   * `put`, with a missing key given back as the `keyMissing` error on `field` (the lake or the
   * board a resolution writes) instead of thrown.
   */
  tryPut(record: StoreRecord, field: string): Result<StorePut> {
    try {
      return { ok: true, value: this.put(record) as StorePut };
    } catch (e) {
      return err("keyMissing", field, String((e as Error).message));
    }
  }

  /**
   * After a revision was written (and `stands`): it is the lake's newest. Only 0.1.0's plain
   * records of the lake go here, once it has a sealed revision, best effort; older sealed
   * revisions go in `prune`.
   */
  async written(op: Extract<WriteOp, { kind: "store.put" }>): Promise<void> {
    const doc = op.doc;
    const prev = this.heads.get(doc.lakeId);
    // its chain's round counts: the parts it kept, then what it sealed itself
    const kept = prev ? chainCounts(prev, doc) : [];
    const own = doc.rounds - kept.reduce((a, b) => a + b, 0);
    this.heads.set(doc.lakeId, { doc, counts: [...kept, own] });
    const plain = this.plain.get(doc.lakeId) ?? [];
    this.plain.delete(doc.lakeId);
    if (plain.length)
      await this.port.write([{ kind: "store.delete", ids: plain }]).catch(() => undefined);
  }

  /**
   * Whether a revision this client just created is the lake's revision of that number, and not
   * a stale write (issue 20 item 5). Creating a revision whose id exists is refused (the
   * compare-and-set), but the revisions `prune` deleted could be created again, unseen, by a GM
   * client that read the record long before and whose write arrived only now. Revisions are
   * deleted oldest first, a checkpoint's worth at a time, up to a checkpoint (`prune`), so such a
   * write is told by its predecessor: revision rev - 1 is gone, while for a write that stands it
   * is there (or rev is the checkpoint the deletion stopped at, and rev + 1 is there). A stale
   * revision is removed again. One read of two documents; a lake's first revision always stands
   * (a new lake's id is drawn at random). A write whose own answer took longer than
   * DAMAGE_LOOKBACK further revisions is taken as stale too: never a change made twice.
   */
  async stands(op: StorePut): Promise<boolean> {
    const { lakeId, rev } = op.doc;
    if (rev <= 1) return true;
    const [before, self, after] = [rev - 1, rev, rev + 1].map((r) => revisionId(lakeId, r));
    const got = await this.read([before!, self!, after!]);
    if (got.get(before!) !== undefined) return true;
    if (rev % GmStore.CHECKPOINT_EVERY === 0 && got.get(after!) !== undefined) return true;
    const mine = contentOf(got.get(self!)).doc;
    if (mine?.sealed === op.doc.sealed)
      await this.port.write([{ kind: "store.delete", ids: [self!] }]).catch(() => undefined);
    return false;
  }

  /** Per lake, the checkpoint below which this client has deleted every revision (`prune`). */
  private readonly prunedTo = new Map<string, number>();

  /**
   * After a revision stood: once it is DAMAGE_LOOKBACK past a checkpoint, every revision of its
   * lake before that checkpoint is deleted, in one request. Nothing reads them again: every
   * revision from the checkpoint on builds on it or on a later one, and the damaged-revision
   * fallback looks back DAMAGE_LOOKBACK revisions at most. Only when the checkpoint was written
   * whole (a lake from before checkpoints goes on until it reaches one).
   *
   * The deletion rides on a `quiet` change (one that posts no card: a declaration, a withdrawal,
   * a typed total), so a round's resolution writes no more than before; a game whose changes all
   * post cards (Kayanak's turns) deletes once a second checkpoint is passed. Either way at most
   * one request per CHECKPOINT_EVERY revisions, and a lake never keeps more than MAX_LIVE
   * documents (plus the one just written). Best effort: a deletion refused is done by the next
   * one, which deletes whatever the index still names below its checkpoint. Returns the ids
   * deleted.
   */
  async prune(op: StorePut, quiet: boolean): Promise<string[]> {
    const { lakeId, rev } = op.doc;
    const step = GmStore.CHECKPOINT_EVERY;
    const floor = this.compact ? GmStore.floorOf(rev) : 0;
    // a client that has not deleted for this lake yet (a reload) looks once, whatever the change
    const done = this.prunedTo.get(lakeId) ?? -Infinity;
    if (floor <= done || (!quiet && floor - done < 2 * step)) return [];
    const at = revisionId(lakeId, floor);
    const checkpoint = contentOf((await this.read([at])).get(at)).doc;
    if (!checkpoint || checkpoint.parts.length) {
      this.prunedTo.set(lakeId, floor);
      return [];
    }
    const ids = ((await this.newest(lakeId)).get(lakeId) ?? [])
      .filter((r) => r.rev < floor)
      .sort((x, y) => x.rev - y.rev)
      .map((r) => r.id);
    try {
      if (ids.length) await this.port.write([{ kind: "store.delete", ids }]);
    } catch {
      return [];
    }
    this.prunedTo.set(lakeId, floor);
    for (const id of ids) this.opened.delete(id);
    return ids;
  }

  /** The key a new lake is sealed with: this client's, one another GM client hands over, or a new one. */
  async keyForNewLake(): Promise<{ key: SealKey; made: boolean }> {
    const held = this.ring.current();
    if (held) return { key: held, made: false };
    const inUse = await this.keyIdsInUse();
    if (inUse.size) await this.askForKeys?.([...inUse]);
    for (const id of inUse)
      if (this.ring.get(id)) {
        this.ring.use(id);
        return { key: this.ring.get(id)!, made: false };
      }
    return { key: this.ring.create(), made: true };
  }

  /** The key ids the store's newest revisions name (read from the store, which only GMs write). */
  async keyIdsInUse(): Promise<Set<string>> {
    const tops = [...(await this.newest()).values()].map((l) => l[0]!.id);
    const read = await this.read(tops);
    for (const v of read.values()) {
      const d = contentOf(v).doc;
      if (d) this.named.add(d.key);
    }
    return new Set(this.named);
  }

  /** Whether a revision this client already read names the key (no read of the store). */
  namedAlready(id: string): boolean {
    return this.named.has(id);
  }

  /** Whether a handed-over key may be taken: the store names it (a player cannot write the store). */
  async names(id: string): Promise<boolean> {
    if (this.named.has(id)) return true;
    return (await this.keyIdsInUse()).has(id);
  }

  /** The lakes whose revisions this client cannot open (its keys are missing). */
  async missingKeys(): Promise<string[]> {
    const inUse = await this.keyIdsInUse();
    return [...inUse].filter((id) => !this.ring.get(id));
  }
}

/** The round counts of the parts `doc` kept from the chain of `prev`. */
function chainCounts(prev: Head, doc: StoreDoc): number[] {
  const chain = [...prev.doc.parts, prev.doc.rev];
  return doc.parts.map((rev) => prev.counts[chain.indexOf(rev)] ?? 0);
}
