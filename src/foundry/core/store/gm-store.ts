/**
 * The GM store as the GM side reads and writes it: lake records kept as sealed revisions
 * (sealed.ts) in the world compendium, opened with the keys this GM client holds (keyring.ts).
 * Revisions never change once written, so each is opened once and kept; only the newest of a
 * lake is asked for on every read.
 */
import type { StoreRecord } from "../record.ts";
import { revisionId, revisionOf } from "../record.ts";
import type { Port, WriteOp } from "../port.ts";
import type { Result } from "../result.ts";
import { err } from "../result.ts";
import { KeyRing } from "./keyring.ts";

type StorePut = Extract<WriteOp, { kind: "store.put" }>;
import type { Cipher, OpenedDoc, SealKey, StoreDoc } from "./sealed.ts";
import { XCHACHA, assemble, isStoreDoc, openDoc, plainRecordOf, sealRevision } from "./sealed.ts";

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

  /** The cipher revisions are sealed with; tests swap in a see-through one to prove the leak check can fail. */
  cipher: Cipher = XCHACHA;

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
    const o = openDoc(doc, key.bytes, this.cipher);
    this.opened.set(id, o);
    return o;
  }

  /** How far back a read looks for a revision that opens, when the newest is damaged. */
  static readonly DAMAGE_LOOKBACK = 8;

  /** How many revisions after the last one known a read asks for at once. */
  static readonly PROBE = 8;

  /**
   * The newest revision of a lake, asked of the server itself: the revision ids are fixed by
   * (lake, rev), so a read asks for the next ids after the newest this client knows (or the
   * index names) until none exists. Not the index alone: v13 keeps a pack's index on the client
   * and does not ask the server again (CompendiumCollection#getIndex), so after a missed
   * broadcast it would name an old revision.
   */
  private async top(
    lakeId: string,
  ): Promise<
    { id: string; rev: number; content: unknown; all: { id: string; rev: number }[] } | undefined
  > {
    const known = (await this.newest(lakeId)).get(lakeId) ?? [];
    let best = known[0];
    let content: unknown;
    const cached = this.heads.get(lakeId)?.doc.rev ?? -1;
    let from = Math.max(best?.rev ?? 0, cached);
    for (;;) {
      const ids = Array.from({ length: GmStore.PROBE }, (_, i) => revisionId(lakeId, from + 1 + i));
      const got = await this.read(ids);
      let found = -1;
      ids.forEach((id, i) => {
        if (got.get(id) !== undefined) found = i;
      });
      if (found < 0) break;
      best = { id: ids[found]!, rev: from + 1 + found };
      content = got.get(ids[found]!);
      from = best.rev;
    }
    if (!best) return undefined;
    if (content === undefined) content = (await this.read([best.id])).get(best.id);
    if (content === undefined) return undefined;
    return { ...best, content, all: known };
  }

  /**
   * A game's record (a lake's or a Kayanak board's; each game's host tells its own by shape):
   * its newest revision with the revisions it builds on, opened. Undefined when the store holds
   * no revision of it; keyMissing when this client does not hold its key (after asking the other
   * GM clients), storeDamaged when a revision does not open.
   */
  async get(lakeId: string): Promise<Result<StoreRecord | undefined>> {
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
      this.plain.set(
        lakeId,
        top.all.map((r) => r.id),
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
   * last; a record it never read sealed (format 1) is written whole.
   */
  put(record: StoreRecord, key?: SealKey): WriteOp {
    const head = this.heads.get(record.lakeId);
    const prev = head && head.doc.rev === record.rev - 1 ? head : undefined;
    const use = key ?? (prev ? this.ring.get(prev.doc.key) : this.ring.current());
    if (!use) throw new Error("KOLIKOLY.Foundry.Error.keyMissing");
    return { kind: "store.put", doc: sealRevision(record, prev, use, this.cipher) };
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
   * After a revision was written: it is the lake's newest. Revisions are never deleted (a
   * revision is a compare-and-set only while its document exists: a deleted one could be created
   * again, unseen, by a GM client that read the record long before); only 0.1.0's plain records
   * of the lake go, once it has a sealed revision, best effort.
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
